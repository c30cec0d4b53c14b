"""Rule-based counter-strategies for star halma: test opponents, not registered agents.

Each counter is ``greedy`` wrapped with one tactic taken greedily; the exploitability benchmark
plays them against ``search`` from each seat.

Tactics (``TACTICS``):

- ``hold_back``: the peg at the tip of the own start (deep in the opponent's target) never
  moves while another move exists: it blocks the hole the opponent must fill last;
- ``race``: the move with the most progress toward the target, whatever peg it moves (no
  straggler care);
- ``front_runner``: only the peg nearest the target moves while it can progress.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from plywright.engine import State
from plywright.plugins.halma.agents import GreedyAgent
from plywright.plugins.halma.evaluation import compass
from plywright.plugins.halma.geometry import opposite
from plywright.plugins.halma.movegen import tables
from plywright.plugins.halma.rules import HalmaGame, HalmaState

Tactic = Callable[["CounterAgent", HalmaState, dict[int, int]], "tuple[int, int] | None"]
"""``tactic(agent, state, moves)``: the move ``(from, to)`` the tactic takes now, or None."""


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        mask ^= low
        out.append(low.bit_length() - 1)
    return out


def _best(agent: CounterAgent, moves: dict[int, int], starts: list[int]) -> tuple[int, int] | None:
    dist = agent.dist
    best, top = None, 0
    for start in starts:
        for dest in _bits(moves.get(start, 0)):
            gain = dist[start] - dist[dest]
            if gain > top:
                best, top = (start, dest), gain
    return best


def hold_back(
    agent: CounterAgent, state: HalmaState, moves: dict[int, int]
) -> tuple[int, int] | None:
    if agent.keeper in moves and len(moves) > 1:
        rest = {k: v for k, v in moves.items() if k != agent.keeper}
        start, to = agent.base.choose(state, rest)
        return start, to
    return None


def race(agent: CounterAgent, state: HalmaState, moves: dict[int, int]) -> tuple[int, int] | None:
    return _best(agent, moves, sorted(moves))


def front_runner(
    agent: CounterAgent, state: HalmaState, moves: dict[int, int]
) -> tuple[int, int] | None:
    order = sorted(moves, key=lambda h: (agent.dist[h], h))
    for start in order:
        move = _best(agent, moves, [start])
        if move is not None:
            return move
    return None


TACTICS: dict[str, Tactic] = {"hold_back": hold_back, "race": race, "front_runner": front_runner}


class CounterAgent:
    """``greedy`` wrapped with one greedy ``tactic`` (module docstring)."""

    def __init__(self, game: HalmaGame, seat: int, rng: random.Random, tactic: Tactic) -> None:
        self.game = game
        self.base = GreedyAgent(game, seat, rng)
        self.tactic = tactic
        target = game.rules.target_points()[seat]
        self.dist = compass(game.rules.n, target).dist
        self.keeper = tables(game.rules.n).board.tip(opposite(target))
        """The hole the ``hold_back`` peg sits on (the tip of the own start)."""

    def step(self, state: State) -> int:
        assert isinstance(state, HalmaState)
        moves = state.move_masks()
        if not moves:
            return self.game.pass_action
        chosen = self.tactic(self, state, moves)
        if chosen is None:
            return self.base.step(state)
        self.base.last = chosen
        return chosen[0] * self.game.size + chosen[1]


@dataclass(frozen=True)
class Counter:
    """One counter-strategy: a tactic over ``greedy``."""

    tactic: str
    base: str = "greedy"

    @property
    def name(self) -> str:
        return f"{self.tactic}/{self.base}"

    def make(self, game: HalmaGame, seat: int, rng: random.Random) -> CounterAgent:
        return CounterAgent(game, seat, rng, TACTICS[self.tactic])


COUNTERS = (Counter("hold_back"), Counter("race"), Counter("front_runner"))
"""The counters the benchmark plays."""
