"""The one geometry model of a Kubb field (metres).

Coordinates: ``x`` runs along the length from team 0's baseline (``x = 0``) to team 1's
(``x = length``); ``y`` runs across the field from 0 to ``width``. The baselines are the short
sides. The king stands at the centre; each team's base kubbs stand on its baseline, centred,
``kubb_spacing`` apart; six marker stakes mark the four corners and both ends of the centre line.

The rules engine, the field plan, the rulebook diagrams and the records all read this model;
nobody else computes field coordinates.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

Point = tuple[float, float]
"""``(x, y)`` in metres."""
LANDED_MARGIN = 0.075
"""How far (m) the centre of a thrown-in kubb must lie inside the other half for the kubb to
count as landed: half a kubb's length (15 cm), so the whole kubb lies in the half, clear of
the centre line and inside the field (the decided reading of the rules file)."""


class FieldRules(Protocol):
    """What :meth:`KubbField.from_rules` reads (``KubbRules`` has these fields)."""

    @property
    def length(self) -> float: ...
    @property
    def width(self) -> float: ...
    @property
    def kubbs_per_team(self) -> int: ...
    @property
    def kubb_spacing(self) -> float: ...


@dataclass(frozen=True)
class KubbField:
    """A rectangular Kubb field with its king, stakes and base kubb positions."""

    length: float = 10.0
    width: float = 5.0
    kubbs_per_team: int = 5
    kubb_spacing: float = 1.0

    @classmethod
    def from_rules(cls, rules: FieldRules) -> KubbField:
        """The field of a ``[rules]`` table."""
        return cls(rules.length, rules.width, rules.kubbs_per_team, rules.kubb_spacing)

    @property
    def centre_x(self) -> float:
        """``x`` of the centre line."""
        return self.length / 2

    @property
    def king(self) -> Point:
        """The king's position: the centre of the field."""
        return (self.length / 2, self.width / 2)

    @property
    def corners(self) -> tuple[Point, Point, Point, Point]:
        """The four corners: team 0's baseline ends, then team 1's."""
        length, width = self.length, self.width
        return ((0.0, 0.0), (0.0, width), (length, 0.0), (length, width))

    @property
    def centre_stakes(self) -> tuple[Point, Point]:
        """Both ends of the centre line."""
        return ((self.centre_x, 0.0), (self.centre_x, self.width))

    @property
    def stakes(self) -> tuple[Point, ...]:
        """The six marker stakes: four corners, then both ends of the centre line."""
        return (*self.corners, *self.centre_stakes)

    @property
    def diagonal(self) -> float:
        """Corner-to-corner distance for squaring the field: ``sqrt(L^2 + W^2)``."""
        return math.hypot(self.length, self.width)

    @property
    def half_diagonal(self) -> float:
        """Diagonal of one half (baseline corner to the far end of the centre line)."""
        return math.hypot(self.centre_x, self.width)

    def baseline_x(self, team: int) -> float:
        """``x`` of ``team``'s baseline (0 for team 0, ``length`` for team 1)."""
        return 0.0 if team == 0 else self.length

    def base_y(self) -> tuple[float, ...]:
        """``y`` of the base kubbs on either baseline, ascending, centred on the width."""
        k, spacing = self.kubbs_per_team, self.kubb_spacing
        first = self.width / 2 - (k - 1) * spacing / 2
        return tuple(first + i * spacing for i in range(k))

    def base_positions(self, team: int) -> tuple[Point, ...]:
        """``team``'s base kubbs, ``y`` ascending (the order of the kubb ids)."""
        x = self.baseline_x(team)
        return tuple((x, y) for y in self.base_y())

    @property
    def base_span(self) -> float:
        """Distance between the outermost base kubbs of one baseline."""
        return (self.kubbs_per_team - 1) * self.kubb_spacing

    @property
    def corner_clearance(self) -> float:
        """Distance from an outermost base kubb to the nearest corner stake."""
        return (self.width - self.base_span) / 2

    def half_of(self, x: float) -> int:
        """The team whose half holds ``x`` (the centre line counts to team 1)."""
        return 0 if x < self.centre_x else 1

    def in_half(self, team: int, point: Point) -> bool:
        """True when ``point`` lies inside ``team``'s half, off the centre line."""
        x, y = point
        if not 0.0 <= y <= self.width:
            return False
        if team == 0:
            return 0.0 <= x < self.centre_x
        return self.centre_x < x <= self.length

    def landed(self, team: int, point: Point) -> bool:
        """True when a thrown-in kubb lying at ``point`` counts in ``team``'s half: wholly in
        it, :data:`LANDED_MARGIN` clear of the centre line and of the field's edges."""
        x, y = point
        m = LANDED_MARGIN
        if not m <= y <= self.width - m:
            return False
        if team == 0:
            return m <= x <= self.centre_x - m
        return self.centre_x + m <= x <= self.length - m

    def inside(self, point: Point) -> bool:
        """True when ``point`` lies on the field (edges included)."""
        x, y = point
        return 0.0 <= x <= self.length and 0.0 <= y <= self.width

    def depth(self, team: int, x: float) -> float:
        """How far ``x`` lies from the centre line into ``team``'s half (negative: other half)."""
        return self.centre_x - x if team == 0 else x - self.centre_x

    def x_at_depth(self, team: int, depth: float) -> float:
        """The ``x`` that lies ``depth`` metres from the centre line into ``team``'s half."""
        return self.centre_x - depth if team == 0 else self.centre_x + depth

    def distance_to_stakes(self, point: Point) -> float:
        """Distance from ``point`` to the nearest marker stake."""
        return min(math.dist(point, stake) for stake in self.stakes)
