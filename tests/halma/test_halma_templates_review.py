"""The halma drill templates after the native review: no punch mark on a cut line, registration
marks explained only where they are drawn, no 100 mm check on a reduced page, Latvian words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pdfread import page_texts

from plywright.cad.plan import Circle
from plywright.plugins.halma.artifacts import HalmaBuild
from plywright.plugins.halma.geometry import star_board
from plywright.plugins.halma.production import HalmaProduction
from plywright.print import templates
from plywright.print.furniture import furniture
from plywright.print.tiling import PAPER_MM, seam_clearance

CUT_CLEARANCE = 3.0
"""mm: a punch mark this close to a paper edge is lost when the page is trimmed."""
BOARDS = (4, 5)


def texts(path: Path) -> list[str]:
    """Each page's text, spaces (no-break ones too) made single."""
    return [flat(text) for text in page_texts(path)]


def flat(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


def build(n: int, lang: str = "lv", paper: str = "A4") -> HalmaBuild:
    return HalmaBuild(star_board(n), HalmaProduction(), f"halma-{n}", paper=paper, lang=lang)


def hole_centres(b: HalmaBuild) -> list[tuple[float, float]]:
    plan = b.plan.plan
    return [e.centre for op in plan.of_kind("drill") for e in op.entities if isinstance(e, Circle)]


@pytest.mark.parametrize("n", BOARDS)
@pytest.mark.parametrize("paper", sorted(PAPER_MM))
def test_no_hole_centre_lies_near_a_cut_line(tmp_path: Path, n: int, paper: str) -> None:
    b = build(n, paper=paper)
    grid = templates.write_tiled_template(b.plan.plan, tmp_path / "t.pdf", paper=paper)
    assert grid.rows * grid.cols > 1
    centres = hole_centres(b)
    assert seam_clearance(grid, centres) >= CUT_CLEARANCE
    # the grid still covers every hole, with room to punch
    x0, y0, x1, y1 = grid.covered
    assert all(x0 + 5 < x < x1 - 5 and y0 + 5 < y < y1 - 5 for x, y in centres)


def test_the_unshifted_grid_puts_holes_on_the_cut_line() -> None:
    """Without the shift the seam runs down the board's centre column (the review's find)."""
    b = build(4)
    drawing = templates.plan_drawing(b.plan.plan)
    grid = templates.tile_grid(drawing.bounds, "A4", keep=None)
    assert seam_clearance(grid, hole_centres(b)) < 0.5


@pytest.fixture
def marks(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    drawn: list[Any] = []
    real = templates.registration_mark

    def counting(c: Any, centre: Any, pt: float) -> None:
        drawn.append(centre)
        real(c, centre, pt)

    monkeypatch.setattr(templates, "registration_mark", counting)
    return drawn


@pytest.mark.parametrize("n", BOARDS)
@pytest.mark.parametrize("lang", ["lv", "en"])
def test_registration_marks_are_explained_only_where_drawn(
    tmp_path: Path, marks: list[Any], n: int, lang: str
) -> None:
    b = build(n, lang)
    sign = {"lv": "Melnbaltie apļi ar krustiņu", "en": "black-and-white circles with a cross"}[lang]
    b.write_tiled_template(tmp_path / "tiled.pdf")
    assert marks, "a tiled template has registration marks on its seams"
    assert all(sign in text for text in texts(tmp_path / "tiled.pdf")[1:])
    marks.clear()
    b.write_sheet_template(tmp_path / "sheet.pdf")
    assert marks == []
    (text,) = texts(tmp_path / "sheet.pdf")
    assert sign not in text and "◐" not in text


@pytest.mark.parametrize("n", BOARDS)
@pytest.mark.parametrize("lang", ["lv", "en"])
def test_a_reduced_page_never_asks_for_100_mm(tmp_path: Path, n: int, lang: str) -> None:
    b = build(n, lang)
    check = flat(furniture(lang)("print.scale.check"))
    b.write_tiled_template(tmp_path / "tiled.pdf")
    first, *tiles = texts(tmp_path / "tiled.pdf")
    assert check not in first  # the assembly map is drawn small
    assert tiles and all(check in text for text in tiles)
    b.write_sheet_template(tmp_path / "sheet.pdf")
    assert check in texts(tmp_path / "sheet.pdf")[0]


def test_latvian_template_words(tmp_path: Path) -> None:
    b = build(4, "lv")
    b.write_sheet_template(tmp_path / "sheet.pdf")
    b.write_tiled_template(tmp_path / "tiled.pdf")
    sheet = texts(tmp_path / "sheet.pdf")[0]
    tiled = " ".join(texts(tmp_path / "tiled.pdf"))
    assert "Urbšanas šablons dabiskajā lielumā (1:1)" in sheet
    assert "Urbšanas šablons – salikšanas shēma (A4 lapas)" in tiled  # the round-3 review, M3
    assert "1. sleja" in tiled and "kolonna" not in tiled
    assert "mm dziļumā" in tiled and "mm dziļi " not in tiled + sheet
    assert "dabiskā izmērā" not in tiled + sheet
    assert "ar punktsiti iesitiet atzīmi katra krustiņa ⊕ centrā" in tiled  # the fifth read
    assert "neiezīmējiet ar punktsiti" in tiled
    assert "ik pēc 1–2 cm (noapaļojumos – biežāk) atzīmējiet kontūru" in tiled + sheet
    assert "stūrus" not in tiled + sheet and "iefrēzējam" not in tiled + sheet
    # rounds 5 and 6 disagreed on „nav (zīmēta) mērogā“: the map says it is reduced
    assert "Šī shēma ir samazināta; 2.–5. lapa ir dabiskajā lielumā" in tiled
    assert "mērogā" not in tiled
    assert "kērn" not in sheet + tiled


@pytest.mark.parametrize("lang", ["lv", "en"])
def test_templates_name_the_set_never_the_variant_file(tmp_path: Path, lang: str) -> None:
    b = build(5, lang)
    b.write_tiled_template(tmp_path / "tiled.pdf")
    b.write_sheet_template(tmp_path / "sheet.pdf")
    pages = texts(tmp_path / "tiled.pdf") + texts(tmp_path / "sheet.pdf")
    title = flat(b.title(lang))
    assert title == {"lv": "Ķīniešu dambrete · komplekts „Pro“", "en": "Star Halma · Pro set"}[lang]
    assert all(title in page and "halma-5" not in page for page in pages)


@pytest.mark.parametrize(
    ("n", "lang", "line"),
    [
        (4, "lv", "Spēles laukums: 338,2 × 384,6 mm, biezums 18 mm; urbumu skaits: 121."),
        (5, "lv", "Spēles laukums (komplekts „Pro“): 413,2 × 471,2 mm, biezums 18 mm; urbumu skaits: 181."),
        (4, "en", "Game board: 338.2 × 384.6 mm, 18 mm thick; holes: 121."),
        (5, "en", "Game board (Pro set): 413.2 × 471.2 mm, 18 mm thick; holes: 181."),
    ],
)  # fmt: skip
def test_the_size_line_names_the_part_cut_without_nested_quotes(
    tmp_path: Path, n: int, lang: str, line: str
) -> None:
    """The sixth Latvian review's must-fix: the spec line named the product in quotes, so the
    Pro set printed „…„Pro““; it names the board, the set in brackets."""
    b = build(n, lang)
    b.write_tiled_template(tmp_path / "tiled.pdf")
    b.write_sheet_template(tmp_path / "sheet.pdf")
    for path in ("tiled.pdf", "sheet.pdf"):
        text = " ".join(texts(tmp_path / path))
        assert line in text
        assert "Detaļa" not in text and "““" not in text and "„„" not in text


@pytest.mark.parametrize("n", BOARDS)
@pytest.mark.parametrize("lang", ["lv", "en"])
def test_the_pdf_title_has_one_dash(tmp_path: Path, n: int, lang: str) -> None:
    from pypdf import PdfReader

    b = build(n, lang)
    b.write_tiled_template(tmp_path / "tiled.pdf")
    title = PdfReader(tmp_path / "tiled.pdf").metadata.title
    assert title.startswith(b.title(lang) + " — ") and "— –" not in title
    assert title.count("–") + title.count("—") == 1
