"""Toolpaths: the placed parts of one sheet as one tool's moves after another.

Operations run in this order, each stage one job per tool over every part of the sheet
(parts visited nearest first, so travel stays short; consecutive jobs of one tool are
merged, so the tool changes only when it must):

1. drill: peck drilling with the drill of the hole's diameter (a canned cycle);
2. pocket: areas cleared with an end mill, rings from the inside out, pass by pass;
3. chamfer: the chamfer mill's tip plunged at each hole's centre until its cone is as wide
   as the chamfer (the hole is drilled already, so the tip cuts air);
4. engrave: the V-bit's tip along the line at the marking's depth;
5. cut: the outline profile last, the cutter outside the finished edge, in equal passes down
   to the spoilboard allowance, each pass entering on a ramp along the path; on the passes
   below the tabs' top the tool rises over each tab.

Moves are in sheet coordinates (mm, Z = 0 on the top face, negative into the wood); every
rapid over the sheet is at ``heights.safe`` or higher.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from shapely.geometry import LinearRing, Polygon

from plywright.cad.geometry2d import Point, flatten_polyline
from plywright.cad.plan import Circle, MachiningPlan, Operation, Polyline
from plywright.cam.machine import Machine, Tool
from plywright.cam.source import ARC_STEP, arc_segments, entity_polygon

T = TypeVar("T")
STAGES = ("drill", "pocket", "chamfer", "engrave", "cut")
EPS = 1e-9


@dataclass(frozen=True)
class Move:
    """A straight move to ``(x, y, z)``: a rapid, or a feed at ``feed`` mm/min."""

    x: float
    y: float
    z: float
    feed: float = 0.0

    @property
    def rapid(self) -> bool:
        return self.feed == 0.0


@dataclass(frozen=True)
class Cycle:
    """A drilling cycle at ``(x, y)`` from the retract plane ``r`` down to ``z``: pecks of
    ``peck`` mm (``None``: one plunge) at ``feed`` mm/min, rapid out to ``r`` after each."""

    x: float
    y: float
    z: float
    r: float
    feed: float
    peck: float | None


Step = Move | Cycle


@dataclass(frozen=True)
class Job:
    """One tool's work: what it does (``label``, for the setup sheet) and its steps."""

    tool: Tool
    stage: str
    label: str
    steps: tuple[Step, ...]
    layers: tuple[str, ...]


# -- geometry helpers -----------------------------------------------------------------


def polyline_path(entity: Polyline | Circle) -> list[Point]:
    """The entity's points as the tool follows them (closed paths end where they start)."""
    if isinstance(entity, Circle):
        (cx, cy), r = entity.centre, entity.radius
        n = arc_segments(r, 2 * math.pi)
        points = [
            (cx + r * math.cos(2 * math.pi * k / n), cy + r * math.sin(2 * math.pi * k / n))
            for k in range(n)
        ]
        return [*points, points[0]]
    points = flatten_polyline(entity.points, entity.bulges, entity.closed, ARC_STEP)
    return [*points, points[0]] if entity.closed else points


def ring_points(ring: LinearRing, clockwise: bool) -> list[Point]:
    """A closed ring's points (last = first) in the asked direction."""
    coords = [(float(x), float(y)) for x, y in ring.coords]
    if ring.is_ccw == clockwise:
        coords.reverse()
    return coords


def _cumulative(points: Sequence[Point]) -> list[float]:
    out = [0.0]
    for a, b in itertools.pairwise(points):
        out.append(out[-1] + math.dist(a, b))
    return out


def _at(points: Sequence[Point], lengths: Sequence[float], s: float) -> Point:
    """The point at arc length ``s`` along an open path (clamped to its ends)."""
    if s <= 0:
        return points[0]
    if s >= lengths[-1]:
        return points[-1]
    lo, hi = 0, len(lengths) - 1
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if lengths[mid] <= s:
            lo = mid
        else:
            hi = mid
    span = lengths[hi] - lengths[lo]
    t = (s - lengths[lo]) / span if span > 0 else 0.0
    (x0, y0), (x1, y1) = points[lo], points[hi]
    return (x0 + t * (x1 - x0), y0 + t * (y1 - y0))


# -- profile (outline) --------------------------------------------------------------------


def tab_intervals(length: float, count: int, span: float) -> list[tuple[float, float]]:
    """Arc-length intervals of ``count`` tabs of ``span`` mm, evenly spread along a loop of
    ``length`` (the loop's start lies halfway between two tabs)."""
    if span * count >= length:
        span = 0.5 * length / count
    centres = [length * (k + 0.5) / count for k in range(count)]
    return [(c - span / 2, c + span / 2) for c in centres]


def profile_moves(
    loop: Sequence[Point],
    *,
    thickness: float,
    machine: Machine,
    tool: Tool,
    tabs: bool = True,
) -> list[Move]:
    """Every pass of one closed profile: ramped entries, equal passes down to the bottom plus
    the spoilboard allowance, the tool over the tabs on passes below their top. Starts with
    the tool at safe height above the loop's first point; ends there too."""
    total = thickness + machine.heights.spoilboard
    passes = max(1, math.ceil(total / tool.depth_per_pass - 1e-9))
    depths = [-total * (k + 1) / passes for k in range(passes)]
    lengths = _cumulative(loop)
    length = lengths[-1]
    tab_top = -(thickness - machine.tabs.height)
    span = machine.tabs.width + tool.diameter
    intervals = tab_intervals(length, machine.tabs.count, span) if tabs else []
    slope = math.tan(math.radians(machine.ramp_angle))
    safe, feed, plunge = machine.heights.safe, tool.feed, tool.plunge_feed

    def z_at(u: float, z_from: float, z_to: float, ramp: float, s0: float) -> float:
        z = max(z_to, z_from - u * slope) if ramp > 0 else z_to
        if z < tab_top - EPS:
            s = (s0 + u) % length
            if any(a - EPS <= s <= b + EPS for a, b in intervals):
                return max(z, tab_top)
        return z

    x0, y0 = loop[0]
    moves = [Move(x0, y0, safe), Move(x0, y0, 0.0, plunge)]
    s0, z_prev = 0.0, 0.0
    for z_pass in depths:
        ramp = (z_prev - z_pass) / slope
        walk = ramp + length
        marks = {0.0, walk, ramp}
        for k in range(int((s0 + walk) // length) + 2):
            for v in lengths:
                marks.add(k * length + v - s0)
            for a, b in intervals:
                marks.add(k * length + a - s0)
                marks.add(k * length + b - s0)
        last_z = moves[-1].z
        for u in sorted(m for m in marks if -EPS <= m <= walk + EPS):
            u = min(max(u, 0.0), walk)
            x, y = _at(loop, lengths, (s0 + u) % length)
            before = z_at(max(u - 1e-6, 0.0), z_prev, z_pass, ramp, s0)
            after = z_at(min(u + 1e-6, walk), z_prev, z_pass, ramp, s0)
            exact = z_at(u, z_prev, z_pass, ramp, s0)
            step = abs(before - after) > 1e-3  # a tab's edge: straight up or down
            for z in (before, after) if step else (exact,):
                moved = abs(x - moves[-1].x) + abs(y - moves[-1].y) > 1e-4
                if moved or abs(z - last_z) > 1e-4:
                    vertical_down = not moved and z < last_z
                    moves.append(Move(x, y, z, plunge if vertical_down else feed))
                    last_z = z
        s0 = (s0 + walk) % length
        z_prev = z_pass
    end = moves[-1]
    moves.append(Move(end.x, end.y, safe))
    return moves


def outline_loop(outline: Polygon, tool: Tool, clockwise: bool = True) -> list[Point]:
    """The cutter centre's loop around ``outline``: offset outward by the tool's radius,
    started at its lowest-left point (so programs are the same run to run)."""
    offset = outline.buffer(tool.diameter / 2, quad_segs=_quad_segs(tool.diameter / 2))
    if offset.geom_type != "Polygon":
        offset = max(offset.geoms, key=lambda g: g.area)
    loop = ring_points(offset.exterior, clockwise)[:-1]
    start = min(range(len(loop)), key=lambda i: (loop[i][1], loop[i][0]))
    loop = loop[start:] + loop[:start]
    return [*loop, loop[0]]


def _quad_segs(radius: float) -> int:
    return max(4, arc_segments(radius, math.pi / 2))


# -- pockets, engraving, holes --------------------------------------------------------------


def pocket_moves(region: Polygon, depth: float, machine: Machine, tool: Tool) -> list[Move]:
    """Clear ``region`` to ``depth``: rings from the innermost out, pass by pass."""
    radius = tool.diameter / 2
    rings: list[list[Point]] = []
    inset = radius
    while True:
        shrunk = region.buffer(-inset, quad_segs=_quad_segs(radius))
        if shrunk.is_empty:
            break
        polygons = [shrunk] if shrunk.geom_type == "Polygon" else list(shrunk.geoms)
        for polygon in polygons:
            rings.append(ring_points(polygon.exterior, clockwise=False))
        inset += tool.stepover * tool.diameter
    rings.reverse()
    passes = max(1, math.ceil(depth / tool.depth_per_pass - 1e-9))
    safe = machine.heights.safe
    moves: list[Move] = []
    for k in range(passes):
        z = -depth * (k + 1) / passes
        for ring in rings:
            x, y = ring[0]
            moves += [Move(x, y, safe), Move(x, y, 0.0, tool.plunge_feed)]
            moves.append(Move(x, y, z, tool.plunge_feed))
            moves += [Move(px, py, z, tool.feed) for px, py in ring[1:]]
            moves.append(Move(*ring[-1], safe))
    return moves


def engrave_moves(path: Sequence[Point], depth: float, machine: Machine, tool: Tool) -> list[Move]:
    """The V-bit's tip along ``path`` at ``depth`` (in passes of at most its depth per pass)."""
    passes = max(1, math.ceil(depth / tool.depth_per_pass - 1e-9))
    safe = machine.heights.safe
    moves: list[Move] = []
    for k in range(passes):
        z = -depth * (k + 1) / passes
        x, y = path[0]
        moves += [Move(x, y, safe), Move(x, y, 0.0, tool.plunge_feed)]
        moves.append(Move(x, y, z, tool.plunge_feed))
        moves += [Move(px, py, z, tool.feed) for px, py in path[1:]]
        moves.append(Move(*path[-1], safe))
    return moves


def chamfer_depth(radius: float, start: float, tool: Tool) -> float:
    """How deep the tip of a pointed tool goes for a cone ``radius`` wide at depth ``start``."""
    return start + radius / math.tan(math.radians(tool.angle / 2))


# -- order --------------------------------------------------------------------------------


def nearest_first(items: Sequence[tuple[Point, T]], start: Point) -> list[T]:
    """The items visited greedily, nearest next (ties broken by input order)."""
    left = list(range(len(items)))
    here, out = start, []
    while left:
        best = min(left, key=lambda i: (math.dist(here, items[i][0]), i))
        left.remove(best)
        out.append(items[best][1])
        here = items[best][0]
    return out


def serpentine(points: Iterable[Point], band: float) -> list[Point]:
    """Points in rows of height ``band``, each row alternately left-right and right-left (a
    short, deterministic tour through many holes)."""
    rows: dict[int, list[Point]] = {}
    for p in points:
        rows.setdefault(math.floor(p[1] / band + 1e-6), []).append(p)
    out: list[Point] = []
    for index, key in enumerate(sorted(rows)):
        row = sorted(rows[key])
        out += row if index % 2 == 0 else row[::-1]
    return out


# -- the jobs of one sheet ---------------------------------------------------------------------


@dataclass(frozen=True)
class ToolChoice:
    """The tool of each operation of each placed plan (by layer)."""

    tools: dict[str, Tool]
    drills: dict[float, Tool]
    """Hole diameter -> drill."""


def sheet_jobs(
    plans: Sequence[MachiningPlan],
    outlines: Sequence[Polygon],
    thickness: float,
    machine: Machine,
    choice: ToolChoice,
) -> list[Job]:
    """Every job of one sheet, in machining order, consecutive jobs of one tool merged.

    ``plans`` are placed (sheet coordinates); ``outlines`` their finished outlines."""
    jobs: list[Job] = []
    for stage in STAGES:
        by_tool: dict[int, list[tuple[Operation, MachiningPlan, int]]] = {}
        for index, plan in enumerate(plans):
            for op in plan.of_kind(stage):  # type: ignore[arg-type]
                tool = _tool_of(op, choice)
                by_tool.setdefault(tool.id, []).append((op, plan, index))
        for tool_id in sorted(by_tool, key=lambda t: _tool_rank(stage, by_tool[t], choice)):
            work = by_tool[tool_id]
            tool = _tool_of(work[0][0], choice)
            steps = _stage_steps(stage, work, outlines, thickness, machine, tool)
            layers = tuple(sorted({op.layer for op, _, _ in work}))
            label = _label(stage, work, tool)
            jobs.append(Job(tool, stage, label, tuple(steps), layers))
    merged: list[Job] = []
    for job in jobs:
        if merged and merged[-1].tool.id == job.tool.id:
            last = merged.pop()
            job = Job(
                job.tool,
                f"{last.stage}+{job.stage}",
                f"{last.label}; {job.label}",
                last.steps + job.steps,
                last.layers + job.layers,
            )
        merged.append(job)
    return merged


def _tool_rank(
    stage: str, work: list[tuple[Operation, MachiningPlan, int]], c: ToolChoice
) -> tuple[float, int]:
    tool = _tool_of(work[0][0], c)
    return (tool.diameter, tool.id)


def _tool_of(op: Operation, choice: ToolChoice) -> Tool:
    if op.kind == "drill":
        circle = op.entities[0]
        assert isinstance(circle, Circle)
        return choice.drills[round(2 * circle.radius, 3)]
    return choice.tools[op.layer]


def _label(stage: str, work: list[tuple[Operation, MachiningPlan, int]], tool: Tool) -> str:
    count = sum(len(op.entities) for op, _, _ in work)
    what = {
        "drill": "holes drilled",
        "pocket": "areas pocketed",
        "chamfer": "holes chamfered",
        "engrave": "lines engraved",
        "cut": "outlines cut",
    }[stage]
    return f"{count} {what}"


def _stage_steps(
    stage: str,
    work: list[tuple[Operation, MachiningPlan, int]],
    outlines: Sequence[Polygon],
    thickness: float,
    machine: Machine,
    tool: Tool,
) -> list[Step]:
    safe = machine.heights.safe
    steps: list[Step] = []
    if stage in ("drill", "chamfer"):
        holes = [(e, op) for op, _, _ in work for e in op.entities if isinstance(e, Circle)]
        order = serpentine((e.centre for e, _ in holes), band=max(tool.diameter, 1.0) * 1.5)
        by_centre = {e.centre: (e, op) for e, op in holes}
        for centre in order:
            circle, op = by_centre[centre]
            if stage == "drill":
                z = -op.depth - op.start
                steps.append(Cycle(*centre, z, safe, tool.plunge_feed, tool.peck))
            else:
                z = -chamfer_depth(circle.radius, op.start, tool)
                steps.append(Cycle(*centre, z, safe, tool.plunge_feed, None))
        return steps
    paths: list[tuple[Point, tuple[str, Any, Operation]]] = []
    for op, _, index in work:
        for entity in op.entities:
            if stage == "cut":
                polygon = outlines[index] if _is_outline(entity, outlines[index]) else None
                polygon = polygon if polygon is not None else entity_polygon(entity)
                loop = outline_loop(polygon, tool)
                paths.append((loop[0], ("cut", loop, op)))
            elif stage == "pocket":
                region = entity_polygon(entity)
                moves = pocket_moves(region, op.depth, machine, tool)
                paths.append(((moves[0].x, moves[0].y), ("moves", moves, op)))
            else:
                assert isinstance(entity, Polyline | Circle)
                path = polyline_path(entity)
                moves = engrave_moves(path, op.depth + op.start, machine, tool)
                paths.append((path[0], ("moves", moves, op)))
    for kind, data, _ in nearest_first(paths, (0.0, 0.0)):
        if kind == "cut":
            steps += profile_moves(data, thickness=thickness, machine=machine, tool=tool)
        else:
            steps += data
    return steps


def _is_outline(entity: object, outline: Polygon) -> bool:
    try:
        polygon = entity_polygon(entity)  # type: ignore[arg-type]
    except TypeError:
        return False
    return bool(abs(polygon.area - outline.area) < 1e-6 * max(1.0, outline.area))
