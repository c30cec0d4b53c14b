"""One spyrrow search in a process of its own, its progress reports streamed as JSON lines.

Run by :mod:`plywright.cam.search` as ``python -P sparrow_worker.py``: the problem comes on
standard input (``{"height", "items": [{"id", "shape", "demand", "orientations"}],
"seconds", "seed"}``), each report goes to standard output in the order spyrrow made it,
``{"kind", "width"}`` and, for a feasible layout, ``"placed": [[id, angle, x, y], ...]``.
The reader stops the search whenever it has seen enough (by ending this process), so a
search never has to run to spyrrow's own end. It imports spyrrow and the standard library
only.
"""

from __future__ import annotations

import contextlib
import json
import sys
import threading
from typing import Any, TextIO

FEASIBLE = (0, 3, 4)
"""spyrrow's report kinds with a feasible layout: found in exploration or compression, final."""
STREAMED = (*FEASIBLE, 1)
"""The kinds written out; 1 is a failed exploration attempt. The separator's own 'improving'
reports (2) are left out."""


def _line(kind: int, solution: Any) -> str:
    report: dict[str, Any] = {"kind": kind, "width": solution.width}
    if kind in FEASIBLE:
        report["placed"] = [
            [p.id, p.rotation, p.translation[0], p.translation[1]] for p in solution.placed_items
        ]
    return json.dumps(report)


def run(problem: dict[str, Any], out: TextIO) -> None:
    """Solve ``problem`` and write every streamed report to ``out`` as it comes."""
    import spyrrow

    items = [
        spyrrow.Item(i["id"], [tuple(p) for p in i["shape"]], i["demand"], i["orientations"])
        for i in problem["items"]
    ]
    instance = spyrrow.StripPackingInstance("sheet", problem["height"], items)
    config = spyrrow.StripPackingConfig(
        early_termination=True,
        exploration_time=problem["seconds"],
        compression_time=problem["seconds"],
        total_computation_time=None,
        num_workers=1,
        seed=problem["seed"],
    )
    queue = spyrrow.ProgressQueue()
    done = threading.Event()

    def pump() -> None:
        while True:
            finished = done.wait(0.01)
            for report_type, solution in queue.drain():
                if int(report_type) in STREAMED:
                    out.write(_line(int(report_type), solution) + "\n")
            out.flush()
            if finished:
                return

    writer = threading.Thread(target=pump, daemon=True)
    writer.start()
    try:
        instance.solve(config, queue)
    finally:
        done.set()
        writer.join()


if __name__ == "__main__":
    with contextlib.suppress(BrokenPipeError):  # the reader had seen enough
        run(json.load(sys.stdin), sys.stdout)
