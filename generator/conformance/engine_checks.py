"""The engine protocol's invariants as plain functions (the kit's tests call them; a plugin's
own tests may too). Each raises ``AssertionError`` with a message naming what broke and where
(the move, the position)."""

from __future__ import annotations

import math
import random
import typing
from collections.abc import Sequence
from dataclasses import dataclass

from plywright.engine import (
    CHANCE,
    TERMINAL,
    Game,
    GameInfo,
    State,
    estimated_returns,
    num_legal_actions,
)

RESULTS = ("win", "draw", "stalemate", "unfinished", "nowinner")
CLONE_EVERY_STEP, CLONE_STRIDE = 300, 20
"""Clones are compared at every step of a game's opening, then at every 20th (long games)."""
FAR = 10**6
"""How far past the largest legal action the random out-of-range action may lie."""


def fingerprint(state: State) -> tuple[object, ...]:
    """What two equal states agree on (text, player, actions, returns, history)."""
    return (*light_fingerprint(state), tuple(state.history()))


def light_fingerprint(state: State) -> tuple[object, ...]:
    """:func:`fingerprint` without the history (cheap enough to keep one a move)."""
    return (
        str(state),
        state.current_player(),
        state.is_terminal(),
        tuple(state.legal_actions()),
        tuple(state.returns()),
    )


def describe(state: State) -> str:
    """A state for a failure message: its player, legal actions and text."""
    legal = state.legal_actions()
    shown = ", ".join(map(str, legal[:12])) + (", ..." if len(legal) > 12 else "")
    return f"player {state.current_player()}, legal [{shown}]:\n{state}"


def raised(exc: BaseException) -> str:
    """An exception in one line: its type, message and where it was raised (the kit's
    message then says it once, without the traceback repeating it)."""
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    where = f" ({tb.tb_frame.f_code.co_filename}:{tb.tb_lineno})" if tb is not None else ""
    return f"{type(exc).__name__}: {exc}{where}"


def check_new_state(game: Game, state: State) -> None:
    """A new game: not over, someone (a seat or chance) to move, no history, zero returns."""
    info = game.info()
    assert not state.is_terminal(), (
        f"a new game is over before its first move (is_terminal() is True):\n{state}"
    )
    player = state.current_player()
    assert player == CHANCE or 0 <= player < info.num_players, (
        f"a new game has no player to move: current_player() = {player}"
    )
    assert state.history() == [], f"a new initial state has a history: {state.history()}"
    assert state.legal_actions(), f"a new game offers no action:\n{state}"
    zeros = [0.0] * info.num_players
    assert list(state.returns()) == zeros, f"a new game's returns() {state.returns()} != {zeros}"


def check_copies(state: State, move: int) -> None:
    """``history()`` and ``legal_actions()`` hand out copies: changing them changes nothing."""
    before = fingerprint(state)
    state.history().append(-12345)
    state.legal_actions().append(-12345)
    assert fingerprint(state) == before, (
        f"at move {move}: changing the list history() or legal_actions() returned changed the "
        "state (return copies)"
    )


def check_position(game: Game, state: State, move: int = 0) -> None:
    """One unfinished position (``move`` actions played): a legal player or chance, actions
    listed once, returns zero, estimated returns in range, chance probabilities positive and
    summing to 1."""
    info = game.info()
    player = state.current_player()
    legal = state.legal_actions()
    where = f"at move {move}"
    assert legal, f"{where}: a non-terminal state offers no action:\n{state}"
    assert len(legal) == len(set(legal)), f"{where}: legal_actions() lists an action twice: {legal}"
    assert num_legal_actions(state) == len(legal), (
        f"{where}: num_legal_actions() {num_legal_actions(state)} != len(legal_actions()) "
        f"{len(legal)}"
    )
    returns = list(state.returns())
    assert returns == [0.0] * info.num_players, (
        f"{where}: returns() {returns} before the end (all zeros until the game is over)"
    )
    estimate = estimated_returns(state)
    assert len(estimate) == info.num_players, f"{where}: evaluate() must give one value a seat"
    assert all(info.min_utility <= v <= info.max_utility for v in estimate), (
        f"{where}: evaluate() {estimate} outside [{info.min_utility}, {info.max_utility}]"
    )
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        total = sum(p for _, p in outcomes)
        assert math.isclose(total, 1.0, rel_tol=1e-9), f"{where}: chance sums to {total}"
        assert all(p > 0 for _, p in outcomes), f"{where}: a chance outcome has probability <= 0"
        assert sorted(a for a, _ in outcomes) == sorted(legal), (
            f"{where}: chance_outcomes() and legal_actions() list different actions"
        )
    else:
        assert 0 <= player < info.num_players, f"{where}: current_player() {player} is no seat"


def check_end(game: Game, state: State) -> None:
    """A finished game: no player, no legal action, returns of the declared shape, range and
    sum that agree with the outcome (a winner above every other seat, drawn seats equal)."""
    info = game.info()
    moves = len(state.history())
    where = f"the end (after {moves} moves)"
    assert state.current_player() == TERMINAL, f"{where}: the player must be TERMINAL"
    assert state.legal_actions() == [], f"{where}: a terminal state has legal actions"
    returns = list(state.returns())
    assert len(returns) == info.num_players, (
        f"{where}: returns() {returns} must give one value for each of {info.num_players} seats"
    )
    assert all(info.min_utility <= r <= info.max_utility for r in returns), (
        f"{where}: returns() {returns} outside [{info.min_utility}, {info.max_utility}]"
    )
    if info.utility_sum is not None:
        assert math.isclose(sum(returns), info.utility_sum, abs_tol=1e-9), (
            f"{where}: returns() {returns} sum to {sum(returns)}, not the declared "
            f"GameInfo.utility_sum {info.utility_sum}"
        )
    outcome = state.outcome()
    assert outcome.result in RESULTS, f"{where}: result {outcome.result!r} (allowed: {RESULTS})"
    assert all(0 <= w < info.num_players for w in outcome.winners), (
        f"{where}: winners {outcome.winners}: a winner is no seat"
    )
    winners = set(outcome.winners)
    others = [r for seat, r in enumerate(returns) if seat not in winners]
    if outcome.result == "win":
        assert winners, f"{where}: a win without a winner"
        assert all(returns[w] > max(others, default=-math.inf) for w in winners), (
            f"{where}: winners {sorted(winners)} of a win get returns() {returns}: a winner's "
            "return must be above every other seat's"
        )
    if outcome.result == "draw" and winners:
        assert len({returns[w] for w in winners}) == 1, (
            f"{where}: the seats sharing a draw {sorted(winners)} get unequal returns {returns}"
        )
    assert moves <= info.max_length, (
        f"{where}: the game ran past GameInfo.max_length = {info.max_length}"
    )


@dataclass
class TurnOrder:
    """The declared turn order of a ``turn_based`` game, followed move by move: seats in
    rotation, one player action each (chance actions do not pass the turn), from
    ``first`` (``None``: any seat)."""

    info: GameInfo
    first: int | None
    last: int | None = None

    @classmethod
    def of(cls, info: GameInfo, *, defaults: bool) -> TurnOrder | None:
        """The order to check (``defaults``: the rules' defaults or a preset, where an
        undeclared first seat is seat 0), or ``None`` for a game that declares none."""
        if not info.turn_based:
            return None
        first = info.first_player
        if first is None and defaults:
            first = 0
        return cls(info, first)

    def check(self, state: State, move: int) -> None:
        player = state.current_player()
        if player == CHANCE:
            return
        seats = self.info.num_players
        if self.last is None:
            expected = self.first
            why = (
                f"GameInfo.first_player = {self.info.first_player}"
                if self.info.first_player is not None
                else "seat 0 begins unless GameInfo.first_player says otherwise"
            )
        else:
            expected = (self.last + 1) % seats
            why = f"seat {self.last} moved last; turn_based games rotate, one action a seat"
        assert expected is None or player == expected, (
            f"at move {move}: current_player() is {player}, the declared turn order gives "
            f"seat {expected} ({why}; set GameInfo.turn_based = False for a game without a "
            f"fixed order)"
        )
        self.last = player


def choose(state: State, rng: random.Random) -> int:
    """A random action: chance outcomes by their probability, else uniformly."""
    if state.current_player() == CHANCE:
        outcomes = state.chance_outcomes()
        return rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
    return rng.choice(state.legal_actions())


def random_game(
    game: Game,
    rng: random.Random,
    *,
    clones: bool = True,
    defaults: bool = True,
    limit: int | None = None,
    clone_opening: int = CLONE_EVERY_STEP,
) -> State:
    """Play one random game to its end, checking the new state, every position, every
    action record, the turn order (``defaults``: see :meth:`TurnOrder.of`) and (if
    ``clones``) that a clone is independent of its original and plays the same; then that
    the end is sound and that the history replays to the same state, move for move.
    ``limit``: stop after that many actions when it is below ``GameInfo.max_length`` (the
    end is then not checked); ``clone_opening``: clones are compared at every move up to
    there, then at every :data:`CLONE_STRIDE`-th."""
    state = game.new_initial_state()
    check_new_state(game, state)
    order = TurnOrder.of(game.info(), defaults=defaults)
    trail: list[tuple[object, ...]] = []
    cut = limit is not None and limit < game.info().max_length
    for step in range(game.info().max_length + 1):
        if state.is_terminal():
            break
        if cut and step >= typing.cast(int, limit):
            trail.append(light_fingerprint(state))
            check_replay(game, state.history(), trail)
            return state
        check_position(game, state, step)
        if step < 2:
            check_copies(state, step)
        if order is not None:
            order.check(state, step)
        trail.append(light_fingerprint(state))
        action = choose(state, rng)
        assert isinstance(state.action_record(action), dict), (
            f"at move {step}: action_record({action}) must be a dict"
        )
        if clones and (step < clone_opening or step % CLONE_STRIDE == 0):
            before = fingerprint(state)
            copy = state.clone()
            state.apply_action(action)
            assert fingerprint(copy) == before, (
                f"at move {step}: clone() shares the original's state (playing {action} on "
                "the original changed the clone)"
            )
            copy.apply_action(action)
            assert fingerprint(copy) == fingerprint(state), (
                f"at move {step}: a clone plays {action} otherwise than its original"
            )
        else:
            state.apply_action(action)
    else:
        raise AssertionError(f"no end within GameInfo.max_length = {game.info().max_length}")
    trail.append(light_fingerprint(state))
    check_end(game, state)
    check_copies(state, len(state.history()))
    check_replay(game, state.history(), trail)
    return state


def check_replay(game: Game, history: Sequence[int], trail: Sequence[tuple[object, ...]]) -> None:
    """Replaying ``history`` on a new state of ``game`` passes through ``trail`` (the
    :func:`light_fingerprint` of every position the game was played through, the end
    included); the message names the move where the replay parts from the game."""
    state = game.new_initial_state()
    for move, action in enumerate(history):
        assert light_fingerprint(state) == trail[move], (
            f"replaying history() parts from the game at move {move}: the replay reaches\n"
            f"{describe(state)}\nwhere the game was at\n{trail[move][0]}"
        )
        state.apply_action(action)
    assert light_fingerprint(state) == trail[len(history)], (
        f"replaying history() parts from the game at its end (move {len(history)}):\n"
        f"{describe(state)}"
    )


def plain_game(game: Game, rng: random.Random, limit: int | None = None) -> State:
    """A random game played without checks (to its end, or ``limit`` actions)."""
    state = game.new_initial_state()
    bound = game.info().max_length if limit is None else min(limit, game.info().max_length)
    for _ in range(bound):
        if state.is_terminal():
            break
        state.apply_action(choose(state, rng))
    return state


def _checkpoints(length: int) -> list[int]:
    """Moves where two replays are compared: the first 16, the powers of two, the end."""
    marks = set(range(min(length, 16) + 1)) | {length}
    marks |= {1 << k for k in range(length.bit_length()) if 1 << k <= length}
    return sorted(marks)


def first_parting(one: Game, two: Game, history: Sequence[int]) -> str | None:
    """Where two games (e.g. the engine and one rebuilt from ``parameters()``) part when
    both replay ``history``: ``None`` if they never do, else the first move where they
    differ and both positions (compared at :func:`_checkpoints`, then move by move
    between the last two)."""
    a, b = one.new_initial_state(), two.new_initial_state()
    good, marks = 0, _checkpoints(len(history))
    for move in range(len(history) + 1):
        if move in marks:
            if light_fingerprint(a) != light_fingerprint(b):
                break
            good = move
        if move < len(history):
            a.apply_action(history[move])
            b.apply_action(history[move])
    else:
        return None
    a, b = one.new_initial_state(), two.new_initial_state()
    for move in range(len(history) + 1):
        if move >= good and light_fingerprint(a) != light_fingerprint(b):
            return f"at move {move}:\n{describe(a)}\n-- against --\n{describe(b)}"
        if move < len(history):
            a.apply_action(history[move])
            b.apply_action(history[move])
    return None  # the first pass found a difference the second did not: not deterministic


def illegal_candidates(state: State, rng: random.Random, seen: set[int]) -> list[int]:
    """Actions ``state`` must refuse: the largest legal action plus one, a random action far
    out of range, and (if any) one in range that is not legal here (an occupied cell: an
    action legal at an earlier position, ``seen``)."""
    legal = set(state.legal_actions())
    top = max(legal | seen, default=0)
    bottom = min(legal | seen, default=0)
    candidates = [max(legal, default=top) + 1]
    far = rng.choice([rng.randint(top + 2, top + FAR), rng.randint(min(bottom, 0) - FAR, -2)])
    candidates.append(far)
    inside = sorted(a for a in seen if a not in legal and bottom <= a <= top)
    inside = [a for a in inside if a not in candidates] or inside
    if inside:
        candidates.append(rng.choice(inside))
    return [a for a in dict.fromkeys(candidates) if a not in legal]


def check_refuses(state: State, action: int, move: int) -> None:
    """``apply_action(action)`` raises ``ValueError`` (the protocol's error) and leaves the
    state as it was."""
    before = fingerprint(state)
    legal = sorted(state.legal_actions())
    span = f"legal: {legal[0]}..{legal[-1]}, {len(legal)} actions" if legal else "none legal"
    try:
        state.apply_action(action)
    except ValueError:
        pass
    except Exception as exc:  # the wrong error type is the failure this check is for
        raise AssertionError(
            f"at move {move}: apply_action({action}) ({span}) raised {raised(exc)}; an "
            "illegal action must raise ValueError"
        ) from None
    else:
        raise AssertionError(
            f"at move {move}: apply_action({action}) ({span}) was accepted; an illegal action "
            "must raise ValueError"
        )
    assert fingerprint(state) == before, (
        f"at move {move}: the refused apply_action({action}) changed the state"
    )


def illegal_action(state: State) -> int:
    """An action ``state`` does not allow (the smallest one from -1 up)."""
    legal = set(state.legal_actions())
    return next(a for a in range(-1, len(legal) + 2 + max(legal, default=0)) if a not in legal)
