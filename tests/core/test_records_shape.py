"""The one record builder and splitter (``plywright.records``): the lines a check writes and
the shape every game's record checker relies on."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import sample_games
from plywright.engine import Outcome
from plywright.records import (
    RecordBuilder,
    RecordError,
    check_header,
    record_of_actions,
    result_line,
    split_record,
)
from plywright_tictactoe.options import TicTacToeRules
from plywright_tictactoe.rules import make_game

GAME = make_game(TicTacToeRules())
HEADER = {"game": "tictactoe", "variant": GAME.parameters(), "seed": 1}
MOVES = frozenset({"player", "cell"})


def a_record() -> list[dict[str, Any]]:
    return record_of_actions(GAME, [0, 3, 1, 4, 2], HEADER)


class OwnRecordState(sample_games.CardRaceState):
    """Card race writing its own record lines and result line."""

    def record_lines(self) -> list[dict[str, object]]:
        return [{"turned": i + 1} for i in range(self.cards)]

    def record_result(self) -> dict[str, object]:
        return {"result": self.outcome().result, "cards": self.cards}


class OwnRecordGame(sample_games.CardRaceGame):
    def new_initial_state(self) -> OwnRecordState:
        return OwnRecordState(self)


RACE = sample_games.CardRaceRules()


# --- the builder ---------------------------------------------------------------------------


def test_the_header_is_the_core_keys_then_index_then_the_game_s() -> None:
    header = check_header("tictactoe", {"size": 3}, 7, 2, ["random", "mc"], "ladder1-seat1")
    assert list(header) == ["game", "variant", "seed", "players", "agents", "purpose"]
    assert "purpose" not in check_header("tictactoe", {}, 7, 2, ["random"])
    builder = RecordBuilder(GAME, GAME.new_initial_state(), header, 4)
    first = builder.lines[0]
    assert list(first) == [*header, "game_index", "size"]
    assert first["game_index"] == 4 and first["size"] == 3


def test_one_line_per_action_and_the_core_result_line() -> None:
    lines = a_record()
    assert len(lines) == 7
    assert lines[1] == {"player": 0, "cell": [0, 0]} and lines[2] == {"player": 1, "cell": [1, 0]}
    assert lines[-1] == {"result": "win", "winners": [0], "rounds": 3}
    assert result_line(Outcome("draw", (0, 1), 5)) == {
        "result": "draw",
        "winners": [0, 1],
        "rounds": 5,
    }


def test_chance_actions_are_marked() -> None:
    game = sample_games.CardRaceGame(RACE)
    state = game.new_initial_state()
    builder = RecordBuilder(game, state, {})
    for _ in range(2):
        action = state.legal_actions()[0]
        builder.add(state, action)
        state.apply_action(action)
    assert builder.lines[1:] == [
        {"chance": True, "card": [0, 1]},
        {"player": 0, "action": "advance"},
    ]


def test_an_own_record_replaces_the_action_lines_unless_the_game_was_cut() -> None:
    game = OwnRecordGame(RACE)
    state = game.new_initial_state()
    builder = RecordBuilder(game, state, {})
    while not state.is_terminal():
        action = state.legal_actions()[0]
        builder.add(state, action)
        state.apply_action(action)
    lines = builder.finish(state, state.outcome())
    assert lines[0] == {"goal": 6} and lines[1:] == [*state.record_lines(), state.record_result()]
    cut = game.new_initial_state()
    short = RecordBuilder(game, cut, {})
    first = cut.legal_actions()[0]
    short.add(cut, first)
    cut.apply_action(first)
    tail = short.finish(cut, Outcome("unfinished"))
    assert tail[1:] == [{"turned": 1}, {"result": "unfinished", "winners": [], "rounds": 0}]


# --- the splitter --------------------------------------------------------------------------


def test_a_record_splits_into_header_actions_and_result() -> None:
    lines = a_record()
    parts = split_record(lines, "tictactoe", action_keys=MOVES)
    assert parts.header == lines[0] and parts.result == lines[-1]
    assert list(parts.actions) == lines[1:-1]
    assert [n for n, _ in parts.numbered()] == [2, 3, 4, 5, 6] and parts.last == 7


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ([], r"^line 1: a record needs a header and a result line"),
        ([{"game": "tictactoe"}], r"^line 1: a record needs a header and a result line"),
    ],
)
def test_too_few_lines_are_refused(lines: list[dict[str, Any]], message: str) -> None:
    with pytest.raises(RecordError, match=message):
        split_record(lines, "tictactoe")


def test_a_bad_header_is_refused() -> None:
    lines = a_record()
    lines[0]["game"] = "halma"
    with pytest.raises(RecordError, match=r"^line 1: not a tictactoe record \(game = 'halma'\)"):
        split_record(lines, "tictactoe")
    del lines[0]["game"]
    with pytest.raises(RecordError, match=r"^line 1: not a tictactoe record \(game = None\)"):
        split_record(lines, "tictactoe")
    lines[0] = [1, 2]  # type: ignore[call-overload]
    with pytest.raises(RecordError, match=r"^line 1: expected a JSON object, got list"):
        split_record(lines)


def test_a_missing_result_line_is_refused() -> None:
    cut = a_record()[:-1]
    with pytest.raises(RecordError, match=r"^line 6: the last line is no result line"):
        split_record(cut, "tictactoe", action_keys=MOVES)


def test_a_result_line_with_other_keys_is_refused() -> None:
    lines = a_record()
    lines[-1]["turns"] = lines[-1].pop("rounds")
    with pytest.raises(RecordError, match=r"^line 7: result keys \['result', 'turns', 'winners'\]"):
        split_record(lines, "tictactoe")
    assert split_record(lines, "tictactoe", result_keys=None).result["turns"] == 3
    assert split_record(lines, result_keys=frozenset({"result", "winners", "turns"}))


def test_a_line_after_the_result_is_refused() -> None:
    lines = a_record()
    extra = [*lines, {"player": 1, "cell": [2, 2]}]
    with pytest.raises(RecordError, match=r"^line 8: the last line is no result line"):
        split_record(extra, "tictactoe", action_keys=MOVES)
    early = [*lines[:3], lines[-1], *lines[3:]]
    with pytest.raises(RecordError, match=r"^line 4: a result line before the last line"):
        split_record(early, "tictactoe", action_keys=MOVES)


def test_action_lines_need_exactly_their_keys() -> None:
    lines = copy.deepcopy(a_record())
    lines[3]["note"] = "x"
    with pytest.raises(RecordError, match=r"^line 4: keys \['cell', 'note', 'player'\]"):
        split_record(lines, "tictactoe", action_keys=MOVES)
    assert split_record(lines, "tictactoe")  # no keys given: any action line


def test_an_unknown_kind_of_action_is_refused() -> None:
    kinds = {"in": frozenset({"throw", "kubb"}), "baton": frozenset({"throw", "aim"})}
    lines: list[dict[str, Any]] = [
        {"game": "kubb"},
        {"throw": "in", "kubb": 3},
        {"throw": "baton", "aim": "king"},
        {"result": "win", "winners": [0], "rounds": 1},
    ]
    assert len(split_record(lines, "kubb", action_keys=kinds, kind="throw").actions) == 2
    lines[2] = {"throw": "stick", "aim": "king"}
    with pytest.raises(RecordError, match=r"^line 3: unknown throw 'stick' \(allowed: baton, in\)"):
        split_record(lines, "kubb", action_keys=kinds, kind="throw")
    lines[2] = {"throw": "in", "aim": "king"}
    with pytest.raises(RecordError, match=r"^line 3: keys \['aim', 'throw'\], expected"):
        split_record(lines, "kubb", action_keys=kinds, kind="throw")
