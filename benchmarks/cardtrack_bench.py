"""Speed and balance of the Konstruktsiia (cardtrack) engine.

Run: ``.venv/bin/python benchmarks/cardtrack_bench.py [--games N]``. Prints turned cards per
second of self-play in one process on the standard variant (3 decks, height 10):

- ``builder`` agents (target: >= 20,000) and ``blocker`` agents: a bare loop (``sample_card`` +
  ``agent.step`` + ``apply_action``) and the core's ``play_game`` (which also samples chance
  from ``chance_outcomes()`` and lists every legal action for the branching metric);
- ``random`` agents (target: >= 50,000), bare loop: random games never finish, so they run to
  ``max_turns``, mostly with every buildable card on the track, the 12 kings circulating as
  queens and all 12 small tokens out (about 70 legal actions a decision).

Every figure is the best of ``--repeat`` runs, per second of this process's CPU time and of
wall time (they differ when the machine is shared).

``--duel N`` plays N seeded games per pairing (half from each seat): builder v random,
blocker v builder. ``--table N`` plays N seeded games of ``--agents`` (default
``builder,builder``) for each ``height``, ``decks`` and ``small_path_rule`` and prints game
length in turned cards, Black's and Red's win rates, unfinished and no-winner games,
reshuffles, small-token moves and block-rule refusals.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from functools import partial

from plywright.api import AgentSpec
from plywright.engine import CHANCE
from plywright.plugins.cardtrack.agents import AGENTS
from plywright.plugins.cardtrack.options import CardtrackRules
from plywright.plugins.cardtrack.rules import CardtrackGame, CardtrackState, make_game
from plywright.simulate.playout import play_game

AGENT = {spec.name: spec for spec in AGENTS}
Clock = Callable[[], float]


def best_of(repeat: int, run: Callable[[], int], clock: Clock) -> tuple[float, int]:
    """The shortest of ``repeat`` runs by ``clock`` and the cards each run turned."""
    times, cards = [], 0
    for _ in range(repeat):
        began = clock()
        cards = run()
        times.append(clock() - began)
    return min(times), cards


def play(game: CardtrackGame, specs: tuple[AgentSpec, AgentSpec], index: int) -> CardtrackState:
    """One seeded game, bare loop."""
    rng = random.Random(index)
    agents = [
        spec.factory(game, seat, random.Random(index * 7 + seat)) for seat, spec in enumerate(specs)
    ]
    state = game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_card(rng))
        else:
            state.apply_action(agents[player].step(state))
    return state


def bare_loop(game: CardtrackGame, spec: AgentSpec, games: int) -> int:
    return sum(play(game, (spec, spec), index).turned for index in range(games))


def core_loop(game: CardtrackGame, spec: AgentSpec, games: int) -> int:
    return sum(play_game(game, [spec], seed=1, index=i)[0].outcome.rounds for i in range(games))


def speed(agent: str, games: int, repeat: int, target: int, core: bool = True) -> None:
    game = make_game(CardtrackRules())
    loops: list[tuple[str, Callable[[CardtrackGame, AgentSpec, int], int]]] = [
        ("bare loop", bare_loop)
    ]
    if core:
        loops.append(("core play_game", core_loop))
    for label, loop in loops:
        run = partial(loop, game, AGENT[agent], games)
        cpu, cards = best_of(repeat, run, time.process_time)
        wall, _ = best_of(repeat, run, time.perf_counter)
        print(
            f"{agent} self-play, {label}: {cards / cpu:,.0f} turned cards/s CPU, "
            f"{cards / wall:,.0f} wall ({cards / games:.0f} cards a game; target >= {target:,})"
        )


def duel(first: str, second: str, games: int) -> None:
    game = make_game(CardtrackRules())
    won = [0, 0]
    for index in range(games):
        swap = index % 2
        specs = (AGENT[second], AGENT[first]) if swap else (AGENT[first], AGENT[second])
        outcome = play(game, specs, index).outcome()
        if outcome.result == "win":
            won[outcome.winners[0] ^ swap] += 1
    print(f"{first} v {second}, {games} games (half from each seat): {won[0]} : {won[1]}")


def table(agents: tuple[str, str], games: int) -> None:
    specs = (AGENT[agents[0]], AGENT[agents[1]])
    print(f"{agents[0]} (Black) v {agents[1]} (Red), {games} games per row")
    print(
        "height\tdecks\tsmall_path_rule\tcards\tsd\tblack\tred\tunfin.\tnowin.\treshuf.\t"
        "small\trefusals"
    )
    for height in (5, 10, 15):
        for decks in (2, 3, 4):
            for rule in ("turned_card", "stop_card"):
                game = make_game(
                    CardtrackRules(
                        height=height,
                        decks=decks,
                        small_path_rule=rule,
                        small_tokens=min(6, 2 * decks),
                    )
                )
                states = [play(game, specs, index) for index in range(games)]
                metrics = [s.game_metrics() for s in states]
                cards = [m["cards"] for m in metrics]

                def mean(key: str, values: list[dict[str, float]] = metrics) -> float:
                    return statistics.fmean(m[key] for m in values)

                unfinished = sum(s.result == "unfinished" for s in states) / games
                print(
                    f"{height}\t{decks}\t{rule}\t{statistics.fmean(cards):.0f}\t"
                    f"{statistics.pstdev(cards):.0f}\t{mean('black_won'):.2f}\t"
                    f"{mean('red_won'):.2f}\t{unfinished:.2f}\t{mean('nowinner'):.2f}\t"
                    f"{mean('reshuffles'):.2f}\t{mean('share_small'):.3f}\t"
                    f"{mean('block_refusals'):.2f}"
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per speed run")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (best is shown)")
    parser.add_argument("--duel", type=int, default=0, help="games per agent pairing")
    parser.add_argument("--table", type=int, default=0, help="games per row of the table")
    parser.add_argument("--agents", default="builder,builder", help="Black,Red of the table")
    args = parser.parse_args()
    if args.table:
        black, red = args.agents.split(",")
        table((black, red), args.table)
        return
    if args.duel:
        duel("builder", "random", args.duel)
        duel("blocker", "builder", args.duel)
        return
    speed("builder", args.games, args.repeat, 20_000)
    speed("blocker", args.games, args.repeat, 20_000, core=False)
    speed("random", max(1, args.games // 40), args.repeat, 50_000, core=False)


if __name__ == "__main__":
    main()
