"""Strong play: ``mcts`` playouts per second on every game, and the wall time of
``plywright check`` with the default probes on each example (the issue's targets: halma
60 s, Kubb and Konstruktsiia 120 s, start-up included).

Usage: ``python benchmarks/strongplay_bench.py [--skip-checks] [--pro] [--jobs N] [--budgets]``;
``--pro`` also times the six-player ``halma-pro`` check (30 spoiler pairs and the kept-out
pairs' duels; target 120 s); ``--jobs`` passes ``--jobs N`` to each check. Each check prints its
wall time and its CPU time (the command and its workers): on a shared, loaded machine the wall
time measures the neighbours too, the CPU time over the jobs is what an idle machine would
take. ``--budgets`` times ``check --budget S`` against its budget (how far past its time a check
stops: the round under way finishes) and ``check --games 5`` of a 5 x 5 tic-tac-toe with five
in a row (the probes bounded by ``--games``).
"""

from __future__ import annotations

import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from plywright.api import SearchSettings
from plywright.engine import CHANCE
from plywright.registry import load_registry
from plywright.simulate.chance import sample_chance
from plywright.simulate.mcts import MctsAgent
from plywright.variant import load_variant

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
BUDGET = 200
DECISIONS = 12
TARGETS = {"halma-standard": 20.0, "kubb-seed": 120.0, "konstruktsiia": 120.0}
PRO_TARGET = 120.0


def playouts_per_second(example: str) -> tuple[float, int]:
    """``mcts:200`` decisions along one game of ``example``: playouts/s and decisions timed."""
    registry = load_registry()
    game = load_variant(EXAMPLES / f"{example}.toml", registry).engine()
    rng = random.Random(1)
    state = game.new_initial_state()
    spent, decisions = 0.0, 0
    while decisions < DECISIONS and not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(sample_chance(state, rng))
            continue
        if len(state.legal_actions()) > 1:
            agent = MctsAgent(game, player, random.Random(decisions), SearchSettings(BUDGET))
            started = time.perf_counter()
            action = agent.step(state)
            spent += time.perf_counter() - started
            decisions += 1
        else:
            action = state.legal_actions()[0]
        state.apply_action(action)
    return (BUDGET * decisions / spent if spent else 0.0), decisions


def check_seconds(example: str, jobs: str | None = None) -> tuple[float, float]:
    """Wall and CPU seconds (the command and its workers) of ``plywright check example``."""
    command = [sys.executable, "-m", "plywright", "check", str(EXAMPLES / f"{example}.toml")]
    command += ["-q", "--jobs", jobs] if jobs else ["-q"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, check=False, capture_output=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu


BUDGETS = {"konstruktsiia": (20.0, 60.0), "halma-standard": (20.0,)}
"""Examples and the time budgets (s) ``--budgets`` gives them."""


def command_seconds(*args: str) -> tuple[float, int]:
    """The wall time and exit status of ``plywright ARGS`` (start-up included)."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "plywright", *args, "-q"], check=False, capture_output=True
    )
    return time.perf_counter() - started, done.returncode


def budgets() -> None:
    print("check --budget S: wall time against the budget (exit 3: inconclusive)")
    for example, limits in BUDGETS.items():
        for limit in limits:
            seconds, status = command_seconds(
                "check", str(EXAMPLES / f"{example}.toml"), "--budget", f"{limit:g}"
            )
            print(f"  {example:16} budget {limit:5.0f} s: {seconds:6.1f} s, exit {status}")
    five = Path(tempfile.mkdtemp()) / "five.toml"
    five.write_text('game = "tictactoe"\n[rules]\nsize = 5\nk_in_row = 5\n', encoding="utf-8")
    seconds, status = command_seconds("check", str(five), "--games", "5", "--jobs", "1")
    print(f"  tictactoe 5x5, k=5, --games 5 --jobs 1: {seconds:6.1f} s, exit {status}")


def main() -> None:
    if "--budgets" in sys.argv:
        budgets()
        return
    print(f"mcts:{BUDGET}, {DECISIONS} decisions of one game (playouts/s)")
    for example in ("tictactoe", "halma-standard", "kubb-seed", "konstruktsiia"):
        rate, decisions = playouts_per_second(example)
        print(f"  {example:16} {rate:10,.0f} playouts/s over {decisions} decisions", flush=True)
    if "--skip-checks" in sys.argv:
        return
    jobs = sys.argv[sys.argv.index("--jobs") + 1] if "--jobs" in sys.argv else None
    print("plywright check with the default probes (whole command, start-up included)")
    checks = dict(TARGETS)
    if "--pro" in sys.argv:
        checks["halma-pro"] = PRO_TARGET
    for example, target in checks.items():
        wall, cpu = check_seconds(example, jobs)
        print(f"  {example:16} {wall:6.1f} s wall, {cpu:6.1f} s CPU (target {target:.0f} s)")


if __name__ == "__main__":
    main()
