"""The SVG layout of the peg board, one layer (group) per machining operation.

Units are millimetres: ``width``/``height`` carry ``mm`` and the ``viewBox`` spans the same
numbers, so one user unit is one millimetre. Layers, as Inkscape layers with matching ids:

- ``CUT``: the board outline, red hairline (laser and CNC software read it as "cut through");
- ``DRILL_D<d>``: one circle per hole of diameter ``d`` mm, at the hole centre;
- ``ENGRAVE``: the grid lines between the cells.

The output is deterministic: no generated ids, no timestamps, coordinates rounded to 0.001 mm.
"""

from __future__ import annotations

import io
from pathlib import Path

import svgwrite
from svgwrite.extensions import Inkscape

from plywright_tictactoe.geometry import PegBoard

HAIRLINE = 0.01
"""Stroke width (mm) that cutting software treats as a vector path, not a fill."""
CUT_COLOUR = "#ff0000"
DRILL_COLOUR = "#0000ff"
ENGRAVE_COLOUR = "#000000"
ENGRAVE_WIDTH = 0.5
"""Drawn width (mm) of an engraved grid line."""


def mm(value: float) -> float:
    """A coordinate rounded to 0.001 mm, so the text never shows float noise."""
    return round(value, 3) + 0.0  # + 0.0 turns -0.0 into 0.0


def drill_layer_name(diameter: float) -> str:
    """``DRILL_D12`` for 12 mm holes, ``DRILL_D12.5`` for 12.5 mm."""
    return f"DRILL_D{mm(diameter):g}"


def board_svg(board: PegBoard, title: str = "tic-tac-toe board") -> str:
    """The board as an SVG document (XML declaration included, indented)."""
    side = mm(board.side)
    drawing = svgwrite.Drawing(size=(f"{side}mm", f"{side}mm"), viewBox=f"0 0 {side} {side}")
    drawing.set_desc(title=title)
    inkscape = Inkscape(drawing)

    cut = inkscape.layer(label="CUT", id="CUT")
    cut.add(
        drawing.rect(
            insert=(0, 0), size=(side, side), fill="none", stroke=CUT_COLOUR, stroke_width=HAIRLINE
        )
    )

    drill_name = drill_layer_name(board.hole_diameter)
    drill = inkscape.layer(label=drill_name, id=drill_name)
    radius = mm(board.hole_diameter / 2)
    for x, y in board.holes():
        drill.add(
            drawing.circle(
                center=(mm(x), mm(y)),
                r=radius,
                fill="none",
                stroke=DRILL_COLOUR,
                stroke_width=HAIRLINE,
            )
        )

    engrave = inkscape.layer(label="ENGRAVE", id="ENGRAVE")
    for (x1, y1), (x2, y2) in board.grid_lines():
        engrave.add(
            drawing.line(
                start=(mm(x1), mm(y1)),
                end=(mm(x2), mm(y2)),
                stroke=ENGRAVE_COLOUR,
                stroke_width=ENGRAVE_WIDTH,
                stroke_linecap="round",
            )
        )

    for layer in (cut, drill, engrave):
        drawing.add(layer)
    text = io.StringIO()
    drawing.write(text, pretty=True, indent=2)
    return text.getvalue()


def write_board_svg(board: PegBoard, path: Path) -> None:
    """Write the board SVG (UTF-8) to ``path``, creating missing folders."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(board_svg(board).encode("utf-8"))
