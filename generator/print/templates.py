"""1:1 print templates of any drawing (ReportLab PDF, byte-identical across runs).

A :class:`Drawing` is what a game prints at full size: its bounds, a callback that draws it in
millimetres, the points registration marks keep clear of, and a ``kind`` word ("drill
template", "crown template", "track mat"). :func:`plan_drawing` makes one of a machining plan.
Two forms:

* :func:`write_tiled_template` — the drawing tiled over A4 or Letter: page 1 is the assembly
  map (row and column headings in bands outside the drawing, so no label covers it), then one
  page per tile headed ``Part 2 of 6`` and ``row 1, column 2`` (no letter-digit code that reads as
  a paper size), with overlap strips, dashed trim seams, registration marks on the seams,
  neighbour hints (the neighbour's page number) and a 100 mm scale-check bar on every tile
  page (the assembly map, drawn small, has none), the cut lines kept off hole centres;
* :func:`write_sheet_template` — one page sized to the drawing, for a plotter or print shop.

With a publisher (``[print.publisher]``) the cover — the assembly map, or the one sheet —
carries its logo and name above the header (the sheet grows by that band), and every footer
ends with its name and web address.

Plan templates show the outline, the markings (dashed) and every hole with a crosshair at its
centre, for centre-punching before drilling, and the operations in the print's language (each
operation's :class:`~plywright.cad.plan.Wording`). Every word of the furniture comes from the
core's locale files (:mod:`plywright.print.furniture`) in ``lang``; a plugin that prints in a
language the core lacks passes its locale folder (``locale_folders``) carrying the
``[print.*]`` tables.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.pdfbase.pdfmetrics import getDescent, stringWidth
from reportlab.pdfgen.canvas import Canvas

from plywright.cad.geometry2d import Bounds, Point, flatten_polyline, rect_meets_polygon
from plywright.cad.plan import Circle, MachiningPlan, Operation
from plywright.print.fonts import register_fonts
from plywright.print.furniture import PrintTexts, furniture
from plywright.print.plandraw import (
    CROSSHAIR_OVERHANG,
    MARK_ARM,
    PT_PER_MM,
    View,
    draw_plan,
    in_view,
    registration_mark,
)
from plywright.print.publisher import LOGO_HEIGHT, MARK_GAP, draw_footer_line, draw_mark
from plywright.print.scalebar import BAR_MM, scale_bar
from plywright.print.sheet import pdf_canvas
from plywright.print.tiling import Margins, Tile, TileGrid, tile_grid

if TYPE_CHECKING:
    from plywright.print.publisher import PublisherMark

K = PT_PER_MM
DRAWING_MARGIN = 4.0
"""Plan margin (mm) kept around the part so its outline is never on a page edge."""
TINT = (0.9, 0.9, 0.9)
"""Grey of the overlap strips."""
TINT_ALPHA = 0.45
"""Opacity of the overlap strips laid over a :attr:`Drawing.opaque` drawing."""
SHEET_MARGINS = Margins(left=15.0, right=15.0, top=20.0, bottom=27.0)
"""Paper around the drawing on the one-page template (header above, scale bar below)."""
MIN_SHEET_WIDTH = 190.0
"""The one-page template is at least this wide, so its header and scale bar fit."""
PRINTABLE_EDGE = 5.0
"""No text comes nearer the paper's edge than this (mm): most printers cannot print closer."""
TILE_MARGINS = Margins(top=18.6, bottom=28.4)
"""Margins of the tile pages: seven footer lines fit above :data:`PRINTABLE_EDGE` and the
header stays below it; top and bottom add up as :class:`Margins`' do, so the tiles are the same."""

DrawFn = Callable[[Canvas, View], None]
"""Draws in drawing millimetres; called inside :func:`~plywright.print.plandraw.in_view`."""


# -- words ------------------------------------------------------------------------------------

FOOTER_PT = 8.0
"""Size of the instructions in the footers (pt)."""
FOOTER_LEADING = 3.2
"""Line spacing of the footers (mm)."""
MAP_PT = 8.5
"""Size of the assembly map's information lines and steps (pt)."""
MAP_LEADING = 3.9
"""Line spacing of the assembly map's lines (mm)."""
BAND_GAP = 3.0
"""Space (mm) between the assembly map's drawing and its row and column headings."""
ISO_A: tuple[tuple[str, tuple[float, float]], ...] = tuple(
    (f"A{n}", (841.0 / 2 ** (n / 2), 1189.0 / 2 ** (n / 2))) for n in range(4, -1, -1)
)
"""ISO A sheets A4 … A0 (mm, rounded as the standard does below)."""


def iso_paper(page: tuple[float, float]) -> str | None:
    """The smallest ISO A sheet (A4 … A0) a page of ``page`` mm fits on, either way round."""
    w, h = sorted(page)
    for name, (a, b) in ISO_A:
        if w <= math.floor(a) + 1e-6 and h <= math.floor(b) + 1e-6:
            return name
    return None


def paper_name(page: tuple[float, float], t: PrintTexts) -> str:
    """What to print a one-page template on, e.g. ``A2 / plotter`` (computed from its size)."""
    size = iso_paper(page)
    if size is None:
        return t("print.paper.oversize", width=t.number(page[0], 0), height=t.number(page[1], 0))
    return t("print.paper.iso", size=size)


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- what is drawn ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Drawing:
    """Anything a template prints at 1:1, in millimetres with y up."""

    name: str
    bounds: Bounds
    """The area to print (margins around the drawing included)."""
    draw: DrawFn
    kind: str = "drill template"
    """What it is, in the language of the labels: "drill template", "track mat", ..."""
    draw_map: DrawFn | None = None
    """How the assembly map draws it (small); ``None``: as :attr:`draw`."""
    avoid: tuple[Point, ...] = ()
    """Points registration marks keep ``clearance`` mm from (e.g. hole centres)."""
    clearance: float = 0.0
    keep: Callable[[Bounds], bool] | None = None
    """Whether a page is worth printing, given the area it alone shows (the page less half the
    overlap on each side); ``None``: every page of the grid is printed."""
    info: tuple[str, ...] = ()
    """What it is and what to do: under the assembly map's header, in the sheet's footer."""
    note: str = ""
    """The last footer line of every tile page after the units, e.g. "Crosshairs mark hole
    centres."."""
    steps: tuple[str, ...] = ()
    """Assembly steps after printing, trimming and taping the pages together."""
    opaque: bool = False
    """The drawing paints filled areas: the overlap strips go over it, translucent."""
    dimensioned: bool = False
    """The drawing prints dimensions (numbers without a unit): the footers say they are in mm."""


def plan_drawing(
    plan: MachiningPlan,
    *,
    info: Sequence[str] = (),
    kind: str | None = None,
    lang: str = "en",
    locale_folders: Sequence[Path] = (),
    registration: bool = True,
    name: str | None = None,
    part: str | None = None,
) -> Drawing:
    """A machining plan as a template: outline, markings, holes with crosshairs.

    The kind ("drill template" or "template" unless given), steps and notes speak of drilling,
    crosshairs and centre-punching only when the plan drills, of pricking the markings'
    corners only when it has markings, and of registration marks only with ``registration``
    (a template of several pages: a single sheet has none); the info lines are ``info``, the
    part's size and every operation's wording, all in ``lang``; ``name`` (default: the plan's)
    is what the pages call the product (a player-facing title rather than a file name) and
    ``part`` (default: ``name``) what the size line calls the piece being cut ("Game board").
    """
    t = furniture(lang, locale_folders)
    drills = bool(plan.of_kind("drill"))
    marked = bool(plan.of_kind("engrave", "pocket"))
    avoid, clearance = _avoid(plan)
    marks = t("print.template.registration") if registration and drills else ""
    return Drawing(
        name=name or plan.name,
        bounds=_expand(plan.part_bounds(), DRAWING_MARGIN),
        draw=partial(_draw_plan, plan, crosshairs=True),
        draw_map=partial(_draw_plan, plan, crosshairs=False),
        kind=kind or t("print.template.drill_template" if drills else "print.template.template"),
        avoid=tuple(avoid),
        clearance=clearance,
        keep=_plan_keep(plan),
        info=(*info, plan_info(plan, t, part or name), *operation_lines(plan, t)),
        note=_joined(t("print.template.crosshairs"), marks) if drills else "",
        steps=(
            _joined(t("print.template.step_tape_punch"), marks)
            if drills
            else t("print.template.step_tape"),
            t("print.template.step_mark_markings" if marked else "print.template.step_mark"),
            t("print.template.step_machine_drill" if drills else "print.template.step_machine"),
        ),
    )


def plan_info(plan: MachiningPlan, t: PrintTexts, name: str | None = None) -> str:
    """The part in one line: name (``name`` or the plan's), size, thickness and (if it has
    any) how many holes. The name is printed as given, never inside quotes (a name that
    holds quotes, like „Pro“, would nest them)."""
    width, height = plan.size
    holes = sum(len(op.entities) for op in plan.of_kind("drill"))
    values = {
        "name": name or plan.name,
        "width": t.number(width, 1),
        "height": t.number(height, 1),
        "thickness": t.number(plan.thickness, 1),
    }
    if holes:
        return t("print.template.plan_info", holes=holes, **values)
    return t("print.template.plan_info_plain", **values)


def operation_text(op: Operation, t: PrintTexts) -> str | None:
    """What the print says about ``op`` in the language of ``t`` (``None`` if it has no
    wording); lengths get the language's decimal mark."""
    if op.wording is None:
        return None
    values = {
        name: t.number(value) if isinstance(value, float) else value
        for name, value in op.wording.values
    }
    return t(op.wording.key, **values)


def operation_lines(plan: MachiningPlan, t: PrintTexts) -> list[str]:
    """Every machined operation's wording, in machining order."""
    lines = (operation_text(op, t) for op in plan if op.kind != "annotate")
    return [line for line in lines if line]


def _draw_plan(plan: MachiningPlan, c: Canvas, view: View, *, crosshairs: bool) -> None:
    draw_plan(c, plan, view, crosshairs=crosshairs)


def _expand(bounds: Bounds, by: float) -> Bounds:
    return (bounds[0] - by, bounds[1] - by, bounds[2] + by, bounds[3] + by)


def _plan_keep(plan: MachiningPlan) -> Callable[[Bounds], bool]:
    """Whether the outline or a hole centre lies in an area."""
    outline = plan.outline()
    polygon = flatten_polyline(outline.points, outline.bulges, True, tolerance=0.5)
    holes = [e.centre for op in plan.of_kind("drill") for e in op.entities if isinstance(e, Circle)]

    def keep(area: Bounds) -> bool:
        return rect_meets_polygon(area, polygon) or any(
            area[0] <= x <= area[2] and area[1] <= y <= area[3] for x, y in holes
        )

    return keep


def _avoid(plan: MachiningPlan) -> tuple[list[Point], float]:
    """Hole centres and the distance registration marks should keep from them."""
    circles = [e for op in plan.of_kind("drill") for e in op.entities if isinstance(e, Circle)]
    largest = max((e.radius for e in circles), default=0.0)
    return [e.centre for e in circles], largest + CROSSHAIR_OVERHANG + MARK_ARM + 1.0


def drawing_grid(drawing: Drawing, paper: str, overlap: float = 12.0) -> TileGrid:
    """The page grid of the tiled template (pages that would show nothing are dropped), its
    cut lines shifted off the drawing's :attr:`~Drawing.avoid` points (hole centres: a punch
    mark on a paper edge is lost)."""
    keep = drawing.keep
    page_keep = None
    if keep is not None:

        def page_keep(area: Bounds) -> bool:
            return keep(_expand(area, -overlap / 2))

    return tile_grid(
        drawing.bounds,
        paper,
        margins=TILE_MARGINS,
        overlap=overlap,
        keep=page_keep,
        seams_avoid=drawing.avoid,
    )


def template_grid(plan: MachiningPlan, paper: str, overlap: float = 12.0) -> TileGrid:
    """The page grid of a plan's tiled template (pages that would show nothing are dropped)."""
    return drawing_grid(plan_drawing(plan), paper, overlap)


# -- page furniture -----------------------------------------------------------------------------


def _header(
    c: Canvas,
    page: tuple[float, float],
    margins: Margins,
    big: str,
    small: str,
    right: Sequence[str],
) -> None:
    regular, bold, _, _ = register_fonts()
    w, h = page
    y = (h - margins.top + 6.5) * K
    c.setFillColorRGB(0, 0, 0)
    size = 20.0
    width = (w - margins.left - margins.right) * K
    right_w = max(
        (c.stringWidth(line, bold if i == 0 else regular, 9) for i, line in enumerate(right)),
        default=0.0,
    )
    room = min(width * 0.55, width - right_w - c.stringWidth(small, regular, 9) - 20)
    while size > 12 and c.stringWidth(big, bold, size) > room:  # never into the right lines
        size -= 1
    c.setFont(bold, size)
    c.drawString(margins.left * K, y, big)
    c.setFont(regular, 9)
    c.drawString(margins.left * K + c.stringWidth(big, bold, size) + 8, y, small)
    for i, line in enumerate(right):
        c.setFont(bold if i == 0 else regular, 9)
        c.drawRightString((w - margins.right) * K, y + (7 - 11 * i), line)


HEAD_TOP = 11.5
"""Distance (mm) above the top margin's lower edge where the header's letters begin: the
top of a cover's publisher band."""


def _under_mark(margins: Margins, publisher: PublisherMark | None) -> Margins:
    """The margins of a cover's header and what follows it: the top grown by the publisher's
    band (unchanged without a publisher)."""
    if publisher is None:
        return margins
    return replace(margins, top=margins.top + (LOGO_HEIGHT + MARK_GAP) / K)


def _cover_mark(
    c: Canvas, page: tuple[float, float], margins: Margins, publisher: PublisherMark | None
) -> None:
    """The publisher's band at the head of a cover whose header would sit in ``margins``,
    where that header's letters would begin (nothing without a publisher)."""
    if publisher is None:
        return
    c.setFillColorRGB(0, 0, 0)
    top = (page[1] - margins.top + HEAD_TOP) * K
    draw_mark(c, publisher, margins.left * K, (page[0] - margins.right) * K, top)


def _signed(lines: Sequence[str], publisher: PublisherMark | None) -> tuple[str, ...]:
    """A footer's lines, the publisher's name and web address last."""
    return (*lines, publisher.line) if publisher else tuple(lines)


SIGN_Y = 21.0
"""Baseline (mm above the lower edge) of the publisher's line on a page with a scale bar:
above the bar's label, left of the footer's text (which fills the bar's right)."""


def _sign_above_bar(c: Canvas, margins: Margins, publisher: PublisherMark, room: float) -> None:
    """The publisher's name and web address above the scale bar, at most ``room`` mm wide."""
    x = margins.left * K
    draw_footer_line(c, publisher, x, x + room * K, SIGN_Y * K, align="left")


def wrap(text: str, font: str, size: float, width_pt: float) -> list[str]:
    """``text`` broken into lines of at most ``width_pt`` at ordinary spaces only, so a no-break
    space (U+00A0, e.g. between a number and its unit) never ends a line; a longer word stays
    whole on its own line."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        start = len(lines)
        for word in paragraph.split(" "):
            if not word:
                continue
            joined = f"{lines[-1]} {word}" if len(lines) > start else word
            if len(lines) > start and stringWidth(joined, font, size) <= width_pt:
                lines[-1] = joined
            else:
                lines.append(word)
    return lines


def _wrapped(lines: Sequence[str], font: str, size: float, width_pt: float) -> list[str]:
    return [part for line in lines for part in wrap(line, font, size, width_pt)]


def footer_width(page: tuple[float, float], margins: Margins, bar: bool = True) -> float:
    """Width (pt) of the footer's text, right of the scale bar (if the page has one)."""
    return (page[0] - margins.right - margins.left - (106 if bar else 0)) * K


def footer_lines(
    lines: Sequence[str], page: tuple[float, float], margins: Margins, bar: bool = True
) -> list[str]:
    """``lines`` wrapped to the footer's width."""
    regular = register_fonts()[0]
    return _wrapped(lines, regular, FOOTER_PT, footer_width(page, margins, bar))


def footer_height(lines: Sequence[str], page: tuple[float, float], margins: Margins) -> float:
    """Bottom margin (mm) the footer needs for ``lines``: at least the scale bar's."""
    return max(margins.bottom, 10.0 + FOOTER_LEADING * len(footer_lines(lines, page, margins)))


def _footer(
    c: Canvas,
    page: tuple[float, float],
    margins: Margins,
    lines: Sequence[str],
    t: PrintTexts,
    *,
    bar: bool = True,
) -> None:
    """The scale bar at the lower left (unless ``bar`` is false: a page not at 1:1 has no
    bar to measure), ``lines`` (wrapped) to its right, top down from the drawing's lower
    edge; raises ``ValueError`` if they do not fit (never drops a line)."""
    regular, _, _, _ = register_fonts()
    x = margins.left * K
    if bar:
        scale_bar(c, x, 8 * K, t=t)
    text_x = x + 106 * K if bar else x
    c.setFont(regular, FOOTER_PT)
    c.setFillColorRGB(0, 0, 0)
    wrapped = footer_lines(lines, page, margins, bar)
    top = margins.bottom - 3.5  # on the baseline of the hint to the page below
    lowest = PRINTABLE_EDGE - getDescent(regular, FOOTER_PT) / K  # the last line's descenders
    if top - FOOTER_LEADING * (len(wrapped) - 1) < lowest:
        raise ValueError(f"{len(wrapped)} footer lines do not fit a {margins.bottom} mm margin")
    for i, line in enumerate(wrapped):
        c.drawString(text_x, (top - FOOTER_LEADING * i) * K, line)


def _undashed(text: str) -> str:
    """``text`` without the dash that joins it to the header's big words (``– salikšanas
    shēma``: Latvian starts the small words with one)."""
    return text.lstrip("–— ")


def pdf_title(name: str, subject: str) -> str:
    """The PDF's title: the product and what the file is, one dash between them."""
    return f"{name} — {_undashed(subject)}"


def _joined(*parts: str) -> str:
    return " ".join(part for part in parts if part)


# -- the tiled template -----------------------------------------------------------------------


def write_tiled_template(
    drawing: Drawing | MachiningPlan,
    path: Path,
    *,
    paper: str,
    info: Sequence[str] = (),
    overlap: float = 12.0,
    lang: str = "en",
    locale_folders: Sequence[Path] = (),
    name: str | None = None,
    part: str | None = None,
    publisher: PublisherMark | None = None,
) -> TileGrid:
    """Write ``drawing`` 1:1 over ``paper`` pages (assembly map first); returns the page grid.

    A machining plan is drawn through :func:`plan_drawing`; ``info`` lines go before the
    drawing's own; ``name`` and ``part`` are the plan's product and piece names (see
    :func:`plan_drawing`). The furniture speaks ``lang`` (see :mod:`plywright.print.furniture`).
    The ``publisher`` (if any) heads the assembly map and ends every footer.
    """
    t = furniture(lang, locale_folders)
    plan = drawing if isinstance(drawing, MachiningPlan) else None
    if plan is not None:
        drawing = plan_drawing(plan, lang=lang, locale_folders=locale_folders, name=name, part=part)
    assert isinstance(drawing, Drawing)
    grid = drawing_grid(drawing, paper, overlap)
    if plan is not None and len(grid.tiles) == 1:  # one page: no seams, no registration marks
        drawing = plan_drawing(
            plan,
            lang=lang,
            locale_folders=locale_folders,
            registration=False,
            name=name,
            part=part,
        )
    drawing = replace(drawing, info=(*info, *drawing.info))
    total = len(grid.tiles) + 1
    subject = t("print.template.map_subject", paper=paper)
    title = pdf_title(drawing.name, subject)
    c = pdf_canvas(path, grid.page, title=title, subject=_undashed(subject), publisher=publisher)
    _map_page(c, drawing, grid, subject, total, t, publisher)
    marks = grid.marks(drawing.avoid, drawing.clearance)
    for number, tile in enumerate(grid.tiles, start=2):
        c.showPage()
        page = t("print.template.page", number=number, total=total)
        _tile_page(c, drawing, grid, tile, page, marks, t, publisher)
    c.save()
    return grid


def _tile_page(
    c: Canvas,
    drawing: Drawing,
    grid: TileGrid,
    tile: Tile,
    page_label: str,
    marks: Sequence[Point],
    t: PrintTexts,
    publisher: PublisherMark | None = None,
) -> None:
    regular, _, _, _ = register_fonts()
    m, (cw, ch) = grid.margins, grid.content
    view = View(tile.area, (m.left * K, m.bottom * K))
    x0, y0, x1, y1 = tile.area
    with in_view(c, view):
        if drawing.opaque:
            drawing.draw(c, view)
            c.saveState()
            c.setFillAlpha(TINT_ALPHA)
            _overlap_strips(c, grid, tile)
            c.restoreState()
        else:
            _overlap_strips(c, grid, tile)
            drawing.draw(c, view)
        for mark in marks:
            registration_mark(c, mark, view.pt)
        c.setStrokeColorRGB(0, 0, 0)
        c.setLineWidth(0.6 * view.pt)
        c.setDash([3, 2])
        if grid.neighbour(tile, 0, -1):
            sx = grid.seam_x(tile.col - 1)
            c.line(sx, y0, sx, y1)
        if grid.neighbour(tile, -1, 0):
            sy = grid.seam_y(tile.row - 1)
            c.line(x0, sy, x1, sy)
    c.setDash()
    c.setStrokeColorRGB(0.6, 0.6, 0.6)
    c.setLineWidth(0.3)
    c.rect(m.left * K, m.bottom * K, cw * K, ch * K, stroke=1, fill=0)
    c.setFillColorRGB(0, 0, 0)
    c.setFont(regular, 9)
    if grid.neighbour(tile, 0, -1):
        px, _ = view.page_point((grid.seam_x(tile.col - 1), y1))
        c.drawCentredString(px, (m.bottom + ch + 1.2) * K, "✂")
    if grid.neighbour(tile, -1, 0):
        _, py = view.page_point((x0, grid.seam_y(tile.row - 1)))
        c.drawRightString((m.left - 0.8) * K, py - 3, "✂")
    _neighbour_hints(c, grid, tile, t)
    big, small = tile_heading(drawing, grid, tile, t)
    _header(c, grid.page, m, big, small, (page_label, drawing.name))
    notes = tile_notes(
        drawing,
        t,
        several=len(grid.tiles) > 1,
        left=grid.neighbour(tile, 0, -1) is not None,
        top=grid.neighbour(tile, -1, 0) is not None,
    )
    _footer(c, grid.page, m, notes, t)
    if publisher is not None:
        room = BAR_MM + 4.0
        below = grid.neighbour(tile, 1, 0)
        if below is not None:  # clear of the "↓ page N" hint at the middle of the lower edge
            label = t("print.template.map_page", number=page_numbers(grid)[below.row, below.col])
            hint = stringWidth(f"↓ {label}", regular, 8) / K
            room = min(room, cw / 2 - hint / 2 - 2.0)
        _sign_above_bar(c, m, publisher, room)


def tile_heading(drawing: Drawing, grid: TileGrid, tile: Tile, t: PrintTexts) -> tuple[str, str]:
    """The big and small header words of a tile page: ``Part 2 of 6`` and ``row 1, column 2``;
    a template of one page is headed with its kind and "the whole template on this page"."""
    if len(grid.tiles) == 1:
        return capitalised(drawing.kind), t("print.template.one_tile")
    number = grid.tiles.index(tile) + 1
    return (
        t("print.template.tile", number=number, count=len(grid.tiles)),
        t("print.template.tile_place", row=tile.row + 1, col=tile.col + 1),
    )


def page_numbers(grid: TileGrid) -> dict[tuple[int, int], int]:
    """The page number of every tile, by ``(row, col)`` (page 1 is the assembly map)."""
    return {(tile.row, tile.col): number for number, tile in enumerate(grid.tiles, start=2)}


def units_note(drawing: Drawing, t: PrintTexts) -> str:
    """ "Units: mm." where the drawing prints dimensions, else nothing."""
    return t("print.template.units") if drawing.dimensioned else ""


TRIM_NOTES = {
    (True, True): "print.template.trim_note",
    (True, False): "print.template.trim_note_left",
    (False, True): "print.template.trim_note_top",
}
"""The trim instruction of a tile page by the seams it has ``(left, top)``."""


def trim_note(t: PrintTexts, *, left: bool, top: bool) -> str:
    """How to trim and lay a tile page: along the ✂ lines it has (left, top or both), then
    onto its neighbours; a page with neither is not trimmed, its neighbours go onto it."""
    key = TRIM_NOTES.get((left, top))
    if key is None:
        return t("print.template.no_trim_note")
    return _joined(t(key), t("print.template.lay_note"))


def tile_notes(
    drawing: Drawing,
    t: PrintTexts,
    *,
    several: bool,
    left: bool = True,
    top: bool = True,
) -> tuple[str, ...]:
    """The footer of a tile page: print at 100 %, (with several pages: trim along the seams
    the page has, ``left`` and ``top``, and lay), units (where dimensions are drawn) and the
    drawing's note."""
    units = _joined(units_note(drawing, t), drawing.note)
    lines = [t("print.template.print_note")]
    if several:
        lines.append(trim_note(t, left=left, top=top))
    return (*lines, units) if units else tuple(lines)


def _overlap_strips(c: Canvas, grid: TileGrid, tile: Tile) -> None:
    """Tint the strips this page shares with its printed neighbours (in drawing mm)."""
    x0, y0, x1, y1 = tile.area
    ov = grid.overlap
    c.setFillColorRGB(*TINT)
    strips = {
        (0, -1): (x0, y0, ov, y1 - y0),
        (0, 1): (x1 - ov, y0, ov, y1 - y0),
        (-1, 0): (x0, y1 - ov, x1 - x0, ov),
        (1, 0): (x0, y0, x1 - x0, ov),
    }
    for (dr, dc), (sx, sy, sw, sh) in strips.items():
        if grid.neighbour(tile, dr, dc):
            c.rect(sx, sy, sw, sh, stroke=0, fill=1)


def _neighbour_hints(c: Canvas, grid: TileGrid, tile: Tile, t: PrintTexts) -> None:
    """Beside each edge shared with a printed page: an arrow and that page's number."""
    regular, _, _, _ = register_fonts()
    numbers = page_numbers(grid)
    m, (cw, ch) = grid.margins, grid.content
    c.setFont(regular, 8)
    c.setFillColorRGB(0.3, 0.3, 0.3)
    mid_x, mid_y = (m.left + cw / 2) * K, (m.bottom + ch / 2) * K
    hints = {
        (-1, 0): ("↑ ", (mid_x, (m.bottom + ch + 1.5) * K), 0),
        (1, 0): ("↓ ", (mid_x, (m.bottom - 3.5) * K), 0),
        (0, -1): ("← ", ((m.left - 1.5) * K, mid_y), 90),
        (0, 1): ("→ ", ((m.left + cw + 1.5) * K, mid_y), -90),
    }
    for (dr, dc), (arrow, (x, y), angle) in hints.items():
        other = grid.neighbour(tile, dr, dc)
        if other is None:
            continue
        c.saveState()
        c.translate(x, y)
        c.rotate(angle)
        label = t("print.template.map_page", number=numbers[other.row, other.col])
        c.drawCentredString(0, 0, f"{arrow}{label}")
        c.restoreState()


def map_steps(drawing: Drawing, grid: TileGrid, t: PrintTexts) -> list[str]:
    """The numbered steps of the assembly map: print, (trim, lay,) then the drawing's own."""
    total = len(grid.tiles) + 1
    tiling = (
        (
            t("print.template.step_print", total=total),
            t("print.template.step_trim"),
            t("print.template.step_lay"),
        )
        if len(grid.tiles) > 1
        else (t("print.template.step_print_one"),)
    )
    return [f"{i}. {step}" for i, step in enumerate((*tiling, *drawing.steps), start=1)]


def _map_page(
    c: Canvas,
    drawing: Drawing,
    grid: TileGrid,
    subject: str,
    total: int,
    t: PrintTexts,
    publisher: PublisherMark | None = None,
) -> None:
    """Page 1: the whole drawing small, the pages drawn over it with their labels (under the
    publisher's band, if any)."""
    regular, bold, _, _ = register_fonts()
    _cover_mark(c, grid.page, grid.margins, publisher)
    m = _under_mark(grid.margins, publisher)
    w, h = grid.page
    _header(
        c,
        grid.page,
        m,
        capitalised(drawing.kind),
        subject,
        (t("print.template.page", number=1, total=total), drawing.name),
    )
    width = (w - m.left - m.right) * K
    c.setFont(regular, MAP_PT)
    c.setFillColorRGB(0, 0, 0)
    lines = _wrapped(drawing.info, regular, MAP_PT, width)
    top = h - m.top - 2
    for i, line in enumerate(lines):
        c.drawString(m.left * K, (top - MAP_LEADING * i) * K, line)
    steps: list[tuple[float, str]] = []
    for step in map_steps(drawing, grid, t):
        mark, _, text = step.partition(" ")
        indent = c.stringWidth(mark + " ", regular, MAP_PT)
        for j, part in enumerate(wrap(text, regular, MAP_PT, width - indent)):
            steps.append((indent if j else 0.0, f"{mark} {part}" if j == 0 else part))
    box_top = top - MAP_LEADING * len(lines) - 3
    box_bottom = m.bottom + MAP_LEADING * len(steps) + 4
    for i, (indent, step) in enumerate(steps):
        y = m.bottom + MAP_LEADING * (len(steps) - 1 - i) + 1
        c.drawString(m.left * K + indent, y * K, step)
    several = len(grid.tiles) > 1
    rows = row_headings(grid, t) if several else {}
    band_w = max(
        (
            c.stringWidth(text, bold if i == 0 else regular, MAP_PT)
            for r in rows.values()
            for i, text in enumerate(r)
        ),
        default=0.0,
    )
    band_w = band_w / K + BAND_GAP if several else 0.0
    band_h = MAP_LEADING + BAND_GAP if several else 0.0
    cov = grid.covered
    box_w, box_h = w - m.left - m.right - 2 * band_w, box_top - box_bottom - band_h
    scale = min(box_w / (cov[2] - cov[0]), box_h / (cov[3] - cov[1]))
    origin = (
        (m.left + band_w + (box_w - (cov[2] - cov[0]) * scale) / 2) * K,
        (box_bottom + (box_h - (cov[3] - cov[1]) * scale) / 2) * K,
    )
    view = View(cov, origin, scale)
    with in_view(c, view, clip=False):
        (drawing.draw_map or drawing.draw)(c, view)
        c.setStrokeColorRGB(0.1, 0.3, 0.8)
        c.setLineWidth(0.8 * view.pt)
        for tile in grid.tiles:
            x0, y0, x1, y1 = grid.cell(tile)
            c.rect(x0, y0, x1 - x0, y1 - y0, stroke=1, fill=0)
    if several:
        _map_headings(c, grid, view, rows, t)
    _footer(
        c,
        grid.page,
        m,
        _signed(
            (
                t("print.template.map_not_to_scale", total=total)
                if several
                else t("print.template.map_not_to_scale_one"),
                t("print.template.map_pages", count=len(grid.tiles))
                if several
                else t("print.template.map_pages_one"),
            ),
            publisher,
        ),
        t,
        bar=False,
    )


def row_headings(grid: TileGrid, t: PrintTexts) -> dict[int, tuple[str, str]]:
    """Each row's heading on the map: ``row 2`` and the pages it holds (``pages 5–7``)."""
    numbers = page_numbers(grid)
    out: dict[int, tuple[str, str]] = {}
    for row in sorted({tile.row for tile in grid.tiles}):
        pages = sorted(n for (r, _), n in numbers.items() if r == row)
        span = (
            t("print.template.map_page", number=pages[0])
            if len(pages) == 1
            else t("print.template.map_row_pages", first=pages[0], last=pages[-1])
        )
        out[row] = (t("print.template.map_row", row=row + 1), span)
    return out


def _map_headings(
    c: Canvas, grid: TileGrid, view: View, rows: dict[int, tuple[str, str]], t: PrintTexts
) -> None:
    """Column headings above the map and row headings left of it: outside the drawing, so no
    label ever covers what it shows."""
    regular, bold, _, _ = register_fonts()
    c.setFillColorRGB(0.1, 0.3, 0.8)
    left, _ = view.page_point(grid.covered[:2])
    _, top = view.page_point(grid.covered[2:])
    cells = {(tile.row, tile.col): grid.cell(tile) for tile in grid.tiles}
    c.setFont(bold, MAP_PT)
    for col in sorted({col for _, col in cells}):
        x0, _, x1, _ = next(b for (_, cc), b in cells.items() if cc == col)
        mid = (view.page_point((x0, 0))[0] + view.page_point((x1, 0))[0]) / 2
        c.drawCentredString(mid, top + 1.5 * K, t("print.template.map_column", col=col + 1))
    for row, (name, span) in rows.items():
        _, y0, _, y1 = next(b for (rr, _), b in cells.items() if rr == row)
        mid = (view.page_point((0, y0))[1] + view.page_point((0, y1))[1]) / 2
        x = left - BAND_GAP / 2 * K
        c.setFont(bold, MAP_PT)
        c.drawRightString(x, mid + 0.5, name)
        c.setFont(regular, MAP_PT)
        c.drawRightString(x, mid - MAP_LEADING * K + 0.5, span)


# -- the one-page template ----------------------------------------------------------------------


def sheet_page_size(bounds: Bounds, margins: Margins = SHEET_MARGINS) -> tuple[float, float]:
    """Width and height (mm) of the one-page template of ``bounds``: header and footer
    strips, at least :data:`MIN_SHEET_WIDTH` wide."""
    x0, y0, x1, y1 = bounds
    return (
        max(x1 - x0, MIN_SHEET_WIDTH) + margins.left + margins.right,
        y1 - y0 + margins.top + margins.bottom,
    )


def sheet_notes(drawing: Drawing, t: PrintTexts, info: Sequence[str] = ()) -> tuple[str, ...]:
    """The one-page template's footer: print at 100 %, units, what it is, the steps."""
    note = _joined(t("print.template.print_note"), units_note(drawing, t), drawing.note)
    steps = tuple(f"{i}. {step}" for i, step in enumerate(drawing.steps, start=1))
    return (note, *info, *drawing.info, *steps)


def write_sheet_template(
    drawing: Drawing | MachiningPlan,
    path: Path,
    *,
    info: Sequence[str] = (),
    margin: float = 15.0,
    lang: str = "en",
    locale_folders: Sequence[Path] = (),
    name: str | None = None,
    part: str | None = None,
    title: str | None = None,
    publisher: PublisherMark | None = None,
) -> tuple[float, float]:
    """Write ``drawing`` 1:1 on one page sized to it; returns the page size in mm.

    The header's ``title`` ("Full size" unless given) names the paper to print it on (the
    smallest ISO A sheet it fits, else the plotter size); the footer grows to hold every
    instruction. The ``publisher`` (if any) heads the page, in a band above the header that
    the page grows by, and ends the footer.
    """
    t = furniture(lang, locale_folders)
    if isinstance(drawing, MachiningPlan):  # one sheet: no seams, no registration marks
        drawing = plan_drawing(
            drawing,
            lang=lang,
            locale_folders=locale_folders,
            registration=False,
            name=name,
            part=part,
        )
    head = replace(SHEET_MARGINS, left=margin, right=margin)
    m = _under_mark(head, publisher)
    notes = sheet_notes(drawing, t, info)
    width = sheet_page_size(drawing.bounds, m)[0]
    m = replace(m, bottom=footer_height(notes, (width, 0.0), m))
    page = sheet_page_size(drawing.bounds, m)
    x0, y0, x1, y1 = drawing.bounds
    cx = (x0 + x1) / 2
    half = (page[0] - m.left - m.right) / 2
    area = (cx - half, y0, cx + half, y1)
    subject = t("print.template.single_sheet_subject", kind=drawing.kind)
    title_words = pdf_title(drawing.name, subject)
    c = pdf_canvas(path, page, title=title_words, subject=_undashed(subject), publisher=publisher)
    view = View(area, (m.left * K, m.bottom * K))
    with in_view(c, view):
        drawing.draw(c, view)
    _cover_mark(c, page, replace(m, top=head.top), publisher)
    _header(
        c,
        page,
        m,
        title or capitalised(t("print.template.full_size", kind=drawing.kind)),
        t("print.template.single_sheet", paper=paper_name(page, t)),
        (t("print.template.page", number=1, total=1), drawing.name),
    )
    _footer(c, page, m, notes, t)
    if publisher is not None:
        _sign_above_bar(c, m, publisher, BAR_MM + 4.0)
    c.save()
    return page
