"""Pure 2D helpers for machining plans: hulls, outward offsets with arcs, bulge arcs, flattening.

Coordinates are millimetres with **y up** (the CAD convention). A polyline vertex carries a
*bulge*, as in DXF LWPOLYLINE: the bulge of vertex ``i`` describes the segment from vertex ``i``
to vertex ``i + 1``; ``0`` is a straight line, ``tan(sweep / 4)`` an arc, positive
counter-clockwise.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Point = tuple[float, float]
Bounds = tuple[float, float, float, float]
"""``(min_x, min_y, max_x, max_y)``."""

EPS = 1e-9


@dataclass(frozen=True)
class Arc:
    """A circular arc from ``start_angle`` sweeping ``sweep`` radians (positive = CCW)."""

    centre: Point
    radius: float
    start_angle: float
    sweep: float

    def point_at(self, angle: float) -> Point:
        cx, cy = self.centre
        return (cx + self.radius * math.cos(angle), cy + self.radius * math.sin(angle))

    def bounds(self) -> Bounds:
        """Exact bounding box (end points plus the axis extremes the arc passes)."""
        a0, a1 = sorted((self.start_angle, self.start_angle + self.sweep))
        angles = [a0, a1]
        k = math.ceil(a0 / (math.pi / 2))
        while k * math.pi / 2 < a1:
            angles.append(k * math.pi / 2)
            k += 1
        return bounds_of(self.point_at(a) for a in angles)


def cross(a: Point, b: Point) -> float:
    return a[0] * b[1] - a[1] * b[0]


def signed_area(points: Sequence[Point]) -> float:
    """Shoelace area of a closed polygon: positive when counter-clockwise."""
    total = 0.0
    for i, (x0, y0) in enumerate(points):
        x1, y1 = points[(i + 1) % len(points)]
        total += x0 * y1 - x1 * y0
    return total / 2


def ccw(points: Sequence[Point]) -> list[Point]:
    """The polygon in counter-clockwise order."""
    return list(points) if signed_area(points) >= 0 else list(reversed(points))


def bounds_of(points: Iterable[Point]) -> Bounds:
    xs, ys = zip(*points, strict=True)
    return (min(xs), min(ys), max(xs), max(ys))


def union_bounds(boxes: Iterable[Bounds]) -> Bounds:
    boxes = list(boxes)
    if not boxes:
        raise ValueError("no bounds to unite")
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def convex_hull(points: Iterable[Point]) -> list[Point]:
    """Counter-clockwise convex hull (Andrew's monotone chain); collinear points dropped."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def half(seq: list[Point]) -> list[Point]:
        out: list[Point] = []
        for p in seq:
            while len(out) >= 2 and cross(_sub(out[-1], out[-2]), _sub(p, out[-2])) <= EPS:
                out.pop()
            out.append(p)
        return out

    lower, upper = half(pts), half(pts[::-1])
    return lower[:-1] + upper[:-1]


def _sub(a: Point, b: Point) -> Point:
    return (a[0] - b[0], a[1] - b[1])


def _unit(a: Point) -> Point:
    length = math.hypot(*a)
    return (a[0] / length, a[1] / length)


def offset_polygon(
    points: Sequence[Point], distance: float, concave_radius: float = 0.0
) -> tuple[list[Point], list[float]]:
    """Grow a simple polygon outward by ``distance``; returns ``(vertices, bulges)``.

    Convex corners become arcs of radius ``distance`` centred on the original corner (the exact
    Minkowski offset); concave corners become fillets of radius ``concave_radius`` (0 = sharp),
    so a router bit of that radius can follow them. The result is counter-clockwise.
    """
    if distance < 0 or concave_radius < 0:
        raise ValueError("offset distance and concave radius must not be negative")
    poly = ccw(points)
    count = len(poly)
    dirs = [_unit(_sub(poly[(i + 1) % count], poly[i])) for i in range(count)]
    corners = [
        _corner(poly[i], dirs[i - 1], dirs[i], distance, concave_radius) for i in range(count)
    ]
    for i, corner in enumerate(corners):
        start, end = corner[-1][0], corners[(i + 1) % count][0][0]
        if (end[0] - start[0]) * dirs[i][0] + (end[1] - start[1]) * dirs[i][1] < -1e-6:
            raise ValueError("offset outline folds over itself: fillet radius too large")
    vertices = [p for corner in corners for p, _ in corner]
    bulges = [b for corner in corners for _, b in corner]
    return vertices, bulges


def _corner(
    vertex: Point, d_in: Point, d_out: Point, distance: float, concave_radius: float
) -> list[tuple[Point, float]]:
    """The offset vertices (with bulges) replacing one polygon corner."""
    vx, vy = vertex
    n_in, n_out = (d_in[1], -d_in[0]), (d_out[1], -d_out[0])  # right of a CCW edge = outward
    turn = math.atan2(cross(d_in, d_out), d_in[0] * d_out[0] + d_in[1] * d_out[1])
    start = (vx + distance * n_in[0], vy + distance * n_in[1])
    if abs(turn) < 1e-12:
        return [(start, 0.0)]
    if turn > 0:  # convex: arc around the corner (the exact Minkowski offset)
        end = (vx + distance * n_out[0], vy + distance * n_out[1])
        return [(start, math.tan(turn / 4)), (end, 0.0)] if distance > 0 else [(start, 0.0)]
    # concave: the offset edges meet at a mitre point, then a fillet rounds it
    scale = distance / (1 + n_in[0] * n_out[0] + n_in[1] * n_out[1])
    mx, my = vx + scale * (n_in[0] + n_out[0]), vy + scale * (n_in[1] + n_out[1])
    if concave_radius == 0:
        return [((mx, my), 0.0)]
    back = concave_radius * math.tan(abs(turn) / 2)
    first = (mx - back * d_in[0], my - back * d_in[1])
    second = (mx + back * d_out[0], my + back * d_out[1])
    return [(first, math.tan(turn / 4)), (second, 0.0)]


def circle_polyline(centre: Point, radius: float) -> tuple[list[Point], list[float]]:
    """A full circle as a closed two-vertex polyline with half-circle bulges (CCW)."""
    cx, cy = centre
    return [(cx + radius, cy), (cx - radius, cy)], [1.0, 1.0]


def arc_from_bulge(p1: Point, p2: Point, bulge: float) -> Arc:
    """The arc of a bulged polyline segment from ``p1`` to ``p2``."""
    sweep = 4 * math.atan(bulge)
    chord = math.dist(p1, p2)
    radius = chord / (2 * abs(math.sin(sweep / 2)))
    mx, my = (p1[0] + p2[0]) / 2, (p1[1] + p2[1]) / 2
    ux, uy = (p2[0] - p1[0]) / chord, (p2[1] - p1[1]) / chord
    # the centre lies left of the chord for CCW arcs (bulge > 0)
    apothem = radius * math.cos(sweep / 2) * (1 if bulge > 0 else -1)
    cx, cy = mx - uy * apothem, my + ux * apothem
    start = math.atan2(p1[1] - cy, p1[0] - cx)
    return Arc((cx, cy), radius, start, sweep)


def polyline_segments(
    points: Sequence[Point], bulges: Sequence[float], closed: bool
) -> list[tuple[Point, Point] | Arc]:
    """Straight segments as ``(p1, p2)``, arcs as :class:`Arc`."""
    count = len(points)
    last = count if closed else count - 1
    out: list[tuple[Point, Point] | Arc] = []
    for i in range(last):
        p1, p2 = points[i], points[(i + 1) % count]
        out.append(arc_from_bulge(p1, p2, bulges[i]) if bulges[i] else (p1, p2))
    return out


def polyline_bounds(points: Sequence[Point], bulges: Sequence[float], closed: bool) -> Bounds:
    boxes = [
        seg.bounds() if isinstance(seg, Arc) else bounds_of(seg)
        for seg in polyline_segments(points, bulges, closed)
    ]
    return union_bounds(boxes) if boxes else bounds_of(points)


def flatten_polyline(
    points: Sequence[Point], bulges: Sequence[float], closed: bool, tolerance: float = 0.05
) -> list[Point]:
    """Vertices of the polyline with arcs replaced by chords no further than ``tolerance`` away."""
    out: list[Point] = [points[0]]
    for seg in polyline_segments(points, bulges, closed):
        if isinstance(seg, Arc):
            step = (
                2 * math.acos(max(-1.0, 1 - tolerance / seg.radius))
                if seg.radius > tolerance
                else math.pi / 2
            )
            parts = max(1, math.ceil(abs(seg.sweep) / step))
            out += [
                seg.point_at(seg.start_angle + seg.sweep * k / parts) for k in range(1, parts + 1)
            ]
        else:
            out.append(seg[1])
    if closed:
        out.pop()
    return out


def arc_beziers(arc: Arc) -> list[tuple[Point, Point, Point, Point]]:
    """Cubic Bézier pieces (at most 90° each) approximating ``arc``: ``(p0, c1, c2, p3)``."""
    parts = max(1, math.ceil(abs(arc.sweep) / (math.pi / 2) - 1e-9))
    step = arc.sweep / parts
    k = 4 / 3 * math.tan(step / 4) * arc.radius
    out = []
    for i in range(parts):
        a0, a1 = arc.start_angle + i * step, arc.start_angle + (i + 1) * step
        p0, p3 = arc.point_at(a0), arc.point_at(a1)
        c1 = (p0[0] - k * math.sin(a0), p0[1] + k * math.cos(a0))
        c2 = (p3[0] + k * math.sin(a1), p3[1] - k * math.cos(a1))
        out.append((p0, c1, c2, p3))
    return out


def point_in_polygon(point: Point, polygon: Sequence[Point]) -> bool:
    """Even-odd rule test."""
    x, y = point
    inside = False
    for i, (x0, y0) in enumerate(polygon):
        x1, y1 = polygon[i - 1]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def rect_meets_polygon(rect: Bounds, polygon: Sequence[Point]) -> bool:
    """Whether an axis-aligned rectangle and a closed polygon's area overlap."""
    x0, y0, x1, y1 = rect
    if any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in polygon):
        return True
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    if any(point_in_polygon(c, polygon) for c in corners):
        return True
    return any(
        _segments_cross(polygon[i - 1], polygon[i], corners[j - 1], corners[j])
        for i in range(len(polygon))
        for j in range(4)
    )


def _segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    d1, d2 = cross(_sub(b, a), _sub(c, a)), cross(_sub(b, a), _sub(d, a))
    d3, d4 = cross(_sub(d, c), _sub(a, c)), cross(_sub(d, c), _sub(b, c))
    return d1 * d2 < 0 and d3 * d4 < 0
