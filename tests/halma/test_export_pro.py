"""The 15-peg board's flat files (no CAD solid): DXF, SVG layout and Letter/A4 templates."""

from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from ezdxf import bbox, recover
from pypdf import PdfReader

from plywright.plugins.halma.artifacts import HalmaBuild
from plywright.plugins.halma.geometry import star_board
from plywright.plugins.halma.production import HalmaProduction
from plywright.print.templates import template_grid

HOLES = 181
PAPER_PT = {"A4": (595.276, 841.89), "Letter": (612.0, 792.0)}


def build(paper: str = "A4", **change: object) -> HalmaBuild:
    production = HalmaProduction(**change)  # type: ignore[arg-type]
    return HalmaBuild(star_board(5), production, "halma-pro", paper=paper, seats=(0, 1, 2, 3, 4, 5))


@pytest.mark.parametrize("outline", ["hexagon", "star"])
def test_dxf_has_181_drill_circles_and_a_closed_outline(tmp_path: Path, outline: str) -> None:
    path = tmp_path / "board.dxf"
    build(outline=outline).write_dxf(path)
    doc, auditor = recover.readfile(path)
    assert not auditor.has_errors
    msp = doc.modelspace()
    assert len(msp.query('CIRCLE[layer=="DRILL_D8.2_Z10"]')) == HOLES
    (outline_entity,) = msp.query('LWPOLYLINE[layer=="CUT_OUTLINE_THRU_18"]')
    assert outline_entity.closed
    box = bbox.extents([outline_entity])  # bulge arcs included
    assert (box.extmin.x, box.extmin.y) == pytest.approx((0.0, 0.0), abs=1e-9)  # origin lower-left


def test_layout_svg_has_one_circle_per_hole(tmp_path: Path) -> None:
    path = tmp_path / "board.svg"
    build().write_layout(path)
    root = ET.parse(path).getroot()
    drill = next(
        g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("id") == "DRILL_D8.2_Z10"
    )
    assert len(drill.findall("{http://www.w3.org/2000/svg}circle")) == HOLES


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_tiled_template_page_count_and_size(tmp_path: Path, paper: str) -> None:
    b = build(paper)
    path = tmp_path / f"t-{paper}.pdf"
    b.write_tiled_template(path)
    grid = template_grid(b.plan.plan, paper)
    reader = PdfReader(path)
    assert len(reader.pages) == len(grid.tiles) + 1 == 7
    for page in reader.pages:
        size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
        assert size == pytest.approx(sorted(PAPER_PT[paper]), abs=0.01)
    if shutil.which("pdftotext"):
        text = subprocess.run(
            ["pdftotext", str(path), "-"], capture_output=True, text=True, check=True
        ).stdout
        assert text.count("this bar must measure 100 mm") == 6  # every page but the map
        for number in range(1, 8):
            assert f"page {number} of 7" in text
        joined = " ".join(text.split())
        assert "Part 5 of 6" in joined and "row 2, column 2" in joined


def test_template_skips_pages_with_nothing_on_them() -> None:
    big_star = HalmaBuild(star_board(7), HalmaProduction(outline="star"), "n7")
    grid = template_grid(big_star.plan.plan, "A4")
    assert (grid.rows, grid.cols, len(grid.tiles)) == (5, 3, 11)  # the 4 corner pages are empty
