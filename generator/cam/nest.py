"""Nesting: the parts of a batch on as few sheets as possible (spyrrow), never more than the
rectangular grid needs.

Each sheet is a strip-packing problem for spyrrow (the sparrow algorithm): the strip is the
sheet's usable height (inside the trim and a cutter's gap), the items are the parts' outlines
grown by half the ``gap`` (both cutters' tracks and a web between them) and 0.5 mm, then
simplified (so no two parts come closer than ``gap``), turned in quarter turns.
A sheet takes the most parts whose strip is no wider than the usable width; parts that land
on a clamp zone move to the next sheet. Every layout is checked with the real outlines (gap,
usable box, clamps) before it is used, and when the grid (:func:`grid_layout`, today's
:mod:`generator.cad.nesting` grid with its cells off the clamp zones) needs fewer sheets, the
grid is used instead.

The layout is a pure function of the parts and the machine. spyrrow (0.9) offers no
iteration or evaluation budget, only time limits; but it runs seeded, on one thread, with
early termination: exploration ends after a fixed number of consecutive failures and
compression when its shrink step, decaying per failure, falls below its floor. Neither test
reads the clock, so a search that ends that way is the same on any load. Its time limits are
set far beyond that end (:data:`SECONDS` per phase), and a search that took as long as a
limit (it may have been cut short by the clock) is not used: the grid is, which is
deterministic too. The layout is recorded in ``cam/job.json``. Without ``--batch`` parts are
laid out in rows.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass

from shapely import affinity
from shapely.geometry import Polygon, box

from generator.cad.nesting import grid_cells
from generator.cam.layout import Placement, keep_out, place_outline, shelf_layout, usable_box
from generator.cam.machine import Machine
from generator.cam.source import Part

SECONDS = 600
"""spyrrow's time limit for each phase of one strip's search: far beyond where its early
termination ends it (9 halma-pro boards: about a minute of one core)."""


class Unrepeatable(ValueError):
    """spyrrow's search ran into its time limit, so its result depends on the machine's load."""


ORIENTATIONS = (0.0, 90.0, 180.0, 270.0)


@dataclass(frozen=True)
class Nesting:
    """Placements per sheet and how they were found (``spyrrow`` or ``grid``)."""

    sheets: tuple[tuple[Placement, ...], ...]
    method: str


def item_shape(part: Part, grow: float = 0.0) -> list[tuple[float, float]]:
    """The part's outline grown by ``grow`` and 0.5 mm more, then simplified by at most
    0.4 mm: never closer than ``grow`` to the outline."""
    grown = part.outline.buffer(grow + 0.5, quad_segs=4).simplify(0.4)
    if grown.geom_type != "Polygon":
        grown = max(grown.geoms, key=lambda g: g.area)
    return [(float(x), float(y)) for x, y in grown.exterior.coords][:-1]


def _shape_key(part: Part) -> tuple[float, ...]:
    return tuple(round(v, 6) for xy in part.outline.exterior.coords for v in xy)


def _solve(
    parts: Sequence[Part], indices: Sequence[int], height: float, gap: float, seconds: int
) -> tuple[float, list[Placement]]:
    import spyrrow

    groups: dict[tuple[float, ...], list[int]] = {}
    for i in indices:
        groups.setdefault(_shape_key(parts[i]), []).append(i)
    items = [
        spyrrow.Item(
            f"s{n}", item_shape(parts[members[0]], gap / 2), len(members), list(ORIENTATIONS)
        )
        for n, members in enumerate(groups.values())
    ]
    # the shapes are grown by half the gap (spyrrow's own separation fails on small parts)
    instance = spyrrow.StripPackingInstance("sheet", strip_height=height + gap, items=items)
    config = spyrrow.StripPackingConfig(
        early_termination=True,
        exploration_time=seconds,
        compression_time=seconds,
        total_computation_time=None,
        num_workers=1,
        seed=0,
    )
    began = time.monotonic()
    solution = instance.solve(config)
    if time.monotonic() - began >= seconds:
        # each phase's clock starts after ours: under the limit, neither can have struck
        raise Unrepeatable(f"spyrrow's search reached its {seconds} s limit")
    left = {f"s{n}": list(members) for n, members in enumerate(groups.values())}
    placements = []
    for placed in sorted(
        solution.placed_items,
        key=lambda p: (p.id, round(p.translation[0], 3), round(p.translation[1], 3)),
    ):
        dx, dy = placed.translation
        placements.append(Placement(left[placed.id].pop(0), float(placed.rotation), dx, dy))
    return float(solution.width) - gap, _shifted(placements, -gap / 2, -gap / 2)


def _shifted(placements: Sequence[Placement], dx: float, dy: float) -> list[Placement]:
    return [Placement(p.part, p.angle, p.dx + dx, p.dy + dy) for p in placements]


def layout_problems(
    parts: Sequence[Part], placements: Sequence[Placement], machine: Machine, gap: float
) -> list[int]:
    """Placements (their positions in ``placements``) that leave the usable box, come within
    half a ``gap`` of a clamp zone, or within ``gap`` of an earlier part."""
    x0, y0, x1, y1 = usable_box(machine, gap)
    inside = box(x0 - 1e-6, y0 - 1e-6, x1 + 1e-6, y1 + 1e-6)
    zones = keep_out(machine)
    bad: list[int] = []
    shapes: list[Polygon] = []
    for n, placement in enumerate(placements):
        shape = place_outline(parts[placement.part].outline, placement)
        if not inside.contains(shape) or any(shape.distance(z) < gap / 2 - 1e-6 for z in zones):
            bad.append(n)
            continue
        if any(shape.distance(other) < gap - 1e-3 for other in shapes):
            bad.append(n)
            continue
        shapes.append(shape)
    return bad


def spyrrow_layout(
    parts: Sequence[Part], machine: Machine, gap: float, seconds: int = SECONDS
) -> list[list[Placement]]:
    """Sheets filled one after the other with spyrrow (see the module's description)."""
    x0, y0, x1, y1 = usable_box(machine, gap)
    width, height = x1 - x0, y1 - y0
    left = sorted(range(len(parts)), key=lambda i: (-parts[i].area, i))
    sheets: list[list[Placement]] = []
    while left:
        count = len(left)
        k = count
        fits: dict[int, list[Placement]] = {}
        fails: set[int] = set()
        while True:
            used, placements = _solve(parts, left[:k], height, gap, seconds)
            if used <= width + 1e-6:
                fits[k] = _on_sheet(parts, placements, machine, gap, x0, y0, width - used)
                if k == count or k + 1 in fails:
                    break
                k += 1
            else:
                fails.add(k)
                if k - 1 in fits or k == 1:
                    break
                guess = math.floor(k * width / used) if k == count else k - 1
                k = max(1, min(k - 1, guess))
        best = max(fits.values(), key=len, default=[])
        if not best:
            raise ValueError("a part does not fit an empty sheet")
        sheets.append(best)
        placed = {p.part for p in best}
        left = [i for i in left if i not in placed]
    return sheets


def _on_sheet(
    parts: Sequence[Part],
    placements: Sequence[Placement],
    machine: Machine,
    gap: float,
    x0: float,
    y0: float,
    slack: float,
) -> list[Placement]:
    """The strip's placements moved onto the sheet where the fewest meet a clamp zone; those
    that still do are left for the next sheet."""
    best: list[Placement] = []
    for shift in sorted({0.0, slack / 2, slack}):
        moved = _shifted(placements, x0 + shift, y0)
        bad = set(layout_problems(parts, moved, machine, gap))
        kept = [p for n, p in enumerate(moved) if n not in bad]
        if len(kept) > len(best):
            best = kept
        if not bad:
            break
    return best


def grid_layout(parts: Sequence[Part], machine: Machine, gap: float) -> list[list[Placement]]:
    """Today's rectangular grid (``generator.cad.nesting``) for parts of one shape: the cells
    off the clamp zones, filled in order; other sets fall back to the shelf layout."""
    keys = {_shape_key(p) for p in parts}
    if len(keys) != 1:
        return shelf_layout(parts, machine, gap)
    part = parts[0]
    bx0, by0, bx1, by1 = part.bounds
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
        raise ValueError(f"{part.plan.name} does not fit an empty sheet")
    sheets: list[list[Placement]] = []
    for n in range(len(parts)):
        if n % len(cells) == 0:
            sheets.append([])
        cell = cells[n % len(cells)]
        if cell.rotated:
            turned = affinity.rotate(part.outline, 90.0, origin=(0, 0))
            tx0, ty0, _, _ = turned.bounds
            sheets[-1].append(Placement(n, 90.0, x0 + cell.x - tx0, y0 + cell.y - ty0))
        else:
            sheets[-1].append(Placement(n, 0.0, x0 + cell.x - bx0, y0 + cell.y - by0))
    return sheets


def nest(parts: Sequence[Part], machine: Machine, gap: float, seconds: int = SECONDS) -> Nesting:
    """The fewer sheets of spyrrow's nesting and the grid (spyrrow's on a tie); the grid when
    spyrrow's search reached its time limit (:class:`Unrepeatable`)."""
    grid = grid_layout(parts, machine, gap)
    try:
        nested = spyrrow_layout(parts, machine, gap, seconds)
    except ValueError:
        nested = []
    if nested and len(nested) <= len(grid):
        return Nesting(tuple(tuple(s) for s in nested), "spyrrow")
    return Nesting(tuple(tuple(s) for s in grid), "grid")
