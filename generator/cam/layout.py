"""Parts placed on sheets: where each part goes, and the part moved there.

:func:`shelf_layout` fills sheets row by row (tallest parts first, left to right, a new row
above the tallest of the last), every part at least ``gap`` from its neighbours
(:func:`part_gap`: both cutters' tracks and a web between them) and nothing in the trim or a
clamp zone. Placed parts keep their shape exactly: a placement is a rotation about the origin
and a translation, applied to every entity of the plan.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from shapely import affinity
from shapely.geometry import Polygon, box

from plywright.cad.geometry2d import Point
from plywright.cad.plan import Circle, Entity, MachiningPlan, Operation, Polyline
from plywright.cam.machine import Machine
from plywright.cam.source import Part


@dataclass(frozen=True)
class Placement:
    """Part ``part`` (an index into the parts) turned ``angle`` degrees about the origin, then
    moved by ``(dx, dy)``."""

    part: int
    angle: float
    dx: float
    dy: float

    def point(self, p: Point) -> Point:
        a = math.radians(self.angle)
        c, s = math.cos(a), math.sin(a)
        x, y = p
        return (c * x - s * y + self.dx, s * x + c * y + self.dy)


@dataclass(frozen=True)
class Sheet:
    """One sheet of a job: its placements, the parts moved into place and their outlines."""

    index: int
    thickness: float
    placements: tuple[Placement, ...]
    plans: tuple[MachiningPlan, ...]
    outlines: tuple[Polygon, ...]

    @property
    def part_area(self) -> float:
        return float(sum(o.area for o in self.outlines))


def place_entity(entity: Entity, placement: Placement) -> Entity:
    if isinstance(entity, Circle):
        return Circle(placement.point(entity.centre), entity.radius)
    if isinstance(entity, Polyline):
        points = tuple(placement.point(p) for p in entity.points)
        return Polyline(points, entity.bulges, entity.closed)
    raise TypeError("text is never machined")


def place_plan(plan: MachiningPlan, placement: Placement) -> MachiningPlan:
    operations = tuple(
        Operation(
            op.kind,
            op.layer,
            tuple(place_entity(e, placement) for e in op.entities),
            op.depth,
            op.tool_diameter,
            op.start,
            op.description,
            op.wording,
        )
        for op in plan.operations
    )
    return MachiningPlan(plan.name, plan.thickness, operations, plan.notes)


def place_outline(outline: Polygon, placement: Placement) -> Polygon:
    turned = affinity.rotate(outline, placement.angle, origin=(0, 0))
    return affinity.translate(turned, placement.dx, placement.dy)


def make_sheet(index: int, parts: Sequence[Part], placements: Sequence[Placement]) -> Sheet:
    plans = tuple(place_plan(parts[p.part].plan, p) for p in placements)
    outlines = tuple(place_outline(parts[p.part].outline, p) for p in placements)
    return Sheet(
        index, parts[placements[0].part].plan.thickness, tuple(placements), plans, outlines
    )


def part_gap(machine: Machine, cutter: float) -> float:
    """Least distance between two parts: each outline's cutter track (``cutter`` wide) on its
    own side, and a web of ``sheet.allowance`` between the tracks for the tabs to hold on."""
    return 2 * cutter + machine.sheet.allowance


def keep_out(machine: Machine) -> list[Polygon]:
    """The clamp zones as polygons (sheet coordinates)."""
    return [box(*zone.box()) for zone in machine.sheet.clamps]


def usable_box(machine: Machine, gap: float) -> tuple[float, float, float, float]:
    """Where an outline may lie: the sheet inside its trim, half a gap further in (the
    cutter's track and half the web)."""
    s = machine.sheet
    inset = s.trim + gap / 2
    return (inset, inset, s.width - inset, s.height - inset)


def shelf_layout(parts: Sequence[Part], machine: Machine, gap: float) -> list[list[Placement]]:
    """Parts on as many sheets as the rows need: tallest first, each row left to right,
    stepping past clamp zones; parts that fit neither way round raise ``ValueError``."""
    x_min, y_min, x_max, y_max = usable_box(machine, gap)
    zones = [z.buffer(gap / 2, join_style="mitre") for z in keep_out(machine)]
    order = sorted(
        range(len(parts)),
        key=lambda i: (-(parts[i].bounds[3] - parts[i].bounds[1]), i),
    )
    sheets: list[list[Placement]] = []
    current: list[Placement] = []
    x, y, row = x_min, y_min, 0.0
    for index in order:
        x0, y0, x1, y1 = parts[index].bounds
        angle = 0.0
        if x1 - x0 > x_max - x_min + 1e-9 and y1 - y0 <= x_max - x_min + 1e-9:
            angle, (x0, y0, x1, y1) = 90.0, (-y1, x0, -y0, x1)  # turned a quarter left
        w, h = x1 - x0, y1 - y0
        for _attempt in range(4):
            x = _past_zones(x, y, w, h, zones, x_max)
            if x + w <= x_max + 1e-9 and y + h <= y_max + 1e-9:
                break
            if x + w > x_max + 1e-9 and row > 0:
                x, y, row = x_min, y + row + gap, 0.0
                continue
            if current:
                sheets.append(current)
            current, x, y, row = [], x_min, y_min, 0.0
        else:
            raise ValueError(f"{parts[index].plan.name} does not fit an empty sheet")
        current.append(Placement(index, angle, x - x0, y - y0))
        x, row = x + w + gap, max(row, h)
    if current:
        sheets.append(current)
    return sheets


def _past_zones(
    x: float, y: float, w: float, h: float, zones: Sequence[Polygon], x_max: float
) -> float:
    """The first ``x`` from the given one where a ``w`` × ``h`` box at height ``y`` meets no
    zone."""
    moved = True
    while moved and x + w <= x_max + 1e-9:
        moved = False
        for zone in zones:
            if box(x, y, x + w, y + h).intersects(zone):
                x = float(zone.bounds[2]) + 1e-6
                moved = True
    return x
