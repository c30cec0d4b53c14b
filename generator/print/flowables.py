"""Flowables shared by printed documents: tables in DejaVu, vector diagrams that shrink to
the column, figure grids, a facts box, a note box, plain data tables and text beside a figure.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.platypus import (
    Flowable,
    FrameBreak,
    KeepTogether,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from plywright.print.fonts import register_fonts
from plywright.print.styles import Styles


def make_table(
    data: Sequence[Sequence[Any]],
    col_widths: Sequence[float],
    commands: Sequence[tuple[Any, ...]],
    h_align: str = "LEFT",
    **kwargs: Any,
) -> Table:
    """A :class:`Table` whose plain-string cells use DejaVu (ReportLab's default: Helvetica)."""
    regular = register_fonts()[0]
    table = Table([list(row) for row in data], colWidths=list(col_widths), hAlign=h_align, **kwargs)
    table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), regular), *commands]))
    return table


def new_drawing(width: float, height: float) -> Drawing:
    """An empty vector drawing (pt) whose initial font is DejaVu (ReportLab's is Helvetica)."""
    drawing = Drawing(width, height)
    drawing.initialFontName = register_fonts()[0]
    return drawing


class Diagram(Flowable):
    """A vector :class:`Drawing` as a flowable that shrinks (never grows) to the space it gets."""

    def __init__(self, drawing: Drawing, h_align: str = "CENTER") -> None:
        super().__init__()
        if getattr(drawing, "initialFontName", None) is None:
            drawing.initialFontName = register_fonts()[0]
        self.drawing = drawing
        self.hAlign = h_align
        self._scale = 1.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        width, height = float(self.drawing.width), float(self.drawing.height)
        self._scale = min(1.0, avail_width / width) if width > 0 else 1.0
        self.width, self.height = width * self._scale, height * self._scale
        return self.width, self.height

    def draw(self) -> None:
        self.canv.saveState()
        self.canv.scale(self._scale, self._scale)
        renderPDF.draw(self.drawing, self.canv, 0, 0)
        self.canv.restoreState()


def figure(drawing: Drawing, caption: str | None, styles: Styles) -> KeepTogether:
    """A diagram with its caption below, never split across pages."""
    parts: list[Flowable] = [Diagram(drawing)]
    if caption:
        parts += [Spacer(1, 3), Paragraph(caption, styles.caption)]
    return KeepTogether(parts)


def grid(
    cells: Sequence[Sequence[Flowable] | Flowable], columns: int, width: float, gap: float = 6
) -> Table:
    """Cells (each a flowable or a list of flowables) laid out left to right in ``columns``."""
    rows: list[list[Any]] = []
    items = list(cells)
    for start in range(0, len(items), columns):
        row: list[Any] = list(items[start : start + columns])
        rows.append(row + [""] * (columns - len(row)))
    return make_table(
        rows,
        [width / columns] * columns,
        [
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("ALIGN", (0, 0), (-1, -1), "CENTER"),
            ("LEFTPADDING", (0, 0), (-1, -1), gap / 2),
            ("RIGHTPADDING", (0, 0), (-1, -1), gap / 2),
            ("TOPPADDING", (0, 0), (-1, -1), gap / 2),
            ("BOTTOMPADDING", (0, 0), (-1, -1), gap),
        ],
        h_align="CENTER",
    )


def facts_box(
    title: str,
    rows: Sequence[tuple[str, str]],
    styles: Styles,
    width: float,
    value_share: float = 0.45,
) -> Table:
    """A shaded box: a title, then ``label … value`` rows (values take ``value_share``)."""
    theme = styles.theme
    data: list[list[Any]] = [[Paragraph(title, styles.box_title), ""]]
    data += [
        [Paragraph(label, styles.cell), Paragraph(value, styles.cell_right)]
        for label, value in rows
    ]
    return make_table(
        data,
        [width * (1 - value_share), width * value_share],
        [
            ("SPAN", (0, 0), (-1, 0)),
            ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(theme.accent_light)),
            ("BOX", (0, 0), (-1, -1), 1.2, colors.HexColor(theme.accent)),
            ("LINEBELOW", (0, 1), (-1, -2), 0.4, colors.HexColor(theme.rule)),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TOPPADDING", (0, 0), (-1, -1), 3),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
            ("LEFTPADDING", (0, 0), (-1, -1), 7),
            ("RIGHTPADDING", (0, 0), (-1, -1), 7),
            ("TOPPADDING", (0, 0), (-1, 0), 6),
        ],
    )


def note_box(content: Sequence[Flowable], styles: Styles, width: float) -> Table:
    """Flowables in a light box with an accent bar on the left (warnings, remarks)."""
    theme = styles.theme
    return make_table(
        [[list(content)]],
        [width],
        [
            ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(theme.accent_light)),
            ("LINEBEFORE", (0, 0), (0, -1), 3, colors.HexColor(theme.accent)),
            ("LEFTPADDING", (0, 0), (-1, -1), 9),
            ("RIGHTPADDING", (0, 0), (-1, -1), 8),
            ("TOPPADDING", (0, 0), (-1, -1), 6),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ],
    )


def data_table(
    header: Sequence[Any],
    rows: Sequence[Sequence[Any]],
    styles: Styles,
    col_widths: Sequence[float],
) -> Table:
    """A plain table with a header row; strings become paragraphs, flowables stay as they are."""

    def cell(value: Any, head: bool) -> Any:
        if isinstance(value, str):
            return Paragraph(value, styles.cell_head if head else styles.cell)
        return value

    data = [[cell(v, True) for v in header]] + [[cell(v, False) for v in row] for row in rows]
    return make_table(
        data,
        col_widths,
        [
            ("LINEBELOW", (0, 0), (-1, 0), 0.9, colors.HexColor(styles.theme.accent)),
            ("LINEBELOW", (0, 1), (-1, -1), 0.3, colors.HexColor(styles.theme.rule)),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TOPPADDING", (0, 0), (-1, -1), 2),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ("LEFTPADDING", (0, 0), (-1, -1), 4),
            ("RIGHTPADDING", (0, 0), (-1, -1), 4),
        ],
        repeatRows=1,
    )


def side_by_side(
    left: list[Flowable], right: list[Flowable], width: float, split: float, gap: float = 12
) -> Table:
    """Two columns across ``width`` (pt): ``left`` takes ``split`` of it, ``gap`` pt between."""
    return make_table(
        [[left, right]],
        [width * split, width * (1 - split)],
        [
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (0, -1), gap),
            ("RIGHTPADDING", (1, 0), (1, -1), 0),
            ("TOPPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
        ],
    )


def fit_at(
    flowables: Sequence[Flowable], width: float, height: float
) -> tuple[list[Flowable], list[Flowable]]:
    """``flowables`` cut into what fits ``height`` at ``width`` (the last one split where it
    can be) and the rest."""
    taken: list[Flowable] = []
    left = height
    items = list(flowables)
    for i, item in enumerate(items):
        before = item.getSpaceBefore() if taken else 0.0
        _, h = item.wrap(width, left - before)
        if before + h <= left:
            taken.append(item)
            left -= before + h + item.getSpaceAfter()
            continue
        parts = item.split(width, left - before) if left - before > 0 else []
        if len(parts) > 1:
            return [*taken, parts[0]], [*parts[1:], *items[i + 1 :]]
        return taken, items[i:]
    return taken, []


class Beside(Flowable):
    """Text beside a figure that never splits, the text taking ``split`` of the width, under an
    optional ``heading`` (full width, never left alone at a page's foot).

    Unlike a two-column table it uses the space at the foot of a page: if the figure fits there
    the text beside it stops at the page's foot and goes on full width on the next page; if the
    figure does not fit, the text that fits flows there full width and the rest goes beside the
    figure on the next page (all of it fitting: the figure floats, centred, see :class:`Float`,
    and ``pointer``, a line such as "the figure is on the next page", follows the text; when
    the pointer does not fit too, the last paragraph goes beside the figure instead).
    """

    def __init__(
        self,
        text: Sequence[Flowable],
        figure: Sequence[Flowable],
        split: float,
        gap: float = 12,
        heading: Flowable | None = None,
        pointer: Flowable | None = None,
    ) -> None:
        super().__init__()
        self.text, self.figure = list(text), list(figure)
        self.split_share, self.gap, self.heading = split, gap, heading
        self.pointer = pointer
        self._table: Table | None = None
        self._head_h = 0.0

    def _columns(self, width: float) -> tuple[float, float]:
        return width * self.split_share - self.gap, width * (1 - self.split_share)

    def _figure_height(self, width: float) -> float:
        _, fig_w = self._columns(width)
        return sum(f.wrap(fig_w, 1e6)[1] for f in self.figure)

    def _heading_height(self, width: float) -> float:
        if self.heading is None:
            return 0.0
        return self.heading.wrap(width, 1e6)[1] + self.heading.getSpaceAfter()

    def getSpaceBefore(self) -> float:
        return self.heading.getSpaceBefore() if self.heading is not None else 0.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self._head_h = self._heading_height(avail_width)
        self._table = side_by_side(self.text, self.figure, avail_width, self.split_share, self.gap)
        self.width, height = self._table.wrap(avail_width, avail_height - self._head_h)
        self.height = self._head_h + height
        return self.width, self.height

    def _with(self, text: Sequence[Flowable], heading: Flowable | None) -> Beside:
        return Beside(text, self.figure, self.split_share, self.gap, heading, self.pointer)

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        text_w, _ = self._columns(avail_width)
        room = avail_height - self._heading_height(avail_width)
        if self._figure_height(avail_width) <= room:
            head, rest = fit_at(self.text, text_w, room)
            return [self._with(head, self.heading), *rest] if head else []
        head, rest = fit_at(self.text, avail_width, room)
        if not head:
            return []
        title = [self.heading] if self.heading is not None else []
        if rest:
            return [*title, *head, self._with(rest, None)]
        if self.pointer is None:
            return [*title, *head, Float(self.figure)]
        pointed, left = fit_at([*head, self.pointer], avail_width, room)
        if not left:  # the text, then where the figure went; the figure floats
            return [*title, *pointed, Float(self.figure)]
        if len(head) > 1:  # no room for the pointer: the last paragraph goes with the figure
            return [*title, *head[:-1], self._with(head[-1:], None)]
        return []

    def draw(self) -> None:
        assert self._table is not None
        if self.heading is not None:
            _, h = self.heading.wrap(self.width, 1e6)
            self.heading.drawOn(self.canv, 0, self.height - h)
        self._table.drawOn(self.canv, 0, 0)


class Pointed(KeepTogether):
    """A block kept whole (a figure and its caption) that, when it does not fit at the foot of a
    page, leaves ``pointer`` (a line such as "the diagrams are on the next page") where it
    stood and goes to the top of the next page."""

    def __init__(self, flowables: Sequence[Flowable], pointer: Flowable) -> None:
        super().__init__(list(flowables))
        self.pointer = pointer

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        needed = sum(
            f.wrap(avail_width, 1e6)[1] + f.getSpaceBefore() + f.getSpaceAfter()
            for f in self._content
        )
        _, line = self.pointer.wrap(avail_width, avail_height)
        if needed <= avail_height or line > avail_height:
            return super().split(avail_width, avail_height)
        return [self.pointer, FrameBreak(), KeepTogether(list(self._content))]


class Float(KeepTogether):
    """A figure (flowables kept together) that, when it does not fit the rest of a page, lets
    the text after it fill that page and goes at the top of the next one (LaTeX's float);
    :func:`~plywright.print.canvas.build_pdf` moves it."""
