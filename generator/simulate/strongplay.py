"""Strong play and exploit probes of a check (``check --probes none|quick|full``).

After the check's own games (the default agents), three kinds of matchups are played, all
seeded from the check's seed, on the same backend, in **rounds** (:mod:`probe_rounds`): every
matchup whose evidence is still undecided plays :data:`BATCH` more games a round, up to its
budget, and stops as soon as its result is clear either way. Every test is Wald's SPRT
(:mod:`plywright.simulate.sprt`: valid under optional stopping, errors ``probe_alpha`` both
ways), decided by its first crossing along the matchup's seeded games, so a level that plays
more games never reverses a level that played fewer: ``quick`` and ``full`` differ only in
their budgets (``full`` four times ``quick``'s). A probe still undecided at its budget makes
the check **inconclusive** (exit 3), never playable.

- the **skill ladder** (``metrics.skill``): rungs from ``random`` through the default agent to
  the game's strong agent (:attr:`GameDefinition.ladder`), each rung's agent in one seat
  against the rung below in the others, the seat rotated over the games; a rung *beats* the
  one below when its share of the won games is ``1 / seats + SKILL_EDGE·(1 - 1 / seats)``
  rather than ``1 / seats`` (SPRT). A final rung "strong against default" is added when they
  are not neighbours; if the strong agent does not beat the default, the check notes
  *little skill* (a warning, not a failure).
- **strong self-play** (``metrics.strong``): the strong agent in every seat, measured like the
  check's games (completion, balance, drawishness, seat win rates, opener, intervals), on the
  same number of games at every level (``probe_games``), so both levels judge the same games.
- **spoiler probes** (``probes``): for every ordered pair of seats (spoiler, victim), the
  strong agent with the objective "the victim does not win" plays the spoiler's seat against
  the default agents. Among the games the spoiler did not win itself, in game order, the
  victim's wins test ``H0``: its share is the one in the check's own games (the reference)
  against ``H1``: ``exploit_ratio`` of it. ``H1`` is an **exploit**, ``H0`` clears the pair.
  Counting only the games the spoiler did not win separates spoiling from skill: a spoiler
  that simply wins is a strong player, not a spoiler. Probe games stop after four times the
  longest game of the check (a stalled game counts as not won by the victim). A **stall**
  test (the share of games that do not end: the baseline's against the baseline's plus
  :data:`STALL_SHARE` of the rest) joins where games could stall instead of being won.
  With three or more seats a victim can be kept from winning by being slowed while others win
  (**kingmaking**, which every game of three or more allows) or by being locked out. So each
  pair is also played again, from its first round on: when the game offers a **duel**
  (:attr:`GameDefinition.duel`, the variant with only the two seats), the strong agent plays both
  seats, first both playing to win (the duel's baseline), then the spoiler against the victim; a
  victim held alone (the share test against the duel's baseline) or duel games that stall was
  locked out: an exploit. Without a duel, the pair is played again with the victim in the hands of
  the strong agent playing to win (the **strong-victim** games): a victim held even then is an
  exploit. A victim that escapes, in games that do not stall, makes a kingmaking note, not a
  failure; it clears the pair even while the share test with every seat is undecided (a victim
  that escapes alone cannot be locked out, and with many seats the victim's share among the
  others' wins needs many games to tell). With two seats, a spoiler that wins most of its
  games itself while the share test is undecided leaves too few to judge: the pair is played again
  with the victim in the strong agent's hands and judged against strong self-play (held, or
  stalled: an exploit).
- ``full`` adds the **strong-seat probe**: the strong agent in one seat against the default
  agents, for each seat, with a chi-square test of whether its wins depend on the seat (a seat
  favoured by more than skill; a note).
- ``full`` adds **restricted play** too (:func:`restricted_matchups`, a game with
  :attr:`GameDefinition.restrictable`): the strong agent without one kind of move in one seat
  against the strong agent; a kind whose loss changes nothing is a rule nobody needs, one
  whose loss alone keeps the seat from winning a dominant move (notes). Its seats × kinds
  matchups of strong play would more than double the default check, so ``quick`` leaves them
  out (the plan says so: :func:`restricted_note`).

``--games N`` bounds every stage: a matchup's budget is its level's, scaled by ``N / [check]
games`` and at most ``N``, but at least :data:`MIN_PROBE_GAMES` (see :func:`probe_budget`).
Seats are 0-based in the JSON and counted from 1 in the words of a reason.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

import numpy as np

from plywright import atomic
from plywright.agents import agent_spec, strong_agent
from plywright.api import AgentSpec, CheckOptions, Duel, Forbid, SearchSettings
from plywright.errors import InputError
from plywright.registry import Registry
from plywright.simulate.fastlane import select_fast_lane
from plywright.simulate.metrics import compute_metrics
from plywright.simulate.report_types import (
    Decision,
    DuelResult,
    Probe,
    ProbeLevel,
    RestrictedProbe,
    SkillRung,
    SpoilerProbe,
    StrongMetrics,
    StrongPlay,
    StrongSeatProbe,
    StrongVictim,
)
from plywright.simulate.sprt import Outcome, Sprt, clamp
from plywright.simulate.stats import seat_fairness, wilson
from plywright.simulate.table import RESULT_CODE, GameTable
from plywright.variant import Variant

PROBE_LEVELS: tuple[ProbeLevel, ...] = ("none", "quick", "full")
FULL_FACTOR = 4
"""``full``'s budgets are this many times ``quick``'s."""
LIMIT_FACTOR = 4
"""Probe games stop after this many times the longest game of the check."""
BATCH = 8
"""Games a matchup plays a round (and the most in one task: search games are slow)."""
MATCHUP_CHUNK = BATCH
STALL_SHARE = 0.5
"""A stall is an exploit when the spoiler keeps this share of the games that would end from
ending (the stall test's ``H1``)."""
SKILL_EDGE = 0.5
"""A rung beats the one below when it takes this share of the gap between an equal share and
winning every game (the ladder test's ``H1``)."""
MIN_PROBE_GAMES = 2
"""The fewest games a matchup's budget is cut to by ``--games N`` (unless ``N`` is fewer): the
fewest in which a share test can decide (two lost games against a reference near 100 %)."""
PAIR_GAMES = 16
"""The fewest games of a spoiler probe with more than two seats (``0.8**16 < 0.03``)."""


@dataclass(frozen=True)
class Matchup:
    """One lineup of agents played for a purpose (a ladder rung's seat, a probe pair, ...)."""

    kind: Literal["ladder", "strong", "spoiler", "victim", "duel-base", "duel", "seat", "restrict"]
    label: str
    """Short slug: records subfolder and the records' ``purpose``."""
    agents: tuple[AgentSpec, ...]
    games: int
    """The budget: at most this many games."""
    limit: int | None = None
    rung: int = 0
    seat: int = 0
    """The seat of the agent under study (the upper rung, the spoiler, the strong seat)."""
    victim: int | None = None
    variant: Variant | None = None
    """The variant played, when it is not the check's (a duel's)."""
    local: tuple[int, int] | None = None
    """A duel's ``(spoiler, victim)`` seats in its own variant (``seat`` and ``victim`` stay the
    pair's seats in the check's variant)."""
    batch: int = BATCH
    """Games a round."""
    forbid: str | None = None
    """The kind of move the seat under study may not make (restricted play)."""


def check_level(level: str | None, options: CheckOptions) -> ProbeLevel:
    """The probe level to play: ``level`` (from ``--probes``) or ``[check] probes``."""
    if level is None:
        return options.probes
    if level not in PROBE_LEVELS:
        raise InputError(f"--probes: unknown level {level!r} (allowed: {', '.join(PROBE_LEVELS)})")
    return level


def probe_budget(options: CheckOptions, level: ProbeLevel, games: int | None = None) -> int:
    """The most games of one matchup at ``level``: ``probe_games`` (``full``: four times);
    with ``--games N``, that share of ``N`` that ``probe_games`` is of ``[check] games``, at
    most ``N`` and the level's, at least :data:`MIN_PROBE_GAMES` (or ``N`` when fewer)."""
    budget = options.probe_games * (FULL_FACTOR if level == "full" else 1)
    if games is None:
        return budget
    share = math.ceil(games * budget / options.games)
    return min(budget, games, max(MIN_PROBE_GAMES, share))


def ladder_agents(
    registry: Registry, variant: Variant, default: AgentSpec, strong: AgentSpec
) -> list[AgentSpec]:
    """The ladder's agents, weakest first, without repeats."""
    names = variant.definition.ladder or ("random", default.name, strong.name)
    specs: list[AgentSpec] = []
    for name in names:
        if name == strong.registered:
            spec = strong
        elif name == default.name:
            spec = default
        else:
            spec = agent_spec(registry, variant.game, name, "ladder", variant.source)
        if spec.name not in [known.name for known in specs]:
            specs.append(spec)
    if strong.name not in [known.name for known in specs]:
        specs.append(strong)
    return specs


def matchups(
    registry: Registry,
    variant: Variant,
    defaults: tuple[AgentSpec, ...],
    level: ProbeLevel,
    longest: int,
    games: int | None = None,
) -> list[Matchup]:
    """Every first-stage matchup of ``level`` (see the module), each with its budget;
    ``defaults`` are the check's agents (one, or one per seat), ``longest`` the most moves of
    any of the check's games, ``games`` the ``--games N`` that bounds every stage."""
    if level == "none":
        return []
    seats = variant.engine().info().num_players
    budget = probe_budget(variant.check, level, games)
    strong = strong_agent(registry, variant)
    default = defaults[0]
    lineup = [defaults[seat % len(defaults)] for seat in range(seats)]
    out: list[Matchup] = []
    rungs = ladder_agents(registry, variant, default, strong)
    pairs = list(zip(rungs[1:], rungs[:-1], strict=True))
    names = [spec.name for spec in rungs]
    apart = abs(names.index(strong.name) - names.index(default.name)) if default in rungs else 0
    if apart > 1:  # the ladder's verdict on skill compares these two directly
        pairs.append((strong, default))
    per_seat_batch = max(1, BATCH // seats)
    for rung, (upper, lower) in enumerate(pairs):
        for seat in range(seats):
            share = budget // seats + (seat < budget % seats)
            if share:
                agents = tuple(upper if s == seat else lower for s in range(seats))
                label = f"ladder{rung + 1}-seat{seat + 1}"
                out.append(
                    Matchup(
                        "ladder", label, agents, share, rung=rung, seat=seat, batch=per_seat_batch
                    )
                )
    out.append(Matchup("strong", "strong", (strong,), probe_budget(variant.check, "quick", games)))
    limit = max(LIMIT_FACTOR * longest, 10)
    per_pair = spoiler_games(budget, seats)
    for spoiler in range(seats):
        for victim in range(seats):
            if victim == spoiler:
                continue
            agents = tuple(
                strong.spoiling(victim) if s == spoiler else lineup[s] for s in range(seats)
            )
            label = f"spoiler-seat{spoiler + 1}-victim{victim + 1}"
            out.append(
                Matchup("spoiler", label, agents, per_pair, limit, seat=spoiler, victim=victim)
            )
    if level == "full":
        for seat in range(seats):
            agents = tuple(strong if s == seat else lineup[s] for s in range(seats))
            out.append(Matchup("seat", f"strong-seat{seat + 1}", agents, budget, seat=seat))
        out += restricted_matchups(variant, strong, seats, budget)
    return out


def restricted_matchups(
    variant: Variant, strong: AgentSpec, seats: int, budget: int
) -> list[Matchup]:
    """The restricted-play probe's matchups: for every seat and every kind of move of
    :attr:`GameDefinition.restrictable`, the strong agent without that kind in the seat
    against the strong agent in the others (judged against strong self-play)."""
    restrictable = variant.definition.restrictable
    if restrictable is None:
        return []
    assert strong.settings is not None
    out = []
    for seat in range(seats):
        for kind in restrictable.kinds:
            held = strong.configured(
                replace(strong.settings, forbid=Forbid(kind, restrictable.kind_of))
            )
            agents = tuple(held if s == seat else strong for s in range(seats))
            slug = "".join(c if c.isalnum() else "-" for c in kind)
            label = f"restrict-seat{seat + 1}-{slug}"
            out.append(Matchup("restrict", label, agents, budget, seat=seat, forbid=kind))
    return out


def restricted_note(variant: Variant, level: ProbeLevel) -> str | None:
    """The plan's line on restricted play at ``quick``, which leaves it out (``None`` at
    ``full``, which plays it, at ``none``, which plays no probe, and for a game without kinds
    of move)."""
    restrictable = variant.definition.restrictable
    if level != "quick" or restrictable is None or not restrictable.kinds:
        return None
    seats = variant.engine().info().num_players
    kinds = restrictable.kinds
    return (
        f"restricted play: at --probes full only ({seats * len(kinds)} matchups: {seats} seats "
        f"× {len(kinds)} kinds, {', '.join(kinds)})"
    )


def spoiler_games(games: int, seats: int) -> int:
    """Games per spoiler probe: ``games`` with two seats; with more, fewer per pair (there are
    ``seats·(seats - 1)`` pairs) but never below :data:`PAIR_GAMES` (nor above ``games``)."""
    return max(min(games, PAIR_GAMES), 2 * games // seats)


def second_stage(matchup: Matchup, variant: Variant) -> list[Matchup]:
    """The second stage of a spoiler pair (see the module): with three or more seats and a
    game that offers a duel, the duel's baseline and its spoiler games; else the strong-victim
    games."""
    duel_of = variant.definition.duel
    if len(matchup.agents) > 2 and duel_of is not None:
        assert matchup.victim is not None
        duel = duel_of(variant, matchup.seat, matchup.victim)
        if duel is not None:
            return _duel_matchups(matchup, duel)
    return [_strong_victim(matchup)]


def _strong_victim(matchup: Matchup) -> Matchup:
    """A spoiler probe's pair again, the victim in the hands of the strong agent playing to
    win."""
    spoiler = matchup.agents[matchup.seat]
    assert spoiler.settings is not None
    winner = spoiler.configured(SearchSettings(spoiler.settings.budget))
    agents = tuple(
        winner if s == matchup.victim else agent for s, agent in enumerate(matchup.agents)
    )
    label = matchup.label.replace("spoiler-", "strong-victim-", 1)
    return replace(matchup, kind="victim", label=label, agents=agents)


def _duel_matchups(matchup: Matchup, duel: Duel) -> list[Matchup]:
    """A held pair's duel, both seats in the hands of the strong agent: playing to win (its
    baseline), then the spoiler against the victim playing to win. The games stop after as
    many rounds as the pair's probe games."""
    assert matchup.victim is not None and matchup.limit is not None
    spoiler = matchup.agents[matchup.seat]
    assert spoiler.settings is not None
    winner = spoiler.configured(SearchSettings(spoiler.settings.budget))
    spoiling = spoiler.configured(SearchSettings(spoiler.settings.budget, duel.victim))
    agents = tuple(spoiling if s == duel.spoiler else winner for s in range(2))
    tail = matchup.label.removeprefix("spoiler-")
    limit = max(matchup.limit * 2 // len(matchup.agents), 10)
    played = replace(matchup, variant=duel.variant, local=(duel.spoiler, duel.victim), limit=limit)
    return [
        replace(played, kind="duel-base", label=f"duel-base-{tail}", agents=(winner, winner)),
        replace(played, kind="duel", label=f"duel-{tail}", agents=agents),
    ]


def matchup_seed(seed: int, label: str) -> int:
    """The seed of one matchup's games: a function of the check's seed and the label."""
    digest = hashlib.blake2b(f"plywright-probe:{seed}:{label}".encode(), digest_size=6).digest()
    return int.from_bytes(digest, "little")


def matchup_plans(
    registry: Registry,
    variant: Variant,
    found: Sequence[Matchup],
    seed: int,
    records: Path | None,
    engine: str,
) -> list[Any]:
    """One :class:`CheckPlan` per matchup (its fast lane if one covers the lineup)."""
    from plywright.simulate.games import CheckPlan

    plans = []
    for matchup in found:
        played = matchup.variant or variant
        mode = "python" if engine == "python" else "auto"
        # a lane plays exactly its agents (a forbidden kind of move included) or none
        lane = select_fast_lane(registry, played, matchup.agents, mode)
        if lane is not None:
            lane.warm()
        plans.append(
            CheckPlan(
                played,
                matchup.agents,
                matchup_seed(seed, matchup.label),
                records / "probes" / matchup.label if records is not None else None,
                lane=lane,
                limit=matchup.limit,
                label=matchup.label,
            )
        )
    return plans


# -- the tests ------------------------------------------------------------------------------


def _won(table: GameTable, seat: int) -> np.ndarray:
    """Per game (in index order), whether ``seat`` won it outright."""
    return (table.result == RESULT_CODE["win"]) & ((table.winners >> seat) & 1).astype(bool)


def _unended(table: GameTable) -> np.ndarray:
    """Per game, whether it ended in neither a win nor a draw."""
    return ~np.isin(table.result, [RESULT_CODE["win"], RESULT_CODE["draw"]])


def _sprt(p0: float, p1: float, options: CheckOptions) -> Sprt:
    return Sprt(p0, p1, options.probe_alpha, options.probe_alpha)


NOTHING = Outcome("h0", 0, 0.0)
"""The share test of a victim that (almost) never wins without the spoiler: nothing to
spoil."""


def reference_share(baseline: GameTable, spoiler: int, victim: int) -> float:
    """The victim's share of the games ``spoiler`` does not win in ``baseline``."""
    open_base = ~_won(baseline, spoiler)
    opened = int(np.count_nonzero(open_base))
    return int(np.count_nonzero(_won(baseline, victim) & open_base)) / opened if opened else 0.0


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
    wins = _won(table, victim)[~_won(table, spoiler)]
    return _sprt(reference, held, options).scan(bool(w) for w in wins), reference


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
    return _sprt(base, stalled, options).scan(bool(u) for u in _unended(table))


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
    """The state of one spoiler pair from its games so far (see the module)."""
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
            most = len(table) > 0 and 2 * int(np.count_nonzero(_won(table, spoiler))) > len(table)
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


def _pair(count: int, total: int, confidence: float) -> list[float]:
    low, high = wilson(count, total, confidence)
    return [round(low, 4), round(high, 4)]


def _pct(value: float) -> str:
    return f"{value * 100:.0f}"


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
    """One spoiler probe's entry of ``probes`` (see the module); ``strong_victim``: the pair's
    strong-victim games, ``duel``: its duel (a duel matchup, the baseline's and the spoiler's
    games), if they were played; ``strong_baseline``: the strong self-play games, which a
    strong victim of two seats is judged against."""
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
    kept_rate = 1 - wins[victim] / games if games else 0.0
    kept_pair = _pair(games - wins[victim], games, confidence)
    kept_words = (
        f"keeps seat {victim + 1} from winning in {_pct(kept_rate)} % [{_pct(kept_pair[0])}, "
        f"{_pct(kept_pair[1])}] of games"
    )
    ending = table.count("win", "draw") / games if games else 0.0
    base_ending = baseline.count("win", "draw") / len(baseline) if len(baseline) else 0.0
    why = status.why
    spoils = f"seat {spoiler + 1} playing only to spoil"
    if why == "held":
        reason = (
            f"exploit: {spoils} {kept_words} (without the spoiler it wins {_pct(reference)} % "
            f"of the games seat {spoiler + 1} does not win)"
        )
    elif why == "stalled":
        reason = (
            f"exploit: {spoils} {kept_words}, and the games stall: {_pct(ending)} % end "
            f"({_pct(base_ending)} % without the spoiler)"
        )
    elif why == "held-well":
        assert escaped is not None
        reason = (
            f"exploit: {spoils} keeps seat {victim + 1} from winning even when it plays well: "
            f"seat {victim + 1} wins {escaped['victim_wins']} of the {escaped['open_games']} "
            f"games the spoiler does not win ({_pct(escaped['baseline_open_share'])} % in "
            f"strong self-play), {_pct(escaped['completion'])} % of the games end "
            f"({_pct(escaped['baseline_completion'])} % in strong self-play)"
        )
    elif why == "locked-duel":
        assert alone is not None
        reason = (
            f"exploit: {spoils} locks seat {victim + 1} out when the two are alone: seat "
            f"{victim + 1} wins {alone['victim_wins']} of the {alone['open_games']} duel games "
            f"the spoiler does not win ({_pct(alone['baseline_open_share'])} % when both play "
            f"to win), {_pct(alone['completion'])} % of the duel games end "
            f"({_pct(alone['baseline_completion'])} %); with every seat it won {wins[victim]} "
            f"of the {open_games} games the spoiler did not win ({_pct(reference)} % without "
            "the spoiler)"
        )
    elif why == "locked-victim":
        assert escaped is not None
        reason = (
            f"exploit: {spoils} keeps seat {victim + 1} from winning even when it plays well: "
            f"seat {victim + 1} wins {escaped['victim_wins']} of the {escaped['open_games']} "
            f"games the spoiler does not win ({_pct(reference)} % without the spoiler)"
        )
    elif why == "kingmade-duel":
        assert alone is not None
        reason = (
            f"kingmaking: {spoils} {kept_words}, but alone with it cannot lock it out: seat "
            f"{victim + 1} wins {_pct(alone['open_share'])} % of the {alone['open_games']} duel "
            "games the spoiler does not win: slowed while the others race, not locked out (any "
            "game of three or more allows this)"
        )
    elif why == "kingmade-victim":
        assert escaped is not None
        reason = (
            f"kingmaking: {spoils} {kept_words}, but seat {victim + 1} playing well wins "
            f"{_pct(escaped['open_share'])} % of the {escaped['open_games']} games the spoiler "
            "does not win: slowed, not locked out (any game of three or more allows this)"
        )
    elif why == "escaped-duel":
        assert alone is not None
        reason = (
            f"seat {spoiler + 1} spoiling cannot lock seat {victim + 1} out: alone with it, seat "
            f"{victim + 1} wins {_pct(alone['open_share'])} % of the {alone['open_games']} duel "
            f"games the spoiler does not win ({_pct(alone['baseline_open_share'])} % when both "
            f"play to win); with every seat, {wins[victim]} of the {open_games} games the "
            f"spoiler does not win ({_pct(reference)} % without it): at most kingmaking"
        )
    elif why == "escaped-victim":
        assert escaped is not None
        reason = (
            f"seat {spoiler + 1} spoiling cannot lock seat {victim + 1} out: playing well, seat "
            f"{victim + 1} wins {_pct(escaped['open_share'])} % of the {escaped['open_games']} "
            f"games the spoiler does not win ({_pct(reference)} % without the spoiler): at most "
            "kingmaking"
        )
    elif why == "nothing":
        reason = (
            f"seat {spoiler + 1} spoiling: seat {victim + 1} wins only {_pct(reference)} % of "
            f"the games seat {spoiler + 1} does not win even without it: nothing to spoil"
        )
    elif why == "free":
        reason = (
            f"seat {spoiler + 1} spoiling: seat {victim + 1} still wins {_pct(rate)} % of the "
            f"{open_games} games the spoiler does not win ({_pct(reference)} % without it)"
        )
    elif why == "escaped-well":
        assert escaped is not None
        reason = (
            f"seat {spoiler + 1} spoiling wins {wins[spoiler]} of {games} games itself (skill, "
            f"not spoiling); against seat {victim + 1} playing well, it wins "
            f"{_pct(escaped['open_share'])} % of the {escaped['open_games']} games the spoiler "
            f"does not win ({_pct(escaped['baseline_open_share'])} % in strong self-play), and "
            f"{_pct(escaped['completion'])} % of the games end"
        )
    else:
        reason = (
            f"undecided after {games} games: with seat {spoiler + 1} spoiling, seat "
            f"{victim + 1} wins {wins[victim]} of the {open_games} games the spoiler does not "
            f"win ({_pct(reference)} % without it)"
        )
        if escaped is not None:
            reason += (
                f"; playing well, {escaped['victim_wins']} of {escaped['open_games']} in "
                f"{escaped['games']} games"
            )
        if alone is not None:
            reason += (
                f"; alone with it, {alone['victim_wins']} of {alone['open_games']} in "
                f"{alone['games']} duel games"
            )
        reason += ": the probe needs more games"
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
        "victim_interval": _pair(wins[victim], games, confidence),
        "baseline_win_rate": round(base_wins[victim] / len(baseline), 6) if len(baseline) else 0.0,
        "baseline_interval": _pair(base_wins[victim], len(baseline), confidence),
        "spoiler_wins": wins[spoiler],
        "open_games": open_games,
        "kept_from_winning": open_games - wins[victim],
        "open_share": round(rate, 6),
        "baseline_open_share": round(reference, 6),
        "completion": round(ending, 6),
        "completion_interval": _pair(table.count("win", "draw"), games, confidence),
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
        seat_won = _won(table, matchup.seat)
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
    test = _sprt(share, share + SKILL_EDGE * (1 - share), options)
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


def strong_metrics(variant: Variant, strong: GameTable, agent: str, seats: int) -> StrongMetrics:
    """``metrics.strong``: the strong self-play games measured like the check's own."""
    definition = variant.definition
    metrics = compute_metrics(
        strong,
        seats,
        variant.check.confidence,
        definition.pooled_metrics,
        definition.opener_metric,
    )
    return {"agent": agent, "games": len(strong), **metrics}


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
        f"the strong agent wins {_pct(rates[best])} % from seat {best + 1}: its seat matters "
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
        "intervals": [_pair(w, g, options.confidence) for w, g in zip(wins, games, strict=True)],
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
    move, in game order, test its strong self-play share (``H0``: the kind changes nothing, a
    rule nobody needs; the low end of that share's interval, strong self-play being few
    games) against ``exploit_ratio`` of it (``H1``: without it the seat cannot win: a
    dominant move)."""
    assert matchup.forbid is not None
    seat, kind = matchup.seat, matchup.forbid
    games = len(table)
    won = _won(table, seat)
    wins = int(np.count_nonzero(won))
    base_games = len(strong) if strong is not None else 0
    base = int(np.count_nonzero(_won(strong, seat))) / base_games if strong and base_games else 0.0
    rate = wins / games if games else 0.0
    words = (
        f"restricted play: seat {seat + 1} without {kind!r} wins {_pct(rate)} % of {games} "
        f"games ({_pct(base)} % in strong self-play)"
    )
    finding: Literal["needless", "dominant", ""] = ""
    if not base_games:
        outcome, reason = Outcome(None, 0, 0.0), f"{words}: undecided"
    elif clamp(options.exploit_ratio * base) >= clamp(base):
        outcome = NOTHING
        reason = f"{words}: the seat rarely wins even so; nothing to measure"
    else:  # H0 at the low end of the baseline's interval: strong self-play is few games
        floor = wilson(round(base * base_games), base_games, options.confidence)[0]
        test = _sprt(
            max(floor, options.exploit_ratio * base * 2), options.exploit_ratio * base, options
        )
        outcome = test.scan(bool(w) for w in won)
        if outcome.decision == "h0":
            finding, reason = "needless", f"{words}: a rule nobody needs"
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


# -- the rounds' judge ------------------------------------------------------------------------


ByKind = dict[tuple[str, int, int | None], tuple[Matchup, GameTable]]
"""Matchups and their games by ``(kind, seat, victim)``."""


class ProbeJudge:
    """Decides, after every round, which matchups play on and which second stages start; a
    pair or rung, once decided, keeps its entry (later games of its references do not reopen
    it). A function of the games so far only: the same games give the same rounds."""

    def __init__(self, variant: Variant, baseline: GameTable, level: ProbeLevel) -> None:
        self.variant, self.baseline, self.level = variant, baseline, level
        self.seats = variant.engine().info().num_players
        self.options = variant.check
        self.pairs: dict[tuple[int, int], SpoilerProbe] = {}
        self.rungs: dict[int, SkillRung] = {}
        self.restricted: dict[str, RestrictedProbe] = {}

    def _pair_games(self, matchup: Matchup, by_kind: ByKind) -> PairGames:
        """The pair's games from the matchups played so far."""
        key = (matchup.seat, matchup.victim)
        table = by_kind[("spoiler", *key)][1]
        victim = by_kind.get(("victim", *key))
        duel = by_kind.get(("duel", *key))
        base = by_kind.get(("duel-base", *key))
        played = (duel[0], base[1], duel[1]) if duel is not None and base is not None else None
        return PairGames(matchup, table, victim[1] if victim else None, played)

    def step(
        self, found: Sequence[Matchup], tables: Sequence[GameTable]
    ) -> tuple[set[str], list[Matchup]]:
        """``(labels that play on, matchups to add)`` after a round."""
        active: set[str] = set()
        new: list[Matchup] = []
        played = list(zip(found, tables, strict=True))
        by_kind: ByKind = {(m.kind, m.seat, m.victim): (m, t) for m, t in played}
        strong = next((t for m, t in played if m.kind == "strong"), None)
        groups: dict[int, list[tuple[Matchup, GameTable]]] = {}
        for m, t in played:
            if m.kind in ("strong", "seat"):
                active.add(m.label)
            elif m.kind == "restrict" and m.label not in self.restricted:
                restricted = restricted_probe(m, t, strong, self.seats, self.options)
                if restricted["decision"] == "undecided":
                    active.add(m.label)
                else:
                    self.restricted[m.label] = restricted
            elif m.kind == "ladder":
                groups.setdefault(m.rung, []).append((m, t))
        for rung, group in groups.items():
            if rung in self.rungs:
                continue
            entry = rung_entry(
                [m for m, _ in group], [t for _, t in group], self.seats, self.options
            )
            if entry["decided"]:
                self.rungs[rung] = entry
            else:
                active |= {m.label for m, _ in group}
        for m, _ in played:
            if m.kind != "spoiler" or (m.seat, m.victim) in self.pairs:
                continue
            assert m.victim is not None
            games = self._pair_games(m, by_kind)
            status = pair_status(games, self.baseline, self.seats, self.options, strong)
            if status.decision is not None:
                self.pairs[m.seat, m.victim] = spoiler_probe(
                    m, games.table, self.baseline, self.seats, self.options, games.victim,
                    games.duel, strong,
                )  # fmt: skip
                continue
            kinds = set(status.wants)
            if status.start:
                stage = second_stage(m, self.variant)
                new += stage
                active |= {s.label for s in stage}
            for kind in kinds:
                for sub in ("duel", "duel-base") if kind == "duel" else (kind,):
                    if (sub, m.seat, m.victim) in by_kind:
                        active.add(by_kind[sub, m.seat, m.victim][0].label)
        return active, new

    def report(self, found: Sequence[Matchup], tables: Sequence[GameTable]) -> StrongPlay:
        """``skill``, ``strong`` and ``probes`` of the report: the decided entries as they
        were decided, the others from every game played."""
        played = list(zip(found, tables, strict=True))
        by_kind: ByKind = {(m.kind, m.seat, m.victim): (m, t) for m, t in played}
        strong_pairs = [(m, t) for m, t in played if m.kind == "strong"]
        strong_matchup, strong = strong_pairs[0]
        groups: dict[int, list[tuple[Matchup, GameTable]]] = {}
        for m, t in played:
            if m.kind == "ladder":
                groups.setdefault(m.rung, []).append((m, t))
        skill = [
            self.rungs.get(rung)
            or rung_entry([m for m, _ in group], [t for _, t in group], self.seats, self.options)
            for rung, group in sorted(groups.items())
        ]
        probes: list[Probe] = []
        for m, _ in played:
            if m.kind != "spoiler":
                continue
            assert m.victim is not None
            entry = self.pairs.get((m.seat, m.victim))
            if entry is None:
                games = self._pair_games(m, by_kind)
                entry = spoiler_probe(
                    m, games.table, self.baseline, self.seats, self.options, games.victim,
                    games.duel, strong,
                )  # fmt: skip
            probes.append(entry)
        seat = seat_probe(found, tables, self.seats, self.options)
        if seat is not None:
            probes.append(seat)
        for m, t in played:
            if m.kind == "restrict":
                probes.append(
                    self.restricted.get(m.label)
                    or restricted_probe(m, t, strong, self.seats, self.options)
                )
        return {
            "level": self.level,
            "skill": skill,
            "strong": strong_metrics(
                self.variant, strong, strong_matchup.agents[0].name, self.seats
            ),
            "probes": probes,
        }


def strong_play_report(
    variant: Variant,
    found: Sequence[Matchup],
    tables: Sequence[GameTable],
    baseline: GameTable,
    level: ProbeLevel,
) -> StrongPlay:
    """``skill``, ``strong`` and ``probes`` of the report from the matchups' games, judged at
    the end (no rounds: every entry from every game played)."""
    return ProbeJudge(variant, baseline, level).report(found, tables)


def clear_probe_records(records: Path) -> None:
    """Remove the probe records of an earlier check from ``records/probes``."""
    folder = records / "probes"
    if not folder.is_dir():
        return
    for sub in folder.iterdir():
        if sub.is_dir():
            temps = sub.glob(f".game-*.jsonl{atomic.TEMP_MARK}*")
            for stale in [*sub.glob("game-*.jsonl"), *temps]:
                stale.unlink()
            if not any(sub.iterdir()):
                sub.rmdir()
    if not any(folder.iterdir()):
        folder.rmdir()
