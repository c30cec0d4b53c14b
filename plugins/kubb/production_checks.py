"""Static checks of a Kubb set's ``[production]`` values: can the workshop cut these pieces?

Errors (a build refuses them): a piece whose section does not fit its stock, a piece longer
than a stock length (after the end trims). Warnings: stock much thicker than the piece (rip or
plane it down first), crown points too slender to saw cleanly, a king no taller than the
kubbs, a king section below the kubbs', kubbs too slender to stand, and a penalty distance
("one stick length") that is not the baton's length.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Literal

from plywright.api import StaticCheck
from plywright.cad.plan import mm
from plywright.plugins.kubb.bom import SetRules, Stock, stock_use
from plywright.plugins.kubb.production import KubbProduction

if TYPE_CHECKING:
    from plywright.variant import Variant

OVERSIZE = 10.0
"""Stock more than this much thicker than the piece must be ripped or planed first (mm)."""
MIN_CROWN_ANGLE = 30.0
"""Least included angle (degrees) of a crown notch a hand or band saw cuts cleanly."""
MAX_SLENDERNESS = 4.0
"""Largest kubb height / width before a kubb topples on grass."""
STICK_TOLERANCE = 0.02
"""Largest relative difference between penalty_min_distance and the baton length."""


def _check(
    name: str, ok: bool, good: str, bad: str, severity: Literal["error", "warning"] = "error"
) -> StaticCheck:
    return StaticCheck(f"production.{name}", ok, good if ok else bad, severity)


def _what(s: Stock) -> str:
    return "diameter" if s.round else "section"


def section_checks(p: KubbProduction, rules: SetRules) -> list[StaticCheck]:
    """Each piece's section against its stock: not smaller (error), not much larger (warning)."""
    sizes = {
        "kubb": p.kubb_width,
        "king": p.king_width,
        "baton": p.baton_diameter,
        "stake": p.stake_width,
    }
    checks: list[StaticCheck] = []
    for use in stock_use(p, rules):
        s = use.stock
        need = sizes[s.key]
        short = need - s.section
        checks.append(
            _check(
                f"{s.key}_section",
                short <= p.section_tolerance,
                f"{s.key} {_what(s)} {mm(need)} mm is cut from {s.material}",
                f"a {s.key} of {mm(need)} mm cannot be cut from {s.material}: the stock is "
                f"{mm(short)} mm too small (tolerance {mm(p.section_tolerance)} mm); use stock of "
                f"at least {mm(need)} mm or make the {s.key} smaller",
            )
        )
        extra = s.section - need
        checks.append(
            _check(
                f"{s.key}_oversize",
                extra <= OVERSIZE,
                f"{s.material} is within {mm(OVERSIZE)} mm of the {s.key} {_what(s)}",
                f"{s.material} is {mm(extra)} mm larger than the {s.key} ({mm(need)} mm): "
                f"{'turn' if s.round else 'rip and plane'} it down before cutting",
                "warning",
            )
        )
    return checks


def length_checks(p: KubbProduction, rules: SetRules) -> list[StaticCheck]:
    """Each piece against its stock length: at least one piece per length (error)."""
    out = []
    for use in stock_use(p, rules):
        s = use.stock
        out.append(
            _check(
                f"{s.key}_stock_length",
                use.pieces >= 1,
                f"{use.pieces} {s.key}s of {mm(s.piece_length)} mm per {mm(s.stock_length)} mm "
                f"{s.material}; {use.sets} full sets per length",
                f"a {s.key} of {mm(s.piece_length)} mm does not fit a {mm(s.stock_length)} mm "
                f"length of {s.material} after {mm(p.end_trim)} mm end trims: use longer stock",
            )
        )
    return out


def crown_angle(p: KubbProduction) -> float:
    """Included angle (degrees) of one V notch of the crown."""
    half_pitch = p.king_width / (p.crown_points - 1) / 2
    return 2 * math.degrees(math.atan2(half_pitch, p.crown_height))


def shape_checks(p: KubbProduction) -> list[StaticCheck]:
    angle = crown_angle(p)
    ratio = p.kubb_height / p.kubb_width
    return [
        _check(
            "crown_notches",
            angle >= MIN_CROWN_ANGLE,
            f"crown notches open {angle:.0f} degrees",
            f"crown notches open only {angle:.0f} degrees (at least {MIN_CROWN_ANGLE:.0f}): "
            "the points break off; use fewer crown_points or a lower crown_height",
            "warning",
        ),
        _check(
            "king_height",
            p.king_height > p.kubb_height,
            f"the king ({mm(p.king_height)} mm) stands taller than the kubbs "
            f"({mm(p.kubb_height)} mm)",
            f"the king ({mm(p.king_height)} mm) is no taller than the kubbs "
            f"({mm(p.kubb_height)} mm)",
            "warning",
        ),
        _check(
            "king_thicker",
            p.king_width >= p.kubb_width,
            f"the king ({mm(p.king_width)} mm) is at least as thick as the kubbs",
            f"the king ({mm(p.king_width)} mm) is thinner than the kubbs ({mm(p.kubb_width)} mm)",
            "warning",
        ),
        _check(
            "kubb_stands",
            ratio <= MAX_SLENDERNESS,
            f"kubbs are {ratio:.1f} times as tall as wide",
            f"kubbs are {ratio:.1f} times as tall as wide (at most {MAX_SLENDERNESS:g}): they "
            "topple on grass",
            "warning",
        ),
    ]


def stick_check(p: KubbProduction, penalty_min_distance: float) -> StaticCheck:
    """The rules' "one stick length" (metres) against the baton length (mm)."""
    stick = p.baton_length / 1000
    off = abs(penalty_min_distance - stick) / stick
    return _check(
        "stick_length",
        off <= STICK_TOLERANCE or penalty_min_distance == 0,
        f"penalty_min_distance {penalty_min_distance:g} m is one baton length",
        f"penalty_min_distance {penalty_min_distance:g} m is not one baton length "
        f"({stick:g} m): the rules measure penalty kubbs with a stick",
        "warning",
    )


def production_checks(
    p: KubbProduction, rules: SetRules, penalty_min_distance: float | None = None
) -> list[StaticCheck]:
    """Every production check of a set made as ``p`` for ``rules``."""
    checks = [*section_checks(p, rules), *length_checks(p, rules), *shape_checks(p)]
    if penalty_min_distance is not None:
        checks.append(stick_check(p, penalty_min_distance))
    return checks


def kubb_production_checks(variant: Variant) -> list[StaticCheck]:
    """Production checks of a Kubb variant (its ``[rules]`` and ``[production]`` tables)."""
    from plywright.plugins.kubb.options import KubbRules

    rules, production = variant.table(KubbRules), variant.table(KubbProduction)
    return production_checks(production, rules, rules.penalty_min_distance)
