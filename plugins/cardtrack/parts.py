"""Konstruktsiia's wooden tokens as machined: the token board's plan and the token solids.

The token set (how many of which size, in whose colour) comes from
:mod:`plywright.plugins.cardtrack.tokens`. The board plan nests every token on one board of
``sheet_width × sheet_height`` mm: one layer per operation (engraved ring on the big tokens, then
the small and the big tokens cut through), the board's edge on an annotate layer (never machined:
it shows where to clamp the stock and set the origin, its lower-left corner) and the board's size
in the notes. Tokens are cut as circles at their finished diameter; the CAM offsets the cutter
outside them and should leave tabs so the discs stay held.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from plywright.cad.geometry2d import Point
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
from plywright.plugins.cardtrack.production import CardtrackProduction
from plywright.plugins.cardtrack.tokens import Token

if TYPE_CHECKING:
    import cadquery as cq

RING_SHARE = 0.62
"""Diameter of the engraved ring on a big token, as a share of the token diameter."""
ENGRAVE_WIDTH = 1.0
"""Width (mm) of the engraved ring (V-bit width at the engraving depth)."""
EDGE_CHAMFER = 0.6
"""45-degree chamfer (mm) on the top and bottom edges of the solid tokens."""


@dataclass(frozen=True)
class Placed:
    """A token and where its centre lies on the board (plan mm)."""

    token: Token
    centre: Point


def gap(production: CardtrackProduction) -> float:
    """Wood between neighbouring tokens and from the board edge: never below the cutter."""
    return max(production.part_spacing, production.tool_diameter)


def nest_tokens(tokens: tuple[Token, ...], production: CardtrackProduction) -> list[Placed] | None:
    """Tokens in rows, big first, left to right from the board's lower-left corner.

    ``None`` when they do not fit the board.
    """
    space = gap(production)
    out: list[Placed] = []
    x, y, row_height = space, space, 0.0
    for token in sorted(tokens, key=lambda t: (-t.diameter, t.player)):
        d = token.diameter
        if x + d + space > production.sheet_width + 1e-9:
            x, y, row_height = space, y + row_height + space, 0.0
        if x + d + space > production.sheet_width + 1e-9:
            return None
        if y + d + space > production.sheet_height + 1e-9:
            return None
        out.append(Placed(token, (x + d / 2, y + d / 2)))
        x += d + space
        row_height = max(row_height, d)
    return out


def token_plan(
    tokens: tuple[Token, ...], production: CardtrackProduction, title: str
) -> MachiningPlan:
    """The machining plan of every token on one board (raises ``ValueError`` if they do not fit)."""
    placed = nest_tokens(tokens, production)
    if placed is None:
        raise ValueError(
            f"{len(tokens)} tokens do not fit a {mm(production.sheet_width)} x "
            f"{mm(production.sheet_height)} mm board"
        )
    p = production
    thick = p.wood_thickness
    ops: list[Operation] = []
    big = [t for t in placed if t.token.kind == "big"]
    small = [t for t in placed if t.token.kind == "small"]
    if big and p.engrave_depth > 0:
        ring = RING_SHARE * p.big_token / 2
        ops.append(
            Operation(
                "engrave",
                layer_name("engrave", depth=p.engrave_depth, what="ring"),
                tuple(Polyline.circle(t.centre, ring) for t in big),
                depth=p.engrave_depth,
                tool_diameter=ENGRAVE_WIDTH,
                description=f"ring D{mm(2 * ring)} on each big token, {mm(ENGRAVE_WIDTH)} mm wide",
                wording=Wording.of(
                    "print.operation.engrave_rings",
                    count=len(big),
                    diameter=2 * ring,
                    width=ENGRAVE_WIDTH,
                    depth=p.engrave_depth,
                ),
            )
        )
    for kind, group, diameter in (("small", small, p.small_token), ("big", big, p.big_token)):
        if not group:
            continue
        ops.append(
            Operation(
                "cut",
                layer_name("cut", depth=thick, through=True, what=kind, diameter=diameter),
                tuple(Circle(t.centre, diameter / 2) for t in group),
                depth=thick,
                tool_diameter=p.tool_diameter,
                description=f"{len(group)} {kind} tokens D{mm(diameter)}, cut through, "
                "cutter outside, leave tabs",
                wording=Wording.of(
                    "print.operation.cut_discs", count=len(group), diameter=diameter
                ),
            )
        )
    notes = (
        f"{title}: {len(big)} big and {len(small)} small Konstruktsiia tokens from one "
        f"{mm(p.sheet_width)} x {mm(p.sheet_height)} x {mm(thick)} mm board.",
        "Units mm. Origin (0,0) = lower-left corner of the board (layer ANNOTATE_BOARD); "
        "X right, Y up.",
        *ORIGIN_NOTES[1:],
        "Stain or paint half of each size black and half red after sanding.",
    )
    w, h = p.sheet_width, p.sheet_height
    edge = Polyline.of([(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)])
    ops.append(
        Operation(
            "annotate",
            layer_name("annotate", what="board"),
            (edge,),
            description=f"board edge {mm(w)} x {mm(h)} mm, not machined",
        )
    )
    board = (0.0, 0.0, w, h)
    ops.append(notes_operation(notes, board, height=3.0))
    return MachiningPlan(name=title, thickness=thick, operations=tuple(ops), notes=notes)


def token_solid(diameter: float, production: CardtrackProduction, *, ring: bool) -> cq.Solid:
    """One wooden token: a disc of ``wood_thickness`` with chamfered edges (top face at Z=0),
    with the engraved ring when ``ring``."""
    import cadquery as cq  # imported here: CadQuery is slow to load and only builds need it

    p = production
    radius, thick = diameter / 2, p.wood_thickness
    chamfer = min(EDGE_CHAMFER, 0.2 * thick, 0.1 * radius)
    disc = (
        cq.Workplane("XY")
        .workplane(offset=-thick)
        .circle(radius)
        .extrude(thick)
        .edges()
        .chamfer(chamfer)
    )
    if ring and p.engrave_depth > 0:
        mid = RING_SHARE * p.big_token / 2
        groove = (
            cq.Workplane("XY")
            .workplane(offset=-p.engrave_depth)
            .circle(mid + ENGRAVE_WIDTH / 2)
            .circle(mid - ENGRAVE_WIDTH / 2)
            .extrude(p.engrave_depth + 0.1)
        )
        disc = disc.cut(groove)
    (solid,) = disc.findSolid().Solids()
    return solid


def token_volume(diameter: float, production: CardtrackProduction) -> float:
    """Volume (mm³) of a plain disc of the token's size, before chamfers (for tests and BOM)."""
    return math.pi * (diameter / 2) ** 2 * production.wood_thickness
