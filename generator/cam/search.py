"""spyrrow's strip-packing search, stopped as soon as one of its layouts will do.

spyrrow (0.9) has no iteration budget and no target width, only time limits, and a search to
its own end (exploration until ten failed attempts in a row, then compression) spends most of
its time shrinking a strip that already fits the sheet. So the search runs in a process of its
own (:mod:`plywright.cam.sparrow_worker`) that streams spyrrow's progress reports in the order
they were made, and :func:`search` reads them until ``accept`` takes a layout, or gives up
after ``give_up`` failed attempts in a row since the last feasible layout, then ends the
process.

The search is seeded and on one thread, so the reports come in the same order with the same
layouts on every run and every load: a decision taken on them is repeatable, provided no
report was cut short by spyrrow's clock. Each phase's clock starts after ours, so a decision
taken before ``seconds`` have passed is safe; one taken later raises :class:`Unrepeatable`.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

WORKER = Path(__file__).with_name("sparrow_worker.py")

T = TypeVar("T")


class Unrepeatable(ValueError):
    """spyrrow's search ran into its time limit, so its result depends on the machine's load."""


@dataclass(frozen=True)
class Item:
    """``demand`` copies of one shape (a polygon's vertices), turned by any of ``angles``."""

    id: str
    shape: tuple[tuple[float, float], ...]
    demand: int
    angles: tuple[float, ...]


@dataclass(frozen=True)
class Layout:
    """A feasible layout of a report: the strip's width and ``(item id, angle, x, y)`` per
    placed copy (turned about the origin, then moved)."""

    width: float
    placed: tuple[tuple[str, float, float, float], ...]


FAILED = 1
"""The report kind of a failed exploration attempt."""


def search(
    items: Sequence[Item],
    height: float,
    accept: Callable[[Layout], T | None],
    *,
    give_up: int,
    seconds: int,
    seed: int = 0,
) -> T | None:
    """The first of ``accept``'s answers on the search's feasible layouts that is not
    ``None``; ``None`` when ``give_up`` attempts in a row failed or the search ended first."""
    problem = {
        "height": height,
        "items": [
            {"id": i.id, "shape": i.shape, "demand": i.demand, "orientations": i.angles}
            for i in items
        ],
        "seconds": seconds,
        "seed": seed,
    }
    began = time.monotonic()
    worker = subprocess.Popen(
        [sys.executable, "-P", str(WORKER)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert worker.stdin is not None and worker.stdout is not None
    try:
        worker.stdin.write(json.dumps(problem))
        worker.stdin.close()
        failures = 0
        for line in worker.stdout:
            report = json.loads(line)
            if report["kind"] == FAILED:
                failures += 1
                if failures >= give_up:
                    _in_time(began, seconds)
                    return None
                continue
            failures = 0
            layout = Layout(
                float(report["width"]),
                tuple((str(i), float(a), float(x), float(y)) for i, a, x, y in report["placed"]),
            )
            found = accept(layout)
            if found is not None:
                _in_time(began, seconds)
                return found
        if worker.wait() != 0:
            raise RuntimeError(f"spyrrow's search failed (exit status {worker.returncode})")
        _in_time(began, seconds)
        return None
    finally:
        if worker.poll() is None:
            worker.kill()
        worker.wait()
        worker.stdout.close()


def _in_time(began: float, seconds: int) -> None:
    if time.monotonic() - began >= seconds:
        raise Unrepeatable(f"spyrrow's search reached its {seconds} s limit")
