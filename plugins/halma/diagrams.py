"""Rulebook diagrams of the star-halma board, drawn from the one geometry model.

A :class:`Scene` says what to show (which holes, which pegs, which hops, which seats) in hole
indices of :func:`plywright.plugins.halma.geometry.star_board`; :func:`render` turns it into a
ReportLab vector :class:`Drawing`. The rule figures' scenes are built by
:mod:`plywright.plugins.halma.examples` from the game's scenarios as the engine plays them; only
the plain board is built here. Coordinates are in pitch units (y down, as the geometry draws) until
:func:`render` scales and flips them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from reportlab.graphics.shapes import Circle, Drawing, Group, Polygon, PolyLine, String
from reportlab.lib import colors

from plywright.cad import geometry2d
from plywright.plugins.halma.geometry import DIRECTIONS, SQRT3_2, StarBoard, star_corners
from plywright.print.document import new_drawing
from plywright.print.fonts import register_fonts

Point = tuple[float, float]
Mark = Literal["", "ok", "bad"]
Shape = Literal["patch", "star", "hexagon", "circle"]

WOOD = "#f0dcb6"
WOOD_EDGE = "#b98d55"
HOLE = "#5b4129"
INK = "#1f1f1f"
OK = "#2e7d32"
BAD = "#c62828"

PEG_R = 0.36
HOLE_R = 0.14
MARKING_PAD = SQRT3_2 / 2
"""Distance (pitch units) from a triangle's corner holes to its outline, as the board is
engraved: half a row spacing (:func:`plywright.plugins.halma.parts.marking_offset`)."""
ROUND_TOLERANCE = 0.01
"""Largest gap (pitch units) between a rounded corner and the chords that draw it."""
PATCH_PAD = 0.62


@dataclass(frozen=True)
class Hop:
    """One arrow from hole ``start`` to hole ``end`` (a step or a single jump)."""

    start: int
    end: int
    mark: Mark = ""
    label: str = ""


@dataclass(frozen=True)
class Scene:
    """What one diagram shows; holes are indices into ``board.holes``."""

    holes: tuple[int, ...]
    pegs: tuple[tuple[int, str], ...] = ()
    """``(hole, colour)`` of every peg standing on the board."""
    ghosts: tuple[tuple[int, str], ...] = ()
    """``(hole, colour)`` where a moving peg ends (drawn pale, dashed)."""
    hops: tuple[Hop, ...] = ()
    tints: tuple[tuple[int, str | None], ...] = ()
    """``(point, colour)``: outline a triangle, filled pale in ``colour`` unless ``None``."""
    seats: tuple[tuple[int, str, str], ...] = ()
    """``(point, label, colour)``: a numbered badge beyond the tip of a triangle."""
    shape: Shape = "patch"
    edge: float = PATCH_PAD
    """Wood between the outermost hole centres and the board edge, in pitch units."""
    stamp: Mark = ""
    """A large tick or cross in the corner of the diagram."""
    tint_strength: float = 0.22
    """How much of its colour a tinted triangle keeps over the wood (0-1)."""

    def peg_map(self) -> dict[int, str]:
        return dict(self.pegs)


# -- small plane geometry -------------------------------------------------------------------


def convex_hull(points: Iterable[Point]) -> list[Point]:
    """Convex hull (Andrew's monotone chain), counter-clockwise in the math sense."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def cross(o: Point, a: Point, b: Point) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[Point] = []
    upper: list[Point] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 1e-9:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 1e-9:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def offset_polygon(points: Sequence[Point], distance: float) -> list[Point]:
    """Every edge of a simple polygon moved outwards by ``distance`` (mitred corners)."""
    area = sum(
        a[0] * b[1] - b[0] * a[1] for a, b in zip(points, [*points[1:], points[0]], strict=True)
    )
    sign = 1.0 if area > 0 else -1.0
    count = len(points)
    out: list[Point] = []
    for i in range(count):
        prev, here, nxt = points[i - 1], points[i], points[(i + 1) % count]
        normals = []
        for a, b in ((prev, here), (here, nxt)):
            dx, dy = b[0] - a[0], b[1] - a[1]
            length = math.hypot(dx, dy)
            normals.append((sign * dy / length, -sign * dx / length))
        (n1x, n1y), (n2x, n2y) = normals
        factor = distance / (1 + n1x * n2x + n1y * n2y)
        out.append((here[0] + (n1x + n2x) * factor, here[1] + (n1y + n2y) * factor))
    return out


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def mix(colour: str, other: str, amount: float) -> colors.Color:
    """``colour`` blended ``amount`` (0-1) of the way towards ``other``."""
    a, b = colors.HexColor(colour), colors.HexColor(other)
    return colors.Color(*(x + (y - x) * amount for x, y in zip(a.rgb(), b.rgb(), strict=True)))


def luminance(colour: str) -> float:
    r, g, b = colors.HexColor(colour).rgb()
    return 0.299 * r + 0.587 * g + 0.114 * b


# -- board shapes ---------------------------------------------------------------------------


def tip_directions(board: StarBoard) -> list[Point]:
    """Unit vectors from the centre towards the tip of each point P0-P5."""
    tips = star_corners(board.n)[0::2]
    out = []
    for q, r in tips:
        x, y = q + r / 2, math.sqrt(3) / 2 * r
        length = math.hypot(x, y)
        out.append((x / length, y / length))
    return out


CORNER_STEPS = 8
"""Segments of each rounded corner of a hexagonal board."""


def rounded_hexagon(tips: Sequence[Point], tip: float, edge: float) -> list[Point]:
    """The hexagon through the tips ``tip`` from the centre grown by ``edge``: each corner an
    arc of radius ``edge`` round its tip, as the board's outline is cut."""
    out: list[Point] = []
    count = len(tips)
    for i, (ux, uy) in enumerate(tips):
        before, after = tips[i - 1], tips[(i + 1) % count]
        start = math.atan2(before[1] + uy, before[0] + ux)
        end = math.atan2(after[1] + uy, after[0] + ux)
        sweep = (end - start + math.pi) % (2 * math.pi) - math.pi
        for k in range(CORNER_STEPS + 1):
            angle = start + sweep * k / CORNER_STEPS
            out.append((ux * tip + edge * math.cos(angle), uy * tip + edge * math.sin(angle)))
    return out


def rounded_offset(points: Sequence[Point], distance: float) -> list[Point]:
    """A polygon grown by ``distance`` with its convex corners round, as a cutter or an
    engraving tool leaves them (chords within :data:`ROUND_TOLERANCE`)."""
    vertices, bulges = geometry2d.offset_polygon(points, distance)
    return geometry2d.flatten_polyline(vertices, bulges, closed=True, tolerance=ROUND_TOLERANCE)


def board_polygon(board: StarBoard, shape: Shape, edge: float) -> list[Point]:
    """Outline of the whole board in pitch units; a circle comes back as a 72-gon."""
    tip = math.sqrt(3) * board.n
    if shape == "star":  # as cut: the points round (the inner corners' small fillet left out)
        return rounded_offset(board.outline(), edge)
    if shape == "hexagon":  # as cut: the tip holes' hull grown by ``edge``, corners round
        return rounded_hexagon(tip_directions(board), tip, edge)
    radius = tip + edge
    return [
        (radius * math.cos(2 * math.pi * k / 72), radius * math.sin(2 * math.pi * k / 72))
        for k in range(72)
    ]


def triangle_polygon(board: StarBoard, point: int) -> list[Point]:
    """The outline of triangle ``point`` as the board is engraved: round corners, half a row
    spacing beyond its holes (inside the board's edge, clear of the other triangles)."""
    return rounded_offset(convex_hull(board.xy(h) for h in board.points[point]), MARKING_PAD)


# -- scenes ---------------------------------------------------------------------------------


def hole_at(board: StarBoard, q: int, r: int) -> int:
    return board.index[(q, r)]


def patch(board: StarBoard, centre: tuple[int, int], radius: int) -> tuple[int, ...]:
    """The holes within ``radius`` steps of ``centre``."""
    return tuple(i for i, h in enumerate(board.holes) if hex_distance(h, centre) <= radius)


def board_scene(board: StarBoard, colours: Sequence[str], shape: Shape, edge: float) -> Scene:
    """The empty board, each triangle tinted in the colour of the pegs that start there."""
    return Scene(
        holes=tuple(range(len(board))),
        tints=tuple(enumerate(colours)),
        shape=shape,
        edge=edge,
        tint_strength=BOARD_TINT,
    )


def target_patch(board: StarBoard, rows_before: int) -> tuple[int, ...]:
    """Point P3 (the bottom triangle) and ``rows_before`` rows of the hexagon above it."""
    n = board.n
    return tuple(
        i
        for i, (q, r) in enumerate(board.holes)
        if r >= n + 1 - rows_before and q >= -n and q + r <= n
    )


# -- rendering ------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Frame:
    """Maps pitch units (y down) to drawing points (y up)."""

    scale: float
    left: float
    top: float

    def __call__(self, p: Point) -> Point:
        return ((p[0] - self.left) * self.scale, (self.top - p[1]) * self.scale)

    def flat(self, points: Iterable[Point]) -> list[float]:
        return [c for p in points for c in self(p)]


def _seat_centres(board: StarBoard, outline: list[Point], radius: float) -> list[Point]:
    """Where the seat badge (``radius`` pitch units) of each point P0-P5 goes: just beyond
    the board edge at its tip."""
    centres = []
    for ux, uy in tip_directions(board):
        reach = max(x * ux + y * uy for x, y in outline) + radius + SEAT_GAP
        centres.append((ux * reach, uy * reach))
    return centres


def _background(board: StarBoard, scene: Scene) -> list[Point]:
    if scene.shape == "patch":
        hull = convex_hull(board.xy(h) for h in scene.holes)
        return offset_polygon(hull, scene.edge)
    return board_polygon(board, scene.shape, scene.edge)


def _curve(a: Point, b: Point, bulge: float, trim_start: float, trim_end: float) -> list[Point]:
    """Points along a gentle arc from ``a`` to ``b`` (bulging left of travel), trimmed."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    cx, cy = mx + dy / length * bulge, my - dx / length * bulge
    samples = [
        (
            (1 - t) ** 2 * a[0] + 2 * (1 - t) * t * cx + t**2 * b[0],
            (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * cy + t**2 * b[1],
        )
        for t in (k / 32 for k in range(33))
    ]
    return [p for p in samples if math.dist(p, a) >= trim_start and math.dist(p, b) >= trim_end]


def _arrow(frame: _Frame, path: list[Point], colour: str, width: float) -> Group:
    """A line along ``path`` (pitch units) with its head's tip on the last point."""
    head = width * 3.6
    tip = frame(path[-1])
    line = [p for p in path if math.dist(frame(p), tip) >= head * 0.7] or path[:1]
    back = frame(line[-1]) if math.dist(frame(line[-1]), tip) > 0 else frame(path[0])
    angle = math.atan2(tip[1] - back[1], tip[0] - back[0])
    pts = frame.flat(line)
    group = Group()
    for stroke, factor in ((colors.white, 2.6), (colors.HexColor(colour), 1.0)):
        group.add(
            PolyLine(
                pts,
                strokeColor=stroke,
                strokeWidth=width * factor,
                strokeLineCap=1,
                strokeLineJoin=1,
            )
        )
    x1, y1 = tip
    corners = [
        x1, y1,
        x1 - head * math.cos(angle - 0.42), y1 - head * math.sin(angle - 0.42),
        x1 - head * math.cos(angle + 0.42), y1 - head * math.sin(angle + 0.42),
    ]  # fmt: skip
    group.add(
        Polygon(
            corners,
            fillColor=colors.HexColor(colour),
            strokeColor=colors.white,
            strokeWidth=width * 0.5,
            strokeLineJoin=1,
        )
    )
    return group


def _mark(centre: Point, radius: float, mark: Mark, line: float) -> Group:
    """A round badge with a tick (``ok``) or a cross (``bad``); ``centre`` in points."""
    x, y = centre
    colour = colors.HexColor(OK if mark == "ok" else BAD)
    group = Group(
        Circle(x, y, radius, fillColor=colors.white, strokeColor=colour, strokeWidth=line)
    )
    r = radius * 0.5
    if mark == "ok":
        group.add(
            PolyLine(
                [x - r, y, x - r * 0.25, y - r * 0.8, x + r, y + r * 0.75],
                strokeColor=colour,
                strokeWidth=line * 1.6,
                strokeLineCap=1,
                strokeLineJoin=1,
            )
        )
    else:
        for sx in (-1, 1):
            group.add(
                PolyLine(
                    [x - r, y - sx * r, x + r, y + sx * r],
                    strokeColor=colour,
                    strokeWidth=line * 1.6,
                    strokeLineCap=1,
                )
            )
    return group


def _label(centre: Point, radius: float, text: str, fill: str) -> Group:
    """A filled disc with centred bold text; ``centre`` and ``radius`` in points."""
    bold = register_fonts()[1]
    x, y = centre
    ink = colors.HexColor(INK) if luminance(fill) > 0.6 else colors.white
    size = radius * LABEL_SIZE
    return Group(
        Circle(
            x,
            y,
            radius,
            fillColor=colors.HexColor(fill),
            strokeColor=colors.HexColor(INK),
            strokeWidth=max(0.4, radius * 0.08),
        ),
        String(
            x,
            y - size * 0.36,
            text,
            fontName=bold,
            fontSize=size,
            fillColor=ink,
            textAnchor="middle",
        ),
    )


def _peg(centre: Point, radius: float, colour: str, ghost: bool = False) -> Group:
    x, y = centre
    line = max(0.45, radius * 0.12)
    if ghost:
        return Group(
            Circle(
                x,
                y,
                radius,
                fillColor=mix(colour, WOOD, 0.6),
                strokeColor=mix(colour, INK, 0.35),
                strokeWidth=line,
                strokeDashArray=[line * 2.2, line * 1.6],
            )
        )
    return Group(
        Circle(
            x,
            y,
            radius,
            fillColor=colors.HexColor(colour),
            strokeColor=mix(colour, INK, 0.7),
            strokeWidth=line,
        ),
        Circle(
            x - radius * 0.3,
            y + radius * 0.3,
            radius * 0.28,
            fillColor=mix(colour, "#ffffff", 0.55),
            strokeColor=None,
        ),
    )


BOARD_TINT = 0.7
"""The board figure's triangles keep this much of their colour: blue must read as blue and
black as black in print (the native review)."""
DARK = 0.35
"""A tint darker than this (luminance) gets light holes."""


def _tint(colour: str | None, strength: float = 0.22) -> tuple[colors.Color | None, colors.Color]:
    """Fill and outline of a triangle marked in ``colour`` (``strength`` of the colour over
    the wood); colours close to the wood (white, natural) keep their own fill and get a dark
    outline so that they still show."""
    if colour is None:
        return None, colors.HexColor(WOOD_EDGE)
    if math.dist(colors.HexColor(colour).rgb(), colors.HexColor(WOOD).rgb()) < 0.3:
        return colors.HexColor(colour), mix(colour, INK, 0.5)
    return mix(colour, WOOD, 1 - strength), mix(colour, INK, 0.3)


def _is_dark(colour: colors.Color | None) -> bool:
    if colour is None:
        return False
    r, g, b = colour.rgb()
    return 0.299 * r + 0.587 * g + 0.114 * b < DARK


SEAT_R = 0.72
"""Radius of a seat badge in pitch units, unless its number would be smaller than
:data:`LABEL_MIN`."""
SEAT_GAP = 0.28
LABEL_MIN = 8.0
"""The smallest number a diagram draws (pt)."""
LABEL_SIZE = 1.25
"""A badge's number size as a share of the badge's radius."""


def _frame(
    board: StarBoard, scene: Scene, width: float, seat_r: float
) -> tuple[list[Point], list[Point], _Frame, float, float, float]:
    """Outline, seat centres, frame, height (pt), right and bottom edges (pitch units)."""
    outline = _background(board, scene)
    seats = _seat_centres(board, outline, seat_r) if scene.seats else []
    reach = seat_r + 0.08
    corners = ((-reach, -reach), (reach, reach))
    extent = outline + [(x + dx, y + dy) for x, y in seats for dx, dy in corners]
    pad = 0.15
    left, right = min(p[0] for p in extent) - pad, max(p[0] for p in extent) + pad
    top, bottom = min(p[1] for p in extent) - pad, max(p[1] for p in extent) + pad
    scale = width / (right - left)
    frame = _Frame(scale=scale, left=left, top=bottom)
    return outline, seats, frame, (bottom - top) * scale, right, bottom


def render(board: StarBoard, scene: Scene, width: float) -> Drawing:
    """The scene as a drawing ``width`` points wide (height follows the content); seat badges
    grow on small drawings so that their numbers stay at least :data:`LABEL_MIN`."""
    seat_r = SEAT_R
    for _ in range(8):  # a larger badge shrinks the scale a little: settle both
        outline, seats, frame, height, right, bottom = _frame(board, scene, width, seat_r)
        needed = LABEL_MIN / LABEL_SIZE / frame.scale
        if needed <= seat_r:
            break
        seat_r = needed * 1.01
    scale = frame.scale
    drawing = new_drawing(width, height)
    line = max(0.5, 0.05 * scale)

    drawing.add(
        Polygon(
            frame.flat(outline),
            fillColor=colors.HexColor(WOOD),
            strokeColor=colors.HexColor(WOOD_EDGE),
            strokeWidth=line * 1.4,
            strokeLineJoin=1,
        )
    )
    dark: set[int] = set()
    for point, colour in scene.tints:
        fill, edge = _tint(colour, scene.tint_strength)
        if _is_dark(fill):
            dark.update(board.points[point])
        drawing.add(
            Polygon(
                frame.flat(triangle_polygon(board, point)),
                fillColor=fill,
                strokeColor=edge,
                strokeWidth=line,
                strokeLineJoin=1,
            )
        )
    for hole in scene.holes:
        x, y = frame(board.xy(hole))
        ink = mix(HOLE, "#ffffff", 0.75) if hole in dark else colors.HexColor(HOLE)
        drawing.add(Circle(x, y, HOLE_R * scale, fillColor=ink, strokeColor=None))
    for hole, colour in scene.ghosts:
        drawing.add(_peg(frame(board.xy(hole)), PEG_R * scale, colour, ghost=True))
    for hole, colour in scene.pegs:
        drawing.add(_peg(frame(board.xy(hole)), PEG_R * scale, colour))
    _add_hops(drawing, board, scene, frame)
    for point, text, colour in scene.seats:
        drawing.add(_label(frame(seats[point]), seat_r * scale, text, colour))
    if scene.stamp:
        corner = (right - 0.9, bottom - 0.9)
        drawing.add(_mark(frame(corner), 0.62 * scale, scene.stamp, line * 1.6))
    return drawing


BADGE_R = 0.25
JUMP_BULGE = 0.62


def _add_hops(drawing: Drawing, board: StarBoard, scene: Scene, frame: _Frame) -> None:
    """Arrows hop by hop; a hop's number or tick/cross sits on the hole it lands on."""
    scale = frame.scale
    width = max(0.8, 0.075 * scale)
    pegs, ghosts = scene.peg_map(), dict(scene.ghosts)
    badged = {hop.end for hop in scene.hops if hop.label or hop.mark}
    for hop in scene.hops:
        a, b = board.xy(hop.start), board.xy(hop.end)
        bulge = JUMP_BULGE if math.dist(a, b) > 1.5 else 0.0
        start_gap = PEG_R + 0.03 if hop.start in pegs else BADGE_R + 0.05
        if hop.end in badged:
            end_gap = BADGE_R + 0.04
        elif hop.end in ghosts:
            end_gap = PEG_R + 0.03
        else:
            end_gap = HOLE_R * 0.5
        path = _curve(a, b, bulge, start_gap, end_gap)
        colour = {"": INK, "ok": OK, "bad": BAD}[hop.mark]
        drawing.add(_arrow(frame, path, colour, width))
    for hop in scene.hops:
        centre = frame(board.xy(hop.end))
        if hop.mark:
            drawing.add(_mark(centre, BADGE_R * scale, hop.mark, width * 0.8))
        elif hop.label:
            drawing.add(_label(centre, BADGE_R * scale, hop.label, INK))


def legend_icon(kind: str, colour: str, size: float) -> Drawing:
    """A small square drawing for a legend: ``peg``, ``hole`` (empty) or ``seat`` (badge)."""
    if kind not in ("peg", "hole", "seat"):
        raise ValueError(f"unknown legend icon {kind!r}")
    drawing = new_drawing(size, size)
    centre = (size / 2, size / 2)
    if kind == "seat":
        drawing.add(_label(centre, size * 0.42, "1", colour))
        return drawing
    drawing.add(
        Circle(
            size / 2,
            size / 2,
            size / 2,
            fillColor=colors.HexColor(WOOD),
            strokeColor=colors.HexColor(WOOD_EDGE),
            strokeWidth=0.5,
        )
    )
    if kind == "peg":
        drawing.add(_peg(centre, size * 0.36, colour))
    elif kind == "hole":
        drawing.add(
            Circle(
                size / 2, size / 2, size * 0.14, fillColor=colors.HexColor(HOLE), strokeColor=None
            )
        )
    return drawing


def direction_between(board: StarBoard, start: int, end: int) -> int | None:
    """The direction of a single jump from ``start`` to ``end``, if there is one."""
    for d in range(len(DIRECTIONS)):
        hop = board.jump(start, d)
        if hop is not None and hop[1] == end:
            return d
    return None
