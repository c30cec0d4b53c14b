"""Every halma board file read back by an independent reader (10-peg board, built once).

DXF through ``ezdxf.recover``, STL through numpy, STEP through CadQuery's importer, SVG
through ``xml.etree``, PDFs through pypdf and ``pdftotext``.
"""

from __future__ import annotations

import hashlib
import math
import shutil
import subprocess
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import NamedTuple

import cadquery as cq
import numpy as np
import pytest
from ezdxf import recover
from pypdf import PdfReader

from plywright.plugins.halma.artifacts import HalmaBuild
from plywright.plugins.halma.geometry import star_board
from plywright.plugins.halma.production import HalmaProduction

SVG = "{http://www.w3.org/2000/svg}"
INKSCAPE_LABEL = "{http://www.inkscape.org/namespaces/inkscape}label"
P = HalmaProduction()
N = 4
HOLES = 121
DRILL = "DRILL_D8.2_Z10"


class Built(NamedTuple):
    build: HalmaBuild
    folder: Path
    at: float
    """``time.monotonic()`` when the files were written."""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    folder = tmp_path_factory.mktemp("halma-standard")
    build = HalmaBuild(star_board(N), P, "halma-standard", paper="A4", seats=(0, 3))
    for artifact in build.artifacts():
        artifact.write(folder / artifact.path)
    return Built(build, folder, time.monotonic())


def test_artifact_kinds_and_paths(built: Built) -> None:
    build, folder, _ = built
    arts = build.artifacts()
    kinds = sorted({a.kind for a in arts})
    assert kinds == sorted(
        ["cad/step", "cad/stl", "cad/dxf", "layout/svg", "print/template", "bom/csv", "preview/svg"]
    )
    paths = [a.path for a in arts]
    assert len(set(paths)) == len(paths)
    assert all((folder / p).stat().st_size > 0 for p in paths)
    assert "cad/board.step" in paths and "cad/peg.step" in paths


def test_templates_in_every_language_of_the_variant() -> None:
    build = HalmaBuild(star_board(N), P, "x", paper="A4", lang="lv", languages=("lv", "en"))
    templates = [(a.path, a.lang) for a in build.artifacts() if a.kind == "print/template"]
    assert templates == [
        ("print/drill-template-a4-lv.pdf", "lv"),
        ("print/drill-template-full-size-lv.pdf", "lv"),
        ("print/drill-template-a4-en.pdf", "en"),
        ("print/drill-template-full-size-en.pdf", "en"),
    ]


def test_dxf_reads_back_clean_with_one_circle_per_hole(built: Built) -> None:
    folder = built.folder
    doc, auditor = recover.readfile(folder / "cad/board.dxf")
    assert not auditor.has_errors and not auditor.has_fixes
    assert doc.header["$INSUNITS"] == 4  # millimetres
    msp = doc.modelspace()
    drills = [e for e in msp if e.dxf.layer == DRILL]
    assert len(drills) == HOLES and all(e.dxftype() == "CIRCLE" for e in drills)
    assert all(e.dxf.radius == pytest.approx(4.1) for e in drills)
    centres = {(round(e.dxf.center.x, 6), round(e.dxf.center.y, 6)) for e in drills}
    assert len(centres) == HOLES
    outlines = [e for e in msp if e.dxf.layer == "CUT_OUTLINE_THRU_18"]
    assert len(outlines) == 1 and outlines[0].dxftype() == "LWPOLYLINE" and outlines[0].closed
    signatures = [
        (e.dxftype(), e.dxf.layer, tuple(e.dxf.center), e.dxf.radius)
        for e in msp
        if e.dxftype() == "CIRCLE"
    ]
    assert len(signatures) == len(set(signatures)), "duplicate entities"
    layers = {layer.dxf.name for layer in doc.layers}
    assert {DRILL, "CHAMFER_D9.2_Z0.5", "ENGRAVE_Z0.5", "ANNOTATE_NOTES"} <= layers


def test_dxf_holes_match_the_geometry_model(built: Built) -> None:
    """Plan = model flipped to y up and shifted so the bounding box starts at (0, 0)."""
    folder = built.folder
    doc, _ = recover.readfile(folder / "cad/board.dxf")
    circles = [e.dxf.center for e in doc.modelspace() if e.dxf.layer == DRILL]
    board = star_board(N)
    model = [board.xy(i, P.pitch) for i in range(len(board))]
    mean_x = sum(c.x for c in circles) / len(circles)
    mean_y = sum(c.y for c in circles) / len(circles)
    centre = min(circles, key=lambda c: (c.x - mean_x) ** 2 + (c.y - mean_y) ** 2)
    exported = sorted(((c.x - centre.x, c.y - centre.y) for c in circles), key=_key)
    expected = sorted(((x, -y) for x, y in model), key=_key)
    np.testing.assert_allclose(np.array(exported), np.array(expected), atol=1e-6)
    xs, ys = [c.x for c in circles], [c.y for c in circles]
    edge = P.hole_diameter / 2 + P.margin
    assert min(xs) == pytest.approx(edge) and min(ys) == pytest.approx(edge)


def _key(point: tuple[float, float]) -> tuple[float, float]:
    return (round(point[1], 3), round(point[0], 3))


def read_stl(path: Path) -> np.ndarray:
    data = path.read_bytes()
    count = int(np.frombuffer(data[80:84], "<u4")[0])
    assert len(data) == 84 + 50 * count
    record = np.dtype([("normal", "<f4", (3,)), ("v", "<f4", (3, 3)), ("attr", "<u2")])
    return np.frombuffer(data[84:], record, count=count)["v"].astype(float)


def test_stl_is_watertight_and_consistently_oriented(built: Built) -> None:
    folder = built.folder
    triangles = read_stl(folder / "cad/board.stl")
    _, index = np.unique(triangles.reshape(-1, 3), axis=0, return_inverse=True)
    faces = index.reshape(-1, 3)
    directed = np.concatenate([faces[:, [0, 1]], faces[:, [1, 2]], faces[:, [2, 0]]])
    _, undirected_counts = np.unique(np.sort(directed, axis=1), axis=0, return_counts=True)
    assert set(undirected_counts.tolist()) == {2}, "every edge is shared by exactly two triangles"
    _, directed_counts = np.unique(directed, axis=0, return_counts=True)
    assert directed_counts.max() == 1, "neighbouring triangles run their edge in opposite ways"
    a, b, c = triangles[:, 0], triangles[:, 1], triangles[:, 2]
    volume = np.einsum("ij,ij->i", a, np.cross(b, c)).sum() / 6
    assert volume == pytest.approx(expected_volume(), rel=1e-3)


def expected_volume() -> float:
    """Plate (hexagon hull of the holes grown by hole radius + margin) minus holes and markings."""
    tip = math.sqrt(3) * N * P.pitch  # centre to the tip holes
    grow = P.hole_diameter / 2 + P.margin
    plate = 3 * math.sqrt(3) / 2 * tip**2 + 6 * tip * grow + math.pi * grow**2
    r, big = P.hole_diameter / 2, P.hole_diameter / 2 + P.chamfer
    hole = math.pi * r * r * P.hole_depth
    chamfer = math.pi * P.chamfer / 3 * (big * big + big * r + r * r) - math.pi * r * r * P.chamfer
    row_gap = P.pitch * math.sqrt(3) / 4
    line = 3 * (N - 1) * P.pitch + 2 * math.pi * row_gap
    engraving = 6 * line * P.engrave_width * P.marking_depth
    return plate * P.thickness - HOLES * (hole + chamfer) - engraving


def test_step_reimports_as_one_valid_solid_of_the_right_volume(
    built: Built,
) -> None:
    folder = built.folder
    shape = cq.importers.importStep(str(folder / "cad/board.step")).val()
    solids = shape.Solids()
    assert len(solids) == 1 and solids[0].isValid()
    assert solids[0].Volume() == pytest.approx(expected_volume(), rel=1e-6)
    box = solids[0].BoundingBox()
    assert (box.zmin, box.zmax) == pytest.approx((-P.thickness, 0.0))
    head = (folder / "cad/board.step").read_text()[:600]
    assert "2000-01-01T00:00:00" in head


def test_peg_step_is_one_solid(built: Built) -> None:
    folder = built.folder
    peg = cq.importers.importStep(str(folder / "cad/peg.step")).val()
    assert peg.isValid()
    box = peg.BoundingBox()
    assert (box.xlen, box.zlen) == pytest.approx((P.peg_diameter, P.peg_length))
    assert peg.Volume() < math.pi * (P.peg_diameter / 2) ** 2 * P.peg_length


def test_layout_svg_is_in_millimetres_with_named_layers(built: Built) -> None:
    build, folder, _ = built
    root = ET.parse(folder / "layout/board.svg").getroot()
    width, height = root.get("width", ""), root.get("height", "")
    assert width.endswith("mm") and height.endswith("mm")
    view = [float(v) for v in root.get("viewBox", "").split()]
    assert view[2:] == pytest.approx([float(width[:-2]), float(height[:-2])])
    layers = {g.get("id"): g for g in root.iter(f"{SVG}g")}
    assert list(layers) == [op.layer for op in build.plan.plan]
    assert all(g.get(INKSCAPE_LABEL) == name for name, g in layers.items())
    assert len(layers[DRILL].findall(f"{SVG}circle")) == HOLES
    assert layers["CUT_OUTLINE_THRU_18"].get("stroke") == "#ff0000"
    assert layers["ENGRAVE_Z0.5"].get("stroke") == "#0000ff"


def test_preview_shows_the_seating_in_palette_colours(built: Built) -> None:
    folder = built.folder
    root = ET.parse(folder / "preview.svg").getroot()
    fills = [c.get("fill") for c in root.iter(f"{SVG}circle")]
    assert fills.count("#c8102e") == 10 and fills.count("#1f5fbf") == 10  # red P0, blue P3
    assert root.get("width") == "480px"


def pdf_text(path: Path, page: int) -> str:
    out = subprocess.run(
        ["pdftotext", "-f", str(page), "-l", str(page), "-layout", str(path), "-"],
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed")
def test_tiled_template_pages_labels_and_scale_bars(built: Built) -> None:
    folder = built.folder
    path = folder / "print/drill-template-a4-en.pdf"
    reader = PdfReader(path)
    tiles = len(reader.pages) - 1
    assert tiles >= 4
    for page in reader.pages:
        size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
        assert size == pytest.approx([595.276, 841.89], abs=0.01)
    first = pdf_text(path, 1)
    assert "Drill template assembly map, A4 pages" in " ".join(first.split())
    assert f"page 1 of {tiles + 1}" in first
    labels = []
    for number in range(2, tiles + 2):
        text = pdf_text(path, number)
        assert f"page {number} of {tiles + 1}" in text
        assert "this bar must measure 100 mm" in text
        labels.append(" ".join(text.split()))
    for tile, label in enumerate(labels, start=1):
        assert f"Part {tile} of {tiles}" in label, label
    assert "row 1, column 1" in labels[0] and "row 1, column 2" in labels[1]
    assert any("row 2, column 2" in label for label in labels)
    assert "this bar must measure 100 mm" not in first  # the map is drawn small


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed")
def test_single_sheet_template_is_sized_to_the_board(built: Built) -> None:
    build, folder, _ = built
    reader = PdfReader(folder / "print/drill-template-full-size-en.pdf")
    assert len(reader.pages) == 1
    width_mm = float(reader.pages[0].mediabox.width) * 25.4 / 72
    height_mm = float(reader.pages[0].mediabox.height) * 25.4 / 72
    board_w, board_h = build.plan.plan.size
    assert board_w < width_mm < board_w + 60 and board_h < height_mm < board_h + 80
    assert "page 1 of 1" in pdf_text(folder / "print/drill-template-full-size-en.pdf", 1)


def test_pdf_fonts_are_embedded(built: Built) -> None:
    folder = built.folder
    if shutil.which("pdffonts") is None:
        pytest.skip("poppler-utils not installed")
    out = subprocess.run(
        ["pdffonts", str(folder / "print/drill-template-a4-en.pdf")],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rows = out.splitlines()[2:]
    assert rows and all(" yes " in row for row in rows)


def test_every_file_is_byte_identical_when_written_again(built: Built, tmp_path: Path) -> None:
    folder = built.folder
    time.sleep(max(0.0, built.at + 1.1 - time.monotonic()))  # clocks must have moved on
    again = HalmaBuild(star_board(N), P, "halma-standard", paper="A4", seats=(0, 3))
    for artifact in again.artifacts():
        artifact.write(tmp_path / artifact.path)
        first = hashlib.sha256((folder / artifact.path).read_bytes()).hexdigest()
        second = hashlib.sha256((tmp_path / artifact.path).read_bytes()).hexdigest()
        assert first == second, artifact.path
