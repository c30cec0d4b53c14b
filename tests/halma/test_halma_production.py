"""Halma production: static checks, bill of materials, board outline and the variant adapter."""

from __future__ import annotations

import csv
import io
import math

import pytest

from plywright.cad.geometry2d import arc_from_bulge, flatten_polyline
from plywright.cad.solids import plan_solid
from plywright.plugins.halma.artifacts import halma_artifacts, halma_build
from plywright.plugins.halma.bom import bom_csv, bom_rows
from plywright.plugins.halma.geometry import star_board
from plywright.plugins.halma.parts import board_outline, board_plan, model_centres
from plywright.plugins.halma.production import HalmaProduction
from plywright.plugins.halma.production_checks import halma_production_checks, production_checks
from plywright.registry import load_registry
from plywright.variant import parse_variant


def failing(production: HalmaProduction, n: int = 4) -> dict[str, str]:
    """Names of the checks that fail, with their severity."""
    return {c.name: c.severity for c in production_checks(star_board(n), production) if not c.ok}


@pytest.mark.parametrize("n", [4, 5])
@pytest.mark.parametrize("outline", ["hexagon", "star", "circle"])
def test_defaults_pass_every_check(n: int, outline: str) -> None:
    checks = production_checks(star_board(n), HalmaProduction(outline=outline))  # type: ignore[arg-type]
    assert len(checks) >= 9
    assert all(c.ok for c in checks), [c.message for c in checks if not c.ok]
    assert all(c.name.startswith("production.") for c in checks)


@pytest.mark.parametrize(
    ("change", "name", "severity"),
    [
        ({"pitch": 8.9}, "production.hole_web", "error"),
        ({"pitch": 11.0}, "production.hole_web", "error"),  # 11 - 8.2 - 2 * 0.5 = 1.8 mm
        ({"hole_depth": 16.0}, "production.hole_floor", "error"),
        ({"margin": 2.0}, "production.edge_wall", "error"),
        ({"sheet_width": 300.0}, "production.sheet_fit", "error"),
        ({"part_spacing": 4.0}, "production.part_spacing", "error"),
        ({"peg_length": 9.0}, "production.peg_stick_out", "error"),
        ({"peg_length": 13.0}, "production.peg_stick_out", "warning"),
        ({"peg_diameter": 7.0}, "production.peg_fit", "warning"),
        ({"outline": "star", "corner_radius": 1.0}, "production.tool_corners", "warning"),
        ({"engrave_width": 12.0}, "production.marking", "error"),
        ({"marking_depth": 0.0}, "production.marking", "warning"),
        ({"outline": "star", "corner_radius": 200.0}, "production.outline", "error"),
    ],
)
def test_bad_values_are_flagged(change: dict[str, object], name: str, severity: str) -> None:
    failed = failing(HalmaProduction(**change))  # type: ignore[arg-type]
    assert failed.get(name) == severity, failed


def test_check_messages_say_what_to_change() -> None:
    checks = production_checks(star_board(4), HalmaProduction(pitch=11.5))
    web = next(c for c in checks if c.name == "production.hole_web")
    assert "only 2.3 mm" in web.message and "raise pitch above 12.2" in web.message
    overlapping = production_checks(star_board(4), HalmaProduction(pitch=9.0))
    assert "holes overlap by 0.2 mm" in next(
        c.message for c in overlapping if c.name == "production.hole_web"
    )


@pytest.mark.parametrize("outline", ["hexagon", "star", "circle"])
def test_margin_is_measured_from_the_outermost_hole_edge(outline: str) -> None:
    production = HalmaProduction(outline=outline)  # type: ignore[arg-type]
    board = star_board(5)
    edge = board_outline(board, production)
    boundary = flatten_polyline(edge.points, edge.bulges, True, tolerance=0.005)
    gaps = []
    for x, y in model_centres(board, production.pitch):
        nearest = min(
            _segment_distance((x, y), boundary[i - 1], boundary[i]) for i in range(len(boundary))
        )
        gaps.append(nearest - production.hole_diameter / 2)
    assert min(gaps) == pytest.approx(production.margin, abs=0.01)


def _segment_distance(
    p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]
) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / (dx * dx + dy * dy)))
    return math.dist(p, (ax + t * dx, ay + t * dy))


def test_star_inner_corners_fit_the_tool() -> None:
    production = HalmaProduction(outline="star", corner_radius=1.0, tool_diameter=8.0)
    edge = board_outline(star_board(4), production)
    n = len(edge.points)
    concave = [
        arc_from_bulge(edge.points[i], edge.points[(i + 1) % n], b).radius
        for i, b in enumerate(edge.bulges)
        if b < 0
    ]
    assert len(concave) == 6
    assert min(concave) == pytest.approx(4.0)  # raised from 1 mm to the tool radius


def test_pocket_marking_chamfers_start_at_the_pocket_floor() -> None:
    plan = board_plan(star_board(4), HalmaProduction(marking="pocket"), "pocketed").plan
    chamfers = {op.layer: op for op in plan.of_kind("chamfer")}
    assert set(chamfers) == {"CHAMFER_D9.2_Z0.5", "CHAMFER_D9.2_Z0.5-1"}
    assert len(chamfers["CHAMFER_D9.2_Z0.5-1"].entities) == 60  # 6 points x 10 holes
    assert chamfers["CHAMFER_D9.2_Z0.5-1"].start == 0.5
    assert plan.operations[0].layer == "POCKET_Z0.5"


def read_bom(n: int, **change: object) -> list[dict[str, str]]:
    production = HalmaProduction(**change)  # type: ignore[arg-type]
    return list(csv.DictReader(io.StringIO(bom_csv(bom_rows(star_board(n), production)))))


def test_bom_lists_the_box_and_the_pegs_each_seating_needs() -> None:
    rows = read_bom(5)
    box = [r for r in rows if r["section"] == "pegs in the box"]
    assert [int(r["quantity"]) for r in box] == [15] * 6 + [90]
    assert box[-1]["item"] == "pegs in total" and "up to 6 players" in box[-1]["detail"]
    needed = {r["item"]: int(r["quantity"]) for r in rows if r["section"] == "pegs needed"}
    assert needed == {f"{k} players": 15 * k for k in range(2, 7)}
    assert next(r for r in rows if r["item"] == "holes")["quantity"] == "181"
    assert not [r for r in rows if "seed" in r["item"]]


def test_bom_board_rows() -> None:
    rows = {r["item"]: r for r in read_bom(4)}
    assert rows["holes"]["quantity"] == "121"
    assert rows["boards per sheet"]["quantity"] == "12"  # 338.2 x 384.6 mm: 4 x 3 on 1505 x 1505
    assert "338.2 x 384.61 x 18 mm" in rows["birch plywood blank"]["detail"]
    shared = read_bom(4, peg_colours=("red",) * 6)
    box = [r for r in shared if r["section"] == "pegs in the box"]
    assert [(r["item"], r["quantity"]) for r in box] == [
        ("peg D8 x 25 mm, red", "60"),
        ("pegs in total", "60"),
    ]
    assert "starts on P0, P1, P2, P3, P4, P5" in box[0]["detail"]


def test_variant_adapter_uses_rules_print_and_production() -> None:
    data = {
        "game": "halma",
        "name": "pro-letter",
        "preset": "pro",
        "rules": {"players": 3},
        "print": {"paper": "Letter"},
        "production": {"outline": "star"},
    }
    variant = parse_variant(data, load_registry())
    build = halma_build(variant)
    assert build.board.n == 5 and build.seats == (0, 2, 4) and build.paper == "Letter"
    assert len(build.pieces()) == 45
    paths = [a.path for a in halma_artifacts(variant)]
    letter = {"print/drill-template-letter-lv.pdf", "print/drill-template-letter-en.pdf"}
    assert letter <= set(paths)
    assert all(not p.startswith("/") and ".." not in p for p in paths)
    checks = halma_production_checks(variant)
    assert checks and all(c.ok for c in checks)


def test_pocketed_board_solid_removes_pockets_holes_and_floor_chamfers() -> None:
    p = HalmaProduction(marking="pocket")
    solid = plan_solid(board_plan(star_board(4), p, "pocketed").plan)
    assert solid.isValid()
    tip, grow = math.sqrt(3) * 4 * p.pitch, p.hole_diameter / 2 + p.margin
    plate = (3 * math.sqrt(3) / 2 * tip**2 + 6 * tip * grow + math.pi * grow**2) * p.thickness
    side, offset = 3 * p.pitch, p.pitch * math.sqrt(3) / 4
    pocket = (
        math.sqrt(3) / 4 * side**2 + 3 * side * offset + math.pi * offset**2
    ) * p.marking_depth
    r, big, c = p.hole_diameter / 2, p.hole_diameter / 2 + p.chamfer, p.chamfer
    hole = math.pi * r * r * p.hole_depth
    chamfer = math.pi * c / 3 * (big * big + big * r + r * r) - math.pi * r * r * c
    in_pockets = 60  # their top 0.5 mm is already gone with the pocket
    expected = (
        plate - 6 * pocket - 121 * (hole + chamfer) + in_pockets * math.pi * r * r * p.marking_depth
    )
    assert solid.Volume() == pytest.approx(expected, rel=1e-6)
