"""Print-shop sheets: the deterministic PDF canvas, TrimBox/BleedBox and crop marks.

Every PDF writer starts from :func:`pdf_canvas` (same bytes for the same drawing: invariant,
compressed, DejaVu as the initial font, plywright as creator and, without a publisher, as
author). A page cut to size
after printing states its finished edge (TrimBox) and its printed edge (BleedBox) with
:func:`set_print_boxes` and carries :func:`crop_marks` at the corners of the trim.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.pdfgen.canvas import Canvas

from plywright.cad.geometry2d import Bounds
from plywright.print.fonts import register_fonts
from plywright.print.plandraw import PT_PER_MM

if TYPE_CHECKING:
    from plywright.print.publisher import PublisherMark

K = PT_PER_MM
CROP_GAP = 1.5
"""Distance (mm) from the bleed edge to where a crop mark starts."""
CROP_LENGTH = 4.0
"""Length (mm) of a crop mark."""
CROP_LINE_PT = 0.25
"""Line width (pt) of a crop mark."""


def pdf_canvas(
    path: Path,
    page: tuple[float, float],
    *,
    title: str,
    subject: str,
    publisher: PublisherMark | None = None,
) -> Canvas:
    """A deterministic canvas for ``path`` with pages of ``page`` (width, height in mm); the
    ``publisher`` (if any) is its author."""
    regular = register_fonts()[0]
    c = Canvas(
        str(path),
        pagesize=(page[0] * K, page[1] * K),
        invariant=1,
        pageCompression=1,
        initialFontName=regular,
    )
    c.setTitle(title)
    c.setAuthor(publisher.name if publisher else "plywright")
    c.setCreator("plywright")
    c.setSubject(subject)
    return c


def print_boxes(trim: Bounds, bleed: float) -> tuple[Bounds, Bounds]:
    """TrimBox and BleedBox (pt) of a page whose finished edge is ``trim`` (mm) with ``bleed``
    mm of ink beyond it."""
    x0, y0, x1, y1 = trim
    return (
        (x0 * K, y0 * K, x1 * K, y1 * K),
        ((x0 - bleed) * K, (y0 - bleed) * K, (x1 + bleed) * K, (y1 + bleed) * K),
    )


def set_print_boxes(c: Canvas, trim: Bounds, bleed: float) -> tuple[Bounds, Bounds]:
    """Set the current page's TrimBox and BleedBox (call on every page); returns both (pt)."""
    trim_box, bleed_box = print_boxes(trim, bleed)
    c.setTrimBox(trim_box)
    c.setBleedBox(bleed_box)
    return trim_box, bleed_box


def crop_marks(
    c: Canvas, x: float, y: float, width: float, height: float, bleed: float, pt: float
) -> None:
    """Crop marks at the four corners of the trim box ``x, y, width, height`` (canvas units
    mm, ``pt`` = one point in mm), starting ``CROP_GAP`` mm outside the bleed."""
    c.saveState()
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(CROP_LINE_PT * pt)
    c.setDash([])
    start, end = bleed + CROP_GAP, bleed + CROP_GAP + CROP_LENGTH
    for cx, sx in ((x, -1), (x + width, 1)):
        for cy, sy in ((y, -1), (y + height, 1)):
            c.line(cx + sx * start, cy, cx + sx * end, cy)
            c.line(cx, cy + sy * start, cx, cy + sy * end)
    c.restoreState()
