"""Rule-based counter-strategies: test opponents for the exploitability benchmark
(``benchmarks/exploitability_bench.py``), not registered agents.

A counter is a weaker agent (its *base*) wrapped with one tactic taken greedily: when the
tactic names an action, that action is played, otherwise the base decides. A game lists its
tactics and bases in its own ``counters`` module and builds its counters with
:func:`counter_kind`; the wrapper, the naming and the making are the same for every game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from plywright.api import Agent
from plywright.engine import State

BoundTactic = Callable[[State], "int | None"]
"""A tactic bound to one game and seat: the action it takes in ``state``, or None."""

BaseFactory = Callable[[Any, int, random.Random], Agent]
"""``make(game, seat, rng)``: the weaker agent a counter wraps."""

TacticBinder = Callable[[str, Any, int, Agent], BoundTactic]
"""``bind(tactic, game, seat, base)``: the named tactic bound to a game, a seat and the base
it falls back on (a tactic may ask the base to choose among fewer moves)."""


class CounterAgent:
    """``base`` wrapped with ``tactic``: the tactic's action when it names one, else the
    base's."""

    def __init__(self, base: Agent, tactic: BoundTactic) -> None:
        self.base = base
        self.tactic = tactic

    def step(self, state: State) -> int:
        chosen = self.tactic(state)
        return self.base.step(state) if chosen is None else chosen


@dataclass(frozen=True)
class Counter:
    """One counter-strategy of a game: the tactic ``tactic`` over the base agent ``base``."""

    tactic: str
    base: str
    bases: Mapping[str, BaseFactory] = field(repr=False, compare=False)
    bind: TacticBinder = field(repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.base not in self.bases:
            raise ValueError(
                f"unknown base agent {self.base!r} (known: {', '.join(sorted(self.bases))})"
            )

    @property
    def name(self) -> str:
        return f"{self.tactic}/{self.base}"

    def make(self, game: Any, seat: int, rng: random.Random) -> CounterAgent:
        base = self.bases[self.base](game, seat, rng)
        return CounterAgent(base, self.bind(self.tactic, game, seat, base))


def counter_kind(
    bases: Mapping[str, BaseFactory], bind: TacticBinder
) -> Callable[[str, str], Counter]:
    """The constructor of one game's counters: ``counter(tactic, base)``."""

    def counter(tactic: str, base: str) -> Counter:
        return Counter(tactic, base, bases, bind)

    return counter
