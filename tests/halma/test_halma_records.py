"""Halma game records: written by the engine and the core, replayed and re-validated."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from plywright.engine import Outcome
from plywright.plugins.halma.agents import AGENTS, greedy
from plywright.plugins.halma.options import HalmaRules
from plywright.plugins.halma.records import check_path, check_record, game_from_header
from plywright.plugins.halma.rules import HalmaGame, make_game
from plywright.records import RecordError, read_record, record_of_actions
from plywright.simulate.playout import play_game

GREEDY = next(spec for spec in AGENTS if spec.name == "greedy")


def greedy_record(game: HalmaGame, seed: int = 0) -> list[dict[str, Any]]:
    agents = [greedy(game, s, random.Random(seed * 10 + s)) for s in range(game.players)]
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(agents[state.current_player()].step(state))
    header = {"game": "halma", "variant": game.parameters()}
    return record_of_actions(game, state.history(), header)


@pytest.fixture(scope="module")
def record() -> list[dict[str, Any]]:
    return greedy_record(make_game(HalmaRules(n=3, players=2)))


def test_a_record_replays_to_its_outcome(record: list[dict[str, Any]]) -> None:
    outcome = check_record(record)
    assert outcome == Outcome(
        record[-1]["result"], tuple(record[-1]["winners"]), record[-1]["rounds"]
    )
    header = record[0]
    assert header["game"] == "halma" and header["n"] == 3
    assert len(header["start"]) == len(header["target"]) == 2
    assert all(len(line["path"]) >= 2 for line in record[1:-1])


def test_record_from_the_core_simulator(tmp_path: Path) -> None:
    game = make_game(HalmaRules(n=3, players=3, first_seat=2, jump_own=False))
    header = {"game": "halma", "variant": game.parameters(), "seed": 1, "players": 3}
    _, lines = play_game(game, [GREEDY], seed=1, index=4, record_header=header)
    assert lines is not None
    path = tmp_path / "game.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    outcome = check_record(read_record(path))
    assert outcome.result in ("win", "draw")


def test_header_without_rules_is_rebuilt_from_the_holes(record: list[dict[str, Any]]) -> None:
    bare = copy.deepcopy(record)
    del bare[0]["variant"]
    assert check_record(bare) == check_record(record)
    game = game_from_header(bare[0])
    assert game.rules.seat_points() == (0, 3) and game.rules.target_points() == (3, 0)


def broken(record: list[dict[str, Any]], line: int, **change: Any) -> list[dict[str, Any]]:
    out = copy.deepcopy(record)
    out[line - 1].update(change)
    return out


def test_wrong_player_is_named(record: list[dict[str, Any]]) -> None:
    with pytest.raises(RecordError, match=r"^line 3: player 0 moves, expected 1"):
        check_record(broken(record, 3, player=0))


def test_jump_over_an_empty_hole_is_refused(record: list[dict[str, Any]]) -> None:
    # the first move of seat 0 (P0, n = 3): a jump from the tip straight down over nothing
    with pytest.raises(RecordError, match=r"^line 2: "):
        check_record(broken(record, 2, path=[[3, -3], [3, -1]]))


def test_hop_that_is_no_step_or_jump_is_refused(record: list[dict[str, Any]]) -> None:
    start = record[1]["path"][0]
    with pytest.raises(RecordError, match="no step or jump"):
        check_record(broken(record, 2, path=[start, [0, 0]]))


def test_landing_twice_is_refused() -> None:
    game = make_game(HalmaRules())
    pegs = [[game.hole(-2, 0)], [game.hole(q, r) for q, r in ((-1, 0), (1, 0), (1, 1), (0, 1))]]
    state = game.state_from(pegs)
    # (-2,0) -> (0,0) -> (2,0) -> (0,2) -> (0,0): a loop through (0,0)
    with pytest.raises(RecordError, match="twice"):
        check_path(game, state, [(-2, 0), (0, 0), (2, 0), (0, 2), (0, 0)], 2)
    assert check_path(game, state, [(-2, 0), (0, 0), (2, 0), (0, 2)], 2) == (
        game.hole(-2, 0) * game.size + game.hole(0, 2)
    )


def test_target_lock_is_checked_hop_by_hop() -> None:
    game = make_game(HalmaRules())
    pegs = [[game.hole(-2, 5)], [game.hole(q, r) for q, r in ((-1, 4), (-1, 3), (-3, 4))]]
    state = game.state_from(pegs)
    with pytest.raises(RecordError, match="target lock"):
        check_path(game, state, [(-2, 5), (0, 3), (-2, 3), (-4, 5)], 2)
    free = make_game(HalmaRules(target_lock=False))
    state = free.state_from(pegs)
    assert check_path(free, state, [(-2, 5), (0, 3), (-2, 3), (-4, 5)], 2)


def test_pass_with_a_move_is_refused(record: list[dict[str, Any]]) -> None:
    with pytest.raises(RecordError, match=r"^line 2: a pass while a move is possible"):
        check_record(broken(record, 2, path=[]))


def test_wrong_result_is_refused(record: list[dict[str, Any]]) -> None:
    last = len(record)
    with pytest.raises(RecordError, match=rf"^line {last}: result"):
        check_record(broken(record, last, rounds=record[-1]["rounds"] + 1))
    with pytest.raises(RecordError, match=rf"^line {last}: result"):
        check_record(broken(record, last, winners=[1 - record[-1]["winners"][0]]))


def test_truncated_record_is_refused(record: list[dict[str, Any]]) -> None:
    cut = [*record[:5], record[-1]]
    with pytest.raises(RecordError, match="do not finish"):
        check_record(cut)


def test_move_after_the_end_is_refused(record: list[dict[str, Any]]) -> None:
    extra = [*record[:-1], {"player": 0, "path": record[1]["path"]}, record[-1]]
    with pytest.raises(RecordError, match="after the end"):
        check_record(extra)


def test_header_that_contradicts_the_rules_is_refused(record: list[dict[str, Any]]) -> None:
    bad = copy.deepcopy(record)
    bad[0]["target"] = list(reversed(bad[0]["target"]))
    with pytest.raises(RecordError, match=r"^line 1: header 'target'"):
        check_record(bad)
    with pytest.raises(RecordError, match="not a halma record"):
        check_record(broken(record, 1, game="kubb"))


def test_the_record_s_shape_is_checked_by_the_core_splitter(record: list[dict[str, Any]]) -> None:
    with pytest.raises(RecordError, match=r"^line 2: keys \['path', 'player', 'seat'\]"):
        check_record(broken(record, 2, seat=0))
    with pytest.raises(RecordError, match=rf"^line {len(record) - 1}: the last line is no result"):
        check_record(record[:-1])
    with pytest.raises(RecordError, match=rf"^line {len(record)}: result keys"):
        check_record(broken(record, len(record), turns=3))


def test_lines_must_be_objects(record: list[dict[str, Any]]) -> None:
    with pytest.raises(RecordError, match=r"^line 3: expected a JSON object"):
        check_record([*record[:2], [1, 2], *record[3:]])  # type: ignore[list-item]


def test_unreadable_lines_are_named(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"game": "halma"}\nnot json\n', encoding="utf-8")
    with pytest.raises(RecordError, match=r"^line 2: not JSON"):
        read_record(path)
