"""Strong play: ``mcts`` playouts per second on every game, and the wall time of
``plywright check`` with the default probes on each example (the issue's targets: halma
60 s, Kubb and Konstruktsiia 120 s, start-up included).

Usage: ``python benchmarks/strongplay_bench.py [--skip-checks] [--pro] [--jobs N]``; ``--pro``
also times the six-player ``halma-pro`` check (30 spoiler pairs and the kept-out pairs' duels;
target 120 s); ``--jobs`` passes ``--jobs N`` to each check. Each check prints its wall time
and its CPU time (the command and its workers): on a shared, loaded machine the wall time
measures the neighbours too, the CPU time over the jobs is what an idle machine would take.
"""

from __future__ import annotations

import random
import resource
import subprocess
import sys
import time
from pathlib import Path

from generator.api import SearchSettings
from generator.engine import CHANCE
from generator.registry import load_registry
from generator.simulate.generic_agents import sample_chance
from generator.simulate.mcts import MctsAgent
from generator.variant import load_variant

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
    command = [sys.executable, "-m", "generator", "check", str(EXAMPLES / f"{example}.toml")]
    command += ["-q", "--jobs", jobs] if jobs else ["-q"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, check=False, capture_output=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu


def main() -> None:
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
