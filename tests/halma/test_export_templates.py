"""The shared 1:1 templates (generator/print/templates.py) with any drawing, plans with and
without holes, languages, and the print-shop sheet helpers (generator/print/sheet.py)."""

from __future__ import annotations

import math
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pdfread import page_rects, scale_bar_length
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from plywright import locales
from plywright.cad.plan import Circle, MachiningPlan, Operation, Polyline, Wording
from plywright.print import furniture
from plywright.print.plandraw import View
from plywright.print.scalebar import scale_bar, scale_check_label
from plywright.print.sheet import print_boxes, set_print_boxes
from plywright.print.templates import (
    Drawing,
    drawing_grid,
    iso_paper,
    plan_drawing,
    sheet_page_size,
    write_sheet_template,
    write_tiled_template,
)

K = 72 / 25.4
pdftotext = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="no pdftotext")


def text_of(path: Path) -> str:
    out = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True)
    return " ".join(out.stdout.split())


def square_plan(holes: bool, size: float = 300.0) -> MachiningPlan:
    outline = Polyline.of([(0, 0), (size, 0), (size, size), (0, size)])
    cut = Wording.of("print.operation.cut_outline", depth=10.0)
    ops = [
        Operation(
            "cut", "CUT_OUTLINE_THRU_10", (outline,), depth=10, description="outline", wording=cut
        )
    ]
    if holes:
        circles = (Circle((50, 50), 4), Circle((250, 250), 4))
        drill = Wording.of("print.operation.drill_blind", count=2, diameter=8.0, depth=5.5)
        ops.insert(
            0,
            Operation(
                "drill", "DRILL_D8_Z5", circles, depth=5, description="two holes", wording=drill
            ),
        )
    return MachiningPlan(name="square", thickness=10, operations=tuple(ops))


@pdftotext
def test_plan_steps_speak_of_crosshairs_only_when_the_plan_drills(tmp_path: Path) -> None:
    drilled, plain = tmp_path / "drilled.pdf", tmp_path / "plain.pdf"
    write_tiled_template(square_plan(True), drilled, paper="A4")
    write_tiled_template(square_plan(False), plain, paper="A4")
    a, b = text_of(drilled), text_of(plain)
    assert "centre-punch every crosshair" in a and "Crosshairs mark hole centres" in a
    assert "machine and drill as listed above" in a
    assert "Holes (2): drill ⌀ 8 mm, 5.5 mm deep" in a and "square: 300 × 300 mm" in a
    assert "centre-punch" not in b and "Crosshair" not in b and "drill" not in b
    assert "4. Tape the template onto the stock along the outline. 5. With an awl, prick" in b
    assert "6. Remove the paper" in b
    for text in (a, b):
        assert "CUT_" not in text and "DRILL_" not in text


class Recorder:
    """A draw callback that draws a 100 x 50 mm box at (10, 10) and records its views."""

    def __init__(self) -> None:
        self.views: list[View] = []

    def __call__(self, c: Canvas, view: View) -> None:
        self.views.append(view)
        c.setLineWidth(0.5 * view.pt)
        c.rect(10, 10, 100, 50, stroke=1, fill=0)


def test_any_drawing_is_tiled_at_exactly_1_to_1(tmp_path: Path) -> None:
    draw = Recorder()
    drawing = Drawing("box", (0.0, 0.0, 400.0, 300.0), draw, kind="box plan")
    path = tmp_path / "box.pdf"
    grid = write_tiled_template(drawing, path, paper="A4")
    assert grid == drawing_grid(drawing, "A4")
    reader = PdfReader(path)
    assert len(reader.pages) == len(grid.tiles) + 1 > 2
    assert len(draw.views) == len(reader.pages)  # the map and every tile page
    assert draw.views[0].scale < 1 and {v.scale for v in draw.views[1:]} == {1.0}
    page = next(i for i, t in enumerate(grid.tiles, start=1) if t.area[0] <= 10 and t.area[1] <= 10)
    rects = page_rects(reader.pages[page])
    assert any(math.isclose(r[2], 100 * K, abs_tol=0.01) for r in rects if r[3] > 0)
    assert scale_bar_length(rects) == pytest.approx(100 * K, abs=0.01)


def test_a_sheet_template_is_sized_to_the_drawing(tmp_path: Path) -> None:
    draw = Recorder()
    drawing = Drawing("box", (0.0, 0.0, 400.0, 300.0), draw)
    page = write_sheet_template(drawing, tmp_path / "sheet.pdf")
    assert page == sheet_page_size(drawing.bounds) == (430.0, 347.0)
    assert sheet_page_size((0.0, 0.0, 50.0, 50.0))[0] == 220.0  # at least 190 mm + margins
    [view] = draw.views
    assert view.scale == 1.0
    rects = page_rects(PdfReader(tmp_path / "sheet.pdf").pages[0])
    box = [r for r in rects if math.isclose(r[2], 100 * K, abs_tol=0.01)]
    assert box and math.isclose(box[0][3], 50 * K, abs_tol=0.01)


def test_opaque_drawings_get_translucent_overlap_strips(tmp_path: Path) -> None:
    def alphas(opaque: bool) -> set[float]:
        drawing = Drawing("box", (0.0, 0.0, 400.0, 300.0), Recorder(), opaque=opaque)
        path = tmp_path / f"{opaque}.pdf"
        write_tiled_template(drawing, path, paper="A4")
        out: set[float] = set()
        for page in PdfReader(path).pages:
            states = page["/Resources"].get("/ExtGState", {})
            out |= {float(s.get_object().get("/ca", 1)) for s in states.values()}
        return out

    assert 0.45 in alphas(True)
    assert 0.45 not in alphas(False)


def test_pages_without_the_drawing_are_kept_out_only_when_asked() -> None:
    everything = Drawing("box", (0.0, 0.0, 400.0, 400.0), Recorder())
    corner = Drawing("box", everything.bounds, Recorder(), keep=lambda a: a[0] < 100 and a[1] < 100)
    full, some = drawing_grid(everything, "A4"), drawing_grid(corner, "A4")
    assert len(full.tiles) == full.rows * full.cols > len(some.tiles) >= 1


@pdftotext
@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("nl", ["Boormal", "overzicht (afdrukken op A4)", "pagina 1 van", "Schaalcontrole", "körner",
                "Gaten (2): boor ⌀ 8 mm, 5,5 mm diep", "niet op schaal; pagina’s 2–"]),
        ("lv", ["Urbšanas šablons", "salikšanas shēma (A4 lapas)", "MĒROGA PĀRBAUDE",
                "Urbumi (2): urbiet ⌀ 8 mm, 5,5 mm dziļumā", "savietošanas zīmes sakristu",
                "piestipriniet ar līmlenti", "ar punktsiti iesitiet atzīmi katra krustiņa ⊕ centrā", "„ietilpināt lapā“"]),
        ("uk", ["Шаблон для свердління", "схема складання з аркушів A4", "ПЕРЕВІРКА МАСШТАБУ",
                "100 мм", "Отвори (2): свердліть ⌀ 8 мм", "сторінки 2–"]),
    ],
)  # fmt: skip
def test_furniture_in_the_language_passed(tmp_path: Path, lang: str, words: list[str]) -> None:
    path = tmp_path / f"{lang}.pdf"
    write_tiled_template(square_plan(True), path, paper="A4", lang=lang)
    text = text_of(path)
    for word in words:
        assert word in text
    assert "Assembly map" not in text and "SCALE CHECK" not in text
    assert "1:1 op" not in text and "1:1 uz" not in text and "1:1 на" not in text


@pdftotext
def test_a_plugin_folder_adds_a_language_to_the_furniture(tmp_path: Path) -> None:
    folder = tmp_path / "locales"
    folder.mkdir()
    english = (furniture.FOLDER / "en.toml").read_text(encoding="utf-8")
    french = english.replace("Print at 100 %", "Imprimer à 100 %").replace(
        "SCALE CHECK: this bar must measure 100 mm", "CONTRÔLE D'ÉCHELLE : cette barre fait 100 mm"
    )
    (folder / "fr.toml").write_text(french + '\n[meta]\ntitle = "Jeu"\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"no texts in 'fr' .*allowed: en, lv, nl, uk"):
        furniture.furniture("fr")
    assert "fr" in furniture.languages([folder]) and furniture.missing_keys("fr", [folder]) == []
    path = tmp_path / "fr.pdf"
    write_tiled_template(square_plan(True), path, paper="A4", lang="fr", locale_folders=[folder])
    text = text_of(path)
    assert "Imprimer à 100 %" in text and "CONTRÔLE D'ÉCHELLE" in text
    # the core's own languages keep the core's words, whatever a plugin file says
    (folder / "nl.toml").write_text('[print.template]\nunits = "Eenheden."\n', encoding="utf-8")
    assert furniture.furniture("nl", [folder])("print.template.units") == "Maten in mm."
    (folder / "de.toml").write_text('[print.template]\nunits = "Maße in mm."\n', "utf-8")
    assert "print.scale.check" in furniture.missing_keys("de", [folder])


def test_every_core_language_has_every_key_with_the_same_placeholders() -> None:
    reference = locales.load(furniture.FOLDER, "en")
    assert set(locales.languages(furniture.FOLDER)) >= {"en", "lv", "nl", "uk"}
    for lang in locales.languages(furniture.FOLDER):
        texts = locales.load(furniture.FOLDER, lang)
        assert set(texts) == set(reference), lang
        for key, text in texts.items():
            assert set(_placeholders(text)) == set(_placeholders(reference[key])), (lang, key)
        assert furniture.missing_keys(lang) == []
    assert scale_check_label("lv") == locales.load(furniture.FOLDER, "lv")["print.scale.check"]


def _placeholders(text: str) -> list[str]:
    import string

    return [name for _, name, _, _ in string.Formatter().parse(text) if name]


def test_kind_word_and_plan_info_reach_the_drawing() -> None:
    drawing = plan_drawing(square_plan(False), info=["one"], kind="crown template")
    assert drawing.kind == "crown template"
    assert drawing.info == (
        "one",
        "square: 300\u00a0×\u00a0300\u00a0mm, 10\u00a0mm thick.",
        "Outline: cut through (10\u00a0mm), the tool outside the line.",
    )
    assert drawing.note == "" and drawing.avoid == ()
    drilled = plan_drawing(square_plan(True), lang="uk")
    assert drilled.kind == "шаблон для свердління" and len(drilled.avoid) == 2
    assert drilled.clearance > 4 and "отворів: 2" in drilled.info[0]


def test_a_full_size_sheet_names_the_paper_it_fits() -> None:
    assert iso_paper((210.0, 297.0)) == "A4" and iso_paper((297.0, 210.0)) == "A4"
    assert iso_paper((406.0, 509.0)) == "A2" and iso_paper((420.0, 595.0)) == "A1"
    assert iso_paper((900.0, 1300.0)) is None


@pdftotext
def test_a_sheet_header_says_a2_plotter_and_lists_the_steps(tmp_path: Path) -> None:
    path = tmp_path / "sheet.pdf"
    page = write_sheet_template(square_plan(True, size=380.0), path, lang="lv")
    assert iso_paper(page) == "A2"
    text = text_of(path)
    assert (
        "Urbšanas šablons dabiskajā lielumā (1:1) – drukājiet 100 % uz A2 lapas vai ar ploteri"
        in text
    )
    assert "1. Piestipriniet šablonu" in text and "3. Noņemiet papīru" in text


@pdftotext
def test_scale_bar_label_argument(tmp_path: Path) -> None:
    path = tmp_path / "bar.pdf"
    c = Canvas(str(path), invariant=1)
    scale_bar(c, 20, 20)
    scale_bar(c, 20, 120, label=scale_check_label("nl"))
    c.save()
    text = text_of(path)
    assert "SCALE CHECK: this bar must measure 100 mm" in text
    assert "Schaalcontrole: deze balk moet precies 100 mm zijn." in text


def test_print_boxes_are_the_trim_and_the_trim_plus_bleed(tmp_path: Path) -> None:
    trim, bleed = print_boxes((13.0, 13.0, 76.0, 101.0), 3.0)
    assert trim == pytest.approx((13 * K, 13 * K, 76 * K, 101 * K))
    assert bleed == pytest.approx((10 * K, 10 * K, 79 * K, 104 * K))
    path = tmp_path / "card.pdf"
    c = Canvas(str(path), pagesize=(89 * K, 114 * K), invariant=1)
    for _ in range(2):
        set_print_boxes(c, (13.0, 13.0, 76.0, 101.0), 3.0)
        c.showPage()
    c.save()
    for page in PdfReader(path).pages:
        assert [float(v) for v in page.trimbox] == pytest.approx(list(trim), abs=0.01)
        assert [float(v) for v in page.bleedbox] == pytest.approx(list(bleed), abs=0.01)


@pytest.mark.parametrize("lang", ["en", "lv", "nl", "uk"])
def test_every_plugin_operation_has_a_wording_in_every_core_language(lang: str) -> None:
    from plywright.plugins.cardtrack.parts import token_plan
    from plywright.plugins.cardtrack.production import CardtrackProduction
    from plywright.plugins.cardtrack.tokens import token_set
    from plywright.plugins.halma.geometry import star_board
    from plywright.plugins.halma.parts import board_plan
    from plywright.plugins.halma.production import HalmaProduction
    from plywright.print.templates import operation_text

    card = CardtrackProduction()
    plans = [
        board_plan(star_board(4), HalmaProduction(), "b").plan,
        board_plan(star_board(4), HalmaProduction(marking="pocket"), "b").plan,
        token_plan(token_set(6, card), card, "t"),
    ]
    t = furniture.furniture(lang)
    for plan in plans:
        for op in plan:
            if op.kind == "annotate":
                continue
            text = operation_text(op.translated(1.0, 2.0), t)
            assert text and "{" not in text and op.layer not in text, (op.layer, text)
            wrong_mark = r"\d,\d" if lang == "en" else r"\d\.\d"
            assert not re.search(wrong_mark, text), text  # the language's decimal mark


def test_template_lines_break_at_spaces_but_never_at_a_no_break_space() -> None:
    from plywright.print.templates import wrap

    text = "Drukājiet 2.–5.\u00a0lapu 100\u00a0% (dabiskā izmērā) un pārbaudiet 100\u00a0mm joslu."
    for width in range(40, 400, 7):
        lines = wrap(text, "Helvetica", 9, width)
        assert " ".join(lines) == text
        assert not [line for line in lines if line.endswith("\u00a0") or line.startswith("\u00a0")]
    assert (
        wrap("a\nb  c", "Helvetica", 9, 500) == ["a", "b c"] and wrap("", "Helvetica", 9, 50) == []
    )
