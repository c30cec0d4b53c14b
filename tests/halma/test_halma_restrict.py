"""Restricted play in halma: the ``search`` agent without steps or without jumps in its own
seat, on the Python path (the numba search kernel called a move at a time) and in the fast
lane's game loop, never makes a move of that kind while it has another; a position with only
that kind still gets one; the check reports a restricted entry per seat and kind."""

from __future__ import annotations

import random

import pytest

from plywright.api import Forbid, SearchSettings
from plywright.plugins.halma.fast.lane import HalmaFastLane
from plywright.plugins.halma.fast.plugin import halma_fast_lane
from plywright.plugins.halma.kinds import CODES, JUMP, KINDS, STEP, forbid_code, move_kind
from plywright.plugins.halma.options import HalmaRules
from plywright.plugins.halma.plugin import GAME
from plywright.plugins.halma.rules import HalmaGame, HalmaState, make_game
from plywright.plugins.halma.search import SearchAgent
from plywright.registry import Registry
from plywright.simulate.runner import run_check
from plywright.variant import parse_variant
from restricted import assert_restricted_entries

RULES = HalmaRules(n=4)
"""The standard board, two players."""


def _agent(game: HalmaGame, seat: int, kind: str | None, depth: int = 3) -> SearchAgent:
    forbid = Forbid(kind, move_kind) if kind is not None else None
    return SearchAgent(game, seat, random.Random(seat), SearchSettings(depth, forbid=forbid))


def _kinds(state: HalmaState) -> set[str]:
    return {move_kind(state, action) for action in state.legal_actions()}


def test_the_kinds_are_registered_on_the_game() -> None:
    assert GAME.restrictable is not None
    assert GAME.restrictable.kinds == ("step", "jump") == KINDS
    assert GAME.restrictable.kind_of is move_kind
    game = make_game(RULES)
    state = game.new_initial_state()
    assert move_kind(state, game.pass_action) == "pass"
    assert _kinds(state) == {STEP, JUMP}, "the opening offers both"


def test_a_foreign_kind_of_move_is_refused() -> None:
    assert forbid_code(None) == 0 and forbid_code(Forbid("pass", move_kind)) == 0
    assert forbid_code(Forbid(JUMP, move_kind)) == CODES[JUMP]
    with pytest.raises(ValueError, match="only its own kinds"):
        forbid_code(Forbid(JUMP, lambda state, action: "jump"))


@pytest.mark.parametrize("kind", KINDS)
def test_the_search_never_makes_the_forbidden_kind_while_it_has_another(kind: str) -> None:
    game = make_game(RULES)
    held = 0
    for seat in (0, 1):  # the restricted agent in each seat, the free one in the other
        agents = [_agent(game, s, kind if s == seat else None) for s in (0, 1)]
        state = game.new_initial_state()
        played = {STEP: 0, JUMP: 0}
        for _ in range(120):
            if state.is_terminal():
                break
            mover = state.current_player()
            offered = _kinds(state)
            action = agents[mover].step(state)
            made = move_kind(state, action)
            if mover == seat:
                assert made != kind or offered == {kind}, f"{made} with {offered} legal"
                held += kind in offered and len(offered) > 1
            elif made in played:
                played[made] += 1
            state.apply_action(action)
        assert played[kind] > 0, f"the free agent makes {kind}s in these games"
    assert held >= 10, "the forbidden kind was on offer and refused"


def _lone(game: HalmaGame, hole: int, ring: bool) -> HalmaState:
    """Seat 0's one peg on ``hole`` (with seat 1's pegs on every neighbour: only jumps), else
    alone with seat 1's one peg far away (only steps)."""
    t = game.tables
    around = [h for h in range(t.size) if t.steps[hole] >> h & 1]
    far = max(range(t.size), key=lambda h: abs(h - hole))
    return game.state_from([[hole], around if ring else [far]], 0)


def _centre(game: HalmaGame) -> int:
    t = game.tables
    return next(h for h in range(t.size) if len(t.jumps[h]) == 6 and t.steps[h].bit_count() == 6)


@pytest.mark.parametrize(("kind", "ring"), [(STEP, False), (JUMP, True)])
def test_a_position_with_only_the_forbidden_kind_still_gets_a_move(kind: str, ring: bool) -> None:
    game = make_game(RULES)
    state = _lone(game, _centre(game), ring)
    assert _kinds(state) == {kind}
    for depth in (1, 3):
        action = _agent(game, 0, kind, depth).step(state.clone())
        assert action in state.legal_actions() and move_kind(state, action) == kind


def _replay(game: HalmaGame, record: list[dict[str, object]]) -> list[tuple[HalmaState, int]]:
    """``(position, action)`` of every move of a fast-lane record, replayed."""
    hole = {tuple(xy): h for h, xy in enumerate(game.tables.board.holes)}
    state = game.new_initial_state()
    out = []
    for line in record[1:-1]:
        path = line["path"]
        assert isinstance(path, list)
        if path:
            action = hole[tuple(path[0])] * game.size + hole[tuple(path[-1])]
        else:
            action = game.pass_action
        out.append((state.clone(), action))
        state.apply_action(action)
    return out


@pytest.mark.parametrize("kind", KINDS)
def test_the_fast_lane_s_search_never_makes_the_forbidden_kind(kind: str) -> None:
    game = make_game(RULES)
    header = {"game": "halma", "variant": {}, "seed": 1, "players": 2, "agents": ["x"]}
    held = made = 0
    for forbids in ((CODES[kind], 0), (0, CODES[kind])):
        lane = HalmaFastLane(RULES, ("search", "search"), forbids=forbids)
        _, records = lane.play(5, range(3), header, limit=160)
        assert records is not None
        seat = forbids.index(CODES[kind])
        for record in records:
            for state, action in _replay(game, record):
                offered = _kinds(state)
                if state.current_player() == seat:
                    assert move_kind(state, action) != kind or offered == {kind}
                    held += kind in offered and len(offered) > 1
                else:
                    made += move_kind(state, action) == kind
    assert held >= 10 and made > 0


def test_the_fast_lane_covers_halma_s_kinds_only(registry: Registry) -> None:
    variant = parse_variant({"game": "halma", "preset": "standard"}, registry)
    search = registry.agent("halma", "search")
    assert search.settings is not None
    held = search.configured(SearchSettings(3, forbid=Forbid(JUMP, move_kind)))
    lane = halma_fast_lane(variant, (held, search))
    assert lane is not None and lane.forbids == (CODES[JUMP], 0)
    foreign = search.configured(SearchSettings(3, forbid=Forbid(JUMP, lambda s, a: "jump")))
    assert halma_fast_lane(variant, (foreign, search)) is None


def test_the_check_reports_restricted_play_per_seat_and_kind(registry: Registry) -> None:
    check = {"strong_agent": "search:1", "games": 40}
    variant = parse_variant({"game": "halma", "preset": "standard", "check": check}, registry)
    report = run_check(registry, variant, games=8, seed=1, jobs=1, probes="full")
    assert_restricted_entries(report, "search:1", KINDS, games=8)
