"""Building blocks for printable documents (rulebooks, play aids) shared by every game.

Pages: A4 or Letter with fixed margins, a running header and a footer with "page N of M".
Text: paragraph styles in the embedded DejaVu fonts (no base-14 font ever reaches the PDF).
Pieces: vector diagrams that shrink to the column, figure grids, a facts box, a note box,
text beside a figure and plain tables. :func:`build_pdf` writes deterministic bytes
(ReportLab's ``invariant`` mode and fixed metadata), so the same story always gives the same
file. Rulebooks: :func:`rulebook_info` (metadata and running texts from a game's ``meta.*``
texts), :class:`Book` (what the sections read), :func:`sections_story`,
:func:`write_rulebook`, :func:`rulebook_artifacts` and :func:`variant_rulebooks` (one PDF
per language).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, Self, TypeVar

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import A4, letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    KeepTogether,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from generator.api import Artifact
from generator.build import in_folder

if TYPE_CHECKING:
    from generator.api import StrictModel
    from generator.variant import Variant
from generator.print.fonts import register_fonts

PAPER_SIZES: dict[str, tuple[float, float]] = {"A4": A4, "Letter": letter}
"""Page sizes in points (width, height) by the ``paper`` names of ``[print]``."""

MARGIN_SIDE = 17 * mm
MARGIN_TOP = 20 * mm
MARGIN_BOTTOM = 18 * mm
RUNNING_PT = 8.0
"""Size of the running header and footer (pt): never below a sheet's instructions."""


def page_size(paper: str) -> tuple[float, float]:
    """Width and height in points of ``paper`` (``A4`` or ``Letter``)."""
    try:
        return PAPER_SIZES[paper]
    except KeyError:
        raise ValueError(f"unknown paper {paper!r} (allowed: {', '.join(PAPER_SIZES)})") from None


def text_width(paper: str) -> float:
    """Width of the text column in points."""
    return page_size(paper)[0] - 2 * MARGIN_SIDE


@dataclass(frozen=True)
class Theme:
    """The few colours of a document (hex strings)."""

    text: str = "#222222"
    accent: str = "#7a4a1e"
    accent_light: str = "#f5ebdc"
    muted: str = "#6d6d6d"
    rule: str = "#c9b79c"


@dataclass(frozen=True)
class Styles:
    """Paragraph styles of a document, all in DejaVu."""

    title: ParagraphStyle
    subtitle: ParagraphStyle
    h1: ParagraphStyle
    h2: ParagraphStyle
    body: ParagraphStyle
    bullet: ParagraphStyle
    caption: ParagraphStyle
    small: ParagraphStyle
    cell: ParagraphStyle
    cell_right: ParagraphStyle
    cell_head: ParagraphStyle
    box_title: ParagraphStyle
    theme: Theme = field(default_factory=Theme)


def make_styles(theme: Theme | None = None, size: float = 9.8) -> Styles:
    """The standard styles; ``size`` is the body font size in points."""
    theme = theme or Theme()
    regular, bold, oblique, _ = register_fonts()
    ink = colors.HexColor(theme.text)
    accent = colors.HexColor(theme.accent)
    lead = size * 1.38

    def style(name: str, **kw: Any) -> ParagraphStyle:
        base: dict[str, Any] = {
            "fontName": regular,
            "fontSize": size,
            "leading": lead,
            "textColor": ink,
            "bulletFontName": regular,
            "bulletFontSize": size,
        }
        return ParagraphStyle(name, **{**base, **kw})

    return Styles(
        title=style(
            "title",
            fontName=bold,
            fontSize=size * 3,
            leading=size * 3.4,
            textColor=accent,
            spaceAfter=size * 0.4,
        ),
        subtitle=style(
            "subtitle",
            fontSize=size * 1.3,
            leading=size * 1.7,
            textColor=colors.HexColor(theme.muted),
            spaceAfter=size * 1.2,
        ),
        h1=style(
            "h1",
            fontName=bold,
            fontSize=size * 1.55,
            leading=size * 1.9,
            textColor=accent,
            spaceBefore=size * 1.3,
            spaceAfter=size * 0.5,
            keepWithNext=1,
        ),
        h2=style(
            "h2",
            fontName=bold,
            fontSize=size * 1.1,
            leading=size * 1.45,
            spaceBefore=size * 0.8,
            spaceAfter=size * 0.3,
            keepWithNext=1,
        ),
        body=style("body", spaceAfter=size * 0.55),
        bullet=style(
            "bullet", leftIndent=size * 1.5, bulletIndent=size * 0.4, spaceAfter=size * 0.3
        ),
        caption=style(
            "caption",
            fontName=oblique,
            fontSize=size * 0.82,
            leading=size * 1.08,
            alignment=TA_CENTER,
            textColor=colors.HexColor(theme.muted),
        ),
        small=style("small", fontSize=size * 0.82, leading=size * 1.1),
        cell=style("cell", alignment=TA_LEFT, leading=size * 1.25),
        cell_right=style("cell_right", fontName=bold, alignment=TA_RIGHT, leading=size * 1.25),
        cell_head=style("cell_head", fontName=bold, leading=size * 1.25, textColor=accent),
        box_title=style(
            "box_title",
            fontName=bold,
            fontSize=size * 1.1,
            leading=size * 1.4,
            textColor=accent,
            spaceAfter=size * 0.2,
        ),
        theme=theme,
    )


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


@dataclass(frozen=True)
class DocumentInfo:
    """Metadata and running texts of a document.

    ``page_label`` is formatted with ``page`` and ``pages``; the header is left out on page 1.
    """

    title: str
    lang: str
    header_left: str = ""
    header_right: str = ""
    footer_left: str = ""
    page_label: str = "{page} / {pages}"
    author: str = "plywright"
    subject: str = ""


class LocaleTexts(Protocol):
    """A game's texts in one language: ``t(key, **values)`` fills a text in, ``t.raw(key)``
    returns it as written."""

    lang: str

    def __call__(self, key: str, **values: object) -> str: ...

    def raw(self, key: str) -> str: ...


def rulebook_info(t: LocaleTexts, variant_name: str) -> DocumentInfo:
    """Metadata and running texts of a rulebook from the texts ``meta.title``, ``meta.subject``,
    ``meta.header``, ``meta.footer`` (with ``{variant}``) and ``meta.page`` (with ``{page}`` and
    ``{pages}``, filled in per page)."""
    return DocumentInfo(
        title=t("meta.title"),
        lang=t.lang,
        subject=t("meta.subject"),
        header_left=t("meta.header"),
        header_right=variant_name,
        footer_left=t("meta.footer", variant=variant_name),
        page_label=t.raw("meta.page"),
    )


TextsT = TypeVar("TextsT", bound=LocaleTexts)
RulesT = TypeVar("RulesT")
ProductionT = TypeVar("ProductionT")


@dataclass(frozen=True)
class Book(Generic[TextsT, RulesT, ProductionT]):
    """What a rulebook's sections read: the texts of one language, the variant's ``[rules]`` and
    ``[production]`` tables, the styles and the text column's width (pt). A game subclasses it
    with its own types and helpers (diagrams, derived numbers)."""

    t: TextsT
    rules: RulesT
    production: ProductionT
    styles: Styles
    width: float

    @classmethod
    def on(cls, paper: str, t: TextsT, rules: RulesT, production: ProductionT) -> Self:
        """The book in the standard styles, as wide as the text column of ``paper``."""
        return cls(t, rules, production, make_styles(), text_width(paper))

    def para(self, key: str, **values: object) -> Paragraph:
        """A body paragraph: the text of ``key`` filled in."""
        return Paragraph(self.t(key, **values), self.styles.body)

    def bullet(self, text: str) -> Paragraph:
        """``text`` as a bullet point."""
        return Paragraph(text, self.styles.bullet, bulletText="•")

    def heading(self, key: str) -> Paragraph:
        """A section heading: the text of ``key``."""
        return Paragraph(self.t(key), self.styles.h1)

    def caption(self, key: str, **values: object) -> Paragraph:
        """A figure caption: the text of ``key`` filled in."""
        return Paragraph(self.t(key, **values), self.styles.caption)

    def side_by_side(self, left: list[Flowable], right: list[Flowable], split: float) -> Table:
        """Two columns across the text column; ``left`` takes ``split`` of it."""
        return side_by_side(left, right, self.width, split)


def write_rulebook(
    path: Path, story: Sequence[Flowable], t: LocaleTexts, *, paper: str, variant_name: str
) -> int:
    """Lay a rulebook's ``story`` out on ``paper`` with :func:`rulebook_info`; returns its
    page count."""
    return build_pdf(path, story, paper=paper, info=rulebook_info(t, variant_name))


BookT = TypeVar("BookT")


def sections_story(
    sections: Sequence[Callable[[BookT], list[Flowable]]], book: BookT, gap: float
) -> list[Flowable]:
    """Every section's flowables in order, ``gap`` points after each."""
    story: list[Flowable] = []
    for section in sections:
        story += section(book)
        story.append(Spacer(1, gap))
    return story


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


def rulebook_artifacts(
    languages: Sequence[str], paper: str, write: Callable[[Path, str], object]
) -> list[Artifact]:
    """One ``print/rulebook`` artifact per language: ``write(path, lang)`` writes the PDF (its
    folder is made first)."""
    return [
        Artifact(
            kind="print/rulebook",
            path=f"print/rulebook-{lang}.pdf",
            description=f"rulebook ({lang}, {paper})",
            write=in_folder(functools.partial(_write_in, write, lang)),
            lang=lang,
        )
        for lang in languages
    ]


def _write_in(write: Callable[[Path, str], object], lang: str, path: Path) -> None:
    write(path, lang)


RulesModel = TypeVar("RulesModel", bound="StrictModel")
ProductionModel = TypeVar("ProductionModel", bound="StrictModel")


def variant_rulebooks(
    variant: Variant,
    rules: type[RulesModel],
    production: type[ProductionModel],
    write: Callable[[Path, str, RulesModel, ProductionModel, str, str], object],
) -> list[Artifact]:
    """The rulebook artifacts of ``variant`` (one per language of ``[print]``):
    ``write(path, lang, rules, production, paper, variant_name)`` writes one PDF."""
    rules_table, production_table = variant.table(rules), variant.table(production)
    paper = variant.print.paper

    def write_one(path: Path, lang: str) -> None:
        write(path, lang, rules_table, production_table, paper, variant.name)

    return rulebook_artifacts(variant.print.languages, paper, write_one)


class _DecoratedCanvas(Canvas):
    """A canvas that keeps its pages until ``save`` to draw header and footer with the total."""

    def __init__(self, *args: Any, info: DocumentInfo, theme: Theme, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._info = info
        self._theme = theme
        self._pages: list[dict[str, Any]] = []

    def showPage(self) -> None:
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self) -> None:
        total = len(self._pages)
        for number, state in enumerate(self._pages, start=1):
            self.__dict__.update(state)
            self._decorate(number, total)
            super().showPage()
        super().save()

    def _decorate(self, number: int, total: int) -> None:
        regular = register_fonts()[0]
        info, theme = self._info, self._theme
        width, height = self._pagesize
        left, right = MARGIN_SIDE, width - MARGIN_SIDE
        self.saveState()
        self.setFont(regular, RUNNING_PT)
        self.setFillColor(colors.HexColor(theme.muted))
        self.setStrokeColor(colors.HexColor(theme.rule))
        self.setLineWidth(0.5)
        if number > 1:
            top = height - MARGIN_TOP + 5 * mm
            self.drawString(left, top + 2, info.header_left)
            self.drawRightString(right, top + 2, info.header_right)
            self.line(left, top - 2, right, top - 2)
        bottom = MARGIN_BOTTOM - 9 * mm
        self.line(left, bottom + 9, right, bottom + 9)
        self.drawString(left, bottom, info.footer_left)
        self.drawRightString(right, bottom, info.page_label.format(page=number, pages=total))
        self.restoreState()


def build_pdf(
    path: Path | str,
    story: Sequence[Flowable],
    *,
    paper: str,
    info: DocumentInfo,
    theme: Theme | None = None,
) -> int:
    """Lay ``story`` out on ``paper`` and write the PDF to ``path``; returns the page count.

    Deterministic: invariant mode, fixed metadata and the DejaVu font as the canvas's initial
    font (so not even an unused base-14 font is referenced).
    """
    regular = register_fonts()[0]
    size = page_size(paper)
    frame = Frame(
        MARGIN_SIDE,
        MARGIN_BOTTOM,
        size[0] - 2 * MARGIN_SIDE,
        size[1] - MARGIN_TOP - MARGIN_BOTTOM,
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
        id="body",
    )
    doc = BaseDocTemplate(
        str(path),
        pagesize=size,
        pageTemplates=[PageTemplate(id="page", frames=[frame])],
        leftMargin=MARGIN_SIDE,
        rightMargin=MARGIN_SIDE,
        topMargin=MARGIN_TOP,
        bottomMargin=MARGIN_BOTTOM,
        title=info.title,
        author=info.author,
        subject=info.subject,
        creator="plywright",
        producer="plywright (ReportLab)",
        lang=info.lang,
        invariant=True,
        initialFontName=regular,
        initialFontSize=9.5,
    )
    canvasmaker: Callable[..., Canvas] = functools.partial(
        _DecoratedCanvas, info=info, theme=theme or Theme()
    )
    doc.build(list(story), canvasmaker=canvasmaker)
    return int(doc.page)
