"""1:1 drill templates of a machining plan (ReportLab PDF, byte-identical across runs).

Two forms:

* :func:`write_tiled_template` — the plan tiled over A4 or Letter: page 1 is the assembly map,
  then one page per tile labelled ``B2 (row 2, col 2)`` and ``page 3 of 7``, with overlap
  strips, dashed trim seams, registration marks on the seams, neighbour hints and a 100 mm
  scale-check bar on every page;
* :func:`write_sheet_template` — one page sized to the part, for a plotter or print shop.

Templates show the outline, the markings (dashed) and every hole with a crosshair at its
centre, for centre-punching before drilling.
"""

from __future__ import annotations

from collections.abc import Sequence
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
from generator.print.scalebar import scale_bar
from generator.print.tiling import Margins, Tile, TileGrid, tile_grid

K = PT_PER_MM
DRAWING_MARGIN = 4.0
"""Plan margin (mm) kept around the part so its outline is never on a page edge."""
TINT = (0.9, 0.9, 0.9)


def _expand(bounds: Bounds, by: float) -> Bounds:
    return (bounds[0] - by, bounds[1] - by, bounds[2] + by, bounds[3] + by)


def template_grid(plan: MachiningPlan, paper: str, overlap: float = 12.0) -> TileGrid:
    """The page grid of the tiled template (pages that would show nothing are dropped)."""
    outline = plan.outline()
    polygon = flatten_polyline(outline.points, outline.bulges, True, tolerance=0.5)
    holes = [e.centre for op in plan.of_kind("drill") for e in op.entities if isinstance(e, Circle)]

    def keep(area: Bounds) -> bool:
        inner = _expand(area, -overlap / 2)
        return rect_meets_polygon(inner, polygon) or any(
            inner[0] <= x <= inner[2] and inner[1] <= y <= inner[3] for x, y in holes
        )

    return tile_grid(_expand(plan.part_bounds(), DRAWING_MARGIN), paper, overlap=overlap, keep=keep)


def _avoid(plan: MachiningPlan) -> tuple[list[Point], float]:
    """Hole centres and the distance registration marks should keep from them."""
    circles = [e for op in plan.of_kind("drill") for e in op.entities if isinstance(e, Circle)]
    largest = max((e.radius for e in circles), default=0.0)
    return [e.centre for e in circles], largest + CROSSHAIR_OVERHANG + MARK_ARM + 1.0


def _canvas(path: Path, size_mm: tuple[float, float], plan: MachiningPlan, subject: str) -> Canvas:
    regular, _, _, _ = register_fonts()
    c = Canvas(
        str(path),
        pagesize=(size_mm[0] * K, size_mm[1] * K),
        invariant=1,
        pageCompression=1,
        initialFontName=regular,
    )
    c.setTitle(f"{plan.name} — {subject}")
    c.setAuthor("plywright")
    c.setCreator("plywright")
    c.setSubject(subject)
    return c


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


def _footer(c: Canvas, page: tuple[float, float], margins: Margins, lines: Sequence[str]) -> None:
    """The scale bar at the lower left, ``lines`` (wrapped) to its right."""
    regular, _, _, _ = register_fonts()
    x = margins.left * K
    scale_bar(c, x, 8 * K)
    text_x = x + 106 * K
    width = page[0] * K - margins.right * K - text_x
    c.setFont(regular, 6.5)
    c.setFillColorRGB(0, 0, 0)
    top = margins.bottom - 6
    for i, line in enumerate(_wrapped(lines, regular, 6.5, width)):
        if top - 2.9 * i < 3:
            break
        c.drawString(text_x, (top - 2.9 * i) * K, line)


TILE_FOOTER = (
    "Print at 100 % (actual size, no 'fit to page').",
    "Trim along the dashed ✂ seams (left and top),",
    "lay onto the neighbours so the target marks meet, tape.",
    "Units: mm. Crosshairs mark hole centres.",
)


def write_tiled_template(
    plan: MachiningPlan,
    path: Path,
    *,
    paper: str,
    info: Sequence[str] = (),
    overlap: float = 12.0,
) -> TileGrid:
    """Write the plan 1:1 over ``paper`` pages; returns the page grid used."""
    grid = template_grid(plan, paper, overlap)
    total = len(grid.tiles) + 1
    c = _canvas(path, grid.page, plan, f"1:1 drill template on {paper}")
    _map_page(c, plan, grid, paper, info, total)
    for number, tile in enumerate(grid.tiles, start=2):
        c.showPage()
        _tile_page(c, plan, grid, tile, f"page {number} of {total}")
    c.save()
    return grid


def _tile_page(c: Canvas, plan: MachiningPlan, grid: TileGrid, tile: Tile, page_label: str) -> None:
    regular, _, _, _ = register_fonts()
    m, (cw, ch) = grid.margins, grid.content
    view = View(tile.area, (m.left * K, m.bottom * K))
    x0, y0, x1, y1 = tile.area
    ov = grid.overlap
    with in_view(c, view):
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
        draw_plan(c, plan, view)
        for mark in grid.marks(*_avoid(plan)):
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
        f"(row {tile.row + 1}, col {tile.col + 1})",
        (page_label, plan.name),
    )
    _footer(c, grid.page, m, TILE_FOOTER)


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


def _operation_lines(plan: MachiningPlan) -> list[str]:
    return [
        f"{op.layer}: {op.description}" for op in plan if op.kind != "annotate" and op.description
    ]


def _map_page(
    c: Canvas, plan: MachiningPlan, grid: TileGrid, paper: str, info: Sequence[str], total: int
) -> None:
    regular, bold, _, _ = register_fonts()
    m = grid.margins
    w, h = grid.page
    _header(
        c,
        grid.page,
        m,
        "Assembly map",
        f"1:1 drill template on {paper}",
        (f"page 1 of {total}", plan.name),
    )
    c.setFont(regular, 7.5)
    c.setFillColorRGB(0, 0, 0)
    lines = _wrapped([*info, *_operation_lines(plan)], regular, 7.5, (w - m.left - m.right) * K)
    top = h - m.top - 2
    for i, line in enumerate(lines):
        c.drawString(m.left * K, (top - 3.6 * i) * K, line)
    steps = (
        f"1. Print pages 2-{total} at 100 % (actual size); check every 100 mm bar with a ruler.",
        "2. Trim each page along its dashed ✂ seams (left and top edges where shown).",
        "3. Lay each page onto its left and upper neighbours so the target marks meet; tape.",
        "4. Tape the template onto the stock along the outline; centre-punch every crosshair.",
        "5. Remove the paper, then machine or drill as listed above.",
    )
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
        draw_plan(c, plan, view, crosshairs=False)
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
        c.drawCentredString(px, py - 0.5 * size - 5.5, f"page {number}")
    _footer(
        c,
        grid.page,
        m,
        ("This map is not to scale.", "Pages are at 1:1.", f"{len(grid.tiles)} template pages."),
    )


def write_sheet_template(
    plan: MachiningPlan, path: Path, *, info: Sequence[str] = (), margin: float = 15.0
) -> tuple[float, float]:
    """Write the plan 1:1 on one page sized to the part; returns the page size in mm."""
    m = Margins(left=margin, right=margin, top=20.0, bottom=27.0)
    x0, y0, x1, y1 = _expand(plan.part_bounds(), DRAWING_MARGIN)
    page = (max(x1 - x0, 190.0) + m.left + m.right, y1 - y0 + m.top + m.bottom)
    cx = (x0 + x1) / 2
    half = (page[0] - m.left - m.right) / 2
    area = (cx - half, y0, cx + half, y1)
    c = _canvas(path, page, plan, "1:1 drill template, single sheet")
    view = View(area, (m.left * K, m.bottom * K))
    with in_view(c, view):
        draw_plan(c, plan, view)
    _header(c, page, m, "Full size", "single sheet, print at 100 %", ("page 1 of 1", plan.name))
    note = (
        "Print at 100 % (actual size, no 'fit to page'). Units: mm. Crosshairs mark hole centres."
    )
    _footer(c, page, m, (note, *info, *_operation_lines(plan)))
    c.save()
    return page
