"""Kubb drawings as scenes of simple shapes in field metres, and their three renderers.

A :class:`Scene` holds shapes whose coordinates are metres on the field (``x`` along the
length from team 0's baseline, ``y`` across, as :class:`plywright.plugins.kubb.geometry.KubbField`);
line widths and text sizes are in points on paper. The same scene is drawn

* onto a ReportLab canvas at an exact scale (:func:`draw_on_canvas`: the field-plan PDF),
* into a ReportLab :class:`Drawing` of a given width (:func:`to_drawing`: rulebook figures),
* into an SVG (:func:`to_svg`: the field-plan SVG and the preview), sized in millimetres.

The scene builders for the rulebook (turn flow, throw-in and penalty, advantage line) live
here too; the field itself comes from :mod:`plywright.plugins.kubb.fieldplan`.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal

import svgwrite
from reportlab.graphics.shapes import Circle as RlCircle
from reportlab.graphics.shapes import Drawing, Line, Polygon, Rect, String
from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from plywright.plugins.kubb.geometry import KubbField
from plywright.print.document import new_drawing
from plywright.print.fonts import register_fonts
from plywright.svg.frame import MM_PER_PT, num, paint

if TYPE_CHECKING:
    from plywright.plugins.kubb.rules import KubbState

Point = tuple[float, float]
Anchor = Literal["start", "middle", "end"]

GRASS = "#7fb35a"
GRASS_DARK = "#5e8f3e"
CHALK = "#ffffff"
WOOD = "#d9b98a"
WOOD_EDGE = "#8a6538"
KING = "#e0b040"
INK = "#1f1f1f"
TEAM = ("#1f5fbf", "#c8102e")
"""Team 0 blue, team 1 red (diagram colours only)."""
MUTED = "#6d6d6d"
PENALTY = "#7a4a1e"
LABEL = 8.0
"""Size (pt) of the labels in the rulebook's scenes."""


@dataclass(frozen=True)
class Shape:
    """One drawn thing. ``points`` in metres; ``width`` and ``size`` in points.

    Kinds: ``line`` (a polyline through ``points``), ``polygon`` (closed, filled), ``circle``
    (centre ``points[0]``, ``radius`` metres, or ``radius_pt`` points when ``radius`` is 0),
    ``square`` (centred on ``points[0]``, side ``radius_pt`` points), ``text`` (at
    ``points[0]``, ``anchor`` says which end).
    """

    kind: Literal["line", "polygon", "circle", "square", "text"]
    points: tuple[Point, ...]
    stroke: str | None = INK
    fill: str | None = None
    width: float = 0.8
    dash: tuple[float, ...] = ()
    radius: float = 0.0
    radius_pt: float = 0.0
    text: str = ""
    size: float = 8.0
    anchor: Anchor = "middle"
    bold: bool = False
    layer: str = ""
    """A name for the SVG group the shape goes in (``""``: none)."""
    beside: Point | None = None
    """For a label set beside a piece: the piece's centre (metres); :func:`clear_labels` may
    move the label to the piece's other side, above or below it."""


@dataclass
class Scene:
    """Shapes in drawing order and the field area (metres) a renderer must show."""

    bounds: tuple[float, float, float, float]
    shapes: list[Shape] = field(default_factory=list)
    background: str | None = None

    def add(self, *shapes: Shape) -> None:
        self.shapes.extend(shapes)


def line(a: Point, b: Point, **kw: object) -> Shape:
    return Shape("line", (a, b), **kw)  # type: ignore[arg-type]


def text(at: Point, value: str, **kw: object) -> Shape:
    return Shape("text", (at,), text=value, stroke=None, fill=kw.pop("fill", INK), **kw)  # type: ignore[arg-type]


def arrow_head(tip: Point, tail: Point, length: float, colour: str) -> Shape:
    """A filled triangle at ``tip`` pointing away from ``tail`` (``length`` metres)."""
    angle = math.atan2(tip[1] - tail[1], tip[0] - tail[0])
    spread = math.radians(22)
    left = (
        tip[0] - length * math.cos(angle - spread),
        tip[1] - length * math.sin(angle - spread),
    )
    right = (
        tip[0] - length * math.cos(angle + spread),
        tip[1] - length * math.sin(angle + spread),
    )
    return Shape("polygon", (tip, left, right), stroke=None, fill=colour)


def arrow(
    a: Point, b: Point, colour: str, head: float, width: float = 1.0, dash: tuple[float, ...] = ()
) -> list[Shape]:
    """A line from ``a`` to ``b`` with a head at ``b`` (``head`` metres long)."""
    angle = math.atan2(b[1] - a[1], b[0] - a[0])
    short = (b[0] - 0.8 * head * math.cos(angle), b[1] - 0.8 * head * math.sin(angle))
    return [line(a, short, stroke=colour, width=width, dash=dash), arrow_head(b, a, head, colour)]


def dimension(
    a: Point, b: Point, offset: Point, label: str, head: float, size: float = 7.5
) -> list[Shape]:
    """A dimension line between ``a`` and ``b`` moved by ``offset`` (metres), with extension
    lines, arrow heads at both ends and ``label`` at its middle."""
    pa = (a[0] + offset[0], a[1] + offset[1])
    pb = (b[0] + offset[0], b[1] + offset[1])
    shapes = [
        line(a, pa, stroke=MUTED, width=0.4),
        line(b, pb, stroke=MUTED, width=0.4),
        line(pa, pb, stroke=INK, width=0.5),
        arrow_head(pa, pb, head, INK),
        arrow_head(pb, pa, head, INK),
    ]
    mid = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
    shapes.append(
        Shape("text", (mid,), stroke=None, fill=INK, text=label, size=size, layer="label-bg")
    )
    return shapes


# -- renderers --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Mapping:
    """Metres -> output units: ``origin`` is where ``bounds``' lower-left lands, ``k`` units
    per metre; ``flip`` for y-down outputs (SVG) with ``height`` the output height."""

    bounds: tuple[float, float, float, float]
    origin: Point
    k: float
    flip: bool = False
    height: float = 0.0

    def __call__(self, p: Point) -> Point:
        x = self.origin[0] + (p[0] - self.bounds[0]) * self.k
        y = self.origin[1] + (p[1] - self.bounds[1]) * self.k
        return (x, self.height - y) if self.flip else (x, y)


def _rgb(colour: str) -> colors.Color:
    return colors.HexColor(colour)


def _label_width(shape: Shape) -> float:
    regular, bold, _, _ = register_fonts()
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return float(stringWidth(shape.text, bold if shape.bold else regular, shape.size))


def draw_on_canvas(c: Canvas, scene: Scene, m: Mapping) -> None:
    """Draw ``scene`` on a canvas; ``m`` maps metres to page points (y up)."""
    regular, bold, _, _ = register_fonts()
    c.saveState()
    if scene.background:
        (x0, y0), (x1, y1) = m(scene.bounds[:2]), m(scene.bounds[2:])
        c.setFillColor(_rgb(scene.background))
        c.rect(x0, y0, x1 - x0, y1 - y0, stroke=0, fill=1)
    for s in scene.shapes:
        c.setDash(list(s.dash) if s.dash else [])
        c.setLineWidth(s.width)
        if s.stroke:
            c.setStrokeColor(_rgb(s.stroke))
        if s.fill:
            c.setFillColor(_rgb(s.fill))
        pts = [m(p) for p in s.points]
        stroke, fill = (1 if s.stroke else 0), (1 if s.fill else 0)
        if s.kind == "line":
            path = c.beginPath()
            path.moveTo(*pts[0])
            for p in pts[1:]:
                path.lineTo(*p)
            c.drawPath(path, stroke=1, fill=0)
        elif s.kind == "polygon":
            path = c.beginPath()
            path.moveTo(*pts[0])
            for p in pts[1:]:
                path.lineTo(*p)
            path.close()
            c.drawPath(path, stroke=stroke, fill=fill)
        elif s.kind == "circle":
            r = s.radius * m.k if s.radius else s.radius_pt
            c.circle(pts[0][0], pts[0][1], r, stroke=stroke, fill=fill)
        elif s.kind == "square":
            h = s.radius_pt / 2
            c.rect(pts[0][0] - h, pts[0][1] - h, 2 * h, 2 * h, stroke=stroke, fill=fill)
        else:
            font = bold if s.bold else regular
            x, y = pts[0]
            y -= 0.35 * s.size
            if s.layer == "label-bg":
                w = _label_width(s)
                c.setFillColor(colors.white)
                c.rect(x - w / 2 - 1.5, y - 1.5, w + 3, s.size + 1.5, stroke=0, fill=1)
                c.setFillColor(_rgb(s.fill or INK))
            c.setFont(font, s.size)
            if s.anchor == "start":
                c.drawString(x, y, s.text)
            elif s.anchor == "end":
                c.drawRightString(x, y, s.text)
            else:
                c.drawCentredString(x, y, s.text)
    c.restoreState()


def to_drawing(scene: Scene, width: float, pad: float = 4.0) -> Drawing:
    """The scene as a ReportLab :class:`Drawing` ``width`` points wide (rulebook figures)."""
    regular, bold, _, _ = register_fonts()
    x0, y0, x1, y1 = scene.bounds
    k = (width - 2 * pad) / (x1 - x0)
    height = (y1 - y0) * k + 2 * pad
    m = Mapping(scene.bounds, (pad, pad), k)
    d = new_drawing(width, height)
    if scene.background:
        d.add(
            Rect(
                pad,
                pad,
                width - 2 * pad,
                height - 2 * pad,
                fillColor=_rgb(scene.background),
                strokeColor=None,
            )
        )
    for s in scene.shapes:
        stroke = _rgb(s.stroke) if s.stroke else None
        fill = _rgb(s.fill) if s.fill else None
        dash = list(s.dash) if s.dash else None
        pts = [m(p) for p in s.points]
        flat = [v for p in pts for v in p]
        if s.kind == "line":
            for a, b in itertools.pairwise(pts):
                d.add(Line(*a, *b, strokeColor=stroke, strokeWidth=s.width, strokeDashArray=dash))
        elif s.kind == "polygon":
            d.add(Polygon(flat, strokeColor=stroke, fillColor=fill, strokeWidth=s.width))
        elif s.kind == "circle":
            r = s.radius * k if s.radius else s.radius_pt
            d.add(
                RlCircle(
                    pts[0][0],
                    pts[0][1],
                    r,
                    strokeColor=stroke,
                    fillColor=fill,
                    strokeWidth=s.width,
                    strokeDashArray=dash,
                )
            )
        elif s.kind == "square":
            h = s.radius_pt / 2
            d.add(
                Rect(
                    pts[0][0] - h,
                    pts[0][1] - h,
                    2 * h,
                    2 * h,
                    strokeColor=stroke,
                    fillColor=fill,
                    strokeWidth=s.width,
                )
            )
        else:
            x, y = pts[0]
            y -= 0.35 * s.size
            if s.layer == "label-bg":
                w = _label_width(s)
                d.add(
                    Rect(
                        x - w / 2 - 1.5,
                        y - 1.5,
                        w + 3,
                        s.size + 1.5,
                        fillColor=colors.white,
                        strokeColor=None,
                    )
                )
            d.add(
                String(
                    x,
                    y,
                    s.text,
                    fontName=bold if s.bold else regular,
                    fontSize=s.size,
                    fillColor=fill or _rgb(INK),
                    textAnchor=s.anchor,
                )
            )
    return d


def to_svg(scene: Scene, mm_per_metre: float, *, title: str, desc: str, pad_mm: float = 5.0) -> str:
    """The scene as SVG text sized in millimetres at ``mm_per_metre`` (1:50 is 20 mm/m)."""
    x0, y0, x1, y1 = scene.bounds
    width = (x1 - x0) * mm_per_metre + 2 * pad_mm
    height = (y1 - y0) * mm_per_metre + 2 * pad_mm
    m = Mapping(scene.bounds, (pad_mm, pad_mm), mm_per_metre, flip=True, height=height)
    pt = MM_PER_PT
    dwg = svgwrite.Drawing(
        size=(f"{num(width)}mm", f"{num(height)}mm"),
        viewBox=f"0 0 {num(width)} {num(height)}",
        debug=False,
    )
    dwg.set_desc(title=title, desc=desc)
    if scene.background:
        dwg.add(
            dwg.rect(
                (num(pad_mm), num(pad_mm)),
                (num(width - 2 * pad_mm), num(height - 2 * pad_mm)),
                fill=scene.background,
            )
        )
    groups: dict[str, svgwrite.container.Group] = {}
    for s in scene.shapes:
        style = paint(s.fill, s.stroke, s.width, s.dash)
        pts = [m(p) for p in s.points]
        element: object
        if s.kind == "line":
            element = dwg.polyline([(num(x), num(y)) for x, y in pts], **style)
        elif s.kind == "polygon":
            element = dwg.polygon([(num(x), num(y)) for x, y in pts], **style)
        elif s.kind == "circle":
            r = s.radius * mm_per_metre if s.radius else s.radius_pt * pt
            element = dwg.circle(center=(num(pts[0][0]), num(pts[0][1])), r=num(r), **style)
        elif s.kind == "square":
            h = s.radius_pt * pt / 2
            element = dwg.rect(
                (num(pts[0][0] - h), num(pts[0][1] - h)), (num(2 * h), num(2 * h)), **style
            )
        else:
            x, y = pts[0]
            size = s.size * pt
            attrs = {
                "insert": (num(x), num(y + 0.35 * size)),
                "font_size": num(size),
                "font_family": "DejaVu Sans, Verdana, sans-serif",
                "text_anchor": s.anchor,
                "fill": s.fill or INK,
            }
            if s.bold:
                attrs["font_weight"] = "bold"
            if s.layer == "label-bg":
                w = _label_width(s) * pt
                bg = dwg.rect(
                    (num(x - w / 2 - 0.5), num(y - size / 2 - 0.3)),
                    (num(w + 1), num(size + 0.6)),
                    fill="#ffffff",
                )
                dwg.add(bg)
            element = dwg.text(s.text, **attrs)
        if s.layer and s.layer != "label-bg":
            if s.layer not in groups:
                groups[s.layer] = dwg.g(id=s.layer)
                dwg.add(groups[s.layer])
            groups[s.layer].add(element)
        else:
            dwg.add(element)
    return str(dwg.tostring())


def legend_points(points: Sequence[Point]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


# -- turn flow ------------------------------------------------------------------------------


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` in lines at most ``width`` pt wide, broken at plain spaces only (a no-break
    space keeps a number with its unit, unlike ReportLab's ``simpleSplit``)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    lines: list[str] = []
    current = ""
    for word in text.split(" "):
        trial = f"{current} {word}" if current else word
        if current and stringWidth(trial, font, size) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    return lines


def flow_drawing(steps: Sequence[str], loop_label: str, width: float) -> Drawing:
    """The turn as a column of numbered boxes joined by arrows, with a loop back to the top."""
    regular, bold, _, _ = register_fonts()
    size, lead, pad = 9.0, 11.5, 5.0
    box_w = width - 46
    wrapped = [wrap(s, regular, size, box_w - 2 * pad - 16) for s in steps]
    heights = [len(lines) * lead + 2 * pad for lines in wrapped]
    gap = 14.0
    total = sum(heights) + gap * (len(steps) - 1) + 4
    d = new_drawing(width, total)
    y = total - 2
    centres: list[tuple[float, float]] = []
    for number, (lines, h) in enumerate(zip(wrapped, heights, strict=True), start=1):
        top = y
        d.add(
            Rect(
                2,
                top - h,
                box_w,
                h,
                rx=4,
                ry=4,
                fillColor=_rgb("#f5ebdc"),
                strokeColor=_rgb("#7a4a1e"),
                strokeWidth=0.9,
            )
        )
        d.add(
            String(
                8,
                top - pad - size + 1,
                f"{number}",
                fontName=bold,
                fontSize=size + 1.5,
                fillColor=_rgb("#7a4a1e"),
            )
        )
        for i, text_line in enumerate(lines):
            d.add(
                String(
                    24,
                    top - pad - size + 1 - i * lead,
                    text_line,
                    fontName=regular,
                    fontSize=size,
                    fillColor=_rgb(INK),
                )
            )
        centres.append((top, top - h))
        y = top - h - gap
    arrow_colour = _rgb("#7a4a1e")
    mid = 2 + box_w / 2
    for (_, bottom), (next_top, _) in itertools.pairwise(centres):
        d.add(Line(mid, bottom, mid, next_top + 3, strokeColor=arrow_colour, strokeWidth=1.2))
        d.add(
            Polygon(
                [mid, next_top, mid - 3.5, next_top + 6, mid + 3.5, next_top + 6],
                fillColor=arrow_colour,
                strokeColor=None,
            )
        )
    # the loop: from the last box's right side back to the first box's right side
    right = 2 + box_w
    first_mid = (centres[0][0] + centres[0][1]) / 2
    last_mid = (centres[-1][0] + centres[-1][1]) / 2
    x = right + 14
    d.add(Line(right, last_mid, x, last_mid, strokeColor=arrow_colour, strokeWidth=1.2))
    d.add(Line(x, last_mid, x, first_mid, strokeColor=arrow_colour, strokeWidth=1.2))
    d.add(Line(x, first_mid, right + 5, first_mid, strokeColor=arrow_colour, strokeWidth=1.2))
    d.add(
        Polygon(
            [right, first_mid, right + 6, first_mid + 3.5, right + 6, first_mid - 3.5],
            fillColor=arrow_colour,
            strokeColor=None,
        )
    )
    label = String(
        0,
        0,
        loop_label,
        fontName=regular,
        fontSize=LABEL,
        fillColor=arrow_colour,
        textAnchor="middle",
    )
    from reportlab.graphics.shapes import Group

    g = Group(label)
    g.translate(x + 9, (first_mid + last_mid) / 2)
    g.rotate(90)
    d.add(g)
    return d


# -- labels clear of the lines ------------------------------------------------------------

SCENE_WIDTH = 360.0
"""Width (pt) a rulebook scene is laid out for when the caller does not say."""
LINE_CLEARANCE = 1.0
"""Least gap (pt) between a label's box and a line."""
LABEL_MARGIN = 8.5
"""Gap (pt, 3 mm) a label shifted to fit between two lines keeps from each of them."""


def scene_scale(scene: Scene, width: float, pad: float = 4.0) -> float:
    """Points per metre of ``scene`` drawn ``width`` points wide by :func:`to_drawing`."""
    return (width - 2 * pad) / (scene.bounds[2] - scene.bounds[0])


def label_box(shape: Shape, k: float) -> tuple[float, float, float, float]:
    """The box (metres) a text shape covers when drawn at ``k`` points per metre."""
    w = _label_width(shape) / k
    x, y = shape.points[0]
    x0 = {"start": x, "end": x - w}.get(shape.anchor, x - w / 2)
    base = y - 0.35 * shape.size / k
    return (x0, base - 0.22 * shape.size / k, x0 + w, base + 0.75 * shape.size / k)


def vertical_lines(scene: Scene) -> list[tuple[float, float, float, float]]:
    """Each vertical line of ``scene``: ``(x, y0, y1, stroke width in pt)``."""
    found = []
    for s in scene.shapes:
        if s.kind != "line":
            continue
        for a, b in itertools.pairwise(s.points):
            if abs(a[0] - b[0]) < 1e-9:
                found.append((a[0], min(a[1], b[1]), max(a[1], b[1]), s.width))
    return found


def crossings(scene: Scene, k: float) -> list[tuple[str, float]]:
    """Each ``(label, line x)`` where a label's box comes within :data:`LINE_CLEARANCE` of a
    vertical line, the scene drawn at ``k`` points per metre."""
    found = []
    lines = vertical_lines(scene)
    for s in scene.shapes:
        if s.kind != "text" or s.layer == "label-bg":
            continue
        x0, y0, x1, y1 = label_box(s, k)
        for x, ly0, ly1, width in lines:
            gap = (width / 2 + LINE_CLEARANCE) / k
            if x0 - gap < x < x1 + gap and y0 < ly1 and ly0 < y1:
                found.append((s.text, x))
    return found


def _fitted_x(scene: Scene, shape: Shape, px: float, k: float) -> float:
    """The centre for ``shape`` (drawn at ``k`` points per metre) between the two vertical
    lines on either side of ``px``, clear of both by :data:`LABEL_MARGIN` where it fits
    (``px`` itself where there is no line on a side)."""
    half = _label_width(shape) / k / 2
    xs = [x for x, _, _, _ in vertical_lines(scene)]
    left = max((x for x in xs if x < px), default=None)
    right = min((x for x in xs if x > px), default=None)
    margin = LABEL_MARGIN / k
    lo = px if left is None else left + margin + half
    hi = px if right is None else right - margin - half
    if left is not None and right is not None and lo > hi:
        return (left + right) / 2
    return min(max(px, lo), hi)


def clear_labels(scene: Scene, k: float) -> None:
    """Move each label set beside a piece that a line strikes to the first clear place of: the
    piece's other side, centred above it, centred below it, above or below it but shifted to
    fit between the lines on either side (kept if none is clear)."""
    for n, s in enumerate(scene.shapes):
        if s.kind != "text" or s.beside is None or not _crossing_of(scene, s, k):
            continue
        (x, y), (px, py) = s.points[0], s.beside
        off = 0.35 + s.size / k
        fx = _fitted_x(scene, s, px, k)
        candidates = [
            replace(s, points=((2 * px - x, y),), anchor="end" if s.anchor == "start" else "start"),
            replace(s, points=((px, py + off),), anchor="middle"),
            replace(s, points=((px, py - off),), anchor="middle"),
            replace(s, points=((fx, py + off),), anchor="middle"),
            replace(s, points=((fx, py - off),), anchor="middle"),
        ]
        for moved in candidates:
            if not _crossing_of(scene, moved, k):
                scene.shapes[n] = moved
                break


def _crossing_of(scene: Scene, shape: Shape, k: float) -> list[tuple[str, float]]:
    lines = [s for s in scene.shapes if s.kind == "line"]
    return crossings(Scene(scene.bounds, [*lines, shape]), k)


# -- rulebook scenes ------------------------------------------------------------------------


def _half_field(f: KubbField, pad: float) -> Scene:
    """The whole field, plain, with baselines in team colours and the centre line dashed."""
    scene = Scene((-pad, -pad, f.length + pad, f.width + pad))
    corners = ((0.0, 0.0), (f.length, 0.0), (f.length, f.width), (0.0, f.width))
    scene.add(Shape("polygon", corners, stroke=INK, fill="#eef6e8", width=0.8))
    cx = f.centre_x
    scene.add(
        line((cx, 0.0), (cx, f.width), stroke=INK, width=0.8, dash=(4, 3)),
        line((0.0, 0.0), (0.0, f.width), stroke=TEAM[0], width=2.0),
        line((f.length, 0.0), (f.length, f.width), stroke=TEAM[1], width=2.0),
    )
    for p in f.stakes:
        scene.add(Shape("circle", (p,), stroke=INK, fill="#222222", radius_pt=2.2))
    scene.add(Shape("square", (f.king,), stroke=INK, fill=KING, radius_pt=7))
    return scene


def _kubb(p: Point, team: int, role: str, *, penalty: bool = False) -> Shape:
    """A standing kubb of ``team``; ``role`` (``base`` or ``field``) names its layer
    ``kubb-<team>-<role>``, so tests can count what a scene draws."""
    return Shape(
        "square",
        (p,),
        stroke=PENALTY if penalty else TEAM[team],
        fill=WOOD,
        width=1.8 if penalty else 1.0,
        radius_pt=6.5,
        layer=f"kubb-{team}-{role}",
    )


def kubbs_drawn(scene: Scene, team: int, role: str) -> int:
    """How many kubbs of ``team`` in ``role`` (``base``/``field``) ``scene`` draws."""
    return sum(1 for s in scene.shapes if s.layer == f"kubb-{team}-{role}")


def _standing_base(scene: Scene, state: KubbState) -> None:
    """Every base kubb standing in ``state``, in its team's colour."""
    geo = state.game.field
    half = state.game.kubbs // 2
    positions = [*geo.base_positions(0), *geo.base_positions(1)]
    for i in range(state.game.kubbs):
        if state.base[i] and state.up[i]:
            scene.add(_kubb(positions[i], i // half, "base"))


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    """Distance from ``p`` to the segment ``a``–``b``."""
    (ax, ay), (bx, by) = a, b
    length = (bx - ax) ** 2 + (by - ay) ** 2
    u = 0.0 if length == 0 else ((p[0] - ax) * (bx - ax) + (p[1] - ay) * (by - ay)) / length
    u = max(0.0, min(1.0, u))
    return math.dist(p, (ax + u * (bx - ax), ay + u * (by - ay)))


def throw_in_scene(state: KubbState, labels: dict[str, str], width: float = SCENE_WIDTH) -> Scene:
    """A throw-in as a scenario played it (``state``: after the last throw-in): each kubb that
    landed with its throw from the thrower's baseline, the misses beside the field, the
    penalty kubb where the other team stood it, outside the circles of the penalty distance
    around the king and the stakes of that half; the base kubbs still standing. Labels are
    kept clear of the lines for the scene drawn ``width`` points wide."""
    geo = state.game.field
    scene = _half_field(geo, 0.6)
    _standing_base(scene, state)
    lines = [line for line in state.record_lines() if line["throw"] == "in"]
    team = lines[0]["team"] if lines else 0
    half = state.game.kubbs // 2
    colour = TEAM[team]
    home = geo.baseline_x(team)
    start = (home, geo.width * 0.78)
    head = 0.25
    missed = 0
    k = scene_scale(scene, width)
    # the misses far enough apart that the first one's label ends before the second arrow
    first = text((0.0, 0.0), labels["out"], size=LABEL, anchor="start")
    apart = max(1.8, _label_width(first) / k + 0.6)
    clear = state.game.rules.penalty_min_distance + 0.15
    for line in lines:
        x, y = line["placed"]
        if line["penalty"]:
            for attempt in range(line["attempt"]):
                out = (x - apart + apart * attempt, geo.width + 0.45)
                scene.add(*arrow(start, out, colour, head, width=0.9, dash=(3, 2)))
                label = labels["out"] if attempt == 0 else labels["out_again"]
                scene.add(
                    text((out[0] + 0.15, out[1] + 0.05), label, size=LABEL, anchor="start",
                         fill=colour)
                )  # fmt: skip
                missed += 1
            scene.add(_kubb((x, y), line["kubb"] // half, "field", penalty=True))
            scene.add(
                text(
                    (x + 0.25, y),
                    labels["penalty"],
                    size=LABEL,
                    anchor="start",
                    fill=PENALTY,
                    beside=(x, y),
                )
            )
        else:
            # from the baseline point whose arrow keeps clear of the king's circle
            starts = [(home, geo.width * share) for share in (0.78, 0.5, 0.22)]
            begin = next(
                (p for p in starts if _segment_distance(geo.king, p, (x, y)) > clear), start
            )
            scene.add(*arrow(begin, (x, y), colour, head, width=0.9, dash=(3, 2)))
            scene.add(_kubb((x, y), line["kubb"] // half, "field"))
    landed = [line["placed"] for line in lines if not line["penalty"]]
    if landed:
        lx, ly = min(landed, key=lambda p: p[1])
        tag = text((lx + 0.25, ly - 0.35), labels["field"], size=LABEL, anchor="start",
                     beside=(lx, ly))  # fmt: skip
        scene.add(tag)
    other = 1 - team
    far = [p for p in geo.corners if geo.half_of(p[0]) == other]
    distance = state.game.rules.penalty_min_distance
    for centre in (geo.king, *geo.centre_stakes, *far):
        scene.add(
            Shape(
                "circle",
                (centre,),
                stroke=PENALTY,
                fill=None,
                radius=distance,
                width=0.7,
                dash=(2, 1.5),
            )
        )
    scene.add(text((home + 0.1, -0.35), labels["thrower"], size=LABEL, anchor="start",
                   fill=colour))  # fmt: skip
    clear_labels(scene, scene_scale(scene, width))
    return scene


def advantage_scene(
    state: KubbState, target: int, labels: dict[str, str], width: float = SCENE_WIDTH
) -> Scene:
    """The advantage line as a scenario played it (``state``: the team to throw has chosen
    its line): the field kubbs the other team left standing in this half, the line through
    the one nearest the centre line and the first baton from it at ``target``; labels clear of
    the lines for the scene drawn ``width`` points wide."""
    geo = state.game.field
    scene = _half_field(geo, 0.6)
    _standing_base(scene, state)
    team = state.team
    standing = [
        (state.xs[i], state.ys[i])
        for i in range(state.game.kubbs)
        if not state.base[i] and state.up[i] and geo.half_of(state.xs[i]) == team
    ]
    owners = [
        i // (state.game.kubbs // 2)
        for i in range(state.game.kubbs)
        if not state.base[i] and state.up[i] and geo.half_of(state.xs[i]) == team
    ]
    for p, owner in zip(standing, owners, strict=True):
        scene.add(_kubb(p, owner, "field"))
    if standing:
        far = max(standing, key=lambda p: abs(p[0] - geo.centre_x))
        scene.add(text((far[0] + 0.25, far[1] + 0.35), labels["field"], size=LABEL,
                       anchor="start", beside=far))  # fmt: skip
    line_x = state.line_x
    scene.add(line((line_x, 0.0), (line_x, geo.width), stroke=PENALTY, width=1.6, dash=(6, 2)))
    scene.add(
        text((line_x + 0.12, geo.width + 0.3), labels["line"], size=LABEL, anchor="start",
             fill=PENALTY)
    )  # fmt: skip
    aim = (state.xs[target], state.ys[target])
    thrower = (line_x, max(0.3, aim[1] - 1.2))  # clear of the king
    side = 0.15 if aim[0] > line_x else -0.15
    scene.add(*arrow(thrower, (aim[0] - side, aim[1]), TEAM[team], 0.25, width=1.0))
    baseline = geo.baseline_x(team)
    scene.add(
        text((baseline - 0.1 if team else baseline + 0.1, -0.35), labels["baseline"],
             size=LABEL, anchor="end" if team else "start", fill=TEAM[team])
    )  # fmt: skip
    clear_labels(scene, scene_scale(scene, width))
    return scene
