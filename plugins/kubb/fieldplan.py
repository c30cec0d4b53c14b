"""The Kubb field plan: a to-scale drawing of the field and the steps to mark it out on grass.

Everything is read from :class:`plywright.plugins.kubb.geometry.KubbField`. The six stakes are named
A-F: A and B end team 0's baseline (A at ``y = 0``), C and D team 1's (C at ``y = 0``), E and
F the centre line (E at ``y = 0``). The field is squared with one tape by the diagonal
``sqrt(L^2 + W^2)``: hook the tape's zero on A, hold the ``L + diagonal`` mark on B and pull
the ``L`` mark taut: that point is C (A-C = L, B-C = diagonal), a right angle at A.

Outputs: an SVG at 1:50 (field metres -> millimetres) and a PDF on A4 or Letter (landscape):
page 1 the plan at the largest standard scale that fits, with a metre scale bar and the
100 mm check bar; page 2 the numbered marking-out steps and the table of tape measurements.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from plywright.locales import column_decimals
from plywright.plugins.kubb import diagrams as dg
from plywright.plugins.kubb.geometry import KubbField, Point
from plywright.plugins.kubb.locales import Texts
from plywright.print.fonts import register_fonts
from plywright.print.plandraw import PT_PER_MM
from plywright.print.publisher import PublisherMark, draw_beside, draw_footer_line
from plywright.print.scalebar import scale_bar, scale_check_label
from plywright.print.sheet import pdf_canvas
from plywright.print.tiling import PAPER_MM

SCALES = (20, 25, 50, 75, 100, 125, 150, 200, 250, 500)
"""Standard drawing scales 1:N, largest drawing first."""
SVG_SCALE = 50
"""The SVG is drawn at 1:50."""
PAGE_MARGIN = 12.0
"""Page margin (mm)."""
HEADER = 16.0
FOOTER = 24.0
DIM_GAP = 9.0
"""Distance (paper mm) between the field edge and its first dimension line."""
LABEL_SIZE = 8.0
"""Labels and dimensions of the field drawing (pt) in the rulebook."""
PLAN_LABEL_SIZE = 9.5
"""Labels and dimensions of the field plan's page 1 (pt)."""
KEY_SIZE = 9.0
"""The key, the print note and the metre bar under the plan (pt)."""

STAKE_NAMES = ("A", "B", "C", "D", "E", "F")


def stake_points(f: KubbField) -> dict[str, Point]:
    """The six stakes by name, from the geometry model (corners, then the centre line)."""
    (a, b, c, d), (e, ff) = f.corners, f.centre_stakes
    return dict(zip(STAKE_NAMES, (a, b, c, d, e, ff), strict=True))


# -- marking out ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Measure:
    """One tape measurement between two stakes (or a stake and a piece)."""

    start: str
    end: str
    metres: float
    key: str
    """Locale key of what it is for (``fieldplan.measure_<key>``)."""


def measurements(f: KubbField) -> list[Measure]:
    """Every distance a club checks with the tape, from the geometry model."""
    s = stake_points(f)
    return [
        Measure("A", "B", math.dist(s["A"], s["B"]), "baseline"),
        Measure("A", "C", math.dist(s["A"], s["C"]), "side"),
        Measure("B", "C", math.dist(s["B"], s["C"]), "diagonal"),
        Measure("B", "D", math.dist(s["B"], s["D"]), "side"),
        Measure("A", "D", math.dist(s["A"], s["D"]), "diagonal"),
        Measure("C", "D", math.dist(s["C"], s["D"]), "baseline"),
        Measure("A", "E", math.dist(s["A"], s["E"]), "half"),
        Measure("B", "F", math.dist(s["B"], s["F"]), "half"),
        Measure("E", "F", math.dist(s["E"], s["F"]), "centre"),
        Measure("A", "F", math.dist(s["A"], s["F"]), "half_diagonal"),
        Measure("B", "E", math.dist(s["B"], s["E"]), "half_diagonal"),
        Measure("E", "K", math.dist(s["E"], f.king), "king"),
    ]


def marking_steps(f: KubbField, t: Texts) -> list[str]:
    """The numbered steps (texts of the locale, filled with this field's measurements)."""
    base = t.listed([t.m(y) for y in f.base_y()])
    values = {
        "length": t.m(f.length),
        "width": t.m(f.width),
        "diagonal": t.m(f.diagonal, decimals=2),
        "loop": t.m(f.length + f.diagonal),
        "half": t.m(f.centre_x),
        "king": t.m(f.width / 2),
        "half_diagonal": t.m(f.half_diagonal, decimals=2),
        "base": base,
        "kubbs": f.kubbs_per_team,
        "spacing": t.m(f.kubb_spacing),
    }
    keys = ("a_b", "c", "d", "check_cd", "centre", "king", "base", "check")
    return [t(f"fieldplan.step_{key}", **values) for key in keys]


# -- the drawing ----------------------------------------------------------------------------


def field_scene(
    f: KubbField, t: Texts, unit: float, *, preview: bool = False, size: float = LABEL_SIZE
) -> dg.Scene:
    """The field with stakes, king, base kubbs, diagonal and dimensions.

    ``unit`` is metres per paper millimetre (the scale: 0.05 at 1:50); offsets and arrow
    heads are given in paper millimetres through it. ``preview`` draws grass and wood colours
    and leaves the dimensions out. ``size``: the labels' size (pt; stake names 2 pt larger).
    """
    length, width = f.length, f.width
    gap = DIM_GAP * unit
    head = 2.2 * unit
    pad = 1.5 * gap
    bounds = (-pad, -pad, length + pad, width + pad) if preview else field_scene_bounds(f, unit)
    scene = dg.Scene(bounds, background=dg.GRASS_DARK if preview else None)
    corners = [(0.0, 0.0), (length, 0.0), (length, width), (0.0, width)]
    scene.add(
        dg.Shape(
            "polygon",
            tuple(corners),
            stroke=dg.CHALK if preview else dg.INK,
            fill=dg.GRASS if preview else "#eef6e8",
            width=1.0,
            layer="field",
        )
    )
    s = stake_points(f)
    line_colour = dg.CHALK if preview else dg.INK
    scene.add(
        dg.line(s["E"], s["F"], stroke=line_colour, width=1.0, dash=(5, 3), layer="centre-line"),
        dg.line(s["A"], s["B"], stroke=dg.TEAM[0], width=2.2, layer="baselines"),
        dg.line(s["C"], s["D"], stroke=dg.TEAM[1], width=2.2, layer="baselines"),
    )
    if not preview:
        scene.add(
            dg.line(s["A"], s["D"], stroke="#8a8a8a", width=0.6, dash=(2, 2), layer="diagonal"),
            dg.line(s["B"], s["C"], stroke="#8a8a8a", width=0.6, dash=(2, 2), layer="diagonal"),
        )
        angle_label = t("fieldplan.diagonal_label", value=t.m(f.diagonal))
        # on the diagonal A-D, its white box clear of the centre line by 2 mm of paper
        half_label = (stringWidth(angle_label, register_fonts()[0], size) / PT_PER_MM + 3) / 2
        label_x = min(length * 0.3, f.centre_x - (half_label + 2) * unit)
        label_at = (label_x, label_x / length * width + 0.35 * unit * 8)
        scene.add(
            dg.Shape(
                "text",
                (label_at,),
                stroke=None,
                fill="#555555",
                text=angle_label,
                size=size,
                layer="label-bg",
            )
        )
    for team in (0, 1):
        for p in f.base_positions(team):
            scene.add(
                dg.Shape(
                    "square",
                    (p,),
                    stroke=dg.TEAM[team],
                    fill=dg.WOOD,
                    width=1.0,
                    radius_pt=16 if preview else 7,
                    layer="base-kubbs",
                )
            )
    scene.add(
        dg.Shape(
            "square",
            (f.king,),
            stroke=dg.INK,
            fill=dg.KING,
            width=1.0,
            radius_pt=22 if preview else 9,
            layer="king",
        )
    )
    for name, p in s.items():
        scene.add(
            dg.Shape("circle", (p,), stroke=dg.INK, fill="#222222", radius_pt=3.2, layer="stakes")
        )
        if not preview:
            # corner names outside the corner; E and F beside the centre line (E's dimension
            # line's extension runs down the centre line)
            dx = -1 if p[0] < length / 2 - 1e-9 else 1
            dy = -1 if p[1] < width / 2 else 1
            shift = 3.2 if abs(p[0] - length / 2) > 1e-9 else 1.8
            at = (p[0] + dx * shift * unit, p[1] + dy * 3.8 * unit)
            anchor: dg.Anchor = "end" if dx < 0 else "start"
            scene.add(
                dg.text(at, name, size=size + 2, bold=True, anchor=anchor, layer="stake-names")
            )
    if not preview:
        scene.add(
            dg.text(
                (f.king[0] + 3 * unit, f.king[1] + 4 * unit),
                t("fieldplan.king"),
                size=size,
                anchor="start",
            )
        )
        _dimensions(scene, f, t, unit, gap, head, size)
    return scene


def _dimensions(
    scene: dg.Scene, f: KubbField, t: Texts, unit: float, gap: float, head: float, size: float
) -> None:
    length, width = f.length, f.width
    s = stake_points(f)
    ys = f.base_y()
    scene.add(
        *dg.dimension(s["A"], s["C"], (0, -1.6 * gap), t.m(length), head, size),
        *dg.dimension(s["A"], s["E"], (0, -0.8 * gap), t.m(f.centre_x), head, size),
        *dg.dimension(s["A"], s["B"], (-2.2 * gap, 0), t.m(width), head, size),
        *dg.dimension(s["E"], f.king, (0.7 * gap, 0.0), t.m(width / 2), head, size),
    )
    x0 = (0.0, 0.0)
    first = (0.0, ys[0])
    scene.add(*dg.dimension(x0, first, (-1.0 * gap, 0), t.m(ys[0]), head, size))
    if len(ys) > 1:
        scene.add(
            *dg.dimension(first, (0.0, ys[1]), (-1.0 * gap, 0), t.m(ys[1] - ys[0]), head, size)
        )
    top = (0.0, width)
    scene.add(*dg.dimension((0.0, ys[-1]), top, (-1.0 * gap, 0), t.m(width - ys[-1]), head, size))
    scene.add(*dg.dimension(s["B"], s["D"], (0, 0.9 * gap), t.m(length), head, size))


def choose_scale(f: KubbField, area_mm: tuple[float, float]) -> int:
    """The largest standard scale 1:N at which the plan (dimensions included) fits ``area_mm``."""
    for n in SCALES:
        unit = n / 1000
        x0, y0, x1, y1 = field_scene_bounds(f, unit)
        if (x1 - x0) / unit <= area_mm[0] and (y1 - y0) / unit <= area_mm[1]:
            return n
    return SCALES[-1]


def field_scene_bounds(f: KubbField, unit: float) -> tuple[float, float, float, float]:
    gap = DIM_GAP * unit
    return (-3 * gap, -2.4 * gap, f.length + 1.8 * gap, f.width + 2.4 * gap)


# -- SVG ------------------------------------------------------------------------------------


def field_plan_svg(f: KubbField, t: Texts, title: str) -> str:
    unit = SVG_SCALE / 1000
    scene = field_scene(f, t, unit)
    desc = t(
        "fieldplan.svg_desc",
        scale=SVG_SCALE,
        length=t.m(f.length),
        width=t.m(f.width),
        diagonal=t.m(f.diagonal),
    )
    return dg.to_svg(scene, 1000 / SVG_SCALE, title=title, desc=desc)


def preview_svg(f: KubbField, t: Texts, title: str) -> str:
    unit = SVG_SCALE / 1000
    scene = field_scene(f, t, unit, preview=True)
    return dg.to_svg(
        scene, 1000 / SVG_SCALE, title=title, desc=t("fieldplan.preview_desc"), pad_mm=0
    )


# -- PDF ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlanPage:
    """Where page 1 puts the field: scale 1:``scale`` and the page point of field (0, 0)."""

    page_mm: tuple[float, float]
    scale: int
    origin_pt: Point

    @property
    def pt_per_metre(self) -> float:
        return 1000 / self.scale * PT_PER_MM


def plan_page(f: KubbField, paper: str) -> PlanPage:
    """The layout of page 1 on ``paper`` (landscape)."""
    short, long_ = PAPER_MM[paper]
    page = (long_, short)
    area = (page[0] - 2 * PAGE_MARGIN, page[1] - HEADER - FOOTER - 2 * PAGE_MARGIN)
    scale = choose_scale(f, area)
    unit = scale / 1000
    x0, y0, x1, y1 = field_scene_bounds(f, unit)
    w, h = (x1 - x0) / unit, (y1 - y0) / unit
    left = PAGE_MARGIN + (area[0] - w) / 2
    bottom = PAGE_MARGIN + FOOTER + (area[1] - h) / 2
    origin = ((left - x0 / unit) * PT_PER_MM, (bottom - y0 / unit) * PT_PER_MM)
    return PlanPage(page, scale, origin)


def metre_bar(c: Canvas, x: float, y: float, pt_per_metre: float, t: Texts) -> float:
    """A scale bar in whole metres at page point (x, y); returns its length in metres."""
    regular, bold, _, _ = register_fonts()
    metres = (
        5
        if pt_per_metre * 5 <= 90 * PT_PER_MM
        else (2 if pt_per_metre * 2 <= 90 * PT_PER_MM else 1)
    )
    c.saveState()
    c.setLineWidth(0.5)
    for i in range(metres):
        c.setFillColorRGB(*((0, 0, 0) if i % 2 == 0 else (1, 1, 1)))
        c.rect(x + i * pt_per_metre, y + 9, pt_per_metre, 7, stroke=1, fill=1)
    c.setFillColorRGB(0, 0, 0)
    c.setFont(regular, KEY_SIZE)
    for i in range(metres + 1):
        c.drawCentredString(x + i * pt_per_metre, y, f"{i}")
    c.drawString(x + metres * pt_per_metre + 8, y, "m")
    c.setFont(bold, KEY_SIZE)
    scale = round(1000 * PT_PER_MM / pt_per_metre)
    label = t("fieldplan.metre_bar", scale=scale, paper_cm=t.number(100 / scale))
    c.drawString(x, y + 20, label)
    c.restoreState()
    return float(metres)


def write_field_plan_pdf(
    path: Path,
    f: KubbField,
    t: Texts,
    paper: str,
    name: str,
    *,
    publisher: PublisherMark | None = None,
) -> PlanPage:
    """Write the two-page field plan (the ``publisher``'s mark, if any, in page 1's header and
    its name at the foot of both); returns page 1's layout (for the tests)."""
    regular, _bold, _, _ = register_fonts()
    layout = plan_page(f, paper)
    k = PT_PER_MM
    title = t("fieldplan.title", length=t.number(f.length), width=t.number(f.width))
    words = {"title": f"{title} — {name}", "subject": t("fieldplan.subject")}
    c = pdf_canvas(path, layout.page_mm, **words, publisher=publisher)
    # page 1: the plan
    small = t("fieldplan.scale", scale=layout.scale)
    _page_header(c, layout.page_mm, title, small, name, 1, publisher)
    m = dg.Mapping((0.0, 0.0, 0.0, 0.0), layout.origin_pt, layout.pt_per_metre)
    dg.draw_on_canvas(c, field_scene(f, t, layout.scale / 1000, size=PLAN_LABEL_SIZE), m)
    bar_x = PAGE_MARGIN * k
    scale_bar(c, bar_x, (PAGE_MARGIN + 2) * k, label=scale_check_label(t.lang))
    metre_bar(c, bar_x + 115 * k, (PAGE_MARGIN + 2) * k, layout.pt_per_metre, t)
    c.setFont(regular, KEY_SIZE)
    c.drawString(PAGE_MARGIN * k, (PAGE_MARGIN + 18) * k, t("fieldplan.print_note"))
    _key(c, t, ((layout.page_mm[0] - PAGE_MARGIN) * k - KEY_WIDTH, (PAGE_MARGIN + 22) * k))
    c.showPage()
    # page 2: the steps and the tape measurements
    _page_header(
        c,
        layout.page_mm,
        t("fieldplan.steps_title"),
        t("fieldplan.steps_subtitle"),
        name,
        2,
        publisher,
    )
    _steps_page(c, f, t, layout.page_mm, *steps_layout(f, t, layout.page_mm))
    c.showPage()
    c.save()
    return layout


KEY_WIDTH = 250.0
"""Width (pt) of the key in the bottom right corner of page 1."""
KEY_ITEMS = ("stakes", "baselines", "kubbs", "king", "lines")


def _key(c: Canvas, t: Texts, top_left: Point) -> None:
    """The key of the plan: one line per kind of mark, each after its symbol."""
    regular, bold, _, _ = register_fonts()
    x, y = top_left
    lead = KEY_SIZE + 2.4
    c.saveState()
    c.setFillColorRGB(0, 0, 0)
    c.setFont(bold, KEY_SIZE)
    c.drawString(x, y, t("fieldplan.legend_title"))
    for item in KEY_ITEMS:
        y -= lead
        _key_symbol(c, item, x + 8, y + KEY_SIZE * 0.33)
        c.setFillColorRGB(0, 0, 0)
        c.setFont(regular, KEY_SIZE)
        c.drawString(x + 22, y, t(f"fieldplan.legend_{item}"))
    c.restoreState()


def _key_symbol(c: Canvas, item: str, x: float, y: float) -> None:
    c.saveState()
    c.setStrokeColor(colors.HexColor(dg.INK))
    if item == "stakes":
        c.setFillColor(colors.HexColor("#222222"))
        c.circle(x, y, 3.2, stroke=1, fill=1)
    elif item == "baselines":
        c.setLineWidth(2.2)
        for dy, colour in ((2, dg.TEAM[0]), (-2, dg.TEAM[1])):
            c.setStrokeColor(colors.HexColor(colour))
            c.line(x - 7, y + dy, x + 7, y + dy)
    elif item in ("kubbs", "king"):
        side = 7.0 if item == "kubbs" else 9.0
        c.setFillColor(colors.HexColor(dg.WOOD if item == "kubbs" else dg.KING))
        c.setStrokeColor(colors.HexColor(dg.TEAM[0] if item == "kubbs" else dg.INK))
        c.rect(x - side / 2, y - side / 2, side, side, stroke=1, fill=1)
    else:
        c.setDash([5, 3])
        c.line(x - 8, y, x + 8, y)
    c.restoreState()


def _page_header(
    c: Canvas,
    page: tuple[float, float],
    big: str,
    small: str,
    name: str,
    number: int,
    publisher: PublisherMark | None = None,
) -> None:
    """A page's header; with a ``publisher``, its mark beside page 1's title and its name at
    the foot of every page."""
    regular, bold, _, _ = register_fonts()
    k = PT_PER_MM
    y = (page[1] - PAGE_MARGIN - 7) * k
    c.setFillColorRGB(0, 0, 0)
    c.setFont(bold, 16)
    c.drawString(PAGE_MARGIN * k, y, big)
    c.setFont(regular, 9)
    small_x = PAGE_MARGIN * k + c.stringWidth(big, bold, 16) + 10
    c.drawString(small_x, y, small)
    c.drawRightString((page[0] - PAGE_MARGIN) * k, y + 6, name)
    c.drawRightString((page[0] - PAGE_MARGIN) * k, y - 5, f"{number} / 2")
    if publisher is None:
        return
    right = (page[0] - PAGE_MARGIN) * k
    if number == 1:
        left = small_x + c.stringWidth(small, regular, 9) + 8 * k
        lines = max(c.stringWidth(text, regular, 9) for text in (name, f"{number} / 2"))
        draw_beside(c, publisher, left, right - lines - 8 * k, y)
    draw_footer_line(c, publisher, PAGE_MARGIN * k, right)


TAPE_LENGTHS = (10, 15, 20, 25, 30, 50)
"""Lengths (m) tape measures are sold in."""


def sold_tape(least: float) -> int:
    """The shortest tape measure on sale of at least ``least`` metres (rounded up)."""
    need = math.ceil(least)
    return next((n for n in TAPE_LENGTHS if n >= need), need)


STEP_SCALES = (1.3, 1.25, 1.2, 1.15, 1.1, 1.05, 1.0)
"""Type on page 2 relative to its smallest (steps 9.5 pt, table 8.5 pt): the largest that fits."""
STEP_SHARES = (0.6, 0.55, 0.5)
"""Shares of page 2's width the steps may take (the measurement table takes the rest)."""


def steps_layout(f: KubbField, t: Texts, page: tuple[float, float]) -> tuple[float, float]:
    """Page 2's type scale and steps share: the largest of :data:`STEP_SCALES` at which the
    steps fit above the bottom margin and the measurement table beside them, the widest steps
    column of :data:`STEP_SHARES` first."""
    for scale in STEP_SCALES:
        for share in STEP_SHARES:
            if _steps_page(None, f, t, page, scale, share):
                return scale, share
    return STEP_SCALES[-1], STEP_SHARES[0]


def _steps_page(
    c: Canvas | None,
    f: KubbField,
    t: Texts,
    page: tuple[float, float],
    s: float = 1.0,
    share: float = 0.6,
) -> bool:
    """Page 2 at type scale ``s``, the steps taking ``share`` of the width (drawn on ``c``;
    ``None``: only measured); whether it fits."""
    regular, bold, _, _ = register_fonts()
    k = PT_PER_MM
    left = PAGE_MARGIN * k
    column = (page[0] - 2 * PAGE_MARGIN) * share * k
    right_end = (page[0] - PAGE_MARGIN) * k
    y = (page[1] - PAGE_MARGIN - HEADER - 4) * k
    tools = t(
        "fieldplan.tools",
        kubbs=f.kubbs_per_team,
        tape=t.m(math.ceil(f.length + f.diagonal)),
        two_tapes=t.m(math.ceil(f.diagonal)),
        tape_sold=t.m(sold_tape(f.length + f.diagonal)),
    )
    if c is not None:
        c.setFont(regular, 9 * s)
    for line in dg.wrap(tools, regular, 9 * s, column):
        if c is not None:
            c.drawString(left, y, line)
        y -= 11.5 * s
    y -= 6 * s
    indent = 22 * s
    for number, step in enumerate(marking_steps(f, t), start=1):
        lines = dg.wrap(step, regular, 9.5 * s, column - indent)
        if c is not None:
            c.setFont(bold, 11 * s)
            c.drawString(left, y, f"{number}.")
            c.setFont(regular, 9.5 * s)
        for line in lines:
            if c is not None:
                c.drawString(left + indent, y, line)
            y -= 12.5 * s
        y -= 5 * s
    fits = y + 12.5 * s >= PAGE_MARGIN * k
    # the measurement table on the right
    x = left + column + 18
    y = (page[1] - PAGE_MARGIN - HEADER - 4) * k
    rows = measurements(f)
    decimals = column_decimals([measure.metres for measure in rows])
    cells = [
        (
            f"{m.start}–{t('fieldplan.king') if m.end == 'K' else m.end}",
            t.m(m.metres, decimals),
            t(f"fieldplan.measure_{m.key}"),
        )
        for m in rows
    ]
    widest = max(stringWidth(what, regular, 8.5 * s) for _, _, what in cells)
    fits = fits and x + 105 * s + widest <= right_end
    if c is None:
        return fits
    c.setFont(bold, 10 * s)
    c.drawString(x, y, t("fieldplan.table_title"))
    y -= 15 * s
    c.setFont(bold, 8.5 * s)
    c.drawString(x, y, t("fieldplan.col_from_to"))
    c.drawRightString(x + 95 * s, y, t("fieldplan.col_distance"))
    c.drawString(x + 105 * s, y, t("fieldplan.col_what"))
    y -= 4 * s
    c.setLineWidth(0.6)
    c.line(x, y, x + 200 * s, y)
    y -= 11 * s
    c.setFont(regular, 8.5 * s)
    for span, distance, what in cells:
        c.drawString(x, y, span)
        c.drawRightString(x + 95 * s, y, distance)
        c.drawString(x + 105 * s, y, what)
        y -= 12 * s
    y -= 10 * s
    c.setFont(regular, 8 * s)
    for line in dg.wrap(t("fieldplan.tolerance"), regular, 8 * s, 200 * s):
        c.drawString(x, y, line)
        y -= 10 * s
    triangle_sketch(c, f, t, (x, y - 14 * s), 200 * s, y - 14 * s - PAGE_MARGIN * k)
    return fits


TAPE = "#c8102e"
"""Colour of the tape in the triangle sketch."""


def triangle_sketch(
    c: Canvas, f: KubbField, t: Texts, top_left: Point, width: float, height: float
) -> None:
    """The looped tape of steps 2 and 3 as a sketch at most ``width`` x ``height`` pt below
    ``top_left``: the field to be (dashed), the tape A–C–B and its marks, and a caption."""
    regular, bold, _, _ = register_fonts()
    s = stake_points(f)
    x, top = top_left
    caption = dg.wrap(
        t("fieldplan.triangle", length=t.m(f.length), loop=t.m(f.length + f.diagonal)),
        regular,
        8.5,
        width,
    )
    room = height - 11 * len(caption) - 30
    if room < 40:
        return
    k = min((width - 30) / f.length, room / f.width)

    def at(name: str) -> Point:
        px, py = s[name]
        return (x + 12 + px * k, top - 14 - (f.width - py) * k)

    c.saveState()
    c.setStrokeColor(colors.HexColor("#8a8a8a"))
    c.setLineWidth(0.6)
    c.setDash([3, 2])
    corners = [at(n) for n in ("A", "C", "D", "B")]
    for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
        c.line(*a, *b)
    c.setDash()
    c.setStrokeColor(colors.HexColor(TAPE))
    c.setLineWidth(1.6)
    tape = [at("A"), at("C"), at("B")]
    for a, b in itertools.pairwise(tape):
        c.line(*a, *b)
    c.setFillColor(colors.HexColor(TAPE))
    c.setFont(regular, 8.5)
    (ax, ay), (cx, cy), (bx, by) = tape
    c.drawCentredString((ax + cx) / 2, ay - 10, f"A–C {t.m(f.length)}")
    c.saveState()
    c.translate((bx + cx) / 2, (by + cy) / 2 + 3)
    c.rotate(math.degrees(math.atan2(cy - by, cx - bx)))
    c.drawCentredString(0, 2, f"B–C {t.m(f.diagonal, decimals=2)}")
    c.restoreState()
    c.setFillColorRGB(0, 0, 0)
    c.setFont(bold, 10)
    for name in ("A", "B", "C", "D"):
        px, py = at(name)
        c.circle(px, py, 2.4, stroke=0, fill=1)
        left = name in ("A", "B")
        dy = -10 if name in ("A", "C") else 4
        if left:
            c.drawRightString(px - 4, py + dy, name)
        else:
            c.drawString(px + 4, py + dy, name)
    c.setFont(regular, 8.5)
    y = min(ay, cy) - 24
    for line in caption:
        c.drawString(x, y, line)
        y -= 11
    c.restoreState()
