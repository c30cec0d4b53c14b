"""The probes' statistical tests: a victim's share of the games its spoiler does not win, the
share of games that stall, and where a spoiler pair stands after its games so far."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from plywright.api import CheckOptions
from plywright.simulate.sprt import Outcome, Sprt, clamp
from plywright.simulate.stats import wilson
from plywright.simulate.strong.plan import Matchup
from plywright.simulate.table import RESULT_CODE, GameTable

STALL_SHARE = 0.5
"""A stall is an exploit when the spoiler keeps this share of the games that would end from
ending (the stall test's ``H1``)."""


def won_by(table: GameTable, seat: int) -> np.ndarray:
    """Per game (in index order), whether ``seat`` won it outright."""
    return (table.result == RESULT_CODE["win"]) & ((table.winners >> seat) & 1).astype(bool)


def _unended(table: GameTable) -> np.ndarray:
    """Per game, whether it ended in neither a win nor a draw."""
    return ~np.isin(table.result, [RESULT_CODE["win"], RESULT_CODE["draw"]])


def probe_sprt(p0: float, p1: float, options: CheckOptions) -> Sprt:
    return Sprt(p0, p1, options.probe_alpha, options.probe_alpha)


NOTHING = Outcome("h0", 0, 0.0)
"""The share test of a victim that (almost) never wins without the spoiler: nothing to
spoil."""


def reference_share(baseline: GameTable, spoiler: int, victim: int) -> float:
    """The victim's share of the games ``spoiler`` does not win in ``baseline``."""
    open_base = ~won_by(baseline, spoiler)
    opened = int(np.count_nonzero(open_base))
    return int(np.count_nonzero(won_by(baseline, victim) & open_base)) / opened if opened else 0.0


def share_test(
    table: GameTable, baseline: GameTable, spoiler: int, victim: int, options: CheckOptions
) -> tuple[Outcome, float]:
    """``(outcome, reference)``: the SPRT of the victim's wins among the games ``spoiler``
    does not win, in game order, ``H0`` the reference share (``baseline``'s) against ``H1``
    ``exploit_ratio`` of it (``h1``: held). A victim whose reference is below the floor the
    test can tell from its ``H1`` has nothing to lose (:data:`NOTHING`)."""
    reference = reference_share(baseline, spoiler, victim)
    held = options.exploit_ratio * reference
    if clamp(held) >= clamp(reference):
        return NOTHING, reference
    wins = won_by(table, victim)[~won_by(table, spoiler)]
    return probe_sprt(reference, held, options).scan(bool(w) for w in wins), reference


def stall_ceiling(baseline: GameTable, options: CheckOptions) -> float:
    """The most the baseline's share of unended games plausibly is: the upper end of its
    one-sided ``1 - probe_alpha`` Wilson interval. A baseline of 24 games that all ended does
    not show a stall rate of 0, only one below about 10 %."""
    if not len(baseline):
        return 0.0
    unended = int(np.count_nonzero(_unended(baseline)))
    if options.probe_alpha >= 0.5:  # no one-sided interval: the share itself
        return unended / len(baseline)
    return wilson(unended, len(baseline), 1 - 2 * options.probe_alpha)[1]


def stall_test(table: GameTable, baseline: GameTable, options: CheckOptions) -> Outcome:
    """The SPRT of the games that do not end (a win or a draw), in game order: ``H0`` the
    baseline's share ``u`` (its :func:`stall_ceiling`, as the baseline is a sample too)
    against ``u + STALL_SHARE·(1 - u)`` (``h1``: the games stall)."""
    base = stall_ceiling(baseline, options)
    stalled = base + STALL_SHARE * (1 - base)
    return probe_sprt(base, stalled, options).scan(bool(u) for u in _unended(table))


def ends_less_often(table: GameTable, baseline: GameTable, options: CheckOptions) -> bool:
    """Whether the stall test decides that ``table``'s games stall against ``baseline``'s."""
    return stall_test(table, baseline, options).decision == "h1"


@dataclass(frozen=True)
class PairStatus:
    """Where a spoiler pair stands: its decision (``None``: undecided), why (a key of the
    reason's words), the kinds of its matchups that must play on, and whether its second
    stage must start."""

    decision: Literal["exploit", "kingmaking", "ok"] | None
    why: str
    wants: frozenset[str] = frozenset()
    start: bool = False
    tests: dict[str, Outcome] = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class PairGames:
    """A spoiler pair's games: the first stage's, and the second's if it was started."""

    matchup: Matchup
    table: GameTable
    victim: GameTable | None = None
    """The strong-victim games."""
    duel: tuple[Matchup, GameTable, GameTable] | None = None
    """The duel: its spoiler matchup, its baseline's games and its spoiler games."""


def pair_status(
    games: PairGames,
    baseline: GameTable,
    seats: int,
    options: CheckOptions,
    strong_baseline: GameTable | None = None,
) -> PairStatus:
    """The state of one spoiler pair from its games so far (see
    :mod:`plywright.simulate.strong`)."""
    matchup, table = games.matchup, games.table
    assert matchup.victim is not None
    spoiler, victim = matchup.seat, matchup.victim
    share, _ = share_test(table, baseline, spoiler, victim, options)
    tests = {"share": share}
    if seats == 2:
        if share.decision == "h1":
            return PairStatus("exploit", "held", tests=tests)
        if share.decision == "h0":
            return PairStatus("ok", "nothing" if share is NOTHING else "free", tests=tests)
        if games.victim is None:
            most = len(table) > 0 and 2 * int(np.count_nonzero(won_by(table, spoiler))) > len(table)
            if most:
                return PairStatus(None, "undecided", frozenset({"victim"}), True, tests)
            return PairStatus(None, "undecided", frozenset({"spoiler"}), tests=tests)
        against = strong_baseline if strong_baseline is not None else baseline
        if not len(games.victim) or not len(against):
            return PairStatus(None, "undecided-well", frozenset({"victim"}), tests=tests)
        well, _ = share_test(games.victim, against, spoiler, victim, options)
        stall = stall_test(games.victim, against, options)
        tests |= {"victim": well, "victim-stall": stall}
        if "h1" in (well.decision, stall.decision):
            return PairStatus("exploit", "held-well", tests=tests)
        if well.decision == stall.decision == "h0":
            return PairStatus("ok", "escaped-well", tests=tests)
        return PairStatus(None, "undecided-well", frozenset({"victim"}), tests=tests)
    if share.decision == "h0":
        return PairStatus("ok", "nothing" if share is NOTHING else "free", tests=tests)
    stall = stall_test(table, baseline, options)
    tests["stall"] = stall
    if share.decision is not None and stall.decision == "h1":
        return PairStatus("exploit", "stalled", tests=tests)
    # the second stage starts with the first games: a victim that escapes the spoiler alone
    # (or playing well) cannot be locked out, whatever the crowd's share test still says
    wants = frozenset() if stall.decision and share.decision else frozenset({"spoiler"})
    if games.duel is None and games.victim is None:
        return PairStatus(None, "undecided-second", wants, True, tests)
    if games.duel is not None:
        duel, base, played = games.duel
        assert duel.local is not None
        if not len(base) or not len(played):
            return PairStatus(None, "undecided-second", wants | {"duel"}, tests=tests)
        alone, _ = share_test(played, base, *duel.local, options)
        stuck = stall_test(played, base, options)
        tests |= {"duel": alone, "duel-stall": stuck}
        locked = "h1" in (alone.decision, stuck.decision)
        escaped = alone.decision == stuck.decision == "h0"
        key, more = "duel", "duel"
    else:
        assert games.victim is not None
        if not len(games.victim):
            return PairStatus(None, "undecided-second", wants | {"victim"}, tests=tests)
        well, _ = share_test(games.victim, baseline, spoiler, victim, options)
        tests["victim"] = well
        locked, escaped = well.decision == "h1", well.decision == "h0"
        key, more = "victim", "victim"
    if share.decision is None:  # the crowd undecided: only an escape alone decides
        if escaped and stall.decision == "h0":
            return PairStatus("ok", f"escaped-{key}", tests=tests)
        return PairStatus(
            None, "undecided", wants | ({more} if not escaped else set()), tests=tests
        )
    if locked:
        return PairStatus("exploit", f"locked-{key}", tests=tests)
    if escaped and stall.decision == "h0":
        return PairStatus("kingmaking", f"kingmade-{key}", tests=tests)
    return PairStatus(
        None, "undecided-second", wants | ({more} if not escaped else set()), tests=tests
    )
