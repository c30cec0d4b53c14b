"""CAM: how long a batch takes to program, verify and document, and what nesting saves.

Run: ``.venv/bin/python benchmarks/cam_bench.py`` (prints two tables; nothing is asserted).

1. A batch of 9 halma-pro boards on the built-in machine: reading the parts from the DXF,
   nesting them (spyrrow), writing the G-code, running it through LinuxCNC's ``rs274`` and the
   material-removal simulation, and the setup sheets (English and Latvian). Target: G-code,
   simulation and setup sheet together at most 15 s.
2. Sheets needed by today's rectangular grid (``generator.cad.nesting``, its cells off the
   clamp zones) and by the nesting, with the yield (part area / sheet area).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.cam.artifacts import CamBuild  # noqa: E402
from generator.cam.job import outline_cutter, plan_job  # noqa: E402
from generator.cam.layout import part_gap  # noqa: E402
from generator.cam.machine import DEFAULT_MACHINE  # noqa: E402
from generator.cam.nest import grid_layout, nest  # noqa: E402
from generator.cam.setup_sheet import write_setup_sheet  # noqa: E402
from generator.cam.source import parts_of, variant_plans  # noqa: E402
from generator.cam.verify import verify_program  # noqa: E402
from generator.registry import load_registry  # noqa: E402
from generator.variant import load_variant  # noqa: E402


def router_parts(name: str) -> list:  # type: ignore[type-arg]
    variant = load_variant(ROOT / "examples" / f"{name}.toml", load_registry())
    return parts_of([plan for _, plan in variant_plans(variant)])


def speed() -> None:
    began = time.perf_counter()
    parts = router_parts("halma-pro")
    read = time.perf_counter() - began
    m = DEFAULT_MACHINE
    start = time.perf_counter()
    job = plan_job(parts, m, batch=9, title="halma-pro", nesting=True)
    gcode = time.perf_counter() - start
    start = time.perf_counter()
    holes = 0
    for program in job.programs:
        report = verify_program(program.gcode, job.tool_table(), program.sheet, m, program.tools)
        assert report.ok, report.problems[:3]
        holes += report.holes
    simulate = time.perf_counter() - start
    start = time.perf_counter()
    build = CamBuild(job, m, "built-in")
    with tempfile.TemporaryDirectory() as tmp:
        for lang in ("en", "lv"):
            write_setup_sheet(build, Path(tmp) / f"setup-{lang}.pdf", lang)
    sheet = time.perf_counter() - start
    lines = sum(len(p.gcode.splitlines()) for p in job.programs)
    quote = build.quote()
    print(
        f"9 x halma-pro: {len(job.programs)} sheet(s), {lines} G-code lines, {holes} holes verified"
    )
    for label, seconds in (
        ("parts read from the DXF (imports included)", read),
        ("nesting + G-code", gcode),
        ("rs274 + simulation", simulate),
        ("setup sheets (en, lv)", sheet),
        ("G-code + simulation + setup sheet", gcode + simulate + sheet),
    ):
        print(f"  {label:44s} {seconds:7.2f} s")
    print(
        f"  machine time {quote['machine_seconds'] / 3600:.2f} h, "
        f"{quote['per_board']:.2f} {quote['currency']} per board"
    )


def sheets() -> None:
    m = DEFAULT_MACHINE
    sheet_area = m.sheet.width * m.sheet.height
    columns = f"{'grid':>5s} {'nested':>7s} {'yield grid':>11s} {'yield nested':>13s}"
    print(f"{'case':28s} {columns} {'s':>6s}")
    for name, counts in (("halma-pro", (1, 4, 9, 10, 18)), ("halma-standard", (9, 16, 30))):
        parts = router_parts(name)
        job = plan_job(parts, m)
        gap = part_gap(m, outline_cutter(parts, job.choice))
        for count in counts:
            every = parts * count
            area = sum(p.area for p in every)
            grid = grid_layout(every, m, gap)
            start = time.perf_counter()
            found = nest(every, m, gap)
            seconds = time.perf_counter() - start
            print(
                f"{name + ' x ' + str(count):28s} {len(grid):5d} {len(found.sheets):7d} "
                f"{area / (len(grid) * sheet_area):11.1%} "
                f"{area / (len(found.sheets) * sheet_area):13.1%} {seconds:6.1f}"
            )


if __name__ == "__main__":
    speed()
    sheets()
