"""Speed and shape of the Kubb engine, against the project's targets.

Run: ``.venv/bin/python benchmarks/kubb_bench.py [--games N]``. Prints

- games per second of ``basic`` self-play in one process on the ``seed`` and ``world`` presets
  (target: >= 500): a bare loop (``agent.step`` + sampled chance + ``apply_action``) and the
  core's ``play_game`` (which also counts legal actions for the branching metric);
- the wall time of ``plywright check`` of 1,000 games with ``--jobs 2``, start-up included
  (target: well under a minute).

Every figure is the best of ``--repeat`` runs (default 3), per second of this process's CPU
time and of wall time (they differ when the machine is shared).

``--table N`` instead plays N seeded self-play games of ``--agent`` (default basic) for both
presets and the three skill levels and prints game length in turns, batons, the first team's
win rate, early-king losses, penalty kubbs, the share of turns with an advantage line and the
first-baton figure of :mod:`plywright.plugins.kubb.throws` (field kubbs the first baton of a turn
fells over the field kubbs standing at that baton, summed over every such turn of the N games).
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from plywright.api import AgentSpec
from plywright.engine import CHANCE
from plywright.plugins.kubb.agents import AGENTS
from plywright.plugins.kubb.options import PRESETS, KubbRules
from plywright.plugins.kubb.rules import KubbGame, make_game
from plywright.simulate.chance import sample_chance
from plywright.simulate.playout import play_game

ROOT = Path(__file__).resolve().parents[1]
SPECS = {spec.name: spec for spec in AGENTS}
LEVELS = ("beginner", "club", "advanced")
Clock = Callable[[], float]


def best_of(repeat: int, run: Callable[[], object], clock: Clock = time.perf_counter) -> float:
    """The shortest of ``repeat`` runs, by ``clock``."""
    times = []
    for _ in range(repeat):
        began = clock()
        run()
        times.append(clock() - began)
    return min(times)


def preset_game(preset: str, **rules: object) -> KubbGame:
    return make_game(KubbRules.model_validate({**PRESETS[preset]["rules"], **rules}))


def bare_loop(game: KubbGame, spec: AgentSpec, games: int) -> None:
    for index in range(games):
        rng = random.Random(index)
        agents = [spec.factory(game, seat, rng) for seat in (0, 1)]
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_chance(state, rng))
            else:
                state.apply_action(agents[player].step(state))


def core_loop(game: KubbGame, spec: AgentSpec, games: int) -> None:
    for index in range(games):
        play_game(game, [spec], seed=1, index=index)


def self_play(preset: str, games: int, repeat: int) -> None:
    game = preset_game(preset)
    for label, loop in (("bare loop", bare_loop), ("core play_game", core_loop)):
        run = partial(loop, game, SPECS["basic"], games)
        wall = best_of(repeat, run)
        cpu = best_of(repeat, run, time.process_time)
        print(
            f"basic self-play, {preset}, {label}: {games / cpu:.0f} games/s CPU, "
            f"{games / wall:.0f} wall (target >= 500)"
        )


def check_wall(repeat: int) -> None:
    command = [
        sys.executable,
        "-m",
        "plywright",
        "check",
        "examples/kubb-seed.toml",
        "--games",
        "1000",
        "--jobs",
        "2",
        "--quiet",
    ]
    seconds = best_of(
        repeat,
        lambda: subprocess.run(command, check=True, cwd=ROOT, stdout=subprocess.DEVNULL),
    )
    print(f"plywright check, 1000 games, --jobs 2, start-up included: {seconds:.1f} s")


def table(agent: str, games: int) -> None:
    spec = SPECS[agent]
    print(f"{agent} self-play, {games} games per row (seed 2024)")
    print(
        "preset\tskill\tturns\tsd\tbatons\tfirst won\tearly king\tpenalty\tadv. line\t"
        "1st baton\tunfinished"
    )
    for preset in ("seed", "world"):
        for level in LEVELS:
            game = preset_game(preset, skill=level)
            rows = [play_game(game, [spec], seed=2024, index=i)[0] for i in range(games)]
            metrics = [row.game_metrics for row in rows]

            def mean(key: str, values: list[dict[str, float]] = metrics) -> float:
                return statistics.fmean(m[key] for m in values)

            turns = [m["turns"] for m in metrics]
            first_baton = sum(m["first_baton_field_felled"] for m in metrics) / max(
                1.0, sum(m["first_baton_field_kubbs"] for m in metrics)
            )
            print(
                f"{preset}\t{level}\t{mean('turns'):.1f}\t{statistics.pstdev(turns):.1f}\t"
                f"{mean('batons'):.0f}\t{mean('first_team_won'):.3f}\t\t"
                f"{mean('early_king'):.3f}\t\t{mean('penalty_kubbs'):.2f}\t"
                f"{mean('advantage_turn_share'):.2f}\t\t{first_baton:.3f}\t\t"
                f"{mean('unfinished'):.3f}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="games per speed run")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (best is shown)")
    parser.add_argument("--table", type=int, default=0, help="self-play table: games per row")
    parser.add_argument("--agent", default="basic", help="agent of the self-play table")
    parser.add_argument("--no-check", action="store_true", help="skip the plywright check run")
    args = parser.parse_args()
    if args.table:
        table(args.agent, args.table)
        return
    for preset in ("seed", "world"):
        self_play(preset, args.games, args.repeat)
    if not args.no_check:
        check_wall(args.repeat)


if __name__ == "__main__":
    main()
