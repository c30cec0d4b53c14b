"""Speed of the halma engine: perft and greedy self-play, against the project's targets.

Run: ``.venv/bin/python benchmarks/halma_bench.py [--games N]``. Prints

- perft depth 1-5 from the 2-player 10-peg start (in this process), then the wall time of a
  fresh process running depths 1-5, Python start-up included, bare and through
  ``plywright perft`` (target: < 2.5 s);
- games per second of greedy self-play in one process, 2 players on the 10-peg board
  (target: >= 300) and 6 players on the 15-peg board (target: >= 40): a bare loop
  (``agent.step`` + ``apply_action``) and the core's ``play_game`` (which also lists the legal
  actions of every position for the branching metric).

Every figure is the best of ``--repeat`` runs (default 3); self-play is given per second of
this process's CPU time and of wall time (they differ when the machine is shared).

``--table N`` instead plays N seeded self-play games of ``--agent`` (default greedy) for every
board (n = 4, 5) and player count (2-6) and prints completion, draws, mean and longest game in
rounds and the share of games each seat won alone.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from functools import partial
from pathlib import Path

from plywright.api import AgentSpec
from plywright.plugins.halma.agents import AGENTS
from plywright.plugins.halma.options import HalmaRules
from plywright.plugins.halma.rules import HalmaGame, make_game
from plywright.simulate.playout import play_game

ROOT = Path(__file__).resolve().parents[1]
PERFT_SNIPPET = (
    "from plywright.plugins.halma.options import HalmaRules\n"
    "from plywright.plugins.halma.rules import make_game\n"
    "s = make_game(HalmaRules()).new_initial_state()\n"
    "print([s.perft(d) for d in range(1, 6)])\n"
)
GREEDY = next(spec for spec in AGENTS if spec.name == "greedy")
Clock = Callable[[], float]


def best_of(repeat: int, run: Callable[[], object], clock: Clock = time.perf_counter) -> float:
    """The shortest of ``repeat`` runs, by ``clock``."""
    times = []
    for _ in range(repeat):
        began = clock()
        run()
        times.append(clock() - began)
    return min(times)


def perft_table(repeat: int) -> None:
    state = make_game(HalmaRules()).new_initial_state()
    print("perft, 2 players, n = 4 (in process)")
    print("depth\tcount\tseconds")
    for depth in range(1, 6):
        seconds = best_of(repeat, partial(state.perft, depth))
        print(f"{depth}\t{state.perft(depth)}\t{seconds:.3f}")
    bare = best_of(
        repeat,
        lambda: subprocess.run(
            [sys.executable, "-c", PERFT_SNIPPET], check=True, cwd=ROOT, stdout=subprocess.DEVNULL
        ),
    )
    cli = [sys.executable, "-m", "plywright", "perft", "examples/halma-standard.toml"]
    via_cli = best_of(
        repeat,
        lambda: subprocess.run(
            [*cli, "--depth", "5"], check=True, cwd=ROOT, stdout=subprocess.DEVNULL
        ),
    )
    print(f"fresh process, depths 1-5, start-up included: {bare:.2f} s (target < 2.5 s)")
    print(f"plywright perft --depth 5, start-up included:  {via_cli:.2f} s")


def bare_loop(game: HalmaGame, spec: AgentSpec, games: int) -> None:
    for index in range(games):
        rng = random.Random(index)
        agents = [
            spec.factory(game, seat, random.Random(rng.random())) for seat in range(game.players)
        ]
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(agents[state.current_player()].step(state))


def core_loop(game: HalmaGame, spec: AgentSpec, games: int) -> None:
    for index in range(games):
        play_game(game, [spec], seed=1, index=index)


def self_play(players: int, n: int, games: int, target: float, repeat: int) -> None:
    game = make_game(HalmaRules(n=n, players=players))
    for label, loop in (("bare loop", bare_loop), ("core play_game", core_loop)):
        run = partial(loop, game, GREEDY, games)
        wall = best_of(repeat, run)
        cpu = best_of(repeat, run, time.process_time)
        print(
            f"greedy self-play, {players} players, n = {n}, {label}: "
            f"{games / cpu:.0f} games/s CPU, {games / wall:.0f} wall (target >= {target:.0f})"
        )


def self_play_table(agent: str, games: int) -> None:
    spec = next(spec for spec in AGENTS if spec.name == agent)
    print(f"{agent} self-play, {games} games per row; seat columns: sole wins / games")
    print("n\tplayers\tcomplete\tdraws\tunfinished\trounds\tmax\tseat wins")
    for n in (4, 5):
        for players in range(2, 7):
            game = make_game(HalmaRules(n=n, players=players))
            results: Counter[str] = Counter()
            rounds: list[int] = []
            wins = [0] * players
            for index in range(games):
                stats, _ = play_game(game, [spec], seed=2024, index=index)
                results[stats.outcome.result] += 1
                rounds.append(stats.outcome.rounds)
                if stats.outcome.result == "win":
                    wins[stats.outcome.winners[0]] += 1
            complete = (results["win"] + results["draw"]) / games
            seats = " ".join(f"{w / games:.2f}" for w in wins)
            print(
                f"{n}\t{players}\t{complete:.1%}\t{results['draw'] / games:.1%}\t"
                f"{results['unfinished'] + results['stalemate']}\t"
                f"{sum(rounds) / games:.1f}\t{max(rounds)}\t{seats}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="2-player games per run")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (best is shown)")
    parser.add_argument("--table", type=int, default=0, help="self-play table: games per row")
    parser.add_argument("--agent", default="greedy", help="agent of the self-play table")
    args = parser.parse_args()
    if args.table:
        self_play_table(args.agent, args.table)
        return
    perft_table(args.repeat)
    self_play(2, 4, args.games, 300, args.repeat)
    self_play(6, 5, max(1, args.games // 5), 40, args.repeat)


if __name__ == "__main__":
    main()
