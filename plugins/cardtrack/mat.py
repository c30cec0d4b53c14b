"""The Konstruktsiia track mat at 1:1: card slots from the one geometry model, row numbers,
the summit row, the two starting jokers.

:func:`track_mat` computes a :class:`Mat` (boxes and labels in millimetres, y up, origin at
the lower-left corner of Black's joker ``V(0, 0)``); three writers draw the same mat:

* :func:`write_mat_sheet` — one large-format PDF page (plotter or print shop);
* :func:`write_mat_tiled` — the mat tiled over A4/Letter with an assembly map, overlap strips,
  trim seams, registration marks and the 100 mm scale bar on every page;
* :func:`mat_svg` — an SVG in millimetres.

The PDFs are the shared 1:1 templates of :mod:`plywright.print.templates` (through
:func:`mat_drawing`), so the mat's pages look and behave like every other game's templates.

Columns shown: ``mat_columns`` of ``[production]``, else ``max_columns`` of ``[rules]``, else
:data:`DEFAULT_COLUMNS` (the two start columns and one more on each side, so a track can
bridge out either way). Rows: 0 (the jokers) up to the summit row ``height``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Literal

import svgwrite
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from plywright.cad.geometry2d import Bounds
from plywright.cad.plan import mm
from plywright.plugins.cardtrack.geometry import Slot, column_range, slot_rect, track_slots
from plywright.plugins.cardtrack.production import CardtrackProduction
from plywright.plugins.cardtrack.tokens import START_FILL
from plywright.print import templates
from plywright.print.fonts import register_fonts
from plywright.print.plandraw import View
from plywright.print.publisher import PublisherMark
from plywright.print.templates import (
    Drawing,
    drawing_grid,
    write_sheet_template,
    write_tiled_template,
)
from plywright.print.tiling import TileGrid
from plywright.svg.frame import SvgFrame, num, paint

DEFAULT_COLUMNS = 4
"""Columns on the mat when neither ``mat_columns`` nor ``max_columns`` says otherwise."""

PLAYER_COLOURS = {"black": "#222222", "red": "#c8102e"}
"""Drawing colours of the two players (tokens, start slots, reference cards)."""
INK = "#333333"
SLOT_LINE = "#4d4d4d"
V_FILL = "#f3f5f8"
H_FILL = "#f7f1e6"
SUMMIT_FILL = "#ffe9a8"
ROW_NUMBER = "#b9b9b9"
MIN_LABEL_PT = 6.0
"""Labels smaller than this (pt) are left off the reduced assembly map."""

Anchor = Literal["start", "middle", "end"]


@dataclass(frozen=True)
class Box:
    """A rectangle in mm: ``x, y`` its lower-left corner."""

    x: float
    y: float
    width: float
    height: float
    fill: str | None
    stroke: str | None
    line_pt: float = 0.6
    dash: tuple[float, ...] = ()
    slot: Slot | None = None
    """The card slot this box outlines (``None`` for bands and frames)."""


@dataclass(frozen=True)
class Label:
    """One line of text: ``x, y`` is the anchor point on the baseline (mm)."""

    x: float
    y: float
    text: str
    size: float
    """Cap-to-baseline size in mm (font size)."""
    colour: str = INK
    bold: bool = False
    anchor: Anchor = "middle"


@dataclass(frozen=True)
class MatTexts:
    """The few words on the mat (in the build's first language, as its template furniture)."""

    title: str
    black_start: str
    red_start: str
    summit: str
    joker: str


@dataclass(frozen=True)
class Mat:
    """The whole mat in mm: what every writer draws."""

    name: str
    card: tuple[float, float]
    height: int
    columns: tuple[int, int]
    trim: Bounds
    """The mat's outer edge (the slots plus the margin)."""
    boxes: tuple[Box, ...]
    labels: tuple[Label, ...]

    @property
    def slots(self) -> tuple[Slot, ...]:
        return tuple(b.slot for b in self.boxes if b.slot is not None)

    @property
    def size(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.trim
        return (x1 - x0, y1 - y0)

    def slot_box(self, slot: Slot) -> Box:
        for box in self.boxes:
            if box.slot == slot:
                return box
        raise KeyError(str(slot))


def mat_columns(production: CardtrackProduction, max_columns: int) -> int:
    """How many columns the mat shows (see the module docstring)."""
    if production.mat_columns:
        return min(production.mat_columns, max_columns) if max_columns else production.mat_columns
    return max_columns or DEFAULT_COLUMNS


def track_mat(
    production: CardtrackProduction,
    *,
    height: int,
    max_columns: int = 0,
    texts: MatTexts,
    name: str = "",
) -> Mat:
    """The mat of a variant: every slot of rows ``0 .. height`` in the mat's columns."""
    w, h, margin = production.w, production.h, production.mat_margin
    columns = mat_columns(production, max_columns)
    first, last = column_range(columns) or (0, 1)
    slots = track_slots(height, columns)
    x0, x1 = first * (w + h), last * (w + h) + w
    y0, y1 = 0.0, (height + 1) * h
    trim = (x0 - margin, y0 - margin, x1 + margin, y1 + margin)
    boxes: list[Box] = [Box(*_xywh(trim), fill=None, stroke="#8c8c8c", line_pt=0.8)]
    starts = {Slot("V", 0, 0): "black", Slot("V", 1, 0): "red"}
    for slot in slots:
        fill = _slot_fill(slot, starts, height)
        dash = (3.0, 2.0) if slot.kind == "H" else ()
        boxes.append(Box(*slot_rect(slot, w, h), fill=fill, stroke=SLOT_LINE, dash=dash, slot=slot))
    labels = _row_labels(trim, w, h, height, margin, texts)
    number = min(0.32 * w, 0.3 * h)
    for slot in slots:
        if slot.kind != "V" or slot in starts:
            continue
        cx, cy = _centre(slot, w, h)
        summit = slot.r == height
        labels.append(
            Label(
                cx,
                cy - 0.36 * number,
                str(slot.r),
                number,
                colour="#c99a1a" if summit else ROW_NUMBER,
                bold=summit,
            )
        )
    for slot, player in starts.items():
        cx, cy = _centre(slot, w, h)
        colour = PLAYER_COLOURS[player]
        size = min(0.11 * w, 6.0)
        labels.append(Label(cx, cy + 0.28 * h, texts.joker, size, colour, bold=True))
        words = texts.black_start if player == "black" else texts.red_start
        labels.append(Label(cx, cy - 0.3 * h, words, 0.8 * size, colour))
    return Mat(
        name=name,
        card=(w, h),
        height=height,
        columns=(first, last),
        trim=trim,
        boxes=tuple(boxes),
        labels=tuple(labels),
    )


def _slot_fill(slot: Slot, starts: dict[Slot, str], height: int) -> str:
    """A start's colour; the summit marks upright places only (a bridge there never counts)."""
    if slot in starts:
        return START_FILL[starts[slot]]
    if slot.kind == "H":
        return H_FILL
    return SUMMIT_FILL if slot.r == height else V_FILL


def _xywh(b: Bounds) -> tuple[float, float, float, float]:
    return (b[0], b[1], b[2] - b[0], b[3] - b[1])


def _centre(slot: Slot, w: float, h: float) -> tuple[float, float]:
    x, y, width, height = slot_rect(slot, w, h)
    return (x + width / 2, y + height / 2)


def _row_labels(
    trim: Bounds, w: float, h: float, height: int, margin: float, texts: MatTexts
) -> list[Label]:
    """Row numbers in the left and right margins; the summit row marked, the title below."""
    size = min(0.45 * margin, 0.3 * h, 7.0)
    out: list[Label] = []
    for r in range(height + 1):
        y = r * h + h / 2 - 0.36 * size
        summit = r == height
        text = f"▲{r}" if summit else str(r)
        colour = "#9a6b00" if summit else INK
        out.append(Label(trim[0] + margin / 2, y, text, size, colour, bold=summit))
        out.append(Label(trim[2] - margin / 2, y, text, size, colour, bold=summit))
    small = min(0.3 * margin, 4.0)
    out.append(  # in the top margin, clear of every slot
        Label(
            trim[0] + margin,
            trim[3] - margin / 2 - 0.36 * small,
            texts.summit,
            small,
            "#9a6b00",
            True,
            "start",
        )
    )
    out.append(
        Label(trim[0] + margin, trim[1] + 0.35 * margin, texts.title, small, INK, anchor="start")
    )
    return out


# -- drawing on a PDF canvas ----------------------------------------------------------------


def draw_mat(c: Canvas, mat: Mat, pt: float, min_pt: float = 0.0) -> None:
    """Draw ``mat`` in plan millimetres (call inside :func:`in_view`); ``pt`` = 1 pt in mm.
    Labels that would come out smaller than ``min_pt`` points are left out (a reduced map)."""
    regular, bold, _, _ = register_fonts()
    for box in mat.boxes:
        c.setDash([d * pt for d in box.dash] if box.dash else [])
        c.setLineWidth(box.line_pt * pt)
        if box.fill:
            c.setFillColor(colors.HexColor(box.fill))
        if box.stroke:
            c.setStrokeColor(colors.HexColor(box.stroke))
        c.rect(
            box.x,
            box.y,
            box.width,
            box.height,
            stroke=1 if box.stroke else 0,
            fill=1 if box.fill else 0,
        )
    c.setDash([])
    for label in mat.labels:
        if label.size / pt < min_pt:
            continue
        c.setFillColor(colors.HexColor(label.colour))
        c.setFont(bold if label.bold else regular, label.size)
        if label.anchor == "start":
            c.drawString(label.x, label.y, label.text)
        elif label.anchor == "end":
            c.drawRightString(label.x, label.y, label.text)
        else:
            c.drawCentredString(label.x, label.y, label.text)


@dataclass(frozen=True)
class TemplateWords:
    """The mat's own words on its 1:1 templates, in the templates' language (the ``mat.kind``,
    ``mat.note`` and ``mat.step`` texts)."""

    kind: str
    """What the template is, e.g. "track mat"."""
    note: str
    """The last footer line of every tile page."""
    step: str
    """The last assembly step."""
    title: str = ""
    """The game's title, printed under each page number (else the mat's name)."""
    sheet_title: str = ""
    """The one-page mat's heading, e.g. "Track mat — full size" (else the core's "Full
    size", which does not say what the sheet is)."""


LABEL_CLEARANCE = 12.0
"""How far (mm) a registration mark keeps from the mat's labels (the jokers' words, the start
names, the row numbers): the marks stay visible after taping, and must not sit on words."""


def label_points(mat: Mat, spacing: float = 3.0) -> tuple[tuple[float, float], ...]:
    """Points along the middle of every label, ``spacing`` mm apart and at both ends: what
    registration marks keep clear of."""
    regular, bold, _, _ = register_fonts()
    out: list[tuple[float, float]] = []
    for label in mat.labels:
        width = stringWidth(label.text, bold if label.bold else regular, label.size)
        start = {"start": label.x, "middle": label.x - width / 2, "end": label.x - width}
        x0 = start[label.anchor]
        y = label.y + 0.35 * label.size
        count = max(1, math.ceil(width / spacing))
        out += [(x0 + width * i / count, y) for i in range(count + 1)]
    return tuple(out)


def mat_drawing(mat: Mat, words: TemplateWords | None = None) -> Drawing:
    """The mat as a 1:1 template drawing (its fills are opaque: overlap strips go over it);
    without ``words`` it has no kind, note or steps (enough to lay out the page grid)."""
    return Drawing(
        name=words.title if words and words.title else mat.name,
        bounds=mat.trim,
        draw=partial(_draw_in_view, mat),
        draw_map=partial(_draw_in_view, mat, min_pt=MIN_LABEL_PT),
        kind=words.kind if words else "",
        note=words.note if words else "",
        steps=(words.step,) if words else (),
        opaque=True,
        avoid=label_points(mat),
        clearance=LABEL_CLEARANCE,
    )


def _draw_in_view(mat: Mat, c: Canvas, view: View, min_pt: float = 0.0) -> None:
    draw_mat(c, mat, view.pt, min_pt)


def sheet_page_size(mat: Mat) -> tuple[float, float]:
    """Width and height (mm) of the one-page PDF: the mat plus header and scale-bar strips."""
    return templates.sheet_page_size(mat.trim)


def write_mat_sheet(
    mat: Mat,
    path: Path,
    *,
    words: TemplateWords,
    info: Sequence[str] = (),
    lang: str = "en",
    publisher: PublisherMark | None = None,
) -> tuple[float, float]:
    """The mat at 1:1 on one page sized to it (``words`` and furniture in ``lang``, the
    ``publisher``'s mark if any); returns the page size in mm. One sheet needs no assembly:
    the check of a slot is its note."""
    drawing = replace(mat_drawing(mat, words), note=words.step, steps=())
    title = words.sheet_title or None
    return write_sheet_template(
        drawing, path, info=info, lang=lang, title=title, publisher=publisher
    )


def mat_grid(mat: Mat, paper: str, overlap: float = 12.0) -> TileGrid:
    """The page grid of the tiled mat."""
    return drawing_grid(mat_drawing(mat), paper, overlap)


def write_mat_tiled(
    mat: Mat,
    path: Path,
    *,
    paper: str,
    words: TemplateWords,
    info: Sequence[str] = (),
    overlap: float = 12.0,
    lang: str = "en",
    publisher: PublisherMark | None = None,
) -> TileGrid:
    """The mat at 1:1 over ``paper`` pages, assembly map first (``words`` and furniture in
    ``lang``, the ``publisher``'s mark if any); returns the grid."""
    drawing = mat_drawing(mat, words)
    return write_tiled_template(
        drawing, path, paper=paper, info=info, overlap=overlap, lang=lang, publisher=publisher
    )


# -- SVG --------------------------------------------------------------------------------------

SVG_FONT = "DejaVu Sans, Verdana, sans-serif"


@dataclass(frozen=True)
class Extras:
    """Cards and tokens drawn over the mat in a preview."""

    cards: tuple[tuple[Slot, str], ...] = ()
    """``(slot, text shown)``; text in a red suit (♦ ♥) is drawn red."""
    tokens: tuple[tuple[Slot, str, float], ...] = ()
    """``(slot, colour, diameter mm)``; tokens on one slot are spread out."""


def mat_svg(mat: Mat, extras: Extras | None = None, width_px: int | None = None) -> str:
    """The mat as SVG text: at 1:1 (document size in mm) or ``width_px`` wide for previews."""
    frame = SvgFrame.around(mat.trim)
    size = (
        (f"{num(frame.width)}mm", f"{num(frame.height)}mm")
        if width_px is None
        else (f"{width_px}px", f"{round(width_px * frame.height / frame.width)}px")
    )
    dwg = svgwrite.Drawing(size=size, viewBox=frame.view_box, debug=False)
    w, h = mat.card
    dwg.set_desc(
        title=f"{mat.name} track mat",
        desc=f"Konstruktsiia track mat at 1:1 in mm: cards {mm(w)} x {mm(h)} mm, rows 0-"
        f"{mat.height}, columns {mat.columns[0]} to {mat.columns[1]}.",
    )
    slots = dwg.g(id="slots")
    furniture = dwg.g(id="mat")
    for box in mat.boxes:
        x, y = frame.xy((box.x, box.y + box.height))
        attrs = paint(box.fill, box.stroke, box.line_pt, box.dash)
        rect = dwg.rect(insert=(x, y), size=(num(box.width), num(box.height)), **attrs)
        if box.slot is not None:
            rect["id"] = f"{box.slot.kind}_{box.slot.c}_{box.slot.r}".replace("-", "m")
            slots.add(rect)
        else:
            furniture.add(rect)
    texts = dwg.g(id="labels", font_family=SVG_FONT)
    for label in mat.labels:
        x, y = frame.xy((label.x, label.y))
        texts.add(
            dwg.text(
                label.text,
                insert=(x, y),
                font_size=num(label.size),
                fill=label.colour,
                text_anchor=label.anchor,
                font_weight="bold" if label.bold else "normal",
            )
        )
    dwg.add(furniture)
    dwg.add(slots)
    dwg.add(texts)
    if extras is not None:
        dwg.add(_extras(dwg, frame, mat, extras))
    return str(dwg.tostring())


def _extras(
    dwg: svgwrite.Drawing, frame: SvgFrame, mat: Mat, extras: Extras
) -> svgwrite.container.Group:
    w, h = mat.card
    group = dwg.g(id="play", font_family=SVG_FONT)
    for slot, text in extras.cards:
        x, y, cw, ch = slot_rect(slot, w, h)
        px, py = frame.xy((x, y + ch))
        group.add(
            dwg.rect(
                insert=(px, py), size=(num(cw), num(ch)), rx="3", ry="3",
                fill="#fffdf6", stroke="#7a7a7a", stroke_width="0.5",
            )
        )  # fmt: skip
        red = text[-1:] in ("♦", "♥")
        tx, ty = frame.xy((x + 0.3 * min(cw, ch), y + ch - 0.22 * min(cw, ch)))
        group.add(
            dwg.text(text, insert=(tx, ty), font_size=num(0.16 * min(cw, ch)), font_weight="bold",
                     fill="#c0392b" if red else "#2b2b2b", text_anchor="middle")
        )  # fmt: skip
    placed: dict[Slot, int] = {}
    for slot, colour, diameter in extras.tokens:
        x, y, cw, ch = slot_rect(slot, w, h)
        k = placed.get(slot, 0)
        placed[slot] = k + 1
        cx, cy = frame.xy(
            (
                x + cw / 2 + (k % 2) * 0.25 * cw - 0.12 * cw * (k > 0),
                y + ch / 2 - (k // 2) * 0.25 * ch,
            )
        )
        group.add(
            dwg.circle(center=(cx, cy), r=num(diameter / 2), fill=colour, stroke="#ffffff",
                       stroke_width="0.8")
        )  # fmt: skip
    return group


def write_mat_svg(mat: Mat, path: Path) -> None:
    path.write_text(mat_svg(mat) + "\n", encoding="utf-8")


def write_preview_svg(mat: Mat, extras: Extras, path: Path, width_px: int = 360) -> None:
    path.write_text(mat_svg(mat, extras, width_px) + "\n", encoding="utf-8")


# -- can it be printed? -------------------------------------------------------------------

MAX_TILES = 200
"""Most pages a tiled mat may take before it is refused as impractical."""


def printable_problem(mat: Mat, production: CardtrackProduction, paper: str = "A4") -> str | None:
    """Why ``mat`` cannot be printed (one large-format page, or tiled on ``paper``), or ``None``."""
    width, length = sorted(sheet_page_size(mat))
    w, h = mat.card
    what = (
        f"the track mat for {mm(w)} x {mm(h)} mm cards ({mat.columns[1] - mat.columns[0] + 1} "
        f"columns, rows 0-{mat.height}) needs a {mm(width)} x {mm(length)} mm page"
    )
    if width > production.max_mat_width:
        return (
            f"{what}, wider than the widest large-format paper (max_mat_width "
            f"{mm(production.max_mat_width)} mm): use smaller cards, fewer mat_columns or a "
            "wider roll"
        )
    if length > production.max_mat_height:
        return (
            f"{what}, longer than the longest printable page (max_mat_height "
            f"{mm(production.max_mat_height)} mm): use smaller cards or a lower height"
        )
    tiles = len(mat_grid(mat, paper).tiles)
    if tiles > MAX_TILES:
        return f"{what}; tiled on {paper} it would take {tiles} pages (at most {MAX_TILES})"
    return None
