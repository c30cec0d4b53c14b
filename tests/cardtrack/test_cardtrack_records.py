"""Konstruktsiia records: the issue's exact format through the core, replayed and re-validated."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from plywright.plugins.cardtrack.agents import AGENTS
from plywright.plugins.cardtrack.options import CardtrackRules
from plywright.plugins.cardtrack.records import check_record, replay_record
from plywright.plugins.cardtrack.rules import make_game
from plywright.records import RecordError, read_record
from plywright.registry import load_registry
from plywright.simulate.playout import play_game

AGENT = {spec.name: spec for spec in AGENTS}
LINE_KEYS = ["card", "deck", "owner", "action", "slot", "path", "token", "reshuffled"]


def core_record(seed: int, agents: tuple[str, str], **rules: Any) -> list[dict[str, Any]]:
    game = make_game(CardtrackRules(**rules))
    header = {"game": "cardtrack", "variant": game.parameters(), "seed": seed}
    _, record = play_game(game, [AGENT[a] for a in agents], seed, 0, record_header=header)
    assert record is not None
    return json.loads(json.dumps(record))


@pytest.fixture(scope="module")
def record() -> list[dict[str, Any]]:
    return core_record(5, ("blocker", "builder"))


def test_header_lines_and_result_have_the_exact_format(record: list[dict[str, Any]]) -> None:
    header, lines, result = record[0], record[1:-1], record[-1]
    assert header["game"] == "cardtrack" and header["players"] == ["black", "red"]
    assert header["decks"] == 3 and header["variant"]["height"] == 10
    assert {"seed", "game_index"} <= set(header)
    assert set(result) == {"result", "winners", "cards"} and result["cards"] == len(lines)
    seen = set()
    for line in lines:
        assert list(line) == LINE_KEYS
        assert line["action"] in ("build", "big", "small", "king", "discard")
        assert line["owner"] in (0, 1) and line["deck"] in (0, 1, 2)
        assert line["reshuffled"] in (False, True)
        seen.add(line["action"])
        if line["action"] == "discard":
            assert line["slot"] is None and line["path"] == [] and line["token"] is None
        elif line["action"] == "build":
            assert line["slot"][0] in ("V", "H") and line["path"] == []
        else:
            assert line["path"][-1] == line["slot"] and isinstance(line["token"], int)
    assert {"build", "big", "king", "discard"} <= seen
    assert "QH" in {line["card"] for line in lines} or any(
        len(line["card"]) in (2, 3) for line in lines
    )


def test_records_replay_to_their_result(record: list[dict[str, Any]]) -> None:
    state = replay_record(record)
    assert state.record_result() == record[-1]


def test_reshuffle_flags_and_unfinished_games_replay() -> None:
    long = core_record(2, ("random", "random"), decks=1, max_turns=200, small_tokens=2)
    flags = [line["reshuffled"] for line in long[1:-1]]
    assert flags.count(True) >= 1 and not flags[0]
    assert long[-1]["result"] == "unfinished" and long[-1]["cards"] == 200
    replay_record(long)
    stop = core_record(4, ("blocker", "random"), small_path_rule="stop_card", height=3)
    replay_record(stop)


@pytest.mark.parametrize(
    ("line", "key", "value", "message"),
    [
        (1, "card", "ZZ", "not a card name"),
        (1, "owner", 1, "belongs to"),
        (1, "deck", 2, "deck"),
        (1, "reshuffled", True, "reshuffled"),
    ],
)
def test_corrupt_lines_are_named(
    record: list[dict[str, Any]], line: int, key: str, value: object, message: str
) -> None:
    bad = copy.deepcopy(record)
    bad[line][key] = value
    with pytest.raises(RecordError, match=message):
        replay_record(bad)


def test_the_record_s_shape_is_checked_by_the_core_splitter(record: list[dict[str, Any]]) -> None:
    with pytest.raises(RecordError, match=r"^line 2: unknown action 'fly' \(allowed: "):
        check_record([*record[:1], {**record[1], "action": "fly"}, *record[2:]])
    with pytest.raises(RecordError, match=r"^line 2: keys \[.*'note'.*\], expected"):
        check_record([*record[:1], {**record[1], "note": 1}, *record[2:]])
    with pytest.raises(RecordError, match=rf"^line {len(record) - 1}: the last line is no result"):
        check_record(record[:-1])
    with pytest.raises(RecordError, match=r"^line 1: not a cardtrack record"):
        check_record([{**record[0], "game": "kubb"}, *record[1:]])


def test_bad_paths_are_refused(record: list[dict[str, Any]]) -> None:
    number = next(i for i, line in enumerate(record) if line.get("action") == "big")
    bad = copy.deepcopy(record)
    bad[number]["path"][0] = ["H", 7, 7]
    with pytest.raises(RecordError, match="big move"):
        replay_record(bad)
    bad = copy.deepcopy(record)
    bad[number]["slot"] = bad[number]["path"][-1] = ["V", 9, 9]
    with pytest.raises(RecordError, match="adjacent"):
        replay_record(bad)
    built = next(i for i, line in enumerate(record) if line.get("action") == "build")
    bad = copy.deepcopy(record)
    bad[built]["slot"] = ["V", 40, 40]
    with pytest.raises(RecordError, match="refuses"):
        replay_record(bad)
    bad = copy.deepcopy(record)
    bad[-1]["winners"] = [1 - bad[-1]["winners"][0]]
    with pytest.raises(RecordError, match="does not match"):
        replay_record(bad)


def test_check_records_command_writes_replayable_files(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from plywright.cli import cli

    variant = tmp_path / "k.toml"
    variant.write_text('game = "cardtrack"\n[rules]\nheight = 4\n', encoding="utf-8")
    out = tmp_path / "records"
    result = CliRunner().invoke(
        cli,
        [
            "check",
            str(variant),
            "--games",
            "4",
            "--records",
            str(out),
            "--quiet",
            "--probes",
            "none",
        ],
    )
    assert result.exit_code in (0, 1), result.output
    files = sorted(out.glob("*.jsonl"))
    assert len(files) == 4
    for path in files:
        replay_record(read_record(path))
    assert "cardtrack" in load_registry().games
