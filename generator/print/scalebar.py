"""The 100 mm scale-check bar printed on every template page."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from generator.print.fonts import register_fonts
from generator.print.plandraw import PT_PER_MM

BAR_MM = 100.0
BAR_HEIGHT_MM = 2.5
SCALE_CHECK: dict[str, str] = {
    "en": "SCALE CHECK: this bar must measure 100 mm",
    "nl": "SCHAALCONTROLE: deze balk moet 100 mm meten",
    "lv": "MĒROGA PĀRBAUDE: šai joslai jābūt 100 mm garai",
    "uk": "ПЕРЕВІРКА МАСШТАБУ: ця смуга має бути 100 мм",
}
"""The bar's label per language."""


def scale_check_label(lang: str) -> str:
    """The bar's label in ``lang`` (English when the language has none)."""
    return SCALE_CHECK.get(lang, SCALE_CHECK["en"])


def scale_bar(c: Canvas, x: float, y: float, label: str = SCALE_CHECK["en"]) -> float:
    """Draw the bar with its lower-left at page point ``(x, y)`` (pt); returns its height in pt.

    Alternating 10 mm blocks, millimetre ticks over the first 10 mm, labels 0 / 50 / 100 mm,
    ``label`` above the bar (see :func:`scale_check_label`).
    """
    regular, bold, _, _ = register_fonts()
    k = PT_PER_MM
    label_y = y
    bar_y = y + 3.2 * k
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
    c.setFont(regular, 6.5)
    c.drawString(x, label_y, "0")
    c.drawCentredString(x + 50 * k, label_y, "50")
    c.drawRightString(x + BAR_MM * k, label_y, "100 mm")
    c.setFont(bold, 6.5)
    c.drawString(x, bar_y + (BAR_HEIGHT_MM + 2.2) * k, label)
    c.restoreState()
    return bar_y + (BAR_HEIGHT_MM + 5) * k - y
