"""The board's machining plan: what the CNC router does, written as a DXF.

plywright's CAM (``plywright build --machine``) reads every ``cad/dxf`` artifact back and
programs it: one layer per operation, the layer's name stating it (``DRILL_D12_Z10``,
``ENGRAVE_GRID_Z1``, ``CUT_OUTLINE_THRU_18``) and each description ending with its cutter.
:func:`plywright.cad.plan.layer_name` spells the names and :func:`plywright.cad.dxf.write_dxf`
writes the file (deterministic bytes), so a plugin needs no CAM code of its own.

The plan's axes are the machine's: millimetres, ``y`` **up**, origin at the board's lower-left
corner, depths downward from the top face (the geometry's ``y`` grows downwards, so it is
flipped here). Operations run in machining order: grid, holes, then the outline last.
"""

from __future__ import annotations

from pathlib import Path

from plywright.cad.dxf import write_dxf
from plywright.cad.plan import Circle, MachiningPlan, Operation, Polyline, layer_name, mm

from plywright_tictactoe.geometry import PegBoard, Point
from plywright_tictactoe.options import TicTacToeProduction

ENGRAVE_WIDTH = 0.5
"""Width (mm) of an engraved grid line at the top face."""


def board_plan(board: PegBoard, production: TicTacToeProduction, title: str) -> MachiningPlan:
    """Engrave the grid, drill one blind hole per cell, cut the square outline through."""
    side, p = board.side, production

    def up(point: Point) -> Point:
        return (point[0], side - point[1])

    grid = tuple(Polyline.of([up(a), up(b)], closed=False) for a, b in board.grid_lines())
    holes = tuple(Circle(up(c), board.hole_diameter / 2) for c in board.holes())
    outline = Polyline.of([(0.0, 0.0), (side, 0.0), (side, side), (0.0, side)])
    operations = (
        Operation(
            "engrave",
            layer_name("engrave", depth=p.engrave_depth, what="grid"),
            grid,
            depth=p.engrave_depth,
            tool_diameter=ENGRAVE_WIDTH,
            description=f"engrave {len(grid)} grid lines {mm(p.engrave_depth)} mm deep",
        ),
        Operation(
            "drill",
            layer_name("drill", depth=p.hole_depth, diameter=board.hole_diameter),
            holes,
            depth=p.hole_depth,
            tool_diameter=board.hole_diameter,
            description=(
                f"drill {len(holes)} blind holes D{mm(board.hole_diameter)} mm, "
                f"{mm(p.hole_depth)} mm deep"
            ),
        ),
        Operation(
            "cut",
            layer_name("cut", depth=p.thickness, through=True, what="outline"),
            (outline,),
            depth=p.thickness,
            tool_diameter=p.cutter,
            description="cut the square outline through, tool outside the line",
        ),
    )
    return MachiningPlan(title, p.thickness, operations)


def write_board_dxf(
    board: PegBoard, production: TicTacToeProduction, title: str, path: Path
) -> None:
    write_dxf(board_plan(board, production, title), path)
