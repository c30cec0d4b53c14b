"""Strong play: ``mcts`` playouts per second on every game, and the wall time of
``plywright check`` with the default probes on each example (the issue's targets: halma
60 s, Kubb and Konstruktsiia 120 s, start-up included).

Usage: ``python benchmarks/strongplay_bench.py [--skip-checks] [--pro]``; ``--pro`` also times
the six-player ``halma-pro`` check (30 spoiler pairs and the kept-out pairs' duels; no target).
"""

from __future__ import annotations

import random
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
TARGETS = {"halma-standard": 60.0, "kubb-seed": 120.0, "konstruktsiia": 120.0}


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


def check_seconds(example: str) -> float:
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "generator", "check", str(EXAMPLES / f"{example}.toml"), "-q"],
        check=False,
        capture_output=True,
    )
    return time.perf_counter() - started


def main() -> None:
    print(f"mcts:{BUDGET}, {DECISIONS} decisions of one game (playouts/s)")
    for example in ("tictactoe", "halma-standard", "kubb-seed", "konstruktsiia"):
        rate, decisions = playouts_per_second(example)
        print(f"  {example:16} {rate:10,.0f} playouts/s over {decisions} decisions", flush=True)
    if "--skip-checks" in sys.argv:
        return
    print("plywright check with the default probes (whole command, start-up included)")
    for example, target in TARGETS.items():
        seconds = check_seconds(example)
        print(f"  {example:16} {seconds:6.1f} s (target {target:.0f} s)", flush=True)
    if "--pro" in sys.argv:
        print(f"  {'halma-pro':16} {check_seconds('halma-pro'):6.1f} s (no target)", flush=True)


if __name__ == "__main__":
    main()
