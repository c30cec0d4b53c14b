"""Exact rule tests of the halma engine, one or more per sentence of ``docs/rules/halma.md``.

Positions are built from named holes in axial coordinates ``(q, r)``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from plywright.engine import TERMINAL, Outcome
from plywright.plugins.halma.geometry import hole_count, holes_per_point, star_board
from plywright.plugins.halma.options import HalmaRules
from plywright.plugins.halma.rules import HalmaGame, HalmaState, make_game

Hole = tuple[int, int]


def game_of(**rules: Any) -> HalmaGame:
    return make_game(HalmaRules(**rules))


def place(game: HalmaGame, pegs: Mapping[int, Iterable[Hole]], to_move: int = 0) -> HalmaState:
    """A position with ``pegs[seat]`` on the named holes (seats left out have no pegs)."""
    holes = [[game.hole(q, r) for q, r in pegs.get(seat, ())] for seat in range(game.players)]
    return game.state_from(holes, seat=to_move)


def dests(state: HalmaState, start: Hole) -> set[Hole]:
    """Every hole the seat to move can move the peg on ``start`` to (via legal_actions)."""
    game = state.game
    board = game.tables.board
    origin = game.hole(*start)
    out = set()
    for action in state.legal_actions():
        frm, to = divmod(action, game.size)
        if frm == origin:
            out.add(board.holes[to])
    return out


def move(state: HalmaState, start: Hole, to: Hole) -> None:
    game = state.game
    state.apply_action(game.hole(*start) * game.size + game.hole(*to))


def pass_turn(state: HalmaState) -> None:
    state.apply_action(state.game.pass_action)


# --- board and seating ---------------------------------------------------------------------


@pytest.mark.parametrize("n", range(2, 8))
def test_board_size_and_points(n: int) -> None:
    game = game_of(n=n)
    assert game.size == hole_count(n) == 6 * n * (n + 1) // 2 + 3 * n * (n + 1) + 1
    assert all(m.bit_count() == holes_per_point(n) for m in game.tables.points)
    assert game.pass_action == game.size**2


def test_standard_boards() -> None:
    assert game_of(n=4).size == 121 and holes_per_point(4) == 10
    assert game_of(n=5).size == 181 and holes_per_point(5) == 15


@pytest.mark.parametrize(
    ("players", "points"),
    [(2, (0, 3)), (3, (0, 2, 4)), (4, (0, 1, 3, 4)), (5, (0, 1, 2, 3, 4)), (6, (0, 1, 2, 3, 4, 5))],
)
def test_seating_table_and_opposite_targets(players: int, points: tuple[int, ...]) -> None:
    game = game_of(players=players)
    state = game.new_initial_state()
    board = game.tables.board
    for seat, point in enumerate(points):
        assert state.pegs(seat) == game.tables.points[point]
        assert game.target_masks[seat] == game.tables.points[(point + 3) % 6]
    header = game.record_header()
    assert header["start"][0] == [list(board.holes[h]) for h in board.points[points[0]]]


def test_five_players_leave_p5_empty() -> None:
    state = game_of(players=5).new_initial_state()
    assert state.occupancy() & state.game.tables.points[5] == 0


def test_custom_seating_and_targets() -> None:
    game = game_of(players=2, seating=(1, 2), targets=(4, 0))
    assert game.start_masks == (game.tables.points[1], game.tables.points[2])
    assert game.target_masks == (game.tables.points[4], game.tables.points[0])


def test_turn_order_is_seat_order_from_first_seat() -> None:
    state = game_of(players=3, first_seat=1).new_initial_state()
    seen = []
    for _ in range(6):
        seen.append(state.current_player())
        state.apply_action(state.legal_actions()[0])
    assert seen == [1, 2, 0, 1, 2, 0]
    assert state.round == 3


def test_first_mover_is_p0_by_default() -> None:
    assert game_of(players=4).new_initial_state().current_player() == 0


# --- a move --------------------------------------------------------------------------------


def test_step_to_each_empty_neighbour() -> None:
    game = game_of()
    state = place(game, {0: [(0, 0)], 1: [(1, 0)]})
    assert dests(state, (0, 0)) == {(0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1), (2, 0)}
    # (1, 0) is occupied: no step there, the jump over it lands on (2, 0)


def test_single_jump_over_any_colour_in_the_same_direction() -> None:
    game = game_of()
    state = place(game, {0: [(0, 0), (0, 1)], 1: [(-1, 0)]})
    found = dests(state, (0, 0))
    assert (0, 2) in found  # over the own peg on (0, 1)
    assert (-2, 0) in found  # over the other colour on (-1, 0)
    assert (2, 0) not in found  # (1, 0) is empty: nothing to jump over


def test_no_jump_onto_an_occupied_hole() -> None:
    game = game_of()
    state = place(game, {0: [(0, 0)], 1: [(1, 0), (2, 0)]})
    assert (2, 0) not in dests(state, (0, 0))
    assert (3, 0) not in dests(state, (0, 0))  # a jump goes over one peg only


def test_chain_jump_may_stop_after_each_jump_and_turn() -> None:
    game = game_of()
    # (0,0) -E-> (2,0) -SE-> (2,2) -W-> (0,2)
    state = place(game, {0: [(0, 0), (2, 1)], 1: [(1, 0), (1, 2)]})
    found = dests(state, (0, 0))
    assert {(2, 0), (2, 2), (0, 2)} <= found
    path = state.move_path(game.hole(0, 0) * game.size + game.hole(0, 2))
    board = game.tables.board
    assert [board.holes[h] for h in path] == [(0, 0), (2, 0), (2, 2), (0, 2)]
    assert state.action_record(game.hole(0, 0) * game.size + game.hole(0, 2)) == {
        "path": [[0, 0], [2, 0], [2, 2], [0, 2]]
    }


def test_chain_never_lands_back_on_its_start() -> None:
    game = game_of()
    # a triangle of jumps would lead back to (0, 0)
    state = place(game, {0: [(0, 0)], 1: [(1, 0), (1, 1), (0, 1)]})
    found = dests(state, (0, 0))
    assert {(2, 0), (0, 2)} <= found
    assert (0, 0) not in found
    start = game.hole(0, 0)
    assert all(a != start * game.size + start for a in state.legal_actions())


def test_start_hole_is_empty_and_never_a_landing() -> None:
    game = game_of()
    # east over (2,0) to (3,0): jumping back west would land on the (empty) start
    state = place(game, {0: [(1, 0)], 1: [(2, 0), (0, 0)]})
    assert dests(state, (1, 0)) == {(3, 0), (-1, 0), (1, 1), (0, 1), (1, -1), (2, -1)}
    path = state.move_path(game.hole(1, 0) * game.size + game.hole(3, 0))
    assert path == [game.hole(1, 0), game.hole(3, 0)]


def test_two_chains_to_the_same_hole_are_one_move() -> None:
    game = game_of()
    # (0,0) reaches (2,2) via (2,0) and via (0,2)
    state = place(game, {0: [(0, 0)], 1: [(1, 0), (2, 1), (0, 1), (1, 2)]})
    actions = state.legal_actions()
    assert len(actions) == len(set(actions))
    target = game.hole(0, 0) * game.size + game.hole(2, 2)
    assert actions.count(target) == 1
    assert actions == sorted(actions)


def test_chain_over_own_and_other_pegs() -> None:
    game = game_of()
    state = place(game, {0: [(0, 0), (1, 0)], 1: [(2, 1)]})
    assert (2, 2) in dests(state, (0, 0))  # over own (1,0), then over the other (2,1)


def test_jump_own_off_forbids_jumping_own_pegs() -> None:
    game = game_of(jump_own=False)
    state = place(game, {0: [(0, 0), (1, 0)], 1: [(0, 1), (1, 2)]})
    found = dests(state, (0, 0))
    assert (2, 0) not in found  # over own
    assert (0, 2) in found  # over the other colour
    assert (2, 2) in found  # chain over two other pegs
    on = place(game_of(jump_own=True), {0: [(0, 0), (1, 0)], 1: [(0, 1), (1, 2)]})
    assert (2, 0) in dests(on, (0, 0))


def test_pegs_may_enter_any_point() -> None:
    game = game_of(players=3)
    # seat 0 steps from the centre hexagon into P1, which belongs to nobody in 3 players
    state = place(game, {0: [(4, -2)]})
    assert (5, -3) in dests(state, (4, -2))


# --- target lock ---------------------------------------------------------------------------

LOCK_PEGS: dict[int, list[Hole]] = {0: [(-2, 5)], 1: [(-1, 4), (-1, 3), (-3, 4), (-3, 6)]}
"""Seat 0 (target P3) has a peg on (-2, 5) inside its target."""


def test_target_lock_keeps_a_peg_in_its_target_at_every_hop() -> None:
    state = place(game_of(), LOCK_PEGS)
    assert dests(state, (-2, 5)) == {(-1, 5), (-3, 5), (-2, 6), (-4, 7)}
    # (0,3) leaves the target; (-2,3) and (-4,5) are only reachable through (0,3)


def test_without_target_lock_the_peg_may_leave_and_come_back() -> None:
    state = place(game_of(target_lock=False), LOCK_PEGS)
    found = dests(state, (-2, 5))
    assert {(0, 3), (-2, 3), (-4, 5), (-2, 4)} <= found


def test_a_peg_outside_its_target_may_pass_through_it() -> None:
    game = game_of()
    state = place(game, {0: [(-1, 4)], 1: [(-2, 5), (-3, 5)]})
    found = dests(state, (-1, 4))
    assert (-3, 6) in found  # lands in the target ...
    assert (-3, 4) in found  # ... and leaves it again in the same chain


def test_the_lock_only_concerns_the_seats_own_target() -> None:
    game = game_of()
    # seat 1 (target P0) sits in P3, its start: it may leave
    state = place(game, {1: [(-2, 5)], 0: [(0, 0)]}, to_move=1)
    assert (-2, 4) in dests(state, (-2, 5))


# --- passing -------------------------------------------------------------------------------


def blocked_position(**rules: Any) -> HalmaState:
    """n = 2: seat 0's only peg sits on the P0 tip, walled in by seat 1."""
    game = game_of(n=2, **rules)
    return place(game, {0: [(2, -4)], 1: [(2, -3), (1, -3), (2, -2), (0, -2)]})


def test_pass_is_the_only_action_without_a_move() -> None:
    state = blocked_position()
    assert state.legal_actions() == [state.game.pass_action]
    pass_turn(state)
    assert state.current_player() == 1
    assert state.action_record(state.legal_actions()[0])["path"]
    assert blocked_position().action_record(state.game.pass_action) == {"path": []}


def test_pass_is_illegal_with_a_move() -> None:
    state = game_of().new_initial_state()
    with pytest.raises(ValueError, match="cannot pass"):
        pass_turn(state)


@pytest.mark.parametrize("action", [-1, 121 * 121 + 1, 0, 10**9])
def test_illegal_actions_raise(action: int) -> None:
    state = game_of().new_initial_state()
    with pytest.raises(ValueError):
        state.apply_action(action)


def test_moving_an_opponents_peg_is_illegal() -> None:
    game = game_of()
    state = place(game, {0: [(0, 0)], 1: [(3, 0)]})
    with pytest.raises(ValueError, match="no peg"):
        move(state, (3, 0), (4, 0))
    with pytest.raises(ValueError, match="illegal move"):
        move(state, (0, 0), (2, 0))


# --- completion and the end of the game ----------------------------------------------------

P3_N2 = [(-2, 3), (-1, 3), (-2, 4)]
P0_N2 = [(2, -4), (1, -3), (2, -3)]


def near_complete(to_move: int = 0, **rules: Any) -> HalmaState:
    """n = 2, 2 players: seat 0 fills its target P3 by stepping (0,2)->(-1,3), seat 1 fills
    P0 by stepping (0,-2)->(1,-3)."""
    game = game_of(n=2, **rules)
    return place(game, {0: [(-2, 3), (-2, 4), (0, 2)], 1: [(2, -4), (2, -3), (0, -2)]}, to_move)


def test_a_completion_ends_the_game_at_the_end_of_the_round() -> None:
    state = near_complete()
    move(state, (0, 2), (-1, 3))
    assert state.completed() == (0,)
    assert not state.is_terminal() and state.current_player() == 1
    move(state, (0, -2), (0, -1))  # seat 1 does not complete
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.outcome() == Outcome("win", (0,), 1)
    assert state.returns() == [1.0, -1.0]
    assert state.legal_actions() == []


def test_two_completions_in_one_round_share_a_draw() -> None:
    state = near_complete()
    move(state, (0, 2), (-1, 3))
    move(state, (0, -2), (1, -3))
    assert state.outcome() == Outcome("draw", (0, 1), 1)
    assert state.returns() == [0.0, 0.0]


def test_draw_returns_leave_the_others_losing() -> None:
    game = game_of(n=2, players=3)  # P0 -> P3, P2 -> P5, P4 -> P1
    pegs = {0: [(-2, 3), (-2, 4), (0, 2)], 1: [(-2, -2), (-1, -2), (-1, -1)], 2: [(0, 0)]}
    state = place(game, pegs)
    move(state, (0, 2), (-1, 3))
    move(state, (-1, -1), (-2, -1))
    assert state.completed() == (0, 1) and not state.is_terminal()
    move(state, (0, 0), (1, 0))
    assert state.outcome() == Outcome("draw", (0, 1), 1)
    assert state.returns() == [0.0, 0.0, -1.0]


def test_a_later_seat_in_the_round_can_still_complete() -> None:
    state = near_complete(to_move=1, first_seat=1)
    move(state, (0, -2), (1, -3))  # seat 1 opens the round and completes
    assert not state.is_terminal()
    move(state, (0, 2), (0, 1))  # seat 0 closes the round without completing
    assert state.outcome() == Outcome("win", (1,), 1)


def test_the_last_seat_of_the_round_ends_it_at_once() -> None:
    state = near_complete(to_move=1, first_seat=1)
    move(state, (0, -2), (0, -1))
    move(state, (0, 2), (-1, 3))  # seat 0 is last in this round: the game ends now
    assert state.outcome() == Outcome("win", (0,), 1)


def test_a_completion_stands_for_the_round() -> None:
    # seat 0 completes P3 with seat 1's peg on the tip; seat 1 then jumps that peg out
    state = place(game_of(n=2), {0: [(-2, 3), (0, 2)], 1: [(-2, 4), (2, -4)]})
    move(state, (0, 2), (-1, 3))
    move(state, (-2, 4), (-2, 2))
    target = state.game.target_masks[0]
    assert state.occupancy() & target != target
    assert state.outcome() == Outcome("win", (0,), 1)


def test_blocker_peg_counts_under_filled_but_not_under_own() -> None:
    pegs = {0: [(-2, 3), (0, 2)], 1: [(-2, 4), (2, -4)]}  # seat 1's peg sits on P3's tip
    filled = place(game_of(n=2), pegs)
    move(filled, (0, 2), (-1, 3))
    assert filled.completed() == (0,)
    own = place(game_of(n=2, win_rule="own"), pegs)
    move(own, (0, 2), (-1, 3))
    assert own.completed() == ()


def test_filled_needs_one_own_peg_in_the_target() -> None:
    state = place(game_of(n=2), {0: [(0, 0)], 1: [*P3_N2, (2, -4)]})
    move(state, (0, 0), (1, 0))
    assert state.completed() == ()


def test_own_rule_completes_with_all_own_pegs() -> None:
    state = place(game_of(n=2, win_rule="own"), {0: [(-2, 3), (-2, 4), (0, 2)], 1: [(2, -4)]})
    move(state, (0, 2), (-1, 3))
    assert state.completed() == (0,)


def test_completion_is_checked_after_a_pass() -> None:
    # seat 0's only peg is locked on the P3 tip; seat 1 fills the rest of P3
    game = game_of(n=2)
    state = place(game, {0: [(-2, 4)], 1: [(-2, 3), (-1, 3), (2, -4)]})
    assert state.legal_actions() == [game.pass_action]
    pass_turn(state)
    assert state.completed() == (0,)


def test_stalemate_when_nobody_can_move_for_a_whole_round() -> None:
    game = game_of(n=2)
    board = star_board(2)
    p0 = {board.holes[h] for h in board.points[0]}
    p3 = {board.holes[h] for h in board.points[3]}
    rest = [h for h in board.holes if h not in p0 | p3]
    state = place(game, {0: [*p0, *rest[::2]], 1: [*p3, *rest[1::2]]})  # a full board
    assert state.legal_actions() == [game.pass_action]
    pass_turn(state)
    assert not state.is_terminal()
    pass_turn(state)
    assert state.outcome() == Outcome("stalemate", (), 1)
    assert state.returns() == [0.0, 0.0]


def test_one_mover_in_a_round_is_no_stalemate() -> None:
    state = blocked_position(win_rule="own")  # under "filled" seat 1 would complete P0
    pass_turn(state)
    move(state, (2, -2), (2, -1))
    assert not state.is_terminal()
    assert state.round == 2


def test_max_rounds_ends_the_game_unfinished() -> None:
    state = game_of(max_rounds=2).new_initial_state()
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    assert not state.is_terminal()
    state.apply_action(state.legal_actions()[0])
    assert state.outcome() == Outcome("unfinished", (), 2)
    assert state.returns() == [0.0, 0.0]
    assert len(state.history()) == game_of(max_rounds=2).info().max_length


def test_a_completion_in_the_last_round_still_wins() -> None:
    state = near_complete(max_rounds=1)
    move(state, (0, 2), (-1, 3))
    move(state, (0, -2), (0, -1))
    assert state.outcome() == Outcome("win", (0,), 1)


def test_rounds_count_the_round_in_which_the_game_ended() -> None:
    state = near_complete()
    move(state, (0, 2), (0, 1))
    move(state, (0, -2), (0, -1))
    move(state, (0, 1), (-1, 2))
    move(state, (0, -1), (0, -2))
    move(state, (-1, 2), (-1, 3))
    move(state, (0, -2), (1, -3))
    assert state.outcome() == Outcome("draw", (0, 1), 3)


# --- the protocol details ------------------------------------------------------------------


def test_game_info_and_parameters() -> None:
    game = game_of(players=3, max_rounds=40)
    info = game.info()
    assert (info.num_players, info.min_utility, info.max_utility) == (3, -1.0, 1.0)
    assert info.turn_based and not info.has_chance and info.max_length == 120
    assert game.parameters() == HalmaRules(players=3, max_rounds=40).model_dump(mode="json")
    assert make_game(HalmaRules(**game.parameters())) == game


def test_action_encoding_and_records() -> None:
    game = game_of()
    state = game.new_initial_state()
    board = game.tables.board
    action = state.legal_actions()[0]
    start, to = divmod(action, game.size)
    assert state.pegs(0) >> start & 1 and not state.occupancy() >> to & 1
    record = state.action_record(action)
    assert record["path"][0] == list(board.holes[start])
    assert record["path"][-1] == list(board.holes[to])
    assert state.chance_outcomes() == []


def test_clone_is_independent_and_history_replays() -> None:
    state = game_of().new_initial_state()
    state.apply_action(state.legal_actions()[3])
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert len(state.history()) == 1 and len(copy.history()) == 2
    assert str(state) != str(copy)
    assert "round 1, seat 1 to move" in str(state)


def test_outcome_before_the_end_raises() -> None:
    with pytest.raises(ValueError):
        game_of().new_initial_state().outcome()


def test_state_from_rejects_overlaps() -> None:
    game = game_of()
    with pytest.raises(ValueError, match="share"):
        game.state_from([[0, 1], [1]])
