"""The 100 mm scale-check bar printed on every template page (its words from the furniture's
locale files, ``print.scale.*``)."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from plywright.print.fonts import register_fonts
from plywright.print.furniture import PrintTexts, furniture
from plywright.print.plandraw import PT_PER_MM

BAR_MM = 100.0
BAR_HEIGHT_MM = 2.5
LABEL_PT = 8.0
"""Size of the bar's label and its numbers (pt)."""


def scale_check_label(lang: str) -> str:
    """The bar's label in ``lang``, e.g. "SCALE CHECK: this bar must measure 100 mm"."""
    return furniture(lang)("print.scale.check")


def scale_bar(
    c: Canvas,
    x: float,
    y: float,
    label: str | None = None,
    *,
    t: PrintTexts | None = None,
) -> float:
    """Draw the bar with its lower-left at page point ``(x, y)`` (pt); returns its height in pt.

    Alternating 10 mm blocks, millimetre ticks over the first 10 mm, labels 0 / 50 / 100 mm,
    ``label`` above the bar; the words in the language of ``t`` (English without it), the
    label unless given.
    """
    t = t or furniture("en")
    label = label if label is not None else t("print.scale.check")
    regular, bold, _, _ = register_fonts()
    k = PT_PER_MM
    label_y = y
    bar_y = y + 3.6 * k
    c.saveState()
    c.setLineWidth(0.5)
    c.setStrokeColorRGB(0, 0, 0)
    for i in range(10):
        c.setFillColorRGB(*((0, 0, 0) if i % 2 == 0 else (1, 1, 1)))
        c.rect(x + i * 10 * k, bar_y, 10 * k, BAR_HEIGHT_MM * k, stroke=1, fill=1)
    c.setLineWidth(0.3)
    for mm in range(1, 10):
        tick = 1.6 if mm == 5 else 1.0
        c.line(
            x + mm * k, bar_y + BAR_HEIGHT_MM * k, x + mm * k, bar_y + (BAR_HEIGHT_MM + tick) * k
        )
    c.setFillColorRGB(0, 0, 0)
    c.setFont(regular, LABEL_PT)
    c.drawString(x, label_y, "0")
    c.drawCentredString(x + 50 * k, label_y, "50")
    c.drawRightString(x + BAR_MM * k, label_y, t("print.scale.end"))
    c.setFont(bold, LABEL_PT)
    room = BAR_MM * k
    size = LABEL_PT
    while size > 6 and c.stringWidth(label, bold, size) > room:
        size -= 0.25
    c.setFont(bold, size)
    c.drawString(x, bar_y + (BAR_HEIGHT_MM + 2.2) * k, label)
    c.restoreState()
    return bar_y + (BAR_HEIGHT_MM + 5.5) * k - y
