"""What ``plywright build --machine FILE`` / ``--batch N`` adds to the build folder.

* ``cam/sheet-NN.ngc`` (kind ``cam/gcode``): one program per sheet, in the machine's dialect;
* ``cam/tools.tbl`` (kind ``cam/tooltable``): the LinuxCNC tool table the programs expect;
* ``cam/job.json`` (kind ``cam/job``): sheets, placements, tools, operations, yield and
  times; the same figures go into ``manifest.json`` under ``cam``.

The job is planned once, when the artifacts are listed (so bad input is found before
anything is written); every writer writes deterministic bytes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from plywright.api import Artifact
from plywright.cam.checks import CamProblem
from plywright.cam.costing import CamBuild, program_path
from plywright.cam.job import plan_job
from plywright.cam.machine import Machine
from plywright.cam.setup_sheet import sheet_languages, write_setup_sheet
from plywright.cam.source import parts_of, variant_plans
from plywright.errors import InputError
from plywright.print.publisher import variant_mark

if TYPE_CHECKING:
    from plywright.variant import Variant


def cam_artifacts(build: CamBuild) -> list[Artifact]:
    """The programs, the tool table, the setup sheets and the job's figures of ``build``."""
    out = [
        Artifact(
            "cam/gcode",
            program_path(p.sheet.index),
            f"sheet {p.sheet.index + 1} of {len(build.job.programs)}: "
            f"{len(p.sheet.placements)} parts, {build.machine.post} G-code, mm, zero at "
            "the sheet's lower-left corner on its top face",
            _writer(p.gcode),
        )
        for p in build.job.programs
    ]
    out.append(
        Artifact(
            "cam/tooltable",
            "cam/tools.tbl",
            "LinuxCNC tool table of the programs (lengths touched off on the top face)",
            _writer(build.job.tool_table()),
        )
    )
    for lang in sheet_languages(build.machine.language):
        out.append(
            Artifact(
                "cam/setup",
                f"cam/setup-{lang}.pdf",
                "setup sheet and quote: sheets, zero point, clamps, tools and feeds in "
                "order, operations with estimated times, material and prices",
                _setup(build, lang),
                lang=lang,
            )
        )
    out.append(
        Artifact(
            "cam/job",
            "cam/job.json",
            "CAM job: sheets, placements, tools, operations, yield",
            _writer(json.dumps(build.summary(), indent=2, ensure_ascii=False) + "\n"),
        )
    )
    return out


def _setup(build: CamBuild, lang: str) -> Any:
    def write(path: Path) -> None:
        write_setup_sheet(build, path, lang, build.machine.paper)

    return write


def _writer(text: str) -> Any:
    def write(path: Path) -> None:
        path.write_text(text, encoding="utf-8", newline="\n")

    return write


def cam_build(
    variant: Variant, machine: Machine, source: str, batch: int | None = None
) -> CamBuild:
    """Plan the job of ``batch`` sets of ``variant``; :class:`InputError` (naming the profile
    and its field) when the machine cannot make them, or when the variant has no router
    parts."""
    plans = [plan for _, plan in variant_plans(variant)]
    if not plans:
        raise InputError(
            f"--machine: {variant.name} has no router parts (no cut file names its cutters)"
        )
    try:
        job = plan_job(
            parts_of(plans),
            machine,
            batch=batch or 1,
            title=variant.name,
            nesting=batch is not None,
        )
    except CamProblem as problem:
        raise problem.as_input_error(source) from None
    return CamBuild(job, machine, source, variant_mark(variant))
