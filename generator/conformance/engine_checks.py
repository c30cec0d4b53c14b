"""The engine protocol's invariants as plain functions (the kit's tests call them; a plugin's
own tests may too). Each raises ``AssertionError`` with a message naming what broke."""

from __future__ import annotations

import math
import random

from generator.engine import (
    CHANCE,
    TERMINAL,
    Game,
    State,
    estimated_returns,
    num_legal_actions,
    replay,
)

RESULTS = ("win", "draw", "stalemate", "unfinished", "nowinner")
CLONE_EVERY_STEP, CLONE_STRIDE = 300, 20
"""Clones are compared at every step of a game's opening, then at every 20th (long games)."""


def fingerprint(state: State) -> tuple[object, ...]:
    """What two equal states agree on (text, player, actions, returns, history)."""
    return (
        str(state),
        state.current_player(),
        state.is_terminal(),
        tuple(state.legal_actions()),
        tuple(state.returns()),
        tuple(state.history()),
    )


def check_position(game: Game, state: State) -> None:
    """One unfinished position: a legal player or chance, actions listed once, estimated
    returns in range, chance probabilities positive and summing to 1."""
    info = game.info()
    player = state.current_player()
    legal = state.legal_actions()
    assert legal, f"a non-terminal state offers no action:\n{state}"
    assert len(legal) == len(set(legal)), f"legal_actions() lists an action twice: {legal}"
    assert num_legal_actions(state) == len(legal), "num_legal_actions() != len(legal_actions())"
    estimate = estimated_returns(state)
    assert len(estimate) == info.num_players, "evaluate() must give one value per seat"
    assert all(info.min_utility <= v <= info.max_utility for v in estimate), (
        f"evaluate() {estimate} outside [{info.min_utility}, {info.max_utility}]"
    )
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        total = sum(p for _, p in outcomes)
        assert math.isclose(total, 1.0, rel_tol=1e-9), f"chance probabilities sum to {total}"
        assert all(p > 0 for _, p in outcomes), "a chance outcome has probability <= 0"
        assert sorted(a for a, _ in outcomes) == sorted(legal), (
            "chance_outcomes() and legal_actions() list different actions"
        )
    else:
        assert 0 <= player < info.num_players, f"current_player() {player} is no seat"


def check_end(game: Game, state: State) -> None:
    """A finished game: no player, no legal action, returns and outcome in range."""
    info = game.info()
    assert state.current_player() == TERMINAL, "a terminal state's player must be TERMINAL"
    assert state.legal_actions() == [], "a terminal state must have no legal actions"
    returns = state.returns()
    assert len(returns) == info.num_players, "returns() must give one value per seat"
    assert all(info.min_utility <= r <= info.max_utility for r in returns), (
        f"returns() {returns} outside [{info.min_utility}, {info.max_utility}]"
    )
    outcome = state.outcome()
    assert outcome.result in RESULTS, f"outcome result {outcome.result!r} (allowed: {RESULTS})"
    assert all(0 <= w < info.num_players for w in outcome.winners), "a winner is no seat"
    assert len(state.history()) <= info.max_length, "the game ran past GameInfo.max_length"


def choose(state: State, rng: random.Random) -> int:
    """A random action: chance outcomes by their probability, else uniformly."""
    if state.current_player() == CHANCE:
        outcomes = state.chance_outcomes()
        return rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
    return rng.choice(state.legal_actions())


def random_game(game: Game, rng: random.Random, *, clones: bool = True) -> State:
    """Play one random game to its end, checking every position, every action record and (if
    ``clones``) that a clone is independent of its original and plays the same; then that the
    end is sound and that the history replays to the same state."""
    state = game.new_initial_state()
    assert state.history() == [], "a new initial state has a history"
    for step in range(game.info().max_length + 1):
        if state.is_terminal():
            break
        check_position(game, state)
        action = choose(state, rng)
        assert isinstance(state.action_record(action), dict), "action_record() must be a dict"
        if clones and (step < CLONE_EVERY_STEP or step % CLONE_STRIDE == 0):
            before = fingerprint(state)
            copy = state.clone()
            state.apply_action(action)
            assert fingerprint(copy) == before, "clone() shares the original's state"
            copy.apply_action(action)
            assert fingerprint(copy) == fingerprint(state), "a clone does not play the same"
        else:
            state.apply_action(action)
    else:
        raise AssertionError(f"no end within GameInfo.max_length = {game.info().max_length}")
    check_end(game, state)
    assert fingerprint(replay(game, state.history())) == fingerprint(state), (
        "replaying history() does not rebuild the state"
    )
    return state


def illegal_action(state: State) -> int:
    """An action ``state`` does not allow (the smallest one from -1 up)."""
    legal = set(state.legal_actions())
    return next(a for a in range(-1, len(legal) + 2 + max(legal, default=0)) if a not in legal)
