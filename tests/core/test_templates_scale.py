"""The 1:1 drill templates measured on the page: the one thing a maker cannot check before
drilling. Every drawn path of a page is read from the PDF content stream (through the
transformation matrix), and hole centres and the scale bar are measured in page millimetres.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from plywright.cad.plan import Circle, MachiningPlan
from plywright.plugins.halma.artifacts import HalmaBuild
from plywright.plugins.halma.geometry import star_board
from plywright.plugins.halma.production import HalmaProduction

MM = 72 / 25.4
"""PDF points per millimetre."""
TOLERANCE = 0.02
"""Millimetres: far below what a printer holds, far above the PDF's number precision."""
PRODUCTION = HalmaProduction()
Matrix = tuple[float, float, float, float, float, float]


@dataclass(frozen=True)
class Shape:
    """One painted subpath: its points in page millimetres and how it was built."""

    points: tuple[tuple[float, float], ...]
    curves: int
    rect: bool

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
        return min(xs), min(ys), max(xs), max(ys)


def _times(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    )


def painted_shapes(reader: PdfReader, page_number: int) -> Iterator[Shape]:
    """Every stroked or filled subpath of a page (clipping paths left out), in page mm."""
    page = reader.pages[page_number]
    content = ContentStream(page.get_contents(), reader)
    ctm: Matrix = (1, 0, 0, 1, 0, 0)
    stack: list[Matrix] = []
    subpaths: list[tuple[list[tuple[float, float]], int, bool]] = []

    def at(x: float, y: float) -> tuple[float, float]:
        a, b, c, d, e, f = ctm
        return ((a * x + c * y + e) / MM, (b * x + d * y + f) / MM)

    for operands, operator in content.operations:
        op = operator.decode()
        nums = [float(v) for v in operands] if op in "cm m l c v y re" else []
        if op == "q":
            stack.append(ctm)
        elif op == "Q":
            ctm = stack.pop()
        elif op == "cm":
            ctm = _times((nums[0], nums[1], nums[2], nums[3], nums[4], nums[5]), ctm)
        elif op == "m":
            subpaths.append(([at(*nums)], 0, False))
        elif op == "l":
            subpaths[-1][0].append(at(*nums))
        elif op in ("c", "v", "y"):
            points, curves, rect = subpaths[-1]
            points.extend(at(nums[i], nums[i + 1]) for i in range(0, len(nums), 2))
            subpaths[-1] = (points, curves + 1, rect)
        elif op == "re":
            x, y, w, h = nums
            corners = [at(x, y), at(x + w, y), at(x + w, y + h), at(x, y + h)]
            subpaths.append((corners, 0, True))
        elif op in ("S", "s", "f", "F", "f*", "B", "B*", "b", "b*"):
            for points, curves, rect in subpaths:
                yield Shape(tuple(points), curves, rect)
            subpaths = []
        elif op == "n":
            subpaths = []


def hole_circles(shapes: list[Shape], diameter: float) -> list[tuple[float, float, float]]:
    """``(x, y, diameter)`` of every drawn circle within 1.5 % of ``diameter`` (page mm; the
    registration marks' 8 mm circles are 2.4 % off the 8.2 mm holes)."""
    out = []
    for shape in shapes:
        if shape.curves != 4:
            continue
        x0, y0, x1, y1 = shape.bounds
        width, height = x1 - x0, y1 - y0
        if abs(width - height) < TOLERANCE and abs(width / diameter - 1) < 0.015:
            out.append(((x0 + x1) / 2, (y0 + y1) / 2, width))
    return out


def scale_bar_length(shapes: list[Shape]) -> float:
    """Length (page mm) of the row of ten 10 mm blocks, each 2.5 mm high, of the scale bar."""
    blocks = [s.bounds for s in shapes if s.rect and abs(s.bounds[3] - s.bounds[1] - 2.5) < 0.2]
    assert len(blocks) == 10, f"expected the scale bar's 10 blocks, found {len(blocks)}"
    assert max(b[1] for b in blocks) - min(b[1] for b in blocks) < TOLERANCE, "one row"
    return max(b[2] for b in blocks) - min(b[0] for b in blocks)


def drill_centres(plan: MachiningPlan) -> np.ndarray:
    circles = [e for op in plan.of_kind("drill") for e in op.entities if isinstance(e, Circle)]
    return np.array([c.centre for c in circles])


def largest_matching_translation(page: np.ndarray, plan: np.ndarray) -> int:
    """How many page holes the best translation of the plan's holes lands on (within
    :data:`TOLERANCE`): all of them only when the drawing is the plan at 1:1."""
    best = 0
    for candidate in plan:
        shifted = page - (page[0] - candidate)
        gaps = np.sqrt(((shifted[:, None, :] - plan[None, :, :]) ** 2).sum(axis=2)).min(axis=1)
        best = max(best, int((gaps < TOLERANCE).sum()))
    return best


@pytest.fixture(scope="module")
def templates(tmp_path_factory: pytest.TempPathFactory) -> tuple[MachiningPlan, Path, Path]:
    folder = tmp_path_factory.mktemp("templates")
    build = HalmaBuild(star_board(4), PRODUCTION, "halma-standard", paper="A4")
    tiled, sheet = folder / "tiled.pdf", folder / "sheet.pdf"
    build.write_tiled_template(tiled)
    build.write_sheet_template(sheet)
    return build.plan.plan, tiled, sheet


def _measure_page(plan: MachiningPlan, reader: PdfReader, number: int) -> int:
    """Check one 1:1 page; returns how many holes it draws."""
    shapes = list(painted_shapes(reader, number))
    assert scale_bar_length(shapes) == pytest.approx(100.0, abs=TOLERANCE)
    diameter = PRODUCTION.hole_diameter
    holes = hole_circles(shapes, diameter)
    assert len(holes) >= 2
    for _, _, drawn in holes:
        assert drawn == pytest.approx(diameter, abs=TOLERANCE), "hole circles at 1:1"
    centres = np.array([(x, y) for x, y, _ in holes])
    # two hole centres as far apart as the page has: their distance is the plan's
    spread = max(math.dist(a, b) for a in centres for b in centres)
    assert spread > 100, "two holes far apart"
    assert largest_matching_translation(centres, drill_centres(plan)) == len(centres)
    return len(holes)


def test_tiled_template_pages_are_full_size(templates: tuple[MachiningPlan, Path, Path]) -> None:
    plan, tiled, _ = templates
    reader = PdfReader(tiled)
    assert len(reader.pages) >= 5
    drawn = [_measure_page(plan, reader, number) for number in range(1, len(reader.pages))]
    assert max(drawn) == len(drill_centres(plan))
    # the assembly map (page 1) is a reduced overview, not to scale: no bar asks to be 100 mm
    map_shapes = list(painted_shapes(reader, 0))
    bar_blocks = [s for s in map_shapes if s.rect and abs(s.bounds[3] - s.bounds[1] - 2.5) < 0.2]
    assert bar_blocks == []


def test_single_sheet_template_is_full_size(templates: tuple[MachiningPlan, Path, Path]) -> None:
    plan, _, sheet = templates
    reader = PdfReader(sheet)
    assert len(reader.pages) == 1
    assert _measure_page(plan, reader, 0) == len(drill_centres(plan))


def test_the_measurement_sees_a_one_percent_scale_error(
    templates: tuple[MachiningPlan, Path, Path],
) -> None:
    """The measurement itself: the same hole centres scaled by 1 % about the first one no
    longer match any translation of the plan, and the circles measure 1 % too large."""
    plan, _, sheet = templates
    shapes = list(painted_shapes(PdfReader(sheet), 0))
    holes = hole_circles(shapes, PRODUCTION.hole_diameter)
    centres = np.array([(x, y) for x, y, _ in holes])
    scaled = centres[0] + (centres - centres[0]) * 1.01
    assert largest_matching_translation(scaled, drill_centres(plan)) < len(centres) / 4
    assert PRODUCTION.hole_diameter * 1.01 - PRODUCTION.hole_diameter > 3 * TOLERANCE
