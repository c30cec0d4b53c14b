"""The wooden Kubb pieces: saw profiles, their machining plans and the CadQuery solids.

Kubb, king and marker stake are square timber. Each is shaped by one side profile sawn twice:
through one face, then, turned 90 degrees about its long axis, through the next face. So the
solid is the intersection of the profile extruded across Y with the same profile extruded
across X, and the profile here feeds the DXF, the 1:1 crown template and the solid alike.

* kubb: a rectangle ``kubb_width`` x ``kubb_height`` with 45-degree chamfers at both ends;
* king: ``king_width`` x ``king_height``, the top a zigzag of ``crown_points`` points per face
  (points at both edges, V notches ``crown_height`` deep between them), the foot chamfered;
* stake: ``stake_width`` x ``stake_length`` with a point ``stake_point`` long at the bottom;
* baton: a round dowel with 45-degree chamfers at both ends (turned or sanded, not sawn).

Profiles are in plan coordinates (mm, origin at the lower-left corner, y up = along the piece);
solids stand on the XY plane (foot at Z = 0), centred on the Z axis.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from plywright.cad.geometry2d import Point
from plywright.cad.plan import (
    ORIGIN_NOTES,
    MachiningPlan,
    Operation,
    Polyline,
    layer_name,
    mm,
    notes_operation,
)
from plywright.plugins.kubb.production import KubbProduction

if TYPE_CHECKING:
    import cadquery as cq

NOTE_HEIGHT = 3.5
"""Height of note text under a profile (mm)."""
TEMPLATE_BAND = 40.0
"""Wood below the deepest crown notch that the crown template shows (mm)."""


# -- profiles --------------------------------------------------------------------------------


def chamfered_rectangle(width: float, height: float, bottom: float, top: float) -> list[Point]:
    """A ``width`` x ``height`` rectangle (lower-left at 0, 0) with 45-degree corner chamfers,
    ``bottom`` at the two lower corners and ``top`` at the two upper ones; counter-clockwise."""
    w, h = width, height
    points = (
        [(bottom, 0.0), (w - bottom, 0.0), (w, bottom)] if bottom > 0 else [(0.0, 0.0), (w, 0.0)]
    )
    points += (
        [(w, h - top), (w - top, h), (top, h), (0.0, h - top)] if top > 0 else [(w, h), (0.0, h)]
    )
    if bottom > 0:
        points.append((0.0, bottom))
    return points


def _dedupe(points: Sequence[Point]) -> list[Point]:
    out: list[Point] = []
    for p in points:
        if not out or (abs(p[0] - out[-1][0]) > 1e-9 or abs(p[1] - out[-1][1]) > 1e-9):
            out.append(p)
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def kubb_profile(p: KubbProduction) -> list[Point]:
    """The kubb's side: ``kubb_width`` x ``kubb_height``, both ends chamfered."""
    return chamfered_rectangle(p.kubb_width, p.kubb_height, p.kubb_chamfer, p.kubb_chamfer)


def crown_points_x(p: KubbProduction) -> list[float]:
    """X of every crown point along one face (both edges included)."""
    n = p.crown_points
    return [p.king_width * i / (n - 1) for i in range(n)]


def crown_zigzag(p: KubbProduction, base: float) -> list[Point]:
    """The crown line from the right edge to the left edge: points at height ``base``, V notches
    ``crown_height`` below it, halfway between neighbouring points."""
    xs = crown_points_x(p)
    line: list[Point] = []
    for i in range(len(xs) - 1, 0, -1):
        line.append((xs[i], base))
        line.append(((xs[i] + xs[i - 1]) / 2, base - p.crown_height))
    line.append((xs[0], base))
    return line


def king_profile(p: KubbProduction) -> list[Point]:
    """The king's side: chamfered foot, straight sides, crown of V notches on top (CCW)."""
    w, h, c = p.king_width, p.king_height, p.king_chamfer
    foot = [(c, 0.0), (w - c, 0.0), (w, c)] if c > 0 else [(0.0, 0.0), (w, 0.0)]
    left = [(0.0, c)] if c > 0 else []
    return _dedupe([*foot, *crown_zigzag(p, h), *left])


def crown_template_profile(p: KubbProduction) -> list[Point]:
    """The top of the king's side down to ``TEMPLATE_BAND`` below the deepest notch (CCW)."""
    band = p.crown_height + TEMPLATE_BAND
    return _dedupe([(0.0, 0.0), (p.king_width, 0.0), *crown_zigzag(p, band)])


def stake_profile(p: KubbProduction) -> list[Point]:
    """The stake's side: ``stake_width`` x ``stake_length``, pointed at the bottom (CCW)."""
    w, length, point = p.stake_width, p.stake_length, p.stake_point
    if point <= 0:
        return [(0.0, 0.0), (w, 0.0), (w, length), (0.0, length)]
    return [(w / 2, 0.0), (w, point), (w, length), (0.0, length), (0.0, point)]


def profile_bounds(points: Sequence[Point]) -> tuple[float, float, float, float]:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return (min(xs), min(ys), max(xs), max(ys))


# -- machining plans (DXF, template) --------------------------------------------------------


@dataclass(frozen=True)
class Profile:
    """One sawn profile: what it is, its outline, the stock it goes through."""

    key: str
    """File stem and layer word: ``kubb-end-chamfers``, ``king-crown``, ``stake-point``."""
    title: str
    points: tuple[Point, ...]
    thickness: float
    """The square section the saw cuts through (mm)."""
    how: str


def profiles(p: KubbProduction) -> list[Profile]:
    """Every sawn profile of a set."""
    twice = "saw through one face, turn the piece 90 degrees about its long axis, saw again"
    return [
        Profile(
            "kubb-end-chamfers",
            f"kubb {mm(p.kubb_width)} x {mm(p.kubb_width)} x {mm(p.kubb_height)} mm, "
            f"{mm(p.kubb_chamfer)} mm end chamfers",
            tuple(kubb_profile(p)),
            p.kubb_width,
            f"crosscut to {mm(p.kubb_height)} mm; chamfer both ends 45 degrees "
            f"{mm(p.kubb_chamfer)} mm on all four edges ({twice})",
        ),
        Profile(
            "king-crown",
            f"king {mm(p.king_width)} x {mm(p.king_width)} x {mm(p.king_height)} mm, crown of "
            f"{p.crown_points} points per face, notches {mm(p.crown_height)} mm deep",
            tuple(king_profile(p)),
            p.king_width,
            f"crosscut to {mm(p.king_height)} mm; saw the crown notches ({twice}); chamfer the "
            f"foot {mm(p.king_chamfer)} mm",
        ),
        Profile(
            "stake-point",
            f"marker stake {mm(p.stake_width)} x {mm(p.stake_width)} x {mm(p.stake_length)} mm, "
            f"point {mm(p.stake_point)} mm long",
            tuple(stake_profile(p)),
            p.stake_width,
            f"crosscut to {mm(p.stake_length)} mm; saw the point ({twice})",
        ),
    ]


def profile_plan(profile: Profile, name: str) -> MachiningPlan:
    """The profile as a machining plan: one cut layer (the finished side), notes underneath."""
    outline = Polyline.of(profile.points)
    layer = layer_name(
        "cut", depth=profile.thickness, through=True, what=profile.key.replace("-", "_")
    )
    x0, y0, x1, y1 = outline.bounds()
    cut = Operation(
        "cut",
        layer,
        (outline,),
        depth=profile.thickness,
        description=f"{profile.how}; the line is the finished side",
    )
    notes = (
        f"{name}: {profile.title}.",
        f"Side profile {mm(x1 - x0)} x {mm(y1 - y0)} mm, cut through {mm(profile.thickness)} mm.",
        *ORIGIN_NOTES[:1],
    )
    annotate = notes_operation(notes, (x0, y0, x1, y1), height=NOTE_HEIGHT)
    return MachiningPlan(
        name=f"{name} {profile.key}",
        thickness=profile.thickness,
        operations=(cut, annotate),
        notes=notes,
    )


def crown_template_plan(p: KubbProduction, name: str) -> MachiningPlan:
    """The 1:1 crown template: the top of one king face with the crown line."""
    outline = Polyline.of(crown_template_profile(p))
    band = p.crown_height + TEMPLATE_BAND
    cut = Operation(
        "cut",
        layer_name("cut", depth=p.king_width, through=True, what="crown"),
        (outline,),
        depth=p.king_width,
        description=(
            f"crown line: {p.crown_points} points, notches {mm(p.crown_height)} mm deep; "
            "saw on the waste side of the line, turn the king 90 degrees, saw again"
        ),
    )
    notes = (
        f"{name}: crown template, king {mm(p.king_width)} mm square, 1:1.",
        f"Cut the paper along the crown line and the sides; lay it on a face with the points "
        f"flush with the top end; the lower edge is {mm(band)} mm below the top.",
    )
    return MachiningPlan(
        name=f"{name} crown template",
        thickness=p.king_width,
        operations=(cut,),
        notes=notes,
    )


# -- solids ---------------------------------------------------------------------------------


def _sawn_twice(points: Sequence[Point], width: float) -> cq.Solid:
    """The profile (x across, y up) extruded across Y, intersected with it extruded across X;
    centred on the Z axis, foot at Z = 0."""
    import cadquery as cq  # imported here: CadQuery is slow to load and only builds need it

    half = width / 2
    across_x = [cq.Vector(x - half, 0, y) for x, y in points]
    across_y = [cq.Vector(0, x - half, y) for x, y in points]
    face_xz = cq.Face.makeFromWires(cq.Wire.makePolygon(across_x, close=True))
    face_yz = cq.Face.makeFromWires(cq.Wire.makePolygon(across_y, close=True))
    slab_a = cq.Solid.extrudeLinear(
        face_xz.translate(cq.Vector(0, -half, 0)), cq.Vector(0, width, 0)
    )
    slab_b = cq.Solid.extrudeLinear(
        face_yz.translate(cq.Vector(-half, 0, 0)), cq.Vector(width, 0, 0)
    )
    common = slab_a.intersect(slab_b).clean()
    solids = common.Solids()
    if len(solids) != 1:
        raise ValueError(f"the profile gave {len(solids)} solids, expected one")
    return solids[0]


def kubb_solid(p: KubbProduction) -> cq.Solid:
    return _sawn_twice(kubb_profile(p), p.kubb_width)


def king_solid(p: KubbProduction) -> cq.Solid:
    return _sawn_twice(king_profile(p), p.king_width)


def stake_solid(p: KubbProduction) -> cq.Solid:
    return _sawn_twice(stake_profile(p), p.stake_width)


def baton_solid(p: KubbProduction) -> cq.Solid:
    """A round baton standing on its end, both end edges chamfered."""
    from plywright.cad.solids import revolved

    r, length, c = p.baton_diameter / 2, p.baton_length, p.baton_chamfer
    if c > 0:
        profile = [
            (0.0, 0.0),
            (r - c, 0.0),
            (r, c),
            (r, length - c),
            (r - c, length),
            (0.0, length),
        ]
    else:
        profile = [(0.0, 0.0), (r, 0.0), (r, length), (0.0, length)]
    return revolved(profile)
