"""The Konstruktsiia track mat: slots from the geometry model, and its 1:1 scale measured in
the PDFs (scale bar and slot corners read back through pypdf's content-stream visitor)."""

from __future__ import annotations

import itertools
import math
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pdfread import Rect, page_rects, scale_bar_length
from pypdf import PdfReader

from plywright.plugins.cardtrack.artifacts import CardtrackBuild
from plywright.plugins.cardtrack.geometry import Slot, slot_rect, track_slots
from plywright.plugins.cardtrack.mat import (
    DEFAULT_COLUMNS,
    LABEL_CLEARANCE,
    SUMMIT_FILL,
    label_points,
    mat_columns,
    mat_drawing,
    mat_grid,
    printable_problem,
)
from plywright.plugins.cardtrack.options import CardtrackRules
from plywright.plugins.cardtrack.production import CardtrackProduction
from plywright.print.scalebar import scale_check_label

K = 72 / 25.4
SVG = "{http://www.w3.org/2000/svg}"


def slot_rects(rects: list[Rect], w: float, h: float) -> list[Rect]:
    """Rectangles the size of an upright card (mm -> pt)."""
    return [
        r
        for r in rects
        if math.isclose(r[2], w * K, abs_tol=0.05) and math.isclose(r[3], h * K, abs_tol=0.05)
    ]


def has(points: list[tuple[float, float]], point: tuple[float, float]) -> bool:
    return any(math.dist(p, point) < 0.02 for p in points)


@pytest.fixture(scope="module")
def build() -> CardtrackBuild:
    return CardtrackBuild(CardtrackRules(), CardtrackProduction(), "konstruktsiia", "A4")


@pytest.fixture(scope="module")
def files(build: CardtrackBuild, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("mat")
    build.write_mat_sheet(folder / "sheet.pdf")
    build.write_mat_tiled(folder / "tiled.pdf")
    build.write_mat_svg(folder / "mat.svg")
    return folder


def test_mat_shows_every_slot_of_the_rows_and_columns(build: CardtrackBuild) -> None:
    mat = build.mat
    assert mat.columns == (-1, 2)
    assert mat_columns(build.production, 0) == DEFAULT_COLUMNS
    assert set(mat.slots) == set(track_slots(10, DEFAULT_COLUMNS))
    vertical = [s for s in mat.slots if s.kind == "V"]
    horizontal = [s for s in mat.slots if s.kind == "H"]
    assert len(vertical) == 4 * 11 and len(horizontal) == 3 * 11
    assert Slot("V", 0, 0) in vertical and Slot("V", 1, 0) in vertical
    assert max(s.r for s in mat.slots) == 10
    for slot in mat.slots:
        box = mat.slot_box(slot)
        assert (box.x, box.y, box.width, box.height) == slot_rect(slot, 63.0, 88.0)


def test_mat_columns_follow_max_columns_and_mat_columns() -> None:
    p = CardtrackProduction()
    assert mat_columns(p, 3) == 3
    assert mat_columns(CardtrackProduction(mat_columns=6), 0) == 6
    assert mat_columns(CardtrackProduction(mat_columns=6), 3) == 3
    build = CardtrackBuild(CardtrackRules(max_columns=3, height=4), p, "x")
    assert build.mat.columns == (0, 2)
    assert len(build.mat.slots) == 5 * (3 + 2)


def test_summit_row_and_row_numbers_are_labelled(build: CardtrackBuild) -> None:
    texts = [label.text for label in build.mat.labels]
    assert texts.count("▲10") == 2
    for r in range(10):
        assert texts.count(str(r)) >= 2
    assert any("вершин" in t for t in texts)
    assert "Старт чорних" in texts and "Старт червоних" in texts
    assert not any("start" in t for t in texts)  # the first language's mat
    words = [label.text for label in build.mats["en"].labels]
    assert "Black start" in words and not any("Старт" in t for t in words)
    assert [b.slot for b in build.mats["en"].boxes] == [b.slot for b in build.mat.boxes]


def test_summit_colour_marks_upright_places_only(build: CardtrackBuild) -> None:
    """A crosswise card in the summit row never counts, so the mat does not colour it."""
    fills = {box.slot: box.fill for box in build.mat.boxes if box.slot is not None}
    summit = [slot for slot in fills if slot.r == 10]
    assert {fills[s] for s in summit if s.kind == "V"} == {SUMMIT_FILL}
    assert SUMMIT_FILL not in {fills[s] for s in summit if s.kind == "H"}
    assert SUMMIT_FILL not in {fills[s] for s in fills if s.r != 10}
    # no band under the row either: every box with the summit colour is an upright place
    assert all(box.slot is not None for box in build.mat.boxes if box.fill == SUMMIT_FILL)
    assert any("лише вертикальні місця" in label.text for label in build.mat.labels)


def test_one_sheet_pdf_is_at_scale(build: CardtrackBuild, files: Path) -> None:
    page = PdfReader(files / "sheet.pdf").pages[0]
    rects = page_rects(page)
    assert scale_bar_length(rects) == pytest.approx(100 * K, abs=0.01)
    cards = slot_rects(rects, 63, 88)
    assert len(cards) == 4 * 11
    xs = sorted({round(r[0], 1) for r in cards})
    ys = sorted({round(r[1], 1) for r in cards})
    assert len(xs) == 4 and len(ys) == 11
    for a, b in itertools.pairwise(xs):
        assert b - a == pytest.approx(151 * K, abs=0.1)  # V(c, r) to V(c + 1, r): w + h
    for a, b in itertools.pairwise(ys):
        assert b - a == pytest.approx(88 * K, abs=0.1)  # V(c, r) to V(c, r + 1): h
    width_mm = float(page.mediabox.width) / K
    height_mm = float(page.mediabox.height) / K
    assert (width_mm, height_mm) == pytest.approx((576.0, 1045.0), abs=0.01)


def test_the_assembly_map_not_at_scale_carries_no_scale_check(
    build: CardtrackBuild, files: Path
) -> None:
    """Page 1 is a reduced overview: a "this bar is exactly 100 mm" there would invite
    measuring card places drawn at about 1:4. Every other page is 1:1 and keeps its bar."""
    reader = PdfReader(files / "tiled.pdf")
    bar_blocks = [
        r for r in page_rects(reader.pages[0]) if math.isclose(r[3], 2.5 * K, abs_tol=0.01)
    ]
    assert bar_blocks == []
    label = " ".join(scale_check_label(build.languages[0]).split())
    words = [" ".join(page.extract_text().split()) for page in reader.pages[:2]]
    assert label not in words[0] and label in words[1]


def test_the_one_sheet_mat_says_what_it_is(files: Path) -> None:
    """Its heading names the sheet ("Track mat — full size"), not only "Full size"."""
    words = " ".join(PdfReader(files / "sheet.pdf").pages[0].extract_text().split())
    assert "Килимок траси — натуральна величина" in words


def test_tiled_pdf_is_at_scale_on_every_page(build: CardtrackBuild, files: Path) -> None:
    reader = PdfReader(files / "tiled.pdf")
    assert len(reader.pages) == 16  # assembly map + 15 A4 pages
    for number, page in enumerate(reader.pages[1:], start=2):
        size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
        assert size == pytest.approx([595.276, 841.89], abs=0.01)
        rects = page_rects(page)
        assert scale_bar_length(rects) == pytest.approx(100 * K, abs=0.01), number
        cards = slot_rects(rects, 63, 88)
        assert len(cards) == 44
        corners = [(r[0], r[1]) for r in cards]
        x0, y0 = min(corners)
        assert has(corners, (x0 + 151 * K, y0)), number
        assert has(corners, (x0, y0 + 88 * K)), number


def pdf_text(path: Path, first: int, last: int) -> str:
    return subprocess.run(
        ["pdftotext", "-f", str(first), "-l", str(last), "-layout", str(path), "-"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed")
def test_tiled_pdf_labels_in_the_first_language(files: Path) -> None:
    text = pdf_text(files / "tiled.pdf", 1, 3)
    assert "Килимок траси схема складання з аркушів A4" in text and "Сторінка 1 з 16" in text
    assert "Частина 1 з 15" in text and "1-й рядок аркушів, 1-й аркуш зліва" in text
    assert "1-й рядок" in text and "сторінки 2–4" in text and "Сторінка 2 з 16" in text
    assert "сторінки 2–16" in text and not re.search(r"\b[A-E][1-3]\b", text)
    assert "ПЕРЕВІРКА МАСШТАБУ" in text and "100 мм" in text and "100 mm" not in text
    assert "Кожне місце — точно під одну карту" in text
    assert "Конструкція: килимок траси" in text and "konstruktsiia" not in text
    assert "накерніть" not in text and "centre-punch" not in text


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed")
def test_tiled_pdf_labels_in_english(build: CardtrackBuild, tmp_path: Path) -> None:
    """The English file of a Ukrainian-first build: every word English, the mat's own too."""
    build.write_mat_tiled(tmp_path / "tiled.pdf", lang="en")
    text = pdf_text(tmp_path / "tiled.pdf", 1, 3)
    assert not re.search("[\u0400-\u04ff]", text)
    assert "Konstruktsiia: track mat for cards of 63 × 88 mm" in text
    assert "Track mat assembly map, A4 pages" in text and "page 1 of 16" in text
    assert "Part 1 of 15" in text and "row 1, column 1" in text and "page 2 of 16" in text
    assert "row 5" in text and "pages 14–16" in text and not re.search(r"\b[A-E][1-3]\b", text)
    assert "this bar must measure 100 mm" in text
    assert "4. Every card slot on the mat is exactly one card" in text
    assert "crosshair" not in text.lower()


def test_svg_is_in_millimetres_with_every_slot(build: CardtrackBuild, files: Path) -> None:
    root = ET.parse(files / "mat.svg").getroot()
    assert root.get("width") == "546mm" and root.get("height") == "998mm"
    slots = root.find(f"{SVG}g[@id='slots']")
    assert slots is not None
    rects = slots.findall(f"{SVG}rect")
    assert len(rects) == len(build.mat.slots)
    v00 = slots.find(f"{SVG}rect[@id='V_0_0']")
    v10 = slots.find(f"{SVG}rect[@id='V_1_0']")
    assert v00 is not None and v10 is not None
    assert float(v10.get("x", "0")) - float(v00.get("x", "0")) == pytest.approx(151.0)
    assert (v00.get("width"), v00.get("height")) == ("63", "88")


def test_a_card_size_whose_mat_cannot_be_printed_is_refused() -> None:
    rules = CardtrackRules()
    big = CardtrackBuild(rules, CardtrackProduction(w=200, h=280), "x")
    problem = printable_problem(big.mat, big.production)
    assert problem is not None and "wider than the widest large-format paper" in problem
    assert "1700 x 3157 mm" in problem
    tall = CardtrackBuild(CardtrackRules(height=40), CardtrackProduction(w=63, h=88), "x")
    problem = printable_problem(tall.mat, tall.production)
    assert problem is not None and "longer than the longest printable page" in problem
    assert build_ok(CardtrackProduction(w=90, h=140))


def build_ok(production: CardtrackProduction) -> bool:
    build = CardtrackBuild(CardtrackRules(), production, "x")
    return printable_problem(build.mat, production) is None


def test_registration_marks_keep_clear_of_the_mats_words(build: CardtrackBuild) -> None:
    """No mark on the "JOKER" labels, the start names or the row numbers: the marks stay
    visible after taping, so they must not sit on words."""
    drawing = mat_drawing(build.mat)
    marks = mat_grid(build.mat, "A4").marks(drawing.avoid, drawing.clearance)
    assert marks
    points = label_points(build.mat)
    jokers = [label for label in build.mat.labels if label.text == "ДЖОКЕР"]
    assert len(jokers) == 2
    for joker in jokers:  # the joker's word is among the points kept clear
        assert any(abs(x - joker.x) < 2 and abs(y - joker.y) < 3 for x, y in points)
    nearest = min(math.hypot(mx - x, my - y) for mx, my in marks for x, y in points)
    assert nearest >= LABEL_CLEARANCE - 1e-6


def test_the_mat_says_the_track_may_outgrow_it(build: CardtrackBuild) -> None:
    assert build.mat_info()[1] == ("Траса може виходити за межі килимка.")
    bounded = CardtrackBuild(CardtrackRules(max_columns=4), CardtrackProduction(), "x")
    assert len(bounded.mat_info()) == 1
