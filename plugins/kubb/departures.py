"""Where a variant's rules depart from the seed's rules sheet (the defaults of
:class:`~plywright.plugins.kubb.options.KubbRules`), so its book can say so point by point."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from plywright.plugins.kubb.options import KubbRules


@dataclass(frozen=True)
class Departure:
    """One point where the variant departs: ``key`` names its sentence (``variant.<key>``)."""

    key: str
    fields: tuple[str, ...]


POINTS = (
    Departure("field", ("length", "width")),
    Departure("kubbs", ("kubbs_per_team",)),
    Departure("spacing", ("kubb_spacing",)),
    Departure("batons", ("batons",)),
    Departure("opening", ("opening_batons",)),
    Departure("throw_in", ("throw_in_attempts",)),
    Departure("penalty", ("penalty_min_distance",)),
    Departure("king", ("king_rule", "king_min_batons_left")),
)
"""Every point of the rules sheet a variant may change, in the book's order."""


def seed_rules() -> KubbRules:
    """The seed's rules sheet: the defaults."""
    from plywright.plugins.kubb.options import KubbRules

    return KubbRules()


def _values(rules: KubbRules, point: Departure) -> tuple[Any, ...]:
    if point.key == "opening":
        listed = list(rules.opening_batons)
        while listed and listed[-1] == rules.batons:
            listed.pop()
        return (tuple(listed),)
    if point.key == "king" and rules.king_rule == "world":
        return ("world",)
    return tuple(getattr(rules, name) for name in point.fields)


def departures(rules: KubbRules) -> list[Departure]:
    """The points where ``rules`` depart from the seed's sheet (none for the seed)."""
    seed = seed_rules()
    return [p for p in POINTS if _values(rules, p) != _values(seed, p)]


def world_rules(rules: KubbRules) -> bool:
    """Whether every departure of ``rules`` is the World Championship's value."""
    from plywright.plugins.kubb.options import PRESETS, KubbRules

    world = KubbRules(**PRESETS["world"]["rules"])
    found = departures(rules)
    return bool(found) and all(_values(rules, p) == _values(world, p) for p in found)
