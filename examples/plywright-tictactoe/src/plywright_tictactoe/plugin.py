"""The hook implementations plywright loads through the ``plywright`` entry point.

Each hook is a plain function marked ``@hookimpl``; its parameter names must match the hook
specification in ``generator.hookspecs``. Hooks that receive a variant return ``None`` for
other games, so every plugin can answer every call.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from generator.api import Artifact, GameDefinition, GameRegistrar, StaticCheck, hookimpl

from plywright_tictactoe import GAME_NAME
from plywright_tictactoe.options import (
    PRESETS,
    TicTacToeProduction,
    TicTacToeRules,
    peg_board,
)
from plywright_tictactoe.rules import make_game

if TYPE_CHECKING:
    from generator.variant import Variant

MIN_WALL = 3.0
"""Least wood (mm) between two holes or between a hole and the edge before plywood tears out."""


def _tables(variant: Variant) -> tuple[TicTacToeRules, TicTacToeProduction]:
    """The variant's ``[rules]`` and ``[production]`` with their concrete types."""
    return variant.table(TicTacToeRules), variant.table(TicTacToeProduction)


@hookimpl
def plywright_register_games(register: GameRegistrar) -> None:
    register(
        GameDefinition(
            name=GAME_NAME,
            title="Tic-tac-toe",
            description="Two players place X and O pegs; k in a row wins (example plugin).",
            rules_model=TicTacToeRules,
            make_game=make_game,
            production_model=TicTacToeProduction,
            presets=PRESETS,
            default_preset="classic",
            default_agent="random",
        )
    )


@hookimpl
def plywright_static_checks(variant: Variant) -> list[StaticCheck] | None:
    if variant.game != GAME_NAME:
        return None
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


@hookimpl
def plywright_artifacts(variant: Variant) -> list[Artifact] | None:
    if variant.game != GAME_NAME:
        return None
    # imported here, not at the top: svgwrite is only needed by builds, and every
    # `plywright` command loads every plugin
    from plywright_tictactoe.layout import drill_layer_name, write_board_svg

    board = peg_board(*_tables(variant))
    return [
        Artifact(
            kind="layout/svg",
            path="layout/board.svg",
            description=(
                f"{board.size} x {board.size} peg board, {board.side:g} mm square: "
                f"CUT outline, {drill_layer_name(board.hole_diameter)} holes, ENGRAVE grid"
            ),
            write=partial(write_board_svg, board),
        )
    ]
