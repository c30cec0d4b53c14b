"""``expectimax``: a Kubb agent that searches the throw model (a searching ``AgentSpec``).

Each decision is expectimax over the engine's chance nodes; where the search stops, the
estimates of :mod:`plywright.plugins.kubb.estimate` take over (real kubbs as groups of the abstract
game, the end of a turn valued by the solved abstract game):

- **baton targets** (:class:`BatonSearch`): every target's outcomes
  (:meth:`KubbState.baton_outcomes`), then the best target of each position that follows,
  ``budget`` batons deep, memoised on the standing kubbs for the whole turn; past the budget
  the rest of the turn is estimated (a cleared field goes on to the base kubbs and the king,
  exact for lone base kubbs);
- **throw-ins**: the first kubb of a turn goes to the plan anchor (:func:`aims.plan_anchor`,
  chosen once per game from sampled landings); every later one weighs every landing of each
  candidate aim (the anchor, the aims at the groups standing), the kubbs still to throw
  joining its group; an out is thrown again or, after the last attempt, becomes a penalty kubb
  that the other team places where it hurts most;
- **advantage line** and **penalty spots** (as defender): each option by the estimate.

The king is never a choice: the engine throws at it when it is the only target. The objective
is the agent's return scaled to ``[0, 1]`` or, as a spoiler (``SearchSettings.victim``), "the
victim does not win" (:class:`estimate.Objective`). The agent is deterministic.

**Restricted play** (``SearchSettings.forbid``, the kinds of :mod:`plywright.plugins.kubb.kinds`):
every decision of the agent, and every baton of its own it searches ahead, leaves out the forbidden
kind unless nothing else is legal. A throw-in whose candidates are all forbidden weighs the
allowed aim nearest each of them instead; without grouped throw-ins (``group``), the kubbs
still to throw are not expected to join the group of the one thrown.

**Budget**: batons searched exactly ahead of each target decision. ``1`` weighs each target's
outcomes by the estimate of the rest of the turn; :data:`DEFAULT_BUDGET` is the default.
"""

from __future__ import annotations

import math
import random

from plywright.api import Forbid, SearchSettings
from plywright.engine import Game, State
from plywright.plugins.kubb.abstract import Group
from plywright.plugins.kubb.aims import candidate_aims, penalty_spots, plan_anchor
from plywright.plugins.kubb.estimate import Objective, TurnView
from plywright.plugins.kubb.kinds import GROUP, move_kind
from plywright.plugins.kubb.layout import Layout, Shapes
from plywright.plugins.kubb.rules import (
    ADVANCE,
    ADVANTAGE,
    BASELINE,
    BATON_AIM,
    HIT,
    MISS_KING,
    PENALTY,
    THROW_AIM,
    KubbGame,
    KubbState,
)
from plywright.plugins.kubb.throws import LANDINGS, THROW_IN_KING

DEFAULT_BUDGET = 3
"""Batons searched ahead by default: three of the agent's own throws (about 1.3 times the cost of
two, `benchmarks/kubb_search_bench.py`)."""
LANDING_FLOOR = 0.03
"""Throw-in landings rarer than this are left out of the expectation (weights rescaled)."""
MAX_VIEWS = 8
"""Turn views an agent keeps (all are dropped when a new turn begins)."""
TIE = 1e-12
"""Values closer than this are equal: the option weighed first is kept."""

Outcome = tuple[float, bool, int, int]
"""A baton's outcome in the search: ``(chance, king felled early, field mask after, base
kubbs felled)``."""


class ExpectimaxAgent:
    """One team of Kubb played by expectimax over the throw model (module docstring)."""

    def __init__(self, game: KubbGame, seat: int, settings: SearchSettings) -> None:
        self.game = game
        self.seat = seat
        self.budget = settings.budget
        self.objective = Objective(seat, settings.victim)
        self.forbid = forbid = settings.forbid
        """The kind of move this agent may not make (``None``: any)."""
        self.spread = forbid is not None and forbid.kind_of is move_kind and forbid.kind == GROUP
        """Grouped throw-ins are forbidden: later throw-ins do not join a group."""
        self.shapes = Shapes()
        self.views: dict[tuple[object, ...], TurnView] = {}
        self.search: BatonSearch | None = None
        self.nodes = 0
        """Baton outcomes and estimates computed so far: the effort the budget buys."""

    def step(self, state: State) -> int:
        assert isinstance(state, KubbState)
        phase = state.phase
        if phase == BATON_AIM:
            return self._target(state)
        if phase == THROW_AIM:
            return self._throw_in(state)
        if phase == PENALTY:
            return self._penalty(state)
        if phase == ADVANTAGE:
            return self._advantage(state)
        return state.legal_actions()[0]

    def allowed(self, state: KubbState, actions: list[int]) -> list[int]:
        """``actions`` without the forbidden kind (all of them if none is left)."""
        return self.forbid.allowed(state, actions) if self.forbid is not None else actions

    def view(self, state: KubbState, line: float) -> TurnView:
        """The turn of ``state.team`` thrown from ``line`` (kept for the rest of the turn)."""
        own_field, own_base = state.standing_targets(1 - state.team)
        key = (state.turn, state.team, line, tuple(own_field), tuple(own_base))
        found = self.views.get(key)
        if found is None:
            if len(self.views) >= MAX_VIEWS or any(k[0] != state.turn for k in self.views):
                self.views.clear()
            found = self.views[key] = TurnView(state, self.objective, line, self.shapes)
        return found

    def _batons_view(self, state: KubbState) -> TurnView:
        """The thrower's turn from the line it will throw its batons from."""
        return self.view(state, state.adv_x if state.adv_x is not None else state.line_x)

    # ------------------------------------------------------------- batons

    def _target(self, state: KubbState) -> int:
        key = BatonSearch.key_of(state)
        search = self.search
        if search is None or search.key != key:
            view = self.view(state, state.line_x)
            search = self.search = BatonSearch(state, view, self.forbid)
        before = search.nodes
        mask = search.mask(state)
        targets = self.allowed(state, state.targets)
        best, best_value = targets[0], -math.inf
        for target in targets:
            if mask:
                value = search.q(mask, search.base_count, state.batons_left, self.budget, target)
            else:
                value = search.base_baton(state, target)
            if value > best_value + TIE:
                best, best_value = target, value
        self.nodes += search.nodes - before
        return best

    def _advantage(self, state: KubbState) -> int:
        assert state.adv_x is not None
        field, base = state.standing_targets(state.team)
        points = [(state.xs[i], state.ys[i]) for i in field]
        options = self.allowed(state, [BASELINE, ADVANCE])
        best, best_value = options[0], -math.inf
        for option, line in ((BASELINE, state.line_x), (ADVANCE, state.adv_x)):
            if option not in options:
                continue
            view = self.view(state, line)
            value = view.estimate(view.layout(points).groups(), len(base), state.batons_left)
            self.nodes += 1
            if value > best_value + TIE:
                best, best_value = option, value
        return best

    # ------------------------------------------------------------- throw-ins

    def _throw_in(self, state: KubbState) -> int:
        game = self.game
        team = state.team
        field, base = state.standing_targets(team)
        points = [(state.xs[i], state.ys[i]) for i in field]
        grid = game.aims[1 - team]
        allowed = self.allowed(state, list(range(len(grid))))
        anchor = plan_anchor(game, team)
        if not points and state.attempt == 0 and (self.forbid is None or anchor in allowed):
            return anchor
        view = self._batons_view(state)
        layout = view.layout(points)
        kubb = state.queue[0]
        pending = len(state.queue) - 1
        nbase, batons = len(base), view.batons
        join = not self.spread
        penalty = math.inf
        for spot in penalty_spots(game, 1 - team):
            placed = state._free_spot(kubb, grid[spot])  # the engine's own placement
            groups = layout.with_kubb(placed, pending, join=False)
            penalty = min(penalty, view.estimate(groups, nbase, batons))
            self.nodes += 1
        scored = []
        for aim in self._candidates(state, layout, allowed):
            outcomes, landed = game.landings[team][aim]
            value = inside = out = 0.0
            for action, p in outcomes:
                if action == LANDINGS:
                    out = p
                elif action == THROW_IN_KING:  # the king felled: the thrower loses
                    value += p * self.objective.score((0.0, 1.0) if team == 0 else (1.0, 0.0))
                    inside += p
                elif p >= LANDING_FLOOR:
                    point = landed[action]
                    assert point is not None
                    groups = layout.with_kubb(state._free_spot(kubb, point), pending, join)
                    value += p * view.estimate(groups, nbase, batons)
                    inside += p
                    self.nodes += 1
            scored.append((aim, value * (1.0 - out) / inside if inside else 0.0, out))
        # an out is thrown again while attempts remain; after the last it is a penalty kubb
        after = penalty
        for _ in range(game.rules.throw_in_attempts - state.attempt - 1):
            after = max(value + out * after for _, value, out in scored)
        best, best_value = scored[0][0], -math.inf
        for aim, value, out in scored:
            if value + out * after > best_value + TIE:
                best, best_value = aim, value + out * after
        return best

    def _candidates(self, state: KubbState, layout: Layout, allowed: list[int]) -> list[int]:
        """The throw-in aims to weigh: :func:`candidate_aims` that are allowed, or else the
        allowed aim nearest each of them."""
        wanted = candidate_aims(state, layout)
        if self.forbid is None:
            return wanted
        free = set(allowed)
        kept = [aim for aim in wanted if aim in free]
        if kept:
            return kept
        grid = self.game.aims[1 - state.team]
        near = [min(allowed, key=lambda a: math.dist(grid[a], grid[aim])) for aim in wanted]
        return list(dict.fromkeys(near))

    # ------------------------------------------------------------- penalty spots (defender)

    def _penalty(self, state: KubbState) -> int:
        game = self.game
        team = state.team
        view = self._batons_view(state)
        field, base = state.standing_targets(team)
        layout = view.layout([(state.xs[i], state.ys[i]) for i in field])
        kubb = state.queue[0]
        pending = len(state.queue) - 1
        grid = game.aims[1 - team]
        best, best_value = -1, -math.inf
        for spot in self.allowed(state, list(game.spots[1 - team])):
            groups = layout.with_kubb(state._free_spot(kubb, grid[spot]), pending, join=False)
            value = view.estimate(groups, len(base), view.batons)
            self.nodes += 1
            if value > best_value + TIE:
                best, best_value = spot, value
        return best


class BatonSearch:
    """Expectimax over the batons of one turn of the agent, memoised on ``(standing field
    kubbs, base kubbs standing, batons in hand, depth)``; field kubbs are bits of a mask. With
    ``forbid``, the agent's later batons leave out that kind of target too."""

    def __init__(self, state: KubbState, view: TurnView, forbid: Forbid | None = None) -> None:
        game = state.game
        self.key = self.key_of(state)
        self.view = view
        centre = game.field.centre_x
        half = [i for i in range(game.kubbs) if (state.xs[i] > centre) == (state.team == 0)]
        self.field_ids = [i for i in half if not state.base[i]]
        self.base_ids = [i for i in half if state.base[i]]
        self.bit = {kubb: 1 << k for k, kubb in enumerate(self.field_ids)}
        self.points = [(state.xs[i], state.ys[i]) for i in self.field_ids]
        self.base_count = sum(1 for i in self.base_ids if state.up[i])
        """Base kubbs standing while field kubbs do (a base kubb felled then is raised)."""
        self.scratch = state.clone()
        self.memo: dict[tuple[int, int, int, int], float] = {}
        self.outs: dict[tuple[int, int], list[Outcome]] = {}
        self.grouped: dict[int, list[Group]] = {}
        self.forbid = forbid
        self.permitted: dict[int, list[int]] = {}
        self.nodes = 0

    @staticmethod
    def key_of(state: KubbState) -> tuple[object, ...]:
        """What a search depends on: the turn, the line and where every kubb stands."""
        return (state.turn, state.team, state.line_x, tuple(state.xs), tuple(state.ys))

    def mask(self, state: KubbState) -> int:
        return sum(self.bit[i] for i in self.field_ids if state.up[i])

    def value(self, mask: int, nbase: int, batons: int, depth: int) -> float:
        """The best objective from here, ``depth`` batons searched (the agent throws: it
        maximises)."""
        if not mask or not batons:
            depth = 0
        key = (mask, nbase, batons, depth)
        found = self.memo.get(key)
        if found is None:
            if depth:
                found = max(self.q(mask, nbase, batons, depth, kubb) for kubb in self.targets(mask))
            else:
                found = self.view.estimate(self.groups(mask), nbase, batons)
            self.memo[key] = found
        return found

    def q(self, mask: int, nbase: int, batons: int, depth: int, target: int) -> float:
        """The objective of a baton at the field kubb ``target``, then the best play."""
        lose = self.view.lose
        total = 0.0
        for p, early, after, felled in self.outcomes(mask, target):
            if early:
                total += p * lose
            else:
                total += p * self.value(after, nbase - felled, batons - 1, depth - 1)
        return total

    def targets(self, mask: int) -> list[int]:
        """The field kubbs of ``mask`` a baton may go at (the forbidden kind left out)."""
        standing = [kubb for kubb in self.field_ids if mask & self.bit[kubb]]
        if self.forbid is None:
            return standing
        found = self.permitted.get(mask)
        if found is None:
            scratch = self.scratch
            for kubb in self.field_ids:
                scratch.up[kubb] = bool(mask & self.bit[kubb])
            found = self.permitted[mask] = self.forbid.allowed(scratch, standing)
        return found

    def outcomes(self, mask: int, target: int) -> list[Outcome]:
        """A baton's outcomes at ``target`` with the field kubbs of ``mask`` standing."""
        key = (mask, target)
        found = self.outs.get(key)
        if found is not None:
            return found
        scratch = self.scratch
        for kubb in self.field_ids:
            scratch.up[kubb] = bool(mask & self.bit[kubb])
        sets, chances = scratch.baton_outcomes(target)
        self.nodes += 1
        found = []
        for action, p in chances:
            if action == MISS_KING:
                found.append((p, True, mask, 0))
            elif action >= HIT:
                after = mask
                for kubb in sets[action - HIT]:
                    after &= ~self.bit.get(kubb, 0)
                # base kubbs felled stay down only with the last field kubb
                felled = 0 if after else sum(1 for i in sets[action - HIT] if i in self.base_ids)
                found.append((p, False, after, felled))
            else:
                found.append((p, False, mask, 0))
        self.outs[key] = found
        return found

    def base_baton(self, state: KubbState, target: int) -> float:
        """The objective of a baton at the base kubb ``target`` (no field kubb stands)."""
        sets, chances = state.baton_outcomes(target)
        self.nodes += 1
        view = self.view
        nbase = sum(1 for i in self.base_ids if state.up[i])
        total = 0.0
        for action, p in chances:
            if action == MISS_KING:
                total += p * view.lose
            else:
                felled = len(sets[action - HIT]) if action >= HIT else 0
                total += p * view.estimate([], nbase - felled, state.batons_left - 1)
        return total

    def groups(self, mask: int) -> list[Group]:
        """The groups of the field kubbs of ``mask``."""
        found = self.grouped.get(mask)
        if found is None:
            points = [
                p
                for kubb, p in zip(self.field_ids, self.points, strict=True)
                if mask & self.bit[kubb]
            ]
            found = self.grouped[mask] = self.view.layout(points).groups()
        return found


def search_expectimax(
    game: Game, seat: int, rng: random.Random, settings: SearchSettings
) -> ExpectimaxAgent:
    """Search factory of ``expectimax`` (module level: check pickles agent specs)."""
    if not isinstance(game, KubbGame):
        raise TypeError(f"expectimax plays kubb only, got {type(game).__name__}")
    return ExpectimaxAgent(game, seat, settings)
