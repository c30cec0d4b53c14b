"""Two seats of a halma variant alone (:data:`plywright.api.DuelMaker`): the same board and
rules with only the spoiler's and the victim's points occupied, each aiming where it aimed,
in the turn order they had. The spoiler probes play it to tell a seat that is slowed while
others race (kingmaking) from one that is locked out."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from plywright.api import Duel
from plywright.plugins.halma.options import HalmaRules

if TYPE_CHECKING:
    from plywright.variant import Variant


def halma_duel(variant: Variant, spoiler: int, victim: int) -> Duel:
    """``variant`` with only seats ``spoiler`` and ``victim``; the one that moved earlier in a
    round (counted from ``first_seat``) moves first."""
    rules = variant.table(HalmaRules)
    points, targets = rules.seat_points(), rules.target_points()
    order = sorted((spoiler, victim), key=lambda seat: (seat - rules.first_seat) % rules.players)
    duel = HalmaRules.model_validate(
        {
            **rules.model_dump(),
            "players": 2,
            "seating": tuple(points[seat] for seat in order),
            "targets": tuple(targets[seat] for seat in order),
            "first_seat": 0,
        }
    )
    name = f"{variant.name}-seats-{spoiler + 1}-{victim + 1}"
    reduced = replace(variant, name=name, rules=duel)
    return Duel(reduced, order.index(spoiler), order.index(victim))
