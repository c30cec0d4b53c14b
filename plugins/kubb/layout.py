"""Real field kubbs as the groups of the abstract game (:class:`abstract.Group`).

Kubbs closer than ``neighbour_radius`` chain together: single linkage makes the groups. A
group of real kubbs becomes an abstract group with its own throw distance (its front kubb from
the throwing line), lateral spacing and neighbour gap (each kubb's nearest neighbour, averaged)
and early-king chance (the kubbs' :func:`throws.king_accident_probability`, averaged); throw-ins
still to come join a group with the abstract game's spacing (:func:`abstract.typical_gap`).
:class:`Shapes` rounds the shapes and builds each abstract group once.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from plywright.plugins.kubb import throws
from plywright.plugins.kubb.abstract import Chains, Group, chains, row_strikes
from plywright.plugins.kubb.geometry import Point
from plywright.plugins.kubb.rules import KubbGame

if TYPE_CHECKING:
    from plywright.plugins.kubb.estimate import TurnView

MAX_SHAPES = 200_000
"""Groups a :class:`Shapes` keeps before it starts afresh."""


@dataclass(frozen=True)
class Stats:
    """Sums over the kubbs of one group of real kubbs."""

    size: int = 0
    linked: int = 0
    """Kubbs with a neighbour within ``neighbour_radius``."""
    gaps: float = 0.0
    """Sum of the linked kubbs' distances to their nearest neighbour."""
    across: float = 0.0
    """Sum of the linked kubbs' offsets across the field to their nearest neighbour."""
    distance: float = math.inf
    """Distance of the group's front kubb from the throwing line."""
    king: float = 0.0
    """Sum of the kubbs' early-king chances (a miss aimed at each)."""


class Shapes:
    """Abstract groups by their rounded shape, each built once (a searching agent keeps one)."""

    def __init__(self) -> None:
        self.strikes: dict[tuple[int, float, float, int], tuple[float, ...]] = {}
        self.chains: dict[tuple[float, int], Chains] = {}
        self.groups: dict[tuple[object, ...], Group] = {}
        self.made = 0

    def group(
        self,
        game: KubbGame,
        team: int,
        distance: float,
        lateral: float,
        gap: float,
        king: float,
        size: int,
    ) -> Group:
        """The group of ``size`` kubbs ``distance`` m ahead of ``team``, ``lateral`` m apart
        across the throw, ``gap`` m from their nearest neighbours, early-king chance ``king``
        (rounded: distances to 5 cm, spacings to 2 cm)."""
        key = (team, round(distance * 20) / 20, round(lateral * 50) / 50, size)
        strikes = self.strikes.get(key)
        if strikes is None:
            strikes = self.strikes[key] = row_strikes(game, team, key[1], key[2], size)
        chain_key = (round(gap * 50) / 50, size)
        chain = self.chains.get(chain_key)
        if chain is None:
            chain = self.chains[chain_key] = chains(game, chain_key[0], size)
        signature = (key, chain_key, round(king, 3))
        group = self.groups.get(signature)
        if group is None:
            if len(self.groups) >= MAX_SHAPES:
                self.groups.clear()
            self.made += 1
            group = Group(size, strikes, chain, signature[2], self.made)
            self.groups[signature] = group
        return group


class Layout:
    """Standing field kubbs grouped by single linkage within ``neighbour_radius``, seen from
    ``view``'s throwing line; :meth:`with_kubb` adds one more kubb without regrouping."""

    def __init__(self, view: TurnView, points: Sequence[Point]) -> None:
        self.view = view
        rules = view.game.rules
        self.radius = radius = rules.neighbour_radius
        self.points = list(points)
        count = len(points)
        nearest = [math.inf] * count
        across = [0.0] * count
        label = list(range(count))

        def root(i: int) -> int:
            while label[i] != i:
                label[i] = label[label[i]]
                i = label[i]
            return i

        for i in range(count):
            xi, yi = points[i]
            for j in range(i + 1, count):
                dy = abs(points[j][1] - yi)
                d = math.hypot(points[j][0] - xi, dy)
                if d < nearest[i]:
                    nearest[i], across[i] = d, dy
                if d < nearest[j]:
                    nearest[j], across[j] = d, dy
                if d < radius:
                    label[root(i)] = root(j)
        self.nearest, self.across = nearest, across
        members: dict[int, list[int]] = {}
        for i in range(count):
            members.setdefault(root(i), []).append(i)
        self.members = list(members.values())
        self.cluster = [0] * count
        for c, ids in enumerate(self.members):
            for i in ids:
                self.cluster[i] = c
        self.risk = [self._risk(p) for p in points]
        self.stats = [self._stats(ids, nearest, across) for ids in self.members]

    def _risk(self, point: Point) -> float:
        rules = self.view.game.rules
        kx, ky = self.view.king
        gap = math.hypot(point[0] - kx, point[1] - ky)
        return throws.king_accident_probability(gap, rules.king_radius, rules.king_chance)

    def _stats(
        self, ids: Sequence[int], nearest: Sequence[float], across: Sequence[float]
    ) -> Stats:
        line = self.view.line_x
        linked = [i for i in ids if nearest[i] < self.radius]
        return Stats(
            len(ids),
            len(linked),
            sum(nearest[i] for i in linked),
            sum(across[i] for i in linked),
            min(abs(self.points[i][0] - line) for i in ids),
            sum(self.risk[i] for i in ids),
        )

    def groups(self) -> list[Group]:
        """The abstract groups, best first (:func:`efficiency`)."""
        out = [self.view.group(stats, 0) for stats in self.stats]
        out.sort(key=efficiency, reverse=True)
        return out

    def with_kubb(self, point: Point, pending: int = 0, join: bool = True) -> list[Group]:
        """The groups, best first, once one more kubb stands at ``point``; ``pending``
        throw-ins still to come join its group (``join``) or else the largest other group
        (a group of their own when there is none)."""
        view = self.view
        x, y = point
        radius = self.radius
        nearest, across = self.nearest, self.across
        links: set[int] = set()
        own, own_across = math.inf, 0.0
        closer: dict[int, tuple[float, float]] = {}
        for i, (px, py) in enumerate(self.points):
            dy = abs(py - y)
            d = math.hypot(px - x, dy)
            if d < radius:
                links.add(self.cluster[i])
            if d < own:
                own, own_across = d, dy
            if d < nearest[i]:
                closer[i] = (d, dy)
        rest = [c for c in range(len(self.stats)) if c not in links]
        host = -1 if join or not rest else max(rest, key=lambda c: self.stats[c].size)
        out = [view.group(self.stats[c], pending if c == host else 0) for c in rest]
        ids = [i for c in links for i in self.members[c]]
        near = [closer[i] if i in closer else (nearest[i], across[i]) for i in ids]
        linked = [k for k, (d, _) in enumerate(near) if d < radius]
        line = view.line_x
        mine = own < radius
        stats = Stats(
            len(ids) + 1,
            len(linked) + mine,
            sum(near[k][0] for k in linked) + (own if mine else 0.0),
            sum(near[k][1] for k in linked) + (own_across if mine else 0.0),
            min([abs(x - line), *(abs(self.points[i][0] - line) for i in ids)]),
            sum(self.risk[i] for i in ids) + self._risk(point),
        )
        out.append(view.group(stats, pending if host < 0 else 0))
        out.sort(key=efficiency, reverse=True)
        return out


def efficiency(group: Group) -> float:
    """Kubbs a baton at the whole group fells on average: groups are felled best first."""
    m = group.size
    return group.strikes[m] * sum(k * q for k, q in group.chains[m])
