"""The halma move generator against a slow, independent reading of the rules text.

The slow checker below works on axial coordinates and dictionaries only: it enumerates every
chain of jumps literally (no landing twice, never back on the start, the target lock at every
hop) and shares nothing with the engine but the hole numbering used to compare results.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from plywright.plugins.halma.options import HalmaRules
from plywright.plugins.halma.rules import HalmaGame, HalmaState, make_game

Hole = tuple[int, int]
DIRS: tuple[Hole, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


# --- the slow checker, from the rules text ---------------------------------------------------


def on_board(h: Hole, n: int) -> bool:
    q, r = h
    s = -q - r
    return max(q, r, s) <= n or min(q, r, s) >= -n


def point(h: Hole, n: int) -> int | None:
    q, r = h
    s = -q - r
    for p, inside in enumerate((r < -n, q > n, s < -n, r > n, q < -n, s > n)):
        if inside:
            return p
    return None


def slow_moves(
    n: int, pegs: dict[Hole, int], seat: int, target: int, lock: bool, jump_own: bool
) -> set[tuple[Hole, Hole]]:
    """Every ``(from, to)`` of ``seat``, by enumerating steps and every simple chain."""
    moves: set[tuple[Hole, Hole]] = set()
    for start, owner in pegs.items():
        if owner == seat:
            locked = lock and point(start, n) == target
            board = {h: o for h, o in pegs.items() if h != start}  # the start is empty
            for to in slow_peg_moves(n, board, start, seat, target if locked else None, jump_own):
                moves.add((start, to))
    return moves


def slow_peg_moves(
    n: int, board: dict[Hole, int], start: Hole, seat: int, locked: int | None, jump_own: bool
) -> set[Hole]:
    """Holes the peg on ``start`` (not in ``board``) reaches; ``locked``: its target point."""

    def allowed(h: Hole) -> bool:
        return on_board(h, n) and h not in board and (locked is None or point(h, n) == locked)

    found = {(start[0] + dq, start[1] + dr) for dq, dr in DIRS}
    found = {h for h in found if allowed(h)}

    def chain(here: Hole, visited: frozenset[Hole]) -> None:
        for dq, dr in DIRS:
            over = (here[0] + dq, here[1] + dr)
            land = (here[0] + 2 * dq, here[1] + 2 * dr)
            if over not in board or (not jump_own and board[over] == seat):
                continue
            if land in visited or not allowed(land):
                continue
            found.add(land)
            chain(land, visited | {land})

    chain(start, frozenset({start}))
    return found


def slow_move_is_legal(
    n: int, pegs: dict[Hole, int], seat: int, target: int, lock: bool, path: list[Hole]
) -> bool:
    """Check one path hop by hop (``jump_own`` on)."""
    start = path[0]
    if pegs.get(start) != seat or len(path) < 2:
        return False
    board = {h: o for h, o in pegs.items() if h != start}
    locked = lock and point(start, n) == target
    seen = {start}
    for a, b in pairwise(path):
        d = (b[0] - a[0], b[1] - a[1])
        if b in seen or b in board or not on_board(b, n):
            return False
        if locked and point(b, n) != target:
            return False
        if d in DIRS:
            if len(path) != 2:
                return False
        elif (d[0] // 2, d[1] // 2) in DIRS and d[0] % 2 == 0 and d[1] % 2 == 0:
            if (a[0] + d[0] // 2, a[1] + d[1] // 2) not in board:
                return False
        else:
            return False
        seen.add(b)
    return True


# --- helpers ---------------------------------------------------------------------------------


def engine_moves(state: HalmaState) -> set[tuple[Hole, Hole]]:
    game = state.game
    holes = game.tables.board.holes
    out = set()
    for action in state.legal_actions():
        if action != game.pass_action:
            frm, to = divmod(action, game.size)
            out.add((holes[frm], holes[to]))
    return out


def peg_map(state: HalmaState) -> dict[Hole, int]:
    holes = state.game.tables.board.holes
    return {
        holes[h]: seat
        for seat in range(state.game.players)
        for h in range(state.game.size)
        if state.pegs(seat) >> h & 1
    }


def slow_of(state: HalmaState) -> set[tuple[Hole, Hole]]:
    rules = state.game.rules
    seat = state.current_player()
    return slow_moves(
        rules.n,
        peg_map(state),
        seat,
        rules.target_points()[seat],
        rules.target_lock,
        rules.jump_own,
    )


@st.composite
def positions(draw: st.DrawFn) -> HalmaState:
    """Random positions: some pegs in their targets (to exercise the lock), the rest anywhere."""
    n = draw(st.sampled_from([2, 3, 4]))
    players = draw(st.integers(2, 6))
    rules = HalmaRules(
        n=n,
        players=players,
        target_lock=draw(st.booleans()),
        jump_own=draw(st.booleans()),
        win_rule=draw(st.sampled_from(["filled", "own"])),
    )
    game = make_game(rules)
    free = set(range(game.size))
    pegs: list[list[int]] = []
    points = game.tables.board.points
    for seat in range(players):
        target = [h for h in points[rules.target_points()[seat]] if h in free]
        inside = draw(st.lists(st.sampled_from(target), unique=True, max_size=4)) if target else []
        free -= set(inside)
        outside = (
            draw(st.lists(st.sampled_from(sorted(free)), unique=True, max_size=12)) if free else []
        )
        free -= set(outside)
        pegs.append(inside + outside)
    return game.state_from(pegs, seat=draw(st.integers(0, players - 1)))


# --- properties ------------------------------------------------------------------------------

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(positions())
def test_engine_moves_equal_the_slow_checker(state: HalmaState) -> None:
    moves = engine_moves(state)
    assert moves == slow_of(state)
    actions = state.legal_actions()
    assert actions == sorted(set(actions))
    assert (actions == [state.game.pass_action]) == (not moves)
    assert state.num_legal_actions() == len(actions)


@SETTINGS
@given(positions(), st.randoms(use_true_random=False))
def test_every_engine_move_is_legal_and_conserves_pegs(
    state: HalmaState, rnd: random.Random
) -> None:
    game = state.game
    seat = state.current_player()
    action = rnd.choice(state.legal_actions())
    before = [state.pegs(s) for s in range(game.players)]
    path = [game.tables.board.holes[h] for h in state.move_path(action)]
    rules = game.rules
    if path and rules.jump_own:
        target = rules.target_points()[seat]
        assert slow_move_is_legal(rules.n, peg_map(state), seat, target, rules.target_lock, path)
    assert len(path) == len(set(path))
    state.apply_action(action)
    after = [state.pegs(s) for s in range(game.players)]
    assert [m.bit_count() for m in after] == [m.bit_count() for m in before]
    union = 0
    for m in after:
        assert union & m == 0, "two pegs share a hole"
        union |= m
    assert union == state.occupancy()
    moved = [s for s in range(game.players) if after[s] != before[s]]
    assert moved == ([] if action == game.pass_action else [seat])


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_apply_action_alone_accepts_exactly_the_legal_moves(state: HalmaState) -> None:
    """``apply_action`` on positions whose moves were never listed (nothing cached): every legal
    ``(from, to)`` of the slow checker is accepted, every other one (the start hole, out of a
    locked target, too far) refused, and ``move_path`` gives a path the rules allow."""
    game = state.game
    seat = state.current_player()
    holes = game.tables.board.holes
    legal = {(game.hole(*a), game.hole(*b)) for a, b in slow_of(state)}
    pegs = [state.pegs(s) for s in range(game.players)]
    rules = game.rules
    target = rules.target_points()[seat]
    for start in range(game.size):
        if not pegs[seat] >> start & 1:
            continue
        for to in range(game.size):
            fresh = HalmaState(game, list(pegs), seat)
            action = start * game.size + to
            if (start, to) in legal:
                path = [holes[h] for h in HalmaState(game, list(pegs), seat).move_path(action)]
                assert path[0] == holes[start] and path[-1] == holes[to]
                if rules.jump_own:
                    assert slow_move_is_legal(
                        rules.n, peg_map(state), seat, target, rules.target_lock, path
                    )
                fresh.apply_action(action)
                assert fresh.pegs(seat) == pegs[seat] ^ (1 << start) ^ (1 << to)
            else:
                with pytest.raises(ValueError, match="illegal move"):
                    fresh.apply_action(action)


def random_playout(game: HalmaGame, rng: random.Random, plies: int) -> Iterator[HalmaState]:
    state = game.new_initial_state()
    for _ in range(plies):
        if state.is_terminal():
            return
        yield state
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("n", "players"), [(4, 2), (4, 6), (5, 3), (2, 4)])
def test_random_games_agree_with_the_slow_checker(n: int, players: int) -> None:
    game = make_game(HalmaRules(n=n, players=players))
    rng = random.Random(f"slow:{n}:{players}")
    total = 0
    for state in random_playout(game, rng, 120):
        assert engine_moves(state) == slow_of(state)
        assert (
            sum(state.pegs(s).bit_count() for s in range(players)) == state.occupancy().bit_count()
        )
        total += 1
    assert total > 50


# --- perft -----------------------------------------------------------------------------------


def slow_perft(state: HalmaState, depth: int) -> int:
    """Leaves of the tree of slow-checker moves (applied through the engine)."""
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    game = state.game
    moves = slow_of(state)
    if not moves:
        child = state.clone()
        child.apply_action(game.pass_action)
        return slow_perft(child, depth - 1)
    total = 0
    for frm, to in moves:
        child = state.clone()
        child.apply_action(game.hole(*frm) * game.size + game.hole(*to))
        total += slow_perft(child, depth - 1)
    return total


PERFT = {
    (4, 2): [14, 196, 4760, 115600, 3188520],
    (4, 3): [14, 196, 2744, 66640],
    (4, 6): [14, 199, 2828, 40189],
    (5, 2): [18, 324, 9612],
    (2, 2): [6, 36, 396, 4356],
    (3, 4): [10, 103, 1030],
}
"""Engine perft from the initial state (n, players) -> counts for depth 1, 2, ...; the first
three depths are cross-checked with the slow checker below."""


@pytest.mark.parametrize("key", sorted(PERFT))
def test_perft_known_values(key: tuple[int, int]) -> None:
    n, players = key
    state = make_game(HalmaRules(n=n, players=players)).new_initial_state()
    for depth, count in enumerate(PERFT[key], start=1):
        if depth <= 4:
            assert state.perft(depth) == count
    assert state.perft(0) == 1
    assert state.history() == []


@pytest.mark.parametrize("key", sorted(PERFT))
def test_perft_matches_the_slow_generator(key: tuple[int, int]) -> None:
    n, players = key
    state = make_game(HalmaRules(n=n, players=players)).new_initial_state()
    depths = 3 if key != (5, 2) else 2
    assert [slow_perft(state, d) for d in range(1, depths + 1)] == PERFT[key][:depths]


@pytest.mark.slow
def test_perft_depth_five() -> None:
    state = make_game(HalmaRules()).new_initial_state()
    assert state.perft(5) == PERFT[(4, 2)][4]


def test_perft_of_a_finished_game_is_zero() -> None:
    game = make_game(HalmaRules(n=2, max_rounds=1))
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    assert state.perft(1) == len(state.legal_actions())
    state.apply_action(state.legal_actions()[0])
    assert state.is_terminal() and state.perft(1) == 0 and state.perft(0) == 1
