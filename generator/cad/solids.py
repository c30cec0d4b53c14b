"""CadQuery solids from machining plans: the stock plate with every operation cut in one boolean.

The part sits with its top face at ``Z = 0`` and its bottom at ``Z = -thickness`` (the plan's
convention), X/Y as in the plan. Operations become tool bodies:

* ``cut``: the largest outline is extruded into the plate; other cut shapes go through it;
* ``drill`` / ``chamfer``: circles become revolved cutters (flat-bottom hole, 45° chamfer);
  the cutters at one centre are fused once per distinct hole profile and placed as copies;
* ``pocket``: closed shapes cleared to ``depth``;
* ``engrave``: a flat groove of the tool's width centred on the line (a V-bit is modelled by
  its width at the engraving depth);
* ``annotate``: not modelled.

All tool bodies go into one boolean cut (every body a separate tool argument, so they may
overlap, as a chamfer and its hole do), so 181 holes cost one operation, not 181.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

import cadquery as cq

from plywright.cad.geometry2d import Arc, Point, polyline_segments
from plywright.cad.plan import Circle, Entity, MachiningPlan, Operation, Polyline

OVERCUT = 0.1
"""Tool bodies reach this far past the faces they open, so no face is coincident."""

HoleStep = tuple[str, float, float, float]
"""``(kind, radius, start, depth)`` of one circle operation at a hole centre."""


def polyline_wire(polyline: Polyline, z: float = 0.0) -> cq.Wire:
    """A closed planar wire at height ``z`` (lines and three-point arcs)."""
    if not polyline.closed:
        raise ValueError("solids need closed polylines")
    edges = []
    for seg in polyline_segments(polyline.points, polyline.bulges, closed=True):
        if isinstance(seg, Arc):
            mid = seg.point_at(seg.start_angle + seg.sweep / 2)
            start, end = seg.point_at(seg.start_angle), seg.point_at(seg.start_angle + seg.sweep)
            edges.append(cq.Edge.makeThreePointArc(_v(start, z), _v(mid, z), _v(end, z)))
        else:
            edges.append(cq.Edge.makeLine(_v(seg[0], z), _v(seg[1], z)))
    return cq.Wire.assembleEdges(edges)


def _v(p: Point, z: float) -> cq.Vector:
    return cq.Vector(p[0], p[1], z)


def prism(outer: cq.Wire, top: float, bottom: float, inner: Sequence[cq.Wire] = ()) -> cq.Solid:
    """Extrude a face whose wires lie at ``z = top`` down to ``z = bottom``."""
    face = cq.Face.makeFromWires(outer, list(inner))
    return cq.Solid.extrudeLinear(face, cq.Vector(0, 0, bottom - top))


def revolved(profile: Sequence[Point]) -> cq.Solid:
    """Revolve a closed ``(radius, z)`` profile (touching the axis) around the Z axis."""
    wire = cq.Wire.makePolygon([cq.Vector(r, 0, z) for r, z in profile], close=True)
    return cq.Solid.revolve(
        cq.Face.makeFromWires(wire), 360, cq.Vector(0, 0, 0), cq.Vector(0, 0, 1)
    )


def _hole_profile(step: HoleStep, thickness: float) -> list[Point]:
    kind, radius, start, depth = step
    top = -start + OVERCUT
    bottom = -(start + depth)
    if start + depth >= thickness - 1e-9:
        bottom = -thickness - OVERCUT
    if kind == "chamfer":
        return [(0, top), (radius, top), (radius, -start), (radius - depth, bottom), (0, bottom)]
    return [(0, top), (radius, top), (radius, bottom), (0, bottom)]


def hole_cutter(steps: Sequence[HoleStep], thickness: float) -> cq.Shape:
    """One cutter at the origin for all circle operations sharing a centre."""
    solids = [revolved(_hole_profile(step, thickness)) for step in steps]
    return solids[0] if len(solids) == 1 else solids[0].fuse(*solids[1:]).clean()


def _hole_cutters(ops: Sequence[Operation], thickness: float) -> list[cq.Shape]:
    steps: dict[Point, list[HoleStep]] = defaultdict(list)
    for op in ops:
        for e in op.entities:
            assert isinstance(e, Circle)
            steps[e.centre].append((op.kind, e.radius, op.start, op.depth))
    by_profile: dict[tuple[HoleStep, ...], list[Point]] = defaultdict(list)
    for centre, at_centre in steps.items():
        by_profile[tuple(sorted(at_centre))].append(centre)
    out: list[cq.Shape] = []
    for profile, centres in by_profile.items():
        cutter = hole_cutter(profile, thickness)
        out += [cutter.moved(cq.Location(cq.Vector(x, y, 0))) for x, y in centres]
    return out


def _area_tools(op: Operation, entities: Sequence[Entity], thickness: float) -> list[cq.Shape]:
    """Prisms for cut-through shapes and pockets, grooves along engraved lines."""
    top = -op.start + OVERCUT
    bottom = -(op.start + op.depth) if op.kind != "cut" else -thickness - OVERCUT
    if op.kind == "engrave" and op.tool_diameter <= 0:
        raise ValueError(f"{op.layer}: engraving needs a tool diameter (the groove width)")
    out: list[cq.Shape] = []
    for e in entities:
        if isinstance(e, Circle):
            e = Polyline.circle(e.centre, e.radius)
        if not isinstance(e, Polyline):
            continue
        wire = polyline_wire(e, top)
        if op.kind == "engrave":
            half = op.tool_diameter / 2
            outer = max(wire.offset2D(half), key=lambda w: w.BoundingBox().DiagonalLength)
            inner = wire.offset2D(-half)
            out.append(prism(outer, top, bottom, inner))
        else:
            out.append(prism(wire, top, bottom))
    return out


def plan_solid(plan: MachiningPlan) -> cq.Solid:
    """The finished part: outline plate minus every operation, in one boolean cut."""
    outline = plan.outline()
    plate = prism(polyline_wire(outline, 0.0), 0.0, -plan.thickness)
    tools: list[cq.Shape] = _hole_cutters(plan.of_kind("drill", "chamfer"), plan.thickness)
    for op in plan.of_kind("cut", "pocket", "engrave"):
        inner = [e for e in op.entities if e != outline]
        tools += _area_tools(op, inner, plan.thickness)
    if not tools:
        return plate
    result = plate.cut(*tools)
    solids = result.Solids()
    if len(solids) != 1:
        raise ValueError(f"{plan.name}: machining leaves {len(solids)} pieces, expected one part")
    return solids[0]
