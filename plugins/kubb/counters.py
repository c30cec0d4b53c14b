"""Rule-based counter-strategies for Kubb: test opponents, not registered agents.

Each counter is a weaker agent (``tactical`` or ``basic``) wrapped with one tactic taken
greedily; the exploitability benchmark plays them against ``expectimax`` from each seat.

Tactics (``TACTICS``):

- ``one_spot``: every throw-in to one fixed aim, the middle of the opponent's half;
- ``deep_spot``: every throw-in to the aim nearest the opponent's baseline, mid-field (far
  from the thrower: kubbs the other team must throw long at);
- ``base_first``: batons at a base kubb whenever one is a legal target, never from the
  advantage line;
- ``king_rush``: the king whenever it is a legal target.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from plywright.api import Agent, SearchSettings
from plywright.engine import State
from plywright.plugins.kubb.agents import make_basic, make_tactical
from plywright.plugins.kubb.rules import (
    ADVANTAGE,
    BASELINE,
    BATON_AIM,
    THROW_AIM,
    KubbGame,
    KubbState,
)
from plywright.plugins.kubb.search import search_expectimax
from plywright.simulate.counters import BaseFactory, BoundTactic, counter_kind

Tactic = Callable[[KubbGame, KubbState], "int | None"]
"""``tactic(game, state)``: the action the tactic takes now, or None."""


def _half_aims(game: KubbGame, state: KubbState) -> tuple[tuple[float, float], ...]:
    return tuple((p[0], p[1]) for p in game.aims[1 - state.team])


def one_spot(game: KubbGame, state: KubbState) -> int | None:
    if state.phase != THROW_AIM:
        return None
    aims = _half_aims(game, state)
    cx = sum(p[0] for p in aims) / len(aims)
    cy = sum(p[1] for p in aims) / len(aims)
    return min(range(len(aims)), key=lambda i: ((aims[i][0] - cx) ** 2 + (aims[i][1] - cy) ** 2, i))


def deep_spot(game: KubbGame, state: KubbState) -> int | None:
    if state.phase != THROW_AIM:
        return None
    aims = _half_aims(game, state)
    middle = game.field.length / 2
    cy = sum(p[1] for p in aims) / len(aims)
    return min(range(len(aims)), key=lambda i: (-abs(aims[i][0] - middle), abs(aims[i][1] - cy), i))


def base_first(game: KubbGame, state: KubbState) -> int | None:
    if state.phase == ADVANTAGE:
        return BASELINE
    if state.phase != BATON_AIM:
        return None
    bases = [t for t in state.targets if t < game.kubbs and state.base[t]]
    return min(bases) if bases else None


def king_rush(game: KubbGame, state: KubbState) -> int | None:
    if state.phase != BATON_AIM:
        return None
    return game.kubbs if game.kubbs in state.targets else None


TACTICS: dict[str, Tactic] = {
    "one_spot": one_spot,
    "deep_spot": deep_spot,
    "base_first": base_first,
    "king_rush": king_rush,
}


def bind(tactic: str, game: KubbGame, seat: int, base: Agent) -> BoundTactic:
    """``TACTICS[tactic]`` bound to ``game``."""
    take = TACTICS[tactic]

    def bound(state: State) -> int | None:
        assert isinstance(state, KubbState)
        return take(game, state)

    return bound


def _expectimax(game: KubbGame, seat: int, rng: random.Random) -> Agent:
    return search_expectimax(game, seat, rng, SearchSettings(1))


BASES: dict[str, BaseFactory] = {
    "basic": make_basic,
    "tactical": make_tactical,
    "expectimax": _expectimax,
}
"""The weaker agents a counter wraps (``expectimax`` at budget 1)."""

counter = counter_kind(BASES, bind)
"""``counter(tactic, base)``: one Kubb counter-strategy."""

COUNTERS = (
    counter("one_spot", "tactical"),
    counter("deep_spot", "tactical"),
    counter("base_first", "tactical"),
    counter("king_rush", "tactical"),
    counter("one_spot", "expectimax"),
)
"""The counters the benchmark plays."""
