"""CAM: how long a batch takes to nest, program, verify and document, and what nesting saves.

Run: ``.venv/bin/python benchmarks/cam_bench.py`` (prints two tables). Times are wall clock
and user CPU (this process and the spyrrow search's own), the latter being what counts on a
shared machine.

1. A batch of 9 halma-pro boards on the built-in machine: reading the parts from the DXF,
   nesting them (spyrrow), writing the G-code, running it through LinuxCNC's ``rs274`` and the
   material-removal simulation, and the setup sheets (English and Latvian). Targets: nesting
   at most 15 s; G-code, simulation and setup sheet together at most 15 s. Asserted: the
   programs verify and nesting again gives the same layout.
2. Sheets needed by today's rectangular grid (``plywright.cad.nesting``, its cells off the
   clamp zones; the shelf rows for sets of several shapes) and by the nesting, with the yield
   (part area / sheet area) and the nesting's time. Asserted: never more sheets than the grid.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from plywright.cam.costing import CamBuild  # noqa: E402
from plywright.cam.job import outline_cutter, plan_job  # noqa: E402
from plywright.cam.layout import part_gap  # noqa: E402
from plywright.cam.machine import DEFAULT_MACHINE  # noqa: E402
from plywright.cam.nest import grid_layout, nest  # noqa: E402
from plywright.cam.setup_sheet import write_setup_sheet  # noqa: E402
from plywright.cam.source import parts_of, variant_plans  # noqa: E402
from plywright.cam.verify import verify_program  # noqa: E402
from plywright.registry import load_registry  # noqa: E402
from plywright.variant import load_variant  # noqa: E402

T = TypeVar("T")

NESTING_TARGET = 15.0
"""Seconds (wall) for nesting 9 halma-pro boards."""
CASES = (
    ("halma-pro", (1, 4, 9, 10, 18)),
    ("halma-standard", (9, 16, 30)),
    ("tictactoe", (1, 9, 40)),
    ("konstruktsiia", (1, 2, 10)),
)


def router_parts(name: str) -> list:  # type: ignore[type-arg]
    variant = load_variant(ROOT / "examples" / f"{name}.toml", load_registry())
    return parts_of([plan for _, plan in variant_plans(variant)])


def timed(run: Callable[[], T]) -> tuple[T, float, float]:
    """``run()``, its wall seconds and its user CPU seconds (child processes included)."""
    before, start = os.times(), time.perf_counter()
    result = run()
    after, wall = os.times(), time.perf_counter() - start
    user = after.user - before.user + after.children_user - before.children_user
    return result, wall, user


def speed() -> None:
    began = time.perf_counter()
    parts = router_parts("halma-pro")
    read = time.perf_counter() - began
    m = DEFAULT_MACHINE
    gap = part_gap(m, outline_cutter(parts, plan_job(parts, m).choice))
    found, nest_wall, nest_user = timed(lambda: nest(parts * 9, m, gap))
    assert nest(parts * 9, m, gap) == found, "nesting again gave another layout"
    layouts = [[(p.part, p.angle, p.dx, p.dy) for p in sheet] for sheet in found.sheets]
    job, gcode, _ = timed(lambda: plan_job(parts, m, batch=9, title="halma-pro", layouts=layouts))
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
        f"9 x halma-pro: {len(job.programs)} sheet(s) ({found.method}), {lines} G-code lines, "
        f"{holes} holes verified"
    )
    for label, seconds in (
        ("parts read from the DXF (imports included)", read),
        (f"nesting (target {NESTING_TARGET:g} s; user {nest_user:.2f} s)", nest_wall),
        ("G-code", gcode),
        ("rs274 + simulation", simulate),
        ("setup sheets (en, lv)", sheet),
        ("G-code + simulation + setup sheet", gcode + simulate + sheet),
    ):
        print(f"  {label:44s} {seconds:7.2f} s")
    print(
        f"  machine time {quote['machine_seconds'] / 3600:.2f} h, "
        f"{quote['per_board']:.2f} {quote['currency']} per board"
    )
    assert nest_wall <= NESTING_TARGET, f"nesting took {nest_wall:.1f} s"


def sheets() -> None:
    m = DEFAULT_MACHINE
    sheet_area = m.sheet.width * m.sheet.height
    columns = f"{'grid':>5s} {'nested':>7s} {'yield grid':>11s} {'yield nested':>13s}"
    print(f"{'case':28s} {columns} {'wall s':>7s} {'user s':>7s}  method")
    for name, counts in CASES:
        parts = router_parts(name)
        gap = part_gap(m, outline_cutter(parts, plan_job(parts, m).choice))
        for count in counts:
            every = parts * count
            area = sum(p.area for p in every)
            grid = grid_layout(every, m, gap)
            found, wall, user = timed(partial(nest, every, m, gap))
            print(
                f"{name + ' x ' + str(count):28s} {len(grid):5d} {len(found.sheets):7d} "
                f"{area / (len(grid) * sheet_area):11.1%} "
                f"{area / (len(found.sheets) * sheet_area):13.1%} {wall:7.2f} {user:7.2f}  "
                f"{found.method}",
                flush=True,
            )
            assert len(found.sheets) <= len(grid), f"{name} x {count}: more sheets than the grid"


if __name__ == "__main__":
    speed()
    sheets()
