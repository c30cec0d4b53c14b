"""Speed and agreement of halma's fast lane (numba), measured in one run.

Run: ``.venv/bin/python benchmarks/halma_fast_bench.py [--games N] [--greedy N] [--metrics N]``.
Prints

- random 2-player 10-peg playouts (500 rounds = 1000 moves unless someone wins): moves per
  second of the fast lane against OpenSpiel's ``chinese_checkers`` played entirely in C++
  (``pyspiel.evaluate_bots`` with ``pyspiel.make_uniform_random_bot``, its 1000-move limit;
  moves counted as changes of the player to act, by replaying the same seeded bots afterwards)
  (target >= 1.0x, aim 1.3x);
- greedy self-play games per second, 2 players on the 10-peg board: the fast lane against the
  Python path (the core's ``play_game``, as ``check`` plays today) (target >= 10x);
- the fast lane in two worker processes against one (what ``check --jobs 2`` can gain);
- ``plywright check`` of ``--check-games`` greedy games (default 100,000) on the standard
  variant with ``--engine fast``: ``--jobs 2`` against ``--jobs 1``, as wall time of the whole
  command and as the check's own ``seconds`` (target >= 1.8x);
- start-up: a fresh process loading the plugins and the standard variant and playing one
  greedy game, Python path and fast lane (cache warm), and the first compile into an empty
  cache folder;
- metrics of ``--metrics`` greedy games (default 10,000) on both paths: each mean with its 95 %
  interval, and whether the intervals overlap;
- the ``search`` agent (default budget) on the 10-peg board: decisions per second in fast-lane
  self-play and on the Python path (target: >= 333/s, i.e. <= 3 ms a decision), and its win
  rate against ``lookahead`` over ``--search`` games (default 200), seats alternated, with the
  Wilson 95 % interval (target >= 75 %).

Figures are the best of ``--repeat`` runs (default 3) in wall time; the machine may be shared.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from multiprocessing import get_context
from pathlib import Path

from plywright.plugins.halma.agents import AGENTS
from plywright.plugins.halma.evaluation import SEARCH_BUDGET
from plywright.plugins.halma.fast.lane import HalmaFastLane
from plywright.plugins.halma.options import HalmaRules
from plywright.plugins.halma.rules import make_game
from plywright.plugins.halma.search import SEARCH
from plywright.simulate.playout import GameStats, play_game
from plywright.simulate.stats import wilson
from plywright.simulate.table import GameTable

ROOT = Path(__file__).resolve().parents[1]
GREEDY = next(spec for spec in AGENTS if spec.name == "greedy")
RULES = HalmaRules(n=4, players=2)
Clock = Callable[[], float]
PREAMBLE = (
    "from pathlib import Path\n"
    "from plywright.registry import load_registry\n"
    "from plywright.agents import resolve_agents\n"
    "from plywright.variant import load_variant\n"
    "registry = load_registry()\n"
    "variant = load_variant(Path('examples/halma-standard.toml'), registry)\n"
    "agents = resolve_agents(registry, variant, 'greedy')\n"
)
ONE_GAME = {
    "python": PREAMBLE
    + (
        "from plywright.simulate.playout import play_game\n"
        "play_game(variant.engine(), agents, 1, 0)\n"
    ),
    "fast": PREAMBLE
    + (
        "from plywright.plugins.halma.fast.plugin import halma_fast_lane\n"
        "lane = halma_fast_lane(variant, agents)\n"
        "lane.warm()\n"
        "lane.play(1, [0])\n"
    ),
}
"""A fresh process as ``check`` starts: plugins and the variant loaded, then one game."""


def best_of(repeat: int, run: Callable[[], object], clock: Clock = time.perf_counter) -> float:
    """The shortest of ``repeat`` runs, by ``clock``."""
    times = []
    for _ in range(repeat):
        began = clock()
        run()
        times.append(clock() - began)
    return min(times)


def rates(repeat: int, run: Callable[[], object], work: float) -> tuple[float, float]:
    """``work`` per second of wall time and of this process's CPU time (best runs)."""
    wall = best_of(repeat, run)
    cpu = best_of(repeat, run, time.process_time)
    return work / wall, work / cpu


def openspiel_random(games: int, repeat: int) -> tuple[float, float] | None:
    """Moves per second (wall, CPU) of OpenSpiel's all-C++ random play (``None`` without
    OpenSpiel)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("chinese_checkers", {"players": 2})

    def bots(index: int) -> list[object]:
        return [pyspiel.make_uniform_random_bot(p, 1000 * index + p) for p in range(2)]

    def run() -> None:
        for index in range(games):
            pyspiel.evaluate_bots(game.new_initial_state(), bots(index), index)

    moves = 0
    for index in range(games):  # the same seeded games again, stepped from Python, to count
        players = bots(index)
        state = game.new_initial_state()
        mover = state.current_player()
        while not state.is_terminal():
            state.apply_action(players[state.current_player()].step(state))
            if state.current_player() != mover:
                moves += 1
                mover = state.current_player()
    print(f"OpenSpiel chinese_checkers, uniform random bots in C++: {games} games, {moves} moves")
    return rates(repeat, run, moves)


def fast_random(games: int, repeat: int) -> tuple[float, float]:
    lane = HalmaFastLane(RULES, ("random", "random"))
    played: list[GameTable] = []

    def run() -> None:
        played[:] = [lane.play(1, range(games))[0]]

    run()
    moves = int(played[0].moves.sum())
    rounds = float(played[0].rounds.mean())
    print(f"fast lane, random agents: {games} games, {moves} moves, {rounds:.0f} rounds a game")
    return rates(repeat, run, moves)


def greedy_speed(games: int, repeat: int) -> None:
    game = make_game(RULES)
    lane = HalmaFastLane(RULES, ("greedy", "greedy"))
    python = rates(repeat, lambda: [play_game(game, [GREEDY], 1, i) for i in range(games)], games)
    fast = rates(repeat, lambda: lane.play(1, range(games * 50)), games * 50)
    for clock, ours, theirs in (("wall", fast[0], python[0]), ("CPU", fast[1], python[1])):
        print(
            f"greedy self-play, 2 players, n = 4, {clock}: python {theirs:,.0f} games/s, "
            f"fast lane {ours:,.0f} games/s: {ours / theirs:.1f}x (target >= 10x)"
        )


def _half(args: tuple[int, int]) -> int:
    lane = HalmaFastLane(RULES, ("greedy", "greedy"))
    return len(lane.play(1, range(*args))[0])


def two_processes(games: int, repeat: int) -> tuple[float, float]:
    """Greedy games per second of the fast lane in one worker and in two (forked, warm)."""
    HalmaFastLane(RULES, ("greedy", "greedy")).warm()
    out = []
    chunks = [(start, min(games, start + 500)) for start in range(0, games, 500)]
    for jobs in (1, 2):
        with ProcessPoolExecutor(jobs, get_context("fork")) as pool:
            list(pool.map(_half, [(0, 1)] * jobs))  # start the workers
            seconds = best_of(repeat, partial(_map, pool, chunks))
        out.append(games / seconds)
    return out[0], out[1]


def check_jobs(games: int, repeat: int) -> None:
    """``plywright check --engine fast`` with one and two jobs, in alternation: best wall time
    of the whole command and best ``seconds`` of its report."""
    wall: dict[int, list[float]] = {1: [], 2: []}
    reported: dict[int, list[float]] = {1: [], 2: []}
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "check.json"
        for _ in range(repeat):
            for jobs in (1, 2):
                command = [
                    str(Path(sys.executable).with_name("plywright")),
                    "check",
                    "examples/halma-standard.toml",
                    f"--games={games}",
                    f"--jobs={jobs}",
                    "--engine=fast",
                    "--quiet",
                    f"--json={report}",
                ]
                began = time.perf_counter()
                subprocess.run(command, cwd=ROOT, capture_output=True, check=True)
                wall[jobs].append(time.perf_counter() - began)
                reported[jobs].append(json.loads(report.read_text())["seconds"])
    for name, times, note in (
        ("the check's own time", reported, "target >= 1.8x"),
        ("whole command", wall, "Python start and imports included"),
    ):
        one, two = min(times[1]), min(times[2])
        print(
            f"check --engine fast, {games:,} greedy games, {name}: --jobs 1 {one:.2f} s, "
            f"--jobs 2 {two:.2f} s: {one / two:.2f}x ({note})"
        )


def _map(pool: ProcessPoolExecutor, chunks: list[tuple[int, int]]) -> list[int]:
    return list(pool.map(_half, chunks))


def children_cpu() -> float:
    """CPU seconds used so far by this process's finished children."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_child(code: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], check=True, cwd=ROOT, env=env, capture_output=True, text=True
    )


def start_up(repeat: int) -> None:
    env = dict(os.environ)
    for engine, code in ONE_GAME.items():
        wall = best_of(repeat, partial(run_child, code, env))
        cpu = best_of(repeat, partial(run_child, code, env), children_cpu)
        print(
            f"start-up, a fresh process playing one greedy game, {engine}: "
            f"{wall:.2f} s wall, {cpu:.2f} s CPU"
        )
    with tempfile.TemporaryDirectory() as folder:
        began, cpu_began = time.perf_counter(), children_cpu()
        done = run_child(ONE_GAME["fast"], {**env, "NUMBA_CACHE_DIR": folder})
        wall, cpu = time.perf_counter() - began, children_cpu() - cpu_began
    print(
        f"first run into an empty cache: {wall:.1f} s wall, {cpu:.1f} s CPU, "
        f"stderr: {done.stderr.strip()!r}"
    )


def per_game(stats: Sequence[GameStats]) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {
        "completion": [float(s.outcome.result in ("win", "draw")) for s in stats],
        "duration (moves)": [float(s.moves) for s in stats],
        "branching": [s.branching_total / s.moves for s in stats],
        "decision moves": [s.decisions / s.moves for s in stats],
        "rounds": [float(s.outcome.rounds) for s in stats],
    }
    for seat in range(RULES.players):
        out[f"seat {seat} wins"] = [
            float(s.outcome.result == "win" and seat in s.outcome.winners) for s in stats
        ]
    return out


def interval(values: Sequence[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.pstdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def metrics(games: int) -> None:
    game = make_game(RULES)
    began = time.perf_counter()
    python = [play_game(game, [GREEDY], 2026, i)[0] for i in range(games)]
    middle = time.perf_counter()
    fast = list(HalmaFastLane(RULES, ("greedy", "greedy")).play(2026, range(games))[0])
    ended = time.perf_counter()
    print(
        f"metrics of {games} greedy games (python {middle - began:.1f} s, "
        f"fast {ended - middle:.2f} s): mean [95 % interval]"
    )
    ours, theirs = per_game(fast), per_game(python)
    agree = True
    for key in theirs:
        m1, lo1, hi1 = interval(theirs[key])
        m2, lo2, hi2 = interval(ours[key])
        overlap = lo1 <= hi2 and lo2 <= hi1
        agree &= overlap
        print(
            f"  {key:<17} python {m1:9.4f} [{lo1:.4f}, {hi1:.4f}]   "
            f"fast {m2:9.4f} [{lo2:.4f}, {hi2:.4f}]   {'overlap' if overlap else 'APART'}"
        )
    print(f"metrics agree within 95 % intervals: {'yes' if agree else 'NO'}")


def search_speed(games: int, repeat: int) -> None:
    """Decisions per second of ``search`` (default budget): fast-lane self-play and the Python
    path (the agent stepping a game the core plays)."""
    lane = HalmaFastLane(RULES, ("search", "search"))
    played: list[GameTable] = []

    def run() -> None:
        played[:] = [lane.play(1, range(games))[0]]

    run()
    decisions = int(played[0].moves.sum())
    wall, cpu = rates(repeat, run, decisions)
    game = make_game(RULES)
    play_game(game, [SEARCH], 1, 0)  # load the kernels
    began = time.perf_counter()
    python = [play_game(game, [SEARCH], 1, i)[0] for i in range(games)]
    seconds = time.perf_counter() - began
    steps = sum(s.moves for s in python)
    print(
        f"search:{SEARCH_BUDGET} self-play, 2 players, n = 4, {games} games ({decisions} "
        f"decisions): fast lane {wall:,.0f} decisions/s wall ({1e3 / wall:.2f} ms), "
        f"{cpu:,.0f}/s CPU ({1e3 / cpu:.2f} ms); Python path {steps / seconds:,.0f} decisions/s "
        f"wall over {len(python)} games (target >= 333/s: <= 3 ms a decision)"
    )


def search_strength(games: int) -> None:
    """``search`` (default budget) against ``lookahead`` on the fast lane, seats alternated."""
    won = 0
    seats = []
    began = time.perf_counter()
    for seat, agents in enumerate((("search", "lookahead"), ("lookahead", "search"))):
        half = games // 2 if seat == 0 else games - games // 2
        table = HalmaFastLane(RULES, agents).play(1 + seat, range(half))[0]
        count = sum(s.outcome.result == "win" and seat in s.outcome.winners for s in table)
        seats.append(f"{count}/{half} as seat {seat + 1}")
        won += count
    low, high = wilson(won, games)
    print(
        f"search:{SEARCH_BUDGET} against lookahead, 2 players, n = 4: {won}/{games} won "
        f"({won / games:.1%}, Wilson 95 % [{low:.1%}, {high:.1%}]; {', '.join(seats)}; "
        f"{time.perf_counter() - began:.1f} s) (target >= 75 %)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random playouts per run")
    parser.add_argument("--greedy", type=int, default=100, help="Python greedy games per run")
    parser.add_argument("--metrics", type=int, default=10_000, help="games per path (0: skip)")
    parser.add_argument(
        "--check-games", type=int, default=100_000, help="games of the timed checks (0: skip)"
    )
    parser.add_argument(
        "--search", type=int, default=200, help="search-vs-lookahead games (0: skip search)"
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (best is shown)")
    args = parser.parse_args()
    HalmaFastLane(RULES, ("random", "random")).warm()  # compile or load before timing
    theirs = openspiel_random(args.games, args.repeat)
    ours = fast_random(args.games, args.repeat)
    for k, clock in enumerate(("wall", "CPU")):
        line = f"random playouts, {clock}: fast lane {ours[k]:,.0f} moves/s"
        if theirs is not None:
            line += (
                f", OpenSpiel C++ {theirs[k]:,.0f} moves/s: {ours[k] / theirs[k]:.2f}x "
                "(target >= 1.0x, aim 1.3x)"
            )
        print(line)
    greedy_speed(args.greedy, args.repeat)
    one, two = two_processes(max(2000, 20 * args.greedy), args.repeat)
    print(
        f"fast lane greedy, 1 process {one:,.0f} games/s, 2 processes {two:,.0f} games/s: "
        f"{two / one:.2f}x (target for check --jobs 2: >= 1.8x)"
    )
    if args.check_games:
        check_jobs(args.check_games, args.repeat)
    start_up(args.repeat)
    if args.metrics:
        metrics(args.metrics)
    if args.search:
        search_speed(max(10, args.search // 10), args.repeat)
        search_strength(args.search)


if __name__ == "__main__":
    main()
