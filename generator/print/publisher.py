"""The workshop's mark on the prints: ``[print.publisher]`` (name, optional SVG logo, web
address) resolved against the variant file, checked before any work starts, and drawn on the
first page's head and on every footer. Without a publisher nothing is printed there.

The logo is read with svglib (SVG into a ReportLab drawing), so a PDF embeds vectors, not a
bitmap, and the same file always gives the same bytes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from generator.api import Publisher
    from generator.variant import Variant

MAX_LOGO_BYTES = 1 << 20
"""Largest logo file (1 MiB): a mark, not a poster."""


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
