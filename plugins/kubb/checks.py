"""Static checks of a Kubb ``[rules]`` table, before any game is simulated."""

from __future__ import annotations

from plywright.api import StaticCheck
from plywright.plugins.kubb.geometry import KubbField
from plywright.plugins.kubb.options import KubbRules
from plywright.plugins.kubb.rules import make_game

MIN_CORNER_CLEARANCE = 0.2
"""Least room (m) between an outer base kubb and its corner stake."""
MIN_HALF_DEPTH = 2.0
"""Depth (m) of a half below which throw-ins have little room to land (a warning)."""
TURNS_PER_GAME = 40
"""``max_turns`` below this risks unfinished games: beginners need about 15 turns (seed),
slow games 40 and more."""
SKILL_GAP = 0.2
"""Skill difference (base-kubb hit rate at 8 m) above which a match is lopsided."""


def check_baseline(rules: KubbRules) -> StaticCheck:
    """The base kubbs fit on the baseline with room to the corner stakes."""
    geo = KubbField.from_rules(rules)
    room = geo.corner_clearance
    row = f"{rules.kubbs_per_team} kubbs {rules.kubb_spacing:g} m apart span {geo.base_span:g} m"
    if room < MIN_CORNER_CLEARANCE:
        return StaticCheck(
            "kubb-baseline",
            False,
            f"{row} on a {rules.width:g} m baseline: {room:.2f} m to the corner stakes, "
            f"less than {MIN_CORNER_CLEARANCE} m",
        )
    if room < rules.kubb_spacing / 2:
        return StaticCheck(
            "kubb-baseline",
            False,
            f"{row}: the outer kubbs stand {room:.2f} m from the corner stakes, closer than "
            "half a spacing",
            "warning",
        )
    return StaticCheck(
        "kubb-baseline", True, f"{row}, {room:.2f} m from the corner stakes on each side"
    )


def check_penalty_spots(rules: KubbRules) -> StaticCheck:
    """Each half has room for a penalty kubb ``penalty_min_distance`` from king and stakes."""
    game = make_game(rules)
    geo = game.field
    least = rules.penalty_min_distance
    ok = all(
        min(geo.distance_to_stakes(game.aims[half][i]), _to_king(geo, game.aims[half][i])) >= least
        for half in (0, 1)
        for i in game.spots[half]
    )
    if not ok:
        return StaticCheck(
            "kubb-penalty-distance",
            False,
            f"penalty_min_distance {least:g} m leaves no spot in a {geo.centre_x:g} x "
            f"{geo.width:g} m half that far from the king and every stake",
        )
    return StaticCheck(
        "kubb-penalty-distance",
        True,
        f"{len(game.spots[0])} penalty spots per half at least {least:g} m from king and stakes",
    )


def _to_king(geo: KubbField, point: tuple[float, float]) -> float:
    return float(((point[0] - geo.king[0]) ** 2 + (point[1] - geo.king[1]) ** 2) ** 0.5)


def check_field(rules: KubbRules) -> StaticCheck:
    """The halves are deep enough for throw-ins (the width holds the base row: validated)."""
    half = rules.length / 2
    if half < MIN_HALF_DEPTH:
        return StaticCheck(
            "kubb-field",
            False,
            f"a {rules.length:g} m field leaves halves {half:g} m deep: throw-ins have little "
            f"room to land (less than {MIN_HALF_DEPTH:g} m)",
            "warning",
        )
    return StaticCheck(
        "kubb-field",
        True,
        f"{rules.length:g} x {rules.width:g} m, halves {half:g} m deep, "
        f"diagonal {KubbField.from_rules(rules).diagonal:.2f} m",
    )


def check_neighbours(rules: KubbRules) -> StaticCheck:
    """Base kubbs standing closer than ``neighbour_radius`` fall together."""
    if rules.kubb_spacing < rules.neighbour_radius:
        return StaticCheck(
            "kubb-base-spacing",
            False,
            f"kubb_spacing {rules.kubb_spacing:g} m is below neighbour_radius "
            f"{rules.neighbour_radius:g} m: one baton may fell several base kubbs",
            "warning",
        )
    return StaticCheck(
        "kubb-base-spacing", True, "a baton fells base kubbs one at a time", "warning"
    )


def check_first_turn(rules: KubbRules) -> StaticCheck:
    """Can the starting team win in turn 1 without any lucky double hit?"""
    if rules.king_rule == "world":
        return StaticCheck(
            "kubb-first-turn", True, "king_rule 'world': no king shot in turn 1", "warning"
        )
    batons = rules.batons_in_turn(1)
    if batons - rules.king_min_batons_left >= rules.kubbs_per_team:
        return StaticCheck(
            "kubb-first-turn",
            False,
            f"turn 1 has {batons} batons: {rules.kubbs_per_team} base kubbs and a king shot "
            f"with {rules.king_min_batons_left} in hand fit, so the game can end in turn 1",
            "warning",
        )
    return StaticCheck(
        "kubb-first-turn",
        True,
        f"turn 1 ({batons} batons) cannot clear {rules.kubbs_per_team} kubbs and keep "
        f"{rules.king_min_batons_left} for the king without a double hit",
        "warning",
    )


def check_max_turns(rules: KubbRules) -> StaticCheck:
    """``max_turns`` leaves time to finish."""
    if rules.max_turns < 2:
        return StaticCheck(
            "kubb-max-turns", False, "max_turns below 2: the second team never throws"
        )
    if rules.max_turns < TURNS_PER_GAME:
        return StaticCheck(
            "kubb-max-turns",
            False,
            f"max_turns = {rules.max_turns} is below {TURNS_PER_GAME}: simulated games may "
            "end unfinished",
            "warning",
        )
    return StaticCheck(
        "kubb-max-turns", True, f"max_turns = {rules.max_turns} leaves time to finish"
    )


def check_skills(rules: KubbRules) -> StaticCheck:
    """Teams of very different skill make a lopsided match (the check reports it)."""
    a, b = rules.team_skills()
    if abs(a - b) > SKILL_GAP:
        return StaticCheck(
            "kubb-skills",
            False,
            f"team skills {a:g} and {b:g} differ by more than {SKILL_GAP}: expect one-sided games",
            "warning",
        )
    return StaticCheck("kubb-skills", True, f"team skills {a:g} and {b:g}", "warning")


CHECKS = (
    check_field,
    check_baseline,
    check_penalty_spots,
    check_neighbours,
    check_first_turn,
    check_max_turns,
    check_skills,
)


def static_checks(rules: KubbRules) -> list[StaticCheck]:
    """Every Kubb static check of ``rules``."""
    return [check(rules) for check in CHECKS]
