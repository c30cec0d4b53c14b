"""Page geometry and paragraph styles of printed documents.

Pages: A4 or Letter with fixed margins (:func:`page_size`, :func:`text_width`); text: paragraph
styles in the embedded DejaVu fonts (:func:`make_styles`), coloured by a :class:`Theme`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import A4, letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm

from plywright.print.fonts import register_fonts

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
            "allowWidows": 0,  # a paragraph's last line never stands alone atop a page
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
