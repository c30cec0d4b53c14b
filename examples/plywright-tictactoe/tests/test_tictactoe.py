"""The example plugin's own tests: engine, models, layout, definition, records (the
conformance kit runs in ``test_conformance.py``)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import ezdxf
import pytest
from ezdxf.entities import LWPolyline
from hypothesis import given, settings
from hypothesis import strategies as st
from plywright.build import collect_artifacts
from plywright.checks import static_checks
from plywright.engine import TERMINAL, Game, Outcome, State, replay
from plywright.records import RecordError, record_of_actions
from plywright.registry import Registry, load_registry
from plywright.variant import load_variant, parse_variant
from pydantic import ValidationError

from plywright_tictactoe import plugin
from plywright_tictactoe.geometry import PegBoard, winning_lines
from plywright_tictactoe.layout import board_svg, write_board_svg
from plywright_tictactoe.options import TicTacToeProduction, TicTacToeRules
from plywright_tictactoe.records import check_record
from plywright_tictactoe.rules import TicTacToeGame, TicTacToeState

PACKAGE = Path(__file__).resolve().parents[1]
SVG = "{http://www.w3.org/2000/svg}"


def game(size: int = 3, k: int | None = None) -> TicTacToeGame:
    rules = {"size": size} if k is None else {"size": size, "k_in_row": k}
    return TicTacToeGame(TicTacToeRules.model_validate(rules))


def play(moves: list[int], size: int = 3, k: int | None = None) -> TicTacToeState:
    state = game(size, k).new_initial_state()
    for action in moves:
        state.apply_action(action)
    return state


# --- rules -------------------------------------------------------------------------------


def test_protocol_and_info() -> None:
    g = game(4)
    assert isinstance(g, Game)
    assert isinstance(g.new_initial_state(), State)
    info = g.info()
    assert (info.num_players, info.min_utility, info.max_utility) == (2, -1, 1)
    assert info.turn_based and not info.has_chance and info.max_length == 16
    assert g.parameters() == {"size": 4, "k_in_row": 4}
    assert g.record_header() == {"size": 4}


def test_initial_state() -> None:
    state = game().new_initial_state()
    assert state.current_player() == 0
    assert state.legal_actions() == list(range(9))
    assert state.chance_outcomes() == []
    assert state.returns() == [0.0, 0.0]
    assert not state.is_terminal()
    assert state.outcome() == Outcome("unfinished", (), 0)


@pytest.mark.parametrize(
    ("moves", "winner"),
    [
        ([0, 3, 1, 4, 2], 0),  # X: top row
        ([3, 0, 4, 1, 8, 2], 1),  # O: top row
        ([0, 1, 3, 2, 6], 0),  # X: left column
        ([1, 0, 2, 4, 5, 8], 1),  # O: main diagonal
        ([2, 0, 4, 1, 6], 0),  # X: anti-diagonal
        ([5, 2, 3, 4, 0, 6], 1),  # O: anti-diagonal
    ],
)
def test_lines_win(moves: list[int], winner: int) -> None:
    state = play(moves)
    assert state.is_terminal()
    assert state.current_player() == TERMINAL
    assert state.legal_actions() == []
    expected = [1.0, -1.0] if winner == 0 else [-1.0, 1.0]
    assert state.returns() == expected
    assert state.outcome() == Outcome("win", (winner,), (len(moves) + 1) // 2)


def test_no_win_before_the_line_is_complete() -> None:
    state = play([0, 3, 1, 4])
    assert not state.is_terminal()
    assert state.current_player() == 0
    assert state.returns() == [0.0, 0.0]
    assert state.legal_actions() == [2, 5, 6, 7, 8]


def test_draw_on_full_board() -> None:
    # X O X / X O O / O X X
    state = play([0, 1, 2, 4, 3, 5, 7, 6, 8])
    assert state.is_terminal()
    assert state.returns() == [0.0, 0.0]
    assert state.outcome() == Outcome("draw", (), 5)
    assert str(state) == "X O X\nX O O\nO X X"


def test_win_on_the_last_cell_is_a_win_not_a_draw() -> None:
    # X O X / O X O / O X X: X's 9th move completes the main diagonal
    before = play([0, 1, 2, 3, 4, 5, 7, 6])
    assert not before.is_terminal() and before.legal_actions() == [8]
    before.apply_action(8)
    assert before.outcome() == Outcome("win", (0,), 5)
    assert str(before) == "X O X\nO X O\nO X X"


def test_k_in_row_on_four_by_four() -> None:
    three = [0, 4, 1, 5, 2, 8]
    state = play(three, size=4)
    assert not state.is_terminal()  # three in a row is not enough with k = 4
    state.apply_action(3)
    assert state.outcome() == Outcome("win", (0,), 4)
    short = play([0, 4, 1, 5, 2], size=4, k=3)
    assert short.outcome() == Outcome("win", (0,), 3)
    # 4 x 4 diagonal, shifted 3-in-a-row diagonal with k = 3
    assert play([0, 1, 5, 2, 10, 3, 15], size=4).outcome().winners == (0,)
    assert play([1, 0, 6, 4, 11], size=4, k=3).outcome().winners == (0,)


def test_every_classic_game() -> None:
    """Golden numbers: 255168 possible games; X wins 131184, O 77904, 46080 draws."""
    counts = {"X": 0, "O": 0, "draw": 0}

    def walk(state: TicTacToeState) -> None:
        if state.is_terminal():
            winners = state.outcome().winners
            counts["XO"[winners[0]] if winners else "draw"] += 1
            return
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            walk(child)

    walk(game().new_initial_state())
    assert counts == {"X": 131184, "O": 77904, "draw": 46080}


def test_winning_lines_count() -> None:
    assert len(winning_lines(3, 3)) == 8
    assert len(winning_lines(4, 4)) == 10
    assert len(winning_lines(4, 3)) == 2 * 4 * 2 + 2 * 4  # rows+columns 16, diagonals 8
    assert all(len(line) == 3 for line in winning_lines(5, 3))


@pytest.mark.parametrize("action", [-1, 9, 4])
def test_illegal_action_raises(action: int) -> None:
    state = play([4])
    with pytest.raises(ValueError):
        state.apply_action(action)
    assert state.history() == [4]


def test_no_actions_after_terminal() -> None:
    state = play([0, 3, 1, 4, 2])
    with pytest.raises(ValueError):
        state.apply_action(8)
    assert state.legal_actions() == []
    assert state.history() == [0, 3, 1, 4, 2]


def test_clone_is_independent() -> None:
    state = play([4, 0])
    copy = state.clone()
    copy.apply_action(8)
    assert state.history() == [4, 0]
    assert copy.history() == [4, 0, 8]
    assert 8 in state.legal_actions()
    assert str(state) == "O . .\n. X .\n. . ."
    assert str(copy) == "O . .\n. X .\n. . X"


def test_history_is_a_copy_and_replays() -> None:
    g = game(4, 3)
    state = g.new_initial_state()
    rng = random.Random(7)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    history = state.history()
    history.append(99)
    assert state.history() == history[:-1]
    again = replay(g, state.history())
    assert str(again) == str(state)
    assert again.outcome() == state.outcome()
    assert again.returns() == state.returns()


def test_action_record() -> None:
    state = game(4).new_initial_state()
    assert state.action_record(0) == {"cell": [0, 0]}
    assert state.action_record(6) == {"cell": [1, 2]}
    assert state.action_record(15) == {"cell": [3, 3]}


@settings(max_examples=60, deadline=None)
@given(size=st.integers(3, 5), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_games_keep_invariants(size: int, seed: int, data: st.DataObject) -> None:
    k = data.draw(st.integers(3, size))
    g = game(size, k)
    state = g.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal and state.current_player() == len(state.history()) % 2
        assert state.returns() == [0.0, 0.0]
        state.apply_action(rng.choice(legal))
    moves = len(state.history())
    assert moves <= g.info().max_length
    outcome = state.outcome()
    assert outcome.rounds == (moves + 1) // 2
    if outcome.result == "win":
        (winner,) = outcome.winners
        assert winner == (moves - 1) % 2  # the player who moved last
        assert sum(state.returns()) == 0 and state.returns()[winner] == 1
    else:
        assert outcome.result == "draw" and moves == size * size


# --- variant models ----------------------------------------------------------------------


def test_k_in_row_defaults_to_size() -> None:
    assert TicTacToeRules().k_in_row == 3
    assert TicTacToeRules(size=5).k_in_row == 5
    assert TicTacToeRules(size=5, k_in_row=4).k_in_row == 4
    assert TicTacToeRules(size=4).max_moves == 16


@pytest.mark.parametrize(
    "data",
    [
        {"size": 3, "k_in_row": 4},
        {"size": 2},
        {"size": 6},
        {"size": 4, "k_in_row": 2},
        {"size": 3, "diagonals": False},
    ],
)
def test_rules_reject_bad_values(data: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        TicTacToeRules.model_validate(data)


@pytest.mark.parametrize(
    "data",
    [
        {"pitch": 20, "hole_diameter": 20},
        {"pitch": 20, "hole_diameter": 25},
        {"pitch": 0},
        {"margin": -1},
        {"depth": 3},
    ],
)
def test_production_rejects_bad_values(data: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        TicTacToeProduction.model_validate(data)


# --- geometry and SVG layout -------------------------------------------------------------


def test_geometry() -> None:
    board = PegBoard(size=3, pitch=40, hole_diameter=12, margin=15)
    assert board.side == 150
    assert board.holes()[0] == (35, 35)
    assert board.holes()[5] == (115, 75)  # row 1, col 2
    assert len(board.grid_lines()) == 4
    assert board.wall == 28 and board.edge_wall == 29


@pytest.mark.parametrize("size", [3, 4, 5])
def test_svg_layers_and_units(size: int) -> None:
    board = PegBoard(size=size, pitch=30, hole_diameter=10.5, margin=12)
    root = ET.fromstring(board_svg(board).encode("utf-8"))
    side = f"{board.side:g}"
    assert root.get("width") == f"{float(side)}mm" and root.get("height") == root.get("width")
    assert root.get("viewBox") == f"0 0 {float(side)} {float(side)}"
    layers = {g.get("id"): g for g in root.iter(f"{SVG}g")}
    assert set(layers) == {"CUT", "DRILL_D10.5", "ENGRAVE"}
    circles = list(layers["DRILL_D10.5"].iter(f"{SVG}circle"))
    assert len(circles) == size * size
    assert {float(c.get("r", "0")) for c in circles} == {5.25}
    centres = sorted((float(c.get("cx", "0")), float(c.get("cy", "0"))) for c in circles)
    assert centres == sorted(board.holes())
    (outline,) = layers["CUT"].iter(f"{SVG}rect")
    assert outline.get("stroke") == "#ff0000" and float(outline.get("stroke-width", "1")) < 0.1
    assert float(outline.get("width", "0")) == board.side
    assert len(list(layers["ENGRAVE"].iter(f"{SVG}line"))) == 2 * (size - 1)


def test_svg_is_deterministic(tmp_path: Path) -> None:
    board = PegBoard(size=4, pitch=40, hole_diameter=12, margin=15)
    first, second = tmp_path / "a" / "board.svg", tmp_path / "b" / "nested" / "board.svg"
    write_board_svg(board, first)
    write_board_svg(PegBoard(size=4, pitch=40, hole_diameter=12, margin=15), second)
    assert first.read_bytes() == second.read_bytes()
    assert first.read_bytes().startswith(b"<?xml")
    assert b'id="' in first.read_bytes()
    other = tmp_path / "c.svg"
    write_board_svg(PegBoard(size=4, pitch=41, hole_diameter=12, margin=15), other)
    assert other.read_bytes() != first.read_bytes()


# --- plugin hooks ------------------------------------------------------------------------


def registry_with_plugin() -> Registry:
    return load_registry([("tictactoe", plugin)], use_entry_points=False)


def test_registration_and_presets() -> None:
    registry = registry_with_plugin()
    assert not registry.failures
    definition = registry.game("tictactoe")
    assert definition.default_preset == "classic" and definition.default_agent == "random"
    four = parse_variant({"game": "tictactoe", "preset": "four"}, registry)
    assert four.engine().parameters() == {"size": 4, "k_in_row": 4}
    classic = parse_variant({"game": "tictactoe"}, registry)
    assert classic.engine().info().max_length == 9


def test_example_variant_checks_and_builds(tmp_path: Path) -> None:
    registry = registry_with_plugin()
    variant = load_variant(PACKAGE / "tictactoe-classic.toml", registry)
    checks = static_checks(registry, variant)
    assert checks and all(check.ok for check in checks)
    artifacts = [a for a in collect_artifacts(registry, variant) if a.kind != "report/json"]
    dxf, svg = artifacts
    assert (svg.kind, svg.path) == ("layout/svg", "layout/board.svg")
    svg.write(tmp_path / svg.path)
    root = ET.parse(tmp_path / svg.path).getroot()
    assert len(list(root.iter(f"{SVG}circle"))) == 9
    # the machining plan plywright's CAM programs: one layer per operation, y up
    assert (dxf.kind, dxf.path) == ("cad/dxf", "cad/board.dxf")
    dxf.write(tmp_path / "board.dxf")
    space = ezdxf.readfile(tmp_path / "board.dxf").modelspace()
    circles = space.query("CIRCLE[layer=='DRILL_D12_Z10']")
    board = PegBoard(3, 40.0, 12.0, 15.0)
    assert sorted((c.dxf.center.x, c.dxf.center.y) for c in circles) == sorted(
        (x, board.side - y) for x, y in board.holes()
    )
    assert len(space.query("LWPOLYLINE[layer=='ENGRAVE_GRID_Z1']")) == 4
    [outline] = space.query("LWPOLYLINE[layer=='CUT_OUTLINE_THRU_18']")
    assert isinstance(outline, LWPolyline)
    assert sorted(tuple(p) for p in outline.get_points("xy")) == [
        (0, 0),
        (0, 150),
        (150, 0),
        (150, 150),
    ]


def test_holes_are_blind() -> None:
    with pytest.raises(ValidationError, match="hole_depth"):
        TicTacToeProduction(thickness=12.0, hole_depth=12.0)


def test_static_checks_catch_bad_variants() -> None:
    registry = registry_with_plugin()
    variant = parse_variant(
        {
            "game": "tictactoe",
            "rules": {"size": 5, "k_in_row": 3},
            "production": {"pitch": 100, "hole_diameter": 98, "margin": 0},
        },
        registry,
    )
    failed = {
        check.name: check.severity for check in static_checks(registry, variant) if not check.ok
    }
    assert failed == {
        "board-fits-sheet": "error",
        "hole-wall": "warning",
        "edge-wall": "warning",
        "not-a-solved-win": "warning",
    }


# --- records -----------------------------------------------------------------------------


def a_record(moves: list[int], size: int = 3) -> list[dict[str, Any]]:
    g = game(size)
    return record_of_actions(g, moves, {"game": "tictactoe", "variant": g.parameters(), "seed": 1})


def test_a_record_replays_to_its_outcome() -> None:
    assert check_record(a_record([0, 3, 1, 4, 2])) == Outcome("win", (0,), 3)
    assert check_record(a_record([0, 1, 2, 4, 3, 5, 7, 6, 8])) == Outcome("draw", (), 5)


@pytest.mark.parametrize(
    ("line", "change", "message"),
    [
        (2, {"cell": [0, 0]}, "line 3: illegal action 0"),  # X's cell
        (2, {"player": 0}, "line 3: player 0 moves out of turn"),
        (1, {"cell": [3, 0]}, r"line 2: cell must be \[row, col\]"),
        (6, {"winners": [1]}, "line 7: result"),
        (0, {"game": "halma"}, "line 1: not a tictactoe record"),
        (3, {"note": "x"}, r"line 4: keys \['cell', 'note', 'player'\]"),
        (6, {"turns": 3}, "line 7: result keys"),
    ],
)
def test_a_broken_record_is_refused(line: int, change: dict[str, Any], message: str) -> None:
    lines = a_record([0, 3, 1, 4, 2])
    lines[line] = {**lines[line], **change}
    with pytest.raises(RecordError, match=message):
        check_record(lines)
