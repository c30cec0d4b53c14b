"""1:1 SVG layout of a machining plan for laser cutters and CNC software.

The document is sized in millimetres (``width="413.2mm"`` with a matching view box in mm).
Each operation is one Inkscape layer (``<g inkscape:groupmode="layer">``) whose ``id`` and
``inkscape:label`` are the operation's layer name, in machining order (the outline last).

Colour convention (also written into the file's ``<desc>``):

* cut through: red hairline stroke ``#ff0000``;
* drill: green stroke ``#00a000``; chamfer: cyan stroke ``#00a0a0``;
* engrave (vector, along the line): blue stroke ``#0000ff``;
* pocket (area cleared to a depth, raster engrave on a laser): grey fill ``#808080``;
* annotate (notes, never machined): orange ``#ff8000`` — text filled, outlines stroked (so a
  board or stock outline on an annotate layer stays a line, not an orange block).
"""

from __future__ import annotations

from pathlib import Path

import svgwrite
from svgwrite.extensions import Inkscape

from plywright.cad.plan import STYLES, Circle, MachiningPlan, Operation, Polyline, Text
from plywright.svg.frame import SvgFrame, num

HAIRLINE = 0.1
"""Stroke width (mm) of machining lines."""
FONT = "DejaVu Sans, Verdana, sans-serif"
MARGIN = 2.0


def colour_convention() -> str:
    return "; ".join(
        f"{kind}: {style.colour}{' fill' if style.fill else ' stroke'}"
        for kind, style in STYLES.items()
    )


def layout_svg(plan: MachiningPlan) -> str:
    """The SVG text of ``plan`` at 1:1 in millimetres."""
    frame = SvgFrame.around(plan.bounds(), MARGIN)
    dwg = svgwrite.Drawing(
        size=(f"{num(frame.width)}mm", f"{num(frame.height)}mm"),
        viewBox=frame.view_box,
        debug=False,
    )
    inkscape = Inkscape(dwg)
    dwg.set_desc(
        title=plan.name, desc=" ".join([*plan.notes, f"Layer colours: {colour_convention()}."])
    )
    for op in plan:
        layer = inkscape.layer(label=op.layer, id=op.layer, **_style(op))
        for entity in op.entities:
            layer.add(_element(dwg, frame, entity, op))
        dwg.add(layer)
    return str(dwg.tostring())


def _style(op: Operation) -> dict[str, str]:
    style = STYLES[op.kind]
    if op.kind == "annotate":
        return {
            "fill": "none",
            "stroke": style.colour,
            "stroke_width": num(HAIRLINE),
            "font_family": FONT,
        }
    if style.fill:
        return {"fill": style.colour, "stroke": "none", "fill_rule": "evenodd"}
    return {"fill": "none", "stroke": style.colour, "stroke_width": num(HAIRLINE)}


def _element(
    dwg: svgwrite.Drawing, frame: SvgFrame, entity: Circle | Polyline | Text, op: Operation
) -> object:
    if isinstance(entity, Circle):
        cx, cy = frame.xy(entity.centre)
        return dwg.circle(center=(cx, cy), r=num(entity.radius))
    if isinstance(entity, Polyline):
        return dwg.path(d=frame.path(entity))
    x, y = frame.xy(entity.position)
    text = dwg.text(entity.text, insert=(x, y), font_size=num(entity.height))
    if op.kind == "annotate":
        text.update({"fill": STYLES[op.kind].colour, "stroke": "none"})
    return text


def write_layout_svg(plan: MachiningPlan, path: Path) -> None:
    path.write_text(layout_svg(plan) + "\n", encoding="utf-8")
