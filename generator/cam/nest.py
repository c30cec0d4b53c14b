"""Nesting: the parts of a batch on as few sheets as possible (spyrrow), never more than the
rectangular grid needs.

A batch repeats one set, so every sheet gets the same **pattern**: for ``s`` sheets, each
shape's share (its count over ``s``, rounded up) is nested once on one sheet by spyrrow
(:mod:`plywright.cam.search`), then stamped on every sheet, the last ones taking the
pattern's first places only. A shape is an outline up to a translation, so parts drawn apart
in the DXF but alike take each other's places. Sheet counts are tried from one below the
grid's down, until a pattern does not fit; with none fitting, the grid's own count (on a tie
spyrrow's layout is used).

spyrrow packs a strip as high as the sheet's usable box, the items being the outlines
simplified by :data:`SIMPLIFY` and grown by half the ``gap`` and that much more (so no two
outlines come closer than ``gap``), turned in quarter turns. Its search stops at the first
layout no wider than the box whose parts keep off the clamp zones once the layout is moved
along the sheet (not at all, just past a clamp zone on the left, half or all of the room
left), or gives up after :data:`GIVE_UP` failed attempts in a row. Every layout is checked
with the real outlines (gap, usable box, clamps) before it is used.

The layout is a pure function of the parts and the machine: the search is seeded and on one
thread, and every decision is taken on its reports in their order, never on the clock (see
:mod:`plywright.cam.search`); a search that ran as long as its time limit (:data:`SECONDS` a
phase) is not used, the grid is. The layout is recorded in ``cam/job.json``. Without
``--batch`` parts are laid out in rows.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from shapely import STRtree, affinity
from shapely.geometry import Polygon, box

from plywright.cad.nesting import grid_cells
from plywright.cam.layout import Placement, keep_out, place_outline, shelf_layout, usable_box
from plywright.cam.machine import Machine
from plywright.cam.search import Item, Layout, Unrepeatable, search
from plywright.cam.source import Part

SECONDS = 600
"""spyrrow's time limit for each phase of one search: far beyond where a search is stopped
(9 halma-pro boards: well under a second)."""
GIVE_UP = 10
"""Failed attempts in a row after which a pattern is taken not to fit (where spyrrow's own
early termination ends its exploration)."""
SIMPLIFY = 0.05
"""How far (mm) the simplified outline may stray from the real one; made up by growing it as
much more."""
ORIENTATIONS = (0.0, 90.0, 180.0, 270.0)

__all__ = ["Nesting", "Unrepeatable", "grid_layout", "layout_problems", "nest"]


@dataclass(frozen=True)
class Nesting:
    """Placements per sheet and how they were found (``spyrrow`` or ``grid``)."""

    sheets: tuple[tuple[Placement, ...], ...]
    method: str


@dataclass(frozen=True)
class Shape:
    """Parts with one outline up to a translation: ``members`` (indices, ascending) and each
    one's offset from the first."""

    members: tuple[int, ...]
    offsets: tuple[tuple[float, float], ...]


def item_shape(outline: Polygon, grow: float) -> tuple[tuple[float, float], ...]:
    """``outline`` simplified by :data:`SIMPLIFY` and grown by ``grow`` and that much more,
    corners mitred: never closer than ``grow`` to the outline."""
    grown = outline.simplify(SIMPLIFY).buffer(grow + SIMPLIFY, join_style="mitre")
    if grown.geom_type != "Polygon":
        grown = max(grown.geoms, key=lambda g: g.area)
    return tuple((float(x), float(y)) for x, y in grown.exterior.coords)[:-1]


def shapes_of(parts: Sequence[Part]) -> list[Shape]:
    """The parts grouped by outline (the same vertices, moved), largest area first."""
    found: list[tuple[np.ndarray, list[int], list[tuple[float, float]]]] = []
    for index, part in enumerate(parts):
        coords = np.asarray(part.outline.exterior.coords)
        corner = coords.min(axis=0)
        for first, members, offsets in found:
            if first.shape == coords.shape:
                shift = corner - first.min(axis=0)
                if np.allclose(coords - shift, first, rtol=0.0, atol=1e-6):
                    members.append(index)
                    offsets.append((float(shift[0]), float(shift[1])))
                    break
        else:
            found.append((coords, [index], [(0.0, 0.0)]))
    groups = [Shape(tuple(m), tuple(o)) for _, m, o in found]
    return sorted(groups, key=lambda s: (-parts[s.members[0]].area, s.members[0]))


def layout_problems(
    parts: Sequence[Part], placements: Sequence[Placement], machine: Machine, gap: float
) -> list[int]:
    """Placements (their positions in ``placements``) that leave the usable box, come within
    half a ``gap`` of a clamp zone, or within ``gap`` of an earlier part."""
    shapes = [place_outline(parts[p.part].outline, p) for p in placements]
    bad = _off_sheet(shapes, machine, gap)
    tree = STRtree(shapes)
    for n, shape in enumerate(shapes):
        if n in bad:
            continue
        near = tree.query(shape, predicate="dwithin", distance=gap - 1e-3)
        if any(m < n and m not in bad for m in near.tolist()):
            bad.add(n)
    return sorted(bad)


def _off_sheet(shapes: Sequence[Polygon], machine: Machine, gap: float) -> set[int]:
    """The shapes that leave the usable box or come within half a gap of a clamp zone."""
    x0, y0, x1, y1 = usable_box(machine, gap)
    zones = keep_out(machine)
    reach = gap / 2 - 1e-6
    bad: set[int] = set()
    for n, shape in enumerate(shapes):
        sx0, sy0, sx1, sy1 = shape.bounds
        if sx0 < x0 - 1e-6 or sy0 < y0 - 1e-6 or sx1 > x1 + 1e-6 or sy1 > y1 + 1e-6:
            bad.add(n)
            continue
        for zone in zones:
            zx0, zy0, zx1, zy1 = zone.bounds
            near = (
                sx0 - reach < zx1 and zx0 < sx1 + reach and sy0 - reach < zy1 and zy0 < sy1 + reach
            )
            if near and shape.distance(zone) < reach:
                bad.add(n)
                break
    return bad


def _slot_placement(
    member: int, offset: tuple[float, float], angle: float, dx: float, dy: float
) -> Placement:
    """The placement of part ``member`` (``offset`` from its shape's first part) that puts it
    where ``(angle, dx, dy)`` puts the first part."""
    ox, oy = offset
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    return Placement(member, angle, dx - (c * ox - s * oy), dy - (s * ox + c * oy))


def _quarter_turn(angle: float) -> float:
    nearest = min(ORIENTATIONS, key=lambda o: abs((angle - o + 180.0) % 360.0 - 180.0))
    if abs((angle - nearest + 180.0) % 360.0 - 180.0) > 1e-3:
        raise RuntimeError(f"spyrrow turned a part by {angle}°, not a quarter turn")
    return nearest


class _Pattern:
    """One sheet's pattern for given shares of the shapes: nested once, placed many times."""

    def __init__(
        self, parts: Sequence[Part], shapes: Sequence[Shape], machine: Machine, gap: float
    ) -> None:
        self.parts, self.shapes, self.machine, self.gap = parts, shapes, machine, gap
        self.box = usable_box(machine, gap)
        self.outlines = [parts[s.members[0]].outline for s in shapes]

    def nest(self, shares: Sequence[int], seconds: int) -> list[list[Placement]] | None:
        """Places per shape (``(angle, dx, dy)`` for its first part, left to right), or
        ``None`` when spyrrow finds no layout of ``shares`` that fits the sheet."""
        _, y0, _, y1 = self.box
        height = y1 - y0 + self.gap
        items = [
            Item(f"s{n}", item_shape(self.outlines[n], self.gap / 2), share, ORIENTATIONS)
            for n, share in enumerate(shares)
            if share
        ]
        if not all(_fits_strip(i.shape, height) for i in items):
            return None
        return search(items, height, self._accept, give_up=GIVE_UP, seconds=seconds)

    def _accept(self, layout: Layout) -> list[list[Placement]] | None:
        x0, y0, x1, _ = self.box
        room = (x1 - x0 + self.gap) - layout.width
        if room < -1e-6:
            return None
        room, half = max(room, 0.0), self.gap / 2
        raw = [
            (int(i[1:]), _quarter_turn(a), dx - half, dy - half) for i, a, dx, dy in layout.placed
        ]
        # moved along the sheet: not at all, just past a clamp zone on the left, half, all
        past = {z.bounds[2] + half - x0 for z in keep_out(self.machine)}
        for shift in sorted({0.0, room / 2, room} | {p for p in past if 0.0 < p < room}):
            places = [
                (n, Placement(self.shapes[n].members[0], angle, x0 + shift + dx, y0 + dy))
                for n, angle, dx, dy in raw
            ]
            found = self._checked(places)
            if found is not None:
                return found
        return None

    def _checked(self, places: list[tuple[int, Placement]]) -> list[list[Placement]] | None:
        outlines = [place_outline(self.outlines[n], p) for n, p in places]
        if _off_sheet(outlines, self.machine, self.gap):
            return None
        placements = [p for _, p in places]
        firsts = [self.parts[self.shapes[n].members[0]] for n, _ in places]
        as_parts = [Placement(k, p.angle, p.dx, p.dy) for k, p in enumerate(placements)]
        if layout_problems(firsts, as_parts, self.machine, self.gap):
            return None
        per_shape: list[list[tuple[tuple[float, float], Placement]]] = [[] for _ in self.shapes]
        for (n, p), outline in zip(places, outlines, strict=True):
            bx0, by0, _, _ = outline.bounds
            per_shape[n].append(((round(bx0, 3), round(by0, 3)), p))
        return [[p for _, p in sorted(slots, key=lambda s: s[0])] for slots in per_shape]


def _fits_strip(shape: Sequence[tuple[float, float]], height: float) -> bool:
    xs, ys = [p[0] for p in shape], [p[1] for p in shape]
    return min(max(xs) - min(xs), max(ys) - min(ys)) <= height


def _shares(shapes: Sequence[Shape], sheets: int) -> tuple[int, ...]:
    return tuple(math.ceil(len(s.members) / sheets) for s in shapes)


def _stamped(
    shapes: Sequence[Shape], shares: Sequence[int], pattern: Sequence[Sequence[Placement]]
) -> list[list[Placement]]:
    """Every shape's parts, its share a sheet, on the pattern's places in order."""
    count = max(math.ceil(len(s.members) / q) for s, q in zip(shapes, shares, strict=True))
    sheets: list[list[Placement]] = []
    for sheet in range(count):
        placements: list[Placement] = []
        for shape, share, places in zip(shapes, shares, pattern, strict=True):
            taken = slice(sheet * share, (sheet + 1) * share)
            for member, offset, place in zip(
                shape.members[taken], shape.offsets[taken], places, strict=False
            ):
                placements.append(_slot_placement(member, offset, place.angle, place.dx, place.dy))
        sheets.append(placements)
    return sheets


def spyrrow_layout(
    parts: Sequence[Part], machine: Machine, gap: float, most: int, seconds: int = SECONDS
) -> list[list[Placement]] | None:
    """The fewest sheets (at most ``most``) of one stamped pattern (see the module's
    description), or ``None`` when no pattern of ``most`` sheets fits."""
    shapes = shapes_of(parts)
    nester = _Pattern(parts, shapes, machine, gap)
    x0, y0, x1, y1 = usable_box(machine, gap)
    strip = (x1 - x0 + gap) * (y1 - y0 + gap)
    grown = sum(
        Polygon(item_shape(parts[s.members[0]].outline, gap / 2)).area * len(s.members)
        for s in shapes
    )
    fewest = max(1, math.ceil(grown / strip - 1e-9))
    best: list[list[Placement]] | None = None
    sheets = most - 1
    while sheets >= fewest:
        shares = _shares(shapes, sheets)
        pattern = nester.nest(shares, seconds)
        if pattern is None:
            break
        best = _stamped(shapes, shares, pattern)
        sheets = len(best) - 1
    if best is None:
        shares = _shares(shapes, most)
        pattern = nester.nest(shares, seconds)
        best = None if pattern is None else _stamped(shapes, shares, pattern)
    return best


def grid_layout(parts: Sequence[Part], machine: Machine, gap: float) -> list[list[Placement]]:
    """Today's rectangular grid (``plywright.cad.nesting``) for parts of one shape: the cells
    off the clamp zones, filled in order; other sets fall back to the shelf layout."""
    if len(shapes_of(parts)) != 1:
        return shelf_layout(parts, machine, gap)
    bx0, by0, bx1, by1 = parts[0].bounds
    size = (bx1 - bx0, by1 - by0)
    x0, y0, x1, y1 = usable_box(machine, gap)
    zones = [z.buffer(gap / 2, join_style="mitre") for z in keep_out(machine)]
    cells = [
        c
        for c in grid_cells(size, (x1 - x0, y1 - y0), spacing=gap)
        if not any(
            box(x0 + c.x, y0 + c.y, x0 + c.x + c.w, y0 + c.y + c.h).intersects(z) for z in zones
        )
    ]
    if not cells:
        raise ValueError(f"{parts[0].plan.name} does not fit an empty sheet")
    sheets: list[list[Placement]] = []
    for n, part in enumerate(parts):
        if n % len(cells) == 0:
            sheets.append([])
        cell = cells[n % len(cells)]
        if cell.rotated:
            turned = affinity.rotate(part.outline, 90.0, origin=(0, 0))
            tx0, ty0, _, _ = turned.bounds
            sheets[-1].append(Placement(n, 90.0, x0 + cell.x - tx0, y0 + cell.y - ty0))
        else:
            px0, py0, _, _ = part.bounds
            sheets[-1].append(Placement(n, 0.0, x0 + cell.x - px0, y0 + cell.y - py0))
    return sheets


def nest(parts: Sequence[Part], machine: Machine, gap: float, seconds: int = SECONDS) -> Nesting:
    """The fewer sheets of spyrrow's nesting and the grid (spyrrow's on a tie); the grid when
    spyrrow's search reached its time limit (:class:`Unrepeatable`)."""
    grid = grid_layout(parts, machine, gap)
    try:
        nested = spyrrow_layout(parts, machine, gap, len(grid), seconds)
    except Unrepeatable:
        nested = None
    if nested and len(nested) <= len(grid):
        return Nesting(tuple(tuple(s) for s in nested), "spyrrow")
    return Nesting(tuple(tuple(s) for s in grid), "grid")
