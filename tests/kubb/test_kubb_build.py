"""A Kubb set built through ``plywright.build`` (once per module) and read back by independent
readers: STEP through CadQuery's importer, DXF through ezdxf, CSV, SVG through xml.etree,
PDFs through pypdf / pdftotext. Sizes are measured in the files, not taken from the code."""

from __future__ import annotations

import csv
import hashlib
import io
import itertools
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import cadquery as cq
import pytest
from ezdxf import bbox, recover
from pypdf import PdfReader

import plywright.plugins.kubb.plugin as kubb_plugin
from conftest import CliRunner
from plywright.build import build
from plywright.checks import static_checks
from plywright.plugins.kubb.production import KubbProduction
from plywright.registry import Registry, load_registry
from plywright.variant import Variant, parse_variant

P = KubbProduction()
SVG = "{http://www.w3.org/2000/svg}"


def kubb_registry() -> Registry:
    """The real registry (the Kubb plugin wires its checks and artifacts on its definition)."""
    assert kubb_plugin.GAME.artifacts is not None and kubb_plugin.GAME.static_checks is not None
    return load_registry()


def _solid(path: str) -> cq.Shape:
    shape = cq.importers.importStep(path).val()
    assert isinstance(shape, cq.Shape)
    return shape


def _section(shape: cq.Shape, height: float) -> cq.Shape:
    cut = cq.Workplane().add(shape).section(height).val()
    assert isinstance(cut, cq.Shape)
    return cut


def kubb_variant(registry: Registry, **tables: Any) -> Variant:
    data = {"game": "kubb", "name": "kubb-world", "preset": "world", **tables}
    return parse_variant(data, registry)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    registry = kubb_registry()
    folder = tmp_path_factory.mktemp("kubb") / "out"
    result = build(registry, kubb_variant(registry, print={"paper": "A4"}), folder)
    return result.folder, result.manifest


def test_manifest_kinds(built: tuple[Path, dict[str, Any]]) -> None:
    folder, manifest = built
    kinds = {a["kind"] for a in manifest["artifacts"]}
    assert kinds >= {
        "cad/step",
        "cad/stl",
        "cad/dxf",
        "layout/svg",
        "print/template",
        "print/sheet",
        "print/rulebook",
        "bom/csv",
        "preview/svg",
        "report/json",
    }
    langs = sorted(a.get("lang") for a in manifest["artifacts"] if a["kind"] == "print/rulebook")
    assert langs == ["en", "nl"]
    for entry in manifest["artifacts"]:
        data = (folder / entry["path"]).read_bytes()
        assert len(data) == entry["bytes"] > 0
        assert hashlib.sha256(data).hexdigest() == entry["sha256"]


@pytest.mark.parametrize(
    ("piece", "size"),
    [
        ("kubb", (P.kubb_width, P.kubb_width, P.kubb_height)),
        ("king", (P.king_width, P.king_width, P.king_height)),
        ("baton", (P.baton_diameter, P.baton_diameter, P.baton_length)),
        ("stake", (P.stake_width, P.stake_width, P.stake_length)),
    ],
)
def test_step_bounding_boxes(
    built: tuple[Path, dict[str, Any]], piece: str, size: tuple[float, float, float]
) -> None:
    shape = _solid(str(built[0] / f"cad/{piece}.step"))
    box = shape.BoundingBox(tolerance=1e-6)
    assert (box.xlen, box.ylen, box.zlen) == pytest.approx(size, abs=0.01)
    assert box.zmin == pytest.approx(0, abs=0.01)
    assert shape.isValid()


def test_king_crown_and_kubb_chamfers_in_the_solids(built: tuple[Path, dict[str, Any]]) -> None:
    king = _solid(str(built[0] / "cad/king.step"))
    full = P.king_width**2 * P.king_height
    assert king.Volume() < full  # the crown notches and the foot chamfer took wood away
    # sliced through the middle of the crown: the section is smaller than the full square
    top = _section(king, P.king_height - P.crown_height / 2)
    assert top.Area() < 0.9 * P.king_width**2
    kubb = _solid(str(built[0] / "cad/kubb.step"))
    end = _section(kubb, P.kubb_height - P.kubb_chamfer / 2)
    # halfway up the end chamfer every side is set in by half the chamfer
    assert end.Area() == pytest.approx((P.kubb_width - P.kubb_chamfer) ** 2, rel=1e-6)


@pytest.mark.parametrize(
    ("name", "layer", "size"),
    [
        ("kubb-end-chamfers", "CUT_KUBB_END_CHAMFERS_THRU_70", (P.kubb_width, P.kubb_height)),
        ("king-crown", "CUT_KING_CROWN_THRU_90", (P.king_width, P.king_height)),
        ("stake-point", "CUT_STAKE_POINT_THRU_25", (P.stake_width, P.stake_length)),
    ],
)
def test_dxf_profiles_extents(
    built: tuple[Path, dict[str, Any]], name: str, layer: str, size: tuple[float, float]
) -> None:
    doc, auditor = recover.readfile(built[0] / f"cad/{name}.dxf")
    assert not auditor.has_errors
    assert doc.header["$INSUNITS"] == 4
    cuts: list[Any] = [e for e in doc.modelspace() if e.dxf.layer == layer]
    assert len(cuts) == 1 and cuts[0].dxftype() == "LWPOLYLINE" and cuts[0].closed
    box = bbox.extents(cuts)
    assert (box.size.x, box.size.y) == pytest.approx(size, abs=0.01)
    assert (box.extmin.x, box.extmin.y) == pytest.approx((0, 0), abs=0.01)


def test_crown_dxf_has_the_crown_points(built: tuple[Path, dict[str, Any]]) -> None:
    doc, _ = recover.readfile(built[0] / "cad/king-crown.dxf")
    cuts: list[Any] = [e for e in doc.modelspace() if e.dxf.layer == "CUT_KING_CROWN_THRU_90"]
    (cut,) = cuts
    points = [(round(x, 3), round(y, 3)) for x, y, *_ in cut.get_points()]
    tops = sorted(x for x, y in points if y == pytest.approx(P.king_height))
    assert tops == pytest.approx([0, P.king_width / 2, P.king_width])
    notches = [y for x, y in points if y == pytest.approx(P.king_height - P.crown_height)]
    assert len(notches) == P.crown_points - 1


def test_bom_and_cut_list(built: tuple[Path, dict[str, Any]]) -> None:
    folder = built[0]
    rows = list(csv.DictReader(io.StringIO((folder / "bom.csv").read_text())))
    pieces = {r["item"].split()[0]: int(r["quantity"]) for r in rows if r["section"] == "set"}
    assert pieces["kubb"] == 10 and pieces["king"] == 1 and pieces["baton"] == 6
    cuts = list(csv.DictReader(io.StringIO((folder / "cut-list.csv").read_text())))
    kubbs = [c for c in cuts if c["item"] == "kubb"]
    assert len(kubbs) == 10
    starts = [float(c["start_mm"]) for c in kubbs]
    assert [b - a for a, b in itertools.pairwise(starts)] == pytest.approx(
        [P.kubb_height + P.kerf] * 9
    )


def test_field_plan_svg_is_to_scale(built: tuple[Path, dict[str, Any]]) -> None:
    root = ET.parse(built[0] / "layout/field-plan.svg").getroot()
    field = root.find(f".//{SVG}g[@id='field']/{SVG}polygon")
    assert field is not None
    xs = [float(p.split(",")[0]) for p in field.get("points", "").split()]
    assert max(xs) - min(xs) == pytest.approx(8 * 1000 / 50)  # world field 8 m at 1:50
    stakes = root.findall(f".//{SVG}g[@id='stakes']/{SVG}circle")
    assert len(stakes) == 6
    kubbs = root.findall(f".//{SVG}g[@id='base-kubbs']/{SVG}rect")
    assert len(kubbs) == 10
    assert "8 m" in ET.tostring(root, encoding="unicode").replace("\xa0", " ")


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed")
def test_crown_template_pages_and_scale_check(built: tuple[Path, dict[str, Any]]) -> None:
    for lang in ("nl", "en"):
        path = built[0] / f"print/crown-template-{lang}-a4.pdf"
        reader = PdfReader(path)
        assert len(reader.pages) == 1, "the crown at true size only, no reduced overview"
        size = sorted(
            (float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height))
        )
        assert size == pytest.approx([595.276, 841.89], abs=0.01)
    text = subprocess.run(
        ["pdftotext", "-layout", str(built[0] / "print/crown-template-nl-a4.pdf"), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "deze balk moet precies 100 mm zijn" in text  # true on the 1:1 page
    assert "Kroonmal – ware grootte (1:1)" in text and "overzicht" not in text
    assert "kopse kant (boven)" in text and "hulplijn – niet zagen" in text
    assert "Teken de kroonlijn af" in text and "CUT_" not in text
    assert "crown" not in text


def test_the_crown_is_drawn_at_true_size(tmp_path: Path) -> None:
    from pypdf import PdfReader as Reader

    from plywright.plugins.kubb.crown import write_crown_template
    from plywright.plugins.kubb.locales import Texts
    from plywright.plugins.kubb.production import KubbProduction

    path = tmp_path / "crown.pdf"
    p = KubbProduction(king_width=80.0, crown_height=30.0)
    assert write_crown_template(path, p, Texts("en"), "A4") == (80.0, 70.0)
    stream = Reader(path).pages[0].get_contents()
    assert stream is not None
    content = stream.get_data().decode("latin-1")
    # the dashed guide line is the king's width long, in points (1 mm = 72 / 25.4 pt)

    dashed = content.split("[3 2] 0 d", 1)[1]
    x0, _, x1, _ = (
        float(v) for v in re.findall(r"([\d.]+) ([\d.]+) m ([\d.]+) ([\d.]+) l", dashed)[0]
    )
    assert abs(x1 - x0) == pytest.approx(80.0 * 72 / 25.4, abs=0.01)


def test_builds_are_byte_identical(built: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    _folder, manifest = built
    registry = kubb_registry()
    again = build(registry, kubb_variant(registry, print={"paper": "A4"}), tmp_path / "again")
    assert again.manifest["artifacts"] == manifest["artifacts"]


def test_uncuttable_pieces_fail_a_static_check() -> None:
    registry = kubb_registry()
    variant = kubb_variant(registry, production={"kubb_stock_section": 60.0})
    failed = {c.name: c for c in static_checks(registry, variant) if not c.ok}
    check = failed["production.kubb_section"]
    assert check.severity == "error" and "60 x 60 mm" in check.message


@pytest.mark.skipif(kubb_plugin.GAME.artifacts is None, reason="plugin.py does not build Kubb yet")
def test_uncuttable_pieces_are_refused_by_build(run_cli: CliRunner, tmp_path: Path) -> None:
    variant = tmp_path / "short.toml"
    variant.write_text(
        'game = "kubb"\nname = "short"\n[production]\nking_stock_length = 250.0\n',
        encoding="utf-8",
    )
    done = run_cli("build", str(variant), "--out", str(tmp_path / "out"), "--quiet")
    assert done.returncode == 1, done.stderr
    assert "production.king_stock_length" in done.stderr and "build refused" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "out").exists()


def test_crown_template_words_come_from_the_locales() -> None:
    from plywright.plugins.kubb.crown import crown_lines
    from plywright.plugins.kubb.locales import Texts
    from plywright.plugins.kubb.production import KubbProduction

    p = KubbProduction(crown_height=37.5)
    en, nl = (crown_lines(p, Texts(lang), "Field 10 × 5 m") for lang in ("en", "nl"))
    assert en[1].replace("\xa0", " ") == (
        "King: 90 × 90 × 300 mm, crown of 3 points per face, notches 37.5 mm deep."
    ), "the king's size is not tied to the field"
    assert nl[1].startswith("Koning: 90")
    assert "inkepingen 37,5\xa0mm diep" in nl[1]
    assert "gelijk met de kopse kant" in nl[3]
    assert not any("CUT_" in line for line in (*en, *nl))  # no layer codes on paper
