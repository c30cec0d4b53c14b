"""Static checks of parts against the machine: bad input gets an error, not a program.

Each problem is one line naming the profile file and the field that cannot serve the part
(the drill wider than its holes, the work area or sheet the board does not fit, a cutter the
library lacks); the CLI exits with status 2 on the first one, before anything is written.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from plywright.cad.plan import Circle, Operation
from plywright.cam.machine import Machine, Tool
from plywright.cam.source import Part
from plywright.cam.toolpath import ToolChoice
from plywright.errors import InputError

MATCH = 0.02
"""Largest difference (mm) between a drill and the hole it drills."""


@dataclass(frozen=True)
class CamProblem(Exception):
    """What the machine cannot do for a part: ``field`` of the profile and why."""

    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.field}: {self.message}"

    def as_input_error(self, source: str) -> InputError:
        return InputError(str(self), source=source)


def _tools(machine: Machine, kind: tuple[str, ...], chosen: int | None) -> list[tuple[int, Tool]]:
    indexed = list(enumerate(machine.tools))
    if chosen is not None:
        return [(i, t) for i, t in indexed if t.id == chosen]
    return [(i, t) for i, t in indexed if t.kind in kind]


def choose_tools(parts: Sequence[Part], machine: Machine) -> ToolChoice:
    """The tool of every operation of ``parts``; :class:`CamProblem` when one is missing or
    cannot do the job."""
    tools: dict[str, Tool] = {}
    drills: dict[float, Tool] = {}
    for part in parts:
        for op in part.plan.operations:
            if op.kind == "drill":
                for circle in op.entities:
                    assert isinstance(circle, Circle)
                    diameter = round(2 * circle.radius, 3)
                    drills.setdefault(diameter, _drill(op, diameter, machine))
            elif op.layer not in tools:
                tools[op.layer] = _tool(op, machine)
    return ToolChoice(tools, drills)


def _drill(op: Operation, diameter: float, machine: Machine) -> Tool:
    use = machine.use.drill
    field = "use.drill" if use is not None else "tools"
    candidates = (
        [(i, t) for i, t in enumerate(machine.tools) if t.id in use]
        if use is not None
        else _tools(machine, ("drill",), None)
    )
    exact = [(i, t) for i, t in candidates if abs(t.diameter - diameter) <= MATCH]
    if exact:
        return exact[0][1]
    wider = [(i, t) for i, t in candidates if t.diameter > diameter + MATCH]
    if wider:
        i, t = min(wider, key=lambda it: it[1].diameter)
        raise CamProblem(
            f"tools.{i}.diameter",
            f"drill T{t.id} D{t.diameter:g} is wider than the D{diameter:g} holes of "
            f"{op.layer} (no drill of D{diameter:g} in {field})",
        )
    have = ", ".join(f"T{t.id} D{t.diameter:g}" for _, t in candidates) or "none"
    raise CamProblem(field, f"no drill of D{diameter:g} for {op.layer} (drills: {have})")


def _tool(op: Operation, machine: Machine) -> Tool:
    use = machine.use
    if op.kind in ("cut", "pocket"):
        chosen = use.cut if op.kind == "cut" else use.pocket
        field = f"use.{op.kind}" if chosen is not None else "tools"
        candidates = _tools(machine, ("end-mill",), chosen)
        fits = [(i, t) for i, t in candidates if t.diameter <= op.tool_diameter + MATCH]
        if not fits:
            if candidates and chosen is not None:
                i, t = candidates[0]
                raise CamProblem(
                    f"tools.{i}.diameter",
                    f"end mill T{t.id} D{t.diameter:g} is wider than the D{op.tool_diameter:g} "
                    f"cutter {op.layer} is drawn for",
                )
            raise CamProblem(field, f"no end mill of at most D{op.tool_diameter:g} for {op.layer}")
        return max(fits, key=lambda it: (it[1].diameter, -it[1].id))[1]
    if op.kind == "engrave":
        candidates = _tools(machine, ("v-bit",), use.engrave)
        if not candidates:
            raise CamProblem("use.engrave" if use.engrave else "tools", f"no V-bit for {op.layer}")
        depth = op.depth
        return min(
            candidates, key=lambda it: (abs(it[1].width_at(depth) - op.tool_diameter), it[1].id)
        )[1]
    # chamfer: a pointed tool whose cone reaches the chamfer's diameter
    candidates = _tools(machine, ("chamfer", "v-bit"), use.chamfer)
    fits = [(i, t) for i, t in candidates if t.diameter >= op.tool_diameter - MATCH]
    if not fits:
        field = "use.chamfer" if use.chamfer is not None else "tools"
        raise CamProblem(field, f"no chamfer mill of at least D{op.tool_diameter:g} for {op.layer}")
    return min(fits, key=lambda it: (it[1].kind != "chamfer", it[1].diameter, it[1].id))[1]


def check_parts(parts: Sequence[Part], machine: Machine) -> ToolChoice:
    """Every part fits the sheet (inside its trim) and the work area, and every operation has
    a tool that can do it; the tools chosen. Raises :class:`CamProblem`."""
    sheet, area = machine.sheet, machine.work_area
    choice = choose_tools(parts, machine)
    cutter = max(
        (choice.tools[op.layer].diameter for p in parts for op in p.plan.of_kind("cut")),
        default=0.0,
    )
    margin = sheet.trim + cutter + sheet.allowance / 2
    usable = (sheet.width - 2 * margin, sheet.height - 2 * margin)
    for part in parts:
        x0, y0, x1, y1 = part.bounds
        w, h = x1 - x0, y1 - y0
        if not ((w <= area.x and h <= area.y) or (h <= area.x and w <= area.y)):
            raise CamProblem(
                "work_area.x" if min(w, h) <= min(area.x, area.y) else "work_area.y",
                f"{part.plan.name} ({w:.1f} x {h:.1f} mm) is larger than the "
                f"{area.x:g} x {area.y:g} mm work area",
            )
        fits = (w <= usable[0] and h <= usable[1]) or (h <= usable[0] and w <= usable[1])
        if not fits:
            raise CamProblem(
                "sheet.width" if usable[0] <= usable[1] else "sheet.height",
                f"{part.plan.name} ({w:.1f} x {h:.1f} mm) does not fit the "
                f"{sheet.width:g} x {sheet.height:g} mm sheet inside its {sheet.trim:g} mm trim "
                f"and {cutter + sheet.allowance / 2:g} mm for the cutter",
            )
        if sheet.width > area.x + 1e-9 or sheet.height > area.y + 1e-9:
            raise CamProblem(
                "work_area.x" if sheet.width > area.x else "work_area.y",
                f"the {sheet.width:g} x {sheet.height:g} mm sheet is larger than the "
                f"{area.x:g} x {area.y:g} mm work area",
            )
        deepest = part.plan.thickness + machine.heights.spoilboard + machine.heights.clearance
        if deepest > area.z:
            raise CamProblem(
                "work_area.z",
                f"{part.plan.name}: {part.plan.thickness:g} mm stock needs {deepest:g} mm of "
                f"Z travel, the machine has {area.z:g}",
            )
    return choice
