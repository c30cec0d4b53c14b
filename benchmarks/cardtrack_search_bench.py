"""Speed and strength of the Konstruktsiia ``planner`` (a search over the unseen cards).

Run: ``.venv/bin/python benchmarks/cardtrack_search_bench.py [--games N] [--budget B]``.
Prints, on the standard variant (3 decks, height 10), in one process:

- speed: planner self-play games per second and planner decisions per second (CPU time of this
  process and wall time; they differ when the machine is shared), target <= 0.4 s a game;
- strength: planner against ``blocker`` and ``builder``, ``--games`` seeded games each, half
  from each seat, win rates with Wilson 95 % intervals (per seat too);
- spoiler: the victim (``builder``) against the planner playing only so that it does not win
  (``SearchSettings.victim``) and, for comparison, against ``builder`` and the planner playing
  to win; games are cut off at ``--limit`` turned cards (about twice a normal game): the
  victim's win rates, and how the others ended (the rival won; cut off, with the victim locked
  out of its joker or not).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Sequence

from plywright.api import Agent, AgentSpec, SearchSettings
from plywright.engine import CHANCE
from plywright.plugins.cardtrack.agents import AGENTS
from plywright.plugins.cardtrack.options import CardtrackRules
from plywright.plugins.cardtrack.rules import CardtrackGame, CardtrackState, make_game

AGENT = {spec.name: spec for spec in AGENTS}


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a rate."""
    if not games:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (centre - half, centre + half)


def rate(wins: int, games: int) -> str:
    low, high = wilson(wins, games)
    return f"{wins / max(games, 1):.3f} [{low:.3f}, {high:.3f}] ({wins}/{games})"


def play(
    game: CardtrackGame, specs: Sequence[AgentSpec], index: int, limit: int = 0
) -> tuple[CardtrackState, list[Agent]]:
    """One seeded game (bare loop); ``limit`` > 0 stops it after that many turned cards."""
    rng = random.Random(index)
    agents = [
        spec.factory(game, seat, random.Random(index * 7 + seat)) for seat, spec in enumerate(specs)
    ]
    state = game.new_initial_state()
    while not state.is_terminal() and not (limit and state.turned >= limit):
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_card(rng))
        else:
            state.apply_action(agents[player].step(state))
    return state, agents


def winner(state: CardtrackState) -> int:
    return state.winner if state.result == "win" else -1


def speed(game: CardtrackGame, spec: AgentSpec, games: int) -> None:
    """Self-play of ``spec``: games and decisions per second (every turned card is one)."""
    decisions, times = 0, []
    wall = time.perf_counter()
    for index in range(games):
        began = time.process_time()
        state, _ = play(game, (spec, spec), 10_000 + index)
        times.append(time.process_time() - began)
        decisions += state.turned
    wall = time.perf_counter() - wall
    cpu = sum(times)
    print(
        f"{spec.name} self-play, {games} games: {games / cpu:.2f} games/s CPU "
        f"({cpu / games:.3f} s a game, median {statistics.median(times):.3f}, slowest "
        f"{max(times):.2f}; {games / wall:.2f} games/s wall), {decisions / cpu:,.0f} decisions/s "
        f"CPU, {decisions / games:.0f} cards a game"
    )


def duel(game: CardtrackGame, first: AgentSpec, second: AgentSpec, games: int) -> None:
    """``first`` against ``second``, half the games from each seat."""
    won = [0, 0]
    seat_won = [[0, 0], [0, 0]]  # first's wins when first sits in seat 0 / 1, games there
    began = time.process_time()
    for index in range(games):
        swap = index % 2
        specs = (second, first) if swap else (first, second)
        state, _ = play(game, specs, index)
        seat = winner(state)
        seat_won[swap][1] += 1
        if seat >= 0:
            won[seat ^ swap] += 1
            seat_won[swap][0] += seat == swap
    spent = time.process_time() - began
    print(
        f"{first.name} v {second.name}, {games} games: {first.name} wins {rate(won[0], games)}, "
        f"{second.name} {won[1]}; as seat 1 {rate(*seat_won[0])}, as seat 2 {rate(*seat_won[1])}"
        f" ({spent / games:.3f} s CPU a game)"
    )


def spoiler(game: CardtrackGame, spec: AgentSpec, games: int, limit: int) -> None:
    """The builder victim's win rate against ``spec`` as a spoiler, against ``spec`` playing to
    win and against builder; how the other games ended (the rival won, or the game was cut
    off with the victim locked out of its joker or not)."""
    victim = AGENT["builder"]
    for label, rival_of in (
        ("builder", lambda seat: victim),
        (spec.name, lambda seat: spec),
        (f"{spec.name} spoiling", lambda seat: spec.spoiling(seat)),
    ):
        won = rival = locked = cards = 0
        for index in range(games):
            seat = index % 2
            specs = [victim, victim]
            specs[1 - seat] = rival_of(seat)
            state, _ = play(game, specs, index, limit)
            won += winner(state) == seat
            rival += winner(state) == 1 - seat
            locked += not state.result and game.starts[seat] in state.occ[1 - seat]
            cards += state.turned
        cut = games - won - rival
        print(
            f"builder (victim) v {label}, {games} games cut at {limit} cards: victim wins "
            f"{rate(won, games)}; rival wins {rival}, cut off {cut} ({locked} with the victim "
            f"locked out); victim's share of the games the rival did not win "
            f"{rate(won, games - rival)}; {cards / games:.0f} cards a game"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per duel")
    parser.add_argument("--speed", type=int, default=40, help="self-play games for the speed")
    parser.add_argument("--spoil", type=int, default=200, help="games per spoiler run")
    parser.add_argument("--limit", type=int, default=160, help="turned cards of a spoiler game")
    parser.add_argument("--budget", type=int, default=0, help="planner budget (0 = default)")
    args = parser.parse_args()
    game = make_game(CardtrackRules())
    spec = AGENT["planner"]
    if args.budget:
        spec = spec.configured(SearchSettings(args.budget))
    if args.speed:
        speed(game, spec, args.speed)
    if args.games:
        duel(game, spec, AGENT["blocker"], args.games)
        duel(game, spec, AGENT["builder"], args.games)
    if args.spoil:
        spoiler(game, spec, args.spoil, args.limit)


if __name__ == "__main__":
    main()
