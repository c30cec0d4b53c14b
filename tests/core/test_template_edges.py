"""Nothing on a template page comes nearer the paper's edge than 5 mm: most printers cannot
print closer, so a footer line there is lost.

Every page of every template PDF of every example variant (halma's drill templates, kubb's
crown templates, Konstruktsiia's track mats) is rendered with poppler's ``pdftoppm`` and its
5 mm border must be blank paper. The pixels, not the text boxes, are read: a tile clips the
drawing's own labels at its frame, and ``pdftotext -bbox`` would still report them whole.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from printed import PRINTS, Print, built

from plywright.print.templates import PRINTABLE_EDGE, Drawing, write_tiled_template

pytestmark = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler")

DPI = 100
INK = 200
"""A grey level (0 black, 255 white) below this is ink."""
TEMPLATES = [p for p in PRINTS if p.kind == "print/template"]


def grey_pages(pdf: Path, folder: Path) -> list[tuple[int, int, bytes]]:
    """Every page of ``pdf`` as ``(width, height, pixels)``, 8-bit grey, rows top down."""
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", str(pdf), str(folder / "p")], check=True)
    pages = []
    for image in sorted(folder.glob("p-*.pgm"), key=lambda f: int(f.stem.split("-")[1])):
        magic, width, height, depth, pixels = image.read_bytes().split(maxsplit=4)
        assert magic == b"P5" and depth == b"255"
        pages.append((int(width), int(height), pixels))
    return pages


def ink_near_the_edge(pdf: Path, folder: Path, limit: float = PRINTABLE_EDGE) -> list[str]:
    """Pages with ink less than ``limit`` mm from an edge, with the nearest distance."""
    strip = int(limit / 25.4 * DPI)  # whole pixels inside the border: 19 px at 100 dpi
    found = []
    for number, (width, height, pixels) in enumerate(grey_pages(pdf, folder), start=1):
        nearest = strip
        for y in range(height):
            row = pixels[y * width : (y + 1) * width]
            edge_row = min(y, height - 1 - y) < strip
            xs = range(width) if edge_row else [*range(strip), *range(width - strip, width)]
            for x in xs:
                if row[x] < INK:
                    nearest = min(nearest, x, y, width - 1 - x, height - 1 - y)
        if nearest < strip:
            found.append(f"page {number}: ink {nearest / DPI * 25.4:.1f} mm from the edge")
    return found


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.getbasetemp() / "example-prints"


@pytest.mark.parametrize("item", TEMPLATES, ids=[p.id for p in TEMPLATES])
def test_nothing_within_5_mm_of_the_paper_edge(root: Path, tmp_path: Path, item: Print) -> None:
    assert ink_near_the_edge(built(root, item.example) / item.path, tmp_path) == []


def test_every_game_has_templates_measured() -> None:
    examples = {p.example for p in TEMPLATES}
    assert {"halma-standard", "halma-pro", "kubb-seed", "konstruktsiia"} <= examples


def slab(note: str) -> Drawing:
    return Drawing(name="slab", bounds=(0.0, 0.0, 330.0, 450.0), draw=lambda c, v: None, note=note)


def test_a_long_footer_keeps_off_the_edge(tmp_path: Path) -> None:
    """Seven footer lines (as many as the drill templates have) stay 5 mm clear; eight do
    not fit and are refused, never printed into the edge."""
    path = tmp_path / "t.pdf"
    write_tiled_template(slab("Crosshairs mark hole centres. " * 5), path, paper="A4")
    assert ink_near_the_edge(path, tmp_path / "pages") == []
    with pytest.raises(ValueError, match="footer lines do not fit"):
        write_tiled_template(slab("Crosshairs mark hole centres. " * 6), path, paper="A4")
