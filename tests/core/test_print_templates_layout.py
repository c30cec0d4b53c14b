"""The tiled templates' furniture stays off the drawing and cannot be misread.

Words are read back with poppler's ``pdftotext -bbox`` (their boxes on the page): on the
assembly map no word may lie on the drawing (the test drawing is ink over its whole area), the
pages are named "Part 2 of 4 · row 1, column 2", never a letter-digit code that reads as a paper
size, and "Units: mm." is printed only where the drawing prints dimensions.
"""

from __future__ import annotations

import html
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from reportlab.pdfgen.canvas import Canvas

from plywright.print.plandraw import View
from plywright.print.templates import Drawing, write_sheet_template, write_tiled_template

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler")

Box = tuple[float, float, float, float]
"""x0, y0, x1, y1 in page points, y up."""


def words(path: Path, page: int) -> list[tuple[str, Box]]:
    """Every word of ``page`` (from 1) with its box, y measured up from the page's foot."""
    out = subprocess.run(
        ["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(path), "-"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    height = float(re.search(r'<page width="[\d.]+" height="([\d.]+)"', out).group(1))  # type: ignore[union-attr]
    found = re.findall(
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>', out
    )
    return [
        (html.unescape(w), (float(a), height - float(d), float(c), height - float(b)))
        for a, b, c, d, w in found
    ]


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class Ink:
    """A drawing that is ink over its whole area; remembers where the map drew it."""

    def __init__(self, width: float, height: float) -> None:
        self.bounds = (0.0, 0.0, width, height)
        self.on_map: Box | None = None

    def draw(self, c: Canvas, view: View) -> None:
        x0, y0, x1, y1 = self.bounds
        c.setFillColorRGB(0.2, 0.2, 0.2)
        c.rect(x0, y0, x1 - x0, y1 - y0, stroke=0, fill=1)

    def draw_map(self, c: Canvas, view: View) -> None:
        self.draw(c, view)
        (a, b), (e, f) = view.page_point(self.bounds[:2]), view.page_point(self.bounds[2:])
        self.on_map = (a, b, e, f)

    def drawing(self, **kw: object) -> Drawing:
        return Drawing(
            name="slab",
            bounds=self.bounds,
            draw=self.draw,
            draw_map=self.draw_map,
            kind="template",
            **kw,  # type: ignore[arg-type]
        )


def test_map_labels_lie_outside_the_drawing(tmp_path: Path) -> None:
    ink = Ink(330.0, 450.0)
    grid = write_tiled_template(ink.drawing(), tmp_path / "t.pdf", paper="A4")
    assert len(grid.tiles) > 2 and ink.on_map is not None
    found = words(tmp_path / "t.pdf", 1)
    texts = [w for w, _ in found]
    assert {"row", "column", "pages"} <= set(texts)
    on_drawing = [w for w, box in found if overlaps(box, ink.on_map)]
    assert on_drawing == []


def test_pages_are_named_tile_n_of_m_with_row_and_column(tmp_path: Path) -> None:
    ink = Ink(330.0, 450.0)
    grid = write_tiled_template(ink.drawing(), tmp_path / "t.pdf", paper="A4", lang="nl")
    count = len(grid.tiles)
    second = " ".join(w for w, _ in words(tmp_path / "t.pdf", 3))
    assert f"Deel 2 van {count}" in second and "rij 1, kolom 2" in second
    assert "← pagina 2" in second  # the neighbour hint names its page
    for page in range(1, count + 2):
        codes = {w for w, _ in words(tmp_path / "t.pdf", page) if re.fullmatch(r"[A-Z]\d", w)}
        assert codes <= {"A4"}, (page, codes)  # the paper, never a tile code


def test_a_one_page_template_has_no_tile_code(tmp_path: Path) -> None:
    ink = Ink(100.0, 120.0)
    write_tiled_template(ink.drawing(), tmp_path / "t.pdf", paper="A4", lang="nl")
    page = " ".join(w for w, _ in words(tmp_path / "t.pdf", 2))
    assert page.startswith("Template de hele mal op deze pagina") and "Deel " not in page
    first = " ".join(w for w, _ in words(tmp_path / "t.pdf", 1))
    assert "rij" not in first and "De mal past op één pagina (pagina 2)." in first


@pytest.mark.parametrize("dimensioned", [False, True])
def test_units_only_where_dimensions_are_drawn(tmp_path: Path, dimensioned: bool) -> None:
    drawing = Ink(330.0, 450.0).drawing(dimensioned=dimensioned)
    grid = write_tiled_template(drawing, tmp_path / "t.pdf", paper="A4", lang="nl")
    write_sheet_template(drawing, tmp_path / "s.pdf", lang="nl")
    pages = [(tmp_path / "t.pdf", n) for n in range(2, len(grid.tiles) + 2)]
    for path, number in [*pages, (tmp_path / "s.pdf", 1)]:
        text = " ".join(w for w, _ in words(path, number))
        assert ("Maten in mm." in text) is dimensioned, (path.name, number)


def page_text(path: Path, page: int) -> str:
    return " ".join(w for w, _ in words(path, page))


@pytest.mark.parametrize("lang", ["en", "lv"])
def test_each_tile_asks_to_trim_only_the_seams_it_has(tmp_path: Path, lang: str) -> None:
    """The sixth Latvian review: "trim left and top" stood on the first page, which has no ✂
    line; each page now names the seams it has, the first is not trimmed at all."""
    from plywright.print.furniture import furniture

    t = furniture(lang)
    path = tmp_path / "t.pdf"
    grid = write_tiled_template(Ink(330.0, 450.0).drawing(), path, paper="A4", lang=lang)
    assert grid.rows > 1 and grid.cols > 1
    notes = {
        (True, True): t("print.template.trim_note"),
        (True, False): t("print.template.trim_note_left"),
        (False, True): t("print.template.trim_note_top"),
        (False, False): t("print.template.no_trim_note"),
    }
    seen = set()
    for number, tile in enumerate(grid.tiles, start=2):
        left = grid.neighbour(tile, 0, -1) is not None
        top = grid.neighbour(tile, -1, 0) is not None
        text = page_text(path, number)
        for seams, note in notes.items():
            assert (" ".join(note.split()) in text) == (seams == (left, top)), (number, seams)
        seen.add((left, top))
    assert seen == set(notes)
