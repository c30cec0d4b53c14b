"""The halma variant-file schema: ``[rules]`` and ``[print]`` models + presets.

Rule names follow ``docs/rules/halma.md``. ``[production]`` (board and peg sizes,
millimetres) is :class:`plywright.plugins.halma.production.HalmaProduction`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from plywright.api import PrintOptions, StrictModel
from plywright.plugins.halma.geometry import MAX_N, MIN_N, POINT_COUNT, holes_per_point, opposite

SEATINGS: dict[int, tuple[int, ...]] = {
    2: (0, 3),
    3: (0, 2, 4),
    4: (0, 1, 3, 4),
    5: (0, 1, 2, 3, 4),
    6: (0, 1, 2, 3, 4, 5),
}
"""Occupied points in turn order by player count (rules table "Seating")."""


def peg_counts(n: int) -> dict[int, int]:
    """Pegs needed for each standard seating (player count -> pegs), one peg per start hole."""
    return {players: players * holes_per_point(n) for players in SEATINGS}


class HalmaRules(StrictModel):
    """``[rules]`` of star halma."""

    n: int = Field(4, ge=MIN_N, le=MAX_N, description="holes per triangle side (4: 10 pegs, 5: 15)")
    players: int = Field(2, ge=2, le=6, description="number of players")
    seating: tuple[int, ...] | None = Field(
        None, description="occupied points 0-5 in turn order (empty = the rules' table)"
    )
    targets: tuple[int, ...] | None = Field(
        None, description="target point of each seat (empty = the opposite point)"
    )
    first_seat: int = Field(0, ge=0, le=5, description="seat (index into seating) that moves first")
    target_lock: bool = Field(
        True, description="a peg that starts a move in its target stays in it"
    )
    jump_own: bool = Field(True, description="pegs may jump over their own colour")
    win_rule: Literal["filled", "own"] = Field(
        "filled", description="'filled': target full, one peg own; 'own': all own pegs"
    )
    max_rounds: int = Field(500, ge=1, le=100_000, description="rounds before a game is unfinished")

    @model_validator(mode="after")
    def _consistent(self) -> HalmaRules:
        seating = self.seat_points()
        if len(seating) != self.players:
            raise ValueError(f"seating lists {len(seating)} points but players = {self.players}")
        if any(not 0 <= p < POINT_COUNT for p in seating) or len(set(seating)) != len(seating):
            raise ValueError(f"seating must list distinct points 0-5, got {list(seating)}")
        targets = self.target_points()
        if len(targets) != self.players or any(not 0 <= p < POINT_COUNT for p in targets):
            raise ValueError(f"targets must list one point 0-5 per player, got {list(targets)}")
        if self.first_seat >= self.players:
            raise ValueError(f"first_seat must be below players ({self.players})")
        return self

    def seat_points(self) -> tuple[int, ...]:
        """Start point of each seat, in turn order."""
        return self.seating if self.seating else SEATINGS[self.players]

    def target_points(self) -> tuple[int, ...]:
        """Target point of each seat."""
        if self.targets:
            return self.targets
        return tuple(opposite(p) for p in self.seat_points())


class HalmaPrint(PrintOptions):
    """``[print]`` of halma: rulebooks in Latvian (the seed's language) and English."""

    languages: tuple[Literal["lv", "en"], ...] = Field(
        ("lv", "en"), min_length=1, description="rulebook languages (lv, en)"
    )


PRESETS = {
    "standard": {"rules": {"n": 4}},
    "pro": {"rules": {"n": 5}},
}
"""``standard``: 10 pegs per player, 121 holes; ``pro``: 15 pegs, 181 holes."""
