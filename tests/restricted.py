"""What every game's restricted-play test asserts of a check report: one entry per seat and
kind, played by the strong agent without that kind, within the games asked for."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def assert_restricted_entries(
    report: Any, strong: str, kinds: Sequence[str], games: int, seats: int = 2
) -> None:
    """``report``'s restricted entries cover every seat and kind of ``kinds``, each played by
    ``strong/no-KIND`` in 1 to ``games`` games, with its reason naming the seat and kind."""
    restricted = {(p["seat"], p["kind"]): p for p in report["probes"] if p["probe"] == "restricted"}
    assert set(restricted) == {(seat, kind) for seat in range(seats) for kind in kinds}
    for (seat, kind), probe in restricted.items():
        assert probe["agent"] == f"{strong}/no-{kind}" and 0 < probe["games"] <= games
        assert probe["reason"].startswith(f"restricted play: seat {seat + 1} without '{kind}'")
