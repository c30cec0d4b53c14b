"""Reading printed PDFs back for tests: the text of each page and the size every text is drawn at.

``page_texts`` uses poppler's ``pdftotext`` (installed by ``make test``) for the words a reader
sees; ``text_runs`` walks the content streams with pypdf and reports each shown string with its
effective size in points (font size scaled by the text and graphics matrices), so a test can say
"no text on this page is below 6 pt".
"""

from __future__ import annotations

import math
import subprocess
from dataclasses import dataclass
from pathlib import Path

from pypdf import PdfReader


@dataclass(frozen=True)
class Run:
    """One string shown on a page, at its effective size (pt)."""

    page: int
    text: str
    size: float


def page_texts(path: Path) -> list[str]:
    """The text of every page (1-based order kept in the list), whitespace collapsed."""
    out = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, check=True)
    pages = out.stdout.decode("utf-8").split("\f")
    if pages and not pages[-1].strip():
        pages = pages[:-1]
    return [" ".join(page.split()) for page in pages]


def _scale(matrix: list[float]) -> float:
    """How much a matrix stretches the text's vertical axis."""
    _, _, c, d, _, _ = matrix
    return math.hypot(c, d)


def _multiply(m: list[float], n: list[float]) -> list[float]:
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return [
        a * p + b * r,
        a * q + b * s,
        c * p + d * r,
        c * q + d * s,
        e * p + f * r + t,
        e * q + f * s + u,
    ]


def text_runs(path: Path) -> list[Run]:
    """Every non-blank string shown in the PDF with its page number (from 1) and size in pt."""
    runs: list[Run] = []
    for number, page in enumerate(PdfReader(path).pages, start=1):

        def visit(
            text: str,
            cm: list[float],
            tm: list[float],
            font: object,
            size: float,
            number: int = number,
        ) -> None:
            if text.strip():
                effective = size * _scale(_multiply(tm, cm))
                runs.append(Run(number, text.strip(), round(effective, 2)))

        page.extract_text(visitor_text=visit)
    return runs


def smallest(runs: list[Run]) -> Run:
    """The run drawn at the smallest size."""
    return min(runs, key=lambda run: run.size)
