"""Reading printed PDFs back for tests: the text of each page and the size every text is drawn at.

``page_texts`` uses poppler's ``pdftotext`` (installed by ``make test``) for the words a reader
sees; ``text_runs`` walks the content streams with pypdf and reports each shown string with its
effective size in points (font size scaled by the text and graphics matrices), so a test can say
"no text on this page is below 6 pt"; ``page_rects`` and ``scale_bar_length`` measure drawn
rectangles (a printed 100 mm scale bar must measure 100 mm).
"""

from __future__ import annotations

import math
import subprocess
from dataclasses import dataclass
from pathlib import Path

from pypdf import PdfReader

Rect = tuple[float, float, float, float]
"""A rectangle in page points: x, y, width, height."""
PT_PER_MM = 72 / 25.4


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


def page_rects(page: object) -> list[Rect]:
    """Every ``re`` rectangle of a page in page points (x, y, width, height), CTM applied."""
    out: list[Rect] = []

    def visit(op: bytes, args: list[object], cm: list[float], tm: list[float]) -> None:
        if op != b"re":
            return
        x, y, w, h = (float(a) for a in args)  # type: ignore[arg-type]
        a, b, c, d, e, f = cm
        x0, y0 = a * x + c * y + e, b * x + d * y + f
        x1, y1 = a * (x + w) + c * (y + h) + e, b * (x + w) + d * (y + h) + f
        out.append((min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0)))

    page.extract_text(visitor_operand_before=visit)  # type: ignore[attr-defined]
    return out


def scale_bar_length(rects: list[Rect]) -> float:
    """Length (pt) of the 100 mm bar: ten 10 x 2.5 mm blocks side by side."""
    blocks = [r for r in rects if math.isclose(r[3], 2.5 * PT_PER_MM, abs_tol=0.01)]
    assert len(blocks) == 10
    return max(r[0] + r[2] for r in blocks) - min(r[0] for r in blocks)
