"""Throw-in aims and penalty spots a searching Kubb agent weighs.

- :func:`plan_aims`: where a group may start (the shallowest safe aims beside the king);
- :func:`plan_anchor`: the plan aim whose group the estimate likes best over sampled landing
  sequences (the engine places every kubb, so the search sees the spacing it really makes);
- :func:`candidate_aims`: the anchor and the aims at the groups already standing;
- :func:`penalty_spots`: the spots the other team is assumed to weigh for a penalty kubb.
"""

from __future__ import annotations

import math
import random
from functools import cache

from plywright.plugins.kubb.estimate import Objective, TurnView
from plywright.plugins.kubb.layout import Layout
from plywright.plugins.kubb.rules import PENALTY, THROW_AIM, THROW_LAND, KubbGame, KubbState
from plywright.plugins.kubb.throws import LANDINGS

SAFE_IN = 0.8
"""Plan aims land in the other half at least this often."""
PLAN_WIDTH = 1.0
"""Plan aims lie at most this far (m) across the field beyond the king's reach."""
PLAN_KUBBS = 4
"""Throw-ins of the sampled groups that choose the plan anchor."""
PLAN_SAMPLES = 32
"""Sampled landing sequences per plan aim (the same draws for every aim)."""
PLAN_TURN = 3
PLAN_SEED = 2024
PENALTY_SPOTS = 4
"""Penalty spots the other team is assumed to choose among when a throw-in fails."""


@cache
def plan_aims(game: KubbGame, thrower: int) -> tuple[int, ...]:
    """The shallowest aims of ``thrower`` that land in the other half at least
    :data:`SAFE_IN` of the time, beyond the king's reach across the field by at most
    :data:`PLAN_WIDTH` m (any safe aim if there is none)."""
    geo = game.field
    half = 1 - thrower
    points = game.aims[half]
    landings = game.landings[thrower]
    ky = geo.king[1]
    reach = game.rules.king_radius
    safe = [i for i in range(len(points)) if _inside(landings[i][0]) >= SAFE_IN]
    beside = [i for i in safe if reach <= abs(points[i][1] - ky) <= reach + PLAN_WIDTH]
    pool = beside or safe or list(range(len(points)))
    shallowest = min(geo.depth(half, points[i][0]) for i in pool)
    return tuple(i for i in pool if geo.depth(half, points[i][0]) <= shallowest + 1e-9)


def _inside(outcomes: list[tuple[int, float]]) -> float:
    return sum(p for action, p in outcomes if action < LANDINGS)


@cache
def plan_anchor(game: KubbGame, thrower: int) -> int:
    """The aim of the first throw-in of a turn: the plan aim whose group of
    :data:`PLAN_KUBBS` throw-ins the estimate values most, over :data:`PLAN_SAMPLES` landing
    sequences sampled from the throw model."""
    aims = plan_aims(game, thrower)
    if len(aims) == 1:
        return aims[0]
    per_team = game.rules.kubbs_per_team
    kubbs = min(PLAN_KUBBS, per_team)
    felled = tuple(range(thrower * per_team, thrower * per_team + kubbs))
    start = game.position(thrower, turn=PLAN_TURN, felled_base=felled)
    view = TurnView(start, Objective(thrower), start.line_x)
    rng = random.Random(PLAN_SEED)
    landings = kubbs * game.rules.throw_in_attempts
    draws = [[rng.random() for _ in range(landings)] for _ in range(PLAN_SAMPLES)]
    spot = penalty_spots(game, 1 - thrower)[0]
    best, best_value = aims[0], -math.inf
    for aim in aims:
        total = 0.0
        for draw in draws:
            state = start.clone()
            landing = iter(draw)
            while state.phase in (THROW_AIM, THROW_LAND, PENALTY):
                if state.phase == THROW_AIM:
                    state.apply_action(aim)
                elif state.phase == THROW_LAND:
                    state.apply_action(_sampled(state.outcomes, next(landing)))
                else:
                    state.apply_action(spot)
            field, base = state.standing_targets(thrower)
            points = [(state.xs[i], state.ys[i]) for i in field]
            total += view.estimate(view.layout(points).groups(), len(base), view.batons)
        if total > best_value + 1e-12:
            best, best_value = aim, total
    return best


def _sampled(outcomes: list[tuple[int, float]], u: float) -> int:
    """The outcome at cumulative probability ``u``."""
    for action, p in outcomes:
        u -= p
        if u < 0:
            return action
    return outcomes[-1][0]


def candidate_aims(state: KubbState, layout: Layout) -> list[int]:
    """Aims worth weighing for the next throw-in: the plan anchor and the aim nearest to the
    front kubb of each group standing in the other half."""
    game = state.game
    grid = game.aims[1 - state.team]
    line = layout.view.line_x
    seen = {plan_anchor(game, state.team): None}
    for ids in layout.members:
        x, y = min((layout.points[i] for i in ids), key=lambda p: abs(p[0] - line))
        aim = min(range(len(grid)), key=lambda i: (grid[i][0] - x) ** 2 + (grid[i][1] - y) ** 2)
        seen.setdefault(aim, None)
    return list(seen)


@cache
def penalty_spots(game: KubbGame, half: int) -> tuple[int, ...]:
    """Penalty spots of ``half`` the other team is assumed to weigh: the nearest to the king
    and the deepest (half of :data:`PENALTY_SPOTS` each)."""
    geo = game.field
    points = game.aims[half]
    legal = game.spots[half]
    near = sorted(legal, key=lambda i: math.dist(points[i], geo.king))
    deep = sorted(legal, key=lambda i: -geo.depth(half, points[i][0]))
    half_count = PENALTY_SPOTS // 2
    chosen = dict.fromkeys((*near[:half_count], *deep[: PENALTY_SPOTS - half_count]))
    return tuple(chosen)
