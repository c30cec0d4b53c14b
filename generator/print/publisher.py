"""The workshop's mark on the prints: ``[print.publisher]`` (name, optional SVG logo, web
address) resolved against the variant file, checked before any work starts, and drawn by
every print: :func:`draw_mark` at the head of a cover (page 1), :attr:`PublisherMark.line` in
the footers and :func:`draw_footer_line` on pages whose furniture is their own. Without a
publisher nothing is printed there.

The logo is read with svglib (SVG into a ReportLab drawing), so a PDF embeds vectors, not a
bitmap, and the same file always gives the same bytes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from plywright.print.fonts import register_fonts

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from plywright.api import Publisher
    from plywright.variant import Variant

MAX_LOGO_BYTES = 1 << 20
"""Largest logo file (1 MiB): a mark, not a poster."""
LOGO_HEIGHT = 9 * mm
"""Height (pt) of the logo at the head of a cover."""
LOCKUP_HEIGHT = 7 * mm
"""Height (pt) of the logo set beside a title, in a header row (:func:`draw_beside`)."""
MARK_GAP = 3 * mm
"""Space (pt) between the mark at the head of a cover and what follows below it."""
NAME_PT = 9.0
"""Size (pt) of the name beside the logo (bold)."""
WEB_PT = 8.0
"""Size (pt) of the web address under the name, and of a footer line."""
MIN_PT = 6.0
"""Smallest size (pt) a footer line shrinks to with the web address in it; a line that would
need less names the publisher without it."""
FOOTER_Y = 7 * mm
"""Baseline (pt above the paper's lower edge) of :func:`draw_footer_line` on a page whose
own furniture keeps the lowest 10 mm free."""


@dataclass(frozen=True)
class PublisherMark:
    """What the prints show of the publisher: its name, web address and logo file."""

    name: str
    web: str | None = None
    logo: Path | None = None

    @property
    def line(self) -> str:
        """The footer's words: the name, and the web address after it."""
        return f"{self.name} · {self.web}" if self.web else self.name

    def logo_width(self, height: float) -> float:
        """Width (pt) of the logo drawn ``height`` pt tall (0 without a logo)."""
        if self.logo is None:
            return 0.0
        drawing = read_logo(self.logo)
        return float(drawing.width * height / drawing.height)

    def draw_logo(self, canvas: Canvas, x: float, y: float, height: float) -> float:
        """Draw the logo ``height`` pt tall with its lower left corner at (``x``, ``y``);
        returns the width drawn (0 without a logo)."""
        if self.logo is None:
            return 0.0
        drawing = read_logo(self.logo)
        scale = height / drawing.height
        drawing.scale(scale, scale)
        width = float(drawing.width * scale)
        drawing.width, drawing.height = width, height
        renderPDF.draw(drawing, canvas, x, y)
        return width


def _fitted(text: str, font: str, size: float, width: float) -> float:
    """The largest size up to ``size`` at which ``text`` fits ``width`` pt."""
    natural = stringWidth(text, font, size)
    if natural <= width or natural <= 0:
        return size
    return max(0.1, size * width / natural)


def mark_width(mark: PublisherMark, height: float = LOGO_HEIGHT) -> float:
    """Width (pt) of the mark set side by side (logo, gap, name and web address) at its
    natural size, the logo ``height`` pt tall."""
    regular, bold = register_fonts()[:2]
    words = max(
        stringWidth(mark.name, bold, NAME_PT),
        stringWidth(mark.web, regular, WEB_PT) if mark.web else 0.0,
    )
    logo = mark.logo_width(height)
    return logo + (MARK_GAP if logo else 0.0) + words


def draw_mark(
    canvas: Canvas,
    mark: PublisherMark,
    left: float,
    right: float,
    top: float,
    *,
    height: float = LOGO_HEIGHT,
    together: bool = False,
) -> float:
    """The publisher at the head of a cover, in the band from ``left`` to ``right`` (pt)
    whose top is ``top``: the logo ``height`` pt tall at the left (narrowed to the room the
    words leave, but to no less than a third of the band), the name in bold with the web
    address under it (its baseline 0.8 mm above the band's foot) right-aligned at ``right``
    (or, if ``together``, just after the logo), both shrunk to the room left; words in the
    canvas's fill colour, its state kept. Returns the height (pt) the band takes,
    :data:`MARK_GAP` below it included."""
    regular, bold = register_fonts()[:2]
    bottom = top - height
    logo_w = mark.logo_width(height)
    logo_h = height
    words = mark_width(replace(mark, logo=None))
    room = max(right - left - MARK_GAP - words, (right - left) / 3)
    if logo_w > room:
        logo_h, logo_w = height * room / logo_w, room
    canvas.saveState()
    if logo_w:
        canvas.saveState()
        mark.draw_logo(canvas, left, bottom, logo_h)
        canvas.restoreState()
    start = left + logo_w + (MARK_GAP if logo_w else 0.0)
    room = right - start
    alone = 0.8 if together else 2.5  # the name without a web address: on a row's baseline
    lines = [(mark.name, bold, NAME_PT, bottom + (4.5 if mark.web else alone) * mm)]
    if mark.web:
        lines.append((mark.web, regular, WEB_PT, bottom + 0.8 * mm))
    for text, font, size, y in lines:
        canvas.setFont(font, _fitted(text, font, size, room))
        if together:
            canvas.drawString(start, y, text)
        else:
            canvas.drawRightString(right, y, text)
    canvas.restoreState()
    return height + MARK_GAP


def draw_beside(
    canvas: Canvas, mark: PublisherMark, left: float, right: float, baseline: float
) -> None:
    """The mark set side by side (logo :data:`LOCKUP_HEIGHT` tall, then the name over the web
    address) in a header row: ending at ``right``, starting no further left than ``left``
    (pt), its last line on the row's ``baseline``."""
    start = max(left, right - mark_width(mark, LOCKUP_HEIGHT))
    top = baseline - 0.8 * mm + LOCKUP_HEIGHT
    draw_mark(canvas, mark, start, right, top, height=LOCKUP_HEIGHT, together=True)


def draw_footer_line(
    canvas: Canvas,
    mark: PublisherMark,
    left: float,
    right: float,
    y: float = FOOTER_Y,
    *,
    align: Literal["left", "right"] = "right",
    size: float = WEB_PT,
    lead: str = "",
    grey: bool = True,
) -> None:
    """The footer's words (``lead``, then :attr:`PublisherMark.line`) on one line at baseline
    ``y`` between ``left`` and ``right`` (pt), aligned to one side, in grey (or, unless
    ``grey``, the canvas's fill colour), ``size`` pt or smaller to fit; the name without the
    web address where the line would need less than :data:`MIN_PT`."""
    regular = register_fonts()[0]
    room = right - left
    words = " · ".join(text for text in (lead, mark.line) if text)
    if stringWidth(words, regular, min(size, MIN_PT)) > room:
        words = " · ".join(text for text in (lead, mark.name) if text)
    canvas.saveState()
    if grey:
        canvas.setFillColorRGB(0.35, 0.35, 0.35)
    canvas.setFont(regular, _fitted(words, regular, size, room))
    if align == "right":
        canvas.drawRightString(right, y, words)
    else:
        canvas.drawString(left, y, words)
    canvas.restoreState()


def logo_folder(variant: Variant) -> Path:
    """The folder a relative logo path is read from: the variant file's (or the working
    folder for a variant that came from no file)."""
    source = Path(variant.source)
    return source.parent if source.suffix == ".toml" else Path.cwd()


def read_logo(path: Path) -> Drawing:
    """The logo at ``path`` as a drawing; :class:`ValueError` saying why it cannot be one."""
    from svglib.svglib import svg2rlg

    try:
        size = path.stat().st_size
    except OSError as error:
        raise ValueError(f"cannot read {path} ({error.strerror})") from None
    if size > MAX_LOGO_BYTES:
        raise ValueError(f"{path} is {size} bytes, at most {MAX_LOGO_BYTES} (1 MiB)")
    try:
        drawing = svg2rlg(str(path))
    except Exception as error:  # svglib raises what its XML and CSS parsers raise
        raise ValueError(f"{path} is not a readable SVG ({type(error).__name__})") from None
    if drawing is None or not drawing.width or not drawing.height:
        raise ValueError(f"{path} is not an SVG drawing with a width and a height")
    return drawing


def publisher_mark(publisher: Publisher | None, folder: Path) -> PublisherMark | None:
    """The mark of ``publisher`` with its logo path resolved in ``folder`` and checked
    (:class:`ValueError` naming the file), or ``None``."""
    if publisher is None:
        return None
    logo = None
    if publisher.logo is not None:
        logo = (folder / publisher.logo).resolve()
        read_logo(logo)
    return PublisherMark(publisher.name, publisher.web, logo)


def variant_mark(variant: Variant) -> PublisherMark | None:
    """The publisher mark of ``variant``'s ``[print]`` table."""
    return publisher_mark(variant.print.publisher, logo_folder(variant))
