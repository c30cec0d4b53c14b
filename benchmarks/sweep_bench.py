"""Speed of ``plywright sweep``: one worker, two local worker processes, a Dask cluster.

Run: ``.venv/bin/python benchmarks/sweep_bench.py [--games 500] [--no-dask]``. Sweeps the
20 halma variants ``players = 2..6`` x ``target_lock = true, false`` x ``jump_own = true,
false`` of ``examples/halma-standard.toml`` (greedy agents, seed 0) and prints the wall time

- on one worker (the games in this process),
- on two local worker processes (``--jobs 2``; target: at least 1.8x faster than one),
- on a Dask cluster started here: ``dask scheduler`` and two single-threaded ``dask worker``
  processes on localhost, profiler off as the README advises (target: within 15 % of the
  local pool),

and checks that the three give the same ``sweep.csv``. Every time is the best of ``--repeat``
runs (default 1). On a shared machine wall times say little, so the CPU seconds of this
process and its reaped worker processes are printed too: ``cpu(one) / cpu(pool)`` is the
pool's efficiency (1.0 = no overhead), and ``workers x efficiency`` the speed-up the pool
reaches on idle cores.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from plywright.registry import load_registry
from plywright.simulate.executors import open_backend
from plywright.sweep.outputs import csv_text
from plywright.sweep.run import Sweep, prepare_sweep, run_sweep

ROOT = Path(__file__).resolve().parents[1]
GRID = ("rules.players=2..6", "rules.target_lock=true,false", "rules.jump_own=true,false")
DASK = Path(sys.executable).with_name("dask")
WORKER_ENV = {"DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED": "False"}
"""As the README advises: the workers' sampling profiler takes the GIL from pure-Python games
every 10 ms (about 7 points of the gap to the local pool, measured)."""


@contextmanager
def dask_cluster(workers: int = 2) -> Iterator[str]:
    """A scheduler and ``workers`` single-threaded workers on localhost; yields its address."""
    folder = Path(tempfile.mkdtemp(prefix="plywright-dask-"))
    info = folder / "scheduler.json"
    started: list[subprocess.Popen[bytes]] = []

    def start(*args: str) -> None:
        started.append(
            subprocess.Popen(
                [str(DASK), *args],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
                env={**os.environ, **WORKER_ENV},
            )
        )

    try:
        start("scheduler", "--host", "127.0.0.1", "--port", "0", "--scheduler-file", str(info))
        deadline = time.monotonic() + 60
        while not info.exists() or not info.read_text().strip():
            if time.monotonic() > deadline:
                raise RuntimeError("the Dask scheduler did not start")
            time.sleep(0.2)
        address = str(json.loads(info.read_text())["address"])
        for number in range(workers):
            start("worker", address, "--nworkers", "1", "--nthreads", "1", "--no-dashboard")
            del number
        wait = f"from distributed import Client; Client({address!r}).wait_for_workers({workers})"
        subprocess.run([sys.executable, "-c", wait], check=True, timeout=120)
        yield address
    finally:
        for process in reversed(started):
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
                process.wait(20)


def cpu_seconds() -> float:
    """CPU time of this process and of its children that have ended."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(run: Callable[[], str], repeat: int) -> tuple[float, float, str]:
    """The best wall time of ``repeat`` runs, the CPU time of that run (here and in worker
    processes that ended) and the CSV of the last run."""
    best, cpu, table = float("inf"), 0.0, ""
    for _ in range(repeat):
        began, began_cpu = time.perf_counter(), cpu_seconds()
        table = run()
        wall = time.perf_counter() - began
        if wall < best:
            best, cpu = wall, cpu_seconds() - began_cpu
    return best, cpu, table


def sweep_once(sweep: Sweep, games: int, jobs: int, scheduler: str | None = None) -> str:
    with open_backend(jobs, scheduler) as backend:
        return csv_text(run_sweep(sweep, games, backend))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="games per variant")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask cluster")
    parser.add_argument(
        "--engine",
        choices=("python", "fast", "auto"),
        default="python",
        help="python (default: the reference engine, the issue's measure) or the fast lane",
    )
    options = parser.parse_args()
    registry = load_registry()
    sweep = prepare_sweep(
        registry, ROOT / "examples" / "halma-standard.toml", GRID, engine=options.engine
    )
    total = len(sweep.points) * options.games
    print(
        f"halma sweep: {len(sweep.points)} variants x {options.games} games = {total} games"
        f" ({options.engine} engine)"
    )
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    sweep_once(sweep, 2, 1)  # warm the engines' caches once, so no run pays for them
    one, cpu_one, table_one = timed(lambda: sweep_once(sweep, options.games, 1), options.repeat)
    print(f"one worker:            {one:8.2f} s  ({total / one:7.0f} games/s), CPU {cpu_one:.1f} s")
    two, cpu_two, table_two = timed(lambda: sweep_once(sweep, options.games, 2), options.repeat)
    print(f"two local processes:   {two:8.2f} s  ({total / two:7.0f} games/s), CPU {cpu_two:.1f} s")
    efficiency = cpu_one / cpu_two if cpu_two else 0.0
    print(
        f"  wall speed-up {one / two:.2f}x (target >= 1.8x); pool efficiency {efficiency:.2f}, "
        f"so {2 * efficiency:.2f}x on two idle cores; same sweep.csv: {table_one == table_two}"
    )
    if not options.no_dask:
        with dask_cluster(2) as address:
            sweep_once(sweep, 2, 1, address)  # a cluster's workers are long-lived: warm them
            on_dask, _, table_dask = timed(
                lambda: sweep_once(sweep, options.games, 1, address), options.repeat
            )
        print(f"dask, two workers:     {on_dask:8.2f} s  ({total / on_dask:7.0f} games/s)")
        print(
            f"  {100 * (on_dask / two - 1):+.1f} % against the local pool (target within 15 %); "
            f"same sweep.csv: {table_dask == table_one}"
        )
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
