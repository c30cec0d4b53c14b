"""The one geometry model of the star-halma board.

Holes lie on a triangular lattice in axial coordinates ``(q, r)`` with ``s = -q - r``; the board
of triangle size ``n`` is every hole with ``max(q, r, s) <= n`` or ``min(q, r, s) >= -n``.
The rules engine, the CAD board, the SVG layout and the rulebook diagrams all read this model;
nobody else computes hole coordinates.

Holes are numbered row by row, top to bottom (``r`` ascending) and left to right
(``q`` ascending): the numbering is stable and is the bit order of the engine's bitsets.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cache

Hole = tuple[int, int]
"""Axial coordinates ``(q, r)`` of a hole."""

DIRECTIONS: tuple[Hole, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
"""The six lattice directions, clockwise as drawn from east: E, SE, SW, W, NW, NE."""

SQRT3_2 = math.sqrt(3) / 2
POINT_COUNT = 6
MIN_N, MAX_N = 2, 7


def point_of(q: int, r: int, n: int) -> int | None:
    """The point (0-5) holding hole ``(q, r)``, or ``None`` for the central hexagon."""
    s = -q - r
    if r < -n:
        return 0
    if q > n:
        return 1
    if s < -n:
        return 2
    if r > n:
        return 3
    if q < -n:
        return 4
    if s > n:
        return 5
    return None


def opposite(point: int) -> int:
    """The point across the board from ``point``."""
    return (point + 3) % POINT_COUNT


def holes_per_point(n: int) -> int:
    return n * (n + 1) // 2


def hole_count(n: int) -> int:
    return 6 * holes_per_point(n) + 3 * n * (n + 1) + 1


@dataclass(frozen=True)
class StarBoard:
    """Holes, neighbours and points of a star board with ``n`` holes per triangle side."""

    n: int
    holes: tuple[Hole, ...]
    index: dict[Hole, int] = field(repr=False, compare=False)
    neighbours: tuple[tuple[int, ...], ...] = field(repr=False, compare=False)
    """``neighbours[h][d]``: the hole next to ``h`` in ``DIRECTIONS[d]``, or -1 off the board."""
    points: tuple[tuple[int, ...], ...] = field(repr=False, compare=False)
    """``points[p]``: the hole indices of point ``p``, in hole order."""

    def __len__(self) -> int:
        return len(self.holes)

    def jump(self, hole: int, direction: int) -> tuple[int, int] | None:
        """``(over, land)`` of a jump from ``hole`` in ``direction``, if both are on the board."""
        over = self.neighbours[hole][direction]
        if over < 0:
            return None
        land = self.neighbours[over][direction]
        return (over, land) if land >= 0 else None

    def steps_from(self, source: int) -> tuple[int, ...]:
        """Fewest steps from ``source`` to every hole over the empty board (-1: unreachable)."""
        dist = [-1] * len(self.holes)
        dist[source] = 0
        frontier = [source]
        while frontier:
            reached = []
            for hole in frontier:
                for neighbour in self.neighbours[hole]:
                    if neighbour >= 0 and dist[neighbour] < 0:
                        dist[neighbour] = dist[hole] + 1
                        reached.append(neighbour)
            frontier = reached
        return tuple(dist)

    def tip(self, point: int) -> int:
        """The hole of ``point`` farthest from the centre (the point's tip)."""
        from_centre = self.steps_from(self.index[(0, 0)])
        return max(self.points[point], key=lambda h: (from_centre[h], -h))

    def steps_to_tip(self, point: int) -> tuple[int, ...]:
        """Fewest steps from every hole to the tip of ``point`` over the empty board."""
        return self.steps_from(self.tip(point))

    def point_of_hole(self, hole: int) -> int | None:
        q, r = self.holes[hole]
        return point_of(q, r, self.n)

    def xy(self, hole: int, pitch: float = 1.0) -> tuple[float, float]:
        """Centre of ``hole`` in drawing units (y down), board centre at the origin."""
        q, r = self.holes[hole]
        return axial_to_xy(q, r, pitch)

    def outline(self, pitch: float = 1.0) -> list[tuple[float, float]]:
        """The 12 corners of the star through the outermost hole centres, clockwise from the top."""
        return [axial_to_xy(q, r, pitch) for q, r in star_corners(self.n)]

    def width(self, pitch: float = 1.0) -> float:
        """Distance between the centres of the left- and rightmost holes."""
        return 3 * self.n * pitch

    def height(self, pitch: float = 1.0) -> float:
        """Distance between the centres of the top and bottom holes."""
        return 4 * self.n * SQRT3_2 * pitch


def axial_to_xy(q: float, r: float, pitch: float = 1.0) -> tuple[float, float]:
    """Drawing coordinates (y down) of an axial position: ``x = p(q + r/2)``, ``y = p·√3/2·r``."""
    return (pitch * (q + r / 2), pitch * SQRT3_2 * r)


def star_corners(n: int) -> list[Hole]:
    """Tips and inner corners of the star (hole centres), clockwise from the top tip."""
    tips = [(n, -2 * n), (2 * n, -n), (n, n), (-n, 2 * n), (-2 * n, n), (-n, -n)]
    inner = [(n, -n), (n, 0), (0, n), (-n, n), (-n, 0), (0, -n)]
    corners: list[Hole] = []
    for tip, corner in zip(tips, inner, strict=True):
        corners += [tip, corner]
    return corners


@cache
def star_board(n: int) -> StarBoard:
    """The board with triangle size ``n`` (cached: boards are immutable)."""
    if not MIN_N <= n <= MAX_N:
        raise ValueError(f"n must be between {MIN_N} and {MAX_N}, got {n}")
    holes = tuple(
        (q, r)
        for r in range(-2 * n, 2 * n + 1)
        for q in range(-2 * n, 2 * n + 1)
        if max(q, r, -q - r) <= n or min(q, r, -q - r) >= -n
    )
    index = {hole: i for i, hole in enumerate(holes)}
    neighbours = tuple(
        tuple(index.get((q + dq, r + dr), -1) for dq, dr in DIRECTIONS) for q, r in holes
    )
    points = tuple(
        tuple(i for i, (q, r) in enumerate(holes) if point_of(q, r, n) == p)
        for p in range(POINT_COUNT)
    )
    return StarBoard(n=n, holes=holes, index=index, neighbours=neighbours, points=points)
