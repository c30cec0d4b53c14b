"""Fonts for every printable file: DejaVu (shipped inside matplotlib), embedded as TrueType.

DejaVu covers Latvian (ā č ē ģ ī ķ ļ ņ š ū ž), Ukrainian Cyrillic and Dutch text.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
OBLIQUE = "DejaVuSans-Oblique"
MONO = "DejaVuSansMono"


def font_dir() -> Path:
    """The folder of DejaVu TrueType files inside matplotlib."""
    import matplotlib

    return Path(matplotlib.get_data_path()) / "fonts" / "ttf"


def font_path(name: str) -> Path:
    return font_dir() / f"{name}.ttf"


@cache
def register_fonts() -> tuple[str, str, str, str]:
    """Register the DejaVu family with ReportLab (once per process); returns the names."""
    for name in (REGULAR, BOLD, OBLIQUE, MONO):
        pdfmetrics.registerFont(TTFont(name, str(font_path(name))))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=OBLIQUE)
    return REGULAR, BOLD, OBLIQUE, MONO
