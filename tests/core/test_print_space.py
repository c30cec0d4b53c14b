"""Rulebook pages use their space: no page but a document's last ends with more than
:data:`MAX_EMPTY` of its text frame blank.

The blank is measured on the rendered page (``pdftoppm``, grey levels): the distance from the
frame's foot up to the lowest inked row inside the frame, as a share of the frame's height.

Why 27 %: a page ends short when the next block cannot split (a figure with its caption, a
two-column block, a table kept together, a section whose sentences refer back to each other). Text flows past a figure that does not fit (a
:class:`~plywright.print.flowables.Float`) and text beside a figure splits at the page's foot
(:class:`~plywright.print.flowables.Beside`), so what still leaves a gap is a block that must
follow what precedes it; the largest of those in the rulebooks (Konstruktsiia's two building
diagrams side by side, Halma's six set-up boards) is about a quarter of an A4 frame, and
Kubb's king section (its warning box and "winning in the first turn is thus ..." belong with
the rule before them) leaves 26 % of a Letter page. Before
those two flowables, Halma's A4 pages 1–2 were 31 % and 18 % empty, Konstruktsiia's page 1
32 % and a Letter Konstruktsiia page 55 %. The last page of a document ends where the text
ends, so it is exempt.
"""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image
from printed import PRINTS, Print, built, registry, variant

from plywright.build import build
from plywright.print.styles import MARGIN_BOTTOM, MARGIN_TOP

pytestmark = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler")

MAX_EMPTY = 0.27
"""Largest blank share of a page's text frame at its foot (see the module's text)."""
DPI = 40
INK = 200
"""Grey level (0–255) below which a pixel is ink."""
RULEBOOKS = [item for item in PRINTS if item.kind == "print/rulebook"]
LETTER = ("konstruktsiia", "halma-standard", "kubb-seed")
"""Examples also laid out on Letter paper (other page breaks than on A4)."""


def empty_shares(path: Path, folder: Path) -> list[float]:
    """The blank share of the text frame at the foot of every page of ``path``."""
    subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", str(path), str(folder / "p")], check=True)
    pages = sorted(folder.glob("p-*.pgm"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    scale = DPI / 72
    shares = []
    for page in pages:
        image = Image.open(page)
        width, height = image.size
        pixels = image.load()
        top, foot = round(MARGIN_TOP * scale), height - round(MARGIN_BOTTOM * scale)
        inked = (
            y for y in range(foot - 1, top, -1) if any(pixels[x, y] < INK for x in range(width))
        )
        lowest = next(inked, top)
        shares.append((foot - 1 - lowest) / (foot - top))
    return shares


def short_pages(path: Path, folder: Path) -> dict[int, float]:
    """Pages (from 1) but the last whose frame is more than :data:`MAX_EMPTY` blank."""
    folder.mkdir(parents=True, exist_ok=True)
    shares = empty_shares(path, folder)
    return {n: round(s, 2) for n, s in enumerate(shares[:-1], start=1) if s > MAX_EMPTY}


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.getbasetemp() / "example-prints"


@pytest.mark.parametrize("item", RULEBOOKS, ids=lambda item: item.id)
def test_rulebook_pages_use_their_space(root: Path, item: Print, tmp_path: Path) -> None:
    assert short_pages(built(root, item.example) / item.path, tmp_path) == {}


@pytest.mark.parametrize("example", LETTER)
def test_letter_rulebook_pages_use_their_space(
    tmp_path_factory: pytest.TempPathFactory, example: str, tmp_path: Path
) -> None:
    base = variant(example)
    letter = dataclasses.replace(base, print=base.print.model_copy(update={"paper": "Letter"}))
    out = tmp_path_factory.mktemp(f"letter-{example}")
    build(registry(), letter, out=out, only=["print/rulebook"])
    books = sorted((out / "print").glob("rulebook-*.pdf"))
    assert books
    for book in books:
        assert short_pages(book, tmp_path / book.stem) == {}, book.name


def test_the_measure_sees_a_half_empty_page(tmp_path: Path) -> None:
    from reportlab.platypus import PageBreak, Paragraph

    from plywright.print.canvas import DocumentInfo, build_pdf
    from plywright.print.styles import make_styles

    body = make_styles().body
    lines = [Paragraph(f"Line {i} of the text, long enough to be seen.", body) for i in range(60)]
    story = [*lines[:10], PageBreak(), *lines[10:]]  # page 2 full, page 3 the rest
    build_pdf(tmp_path / "t.pdf", story, paper="A4", info=DocumentInfo("t", "en"))
    shares = empty_shares(tmp_path / "t.pdf", tmp_path)
    assert len(shares) == 3 and shares[0] > 0.6 and shares[1] < 0.05
    assert list(short_pages(tmp_path / "t.pdf", tmp_path / "again")) == [1]
