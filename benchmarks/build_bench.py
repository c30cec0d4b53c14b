"""Where the time of a halma build goes: each artifact writer timed for the 10- and 15-peg boards.

Run: ``.venv/bin/python benchmarks/build_bench.py`` (prints one table per board; nothing is
asserted). The shared work (machining plan, board solid) is timed first on its own; the STEP
and STL writers then reuse the solid, as in a real build. Then the rulebooks, and finally the
whole ``plywright build`` of each example in a fresh process (imports included; target for
the 15-peg board: < 10 s).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from plywright.plugins.halma.artifacts import halma_build
from plywright.plugins.halma.rulebook import rulebook_artifacts
from plywright.registry import load_registry
from plywright.variant import load_variant

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ("halma-standard.toml", "halma-pro.toml")


def bench(example: Path) -> None:
    variant = load_variant(example, load_registry())
    build = halma_build(variant)
    print(
        f"{variant.name}: n={build.board.n}, {len(build.board)} holes, {build.production.outline}"
    )
    rows: list[tuple[str, float, int]] = []
    began = time.perf_counter()
    for label, make in (
        ("(shared) machining plan", lambda: build.plan),
        ("(shared) board solid", lambda: build.board_solid),
    ):
        start = time.perf_counter()
        make()
        rows.append((label, time.perf_counter() - start, 0))
    with tempfile.TemporaryDirectory() as tmp:
        for artifact in [*build.artifacts(), *rulebook_artifacts(variant)]:
            target = Path(tmp) / artifact.path
            start = time.perf_counter()
            artifact.write(target)
            rows.append((artifact.path, time.perf_counter() - start, target.stat().st_size))
    total = time.perf_counter() - began
    for path, seconds, size in rows:
        kib = f"{size / 1024:9.1f} KiB" if size else ""
        print(f"  {path:38s} {seconds:7.3f} s {kib}")
    print(f"  {'total':38s} {total:7.3f} s")


def whole_build(example: Path, repeat: int = 3) -> None:
    """Wall time of ``plywright build`` in a fresh process (median of ``repeat``)."""
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(repeat):
            began = time.perf_counter()
            command = [sys.executable, "-m", "plywright", "build", str(example), "--quiet"]
            subprocess.run([*command, "--out", tmp], check=True)
            runs.append(time.perf_counter() - began)
    print(f"plywright build {example.name}: {statistics.median(runs):.2f} s (median of {repeat})")


def main() -> None:
    began = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import cadquery"], check=True)
    print(f"python start-up + import cadquery: {time.perf_counter() - began:.2f} s")
    for name in EXAMPLES:
        bench(ROOT / "examples" / name)
    for name in EXAMPLES:
        whole_build(ROOT / "examples" / name)


if __name__ == "__main__":
    main()
