"""The halma parts as machined: the board's machining plan and the peg solid.

Every hole centre comes from :mod:`plywright.plugins.halma.geometry`; this module only turns the
board model (y down, centre at the origin) into a plan (y up, origin at the lower-left corner of the
board's bounding box) and decides the outline, the markings and the operations.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from plywright.cad.geometry2d import Point, ccw, convex_hull, offset_polygon
from plywright.cad.plan import (
    ORIGIN_NOTES,
    Circle,
    MachiningPlan,
    Operation,
    Polyline,
    Wording,
    layer_name,
    mm,
    notes_operation,
)
from plywright.plugins.halma.geometry import SQRT3_2, StarBoard
from plywright.plugins.halma.production import HalmaProduction

if TYPE_CHECKING:
    import cadquery as cq

NOTE_HEIGHT = 4.0
"""Height of the note text below the board (mm)."""


@dataclass(frozen=True)
class BoardPlan:
    """The board's machining plan plus where the model's holes ended up in plan coordinates."""

    plan: MachiningPlan
    hole_centres: tuple[Point, ...]
    """Plan coordinates of every hole, in the geometry model's hole order."""
    centre: Point
    """Plan coordinates of the centre hole (the model's origin)."""


def edge_distance(production: HalmaProduction) -> float:
    """Distance from an outermost hole centre to the board edge: hole radius + margin."""
    return production.hole_diameter / 2 + production.margin


def marking_offset(production: HalmaProduction) -> float:
    """Distance from the corner holes of a triangle to its marking line: half a row spacing."""
    return production.pitch * SQRT3_2 / 2


def inner_corner_radius(production: HalmaProduction) -> float:
    """Fillet of the star outline's concave corners: never below the outline tool's radius."""
    return max(production.corner_radius, production.tool_diameter / 2)


def model_centres(board: StarBoard, pitch: float) -> list[Point]:
    """Hole centres from the geometry model, flipped to y up (board centre at the origin)."""
    return [(x, -y) for x, y in (board.xy(i, pitch) for i in range(len(board)))]


def board_outline(board: StarBoard, production: HalmaProduction) -> Polyline:
    """The finished board edge, centred; every hole edge keeps at least ``margin`` of wood."""
    distance = edge_distance(production)
    centres = model_centres(board, production.pitch)
    if production.outline == "circle":
        return Polyline.circle((0.0, 0.0), max(math.hypot(x, y) for x, y in centres) + distance)
    if production.outline == "hexagon":
        return Polyline.of(*offset_polygon(convex_hull(centres), distance))
    star = ccw([(x, -y) for x, y in board.outline(production.pitch)])
    return Polyline.of(*offset_polygon(star, distance, inner_corner_radius(production)))


def triangle_markings(board: StarBoard, production: HalmaProduction) -> list[Polyline]:
    """One rounded triangle around each point's holes, halfway to the next row of holes."""
    centres = model_centres(board, production.pitch)
    out = []
    for point in board.points:
        hull = convex_hull(centres[i] for i in point)
        out.append(Polyline.of(*offset_polygon(hull, marking_offset(production))))
    return out


def _operations(board: StarBoard, p: HalmaProduction) -> list[Operation]:
    centres = model_centres(board, p.pitch)
    ops: list[Operation] = []
    markings = tuple(triangle_markings(board, p))
    if p.marking_depth <= 0:
        pass  # nothing to mark (production checks report it)
    elif p.marking == "engrave":
        ops.append(
            Operation(
                "engrave",
                layer_name("engrave", depth=p.marking_depth),
                markings,
                depth=p.marking_depth,
                tool_diameter=p.engrave_width,
                description=(
                    f"engrave {len(markings)} triangles {mm(p.marking_depth)} mm deep on the line"
                ),
                wording=Wording.of(
                    "print.operation.engrave_triangles",
                    count=len(markings),
                    depth=p.marking_depth,
                ),
            )
        )
    elif p.marking == "pocket":
        ops.append(
            Operation(
                "pocket",
                layer_name("pocket", depth=p.marking_depth),
                markings,
                depth=p.marking_depth,
                tool_diameter=p.tool_diameter,
                description=f"clear {len(markings)} triangles {mm(p.marking_depth)} mm deep",
                wording=Wording.of(
                    "print.operation.pocket_triangles", count=len(markings), depth=p.marking_depth
                ),
            )
        )
    r = p.hole_diameter / 2
    ops.append(
        Operation(
            "drill",
            layer_name("drill", depth=p.hole_depth, diameter=p.hole_diameter),
            tuple(Circle(c, r) for c in centres),
            depth=p.hole_depth,
            tool_diameter=p.hole_diameter,
            description=(
                f"drill {len(centres)} blind holes D{mm(p.hole_diameter)} mm, "
                f"{mm(p.hole_depth)} mm deep (full diameter) from the top face"
            ),
            wording=Wording.of(
                "print.operation.drill_blind",
                count=len(centres),
                diameter=p.hole_diameter,
                depth=p.hole_depth,
            ),
        )
    )
    if p.chamfer > 0:
        ops += _chamfers(board, p, centres)
    ops.append(
        Operation(
            "cut",
            layer_name("cut", depth=p.thickness, through=True, what="outline"),
            (board_outline(board, p),),
            depth=p.thickness,
            tool_diameter=p.tool_diameter,
            description=f"cut the {p.outline} outline through, tool outside the line",
            wording=Wording.of("print.operation.cut_outline", depth=p.thickness),
        )
    )
    return ops


def _chamfers(board: StarBoard, p: HalmaProduction, centres: list[Point]) -> list[Operation]:
    """45° chamfers at the hole mouths; holes in pocketed triangles start at the pocket floor."""
    radius = p.hole_diameter / 2 + p.chamfer
    pocketed = p.marking == "pocket" and p.marking_depth > 0
    in_pocket = {i for pt in board.points for i in pt} if pocketed else set()
    groups = [
        (0.0, [c for i, c in enumerate(centres) if i not in in_pocket]),
        (p.marking_depth, [c for i, c in enumerate(centres) if i in in_pocket]),
    ]
    return [
        Operation(
            "chamfer",
            layer_name("chamfer", depth=p.chamfer, start=start, diameter=2 * radius),
            tuple(Circle(c, radius) for c in group),
            depth=p.chamfer,
            start=start,
            tool_diameter=2 * radius,
            description=f"45 degree chamfer {mm(p.chamfer)} mm at {len(group)} hole mouths"
            + (" in the pocket floor" if start else ""),
            wording=Wording.of(
                "print.operation.chamfer_pocket" if start else "print.operation.chamfer",
                count=len(group),
                size=p.chamfer,
            ),
        )
        for start, group in groups
        if group
    ]


def board_plan(board: StarBoard, production: HalmaProduction, title: str) -> BoardPlan:
    """The machining plan of the board, origin at the lower-left of its bounding box."""
    ops = _operations(board, production)
    x0, y0, x1, y1 = board_outline(board, production).bounds()
    moved = [op.translated(-x0, -y0) for op in ops]
    centre = (-x0, -y0)
    notes = (
        f"{title}: star halma board, {len(board)} holes, {production.outline} outline "
        f"{mm(x1 - x0)} x {mm(y1 - y0)} mm, {mm(production.thickness)} mm birch plywood.",
        *ORIGIN_NOTES,
        f"Centre hole at X{mm(centre[0])} Y{mm(centre[1])}. Machining order: layers top to bottom.",
    )
    annotate = notes_operation(notes, (0.0, 0.0, x1 - x0, y1 - y0), height=NOTE_HEIGHT)
    plan = MachiningPlan(
        name=title,
        thickness=production.thickness,
        operations=(*moved, annotate),
        notes=notes,
    )
    holes = tuple((x - x0, y - y0) for x, y in model_centres(board, production.pitch))
    return BoardPlan(plan, holes, centre)


def blank_size(board: StarBoard, production: HalmaProduction) -> tuple[float, float]:
    """Width and height of the finished board's bounding box (mm)."""
    x0, y0, x1, y1 = board_outline(board, production).bounds()
    return (x1 - x0, y1 - y0)


def peg_solid(production: HalmaProduction) -> cq.Solid:
    """One peg: a cylinder with a domed top and a small lead-in chamfer at the bottom."""
    import cadquery as cq  # imported here: CadQuery is slow to load and only builds need it

    radius, length = production.peg_diameter / 2, production.peg_length
    dome = min(0.4 * radius, length / 4)
    lead = min(0.5, 0.15 * radius)
    peg = (
        cq.Workplane("XY")
        .circle(radius)
        .extrude(length)
        .faces(">Z")
        .edges()
        .fillet(dome)
        .faces("<Z")
        .edges()
        .chamfer(lead)
    )
    (solid,) = peg.findSolid().Solids()
    return solid
