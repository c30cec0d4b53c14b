"""The parts a router cuts, read back from the build's DXF (the machining plan as written).

Every ``cad/dxf`` artifact of a variant is written to a scratch folder by its own writer and
read back with ezdxf: one :class:`~plywright.cad.plan.Operation` per layer. A layer's name
states the operation (:func:`plywright.cad.plan.layer_name`: ``DRILL_D8.2_Z10``,
``CHAMFER_D9.2_Z0.5-1``, ``CUT_OUTLINE_THRU_18``) and its description ends with the intended
cutter (``; tool 6 mm``), so the plan comes back whole from the file the workshop receives, and
any plugin whose plans become DXF gets programs without knowing about CAM.

A plan is a **router part** when it has a through cut and every machined operation names a
cutter; plans that name none (the Kubb saw templates) are for the saw, not the router.
:func:`split_parts` cuts a plan into its separate parts (one per outer cut contour, with the
operations inside it), which is what the nesting places.
"""

from __future__ import annotations

import math
import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, cast

import ezdxf
from ezdxf.entities import LWPolyline
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon

from plywright.cad.geometry2d import Bounds, Point, flatten_polyline
from plywright.cad.plan import (
    Circle,
    Entity,
    MachiningPlan,
    Operation,
    OperationKind,
    Polyline,
)

if TYPE_CHECKING:
    from plywright.api import Artifact
    from plywright.variant import Variant

KINDS: tuple[OperationKind, ...] = ("cut", "drill", "chamfer", "pocket", "engrave")
LAYER = re.compile(
    r"^(?P<kind>CUT|DRILL|CHAMFER|POCKET|ENGRAVE)(?:_(?P<what>.*?))??"
    r"(?:_D(?P<d>\d+(?:\.\d+)?))?"
    r"_(?:THRU_(?P<thru>\d+(?:\.\d+)?)|Z(?P<z0>\d+(?:\.\d+)?)(?:-(?P<z1>\d+(?:\.\d+)?))?)$"
)
TOOL = re.compile(r"; tool (\d+(?:\.\d+)?(?:e[-+]?\d+)?) mm$")
ARC_STEP = 0.01
"""Largest chord error (mm) when an outline's arcs become polygon edges."""


@dataclass(frozen=True)
class LayerSpec:
    """What a layer name says."""

    kind: OperationKind
    depth: float
    start: float
    through: bool
    diameter: float | None


def parse_layer(name: str) -> LayerSpec | None:
    """The operation a layer name states, or ``None`` (annotate layers, foreign layers)."""
    found = LAYER.match(name)
    if found is None:
        return None
    kind = cast(OperationKind, found["kind"].lower())
    diameter = float(found["d"]) if found["d"] else None
    if found["thru"]:
        return LayerSpec(kind, float(found["thru"]), 0.0, True, diameter)
    z0 = float(found["z0"])
    if found["z1"]:
        return LayerSpec(kind, float(found["z1"]) - z0, z0, False, diameter)
    return LayerSpec(kind, z0, 0.0, False, diameter)


def plan_from_dxf(path: Path, name: str) -> MachiningPlan | None:
    """The machining plan in the DXF at ``path`` (annotations left out), or ``None`` when it
    is not a router part (no through cut, or an operation that names no cutter)."""
    doc = ezdxf.readfile(path)
    msp = doc.modelspace()
    operations: list[Operation] = []
    thickness = 0.0
    for layer in doc.layers:
        spec = parse_layer(layer.dxf.name)
        if spec is None:
            continue
        found = TOOL.search(layer.description or "")
        if found is None:
            return None  # no cutter named: not a router part
        entities: list[Entity] = []
        for entity in msp.query(f'*[layer=="{layer.dxf.name}"]'):
            if entity.dxftype() == "CIRCLE":
                c = entity.dxf.center
                entities.append(Circle((float(c.x), float(c.y)), float(entity.dxf.radius)))
            elif isinstance(entity, LWPolyline):
                rows = list(entity.get_points("xyb"))
                points = tuple((float(x), float(y)) for x, y, _ in rows)
                bulges = tuple(float(b) for _, _, b in rows)
                entities.append(Polyline(points, bulges, bool(entity.closed)))
        if spec.through:
            thickness = max(thickness, spec.depth)
        operations.append(
            Operation(
                spec.kind,
                layer.dxf.name,
                tuple(entities),
                depth=spec.depth,
                tool_diameter=float(found.group(1)),
                start=spec.start,
                description=layer.description.rsplit("; tool", 1)[0],
            )
        )
    if thickness <= 0 or not any(op.kind == "cut" for op in operations):
        return None
    return MachiningPlan(name=name, thickness=thickness, operations=tuple(operations))


def variant_plans(variant: Variant) -> list[tuple[Artifact, MachiningPlan]]:
    """The router parts of ``variant``: each ``cad/dxf`` artifact written and read back."""
    own = variant.definition.artifacts
    if own is None:
        return []
    found: list[tuple[Artifact, MachiningPlan]] = []
    with tempfile.TemporaryDirectory(prefix="plywright-cam-") as scratch:
        for artifact in own(variant):
            if artifact.kind != "cad/dxf":
                continue
            path = Path(scratch) / f"{len(found)}.dxf"
            artifact.write(path)
            plan = plan_from_dxf(path, f"{variant.name} {Path(artifact.path).stem}")
            if plan is not None:
                found.append((artifact, plan))
    return found


def entity_polygon(entity: Entity) -> Polygon:
    """A closed entity as a shapely polygon (arcs within :data:`ARC_STEP`)."""
    if isinstance(entity, Circle):
        (cx, cy), r = entity.centre, entity.radius
        n = arc_segments(r, 2 * math.pi)
        angles = (2 * math.pi * k / n for k in range(n))
        return Polygon([(cx + r * math.cos(a), cy + r * math.sin(a)) for a in angles])
    if isinstance(entity, Polyline):
        return Polygon(flatten_polyline(entity.points, entity.bulges, entity.closed, ARC_STEP))
    raise TypeError(f"{type(entity).__name__} is not a closed outline")


def arc_segments(radius: float, sweep: float) -> int:
    """Segments for an arc so that the chord error stays within :data:`ARC_STEP`."""
    if radius <= ARC_STEP:
        return 4
    step = 2 * math.acos(max(-1.0, 1 - ARC_STEP / radius))
    return max(4, math.ceil(abs(sweep) / step))


@dataclass(frozen=True)
class Part:
    """One separate piece: its outline (the finished edge) and the operations inside it.

    ``plan`` holds only this part's entities (its outline as the one cut); coordinates are
    those of the source plan.
    """

    plan: MachiningPlan
    outline: Polygon
    """The finished outline as a polygon (plan coordinates)."""

    @property
    def bounds(self) -> Bounds:
        x0, y0, x1, y1 = self.outline.bounds
        return (float(x0), float(y0), float(x1), float(y1))

    @property
    def area(self) -> float:
        return float(self.outline.area)


def split_parts(plan: MachiningPlan) -> list[Part]:
    """The separate parts of ``plan``: every cut contour not inside another one, each with the
    entities of the other operations that lie inside it."""
    contours = [
        (op, entity, entity_polygon(entity))
        for op in plan.of_kind("cut")
        for entity in op.entities
        if not (isinstance(entity, Polyline) and not entity.closed)
    ]
    outer = [
        c for c in contours if not any(o[2].contains(c[2]) for o in contours if o[1] is not c[1])
    ]
    parts = []
    for number, (cut_op, outline_entity, polygon) in enumerate(outer):
        operations: list[Operation] = []
        for op in plan.operations:
            if op.kind == "cut":
                entities: Sequence[Entity] = (
                    [outline_entity]
                    if op is cut_op
                    else []  # inner cut contours would be their own operation
                )
                inner = [
                    e
                    for e in op.entities
                    if e is not outline_entity and polygon.contains(_anchor(e))
                ]
                entities = [*entities, *inner]
            else:
                entities = [e for e in op.entities if polygon.contains(_anchor(e))]
            if entities:
                operations.append(_with(op, tuple(entities)))
        name = plan.name if len(outer) == 1 else f"{plan.name} #{number + 1}"
        parts.append(Part(MachiningPlan(name, plan.thickness, tuple(operations)), polygon))
    return parts


def _anchor(entity: Entity) -> ShapelyPoint:
    """A point that says which part an entity belongs to."""
    if isinstance(entity, Circle):
        return ShapelyPoint(entity.centre)
    if isinstance(entity, Polyline):
        return ShapelyPoint(entity.points[0])
    return ShapelyPoint(entity.position)


def _with(op: Operation, entities: tuple[Entity, ...]) -> Operation:
    return Operation(
        op.kind,
        op.layer,
        entities,
        op.depth,
        op.tool_diameter,
        op.start,
        op.description,
        op.wording,
    )


def parts_of(plans: Sequence[MachiningPlan]) -> list[Part]:
    """Every part of every plan, in plan order."""
    return [part for plan in plans for part in split_parts(plan)]


__all__ = [
    "Part",
    "Point",
    "parse_layer",
    "parts_of",
    "plan_from_dxf",
    "split_parts",
    "variant_plans",
]
