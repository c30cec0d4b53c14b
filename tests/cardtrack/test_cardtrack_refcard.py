"""The Konstruktsiia quick-reference card: card size with bleed, crop marks, both languages."""

from __future__ import annotations

import math
import shutil
import subprocess
from pathlib import Path

import pytest
from pdfread import text_runs
from pypdf import PdfReader
from test_cardtrack_tokens import crop_segments, page_segments

from plywright.plugins.cardtrack.options import CardtrackRules
from plywright.plugins.cardtrack.production import CardtrackProduction
from plywright.plugins.cardtrack.production_checks import refcard_checks
from plywright.plugins.cardtrack.refcard import SLUG, card_sides, fitting_size, write_refcard
from plywright.plugins.cardtrack.rulebook import Texts
from plywright.print.sheet import CROP_GAP

K = 72 / 25.4
P = CardtrackProduction()
needs_poppler = pytest.mark.skipif(
    shutil.which("pdftotext") is None or shutil.which("pdffonts") is None,
    reason="poppler-utils not installed",
)


@pytest.fixture(scope="module")
def cards(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("refcard")
    out = {}
    for lang in ("uk", "en"):
        out[lang] = folder / f"card-{lang}.pdf"
        write_refcard(out[lang], Texts(lang), CardtrackRules(), P, "konstruktsiia")
    return out


def box_mm(box: object) -> tuple[float, float, float, float]:
    return tuple(float(v) / K for v in box)  # type: ignore[attr-defined, return-value]


def test_pages_are_the_card_with_bleed_and_slug(cards: dict[str, Path]) -> None:
    for path in cards.values():
        reader = PdfReader(path)
        assert len(reader.pages) == 2  # front and back
        for page in reader.pages:
            x0, y0, x1, y1 = box_mm(page.trimbox)
            assert (x1 - x0, y1 - y0) == pytest.approx((63.0, 88.0), abs=0.01)
            bx0, by0, bx1, by1 = box_mm(page.bleedbox)
            assert (bx1 - bx0, by1 - by0) == pytest.approx((69.0, 94.0), abs=0.01)
            assert x0 - bx0 == pytest.approx(3.0, abs=0.01)
            mx0, my0, mx1, my1 = box_mm(page.mediabox)
            assert (mx1 - mx0, my1 - my0) == pytest.approx((69.0 + 2 * SLUG, 94.0 + 2 * SLUG))


def test_crop_marks_line_up_with_the_trim_box(cards: dict[str, Path]) -> None:
    for path in cards.values():
        for page in PdfReader(path).pages:
            x0, y0, x1, y1 = (float(v) for v in page.trimbox)
            marks = crop_segments(page_segments(page))
            assert len(marks) == 8
            vertical = [s for s in marks if math.isclose(s[0][0], s[1][0], abs_tol=0.01)]
            horizontal = [s for s in marks if math.isclose(s[0][1], s[1][1], abs_tol=0.01)]
            assert sorted({round(s[0][0], 2) for s in vertical}) == [round(x0, 2), round(x1, 2)]
            assert sorted({round(s[0][1], 2) for s in horizontal}) == [round(y0, 2), round(y1, 2)]
            clear = (P.bleed + CROP_GAP) * K - 0.01
            for (_, ay), (_, by) in vertical:  # outside the bleed, above or below the card
                assert min(ay, by) >= y1 + clear or max(ay, by) <= y0 - clear
            for (ax, _), (bx, _) in horizontal:  # left or right of the card
                assert min(ax, bx) >= x1 + clear or max(ax, bx) <= x0 - clear


def pdf_text(path: Path) -> str:
    return subprocess.run(
        ["pdftotext", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout


@needs_poppler
def test_both_languages_and_embedded_fonts(cards: dict[str, Path]) -> None:
    uk, en = pdf_text(cards["uk"]), pdf_text(cards["en"])
    for word in ("Старшинство карт", "Королі", "Блокування", "Мета", "Будувати", "Скинути"):
        assert word in uk
    assert "2 3 4 5 6 7 8 9 10 В Д К Т" in uk
    for word in ("Card order", "Kings", "Blocking", "Goal", "Build", "Discard"):
        assert word in en
    assert "2 3 4 5 6 7 8 9 10 J Q K A" in en
    assert "row 10" in " ".join(en.split())
    for path in cards.values():
        out = subprocess.run(
            ["pdffonts", str(path)], capture_output=True, text=True, check=True
        ).stdout
        rows = out.splitlines()[2:]
        assert rows and all(" yes " in row for row in rows)
        assert all("DejaVu" in row for row in rows)


def test_text_that_does_not_fit_is_refused() -> None:
    tiny = CardtrackProduction(w=25, h=35, big_token=20, small_token=10)
    assert all(
        fitting_size(side, tiny) is None for side in card_sides(Texts("uk"), CardtrackRules())
    )
    checks = refcard_checks(CardtrackRules(), tiny, ("uk", "en"))
    assert [c.ok for c in checks] == [False, False]
    assert "does not fit a 25 x 35 mm card" in checks[0].message
    with pytest.raises(ValueError, match="does not fit"):
        write_refcard(Path("/nonexistent/x.pdf"), Texts("en"), CardtrackRules(), tiny, "x")
    assert all(c.ok for c in refcard_checks(CardtrackRules(), P, ("uk", "en")))


READABLE = 8.0
"""The smallest size (pt) of the standard card's text: it has the room for it."""


def test_the_standard_card_reads_at_8_pt_or_more(cards: dict[str, Path]) -> None:
    """Every rule on the poker-size card, both sides, both languages, at 8 pt at least (the
    slug outside the trim, which names the card for the printer, is smaller)."""
    for lang, path in cards.items():
        sizes = [fitting_size(side, P) for side in card_sides(Texts(lang), CardtrackRules())]
        assert all(size is not None and size >= READABLE for size in sizes), (lang, sizes)
        runs = [r for r in text_runs(path) if "·" not in r.text]  # the slug is "A · side · size"
        assert runs
        small = [(r.page, r.size, r.text[:40]) for r in runs if r.size < READABLE - 1e-6]
        assert small == [], (lang, small)


def test_the_joker_value_has_its_own_line() -> None:
    for lang, line in (("uk", "Джокер на столі = 0."), ("en", "Joker on the table = 0.")):
        front, _ = card_sides(Texts(lang), CardtrackRules())
        assert line in front.blocks[0][1]


CUT_ROOM = 4.0
"""Least distance (mm) of the card's words from the trim at the sides and the foot: room for
the cutter to drift."""


@needs_poppler
def test_the_words_keep_clear_of_the_trim_for_the_cutter(cards: dict[str, Path]) -> None:
    """Every word of both sides (the title band bleeds off the top and is not measured) stays
    at least 4 mm inside the trim at the left and the right, and its glyph box (a descender's
    depth lower than the letters) 3.5 mm above the foot."""
    from test_cardtrack_tokens import word_boxes

    for path in cards.values():
        reader = PdfReader(path)
        x0, y0, x1, _ = box_mm(reader.pages[0].trimbox)
        height = float(reader.pages[0].mediabox.height) / K
        words = word_boxes(path, with_y=True)
        inside = [w for w in words if y0 < height - w[4] / K]  # not the slug under the card
        assert inside
        for word, left, right, _, bottom in inside:
            assert left / K >= x0 + CUT_ROOM - 0.05, (path.name, word, left / K - x0)
            assert right / K <= x1 - CUT_ROOM + 0.05, (path.name, word, x1 - right / K)
            assert height - bottom / K >= y0 + CUT_ROOM - 0.5, (path.name, word)
