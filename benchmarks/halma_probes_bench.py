"""CPU time of the games a halma check's probes play, by kind, on the fast lane.

Run: ``.venv/bin/python benchmarks/halma_probes_bench.py [--games N] [--example NAME ...]``.

For each example (default ``halma-standard`` and ``halma-pro``) and each kind of probe game
(the default agent alone; the ladder's rungs above it, ``lookahead`` among default agents
and the strong agent among ``lookahead``; the strong agent among default agents, as the
ladder's last rung; a spoiler among default agents; strong self-play; the duel of two strong
seats, to win and to spoil) plays
``--games`` games (default 2) in this process and prints the CPU seconds a game (the
process's CPU clock: the machine may be shared and loaded, wall time would measure the
neighbours), the mean moves, and the search decisions per CPU second. Multiply by the games
of each kind (``plywright.simulate.strong.plan.matchups``) for the probes' CPU budget of a
check.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from plywright.plugins.halma.fast.lane import HalmaFastLane
from plywright.plugins.halma.options import HalmaRules
from plywright.registry import load_registry
from plywright.variant import load_variant

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 4000
"""Most moves a game (as a probe's limit; the kinds here end well before)."""


def two_seats(rules: HalmaRules) -> HalmaRules:
    """The duel of the first two seats (as :func:`plywright.plugins.halma.duel.halma_duel`)."""
    points, targets = rules.seat_points(), rules.target_points()
    return HalmaRules.model_validate(
        {
            **rules.model_dump(),
            "players": 2,
            "seating": points[:2],
            "targets": targets[:2],
            "first_seat": 0,
        }
    )


def kinds(rules: HalmaRules) -> dict[str, tuple[HalmaRules, tuple[str, ...], tuple[int, ...]]]:
    """Lineups by kind: rules, the agent of each seat, the victim of each seat."""
    p = rules.players
    rest = ("greedy",) * (p - 1)
    duel = two_seats(rules)
    return {
        "default": (rules, ("greedy",) * p, ()),
        "ladder: lookahead seat": (rules, ("lookahead", *rest), ()),
        "ladder: strong seat": (rules, ("search",) + ("lookahead",) * (p - 1), ()),
        "strong seat, default": (rules, ("search", *rest), ()),
        "spoiler": (rules, ("search", *rest), (1,) + (-1,) * (p - 1)),
        "strong self-play": (rules, ("search",) * p, ()),
        "duel, to win": (duel, ("search", "search"), ()),
        "duel, to spoil": (duel, ("search", "search"), (1, -1)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--example", nargs="*", default=["halma-standard", "halma-pro"])
    args = parser.parse_args()
    registry = load_registry()
    for example in args.example:
        rules = load_variant(ROOT / "examples" / f"{example}.toml", registry).table(HalmaRules)
        print(f"{example}: {rules.players} seats, {args.games} games a kind (CPU seconds)")
        for kind, (played, agents, victims) in kinds(rules).items():
            lane = HalmaFastLane(played, agents, victims=victims)
            lane.warm()
            started = time.process_time()
            table, _ = lane.play(0, list(range(args.games)), limit=LIMIT)
            spent = time.process_time() - started
            moves = float(np.mean(table.moves))
            searched = sum(name == "search" for name in agents) / len(agents)
            decisions = float(np.sum(table.decisions)) * searched
            rate = f"{decisions / spent:8,.0f} search decisions/s" if searched else ""
            print(f"  {kind:22} {spent / args.games:8.3f} s a game {moves:6.0f} moves {rate}")


if __name__ == "__main__":
    main()
