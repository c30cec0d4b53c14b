"""Drawing machining plans onto ReportLab pages at a known scale.

A :class:`View` maps a plan area (mm) onto a page position; inside :func:`in_view` the canvas
draws in plan millimetres, so 1:1 templates are exact. Line widths are given in points and
converted with :attr:`View.pt`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from plywright.cad.geometry2d import Arc, Bounds, Point, arc_beziers, polyline_segments
from plywright.cad.plan import Circle, MachiningPlan, Polyline

PT_PER_MM = 72 / 25.4
CROSSHAIR_OVERHANG = 3.0
"""How far (mm) hole crosshairs reach beyond the hole edge, so they stay visible when punched."""


@dataclass(frozen=True)
class View:
    """Shows plan ``area`` with its lower-left corner at page point ``origin`` (pt)."""

    area: Bounds
    origin: Point
    scale: float = 1.0
    """Page millimetres per plan millimetre (1.0 for templates)."""

    @property
    def pt(self) -> float:
        """One typographic point in plan units."""
        return 1 / (PT_PER_MM * self.scale)

    def page_point(self, point: Point) -> Point:
        """Page coordinates (pt) of a plan point."""
        k = PT_PER_MM * self.scale
        return (
            self.origin[0] + (point[0] - self.area[0]) * k,
            self.origin[1] + (point[1] - self.area[1]) * k,
        )


@contextmanager
def in_view(c: Canvas, view: View, clip: bool = True) -> Iterator[None]:
    """Draw in plan millimetres inside ``view`` (clipped to its area)."""
    c.saveState()
    x0, y0, x1, y1 = view.area
    k = PT_PER_MM * view.scale
    if clip:
        path = c.beginPath()
        path.rect(view.origin[0], view.origin[1], (x1 - x0) * k, (y1 - y0) * k)
        c.clipPath(path, stroke=0, fill=0)
    c.translate(view.origin[0] - x0 * k, view.origin[1] - y0 * k)
    c.scale(k, k)
    try:
        yield
    finally:
        c.restoreState()


def stroke_polyline(c: Canvas, polyline: Polyline, *, fill: bool = False) -> None:
    """Stroke (and optionally fill) a polyline; arcs become Bézier curves."""
    path = c.beginPath()
    path.moveTo(*polyline.points[0])
    for seg in polyline_segments(polyline.points, polyline.bulges, polyline.closed):
        if isinstance(seg, Arc):
            for _, c1, c2, p3 in arc_beziers(seg):
                path.curveTo(*c1, *c2, *p3)
        else:
            path.lineTo(*seg[1])
    if polyline.closed:
        path.close()
    c.drawPath(path, stroke=1, fill=1 if fill else 0)


def crosshair(c: Canvas, centre: Point, half: float) -> None:
    x, y = centre
    c.line(x - half, y, x + half, y)
    c.line(x, y - half, x, y + half)


MARK_RADIUS = 4.0
MARK_ARM = 6.5


def registration_mark(c: Canvas, centre: Point, pt: float) -> None:
    """A printer's target (two black quadrants), unlike any hole crosshair; sizes in mm."""
    x, y = centre
    c.setDash()
    c.setFillColorRGB(0, 0, 0)
    c.setStrokeColorRGB(0, 0, 0)
    for start in (0, 180):
        c.wedge(
            x - MARK_RADIUS,
            y - MARK_RADIUS,
            x + MARK_RADIUS,
            y + MARK_RADIUS,
            start,
            90,
            stroke=0,
            fill=1,
        )
    c.setLineWidth(0.5 * pt)
    c.circle(x, y, MARK_RADIUS, stroke=1, fill=0)
    crosshair(c, centre, MARK_ARM)


def draw_plan(c: Canvas, plan: MachiningPlan, view: View, *, crosshairs: bool = True) -> None:
    """The parts of a plan a template shows: outline, markings, holes with crosshairs.

    Must be called inside :func:`in_view`. Chamfers and annotations are not drawn.
    """
    pt = view.pt
    c.setDash()
    for op in plan.of_kind("pocket", "engrave"):
        c.setStrokeColorRGB(0.45, 0.45, 0.75)
        c.setLineWidth(0.6 * pt)
        c.setDash([4 * pt, 2 * pt])
        for e in op.entities:
            if isinstance(e, Polyline):
                stroke_polyline(c, e)
            elif isinstance(e, Circle):
                c.circle(e.centre[0], e.centre[1], e.radius, stroke=1, fill=0)
    c.setDash()
    c.setStrokeColorRGB(0, 0, 0)
    for op in plan.of_kind("drill"):
        for e in op.entities:
            if not isinstance(e, Circle):
                continue
            c.setLineWidth(0.5 * pt)
            if crosshairs:
                c.circle(e.centre[0], e.centre[1], e.radius, stroke=1, fill=0)
                c.setLineWidth(0.3 * pt)
                crosshair(c, e.centre, e.radius + CROSSHAIR_OVERHANG)
            else:
                c.setFillColorRGB(0.2, 0.2, 0.2)
                c.circle(e.centre[0], e.centre[1], e.radius, stroke=0, fill=1)
    c.setLineWidth(1.0 * pt)
    for op in plan.of_kind("cut"):
        for e in op.entities:
            if isinstance(e, Polyline):
                stroke_polyline(c, e)
            elif isinstance(e, Circle):
                c.circle(e.centre[0], e.centre[1], e.radius, stroke=1, fill=0)
