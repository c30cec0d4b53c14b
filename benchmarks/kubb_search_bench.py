"""Speed and strength of the Kubb ``expectimax`` agent (a search over the throw model).

Run: ``.venv/bin/python benchmarks/kubb_search_bench.py [--games N] [--budget B] [--jobs J]``.
Prints, for the ``seed`` and ``world`` presets:

- speed: ``expectimax`` self-play in one process, games per second and decisions per second
  (decisions with more than one legal action), per second of this process's CPU time and of
  wall time (they differ when the machine is shared), target <= 0.3 s a game; budget 1 too;
- strength: ``expectimax`` against ``tactical`` and against ``basic``, ``--games`` seeded games
  each, seats alternated, the starting team drawn by the engine's chance node: win rates with
  Wilson 95 % intervals;
- spoiler: the victim ``basic`` against ``expectimax`` playing only so that the victim does
  not win (``SearchSettings.victim``) and, for comparison, against ``basic`` and against
  ``expectimax`` playing to win, ``--spoil-games`` games each, cut off (as the check's probes
  do) after twice the most player moves of 200 ``basic`` self-play games: the victim's win
  rate, the other side's wins, games cut off, and the victim's share of the games the other
  side did not win (what the probes judge).

``--tolerant-placement`` replays the strength games with the engine's throw-in placement
counting a spot exactly ``MIN_GAP`` from a standing kubb as free (``_free_spot`` compares
``>= MIN_GAP`` in floating point, so whether such a spot counts as free depends on where on
the field it lies, and groups thrown in at some lateral positions stand tighter than at
others): what is left of the agent's edge without that artefact.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor

from plywright.api import AgentSpec
from plywright.engine import CHANCE
from plywright.plugins.kubb import rules as kubb_rules
from plywright.plugins.kubb import throws
from plywright.plugins.kubb.agents import AGENTS
from plywright.plugins.kubb.options import PRESETS, KubbRules
from plywright.plugins.kubb.rules import KubbGame, KubbState, make_game
from plywright.plugins.kubb.search import DEFAULT_BUDGET
from plywright.simulate.chance import sample_chance
from plywright.simulate.playout import play_game
from plywright.simulate.stats import wilson

SPECS = {spec.name: spec for spec in AGENTS}
PRESET_NAMES = ("seed", "world")
TARGET = 0.3
"""Seconds a game of ``expectimax`` against itself may take (the check's budget)."""


def preset_game(name: str) -> KubbGame:
    return make_game(KubbRules.model_validate(PRESETS[name]["rules"]))


def rate(wins: int, games: int) -> str:
    low, high = wilson(wins, games)
    return f"{wins / max(games, 1):.3f} [{low:.3f}, {high:.3f}] ({wins}/{games})"


# ------------------------------------------------------------------ speed


def self_play(game: KubbGame, spec: AgentSpec, games: int) -> tuple[float, float, int]:
    """CPU seconds, wall seconds and decisions of ``games`` self-play games (bare loop)."""
    decisions = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for index in range(games):
        rng = random.Random(index)
        agents = [spec.factory(game, seat, random.Random(index)) for seat in (0, 1)]
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_chance(state, rng))
            else:
                decisions += state.num_legal_actions() > 1
                state.apply_action(agents[player].step(state))
    return time.process_time() - cpu, time.perf_counter() - wall, decisions


def speed(budget: int, games: int) -> None:
    for name in PRESET_NAMES:
        game = preset_game(name)
        for b in sorted({budget, 1}, reverse=True):
            spec = SPECS["expectimax"].with_budget(b)
            self_play(game, spec, 1)  # builds the abstract game and the plans
            cpu, wall, decisions = self_play(game, spec, games)
            print(
                f"speed {name} {spec.name} self-play, {games} games: {cpu / games:.3f} s a game "
                f"CPU ({games / cpu:.1f} games/s, {decisions / cpu:.0f} decisions/s), "
                f"{wall / games:.3f} s wall; target <= {TARGET} s",
                flush=True,
            )


# ------------------------------------------------------------------ strength and spoiling


def tolerant_free_spot(
    self: KubbState, kubb: int, point: tuple[float, float]
) -> tuple[float, float]:
    """``KubbState._free_spot`` with spots exactly ``MIN_GAP`` away counted as free."""
    x, y = point
    gap = throws.MIN_GAP
    width = self.game.field.width
    others = [
        (self.xs[i], self.ys[i])
        for i in range(self.game.kubbs)
        if self.up[i] and i != kubb and abs(self.xs[i] - x) < gap
    ]
    if not others:
        return point
    for step in range(0, 2 * int(width / gap) + 2):
        cy = y + (step + 1) // 2 * gap * (1 if step % 2 else -1)
        if 0.0 <= cy <= width and all(
            math.hypot(ox - x, oy - cy) >= gap - 1e-9 for ox, oy in others
        ):
            return (x, cy)
    return point


def _worker_setup(tolerant: bool) -> None:
    if tolerant:
        kubb_rules.KubbState._free_spot = tolerant_free_spot  # type: ignore[method-assign]


def agent_spec(name: str) -> AgentSpec:
    """A registered agent, ``NAME:BUDGET`` for a searching one with another budget."""
    base, _, budget = name.partition(":")
    spec = SPECS[base]
    return spec.with_budget(int(budget)) if budget else spec


def _chunk(
    preset: str,
    first: str,
    spoils: bool,
    second: str,
    indices: range,
    seed: int,
    limit: int | None,
) -> tuple[int, int, int]:
    """Wins of ``first`` (seat ``index % 2``; spoiling the other seat if ``spoils``), wins of
    ``second`` and games cut off, over the games ``indices``."""
    game = preset_game(preset)
    mine, theirs = agent_spec(first), agent_spec(second)
    won = lost = cut = 0
    for index in indices:
        seat = index % 2
        me = mine.spoiling(1 - seat) if spoils else mine
        order = [me, theirs] if seat == 0 else [theirs, me]
        stats, _ = play_game(game, order, seed=seed, index=index, limit=limit)
        winners = stats.outcome.winners
        won += winners == (seat,)
        lost += winners == (1 - seat,)
        cut += not winners
    return won, lost, cut


def matchup(
    pool: ProcessPoolExecutor,
    jobs: int,
    preset: str,
    first: str,
    second: str,
    games: int,
    seed: int,
    spoils: bool = False,
    limit: int | None = None,
) -> tuple[int, int, int]:
    """:func:`_chunk` over ``games`` games, split between the workers."""
    step = math.ceil(games / jobs)
    parts = [range(start, min(games, start + step)) for start in range(0, games, step)]
    futures = [
        pool.submit(_chunk, preset, first, spoils, second, part, seed, limit) for part in parts
    ]
    totals = [0, 0, 0]
    for future in futures:
        for k, value in enumerate(future.result()):
            totals[k] += value
    return totals[0], totals[1], totals[2]


def strength(pool: ProcessPoolExecutor, jobs: int, budget: int, games: int, label: str) -> None:
    agent = f"expectimax:{budget}"
    for name in PRESET_NAMES:
        for opponent in ("tactical", "basic"):
            wins, _, cut = matchup(pool, jobs, name, agent, opponent, games, 2024)
            print(
                f"strength{label} {name}: {agent} against {opponent}: wins {rate(wins, games)}"
                + (f", {cut} cut off" if cut else ""),
                flush=True,
            )


def spoiling(pool: ProcessPoolExecutor, jobs: int, budget: int, games: int) -> None:
    agent = f"expectimax:{budget}"
    for name in PRESET_NAMES:
        game = preset_game(name)
        longest = max(play_game(game, [SPECS["basic"]], 0, i)[0].moves for i in range(200))
        limit = 2 * longest
        print(f"spoiler {name}: victim basic, games cut off after {limit} player moves")
        for label, side, spoils in (
            ("basic", "basic", False),
            (f"{agent} playing to win", agent, False),
            (f"{agent} spoiling", agent, True),
        ):
            other, victim, cut = matchup(pool, jobs, name, side, "basic", games, 31, spoils, limit)
            open_games = games - other
            print(
                f"  against {label}: victim wins {rate(victim, games)}; the other side wins "
                f"{other}, {cut} cut off; victim's share of the games the other side did not "
                f"win: {victim}/{open_games}",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per strength matchup")
    parser.add_argument("--spoil-games", type=int, default=200, help="games per spoiler row")
    parser.add_argument("--speed-games", type=int, default=40, help="self-play games timed")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="expectimax budget")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes for the games")
    parser.add_argument("--no-speed", action="store_true", help="skip the speed runs")
    parser.add_argument("--no-spoiler", action="store_true", help="skip the spoiler runs")
    parser.add_argument(
        "--tolerant-placement",
        action="store_true",
        help="also play the strength games with the placement artefact removed",
    )
    args = parser.parse_args()
    if not args.no_speed:
        speed(args.budget, args.speed_games)
    with ProcessPoolExecutor(args.jobs, initializer=_worker_setup, initargs=(False,)) as pool:
        strength(pool, args.jobs, args.budget, args.games, "")
        if not args.no_spoiler:
            spoiling(pool, args.jobs, args.budget, args.spoil_games)
    if args.tolerant_placement:
        with ProcessPoolExecutor(args.jobs, initializer=_worker_setup, initargs=(True,)) as pool:
            strength(pool, args.jobs, args.budget, args.games, " (tolerant placement)")


if __name__ == "__main__":
    main()
