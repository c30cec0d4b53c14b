"""The probes' entries from their games: a spoiler pair's (with its strong-victim and duel
parts), a ladder rung's, the strong-seat probe's and a restricted kind's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import numpy as np

from plywright.api import CheckOptions
from plywright.simulate.report_types import (
    Decision,
    DuelResult,
    RestrictedProbe,
    SkillRung,
    SpoilerProbe,
    StrongSeatProbe,
    StrongVictim,
)
from plywright.simulate.sprt import Outcome, clamp
from plywright.simulate.stats import seat_fairness, wilson
from plywright.simulate.strong.judge import (
    NOTHING,
    PairGames,
    PairStatus,
    pair_status,
    probe_sprt,
    reference_share,
    won_by,
)
from plywright.simulate.strong.plan import Matchup
from plywright.simulate.strong.words import pct, rounded_interval, spoiler_reason
from plywright.simulate.table import RESULT_CODE, GameTable

SKILL_EDGE = 0.5
"""A rung beats the one below when it takes this share of the gap between an equal share and
winning every game (the ladder test's ``H1``)."""


def spoiler_probe(
    matchup: Matchup,
    table: GameTable,
    baseline: GameTable,
    seats: int,
    options: CheckOptions,
    strong_victim: GameTable | None = None,
    duel: tuple[Matchup, GameTable, GameTable] | None = None,
    strong_baseline: GameTable | None = None,
) -> SpoilerProbe:
    """One spoiler probe's entry of ``probes`` (see :mod:`plywright.simulate.strong`);
    ``strong_victim``: the pair's strong-victim games, ``duel``: its duel (a duel matchup, the
    baseline's and the spoiler's games), if they were played; ``strong_baseline``: the strong
    self-play games, which a strong victim of two seats is judged against."""
    assert matchup.victim is not None
    spoiler, victim = matchup.seat, matchup.victim
    status = pair_status(
        PairGames(matchup, table, strong_victim, duel), baseline, seats, options, strong_baseline
    )
    confidence = options.confidence
    games = len(table)
    wins = table.outright_wins(seats)
    open_games = games - wins[spoiler]
    base_wins = baseline.outright_wins(seats)
    rate = wins[victim] / open_games if open_games else 0.0
    reference = reference_share(baseline, spoiler, victim)
    escaped: StrongVictim | None = None
    if strong_victim is not None and len(strong_victim):
        against = strong_baseline if seats == 2 and strong_baseline is not None else baseline
        escaped = _strong_victim_entry(matchup, strong_victim, against, seats, status)
    alone = _duel_entry(*duel, status) if duel is not None and len(duel[2]) else None
    exploit = status.decision == "exploit"
    kingmaking = status.decision == "kingmaking"
    ending = table.count("win", "draw") / games if games else 0.0
    base_ending = baseline.count("win", "draw") / len(baseline) if len(baseline) else 0.0
    reason = spoiler_reason(
        status.why,
        spoiler,
        victim,
        games,
        wins,
        reference=reference,
        ending=ending,
        base_ending=base_ending,
        confidence=confidence,
        escaped=escaped,
        alone=alone,
    )
    share = status.tests["share"]
    decision: Decision = status.decision or "undecided"
    return {
        "probe": "spoiler",
        "seat": spoiler,
        "victim": victim,
        "agent": matchup.agents[spoiler].name,
        "games": games,
        "limit": matchup.limit,
        "victim_wins": wins[victim],
        "victim_win_rate": round(wins[victim] / games, 6) if games else 0.0,
        "victim_interval": rounded_interval(wins[victim], games, confidence),
        "baseline_win_rate": round(base_wins[victim] / len(baseline), 6) if len(baseline) else 0.0,
        "baseline_interval": rounded_interval(base_wins[victim], len(baseline), confidence),
        "spoiler_wins": wins[spoiler],
        "open_games": open_games,
        "kept_from_winning": open_games - wins[victim],
        "open_share": round(rate, 6),
        "baseline_open_share": round(reference, 6),
        "completion": round(ending, 6),
        "completion_interval": rounded_interval(table.count("win", "draw"), games, confidence),
        "llr": round(share.llr, 6),
        "decision": decision,
        "exploit": exploit,
        "kingmaking": kingmaking,
        "strong_victim": escaped,
        "duel": alone,
        "reason": reason,
    }


def _strong_victim_entry(
    matchup: Matchup, table: GameTable, baseline: GameTable, seats: int, status: PairStatus
) -> StrongVictim:
    """The ``strong_victim`` of a spoiler probe's entry: the victim, played well, against the
    spoiler, judged against ``baseline``."""
    assert matchup.victim is not None
    spoiler, victim = matchup.seat, matchup.victim
    wins = table.outright_wins(seats)
    open_games = len(table) - wins[spoiler]
    decisions = [status.tests[k].decision for k in ("victim", "victim-stall") if k in status.tests]
    base_ending = baseline.count("win", "draw") / len(baseline) if len(baseline) else 0.0
    return {
        "agent": matchup.agents[spoiler].registered,
        "games": len(table),
        "victim_wins": wins[victim],
        "open_games": open_games,
        "open_share": round(wins[victim] / open_games, 6) if open_games else 0.0,
        "baseline_open_share": round(reference_share(baseline, spoiler, victim), 6),
        "completion": round(table.count("win", "draw") / len(table), 6),
        "baseline_completion": round(base_ending, 6),
        "kept_out": "h1" in decisions,
    }


def _duel_entry(
    matchup: Matchup, baseline: GameTable, table: GameTable, status: PairStatus
) -> DuelResult:
    """The ``duel`` of a spoiler probe's entry: the spoiler alone with the victim (both in the
    strong agent's hands) against the duel's baseline."""
    assert matchup.local is not None and matchup.variant is not None
    spoiler, victim = matchup.local
    games = len(table)
    wins = table.outright_wins(2)
    open_games = games - wins[spoiler]
    ended = table.count("win", "draw")
    base_completion = baseline.count("win", "draw") / len(baseline) if len(baseline) else 0.0
    decisions = [status.tests[k].decision for k in ("duel", "duel-stall") if k in status.tests]
    return {
        "variant": matchup.variant.name,
        "agent": matchup.agents[spoiler].name,
        "games": games,
        "spoiler_wins": wins[spoiler],
        "victim_wins": wins[victim],
        "open_games": open_games,
        "open_share": round(wins[victim] / open_games, 6) if open_games else 0.0,
        "baseline_open_share": round(reference_share(baseline, spoiler, victim), 6),
        "completion": round(ended / games, 6) if games else 0.0,
        "baseline_completion": round(base_completion, 6),
        "locked_out": "h1" in decisions,
    }


def rung_entry(
    group: Sequence[Matchup], tables: Sequence[GameTable], seats: int, options: CheckOptions
) -> SkillRung:
    """One rung of ``metrics.skill`` from its seats' matchups: the upper agent's wins among
    the decided games, pooled in the order (game index, seat), tested by the SPRT of an equal
    share ``1 / seats`` against ``1 / seats + SKILL_EDGE·(1 - 1 / seats)``."""
    first = group[0]
    events: list[tuple[int, int, bool]] = []
    games = wins = decided = draws = 0
    for matchup, table in zip(group, tables, strict=True):
        seat_won = won_by(table, matchup.seat)
        some = table.result == RESULT_CODE["win"]
        events += [
            (int(i), matchup.seat, bool(w))
            for i, w, d in zip(table.index, seat_won, some, strict=True)
            if d
        ]
        games += len(table)
        wins += int(np.count_nonzero(seat_won))
        decided += int(np.count_nonzero(some))
        draws += table.count("draw")
    share = 1 / seats
    test = probe_sprt(share, share + SKILL_EDGE * (1 - share), options)
    outcome = test.scan(won for _, _, won in sorted(events))
    low, high = wilson(wins, games, options.confidence)
    return {
        "agent": first.agents[first.seat].name,
        "against": first.agents[(first.seat + 1) % seats].name,
        "games": games,
        "win_rate": round(wins / games, 6) if games else 0.0,
        "low": round(low, 6),
        "high": round(high, 6),
        "draw_rate": round(draws / games, 6) if games else 0.0,
        "share": round(share, 6),
        "llr": round(outcome.llr, 6),
        "decided": outcome.decision is not None,
        "beats": outcome.decision == "h1",
    }


def seat_probe(
    found: Sequence[Matchup], tables: Sequence[GameTable], seats: int, options: CheckOptions
) -> StrongSeatProbe | None:
    """The strong-seat probe (``full``): the strong agent's wins by the seat it held."""
    pairs = [(m, t) for m, t in zip(found, tables, strict=True) if m.kind == "seat"]
    if not pairs:
        return None
    wins = [table.outright_wins(seats)[m.seat] for m, table in pairs]
    games = [len(table) for _, table in pairs]
    test = seat_fairness(wins)
    rates = [round(w / g, 6) if g else 0.0 for w, g in zip(wins, games, strict=True)]
    favoured = test.p_value < options.probe_alpha
    best = max(range(len(rates)), key=rates.__getitem__)
    reason = (
        f"the strong agent wins {pct(rates[best])} % from seat {best + 1}: its seat matters "
        f"beyond skill (chi-square p = {test.p_value:.3g})"
        if favoured
        else f"the strong agent's wins do not depend on its seat (p = {test.p_value:.3g})"
    )
    return {
        "probe": "strong-seat",
        "seat": best,
        "agent": pairs[0][0].agents[pairs[0][0].seat].name,
        "games": sum(games),
        "win_rates": rates,
        "intervals": [
            rounded_interval(w, g, options.confidence) for w, g in zip(wins, games, strict=True)
        ],
        "p_value": test.p_value,
        "decision": "ok",
        "exploit": False,
        "favoured": favoured,
        "reason": reason,
    }


def restricted_probe(
    matchup: Matchup, table: GameTable, strong: GameTable | None, seats: int, options: CheckOptions
) -> RestrictedProbe:
    """The restricted-play probe's entry of one seat and kind (Jaffe et al., "Evaluating
    competitive game balance with restricted play"): the seat's wins without that kind of
    move, in game order, test a share well above ``exploit_ratio`` of its strong self-play
    share (``H0``: twice that, or the low end of the self-play share's interval if higher,
    strong self-play being few games) against ``exploit_ratio`` of it (``H1``: without the
    kind the seat cannot win: a dominant move). ``H0`` accepted is a rule nobody needs only
    when the seat's share without the kind still reaches that low end (its interval's top
    does); otherwise the seat wins less without it, and the entry says so with no finding."""
    assert matchup.forbid is not None
    seat, kind = matchup.seat, matchup.forbid
    games = len(table)
    won = won_by(table, seat)
    wins = int(np.count_nonzero(won))
    base_games = len(strong) if strong is not None else 0
    base = (
        int(np.count_nonzero(won_by(strong, seat))) / base_games if strong and base_games else 0.0
    )
    rate = wins / games if games else 0.0
    words = (
        f"restricted play: seat {seat + 1} without {kind!r} wins {pct(rate)} % of {games} "
        f"games ({pct(base)} % in strong self-play)"
    )
    finding: Literal["needless", "dominant", ""] = ""
    if not base_games:
        outcome, reason = Outcome(None, 0, 0.0), f"{words}: undecided"
    elif clamp(options.exploit_ratio * base) >= clamp(base):
        outcome = NOTHING
        reason = f"{words}: the seat rarely wins even so; nothing to measure"
    else:  # H0 at the low end of the baseline's interval: strong self-play is few games
        floor = wilson(round(base * base_games), base_games, options.confidence)[0]
        test = probe_sprt(
            max(floor, options.exploit_ratio * base * 2), options.exploit_ratio * base, options
        )
        outcome = test.scan(bool(w) for w in won)
        if outcome.decision == "h0" and wilson(wins, games, options.confidence)[1] >= floor:
            finding, reason = "needless", f"{words}: a rule nobody needs"
        elif outcome.decision == "h0":  # not dominant, yet the seat wins less without it
            reason = f"{words}: the seat wins less without {kind!r}, which does not decide the game"
        elif outcome.decision == "h1":
            finding = "dominant"
            reason = f"{words}: {kind!r} alone decides the game (a dominant move)"
        else:
            reason = f"{words}: undecided after {games} games"
    low, high = wilson(wins, games, options.confidence)
    return {
        "probe": "restricted",
        "seat": seat,
        "kind": kind,
        "agent": matchup.agents[seat].name,
        "games": games,
        "wins": wins,
        "win_rate": round(rate, 6),
        "interval": [round(low, 4), round(high, 4)],
        "baseline_win_rate": round(base, 6),
        "drop": round(base - rate, 6),
        "llr": round(outcome.llr, 6),
        "decision": "ok" if outcome.decision else "undecided",
        "exploit": False,
        "finding": finding,
        "reason": reason,
    }
