"""Konstruktsiia tokens: the set, the print sheet's crop marks, the CNC board plan and DXF.

(The token STEP solids are checked in ``test_cardtrack_build.py``, which runs CadQuery once.)
"""

from __future__ import annotations

import math
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from ezdxf import recover
from pdfread import page_rects, scale_bar_length
from pypdf import PdfReader

from plywright.plugins.cardtrack.artifacts import CardtrackBuild
from plywright.plugins.cardtrack.options import CardtrackRules
from plywright.plugins.cardtrack.parts import gap, nest_tokens, token_plan
from plywright.plugins.cardtrack.production import CardtrackProduction
from plywright.plugins.cardtrack.production_checks import token_checks
from plywright.plugins.cardtrack.tokens import (
    SHEET_MARGIN,
    Spares,
    Token,
    layout_sheet,
    pitch,
    sheet_spares,
    spares,
    token_set,
    with_spares,
    write_token_sheet,
)
from plywright.print.sheet import CROP_GAP, CROP_LENGTH

K = 72 / 25.4
P = CardtrackProduction()
Segment = tuple[tuple[float, float], tuple[float, float]]


def page_segments(page: object) -> list[Segment]:
    """Straight ``m``-``l`` segments of a page in page points (CTM applied)."""
    out: list[Segment] = []
    start: list[tuple[float, float]] = []

    def visit(op: bytes, args: list[object], cm: list[float], tm: list[float]) -> None:
        a, b, c, d, e, f = cm
        if op in (b"m", b"l"):
            x, y = (float(v) for v in args)  # type: ignore[arg-type]
            point = (a * x + c * y + e, b * x + d * y + f)
            if op == b"l" and start:
                out.append((start[-1], point))
            start[:] = [point]

    page.extract_text(visitor_operand_before=visit)  # type: ignore[attr-defined]
    return out


def crop_segments(segments: list[Segment]) -> list[Segment]:
    return [s for s in segments if math.isclose(math.dist(*s), CROP_LENGTH * K, abs_tol=0.01)]


def test_token_set_has_two_big_and_two_times_small_tokens() -> None:
    tokens = token_set(6, P)
    assert sum(t.kind == "big" for t in tokens) == 2
    assert sum(t.kind == "small" for t in tokens) == 12
    for player in ("black", "red"):
        mine = [t for t in tokens if t.player == player]
        assert [t.kind for t in mine].count("big") == 1 and len(mine) == 7
    assert {t.diameter for t in tokens if t.kind == "big"} == {30.0}
    assert {t.diameter for t in tokens if t.kind == "small"} == {18.0}
    assert len(token_set(0, P)) == 2


def test_print_sheet_has_eight_crop_marks_per_token_at_the_trim_square(tmp_path: Path) -> None:
    tokens = token_set(6, P)
    path = tmp_path / "tokens.pdf"
    pages = write_token_sheet(tokens, path, paper="A4", production=P, title="t", lines=["l"])
    assert pages == 1
    page = PdfReader(path).pages[0]
    marks = crop_segments(page_segments(page))
    assert len(marks) == 8 * len(tokens)
    _, placed = layout_sheet(tokens, "A4", P.bleed)
    for item in placed:
        (cx, cy), r = item.centre, item.token.diameter / 2
        # the horizontal mark left of the lower-left trim corner
        start = ((cx - r - P.bleed - CROP_GAP) * K, (cy - r) * K)
        assert any(math.dist(s[0], start) < 0.02 for s in marks), item


def test_print_sheet_flows_onto_more_pages_when_needed(tmp_path: Path) -> None:
    tokens = token_set(32, P)
    pages = write_token_sheet(
        tokens, tmp_path / "t.pdf", paper="Letter", production=P, title="t", lines=[]
    )
    reader = PdfReader(tmp_path / "t.pdf")
    assert pages == len(reader.pages) >= 2
    marks = sum(len(crop_segments(page_segments(p))) for p in reader.pages)
    assert marks == 8 * len(tokens)


def test_dxf_has_one_layer_per_operation_and_token_sizes(tmp_path: Path) -> None:
    from plywright.cad.dxf import write_dxf

    tokens = token_set(6, P)
    plan = token_plan(tokens, P, "k")
    path = tmp_path / "tokens.dxf"
    write_dxf(plan, path)
    doc, auditor = recover.readfile(path)
    assert not auditor.has_errors
    layers = {layer.dxf.name for layer in doc.layers} - {"0", "Defpoints"}
    assert layers == {
        "ENGRAVE_RING_Z0.6",
        "CUT_SMALL_D18_THRU_8",
        "CUT_BIG_D30_THRU_8",
        "ANNOTATE_BOARD",
        "ANNOTATE_NOTES",
    }
    msp = doc.modelspace()
    small = msp.query('CIRCLE[layer=="CUT_SMALL_D18_THRU_8"]')
    big = msp.query('CIRCLE[layer=="CUT_BIG_D30_THRU_8"]')
    assert len(small) == 12 and len(big) == 2
    assert {round(c.dxf.radius * 2, 6) for c in small} == {18.0}
    assert {round(c.dxf.radius * 2, 6) for c in big} == {30.0}
    circles = [(tuple(c.dxf.center)[:2], c.dxf.radius) for c in [*small, *big]]
    for i, (a, ra) in enumerate(circles):
        x, y = a
        assert ra + gap(P) - 1e-6 <= x <= P.sheet_width - ra - gap(P) + 1e-6
        assert ra + gap(P) - 1e-6 <= y <= P.sheet_height - ra - gap(P) + 1e-6
        for b, rb in circles[i + 1 :]:
            assert math.dist(a, b) >= ra + rb + gap(P) - 1e-6
    assert doc.header["$INSUNITS"] == 4  # millimetres
    [edge] = msp.query('LWPOLYLINE[layer=="ANNOTATE_BOARD"]')
    corners = {(round(x, 6), round(y, 6)) for x, y in edge.vertices()}
    assert corners == {
        (0, 0),
        (P.sheet_width, 0),
        (P.sheet_width, P.sheet_height),
        (0, P.sheet_height),
    }
    assert edge.closed


def test_layout_svg_draws_the_board_edge_as_a_line_and_fills_only_the_notes(
    tmp_path: Path,
) -> None:
    from plywright.svg.layout import write_layout_svg

    path = tmp_path / "tokens.svg"
    write_layout_svg(token_plan(token_set(6, P), P, "k"), path)
    ns = "{http://www.w3.org/2000/svg}"
    layers = {g.get("id"): g for g in ET.parse(path).getroot().iter(f"{ns}g")}
    board = layers["ANNOTATE_BOARD"]
    assert board.get("fill") == "none" and board.get("stroke") == "#ff8000"
    [edge] = board.findall(f"{ns}path")
    assert edge.get("fill") is None  # inherits the layer's "none"
    texts = layers["ANNOTATE_NOTES"].findall(f"{ns}text")
    assert texts and all(t.get("fill") == "#ff8000" for t in texts)


def test_tokens_that_do_not_fit_the_board_are_reported() -> None:
    small_board = CardtrackProduction(sheet_width=100, sheet_height=60)
    tokens = token_set(6, small_board)
    assert nest_tokens(tokens, small_board) is None
    with pytest.raises(ValueError, match="do not fit"):
        token_plan(tokens, small_board, "k")
    checks = {c.name: c for c in token_checks(CardtrackRules(), small_board)}
    assert not checks["production.tokens_fit_board"].ok
    assert checks["production.tokens_fit_board"].severity == "error"
    assert all(c.ok for c in token_checks(CardtrackRules(), P))


def test_spare_tokens_fill_the_sheet_without_a_new_page() -> None:
    production = CardtrackProduction()
    own = token_set(6, production)
    sheet = with_spares(own, "A4", production.bleed)
    assert set(own) <= set(sheet)
    spares = [t for t in sheet if t not in own]
    assert spares and len(spares) % 2 == 0
    assert sum(t.player == "black" for t in spares) == sum(t.player == "red" for t in spares)
    _, placed = layout_sheet(sheet, "A4", production.bleed)
    assert {p.page for p in placed} == {0}
    # one more pair would need a second page
    more = [Token("small", p, production.small_token, 99) for p in ("black", "red")]
    _, placed = layout_sheet(sorted([*sheet, *more]), "A4", production.bleed)
    assert max(p.page for p in placed) == 1


def word_boxes(path: Path, *, with_y: bool = False) -> list[tuple[Any, ...]]:
    """``(word, x_min, x_max)`` in page points of every word pdftotext finds (with ``with_y``
    also ``y_min, y_max``, from the top of the page)."""
    out = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, check=True)
    pattern = (
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>'
    )
    found = re.findall(pattern, out.stdout.decode())
    if with_y:
        return [(w, float(a), float(c), float(b), float(d)) for a, b, c, d, w in found]
    return [(w, float(a), float(c)) for a, _, c, _, w in found]


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler")
@pytest.mark.parametrize("languages", [("uk",), ("uk", "en"), ("en", "uk")])
def test_token_sheet_text_stays_within_the_side_margins(
    tmp_path: Path, languages: tuple[str, ...]
) -> None:
    """Desktop printers cannot print the outer 3–5 mm: every word of the sheet (the header,
    the instructions with the diameters, the scale bar's label and the footer lines, in each
    language) stays between the 12 mm side margins, and the diameters are printed."""
    build = CardtrackBuild(CardtrackRules(), P, "konstruktsiia", "A4", languages=languages)
    path = tmp_path / "tokens.pdf"
    build.write_token_sheet(path)
    width = float(PdfReader(path).pages[0].mediabox.width)
    words = word_boxes(path)
    assert words
    for word, x0, x1 in words:
        assert x0 >= SHEET_MARGIN * K - 0.5 and x1 <= width - SHEET_MARGIN * K + 0.5, word
    text = " ".join(w for w, _, _ in words)
    assert "18" in text and "30" in text


def stroked_circles(page: object) -> list[tuple[float, float, float]]:
    """``(x, y, diameter)`` in page mm of every stroked path built of four Bézier curves
    (how ReportLab draws a circle)."""
    out: list[tuple[float, float, float]] = []
    points: list[tuple[float, float]] = []
    curves = 0

    def visit(op: bytes, args: list[object], cm: list[float], tm: list[float]) -> None:
        nonlocal curves
        a, b, c, d, e, f = cm
        if op == b"m":
            points[:], curves = [], 0
        if op in (b"m", b"l", b"c"):
            values = [float(v) for v in args]  # type: ignore[arg-type]
            pairs = list(zip(values[::2], values[1::2], strict=True))
            points.extend((a * x + c * y + e, b * x + d * y + f) for x, y in pairs)
            curves += op == b"c"
        if op == b"S" and curves == 4:
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            size = (max(xs) - min(xs)) / K
            out.append(((max(xs) + min(xs)) / 2 / K, (max(ys) + min(ys)) / 2 / K, size))
        if op in (b"S", b"f", b"B", b"n", b"b"):
            points[:], curves = [], 0

    page.extract_text(visitor_operand_before=visit)  # type: ignore[attr-defined]
    return out


def test_print_sheet_draws_a_cut_circle_at_each_tokens_diameter(tmp_path: Path) -> None:
    """The coloured disc runs ``bleed`` beyond the cut: a thin circle of exactly the token's
    diameter shows where to cut (the crop marks alone frame only its square)."""
    tokens = token_set(6, P)
    path = tmp_path / "tokens.pdf"
    write_token_sheet(tokens, path, paper="A4", production=P, title="t", lines=["l"])
    circles = stroked_circles(PdfReader(path).pages[0])
    _, placed = layout_sheet(tokens, "A4", P.bleed)
    for item in placed:
        (cx, cy), d = item.centre, item.token.diameter
        assert any(
            math.dist((x, y), (cx, cy)) < 0.05 and abs(size - d) < 0.05 for x, y, size in circles
        ), item


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_bilingual_sheet_has_a_scale_bar_and_keeps_its_rows(tmp_path: Path, paper: str) -> None:
    """The sheet of both languages carries the templates' 100 mm scale bar clear of every
    token, and still holds the set and four spares of each colour on A4 and on Letter (its
    header and footer bands are sized for two languages)."""
    build = CardtrackBuild(CardtrackRules(), P, "konstruktsiia", paper, languages=("uk", "en"))
    path = tmp_path / "tokens.pdf"
    build.write_token_sheet(path)
    reader = PdfReader(path)
    assert len(reader.pages) == 1
    rects = page_rects(reader.pages[0])
    assert scale_bar_length(rects) == pytest.approx(100 * K, abs=0.01)
    bar_top = max(r[1] + r[3] for r in rects if math.isclose(r[3], 2.5 * K, abs_tol=0.01))
    sheet = build.token_sheet()
    assert spares(sheet, build.tokens) == Spares(big=0, small=4)
    _, placed = layout_sheet(sheet, paper, P.bleed)
    lowest = min(p.centre[1] - pitch(p.token, P.bleed) / 2 for p in placed)
    assert lowest * K > bar_top + 6 * K  # the bar's two label lines fit between


def test_instructions_longer_than_the_header_band_are_refused(tmp_path: Path) -> None:
    long = ["A line of instructions long enough to take a whole line of the sheet or so."] * 7
    with pytest.raises(ValueError, match="header band"):
        write_token_sheet(
            token_set(6, P), tmp_path / "t.pdf", paper="A4", production=P, title="t", lines=long
        )


def test_the_rulebook_counts_the_sheets_spares() -> None:
    """The spares the rulebook names are the sheet's own, per colour."""
    assert sheet_spares(6, P, "A4") == Spares(big=0, small=4)
    assert sheet_spares(6, CardtrackProduction(big_token=24), "A4") == Spares(big=1, small=4)
    assert sheet_spares(0, P, "A4") == Spares(big=0, small=0)


@pytest.mark.parametrize("lang", ["uk", "en"])
def test_the_fonts_have_every_letter_of_the_mat_and_the_token_sheet(lang: str) -> None:
    """Every character the mat and the token sheet print in either language (Cyrillic, ⌀,
    ★, ♚, ▲, quotes, no-break spaces) has a glyph in the regular and the bold font: none
    comes out as an empty box."""
    from reportlab.pdfbase.pdfmetrics import getFont

    from plywright.plugins.cardtrack.rulebook import Texts
    from plywright.print.fonts import register_fonts

    t = Texts(lang)
    words = [text for key, text in t.strings().items() if key.split(".")[0] in ("mat", "tokens")]
    assert words
    used = {ch for text in words for ch in text if not ch.isspace() or ch == "\u00a0"}
    if lang == "uk":
        assert {"Д", "ж", "ї", "є", "ʼ"} & used
    for name in register_fonts()[:2]:
        glyphs = getFont(name).face.charToGlyph
        missing = sorted(ch for ch in used if ord(ch) not in glyphs)
        assert missing == [], (name, missing)
