"""Rule-based counter-strategies for Konstruktsiia: test opponents, not registered agents.

Each counter is a weaker agent (``base``) wrapped with one tactic taken greedily: when the
tactic names a legal action, it is played; otherwise the base agent decides. The
exploitability benchmark (``benchmarks/exploitability_bench.py``) plays them against the
strong agent (``planner``) from each seat; the tests check that they only play legal actions.

Tactics (``TACTICS``):

- ``road_block``: a small token (or a king's new one) onto the next card of the opponent's way;
- ``home_lock``: small tokens onto the cards around the opponent's starting joker, the way
  home it needs at the end (a plan of several moves: one token a king);
- ``high_wall``: a high card (J and up) built in the opponent's column just above its big token;
- ``race``: any big-token move that climbs (or, summited, comes down), else a low card built
  straight ahead of it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from plywright.api import Agent, SearchSettings
from plywright.engine import State
from plywright.plugins.cardtrack.actions import BIG, BUILD, KING, SMALL
from plywright.plugins.cardtrack.cards import KINGS, VALUES
from plywright.plugins.cardtrack.geometry import ROW_STRIDE, neighbour_indices
from plywright.plugins.cardtrack.heuristics import (
    BUILD_MAX,
    BlockerAgent,
    BuilderAgent,
    as_cardtrack,
    route_step,
)
from plywright.plugins.cardtrack.rules import CardtrackGame, CardtrackState
from plywright.plugins.cardtrack.search import PlannerAgent
from plywright.simulate.counters import BaseFactory, BoundTactic, counter_kind

Tactic = Callable[[CardtrackState, int, list[int]], "int | None"]
"""``tactic(state, seat, legal)``: the action the tactic takes now, or None."""


def _dest(action: int) -> int | None:
    """The slot a small-token or king action ends on (None for other actions)."""
    what = action & 7
    if what == SMALL:
        return action >> 8
    if what == KING:
        return action >> 3
    return None


def _tokens_onto(legal: list[int], targets: set[int]) -> int | None:
    for action in legal:
        if _dest(action) in targets:
            return action
    return None


def road_block(state: CardtrackState, seat: int, legal: list[int]) -> int | None:
    target = route_step(state, 1 - seat)
    if target is None or target in state.occ[seat]:
        return None
    return _tokens_onto(legal, {target})


def home_lock(state: CardtrackState, seat: int, legal: list[int]) -> int | None:
    home = state.game.starts[1 - seat]
    ring = {n for n in neighbour_indices(home) if n in state.values and n not in state.occ[seat]}
    return _tokens_onto(legal, ring) if ring else None


def high_wall(state: CardtrackState, seat: int, legal: list[int]) -> int | None:
    kind = state.card
    if KINGS[kind] or VALUES[kind] <= 10:
        return None
    theirs = state.big[1 - seat]
    if theirs & 1 or state.summited[1 - seat]:
        return None
    slot = theirs + ROW_STRIDE
    while slot in state.values:
        slot += ROW_STRIDE
    action = slot << 3 | BUILD
    return action if action in legal else None


def race(state: CardtrackState, seat: int, legal: list[int]) -> int | None:
    now = state.progress(seat)
    for action in legal:
        if action & 7 == BIG:
            child = state.clone()
            child.apply_action(action)
            if child.progress(seat) > now or child.result:
                return action
    kind = state.card
    big = state.big[seat]
    if not KINGS[kind] and VALUES[kind] <= BUILD_MAX and not big & 1:
        step = -ROW_STRIDE if state.summited[seat] else ROW_STRIDE
        action = (big + step) << 3 | BUILD
        if action in legal:
            return action
    return None


TACTICS: dict[str, Tactic] = {
    "road_block": road_block,
    "home_lock": home_lock,
    "high_wall": high_wall,
    "race": race,
}


def bind(tactic: str, game: CardtrackGame, seat: int, base: Agent) -> BoundTactic:
    """``TACTICS[tactic]`` bound to ``seat``."""
    take = TACTICS[tactic]

    def bound(state: State) -> int | None:
        root = as_cardtrack(state)
        return take(root, seat, root.legal_actions())

    return bound


def _planner(game: CardtrackGame, seat: int, rng: random.Random) -> Agent:
    return PlannerAgent(game, seat, rng, SearchSettings(1))


BASES: dict[str, BaseFactory] = {
    "builder": BuilderAgent,
    "blocker": BlockerAgent,
    "planner": _planner,
}
"""The weaker agents a counter wraps (``planner`` at budget 1)."""

counter = counter_kind(BASES, bind)
"""``counter(tactic, base)``: one Konstruktsiia counter-strategy."""

COUNTERS = (
    counter("road_block", "planner"),
    counter("road_block", "blocker"),
    counter("home_lock", "planner"),
    counter("home_lock", "blocker"),
    counter("high_wall", "blocker"),
    counter("race", "builder"),
)
"""The counters the benchmark plays."""
