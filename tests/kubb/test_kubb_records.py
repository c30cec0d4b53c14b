"""Kubb game records: the exact format of the issue, written through the core and checked by
an independent replay of the rules."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from conftest import EXAMPLES, CliRunner
from plywright.plugins.kubb.agents import AGENTS
from plywright.plugins.kubb.options import PRESETS, KubbRules
from plywright.plugins.kubb.records import (
    BATON_KEYS,
    IN_KEYS,
    RESULT_KEYS,
    check_record,
)
from plywright.plugins.kubb.rules import KubbGame, make_game
from plywright.records import RecordError, read_record
from plywright.simulate.playout import play_game

SPECS = {spec.name: spec for spec in AGENTS}


def record(game: KubbGame, agent: str = "basic", index: int = 0) -> list[dict[str, Any]]:
    header = {"game": "kubb", "variant": game.parameters(), "seed": 5}
    _, lines = play_game(game, [SPECS[agent]], seed=5, index=index, record_header=header)
    assert lines is not None
    return lines


@pytest.fixture(scope="module")
def seed_record() -> list[dict[str, Any]]:
    game = make_game(KubbRules())
    # a record with throw-ins, a penalty kubb and a raised base kubb makes the best fixture
    for index in range(400):
        lines = record(game, "random", index)
        kinds = {("pen" if entry.get("penalty") else entry.get("throw")) for entry in lines[1:-1]}
        if "pen" in kinds and any(entry.get("raised") for entry in lines[1:-1]):
            return lines
    raise AssertionError("no random game with a penalty kubb and a raised base kubb")


def test_header_holds_field_king_and_base_in_metres() -> None:
    lines = record(make_game(KubbRules.model_validate(PRESETS["world"]["rules"])))
    header = lines[0]
    assert header["field"] == {"length": 8.0, "width": 5.0}
    assert header["king"] == [4.0, 2.5]
    assert header["base"] == [
        [[0.0, y] for y in (0.5, 1.5, 2.5, 3.5, 4.5)],
        [[8.0, y] for y in (0.5, 1.5, 2.5, 3.5, 4.5)],
    ]
    assert header["game_index"] == 0 and header["variant"]["opening_batons"] == [2, 4, 6]


def test_every_line_has_exactly_the_issue_keys(seed_record: list[dict[str, Any]]) -> None:
    for line in seed_record[1:-1]:
        assert set(line) == (IN_KEYS if line["throw"] == "in" else BATON_KEYS)
        if line["throw"] == "in":
            assert line["penalty"] == (line["landed"] is None)
        else:
            assert line["aim"] in ("field", "base", "king")
            assert (line["target"] is None) == (line["aim"] == "king")
            assert set(line["raised"]) <= set(line["felled"])
    assert set(seed_record[-1]) == RESULT_KEYS
    assert seed_record[-1]["result"] == "win" and seed_record[-1]["reason"] in (
        "king",
        "early_king",
    )
    turns = [line["turn"] for line in seed_record[1:-1]]
    assert turns == sorted(turns) and turns[0] == 1
    assert seed_record[-1]["turns"] == turns[-1]


def test_records_of_every_agent_and_preset_replay_by_the_rules() -> None:
    for preset in ("seed", "world"):
        game = make_game(KubbRules.model_validate(PRESETS[preset]["rules"]))
        for agent in SPECS:
            for index in range(15):
                check_record(record(game, agent, index))


def test_unfinished_record() -> None:
    lines = record(make_game(KubbRules(max_turns=2, skill="beginner")))
    assert lines[-1] == {"result": "unfinished", "winners": [], "turns": 2, "reason": "max_turns"}
    check_record(lines)


@pytest.mark.parametrize(
    ("line", "change", "message"),
    [
        ("baton", {"raised": []}, "raised"),
        ("baton", {"from_x": 4.5}, "throwing line"),
        ("baton", {"target": 99}, "target"),
        ("in", {"placed": [1.0, 1.0], "landed": [1.0, 1.0]}, "outside the half"),
        ("in", {"kubb": 99}, "thrown in"),
        ("result", {"winners": [7]}, "result"),
    ],
)
def test_broken_records_are_refused(
    seed_record: list[dict[str, Any]], line: str, change: dict[str, Any], message: str
) -> None:
    lines = copy.deepcopy(seed_record)
    if line == "result":
        index = len(lines) - 1
    elif line == "baton" and "raised" in change:
        index = next(i for i, entry in enumerate(lines) if entry.get("raised"))
    else:
        index = next(i for i, entry in enumerate(lines) if entry.get("throw") == line)
    if line == "in" and "placed" in change and lines[index]["penalty"]:
        change = {"placed": [1.0, 1.0]}
    lines[index].update(change)
    with pytest.raises(RecordError, match=message):
        check_record(lines)


def test_the_record_s_shape_is_checked_by_the_core_splitter(
    seed_record: list[dict[str, Any]],
) -> None:
    lines = copy.deepcopy(seed_record)
    lines[1]["throw"] = "roll"
    with pytest.raises(RecordError, match=r"^line 2: unknown throw 'roll' \(allowed: baton, in\)"):
        check_record(lines)
    with pytest.raises(RecordError, match=rf"^line {len(lines) - 1}: the last line is no result"):
        check_record(seed_record[:-1])
    with pytest.raises(RecordError, match=r"^line 1: not a kubb record"):
        check_record([{**seed_record[0], "game": "halma"}, *seed_record[1:]])


def test_check_records_through_the_command_line(run_cli: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "records"
    result = run_cli(
        "check",
        str(EXAMPLES / "kubb-seed.toml"),
        "--games",
        "4",
        "--records",
        str(out),
        "--probes",
        "none",
    )
    assert result.returncode == 0, result.stderr
    files = sorted(out.glob("*.jsonl"))
    assert len(files) == 4
    for path in files:
        lines = read_record(path)
        assert {"game", "variant", "seed", "game_index", "field", "king", "base"} <= set(lines[0])
        check_record(lines)
    json.loads(files[0].read_text(encoding="utf-8").splitlines()[1])


def test_a_baton_fells_its_target_or_a_kubb_of_the_target_group_first() -> None:
    game = make_game(KubbRules())
    lines = record(game, "tactical", 1)
    check_record(lines)
    # the first baton that fells a base kubb while every base kubb stands (turn 1)
    index = next(
        i
        for i, entry in enumerate(lines)
        if entry.get("turn") == 1 and entry.get("aim") == "base" and entry["felled"]
    )
    target = lines[index]["target"]
    far = target + 1 if target % 5 < 4 else target - 1  # its base neighbour, 1 m away
    broken = copy.deepcopy(lines[: index + 1])
    broken[index]["felled"] = [far]
    with pytest.raises(RecordError, match="struck kubb"):
        check_record([*broken, lines[-1]])
