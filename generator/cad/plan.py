"""The 2D machining plan: what a CNC router (or laser, or drill press) does to one flat part.

Every exporter of flat parts reads a :class:`MachiningPlan` — the DXF and SVG writers, the
CadQuery solid builder and the 1:1 drill templates — so the files always agree.

Conventions (``ORIGIN_NOTES`` states them; plans carry them in ``notes``, which the SVG
writer copies into ``<desc>`` and :func:`notes_operation` puts on an annotate layer):

* units are millimetres; X to the right, **Y up**;
* the origin ``(0, 0)`` is the **lower-left corner of the part's bounding box** (the finished
  outline), so every machined coordinate is positive;
* ``Z = 0`` is the top face of the stock; depths are measured downward from it, and an
  operation may start below the top face (``start``, e.g. a hole chamfer in a pocket floor);
* outlines are the finished edge: the CAM offsets the cutter outside them.

Operations are listed in machining order (markings, holes, then the outline last so the part
stays held), and each has its own layer named after what it does, e.g. ``DRILL_D8.2_Z10``.
The layer name and ``description`` are for the machine files (English, technical); what a
print says about an operation is its :class:`Wording`: a locale key and the values it fills in,
rendered in the print's language (``print.operation.*`` in the core's locale files).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from plywright.cad.geometry2d import (
    Bounds,
    Point,
    circle_polyline,
    polyline_bounds,
    union_bounds,
)

OperationKind = Literal["cut", "drill", "chamfer", "pocket", "engrave", "annotate"]

ORIGIN_NOTES = (
    "Units mm. Origin (0,0) = lower-left corner of the part's bounding box; X right, Y up.",
    "Z0 = top face of the stock, depths downward. Outlines are the finished edge (cutter outside).",
)


@dataclass(frozen=True)
class LayerStyle:
    """How one kind of operation is drawn: SVG colour (laser convention) and DXF colour index."""

    colour: str
    aci: int
    fill: bool = False


STYLES: dict[OperationKind, LayerStyle] = {
    "cut": LayerStyle("#ff0000", 1),  # red hairline: cut through
    "drill": LayerStyle("#00a000", 3),  # green: drilled holes
    "chamfer": LayerStyle("#00a0a0", 4),  # cyan: hole chamfers / countersinks
    "engrave": LayerStyle("#0000ff", 5),  # blue: vector engraving along the line
    "pocket": LayerStyle("#808080", 8, fill=True),  # grey fill: area cleared to a depth
    "annotate": LayerStyle("#ff8000", 30),  # orange: notes, never machined
}
"""The colour convention shared by the DXF and SVG writers (documented in both files)."""


def mm(value: float) -> str:
    """A length for a layer name: ``8.2``, ``10``, ``0.5`` (at most two decimals)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text if text != "-0" else "0"


def layer_name(
    kind: OperationKind,
    *,
    depth: float = 0.0,
    start: float = 0.0,
    diameter: float | None = None,
    through: bool = False,
    what: str = "",
) -> str:
    """A layer name that states the operation: ``DRILL_D8.2_Z10``, ``CUT_OUTLINE_THRU_18``.

    ``Z<a>-<b>`` means from depth ``a`` down to depth ``b`` (an operation that starts below the
    top face).
    """
    parts = [kind.upper()]
    if what:
        parts.append(what.upper())
    if diameter is not None:
        parts.append(f"D{mm(diameter)}")
    if through:
        parts.append(f"THRU_{mm(depth)}")
    elif kind != "annotate":
        parts.append(f"Z{mm(start)}-{mm(start + depth)}" if start else f"Z{mm(depth)}")
    return "_".join(parts)


@dataclass(frozen=True)
class Circle:
    centre: Point
    radius: float

    def translated(self, dx: float, dy: float) -> Circle:
        return Circle((self.centre[0] + dx, self.centre[1] + dy), self.radius)

    def bounds(self) -> Bounds:
        (x, y), r = self.centre, self.radius
        return (x - r, y - r, x + r, y + r)


@dataclass(frozen=True)
class Polyline:
    """Vertices with one bulge each (see :mod:`plywright.cad.geometry2d`)."""

    points: tuple[Point, ...]
    bulges: tuple[float, ...]
    closed: bool = True

    def __post_init__(self) -> None:
        if len(self.points) != len(self.bulges) or len(self.points) < 2:
            raise ValueError("a polyline needs at least two points and one bulge per point")

    @classmethod
    def of(
        cls, points: Sequence[Point], bulges: Sequence[float] | None = None, closed: bool = True
    ) -> Polyline:
        return cls(
            tuple(points), tuple(bulges) if bulges is not None else (0.0,) * len(points), closed
        )

    @classmethod
    def circle(cls, centre: Point, radius: float) -> Polyline:
        return cls.of(*circle_polyline(centre, radius))

    def translated(self, dx: float, dy: float) -> Polyline:
        return Polyline(tuple((x + dx, y + dy) for x, y in self.points), self.bulges, self.closed)

    def bounds(self) -> Bounds:
        return polyline_bounds(self.points, self.bulges, self.closed)


@dataclass(frozen=True)
class Text:
    """A single line of text, ``position`` at the left end of its baseline."""

    position: Point
    text: str
    height: float

    def translated(self, dx: float, dy: float) -> Text:
        return Text((self.position[0] + dx, self.position[1] + dy), self.text, self.height)

    def bounds(self) -> Bounds:
        x, y = self.position
        return (x, y - 0.25 * self.height, x + 0.6 * self.height * len(self.text), y + self.height)


Entity = Circle | Polyline | Text
Value = int | float | str


@dataclass(frozen=True)
class Wording:
    """What a print says about an operation: a locale ``key`` (e.g.
    ``print.operation.drill_blind``) and the values its text fills in (floats are lengths in
    mm, formatted in the print's language)."""

    key: str
    values: tuple[tuple[str, Value], ...] = ()

    @classmethod
    def of(cls, key: str, **values: Value) -> Wording:
        return cls(key, tuple(sorted(values.items())))


@dataclass(frozen=True)
class Operation:
    """One machining step on its own layer.

    ``depth`` is how deep the tool goes below ``start`` (both downward from the top face);
    a ``cut`` whose depth is the stock thickness goes through. ``tool_diameter`` is the
    intended cutter (the drill for holes, the bit width for engraving).
    """

    kind: OperationKind
    layer: str
    entities: tuple[Entity, ...]
    depth: float = 0.0
    tool_diameter: float = 0.0
    start: float = 0.0
    description: str = ""
    wording: Wording | None = None
    """What the prints say about it; ``None``: the prints leave it out."""

    def __post_init__(self) -> None:
        if self.depth < 0 or self.start < 0 or self.tool_diameter < 0:
            raise ValueError(f"{self.layer}: depth, start and tool diameter must not be negative")
        texts = any(isinstance(e, Text) for e in self.entities)
        if texts and self.kind != "annotate":
            raise ValueError(f"{self.layer}: text belongs on annotate layers only")
        if self.kind in ("drill", "chamfer") and not all(
            isinstance(e, Circle) for e in self.entities
        ):
            raise ValueError(f"{self.layer}: {self.kind} operations hold circles only")
        if len(set(self.entities)) != len(self.entities):
            raise ValueError(f"{self.layer}: duplicate entities")

    def translated(self, dx: float, dy: float) -> Operation:
        moved = tuple(e.translated(dx, dy) for e in self.entities)
        return Operation(
            self.kind,
            self.layer,
            moved,
            self.depth,
            self.tool_diameter,
            self.start,
            self.description,
            self.wording,
        )

    def bounds(self) -> Bounds:
        return union_bounds(e.bounds() for e in self.entities)


@dataclass(frozen=True)
class MachiningPlan:
    """All operations on one flat part cut from stock of ``thickness`` mm."""

    name: str
    thickness: float
    operations: tuple[Operation, ...]
    notes: tuple[str, ...] = ORIGIN_NOTES

    def __post_init__(self) -> None:
        layers = [op.layer for op in self.operations]
        if len(set(layers)) != len(layers):
            raise ValueError(f"{self.name}: two operations share a layer name")
        if not any(op.kind == "cut" for op in self.operations):
            raise ValueError(f"{self.name}: a plan needs at least one cut (the outline)")

    def __iter__(self) -> Iterator[Operation]:
        return iter(self.operations)

    def of_kind(self, *kinds: OperationKind) -> list[Operation]:
        return [op for op in self.operations if op.kind in kinds]

    def layer(self, name: str) -> Operation:
        for op in self.operations:
            if op.layer == name:
                return op
        raise KeyError(name)

    def outline(self) -> Polyline:
        """The outer boundary: the cut polyline with the largest bounding box."""
        polylines = [
            e for op in self.of_kind("cut") for e in op.entities if isinstance(e, Polyline)
        ]
        if not polylines:
            raise ValueError(f"{self.name}: no closed cut outline")
        return max(polylines, key=lambda p: _box_area(p.bounds()))

    def part_bounds(self) -> Bounds:
        """Bounds of the machined part (annotations excluded)."""
        return union_bounds(op.bounds() for op in self.operations if op.kind != "annotate")

    def bounds(self) -> Bounds:
        """Bounds of everything in the plan, annotations included."""
        return union_bounds(op.bounds() for op in self.operations if op.entities)

    @property
    def size(self) -> tuple[float, float]:
        """Width and height of the part's bounding box."""
        x0, y0, x1, y1 = self.part_bounds()
        return (x1 - x0, y1 - y0)


def _box_area(box: Bounds) -> float:
    return (box[2] - box[0]) * (box[3] - box[1])


def note_lines(lines: Sequence[str], top_left: Point, height: float) -> tuple[Text, ...]:
    """Text lines stacked downward from ``top_left`` (line spacing 1.6 × height)."""
    x, y = top_left
    return tuple(
        Text((x, y - height - i * 1.6 * height), line, height) for i, line in enumerate(lines)
    )


def notes_operation(
    notes: Sequence[str], part_bounds: Bounds, *, height: float = 4.0, layer: str = "ANNOTATE_NOTES"
) -> Operation:
    """The notes as text lines just under the part, on an annotate layer (never machined)."""
    x0, y0, _, _ = part_bounds
    lines = note_lines(notes, (x0, y0 - height), height)
    return Operation("annotate", layer, lines, description="notes, not machined")
