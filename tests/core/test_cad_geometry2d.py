"""2D helpers of machining plans: hulls, offsets with arcs, bulges, flattening, tiling."""

from __future__ import annotations

import math

import pytest

from plywright.cad.geometry2d import (
    Arc,
    arc_beziers,
    arc_from_bulge,
    convex_hull,
    flatten_polyline,
    offset_polygon,
    point_in_polygon,
    polyline_bounds,
    rect_meets_polygon,
    signed_area,
)
from plywright.cad.nesting import sheet_fit
from plywright.print.tiling import row_name, tile_grid

SQUARE = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
L_SHAPE = [(0.0, 0.0), (20.0, 0.0), (20.0, 10.0), (10.0, 10.0), (10.0, 20.0), (0.0, 20.0)]


def test_convex_hull_drops_inner_and_collinear_points() -> None:
    points = [*SQUARE, (5.0, 5.0), (5.0, 0.0), (10.0, 5.0)]
    hull = convex_hull(points)
    assert sorted(hull) == sorted(SQUARE)
    assert signed_area(hull) == pytest.approx(100.0)


def test_bulge_arc_semicircle_is_counter_clockwise() -> None:
    arc = arc_from_bulge((1.0, 0.0), (-1.0, 0.0), 1.0)
    assert arc.centre == pytest.approx((0.0, 0.0))
    assert arc.radius == pytest.approx(1.0)
    assert arc.sweep == pytest.approx(math.pi)
    assert arc.point_at(arc.start_angle + arc.sweep / 2) == pytest.approx((0.0, 1.0))
    clockwise = arc_from_bulge((1.0, 0.0), (-1.0, 0.0), -1.0)
    assert clockwise.point_at(clockwise.start_angle + clockwise.sweep / 2) == pytest.approx((0, -1))


def test_offset_of_convex_polygon_is_the_minkowski_sum() -> None:
    points, bulges = offset_polygon(SQUARE, 2.0)
    assert len(points) == 8
    assert polyline_bounds(points, bulges, True) == pytest.approx((-2.0, -2.0, 12.0, 12.0))
    flat = flatten_polyline(points, bulges, True, tolerance=0.001)
    # Steiner: area + perimeter * d + pi d^2
    assert signed_area(flat) == pytest.approx(100 + 40 * 2 + math.pi * 4, rel=1e-4)
    for x, y in flat:  # every boundary point is exactly d from the square
        dx, dy = max(0.0 - x, 0.0, x - 10.0), max(0.0 - y, 0.0, y - 10.0)
        assert math.hypot(dx, dy) == pytest.approx(2.0, abs=1e-6)


def test_concave_corner_gets_a_fillet_of_the_requested_radius() -> None:
    points, bulges = offset_polygon(L_SHAPE, 3.0, concave_radius=5.0)
    concave = [
        arc_from_bulge(points[i], points[(i + 1) % len(points)], b)
        for i, b in enumerate(bulges)
        if b < 0
    ]
    assert len(concave) == 1
    assert concave[0].radius == pytest.approx(5.0)
    sharp, sharp_bulges = offset_polygon(L_SHAPE, 3.0)
    assert (13.0, 13.0) in [tuple(round(c, 9) for c in p) for p in sharp]
    assert all(b >= 0 for b in sharp_bulges)


def test_offset_rejects_a_fillet_larger_than_its_edges() -> None:
    with pytest.raises(ValueError, match="folds"):
        offset_polygon(L_SHAPE, 1.0, concave_radius=50.0)


def test_arc_bounds_include_axis_extremes() -> None:
    arc = Arc((0.0, 0.0), 2.0, math.radians(45), math.radians(90))
    assert arc.bounds() == pytest.approx((-math.sqrt(2), math.sqrt(2), math.sqrt(2), 2.0))


def test_beziers_stay_on_the_circle() -> None:
    arc = Arc((1.0, 1.0), 3.0, 0.2, 4.0)
    pieces = arc_beziers(arc)
    assert len(pieces) == 3
    for p0, c1, c2, p3 in pieces:
        mid = tuple(
            0.125 * a + 0.375 * b + 0.375 * c + 0.125 * d
            for a, b, c, d in zip(p0, c1, c2, p3, strict=True)
        )
        assert math.dist(mid, (1.0, 1.0)) == pytest.approx(3.0, rel=1e-3)


def test_rect_and_polygon_overlap() -> None:
    assert point_in_polygon((5, 5), SQUARE) and not point_in_polygon((15, 5), SQUARE)
    assert rect_meets_polygon((2, 2, 3, 3), SQUARE)  # inside
    assert rect_meets_polygon((-5, -5, 20, 20), SQUARE)  # around
    assert rect_meets_polygon((8, -5, 12, 15), SQUARE)  # across an edge
    assert not rect_meets_polygon((11, 0, 20, 10), SQUARE)


def test_sheet_fit_tries_both_orientations() -> None:
    fit = sheet_fit((400.0, 700.0), (1500.0, 1000.0), spacing=10.0, trim=0.0)
    assert (fit.cols, fit.rows, fit.rotated, fit.count) == (2, 2, True, 4)
    assert sheet_fit((2000.0, 10.0), (1500.0, 1500.0), spacing=0.0, trim=0.0).count == 0


def test_row_names() -> None:
    assert [row_name(i) for i in (0, 1, 25, 26, 27)] == ["A", "B", "Z", "AA", "AB"]


def test_tile_grid_covers_the_drawing_with_overlaps() -> None:
    grid = tile_grid((0.0, 0.0, 420.0, 480.0), "A4", overlap=10.0)
    assert len(grid.tiles) == grid.rows * grid.cols == 6
    cw, ch = grid.content
    for tile in grid.tiles:
        x0, y0, x1, y1 = tile.area
        assert (x1 - x0, y1 - y0) == pytest.approx((cw, ch))
    assert grid.covered[0] <= 0 and grid.covered[1] <= 0
    assert grid.covered[2] >= 420 and grid.covered[3] >= 480
    a1, a2 = grid.tile(0, 0), grid.tile(0, 1)
    assert a1 is not None and a2 is not None
    assert a1.area[2] - a2.area[0] == pytest.approx(10.0)  # the overlap strip
    assert a1.label == "A1" and grid.tiles[-1].label == f"B{grid.cols}"
    # marks sit on seams, inside both neighbouring pages
    for x, y in grid.marks():
        holders = [
            t for t in grid.tiles if t.area[0] <= x <= t.area[2] and t.area[1] <= y <= t.area[3]
        ]
        assert len(holders) >= 2


def test_marks_move_away_from_holes() -> None:
    grid = tile_grid((0.0, 0.0, 300.0, 200.0), "A4", overlap=10.0)
    plain = grid.marks()
    holes = [(x + dx, y) for x, y in plain for dx in (-1.0, 1.0)]
    moved = grid.marks(holes, clearance=8.0)
    assert len(moved) == len(plain)
    for mark in moved:
        assert min(math.dist(mark, h) for h in holes) >= 8.0
