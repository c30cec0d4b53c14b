"""The king's crown template: one page per language, the crown drawn at true size (1:1).

The crown is 90 mm wide (the king's width) and fits any A4 or Letter page, so the template is a
single page: no reduced overview (a small drawing beside a 100 mm check bar would invite
tracing the wrong size). The page carries what it is for (a new or home-made king; the set's
king is already crowned), how to lay it on the king and saw, the labels on the drawing itself
("end grain (top)", "guide line — do not saw") and the core's 100 mm scale bar, which is true
on this page. Every word comes from ``locales/<lang>.toml`` (``crown.*``, the print instruction
with the print dialog's own words included) and the core's scale bar.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from plywright.plugins.kubb import parts
from plywright.plugins.kubb.locales import Texts
from plywright.plugins.kubb.production import KubbProduction
from plywright.print.fonts import register_fonts
from plywright.print.furniture import furniture
from plywright.print.plandraw import PT_PER_MM
from plywright.print.publisher import PublisherMark, draw_footer_line, draw_mark
from plywright.print.scalebar import scale_bar
from plywright.print.sheet import pdf_canvas
from plywright.print.templates import wrap
from plywright.print.tiling import PAPER_MM

K = PT_PER_MM
MARGIN = 15.0
"""Page margin (mm)."""
TEXT_PT = 10.0
LEADING = 5.0
"""Line spacing of the instructions (mm)."""
LABEL_PT = 9.0
GAP = 14.0
"""Space (mm) between the instructions and the drawing's top label."""


def crown_lines(p: KubbProduction, t: Texts, name: str) -> list[str]:
    """The instructions above the drawing, in order."""
    values = {
        "name": name,
        "width": t.number(p.king_width),
        "height": t.number(p.king_height),
        "points": p.crown_points,
        "depth": t.number(p.crown_height),
    }
    return [
        t("crown.use"),
        t("crown.info", **values),
        t("crown.steps"),
        t("crown.mark"),
        t("crown.cut"),
    ]


def write_crown_template(
    path: Path,
    p: KubbProduction,
    t: Texts,
    paper: str,
    *,
    publisher: PublisherMark | None = None,
) -> tuple[float, float]:
    """Write the one-page 1:1 crown template (the ``publisher``'s mark, if any, above the
    title and its name at the foot); returns the crown's drawn size (mm). Its head names the
    set (``crown.set``), not a field: the crown is the same for every field."""
    regular, bold, _, _ = register_fonts()
    short, long_ = PAPER_MM[paper]
    page = (short, long_)
    core = furniture(t.lang)
    title, name = t("crown.title"), t("crown.set")
    subject = t("crown.kind")
    c = pdf_canvas(
        path,
        page,
        title=t("crown.meta_title", title=title, set=name),
        subject=subject,
        publisher=publisher,
    )
    width = page[0] - 2 * MARGIN
    top = page[1] - MARGIN - 7
    c.setFillColorRGB(0, 0, 0)
    if publisher is not None:
        left, right = MARGIN * K, (page[0] - MARGIN) * K
        top -= draw_mark(c, publisher, left, right, (page[1] - MARGIN) * K) / K
        draw_footer_line(c, publisher, left, right)
    c.setFont(bold, 16)
    c.drawString(MARGIN * K, top * K, title)
    c.setFont(regular, 9)
    c.drawRightString((page[0] - MARGIN) * K, (top + 2) * K, name)
    y = top - 11
    c.setFont(regular, TEXT_PT)
    for line in crown_lines(p, t, name):
        for part in wrap(line, regular, TEXT_PT, width * K):
            c.drawString(MARGIN * K, y * K, part)
            y -= LEADING
        y -= 1.5
    _draw_crown(c, p, t, (page[0] / 2, y - GAP))
    c.setFont(regular, 8.5)
    c.drawString(MARGIN * K, (MARGIN + 22) * K, t("crown.print_note"))
    scale_bar(c, MARGIN * K, (MARGIN + 4) * K, t=core)
    c.showPage()
    c.save()
    return (p.king_width, p.crown_height + parts.TEMPLATE_BAND)


def _draw_crown(c: Canvas, p: KubbProduction, t: Texts, top_centre: tuple[float, float]) -> None:
    """The crown template at 1:1 below ``top_centre`` (mm, the top label's baseline): the
    crown line and the sides solid (cut), the bottom edge dashed (a guide line)."""
    regular, bold, _, _ = register_fonts()
    band = p.crown_height + parts.TEMPLATE_BAND
    cx, label_y = top_centre
    x0 = cx - p.king_width / 2
    y0 = label_y - 4 - band
    profile = parts.crown_template_profile(p)
    c.saveState()
    c.setFont(bold, LABEL_PT)
    c.drawCentredString(cx * K, label_y * K, t("crown.top"))
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.6)
    path = c.beginPath()
    (sx, sy), *rest = profile[1:]
    path.moveTo((x0 + sx) * K, (y0 + sy) * K)
    for x, y in [*rest, profile[0]]:
        path.lineTo((x0 + x) * K, (y0 + y) * K)
    c.drawPath(path, stroke=1, fill=0)
    c.setDash([3, 2])
    c.line(x0 * K, y0 * K, (x0 + p.king_width) * K, y0 * K)
    c.setDash()
    c.setFont(regular, LABEL_PT)
    c.drawCentredString(cx * K, (y0 - 5) * K, t("crown.guide"))
    c.restoreState()
