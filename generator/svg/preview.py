"""A small coloured picture of a finished part with pieces on it (not for machining).

The wood comes from the plan's outline, pockets and engravings, the holes from its drill
layers; pieces (pegs, tokens) are coloured discs placed by the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import svgwrite

from plywright.cad.geometry2d import Point
from plywright.cad.plan import Circle, MachiningPlan, Polyline
from plywright.svg.frame import SvgFrame, num

WOOD = "#e2c596"
WOOD_EDGE = "#9a7443"
WOOD_POCKET = "#cfae78"
ENGRAVED = "#8a6538"
HOLE = "#4a3320"


@dataclass(frozen=True)
class Piece:
    """A disc of ``diameter`` mm centred on a plan point."""

    centre: Point
    diameter: float
    colour: str


def preview_svg(plan: MachiningPlan, pieces: Sequence[Piece], *, width_px: int = 480) -> str:
    """SVG text: the part seen from above, ``width_px`` wide, drawn in millimetres."""
    frame = SvgFrame.around(plan.part_bounds(), 4.0)
    height_px = round(width_px * frame.height / frame.width)
    dwg = svgwrite.Drawing(
        size=(f"{width_px}px", f"{height_px}px"), viewBox=frame.view_box, debug=False
    )
    dwg.set_desc(
        title=f"{plan.name} preview", desc="Preview only; use the DXF or SVG layout to cut."
    )
    outline = plan.outline()
    dwg.add(dwg.path(d=frame.path(outline), fill=WOOD, stroke=WOOD_EDGE, stroke_width="1.2"))
    for op in plan.of_kind("pocket"):
        for e in op.entities:
            if isinstance(e, Polyline):
                dwg.add(dwg.path(d=frame.path(e), fill=WOOD_POCKET, stroke="none"))
    for op in plan.of_kind("engrave"):
        for e in op.entities:
            if isinstance(e, Polyline):
                width = num(max(op.tool_diameter, 0.6))
                dwg.add(dwg.path(d=frame.path(e), fill="none", stroke=ENGRAVED, stroke_width=width))
    holes = dwg.g(fill=HOLE)
    for op in plan.of_kind("drill"):
        for e in op.entities:
            if isinstance(e, Circle):
                cx, cy = frame.xy(e.centre)
                holes.add(dwg.circle(center=(cx, cy), r=num(e.radius)))
    dwg.add(holes)
    for piece in pieces:
        cx, cy = frame.xy(piece.centre)
        r = piece.diameter / 2
        dwg.add(
            dwg.circle(
                center=(cx, cy), r=num(r), fill=piece.colour, stroke="#00000080", stroke_width="0.6"
            )
        )
        hx, hy = frame.xy((piece.centre[0] - 0.3 * r, piece.centre[1] + 0.3 * r))
        dwg.add(dwg.circle(center=(hx, hy), r=num(0.35 * r), fill="#ffffff", fill_opacity="0.45"))
    return str(dwg.tostring())


def write_preview_svg(plan: MachiningPlan, pieces: Sequence[Piece], path: Path) -> None:
    path.write_text(preview_svg(plan, pieces) + "\n", encoding="utf-8")
