"""What a position is worth to a searching Kubb agent during one team's turn.

:class:`TurnView` holds what stays fixed while team ``T`` throws (its throwing line, the kubbs
of its own half, the turn) and values positions for the agent's :class:`Objective`:

- :meth:`TurnView.end`: the end of the turn, from the counts the other team then begins with
  and the solved abstract game (:mod:`plywright.plugins.kubb.abstract`); in the last two turns
  before ``max_turns`` the game may also end unfinished;
- :meth:`TurnView.estimate`: the rest of the turn from groups of real field kubbs
  (:mod:`plywright.plugins.kubb.layout`): the abstract turn of :func:`abstract.play_turn` (groups
  best first, then the base kubbs, then the king), valued directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from plywright.plugins.kubb import throws
from plywright.plugins.kubb.abstract import Counts, Group, abstract, typical_gap
from plywright.plugins.kubb.geometry import Point
from plywright.plugins.kubb.layout import Layout, Shapes, Stats
from plywright.plugins.kubb.rules import KubbState


@dataclass(frozen=True)
class Objective:
    """What the agent maximises: its own return scaled to ``[0, 1]`` (win 1, unfinished 0.5,
    loss 0) or, as a spoiler of ``victim``, 1 unless the victim wins (0 when it does)."""

    seat: int
    victim: int | None = None

    def score(self, wins: tuple[float, float]) -> float:
        """The objective given each team's chance to win (the rest: unfinished)."""
        if self.victim is not None:
            return 1.0 - wins[self.victim]
        return 0.5 + 0.5 * (wins[self.seat] - wins[1 - self.seat])


class TurnView:
    """The turn of ``state.team`` thrown from ``line_x`` as the search values it (build it
    during that turn: it reads the turn and the thrower's own half from ``state``)."""

    def __init__(
        self, state: KubbState, objective: Objective, line_x: float, shapes: Shapes | None = None
    ) -> None:
        game = self.game = state.game
        self.model = abstract(game)
        self.objective = objective
        self.shapes = shapes if shapes is not None else Shapes()
        team = self.team = state.team
        self.turn = state.turn
        self.line_x = line_x
        rules = game.rules
        self.max_turns = rules.max_turns
        self.batons = rules.batons_in_turn(state.turn)
        self.king_from = self.model.king_from(state.turn, self.batons)
        geo = game.field
        self.base_hit = game.hit_probability(team, abs(geo.baseline_x(1 - team) - line_x))
        self.king_hit = game.hit_probability(team, geo.centre_x)
        self.king = geo.king
        own_field, own_base = state.standing_targets(1 - team)
        self.behind = len(own_field)
        """Field kubbs standing in the thrower's half (the other team's leftovers)."""
        self.own_base = len(own_base)
        self.side = game.kubbs - self.behind - self.own_base
        """Kubbs in the other half once every throw-in is in."""
        self.typical = typical_gap(game, team)
        self.first_distance = abs(geo.x_at_depth(1 - team, self.model.depth) - line_x)
        """Distance of the shallowest aim: a group of throw-ins still to come stands there."""
        self.win = objective.score(self._wins(1.0, 0.0))
        self.lose = objective.score(self._wins(0.0, 1.0))
        self.ends: dict[tuple[int, int], float] = {}
        self.bases: dict[int, list[float]] = {}
        self.cache: dict[tuple[object, ...], float] = {}

    def _wins(self, thrower: float, other: float) -> tuple[float, float]:
        return (thrower, other) if self.team == 0 else (other, thrower)

    def end(self, left: int, base_left: int) -> float:
        """The objective when the turn ends with ``left`` field kubbs and ``base_left`` base
        kubbs standing in the other half."""
        key = (left, base_left)
        found = self.ends.get(key)
        if found is None:
            found = self.ends[key] = self._end(left, base_left)
        return found

    def _end(self, left: int, base_left: int) -> float:
        felled = self.side - left - base_left
        other, turn = 1 - self.team, self.turn + 1
        if turn > self.max_turns:
            return self.objective.score((0.0, 0.0))
        if turn == self.max_turns:  # the other team's turn is the last
            win, _ = self.model.turn(other, felled + self.behind, self.own_base, left > 0, turn)
            return self.objective.score(self._wins(0.0, win))
        counts: Counts = (felled, self.behind, self.own_base, left, base_left)
        chance = self.model.win_chance(other, turn, counts)
        return self.objective.score(self._wins(1.0 - chance, chance))

    def cleared(self, base: int) -> list[float]:
        """``cleared(base)[n]``: the objective once no field kubb stands, with ``base`` lone
        base kubbs standing and ``n`` batons in hand."""
        found = self.bases.get(base)
        if found is not None:
            return found
        values = [self.end(0, base)]
        if base == 0:
            p = self.king_hit
            for n in range(1, self.batons + 1):
                king = n >= self.king_from
                values.append(p * self.win + (1.0 - p) * values[n - 1] if king else values[0])
        else:
            fewer = self.cleared(base - 1)
            p = self.base_hit
            for n in range(1, self.batons + 1):
                values.append(p * fewer[n - 1] + (1.0 - p) * values[n - 1])
        self.bases[base] = values
        return values

    def estimate(self, groups: Sequence[Group], base: int, batons: int) -> float:
        """The objective of the rest of the turn: ``groups`` felled in order, then ``base``
        base kubbs and the king, with ``batons`` in hand."""
        batons = min(batons, self.batons)
        if not groups:
            return self.cleared(base)[batons]
        key = (tuple(g.serial for g in groups), base, batons)
        found = self.cache.get(key)
        if found is not None:
            return found
        cleared = self.cleared(base)
        lose = self.lose
        count = len(groups)
        sizes = [g.size for g in groups]
        states: dict[tuple[int, int], float] = {(0, sizes[0]): 1.0}
        value = 0.0
        for n in range(batons, 0, -1):
            after: dict[tuple[int, int], float] = {}
            for (j, m), p in states.items():
                group = groups[j]
                s = group.strikes[m]
                miss = p * (1.0 - s)
                if group.king:
                    value += miss * group.king * lose
                    miss *= 1.0 - group.king
                after[(j, m)] = after.get((j, m), 0.0) + miss
                hit = p * s
                for k, q in group.chains[m]:
                    if m > k:
                        nxt = (j, m - k)
                    elif j + 1 < count:
                        nxt = (j + 1, sizes[j + 1])
                    else:
                        value += hit * q * cleared[n - 1]
                        continue
                    after[nxt] = after.get(nxt, 0.0) + hit * q
            states = after
        for (j, m), p in states.items():
            value += p * self.end(m + sum(sizes[j + 1 :]), base)
        self.cache[key] = value
        return value

    def layout(self, points: Sequence[Point]) -> Layout:
        """The standing field kubbs at ``points`` (in the other half), grouped."""
        return Layout(self, points)

    def group(self, stats: Stats, pending: int) -> Group:
        """The abstract group of real kubbs with ``stats`` joined by ``pending`` throw-ins."""
        typical = self.typical
        linked = stats.linked + pending
        if linked:
            gap = (stats.gaps + pending * typical) / linked
            lateral = (stats.across + pending * throws.LATERAL_RATIO * typical) / linked
        else:
            gap, lateral = typical, throws.LATERAL_RATIO * typical
        distance = stats.distance if stats.size else self.first_distance
        king = stats.king / stats.size if stats.size else 0.0
        return self.shapes.group(
            self.game,
            self.team,
            distance,
            lateral,
            max(throws.MIN_GAP, gap),
            king,
            stats.size + pending,
        )
