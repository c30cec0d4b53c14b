"""A CAM job: ``batch`` sets of a variant's router parts on sheets, one program per sheet.

:func:`plan_job` checks the parts against the machine (:mod:`plywright.cam.checks`), lays
them out (:mod:`plywright.cam.layout`; parts of different thickness never share a sheet),
builds each sheet's jobs and writes its program in the machine's dialect.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from plywright.cam.checks import CamProblem, check_parts
from plywright.cam.layout import Placement, Sheet, make_sheet, part_gap, shelf_layout
from plywright.cam.machine import Machine, Tool
from plywright.cam.nest import nest
from plywright.cam.post import gcode, tool_table
from plywright.cam.source import Part
from plywright.cam.toolpath import Job, ToolChoice, sheet_jobs


@dataclass(frozen=True)
class SheetProgram:
    """One sheet: its layout, its jobs and its G-code."""

    sheet: Sheet
    jobs: tuple[Job, ...]
    gcode: str

    @property
    def tools(self) -> tuple[Tool, ...]:
        seen: dict[int, Tool] = {}
        for job in self.jobs:
            seen.setdefault(job.tool.id, job.tool)
        return tuple(seen.values())


@dataclass(frozen=True)
class CamJob:
    """Every sheet of a batch."""

    title: str
    batch: int
    parts: tuple[Part, ...]
    """The parts of one set."""
    programs: tuple[SheetProgram, ...]
    choice: ToolChoice
    layout: str = "shelf"
    """How the parts were placed: ``spyrrow``, ``grid`` (the fewer sheets), ``shelf``."""

    def tool_table(self) -> str:
        tools: dict[int, Tool] = {}
        for program in self.programs:
            for tool in program.tools:
                tools.setdefault(tool.id, tool)
        return tool_table([tools[i] for i in sorted(tools)])


def outline_cutter(parts: Sequence[Part], choice: ToolChoice) -> float:
    """The widest cutter of any outline (what passes between two parts)."""
    return max(
        (choice.tools[op.layer].diameter for p in parts for op in p.plan.of_kind("cut")),
        default=0.0,
    )


def plan_job(
    parts: Sequence[Part],
    machine: Machine,
    *,
    batch: int = 1,
    title: str = "",
    layouts: Sequence[Sequence[tuple[int, float, float, float]]] | None = None,
    nesting: bool = False,
) -> CamJob:
    """``batch`` copies of ``parts`` on sheets: nested (:mod:`plywright.cam.nest`) when
    ``nesting``, else in shelf rows. ``layouts`` (placements as ``(part, angle, dx, dy)``
    per sheet, parts indexed over the batch) replaces both."""
    choice = check_parts(parts, machine)
    every = [part for _ in range(batch) for part in parts]
    gap = part_gap(machine, outline_cutter(parts, choice))
    sheets: list[Sheet] = []
    methods: list[str] = []
    if layouts is None:
        for thickness in sorted({p.plan.thickness for p in every}):
            indices = [i for i, p in enumerate(every) if p.plan.thickness == thickness]
            group = [every[i] for i in indices]
            try:
                if nesting:
                    found = nest(group, machine, gap)
                    layout, methods = [list(s) for s in found.sheets], [*methods, found.method]
                else:
                    layout = shelf_layout(group, machine, gap)
            except ValueError as exc:
                raise CamProblem("sheet.clamps", f"{exc} (clamp zones in the way)") from None
            for placements in layout:
                moved = [Placement(indices[p.part], p.angle, p.dx, p.dy) for p in placements]
                sheets.append(make_sheet(len(sheets), every, moved))
    else:
        for given in layouts:
            placed = [Placement(*p) for p in given]
            sheets.append(make_sheet(len(sheets), every, placed))
    programs = []
    for sheet in sheets:
        jobs = sheet_jobs(sheet.plans, sheet.outlines, sheet.thickness, machine, choice)
        header = [
            f"{title} - sheet {sheet.index + 1} of {len(sheets)}",
            f"{machine.sheet.material} {machine.sheet.width:g} x {machine.sheet.height:g} x "
            f"{sheet.thickness:g} mm; zero: lower-left corner of the sheet, Z0 on its top face",
            f"{len(sheet.placements)} parts; machine {machine.name}; post {machine.post}",
        ]
        programs.append(SheetProgram(sheet, tuple(jobs), gcode(jobs, machine, header)))
    method = "+".join(sorted(set(methods))) if methods else ("given" if layouts else "shelf")
    return CamJob(title, batch, tuple(parts), tuple(programs), choice, method)
