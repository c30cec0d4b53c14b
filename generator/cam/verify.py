"""Verification: a program run through LinuxCNC's interpreter and cut in a 2.5-D simulation.

:func:`run_rs274` runs LinuxCNC's stand-alone RS274/NGC interpreter (``rs274`` from the
Debian package ``linuxcnc-uspace``) in batch mode with the job's tool table; any error is a
failed program. :func:`canonical_moves` reads the canonical machining commands it prints
(``STRAIGHT_TRAVERSE``, ``STRAIGHT_FEED``, ``CHANGE_TOOL``: the canned cycles already
expanded by the interpreter) as moves.

:func:`simulate` then removes material with those moves (shapely: each feed move sweeps its
tool's disc, or a pointed tool's cone, at its depth) and compares the result with the parts
the DXF holds (:func:`check_sheet`):

* every hole: a drill of its diameter plunged within :data:`HOLE_TOLERANCE` of its centre,
  to its full depth (and no plunge where no hole is drawn);
* every chamfer: the pointed tool's cone as wide as the chamfer, within the same tolerance;
* every engraved line: the V-bit's tip along it at its depth (within
  :data:`ENGRAVE_TOLERANCE`);
* every outline: the part left once the cutter has gone round above the tabs is the drawn
  outline within :data:`OUTLINE_TOLERANCE` (Hausdorff distance);
* every part still held: at full depth, the wood left joins each part to the sheet (tabs);
* no feed move leaves the sheet or enters a clamp zone or the trim, none goes deeper than
  the spoilboard allowance; no rapid runs below safe height over the stock, except straight
  back down into a hole already cut deeper (what a peck cycle does).

:func:`grbl_problems` checks a GRBL program against GRBL 1.1's word set.
"""

from __future__ import annotations

import math
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import LineString, MultiLineString, Point, Polygon, box

from plywright.cad.plan import Circle, MachiningPlan, Polyline
from plywright.cam.layout import Sheet
from plywright.cam.machine import Machine, Tool
from plywright.cam.source import entity_polygon
from plywright.cam.toolpath import polyline_path

HOLE_TOLERANCE = 0.05
OUTLINE_TOLERANCE = 0.1
ENGRAVE_TOLERANCE = 0.05
DEPTH_TOLERANCE = 0.02
RS274 = "rs274"


class InterpreterError(Exception):
    """LinuxCNC's interpreter refused the program."""


@dataclass(frozen=True)
class Motion:
    """One canonical straight move from ``start`` to ``end`` with tool ``tool``."""

    rapid: bool
    start: tuple[float, float, float]
    end: tuple[float, float, float]
    tool: int
    feed: float
    line: int


def rs274_available() -> bool:
    return shutil.which(RS274) is not None


def run_rs274(program: str, tool_table: str, timeout: float = 120.0) -> str:
    """The canonical commands ``rs274`` prints for ``program``; :class:`InterpreterError` with
    its message when it fails."""
    with tempfile.TemporaryDirectory(prefix="plywright-rs274-") as folder:
        ngc, tbl, out = (Path(folder) / name for name in ("job.ngc", "tools.tbl", "job.out"))
        ngc.write_text(program, encoding="ascii")
        tbl.write_text(tool_table, encoding="ascii")
        done = subprocess.run(
            [RS274, "-t", str(tbl), "-g", str(ngc), str(out)],
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            timeout=timeout,
            check=False,
        )
        canon = out.read_text(encoding="utf-8", errors="replace") if out.exists() else ""
    if done.returncode != 0:
        message = " ".join((done.stderr + done.stdout).replace("executing", "").split())
        raise InterpreterError(message or f"rs274 exited with status {done.returncode}")
    return canon


MANUAL_CHANGE = re.compile(r"change to T(\d+)")
"""The comment at a GRBL program's tool-change pause (M0) naming the tool put in."""
CANON = re.compile(r"^\s*(\d+)\s+N\S*\s+([A-Z_]+)\((.*)\)\s*$")


def canonical_moves(
    canon: str, start: tuple[float, float, float] = (0.0, 0.0, 0.0)
) -> list[Motion]:
    """The straight moves of ``rs274``'s output (arcs are not written by the posts)."""
    moves: list[Motion] = []
    here, tool, selected, feed = start, 0, 0, 0.0
    for raw in canon.splitlines():
        found = CANON.match(raw.replace("executing", ""))
        if found is None:
            continue
        number, command, args = int(found[1]), found[2], found[3]
        if command in ("STRAIGHT_TRAVERSE", "STRAIGHT_FEED"):
            x, y, z = (float(v) for v in args.split(",")[:3])
            end = (x, y, z)
            rapid = command == "STRAIGHT_TRAVERSE"
            moves.append(Motion(rapid, here, end, tool, 0.0 if rapid else feed, number))
            here = end
        elif command == "SELECT_TOOL":  # CHANGE_TOOL names the tool table's slot
            selected = int(args.split(",")[0])
        elif command == "CHANGE_TOOL":
            tool = selected
        elif command == "COMMENT" and MANUAL_CHANGE.search(args):
            tool = int(MANUAL_CHANGE.search(args)[1])  # type: ignore[index]
        elif command == "SET_FEED_RATE":
            feed = float(args)
        elif command == "ARC_FEED":
            raise InterpreterError(f"line {number}: arcs are not simulated")
    return moves


# -- GRBL -----------------------------------------------------------------------------------

GRBL_G = {
    "0",
    "1",
    "2",
    "3",
    "4",
    "10",
    "17",
    "18",
    "19",
    "20",
    "21",
    "28",
    "28.1",
    "30",
    "30.1",
    "38.2",
    "38.3",
    "38.4",
    "38.5",
    "40",
    "43.1",
    "49",
    "53",
    "54",
    "55",
    "56",
    "57",
    "58",
    "59",
    "61",
    "80",
    "90",
    "91",
    "91.1",
    "92",
    "92.1",
    "93",
    "94",
}
GRBL_M = {"0", "1", "2", "30", "3", "4", "5", "7", "8", "9", "56"}
GRBL_LETTERS = set("GMFIJKLNPRSTXYZ")
WORD = re.compile(r"([A-Za-z])\s*([-+]?\d*\.?\d+)")


def grbl_problems(program: str) -> list[str]:
    """Lines a GRBL 1.1 controller would refuse: words outside its set, canned cycles, tool
    changes (``M6``), tool length offsets other than ``G43.1``."""
    problems = []
    for number, raw in enumerate(program.splitlines(), start=1):
        line = re.sub(r"\([^)]*\)", "", raw).split(";")[0].strip()
        if not line:
            continue
        rest = WORD.sub("", line).strip()
        if rest:
            problems.append(f"line {number}: not a G-code word: {rest!r}")
        for letter, value in WORD.findall(line):
            letter = letter.upper()
            if letter not in GRBL_LETTERS:
                problems.append(f"line {number}: GRBL has no {letter} word")
            elif letter == "G" and _code(value) not in GRBL_G:
                problems.append(f"line {number}: GRBL has no G{value}")
            elif letter == "M" and _code(value) not in GRBL_M:
                problems.append(f"line {number}: GRBL has no M{value}")
    return problems


def _code(value: str) -> str:
    number = float(value)
    return f"{number:g}"


# -- simulation -----------------------------------------------------------------------------


@dataclass
class Report:
    """What the simulation found; ``problems`` empty when the program makes the parts."""

    problems: list[str] = field(default_factory=list)
    holes: int = 0
    chamfers: int = 0
    engraved: int = 0
    pockets: int = 0
    outlines: int = 0
    worst_hole: float = 0.0
    worst_outline: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass(frozen=True)
class Plunge:
    """A vertical feed down at one point: its deepest Z and the tool."""

    x: float
    y: float
    z: float
    tool: int


def _plunges(moves: Sequence[Motion]) -> list[Plunge]:
    """Each run of vertical feed moves at one point, as its deepest point (a peck cycle's
    pecks are one plunge)."""
    found: dict[tuple[int, int, int], Plunge] = {}
    for m in moves:
        if m.rapid or m.end[2] >= m.start[2]:
            continue
        if abs(m.start[0] - m.end[0]) > 1e-6 or abs(m.start[1] - m.end[1]) > 1e-6:
            continue
        key = (round(m.end[0] * 1000), round(m.end[1] * 1000), m.tool)
        previous = found.get(key)
        if previous is None or m.end[2] < previous.z:
            found[key] = Plunge(m.end[0], m.end[1], m.end[2], m.tool)
    return list(found.values())


def simulate(
    moves: Sequence[Motion], sheet: Sheet, machine: Machine, tools: Sequence[Tool]
) -> Report:
    """Check the moves of one sheet's program against the parts placed on it."""
    report = Report()
    by_id = {t.id: t for t in tools}
    _check_motion(moves, sheet, machine, by_id, report)
    plunges = _plunges(moves)
    _check_holes(plunges, sheet, by_id, report)
    _check_engraving(moves, sheet, by_id, report)
    _check_outlines(moves, sheet, machine, by_id, report)
    _check_pockets(moves, sheet, by_id, report)
    return report


def _check_motion(
    moves: Sequence[Motion],
    sheet: Sheet,
    machine: Machine,
    tools: dict[int, Tool],
    report: Report,
) -> None:
    s, h = machine.sheet, machine.heights
    floor = -(sheet.thickness + h.spoilboard) - 1e-6
    zones = [(box(*zone.box()), zone.box()) for zone in s.clamps]
    deepest: dict[tuple[int, int], float] = {}
    for m in moves:
        (x0, y0, z0), (x1, y1, z1) = m.start, m.end
        if m.rapid:
            over = _over_stock(x0, y0, s) or _over_stock(x1, y1, s)
            vertical = abs(x0 - x1) < 1e-6 and abs(y0 - y1) < 1e-6
            if over and min(z0, z1) < h.safe - 1e-6:
                cut = deepest.get((round(x1 * 1000), round(y1 * 1000)))
                into_hole = vertical and z1 < z0 and cut is not None and z1 >= cut - 1e-6
                if not (into_hole or (vertical and z1 > z0)):
                    report.problems.append(
                        f"line {m.line}: rapid to Z{z1:.3f} at X{x1:.3f} Y{y1:.3f}, below safe "
                        f"height {h.safe:g} over the stock"
                    )
            continue
        tool = tools.get(m.tool)
        if tool is None:
            report.problems.append(f"line {m.line}: feed move without a known tool")
            continue
        if abs(x0 - x1) < 1e-6 and abs(y0 - y1) < 1e-6:
            key = (round(x1 * 1000), round(y1 * 1000))
            deepest[key] = min(deepest.get(key, math.inf), z1)
        if min(z0, z1) < floor:
            report.problems.append(
                f"line {m.line}: feed to Z{min(z0, z1):.3f}, deeper than the spoilboard "
                f"allowance (Z{floor:.3f})"
            )
        if min(z0, z1) < 0:
            r = _radius_at(tool, -min(z0, z1))
            inset = s.trim + r - 1e-6
            for x, y in ((x0, y0), (x1, y1)):
                if not (inset <= x <= s.width - inset and inset <= y <= s.height - inset):
                    report.problems.append(
                        f"line {m.line}: cut at X{x:.3f} Y{y:.3f} reaches the trim or leaves "
                        "the sheet"
                    )
                    break
            for number, (zone, (zx0, zy0, zx1, zy1)) in enumerate(zones):
                near = (
                    min(x0, x1) < zx1 + r
                    and max(x0, x1) > zx0 - r
                    and min(y0, y1) < zy1 + r
                    and max(y0, y1) > zy0 - r
                )
                if not near:
                    continue
                path = LineString([(x0, y0), (x1, y1)]) if (x0, y0) != (x1, y1) else Point(x0, y0)
                if path.distance(zone) < r - 1e-6:
                    report.problems.append(f"line {m.line}: cut in clamp zone {number + 1}")


def _over_stock(x: float, y: float, s: object) -> bool:
    return 0 <= x <= s.width and 0 <= y <= s.height  # type: ignore[attr-defined]


def _radius_at(tool: Tool, depth: float) -> float:
    """The radius a tool cuts at ``depth`` below the top face with its tip at that depth."""
    if tool.kind in ("v-bit", "chamfer"):
        return tool.width_at(depth) / 2
    return tool.diameter / 2


def _circles(sheet: Sheet, kind: str) -> list[tuple[Circle, float, float, MachiningPlan]]:
    return [
        (e, op.depth, op.start, plan)
        for plan in sheet.plans
        for op in plan.of_kind(kind)  # type: ignore[arg-type]
        for e in op.entities
        if isinstance(e, Circle)
    ]


def _check_holes(
    plunges: Sequence[Plunge], sheet: Sheet, tools: dict[int, Tool], report: Report
) -> None:
    drills = [p for p in plunges if tools.get(p.tool) and tools[p.tool].kind == "drill"]
    pointed = [
        p for p in plunges if tools.get(p.tool) and tools[p.tool].kind in ("chamfer", "v-bit")
    ]
    for hole, depth, start, plan in _circles(sheet, "drill"):
        want = 2 * hole.radius
        near = [p for p in drills if abs(tools[p.tool].diameter - want) <= 0.02]
        best = min(near, key=lambda p: math.dist((p.x, p.y), hole.centre), default=None)
        off = math.dist((best.x, best.y), hole.centre) if best else math.inf
        report.worst_hole = max(report.worst_hole, off)
        where = f"{plan.name}: hole at X{hole.centre[0]:.3f} Y{hole.centre[1]:.3f}"
        if best is None or off > HOLE_TOLERANCE:
            report.problems.append(
                f"{where}: no D{want:g} drill plunge within {HOLE_TOLERANCE} mm ({off:.3f} off)"
            )
            continue
        bottom = -(start + depth)
        if not bottom - 0.05 <= best.z <= bottom + DEPTH_TOLERANCE:
            report.problems.append(f"{where}: drilled to Z{best.z:.3f}, not Z{bottom:.3f}")
            continue
        report.holes += 1
    holes = [h for h, _, _, _ in _circles(sheet, "drill")]
    for p in drills:
        if not any(math.dist((p.x, p.y), h.centre) <= HOLE_TOLERANCE for h in holes):
            report.problems.append(
                f"a drill plunge at X{p.x:.3f} Y{p.y:.3f} where no hole is drawn"
            )
    for chamfer, _, start, plan in _circles(sheet, "chamfer"):
        best = min(pointed, key=lambda p: math.dist((p.x, p.y), chamfer.centre), default=None)
        off = math.dist((best.x, best.y), chamfer.centre) if best else math.inf
        where = f"{plan.name}: chamfer at X{chamfer.centre[0]:.3f} Y{chamfer.centre[1]:.3f}"
        if best is None or off > HOLE_TOLERANCE:
            report.problems.append(f"{where}: no chamfer plunge within {HOLE_TOLERANCE} mm")
            continue
        tool = tools[best.tool]
        radius = (-best.z - start) * math.tan(math.radians(tool.angle / 2))
        if abs(radius - chamfer.radius) > HOLE_TOLERANCE:
            report.problems.append(
                f"{where}: chamfer D{2 * radius:.3f}, not D{2 * chamfer.radius:g}"
            )
            continue
        report.chamfers += 1


def _feed_lines(
    moves: Iterable[Motion], keep: object, level: float | None = None
) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    out = []
    for m in moves:
        if m.rapid or not keep(m):  # type: ignore[operator]
            continue
        if level is not None and max(m.start[2], m.end[2]) > level + 1e-6:
            continue
        out.append(((m.start[0], m.start[1]), (m.end[0], m.end[1])))
    return out


def _swept(
    lines: Sequence[tuple[tuple[float, float], tuple[float, float]]], radius: float
) -> Polygon:
    """The area a flat tool of ``radius`` sweeps along ``lines`` (repeated segments, as the
    laps of a profile at one depth, counted once; merged into long lines before the buffer)."""
    unique: dict[tuple[tuple[int, int], ...], tuple[tuple[float, float], tuple[float, float]]] = {}
    for a, b in lines:
        if a == b:
            continue
        key = tuple(sorted((_key(a), _key(b))))
        unique.setdefault(key, (a, b))
    if not unique:
        return Polygon()
    merged = shapely.line_merge(MultiLineString([list(line) for line in unique.values()]))
    parts = list(getattr(merged, "geoms", [merged]))
    return shapely.union_all(shapely.buffer(np.array(parts, dtype=object), radius, quad_segs=16))


def _key(p: tuple[float, float]) -> tuple[int, int]:
    return (round(p[0] * 10_000), round(p[1] * 10_000))


def _check_engraving(
    moves: Sequence[Motion], sheet: Sheet, tools: dict[int, Tool], report: Report
) -> None:
    for plan in sheet.plans:
        for op in plan.of_kind("engrave"):
            z = -(op.start + op.depth)
            lines = _feed_lines(
                moves,
                lambda m, z=z: (
                    tools.get(m.tool) is not None
                    and tools[m.tool].kind == "v-bit"
                    and abs(m.start[2] - z) <= DEPTH_TOLERANCE
                    and abs(m.end[2] - z) <= DEPTH_TOLERANCE
                ),
            )
            cut = MultiLineString([list(line) for line in lines if line[0] != line[1]])
            for entity in op.entities:
                assert isinstance(entity, Polyline | Circle)
                path = LineString(polyline_path(entity))
                samples = [path.interpolate(d) for d in np.arange(0.0, path.length, 1.0)]
                far = (
                    max((float(cut.distance(p)) for p in samples), default=math.inf)
                    if lines
                    else math.inf
                )
                if far > ENGRAVE_TOLERANCE:
                    report.problems.append(
                        f"{plan.name}: {op.layer} line not engraved at Z{z:.3f} "
                        f"(up to {far:.3f} mm off)"
                    )
                else:
                    report.engraved += 1
    drawn = [
        LineString(polyline_path(e))
        for plan in sheet.plans
        for op in plan.of_kind("engrave")
        for e in op.entities
        if isinstance(e, Polyline | Circle)
    ]
    if not drawn:
        return
    paths = shapely.union_all(drawn)
    for m in moves:
        tool = tools.get(m.tool)
        if m.rapid or tool is None or tool.kind != "v-bit" or max(m.start[2], m.end[2]) >= 0:
            continue
        for x, y, _ in (m.start, m.end):
            if paths.distance(Point(x, y)) > ENGRAVE_TOLERANCE:
                report.problems.append(
                    f"line {m.line}: V-bit in the wood at X{x:.3f} Y{y:.3f}, off every "
                    "engraved line"
                )
                return


def _check_pockets(
    moves: Sequence[Motion], sheet: Sheet, tools: dict[int, Tool], report: Report
) -> None:
    """Every pocket cleared to its depth by the end mills, and nothing cleared outside it."""
    mills = {i: t for i, t in tools.items() if t.kind == "end-mill"}
    for plan in sheet.plans:
        for op in plan.of_kind("pocket"):
            z = -(op.start + op.depth)
            for entity in op.entities:
                region = entity_polygon(entity)
                near = region.buffer(1.0)
                cleared = shapely.union_all(
                    [
                        _swept(
                            _feed_lines(
                                moves,
                                lambda m, i=i, z=z, near=near: (
                                    m.tool == i
                                    and abs(m.start[2] - z) <= DEPTH_TOLERANCE
                                    and abs(m.end[2] - z) <= DEPTH_TOLERANCE
                                    and near.covers(Point(m.start[0], m.start[1]))
                                ),
                            ),
                            mill.diameter / 2,
                        )
                        for i, mill in mills.items()
                    ]
                )
                left = float(region.difference(cleared).area)
                over = float(cleared.difference(region.buffer(OUTLINE_TOLERANCE)).area)
                where = f"{plan.name}: {op.layer} pocket"
                if left > 0.01 * region.area:
                    report.problems.append(f"{where} not cleared at Z{z:.3f} ({left:.1f} mm² left)")
                elif over > 1.0:
                    report.problems.append(f"{where} cut {over:.1f} mm² beyond its edge")
                else:
                    report.pockets += 1


def _check_outlines(
    moves: Sequence[Motion],
    sheet: Sheet,
    machine: Machine,
    tools: dict[int, Tool],
    report: Report,
) -> None:
    mills = {i for i, t in tools.items() if t.kind == "end-mill"}
    thickness = sheet.thickness
    radius = {i: tools[i].diameter / 2 for i in mills}
    stock = box(0, 0, machine.sheet.width, machine.sheet.height)
    above_tabs = -(thickness - machine.tabs.height) + 0.05  # the tabs' top, just above

    def cut_at(level: float) -> Polygon:
        regions = [
            _swept(_feed_lines(moves, lambda m, i=i: m.tool == i, level), radius[i])
            for i in sorted(mills)
        ]
        return shapely.union_all(regions) if regions else Polygon()

    cutter = min((tools[i].diameter for i in mills), default=0.0)
    separated = stock.difference(cut_at(above_tabs))
    through = stock.difference(cut_at(-thickness))
    corner = Point(1e-3, 1e-3)
    frame = next((g for g in _pieces(through) if g.covers(corner)), None)
    for plan, outline in zip(sheet.plans, sheet.outlines, strict=True):
        inside = outline.representative_point()
        piece = next((g for g in _pieces(separated) if g.covers(inside)), None)
        if piece is None:
            report.problems.append(f"{plan.name}: the part is cut away")
            continue
        shape = Polygon(piece.exterior)
        off = float(shape.exterior.hausdorff_distance(outline.exterior))
        report.worst_outline = max(report.worst_outline, off)
        if off > OUTLINE_TOLERANCE:
            report.problems.append(
                f"{plan.name}: outline {off:.3f} mm from the drawn one (at most "
                f"{OUTLINE_TOLERANCE})"
            )
            continue
        held = frame is not None and frame.covers(inside)
        if not held:
            report.problems.append(f"{plan.name}: no tab holds the part at full depth")
            continue
        tabs = _bridges(through, outline, cutter)
        if tabs < machine.tabs.count:
            report.problems.append(
                f"{plan.name}: {tabs} of {machine.tabs.count} tabs hold the part at full depth"
            )
            continue
        report.outlines += 1


def _bridges(material: object, outline: Polygon, cutter: float) -> int:
    """Pieces of wood that cross the cutter's track round ``outline`` at full depth: the
    tabs."""
    band = outline.buffer(0.9 * cutter).difference(outline.buffer(0.05))
    crossing = shapely.intersection(material, band)
    return sum(1 for g in _pieces(crossing) if g.area > 1e-3)


def _pieces(geometry: object) -> list[Polygon]:
    if isinstance(geometry, Polygon):
        return [geometry]
    return [g for g in getattr(geometry, "geoms", []) if isinstance(g, Polygon)]


def verify_program(
    program: str, tool_table: str, sheet: Sheet, machine: Machine, tools: Sequence[Tool]
) -> Report:
    """``program`` through ``rs274`` and the simulation; interpreter errors are problems."""
    try:
        canon = run_rs274(program, tool_table)
    except InterpreterError as exc:
        return Report(problems=[f"rs274: {exc}"])
    return simulate(canonical_moves(canon), sheet, machine, tools)
