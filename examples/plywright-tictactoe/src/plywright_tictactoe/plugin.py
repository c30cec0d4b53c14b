"""What plywright loads through the ``plywright`` entry point: the game definition.

The :class:`GameDefinition` carries everything that is the game's own: variant models and
presets, the engine factory, and the game's behaviour (static checks, build artifacts, record
checker). plywright calls those for tic-tac-toe variants only, so none of them looks at
``variant.game``. The heavy parts are named with :func:`~plywright.api.lazy` (imported on
first call: every ``plywright`` command loads every plugin, and svgwrite is for builds only).

The one ``@hookimpl`` hands the definition over; its parameter name must match the hook
specification in ``plywright.hookspecs``.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from plywright.api import Artifact, GameDefinition, GameRegistrar, StaticCheck, hookimpl, lazy

from plywright_tictactoe import GAME_NAME
from plywright_tictactoe.options import (
    PRESETS,
    TicTacToeProduction,
    TicTacToeRules,
    peg_board,
)
from plywright_tictactoe.rules import make_game

if TYPE_CHECKING:
    from plywright.variant import Variant

MIN_WALL = 3.0
"""Least wood (mm) between two holes or between a hole and the edge before plywood tears out."""


def _tables(variant: Variant) -> tuple[TicTacToeRules, TicTacToeProduction]:
    """The variant's ``[rules]`` and ``[production]`` with their concrete types."""
    return variant.table(TicTacToeRules), variant.table(TicTacToeProduction)


def static_checks(variant: Variant) -> list[StaticCheck]:
    """Does the board fit the sheet, is there wood enough between the holes, is it solved?"""
    rules, production = _tables(variant)
    board = peg_board(rules, production)
    fits = board.side <= min(production.sheet_width, production.sheet_height)
    solved = rules.k_in_row == 3 and rules.size >= 4
    return [
        StaticCheck(
            "board-fits-sheet",
            fits,
            f"board {board.side:g} x {board.side:g} mm on a "
            f"{production.sheet_width:g} x {production.sheet_height:g} mm sheet",
        ),
        StaticCheck(
            "hole-wall",
            board.wall >= MIN_WALL,
            f"{board.wall:g} mm of wood between neighbouring holes (at least {MIN_WALL:g})",
            severity="warning",
        ),
        StaticCheck(
            "edge-wall",
            board.edge_wall >= MIN_WALL,
            f"{board.edge_wall:g} mm of wood between outer holes and the edge "
            f"(at least {MIN_WALL:g})",
            severity="warning",
        ),
        StaticCheck(
            "not-a-solved-win",
            not solved,
            f"three in a row on {rules.size} x {rules.size} is a forced win for the first player"
            if solved
            else f"{rules.k_in_row} in a row on {rules.size} x {rules.size}: no known forced win",
            severity="warning",
        ),
    ]


def artifacts(variant: Variant) -> list[Artifact]:
    """The files ``plywright build`` writes: the board's SVG layout and its machining plan
    (the DXF plywright's CAM turns into G-code)."""
    # imported here, not at the top: svgwrite and ezdxf are only needed by builds
    from plywright_tictactoe.layout import drill_layer_name, write_board_svg
    from plywright_tictactoe.plan import write_board_dxf

    rules, production = _tables(variant)
    board = peg_board(rules, production)
    return [
        Artifact(
            kind="cad/dxf",
            path="cad/board.dxf",
            description="board machining plan, one layer per operation, mm, origin lower-left",
            write=partial(write_board_dxf, board, production, variant.name),
        ),
        Artifact(
            kind="layout/svg",
            path="layout/board.svg",
            description=(
                f"{board.size} x {board.size} peg board, {board.side:g} mm square: "
                f"CUT outline, {drill_layer_name(board.hole_diameter)} holes, ENGRAVE grid"
            ),
            write=partial(write_board_svg, board),
        ),
    ]


GAME = GameDefinition(
    name=GAME_NAME,
    title="Tic-tac-toe",
    description="Two players place X and O pegs; k in a row wins (example plugin).",
    rules_model=TicTacToeRules,
    make_game=make_game,
    production_model=TicTacToeProduction,
    presets=PRESETS,
    default_preset="classic",
    default_agent="random",
    static_checks=static_checks,
    artifacts=artifacts,
    record_checker=lazy("plywright_tictactoe.records:check_record"),
    # the designer's first screen: plain preset names and the fields shown first
    designer=Path(__file__).with_name("designer.toml"),
)


@hookimpl
def plywright_register_games(register: GameRegistrar) -> None:
    register(GAME)
