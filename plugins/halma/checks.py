"""Static checks of a halma ``[rules]`` table, before any game is simulated."""

from __future__ import annotations

from plywright.api import StaticCheck
from plywright.plugins.halma.geometry import holes_per_point, opposite, star_board
from plywright.plugins.halma.options import HalmaRules

ROUNDS_PER_PEG = 8
"""Below this many rounds per peg, simulated games risk hitting ``max_rounds``: the greedy
agent needs about 5-6 rounds per peg in 2-player games (10 and 15 pegs)."""


def _seat(i: int, point: int) -> str:
    return f"seat {i} (P{point})"


def check_targets(rules: HalmaRules) -> StaticCheck:
    """Every seat has one target point, and it is not the seat's own start."""
    seats, targets = rules.seat_points(), rules.target_points()
    bad = [_seat(i, p) for i, (p, t) in enumerate(zip(seats, targets, strict=True)) if p == t]
    if len(targets) != len(seats):
        return StaticCheck("halma-targets", False, f"{len(targets)} targets for {len(seats)} seats")
    if bad:
        return StaticCheck(
            "halma-targets", False, f"{', '.join(bad)}: the target is the seat's own start point"
        )
    pairs = ", ".join(f"P{p}->P{t}" for p, t in zip(seats, targets, strict=True))
    return StaticCheck("halma-targets", True, f"every seat has a target: {pairs}")


def check_reachable(rules: HalmaRules) -> StaticCheck:
    """Every target hole can be reached from every start hole by steps on an empty board."""
    board = star_board(rules.n)
    cut_off = board.steps_from(0).count(-1)
    ok = cut_off == 0
    message = (
        "every target is reachable from every start"
        if ok
        else f"the board falls apart: {cut_off} holes are cut off"
    )
    return StaticCheck("halma-reachable", ok, message)


def check_shared_targets(rules: HalmaRules) -> StaticCheck:
    """Two seats aiming at the same point compete for the same holes."""
    targets = rules.target_points()
    shared = sorted({t for t in targets if targets.count(t) > 1})
    if shared:
        names = ", ".join(f"P{t}" for t in shared)
        return StaticCheck(
            "halma-shared-targets",
            False,
            f"several seats aim at {names}: under win_rule 'filled' they can complete together",
            "warning",
        )
    return StaticCheck("halma-shared-targets", True, "no two seats share a target", "warning")


def check_crossed_targets(rules: HalmaRules) -> StaticCheck:
    """A target that is another seat's start, without that seat heading back the other way."""
    seats, targets = rules.seat_points(), rules.target_points()
    crossed = []
    for i, target in enumerate(targets):
        for j, start in enumerate(seats):
            if j != i and start == target and targets[j] != seats[i]:
                crossed.append(f"{_seat(i, seats[i])} aims at the start of {_seat(j, start)}")
    if crossed:
        return StaticCheck(
            "halma-crossed-targets",
            False,
            "; ".join(crossed) + ", which does not head back: its last pegs block that target",
            "warning",
        )
    return StaticCheck(
        "halma-crossed-targets",
        True,
        "every occupied target belongs to a seat swapping with it",
        "warning",
    )


def check_nobody_opposite(rules: HalmaRules) -> StaticCheck:
    """The seed's 5-player warning: a seat whose target is empty while others' are not."""
    seats, targets = rules.seat_points(), rules.target_points()
    free = [i for i, t in enumerate(targets) if t not in seats]
    if free and len(free) < len(seats):
        names = ", ".join(_seat(i, seats[i]) for i in free)
        return StaticCheck(
            "halma-nobody-opposite",
            False,
            f"{names}: nobody starts in the target, unlike the other seats; the seed allows it "
            "but says it makes winning easier for that seat (see the simulated seat win rates)",
            "warning",
        )
    return StaticCheck(
        "halma-nobody-opposite",
        True,
        "every seat meets the same kind of target (all or none held)",
        "warning",
    )


def check_rounds(rules: HalmaRules) -> StaticCheck:
    """``max_rounds`` leaves time to finish: every peg must move at least once."""
    pegs = holes_per_point(rules.n)
    if rules.max_rounds < pegs:
        return StaticCheck(
            "halma-max-rounds",
            False,
            f"max_rounds = {rules.max_rounds} is below the {pegs} pegs each player must move: "
            "no game can finish",
        )
    if rules.max_rounds < ROUNDS_PER_PEG * pegs:
        return StaticCheck(
            "halma-max-rounds",
            False,
            f"max_rounds = {rules.max_rounds} is below {ROUNDS_PER_PEG * pegs} "
            f"({ROUNDS_PER_PEG} per peg): simulated games may end unfinished",
            "warning",
        )
    return StaticCheck(
        "halma-max-rounds", True, f"max_rounds = {rules.max_rounds} leaves time to finish"
    )


def check_win_rule(rules: HalmaRules) -> StaticCheck:
    """Under ``win_rule = "own"`` a peg left at home blocks the seat aiming there for ever."""
    seats, targets = rules.seat_points(), rules.target_points()
    held = [i for i, t in enumerate(targets) if t in seats]
    if rules.win_rule == "own" and held:
        return StaticCheck(
            "halma-win-rule",
            False,
            "win_rule 'own': a peg that never leaves its start blocks the seat aiming there "
            f"({', '.join(_seat(i, seats[i]) for i in held)}); the seed's rule is 'filled'",
            "warning",
        )
    return StaticCheck("halma-win-rule", True, f"win_rule '{rules.win_rule}'", "warning")


def check_opposite(rules: HalmaRules) -> StaticCheck:
    """Targets other than the opposite point make the race uneven."""
    seats, targets = rules.seat_points(), rules.target_points()
    odd = [
        _seat(i, p) for i, (p, t) in enumerate(zip(seats, targets, strict=True)) if t != opposite(p)
    ]
    if odd:
        return StaticCheck(
            "halma-opposite-targets",
            False,
            f"{', '.join(odd)}: the target is not the opposite point (a shorter or longer race)",
            "warning",
        )
    return StaticCheck(
        "halma-opposite-targets", True, "every seat aims at the opposite point", "warning"
    )


CHECKS = (
    check_targets,
    check_reachable,
    check_shared_targets,
    check_crossed_targets,
    check_opposite,
    check_nobody_opposite,
    check_win_rule,
    check_rounds,
)


def static_checks(rules: HalmaRules) -> list[StaticCheck]:
    """Every halma static check of ``rules``."""
    return [check(rules) for check in CHECKS]
