"""A variant's CAM job on one machine and its figures: times per sheet, the quote, and the
summary that ``cam/job.json`` and the manifest carry (the files are listed by
:mod:`plywright.cam.artifacts`, the setup sheet drawn by :mod:`plywright.cam.setup_sheet`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from plywright.cam.estimate import JobTime, sheet_times
from plywright.cam.job import CamJob
from plywright.cam.machine import Machine
from plywright.print.publisher import PublisherMark


@dataclass(frozen=True)
class CamBuild:  # cached_property needs a __dict__: not slots
    """A variant's CAM job on one machine."""

    job: CamJob
    machine: Machine
    source: str
    """Where the machine profile came from (a file, or "built-in")."""
    publisher: PublisherMark | None = None
    """The variant's publisher, at the head of the setup sheet."""

    def summary(self) -> dict[str, Any]:
        """The job's figures (``cam/job.json`` and the manifest's ``cam``)."""
        m, job = self.machine, self.job
        times = self.times
        sheet_area = m.sheet.width * m.sheet.height
        sheets = []
        for program in job.programs:
            sheet = program.sheet
            sheets.append(
                {
                    "sheet": sheet.index + 1,
                    "program": program_path(sheet.index),
                    "thickness": sheet.thickness,
                    "parts": [
                        {
                            "name": plan.name,
                            "angle": round(p.angle, 6),
                            "x": round(p.dx, 4),
                            "y": round(p.dy, 4),
                        }
                        for p, plan in zip(sheet.placements, sheet.plans, strict=True)
                    ],
                    "yield": round(sheet.part_area / sheet_area, 4),
                    "jobs": [
                        {
                            "tool": t.job.tool.id,
                            "stage": t.job.stage,
                            "what": t.job.label,
                            "seconds": round(t.seconds, 1),
                            "tool_change_seconds": round(t.change, 1),
                        }
                        for t in times[sheet.index]
                    ],
                    "machine_seconds": round(self.sheet_seconds(sheet.index), 1),
                    "cost": round(self.sheet_cost(sheet.index), 2),
                }
            )
        part_area = sum(p.sheet.part_area for p in job.programs)
        return {
            "machine": m.name,
            "machine_profile": self.source,
            "post": m.post,
            "batch": job.batch,
            "sheets_needed": len(job.programs),
            "layout": job.layout,
            "sheet": {
                "material": m.sheet.material,
                "width": m.sheet.width,
                "height": m.sheet.height,
            },
            "yield": round(part_area / (sheet_area * max(1, len(job.programs))), 4),
            "tools": [
                {
                    "id": t.id,
                    "name": t.name,
                    "kind": t.kind,
                    "diameter": t.diameter,
                    "rpm": t.rpm,
                    "feed": round(t.feed, 1),
                    "plunge_feed": round(t.plunge_feed, 1),
                }
                for t in _tools(job)
            ],
            "sheets": sheets,
            "quote": self.quote(),
        }

    @cached_property
    def times(self) -> list[list[JobTime]]:
        """Each sheet's jobs with their estimated seconds."""
        return [sheet_times(p.jobs, self.machine) for p in self.job.programs]

    def sheet_seconds(self, index: int) -> float:
        """Machine time of one sheet: its jobs, tool changes, loading and unloading."""
        jobs = sum(t.seconds + t.change for t in self.times[index])
        return jobs + 60 * self.machine.rates.setup_minutes

    def sheet_cost(self, index: int) -> float:
        m = self.machine
        return m.sheet.price + self.sheet_seconds(index) / 3600 * m.rates.hourly

    def quote(self) -> dict[str, Any]:
        """Material, machine time and price per batch and per board (set)."""
        m, count = self.machine, len(self.job.programs)
        seconds = sum(self.sheet_seconds(i) for i in range(count))
        material = count * m.sheet.price
        machine_cost = seconds / 3600 * m.rates.hourly
        batch = material + machine_cost
        return {
            "currency": m.sheet.currency,
            "sheets": count,
            "material": round(material, 2),
            "machine_seconds": round(seconds, 1),
            "machine_cost": round(machine_cost, 2),
            "per_batch": round(batch, 2),
            "per_board": round(batch / self.job.batch, 2),
            "hourly_rate": m.rates.hourly,
            "sheet_price": m.sheet.price,
        }


def program_path(index: int) -> str:
    return f"cam/sheet-{index + 1:02d}.ngc"


def _tools(job: CamJob) -> list[Any]:
    seen: dict[int, Any] = {}
    for program in job.programs:
        for tool in program.tools:
            seen.setdefault(tool.id, tool)
    return [seen[i] for i in sorted(seen)]
