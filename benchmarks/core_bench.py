"""Core timings: start-up of ``plywright games`` and a 1,000-game tic-tac-toe check by jobs.

Run: ``.venv/bin/python benchmarks/core_bench.py`` (prints a small table; nothing is asserted).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TICTACTOE = ROOT / "examples" / "tictactoe.toml"


def timed(args: list[str], repeat: int) -> list[float]:
    runs = []
    for _ in range(repeat):
        began = time.perf_counter()
        subprocess.run(args, check=False, capture_output=True, cwd=ROOT)
        runs.append(time.perf_counter() - began)
    return runs


def main() -> None:
    plywright = [sys.executable, "-m", "plywright"]
    games = timed([*plywright, "games"], repeat=5)
    print(f"plywright games start-up: median {statistics.median(games):.3f} s (5 runs)")
    with tempfile.TemporaryDirectory() as tmp:
        for jobs in (1, 2):
            report = Path(tmp) / f"r{jobs}.json"
            args = [*plywright, "check", str(TICTACTOE), "--games", "1000", "--seed", "1"]
            args += ["--jobs", str(jobs), "--json", str(report), "--quiet"]
            wall = timed(args, repeat=3)
            inner = json.loads(report.read_text())["seconds"]
            median = statistics.median(wall)
            print(
                f"check tictactoe 1000 games --jobs {jobs}: wall median {median:.3f} s,"
                f" simulation {inner:.3f} s"
            )


if __name__ == "__main__":
    main()
