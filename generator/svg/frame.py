"""Mapping machining-plan coordinates (mm, y up) into SVG user units (mm, y down), and the
paint attributes of shapes whose line widths and dashes are given in points."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from plywright.cad.geometry2d import Arc, Bounds, Point, polyline_segments
from plywright.cad.plan import Polyline


def num(value: float) -> str:
    """A coordinate with at most three decimals and no ``-0``."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


MM_PER_PT = 25.4 / 72
"""One typographic point in millimetres (SVG user units of a drawing in mm)."""


def paint(
    fill: str | None, stroke: str | None, width_pt: float, dash_pt: Sequence[float] = ()
) -> dict[str, str]:
    """svgwrite attributes of a shape in a drawing in mm: fill and stroke (``None``: none),
    stroke width and dash pattern given in points."""
    attrs = {
        "fill": fill or "none",
        "stroke": stroke or "none",
        "stroke_width": num(width_pt * MM_PER_PT),
    }
    if dash_pt:
        attrs["stroke_dasharray"] = " ".join(num(d * MM_PER_PT) for d in dash_pt)
    return attrs


@dataclass(frozen=True)
class SvgFrame:
    """A view box of ``width`` × ``height`` mm whose top-left is plan point ``(min_x, max_y)``."""

    min_x: float
    max_y: float
    width: float
    height: float

    @classmethod
    def around(cls, bounds: Bounds, margin: float = 0.0) -> SvgFrame:
        x0, y0, x1, y1 = bounds
        return cls(x0 - margin, y1 + margin, x1 - x0 + 2 * margin, y1 - y0 + 2 * margin)

    @property
    def view_box(self) -> str:
        return f"0 0 {num(self.width)} {num(self.height)}"

    def xy(self, point: Point) -> tuple[str, str]:
        return num(point[0] - self.min_x), num(self.max_y - point[1])

    def path(self, polyline: Polyline) -> str:
        """SVG path data; arcs stay arcs (the y flip turns CCW into sweep-flag 0)."""
        x, y = self.xy(polyline.points[0])
        parts = [f"M{x} {y}"]
        for seg in polyline_segments(polyline.points, polyline.bulges, polyline.closed):
            if isinstance(seg, Arc):
                end = seg.point_at(seg.start_angle + seg.sweep)
                large = 1 if abs(seg.sweep) > 3.141592653589793 else 0
                sweep = 0 if seg.sweep > 0 else 1
                r = num(seg.radius)
                ex, ey = self.xy(end)
                parts.append(f"A{r} {r} 0 {large} {sweep} {ex} {ey}")
            else:
                ex, ey = self.xy(seg[1])
                parts.append(f"L{ex} {ey}")
        if polyline.closed:
            parts.append("Z")
        return " ".join(parts)
