"""Kubb agents: ``random``, ``basic``, ``tactical`` and the searching ``expectimax``
(:mod:`plywright.plugins.kubb.search`), registered for the game ``kubb`` only.

- ``random``: any legal aim, spot or choice, uniformly (the core's random agent).
- ``basic``: takes the nearest legal target (ties: lowest id); throws every kubb in at one
  point :data:`BASIC_DEPTH` past the centre line, :data:`BASIC_SIDE` m off the king's line;
  as defender puts a penalty kubb deep in its half, in the middle; uses the advantage line
  (any club player does: without it games run twice as long).
- ``tactical``: throws every kubb of a turn at one point (a tight group), as shallow as the
  throw model lets it land in the half at least :data:`SAFE_IN` of the time, away from the
  king; aims at the target with the most kubbs expected to fall (groups), less
  :data:`KING_RISK` times the chance of felling the king early, with a bonus for the field kubb
  nearest the centre line (it would give the opponent an advantage line); always uses the
  advantage line; as defender puts a penalty kubb on the legal spot nearest the king (every
  miss then risks an early king). It shoots the king as soon as the rules allow: a missed
  king shot costs nothing in this model.
- ``expectimax`` (searching: ``expectimax:BUDGET``, and a spoiler for the probes): expectimax
  over the throw model's chance nodes with the solved abstract game as evaluation
  (:mod:`plywright.plugins.kubb.search`); the budget is the batons it searches ahead of each target.

The agents read the engine's fast API (phase, positions, :meth:`KubbState.baton_outcomes`) and
the throw model; they return legal actions.
"""

from __future__ import annotations

import math
import random
from functools import cache

from plywright.api import AgentSpec, SearchSettings
from plywright.engine import Game, State
from plywright.plugins.kubb.rules import (
    ADVANCE,
    ADVANTAGE,
    BATON_AIM,
    HIT,
    MISS_KING,
    PENALTY,
    THROW_AIM,
    KubbGame,
    KubbState,
)
from plywright.plugins.kubb.search import DEFAULT_BUDGET, ExpectimaxAgent, search_expectimax
from plywright.plugins.kubb.throws import LANDINGS
from plywright.simulate.generic_agents import RandomAgent

BASIC_DEPTH = 1.0
"""How far past the centre line (m) ``basic`` throws kubbs in."""
BASIC_SIDE = 1.5
"""How far from the king's line (m) ``basic`` throws kubbs in."""
SAFE_IN = 0.8
"""``tactical`` throws in at the shallowest depth landing in the half this often."""
KING_RISK = 12.0
"""Kubbs a ``tactical`` team would give up to avoid felling the king early (one lost game)."""
CENTRE_BONUS = 0.3
"""Extra score for the field kubb nearest the centre line (it sets an advantage line)."""


def _nearest(points: tuple[tuple[float, float], ...], x: float, y: float) -> int:
    return min(range(len(points)), key=lambda i: math.hypot(points[i][0] - x, points[i][1] - y))


@cache
def basic_plan(game: KubbGame) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    """Per team: throw-in aims (even and odd kubb ids; one point) and the penalty spot it
    gives."""
    geo = game.field
    king_y = geo.king[1]
    side = min(BASIC_SIDE, max(0.0, geo.width / 2 - 0.25))
    aims = []
    odd = []
    spots = []
    for thrower in (0, 1):
        half = 1 - thrower
        points = game.aims[half]
        x = geo.x_at_depth(half, min(BASIC_DEPTH, geo.centre_x / 2))
        aims.append(_nearest(points, x, king_y - side))
        odd.append(_nearest(points, x, king_y - side))
        # as defender of ``half``: the deepest legal spot, nearest the middle
        legal = game.spots[half]
        spots.append(
            min(legal, key=lambda i: (-geo.depth(half, points[i][0]), abs(points[i][1] - king_y)))
        )
    return (aims[0], odd[0]), (aims[1], odd[1]), (spots[0], spots[1])


@cache
def tactical_plan(game: KubbGame) -> tuple[tuple[int, int], tuple[int, int]]:
    """Per team: the group's throw-in aim and the penalty spot it gives as defender."""
    geo = game.field
    kx, ky = geo.king
    side = min(BASIC_SIDE, max(0.0, geo.width / 2 - 0.25))
    aims = []
    spots = []
    for thrower in (0, 1):
        half = 1 - thrower
        points = game.aims[half]
        landings = game.landings[thrower]
        row = [i for i, p in enumerate(points) if abs(p[1] - (ky - side)) < 0.26]
        if not row:
            row = list(range(len(points)))
        safe = [i for i in row if sum(q for a, q in landings[i][0] if a < LANDINGS) >= SAFE_IN]
        pool = safe or row
        aims.append(min(pool, key=lambda i: geo.depth(half, points[i][0])))
        legal = game.spots[half]
        spots.append(min(legal, key=lambda i: math.hypot(points[i][0] - kx, points[i][1] - ky)))
    return (aims[0], aims[1]), (spots[0], spots[1])


class BasicAgent:
    """Nearest target first; throw-ins near the centre line; the advantage line when offered."""

    def __init__(self, game: KubbGame, seat: int) -> None:
        aims, aims1, spots = basic_plan(game)
        self.aims = (aims, aims1)[seat]
        self.spot = spots[1 - seat]

    def step(self, state: State) -> int:
        assert isinstance(state, KubbState)
        phase = state.phase
        if phase == BATON_AIM:
            xs, line = state.xs, state.line_x
            return min(state.targets, key=lambda i: (abs(xs[i] - line), i))
        if phase == THROW_AIM:
            return self.aims[state.queue[0] & 1]
        if phase == PENALTY:
            return self.spot
        if phase == ADVANTAGE:
            return ADVANCE
        return state.legal_actions()[0]


class TacticalAgent:
    """Tight throw-in groups, expected-value targets, advantage line, penalty by the king."""

    def __init__(self, game: KubbGame, seat: int) -> None:
        aims, spots = tactical_plan(game)
        self.aim = aims[seat]
        self.spot = spots[1 - seat]

    def step(self, state: State) -> int:
        assert isinstance(state, KubbState)
        phase = state.phase
        if phase == BATON_AIM:
            return self.target(state)
        if phase == THROW_AIM:
            return self.aim
        if phase == PENALTY:
            return self.spot
        if phase == ADVANTAGE:
            return ADVANCE
        return state.legal_actions()[0]

    @staticmethod
    def target(state: KubbState) -> int:
        centre = state.game.field.centre_x
        xs = state.xs
        front = min(state.targets, key=lambda i: (abs(xs[i] - centre), i))
        best, best_score = front, -math.inf
        for target in state.targets:
            sets, outcomes = state.baton_outcomes(target)
            score = 0.0
            for action, q in outcomes:
                if action >= HIT:
                    score += q * len(sets[action - HIT])
                elif action == MISS_KING:
                    score -= KING_RISK * q
            if target == front and not state.base[target]:
                score += CENTRE_BONUS
            if score > best_score:
                best, best_score = target, score
        return best


def _game(game: Game) -> KubbGame:
    if not isinstance(game, KubbGame):
        raise TypeError(f"kubb agents play kubb only, got {type(game).__name__}")
    return game


def make_random(game: Game, seat: int, rng: random.Random) -> RandomAgent:
    """Factory of ``random``: the core's random agent (the core's playout samples the throws,
    so a uniform choice of legal action is all Kubb needs); the spec stays Kubb's for its
    wording in ``plywright games``. Module level: check pickles agent specs for its workers."""
    return RandomAgent(rng)


def make_basic(game: Game, seat: int, rng: random.Random) -> BasicAgent:
    """Factory of ``basic``."""
    return BasicAgent(_game(game), seat)


def make_tactical(game: Game, seat: int, rng: random.Random) -> TacticalAgent:
    """Factory of ``tactical``."""
    return TacticalAgent(_game(game), seat)


def make_expectimax(game: Game, seat: int, rng: random.Random) -> ExpectimaxAgent:
    """``expectimax`` with its default budget (the spec builds its factory from ``search``)."""
    return search_expectimax(game, seat, rng, SearchSettings(DEFAULT_BUDGET))


AGENTS = (
    AgentSpec("random", "any legal aim, spot or choice, uniformly", make_random, games=("kubb",)),
    AgentSpec(
        "basic",
        "nearest target first, throws in near the centre line, uses the advantage line",
        make_basic,
        games=("kubb",),
    ),
    AgentSpec(
        "tactical",
        "tight throw-in groups, aims at groups, advantage line, penalty kubbs by the king",
        make_tactical,
        games=("kubb",),
    ),
    AgentSpec(
        "expectimax",
        "expectimax over the throw model (budget: batons searched ahead per target), "
        "groups thrown in where the sampled landings fall best, the solved abstract game "
        "as evaluation",
        make_expectimax,
        games=("kubb",),
        search=search_expectimax,
        budget=DEFAULT_BUDGET,
    ),
)
