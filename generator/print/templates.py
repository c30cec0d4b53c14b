"""1:1 print templates of any drawing (ReportLab PDF, byte-identical across runs).

A :class:`Drawing` is what a game prints at full size: its bounds, a callback that draws it in
millimetres, the points registration marks keep clear of, and a ``kind`` word ("drill
template", "crown template", "track mat"). :func:`plan_drawing` makes one of a machining plan.
Two forms:

* :func:`write_tiled_template` — the drawing tiled over A4 or Letter: page 1 is the assembly
  map, then one page per tile labelled ``B2 (row 2, col 2)`` and ``page 3 of 7``, with overlap
  strips, dashed trim seams, registration marks on the seams, neighbour hints and a 100 mm
  scale-check bar on every page;
* :func:`write_sheet_template` — one page sized to the drawing, for a plotter or print shop.

Plan templates show the outline, the markings (dashed) and every hole with a crosshair at its
centre, for centre-punching before drilling. The page furniture is in English unless the
caller passes ``lang`` (see :data:`LABELS`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from generator.cad.geometry2d import Bounds, Point, flatten_polyline, rect_meets_polygon
from generator.cad.plan import Circle, MachiningPlan
from generator.print.fonts import register_fonts
from generator.print.plandraw import (
    CROSSHAIR_OVERHANG,
    MARK_ARM,
    PT_PER_MM,
    View,
    draw_plan,
    in_view,
    registration_mark,
)
from generator.print.scalebar import SCALE_CHECK, scale_bar
from generator.print.sheet import pdf_canvas
from generator.print.tiling import Margins, Tile, TileGrid, tile_grid

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

DrawFn = Callable[[Canvas, View], None]
"""Draws in drawing millimetres; called inside :func:`~generator.print.plandraw.in_view`."""


# -- words ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TemplateLabels:
    """The page furniture's words in one language (``str.format`` placeholders in braces)."""

    assembly_map: str = "Assembly map"
    on_paper: str = "1:1 {kind} on {paper}"
    single_sheet_subject: str = "1:1 {kind}, single sheet"
    page: str = "page {number} of {total}"
    row_col: str = "(row {row}, col {col})"
    full_size: str = "Full size"
    single_sheet: str = "single sheet, print at 100 %"
    print_note: str = "Print at 100 % (actual size, no 'fit to page')."
    trim_note: str = "Trim along the dashed ✂ seams (left and top),"
    lay_note: str = "lay onto the neighbours so the target marks meet, tape."
    units: str = "Units: mm."
    crosshairs: str = "Crosshairs mark hole centres."
    step_print: str = (
        "Print pages 2-{total} at 100 % (actual size); check every 100 mm bar with a ruler."
    )
    step_trim: str = "Trim each page along its dashed ✂ seams (left and top edges where shown)."
    step_lay: str = (
        "Lay each page onto its left and upper neighbours so the target marks meet; tape."
    )
    step_tape: str = "Tape the template onto the stock along the outline."
    step_tape_punch: str = (
        "Tape the template onto the stock along the outline; centre-punch every crosshair."
    )
    step_machine: str = "Remove the paper, then machine as listed above."
    step_machine_drill: str = "Remove the paper, then machine or drill as listed above."
    map_not_to_scale: str = "This map is not to scale."
    map_pages_at_scale: str = "Pages are at 1:1."
    map_pages: str = "{count} template pages."
    map_pages_one: str = "1 template page."
    step_print_one: str = "Print page 2 at 100 % (actual size); check its 100 mm bar with a ruler."
    map_page: str = "page {number}"
    drill_template: str = "drill template"
    template: str = "template"
    scale_check: str = SCALE_CHECK["en"]


LABELS: dict[str, TemplateLabels] = {
    "en": TemplateLabels(),
    "nl": TemplateLabels(
        assembly_map="Montageplan",
        on_paper="{kind} 1:1 op {paper}",
        single_sheet_subject="{kind} 1:1, één vel",
        page="pagina {number} van {total}",
        row_col="(rij {row}, kolom {col})",
        full_size="Ware grootte",
        single_sheet="één vel, afdrukken op 100 %",
        print_note="Afdrukken op 100 % (ware grootte, niet 'aanpassen aan pagina').",
        trim_note="Knip langs de gestippelde ✂ naden (links en boven),",
        lay_note="leg op de buren zodat de paskruisen samenvallen, plak vast.",
        units="Eenheden: mm.",
        crosshairs="Kruisjes markeren de middelpunten van de gaten.",
        step_print="Druk pagina 2-{total} af op 100 % (ware grootte); meet elke balk van 100 mm "
        "na met een liniaal.",
        step_trim="Knip elke pagina langs haar gestippelde ✂ naden (links en boven, waar "
        "getekend).",
        step_lay="Leg elke pagina op haar linker- en bovenbuur zodat de paskruisen samenvallen; "
        "plak vast.",
        step_tape="Plak de mal langs de omtrek op het hout.",
        step_tape_punch="Plak de mal langs de omtrek op het hout; körner elk kruisje.",
        step_machine="Haal het papier weg en bewerk het hout zoals hierboven beschreven.",
        step_machine_drill="Haal het papier weg, bewerk en boor zoals hierboven beschreven.",
        map_not_to_scale="Dit plan is niet op schaal.",
        map_pages_at_scale="De pagina's zijn 1:1.",
        map_pages="{count} pagina's van de mal.",
        map_pages_one="1 pagina van de mal.",
        step_print_one="Druk pagina 2 af op 100 % (ware grootte); meet de balk van 100 mm na met "
        "een liniaal.",
        map_page="pagina {number}",
        drill_template="boormal",
        template="mal",
        scale_check=SCALE_CHECK["nl"],
    ),
    "lv": TemplateLabels(
        assembly_map="Salikšanas karte",
        on_paper="{kind} 1:1 uz {paper}",
        single_sheet_subject="{kind} 1:1, viena lapa",
        page="{number}. lapa no {total}",
        row_col="({row}. rinda, {col}. kolonna)",
        full_size="Dabiskā izmērā",
        single_sheet="viena lapa, drukāt 100 %",
        print_note="Drukāt 100 % (dabiskā izmērā, bez 'ietilpināt lapā').",
        trim_note="Nogrieziet pa raustītajām ✂ šuvēm (kreisajā un augšējā malā),",
        lay_note="uzlieciet uz kaimiņlapām, lai mērķa zīmes sakrīt, pielīmējiet.",
        units="Mērvienības: mm.",
        crosshairs="Krustiņi iezīmē caurumu centrus.",
        step_print="Drukājiet 2.-{total}. lapu 100 % (dabiskā izmērā); pārbaudiet katru 100 mm "
        "joslu ar lineālu.",
        step_trim="Nogrieziet katru lapu pa tās raustītajām ✂ šuvēm (kreisajā un augšējā malā, "
        "kur parādītas).",
        step_lay="Uzlieciet katru lapu uz tās kreisās un augšējās kaimiņlapas, lai mērķa zīmes "
        "sakrīt; pielīmējiet.",
        step_tape="Pielīmējiet šablonu sagatavei pa kontūru.",
        step_tape_punch="Pielīmējiet šablonu sagatavei pa kontūru; iesitiet punktu katrā krustiņā.",
        step_machine="Noņemiet papīru, tad apstrādājiet, kā norādīts augstāk.",
        step_machine_drill="Noņemiet papīru, tad apstrādājiet un urbiet, kā norādīts augstāk.",
        map_not_to_scale="Šī karte nav mērogā.",
        map_pages_at_scale="Lapas ir 1:1.",
        map_pages="{count} šablona lapas.",
        map_pages_one="1 šablona lapa.",
        step_print_one="Drukājiet 2. lapu 100 % (dabiskā izmērā); pārbaudiet 100 mm joslu ar "
        "lineālu.",
        map_page="{number}. lapa",
        drill_template="urbšanas šablons",
        template="šablons",
        scale_check=SCALE_CHECK["lv"],
    ),
    "uk": TemplateLabels(
        assembly_map="Схема складання",
        on_paper="{kind} 1:1 на {paper}",
        single_sheet_subject="{kind} 1:1, один аркуш",
        page="сторінка {number} з {total}",
        row_col="(рядок {row}, стовпець {col})",
        full_size="Натуральний розмір",
        single_sheet="один аркуш, друк 100 %",
        print_note="Друкуйте в масштабі 100 % (натуральний розмір, без «вмістити на сторінку»).",
        trim_note="Обріжте вздовж пунктирних ✂ швів (ліворуч і вгорі),",
        lay_note="накладіть на сусідні аркуші так, щоб мітки збіглися, склейте скотчем.",
        units="Одиниці: мм.",
        crosshairs="Перехрестя позначають центри отворів.",
        step_print="Надрукуйте сторінки 2-{total} у масштабі 100 %; перевірте кожну смугу "
        "100 мм лінійкою.",
        step_trim="Обріжте кожну сторінку вздовж її пунктирних ✂ швів (ліворуч і вгорі, де "
        "показано).",
        step_lay="Накладіть кожну сторінку на сусідні ліворуч і вгорі так, щоб мітки збіглися; "
        "склейте.",
        step_tape="Приклейте шаблон до заготовки вздовж контуру.",
        step_tape_punch="Приклейте шаблон до заготовки вздовж контуру; накерніть кожне перехрестя.",
        step_machine="Зніміть папір, потім обробіть, як зазначено вище.",
        step_machine_drill="Зніміть папір, потім обробіть і просвердліть, як зазначено вище.",
        map_not_to_scale="Ця схема не в масштабі.",
        map_pages_at_scale="Сторінки в масштабі 1:1.",
        map_pages="Сторінок шаблону: {count}.",
        map_pages_one="Сторінок шаблону: 1.",
        step_print_one="Надрукуйте сторінку 2 у масштабі 100 %; перевірте смугу 100 мм лінійкою.",
        map_page="сторінка {number}",
        drill_template="шаблон для свердління",
        template="шаблон",
        scale_check=SCALE_CHECK["uk"],
    ),
}
"""The furniture's words per language; other languages fall back to English."""


def labels(lang: str = "en") -> TemplateLabels:
    """The furniture's words in ``lang`` (English when the language has none)."""
    return LABELS.get(lang, LABELS["en"])


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


def plan_drawing(
    plan: MachiningPlan,
    *,
    info: Sequence[str] = (),
    kind: str | None = None,
    lang: str = "en",
) -> Drawing:
    """A machining plan as a template: outline, markings, holes with crosshairs.

    The kind ("drill template" or "template" unless given), steps and notes speak of drilling,
    crosshairs and centre-punching only when the plan drills.
    """
    words = labels(lang)
    drills = bool(plan.of_kind("drill"))
    avoid, clearance = _avoid(plan)
    return Drawing(
        name=plan.name,
        bounds=_expand(plan.part_bounds(), DRAWING_MARGIN),
        draw=partial(_draw_plan, plan, crosshairs=True),
        draw_map=partial(_draw_plan, plan, crosshairs=False),
        kind=kind or (words.drill_template if drills else words.template),
        avoid=tuple(avoid),
        clearance=clearance,
        keep=_plan_keep(plan),
        info=(*info, *_operation_lines(plan)),
        note=words.crosshairs if drills else "",
        steps=(
            words.step_tape_punch if drills else words.step_tape,
            words.step_machine_drill if drills else words.step_machine,
        ),
    )


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


def _operation_lines(plan: MachiningPlan) -> list[str]:
    return [
        f"{op.layer}: {op.description}" for op in plan if op.kind != "annotate" and op.description
    ]


def drawing_grid(drawing: Drawing, paper: str, overlap: float = 12.0) -> TileGrid:
    """The page grid of the tiled template (pages that would show nothing are dropped)."""
    keep = drawing.keep
    if keep is None:
        return tile_grid(drawing.bounds, paper, overlap=overlap)

    def page_keep(area: Bounds) -> bool:
        return keep(_expand(area, -overlap / 2))

    return tile_grid(drawing.bounds, paper, overlap=overlap, keep=page_keep)


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
    c.setFont(bold, 20)
    c.drawString(margins.left * K, y, big)
    c.setFont(regular, 9)
    c.drawString(margins.left * K + c.stringWidth(big, bold, 20) + 8, y, small)
    for i, line in enumerate(right):
        c.setFont(bold if i == 0 else regular, 9)
        c.drawRightString((w - margins.right) * K, y + (7 - 11 * i), line)


def _wrapped(lines: Sequence[str], font: str, size: float, width_pt: float) -> list[str]:
    return [part for line in lines for part in simpleSplit(line, font, size, width_pt)]


def _footer(
    c: Canvas,
    page: tuple[float, float],
    margins: Margins,
    lines: Sequence[str],
    words: TemplateLabels,
) -> None:
    """The scale bar at the lower left, ``lines`` (wrapped) to its right."""
    regular, _, _, _ = register_fonts()
    x = margins.left * K
    scale_bar(c, x, 8 * K, label=words.scale_check)
    text_x = x + 106 * K
    width = page[0] * K - margins.right * K - text_x
    c.setFont(regular, 6.5)
    c.setFillColorRGB(0, 0, 0)
    top = margins.bottom - 6
    for i, line in enumerate(_wrapped(lines, regular, 6.5, width)):
        if top - 2.9 * i < 3:
            break
        c.drawString(text_x, (top - 2.9 * i) * K, line)


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
) -> TileGrid:
    """Write ``drawing`` 1:1 over ``paper`` pages (assembly map first); returns the page grid.

    A machining plan is drawn through :func:`plan_drawing`; ``info`` lines go before the
    drawing's own.
    """
    if isinstance(drawing, MachiningPlan):
        drawing = plan_drawing(drawing, lang=lang)
    drawing = replace(drawing, info=(*info, *drawing.info))
    words = labels(lang)
    grid = drawing_grid(drawing, paper, overlap)
    total = len(grid.tiles) + 1
    subject = words.on_paper.format(kind=drawing.kind, paper=paper)
    c = pdf_canvas(path, grid.page, title=f"{drawing.name} — {subject}", subject=subject)
    _map_page(c, drawing, grid, subject, total, words)
    marks = grid.marks(drawing.avoid, drawing.clearance)
    for number, tile in enumerate(grid.tiles, start=2):
        c.showPage()
        page = words.page.format(number=number, total=total)
        _tile_page(c, drawing, grid, tile, page, marks, words)
    c.save()
    return grid


def _tile_page(
    c: Canvas,
    drawing: Drawing,
    grid: TileGrid,
    tile: Tile,
    page_label: str,
    marks: Sequence[Point],
    words: TemplateLabels,
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
    _neighbour_hints(c, grid, tile)
    _header(
        c,
        grid.page,
        m,
        tile.label,
        words.row_col.format(row=tile.row + 1, col=tile.col + 1),
        (page_label, drawing.name),
    )
    units = _joined(words.units, drawing.note)
    notes = (
        (words.print_note, words.trim_note, words.lay_note, units)
        if len(grid.tiles) > 1
        else (words.print_note, units)
    )
    _footer(c, grid.page, m, notes, words)


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


def _neighbour_hints(c: Canvas, grid: TileGrid, tile: Tile) -> None:
    regular, _, _, _ = register_fonts()
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
        c.drawCentredString(0, 0, f"{arrow}{other.label}")
        c.restoreState()


def _map_page(
    c: Canvas, drawing: Drawing, grid: TileGrid, subject: str, total: int, words: TemplateLabels
) -> None:
    """Page 1: the whole drawing small, the pages drawn over it with their labels."""
    regular, bold, _, _ = register_fonts()
    m = grid.margins
    w, h = grid.page
    _header(
        c,
        grid.page,
        m,
        words.assembly_map,
        subject,
        (words.page.format(number=1, total=total), drawing.name),
    )
    c.setFont(regular, 7.5)
    c.setFillColorRGB(0, 0, 0)
    lines = _wrapped(drawing.info, regular, 7.5, (w - m.left - m.right) * K)
    top = h - m.top - 2
    for i, line in enumerate(lines):
        c.drawString(m.left * K, (top - 3.6 * i) * K, line)
    tiling = (
        (words.step_print.format(total=total), words.step_trim, words.step_lay)
        if len(grid.tiles) > 1
        else (words.step_print_one,)
    )
    steps = [f"{i}. {step}" for i, step in enumerate((*tiling, *drawing.steps), start=1)]
    box_top = top - 3.6 * len(lines) - 3
    box_bottom = m.bottom + 3.8 * len(steps) + 4
    for i, step in enumerate(steps):
        c.drawString(m.left * K, (m.bottom + 3.8 * (len(steps) - 1 - i) + 1) * K, step)
    cov = grid.covered
    box_w, box_h = w - m.left - m.right, box_top - box_bottom
    scale = min(box_w / (cov[2] - cov[0]), box_h / (cov[3] - cov[1]))
    origin = (
        (m.left + (box_w - (cov[2] - cov[0]) * scale) / 2) * K,
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
    size = max(8.0, min(22.0, 0.25 * min(grid.content) * scale * K))
    for number, tile in enumerate(grid.tiles, start=2):
        x0, y0, x1, y1 = grid.cell(tile)
        px, py = view.page_point(((x0 + x1) / 2, (y0 + y1) / 2))
        half = max(c.stringWidth(tile.label, bold, size) / 2, 14) + 4
        c.setFillColorRGB(1, 1, 1)
        c.setStrokeColorRGB(0.1, 0.3, 0.8)
        c.roundRect(px - half, py - 0.5 * size - 8, 2 * half, 1.1 * size + 8, 3, stroke=1, fill=1)
        c.setFillColorRGB(0.1, 0.3, 0.8)
        c.setFont(bold, size)
        c.drawCentredString(px, py - 0.3 * size, tile.label)
        c.setFont(regular, 6.5)
        c.drawCentredString(px, py - 0.5 * size - 5.5, words.map_page.format(number=number))
    _footer(
        c,
        grid.page,
        m,
        (
            words.map_not_to_scale,
            words.map_pages_at_scale,
            words.map_pages.format(count=len(grid.tiles))
            if len(grid.tiles) > 1
            else words.map_pages_one,
        ),
        words,
    )


# -- the one-page template ----------------------------------------------------------------------


def sheet_page_size(bounds: Bounds, margins: Margins = SHEET_MARGINS) -> tuple[float, float]:
    """Width and height (mm) of the one-page template of ``bounds``: header and footer
    strips, at least :data:`MIN_SHEET_WIDTH` wide."""
    x0, y0, x1, y1 = bounds
    return (
        max(x1 - x0, MIN_SHEET_WIDTH) + margins.left + margins.right,
        y1 - y0 + margins.top + margins.bottom,
    )


def write_sheet_template(
    drawing: Drawing | MachiningPlan,
    path: Path,
    *,
    info: Sequence[str] = (),
    margin: float = 15.0,
    lang: str = "en",
) -> tuple[float, float]:
    """Write ``drawing`` 1:1 on one page sized to it; returns the page size in mm."""
    if isinstance(drawing, MachiningPlan):
        drawing = plan_drawing(drawing, lang=lang)
    words = labels(lang)
    m = replace(SHEET_MARGINS, left=margin, right=margin)
    page = sheet_page_size(drawing.bounds, m)
    x0, y0, x1, y1 = drawing.bounds
    cx = (x0 + x1) / 2
    half = (page[0] - m.left - m.right) / 2
    area = (cx - half, y0, cx + half, y1)
    subject = words.single_sheet_subject.format(kind=drawing.kind)
    c = pdf_canvas(path, page, title=f"{drawing.name} — {subject}", subject=subject)
    view = View(area, (m.left * K, m.bottom * K))
    with in_view(c, view):
        drawing.draw(c, view)
    _header(
        c,
        page,
        m,
        words.full_size,
        words.single_sheet,
        (words.page.format(number=1, total=1), drawing.name),
    )
    note = _joined(words.print_note, words.units, drawing.note)
    _footer(c, page, m, (note, *info, *drawing.info), words)
    c.save()
    return page
