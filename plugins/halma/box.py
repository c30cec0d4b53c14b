"""What is in the box of a halma set: the pegs by colour, and how many players they seat.

``[production] box_colours`` and ``pegs_per_colour`` say what the workshop packs; by default
the box holds one full triangle of pegs for every point's colour (``peg_colours``). The BOM, the
rulebook and the static checks all read the box from :func:`box_of`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from plywright.plugins.halma.geometry import holes_per_point
from plywright.plugins.halma.options import SEATINGS, HalmaRules
from plywright.plugins.halma.production import HalmaProduction

MIN_PLAYERS = min(SEATINGS)
MAX_PLAYERS = max(SEATINGS)


@dataclass(frozen=True)
class Box:
    """The pegs of one set: ``(colour, count)`` in ``peg_colours`` order, and the pegs one
    player needs (one per hole of a triangle)."""

    pegs: tuple[tuple[str, int], ...]
    per_player: int
    point_colours: tuple[str, ...]
    """The colour of the pegs that start on each point P0-P5 (``peg_colours``)."""

    @property
    def total(self) -> int:
        return sum(count for _, count in self.pegs)

    def count(self, colour: str) -> int:
        """Pegs of ``colour`` in the box (0 when the box has none)."""
        return dict(self.pegs).get(colour, 0)

    @property
    def seated_points(self) -> tuple[int, ...]:
        """The points P0-P5, in order, that the box fills with pegs of the point's colour."""
        left = dict(self.pegs)
        seated = []
        for point, colour in enumerate(self.point_colours):
            if left.get(colour, 0) >= self.per_player:
                left[colour] -= self.per_player
                seated.append(point)
        return tuple(seated)

    @property
    def seats(self) -> int:
        """How many players the box seats, each with a full triangle of one colour."""
        return len(self.seated_points)

    def player_range(self, rules: HalmaRules) -> tuple[int, int]:
        """The fewest and most players the rulebook offers: the rules' 2-6 as far as the box
        seats them; a variant with its own seating or targets is for its player count only."""
        if rules.seating or rules.targets:
            return rules.players, rules.players
        most = min(MAX_PLAYERS, self.seats)
        if most < MIN_PLAYERS:
            return rules.players, rules.players
        return MIN_PLAYERS, most


def box_of(n: int, production: HalmaProduction) -> Box:
    """The box of a set for the board with triangle size ``n``."""
    per_player = holes_per_point(n)
    points = Counter(production.peg_colours)
    colours = production.box_colours or tuple(points)
    pegs = tuple(
        (colour, production.pegs_per_colour or per_player * points[colour])
        for colour in points
        if colour in colours
    )
    return Box(pegs, per_player, production.peg_colours)
