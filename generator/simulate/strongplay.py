"""Strong play and exploit probes of a check (``check --probes none|quick|full``).

After the check's own games (the default agents), three kinds of matchups are played, all
seeded from the check's seed, on the same backend:

- the **skill ladder** (``metrics.skill``): rungs from ``random`` through the default agent to
  the game's strong agent (:attr:`GameDefinition.ladder`), each rung's agent in one seat
  against the rung below in the others, the seat rotated over the games; a rung *beats* the
  one below when its share of the won games exceeds ``1 / seats`` (one-sided exact binomial
  test at ``[check] probe_alpha``). A final rung "strong against default" is added when they
  are not neighbours; if the strong agent does not beat the default, the check notes
  *little skill* (a warning, not a failure).
- **strong self-play** (``metrics.strong``): the strong agent in every seat, measured like the
  check's games (completion, balance, drawishness, seat win rates, opener, intervals).
- **spoiler probes** (``probes``): for every ordered pair of seats (spoiler, victim), the
  strong agent with the objective "the victim does not win" plays the spoiler's seat against
  the default agents. Among the games the spoiler did not win itself, the victim's share of
  wins is compared with the same share in the check's own games (the one-sided exact binomial
  test of the victim winning that rarely): a victim kept to at most ``[check] exploit_ratio``
  of its share, significantly, is an **exploit** and fails the verdict. Counting only the
  games the spoiler did not win separates spoiling from skill: a spoiler that simply wins is
  a strong player, not a spoiler. Probe games stop after four times the longest game of the check
  (a stalled game counts as not won by the victim). With three or more seats a victim can be
  kept from winning by being slowed while others win (**kingmaking**, which every game of three
  or more allows) or by being locked out. So each pair found so is tested again: when the game
  offers a **duel** (:attr:`GameDefinition.duel`, the variant with only the two seats), the
  strong agent plays both seats, first both playing to win (the duel's baseline), then the
  spoiler against the victim; a victim kept out alone (the same test on the duel's games), or
  duel games that end significantly less often than the baseline's, was locked out: an
  exploit. Without a duel, the pair is played again with the victim in the hands of the strong
  agent playing to win (the **strong-victim** games): a victim that still cannot win, or games
  that end significantly less often than the check's, make an exploit. A victim that escapes
  either way makes a kingmaking note, not a failure. With two seats, a spoiler that wins most
  of its games itself leaves too few to judge: the pair is played again with the victim in the
  strong agent's hands and judged against strong self-play (held out, or games that end
  significantly less often: an exploit). "Significantly less often" is always Fisher's exact
  test of the games that ended against the baseline's.
- ``full`` plays four times as many games and adds the **strong-seat probe**: the strong agent
  in one seat against the default agents, for each seat, with a chi-square test of whether
  its wins depend on the seat (a seat favoured by more than skill).

Seats are 0-based in the JSON and counted from 1 in the words of a reason.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from generator import atomic
from generator.api import AgentSpec, CheckOptions, Duel, SearchSettings
from generator.errors import InputError
from generator.registry import Registry
from generator.simulate.executors import Backend
from generator.simulate.fastlane import select_fast_lane
from generator.simulate.metrics import compute_metrics
from generator.simulate.report_types import (
    DuelResult,
    Probe,
    ProbeLevel,
    SkillRung,
    SpoilerProbe,
    StrongMetrics,
    StrongPlay,
    StrongSeatProbe,
    StrongVictim,
)
from generator.simulate.stats import seat_fairness, wilson
from generator.simulate.table import GameTable
from generator.variant import Variant

PROBE_LEVELS: tuple[ProbeLevel, ...] = ("none", "quick", "full")
FULL_FACTOR = 4
"""``full`` plays this many times the games of ``quick``."""
LIMIT_FACTOR = 4
"""Probe games stop after this many times the longest game of the check."""
MATCHUP_CHUNK = 8
"""Most games of one matchup in one task: search games are slow and matchups are small, so
short chunks keep both workers busy to the end."""


@dataclass(frozen=True)
class Matchup:
    """One lineup of agents played for a purpose (a ladder rung's seat, a probe pair, ...)."""

    kind: Literal["ladder", "strong", "spoiler", "victim", "duel-base", "duel", "seat"]
    label: str
    """Short slug: records subfolder and the records' ``purpose``."""
    agents: tuple[AgentSpec, ...]
    games: int
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


def check_level(level: str | None, options: CheckOptions) -> ProbeLevel:
    """The probe level to play: ``level`` (from ``--probes``) or ``[check] probes``."""
    if level is None:
        return options.probes
    if level not in PROBE_LEVELS:
        raise InputError(f"--probes: unknown level {level!r} (allowed: {', '.join(PROBE_LEVELS)})")
    return level


def strong_agent(registry: Registry, variant: Variant) -> AgentSpec:
    """The strong agent of ``variant``: ``[check] strong_agent`` or the game's."""
    from generator.simulate.runner import agent_spec

    wanted = variant.check.strong_agent
    field, source = ("[check] strong_agent", variant.source)
    spec = agent_spec(
        registry, variant.game, wanted or variant.definition.strong_agent, field, source
    )
    if not spec.searches:
        raise InputError(
            f"{field}: agent {spec.name!r} does not search (the probes need a searching agent)",
            source=source,
        )
    return spec


def ladder_agents(
    registry: Registry, variant: Variant, default: AgentSpec, strong: AgentSpec
) -> list[AgentSpec]:
    """The ladder's agents, weakest first, without repeats."""
    from generator.simulate.runner import agent_spec

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
) -> list[Matchup]:
    """Every matchup of ``level`` (see the module); ``defaults`` are the check's agents (one,
    or one per seat), ``longest`` the most moves of any of the check's games."""
    if level == "none":
        return []
    seats = variant.engine().info().num_players
    games = variant.check.probe_games * (FULL_FACTOR if level == "full" else 1)
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
    for rung, (upper, lower) in enumerate(pairs):
        for seat in range(seats):
            share = games // seats + (seat < games % seats)
            if share:
                agents = tuple(upper if s == seat else lower for s in range(seats))
                label = f"ladder{rung + 1}-seat{seat + 1}"
                out.append(Matchup("ladder", label, agents, share, rung=rung, seat=seat))
    out.append(Matchup("strong", "strong", (strong,), games))
    limit = max(LIMIT_FACTOR * longest, 10)
    per_pair = spoiler_games(games, seats)
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
            out.append(Matchup("seat", f"strong-seat{seat + 1}", agents, games, seat=seat))
    return out


def spoiler_games(games: int, seats: int) -> int:
    """Games per spoiler probe: ``games`` with two seats; with more, fewer per pair (there are
    ``seats·(seats - 1)`` pairs) but never below :data:`PAIR_GAMES`, the fewest in which a
    victim's zero wins can differ significantly from a share of one in five."""
    return max(min(games, PAIR_GAMES), 2 * games // seats)


PAIR_GAMES = 16
"""The fewest games of a spoiler probe with more than two seats (``0.8**16 < 0.03``)."""


def victim_matchups(
    found: Sequence[Matchup],
    tables: Sequence[GameTable],
    baseline: GameTable,
    options: CheckOptions,
    variant: Variant | None = None,
) -> list[Matchup]:
    """The second stage of the spoiler probes (see the module). Two seats: the strong-victim
    games of every pair whose spoiler won most games itself (too few left to judge against a
    weak victim). Three or more: the duel (its baseline and its spoiler games) of every pair
    whose victim was held to at most ``exploit_ratio`` of its share, significantly or not, when
    ``variant``'s game has :attr:`GameDefinition.duel`; else the strong-victim games of every
    pair kept out."""
    out = []
    duel_of = variant.definition.duel if variant is not None else None
    for matchup, table in zip(found, tables, strict=True):
        seats = len(matchup.agents)
        if matchup.kind != "spoiler":
            continue
        assert matchup.victim is not None
        if seats == 2:
            if 2 * table.outright_wins(seats)[matchup.seat] > len(table):
                out.append(_strong_victim(matchup))
            continue
        pair = (table, baseline, matchup.seat, matchup.victim, seats, options)
        if duel_of is not None and variant is not None and _held(*pair):
            duel = duel_of(variant, matchup.seat, matchup.victim)
            if duel is not None:
                out += _duel_matchups(matchup, duel)
                continue
        if _kept_out(*pair)[0]:
            out.append(_strong_victim(matchup))
    return out


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
    """A kept-out pair's duel, both seats in the hands of the strong agent: playing to win
    (its baseline), then the spoiler against the victim playing to win. The games stop after
    as many rounds as the pair's probe games."""
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
    from generator.simulate.runner import CheckPlan

    plans = []
    for matchup in found:
        played = matchup.variant or variant
        mode = "python" if engine == "python" else "auto"
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


def play_matchups(
    registry: Registry,
    variant: Variant,
    found: Sequence[Matchup],
    seed: int,
    backend: Backend,
    records: Path | None = None,
    progress: Any = None,
    engine: str = "auto",
) -> list[GameTable]:
    """The games of every matchup, one table each."""
    from generator.simulate.runner import simulate_many

    if not found:
        return []
    plans = matchup_plans(registry, variant, found, seed, records, engine)
    return simulate_many(plans, [m.games for m in found], backend, progress, largest=MATCHUP_CHUNK)


def _binomial_tail_low(successes: int, trials: int, p: float) -> float:
    """``P(X <= successes)`` for ``X ~ Binomial(trials, p)``."""
    if trials == 0 or p <= 0:
        return 1.0
    if p >= 1:
        return 1.0 if successes >= trials else 0.0
    from scipy.special import bdtr

    return float(bdtr(successes, trials, p))


def _binomial_tail_high(successes: int, trials: int, p: float) -> float:
    """``P(X >= successes)``."""
    if successes <= 0:
        return 1.0
    return 1.0 - _binomial_tail_low(successes - 1, trials, p)


def _pair(count: int, total: int, confidence: float) -> list[float]:
    low, high = wilson(count, total, confidence)
    return [round(low, 4), round(high, 4)]


def _pct(value: float) -> str:
    return f"{value * 100:.0f}"


def ladder_rungs(
    found: Sequence[Matchup], tables: Sequence[GameTable], seats: int, options: CheckOptions
) -> list[SkillRung]:
    """``metrics.skill``: one entry per rung (the seats' games pooled)."""
    rungs: dict[int, dict[str, Any]] = {}
    for matchup, table in zip(found, tables, strict=True):
        if matchup.kind != "ladder":
            continue
        entry = rungs.setdefault(
            matchup.rung,
            {
                "agent": matchup.agents[matchup.seat].name,
                "against": matchup.agents[(matchup.seat + 1) % seats].name,
                "games": 0,
                "wins": 0,
                "decided": 0,
                "draws": 0,
            },
        )
        wins = table.outright_wins(seats)
        entry["games"] += len(table)
        entry["wins"] += wins[matchup.seat]
        entry["decided"] += sum(wins)
        entry["draws"] += table.count("draw")
    out: list[SkillRung] = []
    for _, entry in sorted(rungs.items()):
        games, wins, decided = entry["games"], entry["wins"], entry["decided"]
        low, high = wilson(wins, games, options.confidence)
        p_value = _binomial_tail_high(wins, decided, 1 / seats)
        out.append(
            {
                "agent": entry["agent"],
                "against": entry["against"],
                "games": games,
                "win_rate": round(wins / games, 6) if games else 0.0,
                "low": round(low, 6),
                "high": round(high, 6),
                "draw_rate": round(entry["draws"] / games, 6) if games else 0.0,
                "share": round(1 / seats, 6),
                "p_value": float(f"{p_value:.6g}"),
                "beats": decided > 0 and p_value < options.probe_alpha,
            }
        )
    return out


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


def _shares(
    table: GameTable, baseline: GameTable, spoiler: int, victim: int, seats: int
) -> tuple[int, int, float]:
    """``(victim's wins, games the spoiler does not win, the victim's share of those in the
    baseline)``."""
    wins = table.outright_wins(seats)
    base_wins = baseline.outright_wins(seats)
    base_open = len(baseline) - base_wins[spoiler]
    reference = base_wins[victim] / base_open if base_open else 0.0
    return wins[victim], len(table) - wins[spoiler], reference


def _kept_out(
    table: GameTable,
    baseline: GameTable,
    spoiler: int,
    victim: int,
    seats: int,
    options: CheckOptions,
) -> tuple[bool, float, float]:
    """``(kept out, p-value, reference share)``: whether ``victim`` wins at most
    ``exploit_ratio`` of its share of the games ``spoiler`` does not win, significantly."""
    won, open_games, reference = _shares(table, baseline, spoiler, victim, seats)
    p_value = _binomial_tail_low(won, open_games, reference)
    kept = _held(table, baseline, spoiler, victim, seats, options) and p_value < options.probe_alpha
    return kept, p_value, reference


def ends_less_often(table: GameTable, baseline: GameTable, options: CheckOptions) -> bool:
    """Whether ``table``'s games end (a win or a draw) significantly less often than
    ``baseline``'s: Fisher's exact test, one-sided, at ``probe_alpha`` (it does not take a
    baseline that ended every game for a certainty that every game ends)."""
    if not len(table) or not len(baseline):
        return False
    from scipy.stats import fisher_exact

    ended, base_ended = table.count("win", "draw"), baseline.count("win", "draw")
    counts = [[ended, len(table) - ended], [base_ended, len(baseline) - base_ended]]
    return float(fisher_exact(counts, alternative="less").pvalue) < options.probe_alpha


def _held(
    table: GameTable,
    baseline: GameTable,
    spoiler: int,
    victim: int,
    seats: int,
    options: CheckOptions,
) -> bool:
    """Whether ``victim`` wins at most ``exploit_ratio`` of its share of the games ``spoiler``
    does not win, significantly or not (too few games may leave it undecided)."""
    won, open_games, reference = _shares(table, baseline, spoiler, victim, seats)
    rate = won / open_games if open_games else 0.0
    return open_games > 0 and reference > 0 and rate <= options.exploit_ratio * reference


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
    confidence = options.confidence
    games = len(table)
    wins = table.outright_wins(seats)
    open_games = games - wins[spoiler]
    base_wins = baseline.outright_wins(seats)
    kept = open_games - wins[victim]
    rate = wins[victim] / open_games if open_games else 0.0
    kept_out, p_value, reference = _kept_out(table, baseline, spoiler, victim, seats, options)
    stalled = ends_less_often(table, baseline, options)
    escaped: StrongVictim | None = None
    if strong_victim is not None and len(strong_victim):
        against = strong_baseline if seats == 2 and strong_baseline is not None else baseline
        escaped = _strong_victim_entry(matchup, strong_victim, against, seats, options)
    alone = _duel_entry(*duel, options) if duel is not None else None
    locked = alone is not None and alone["locked_out"]
    strong_escaped = escaped is not None and not escaped["kept_out"]
    escapes = not locked if alone is not None else strong_escaped
    kingmaking = kept_out and seats > 2 and not stalled and escapes
    held_well = seats == 2 and escaped is not None and escaped["kept_out"]
    exploit = (kept_out and not kingmaking) or locked or held_well
    kept_rate = 1 - wins[victim] / games if games else 0.0
    kept_pair = _pair(games - wins[victim], games, confidence)
    if kingmaking and alone is not None:
        reason = (
            f"kingmaking: seat {spoiler + 1} playing only to spoil keeps seat {victim + 1} from "
            f"winning in {_pct(kept_rate)} % [{_pct(kept_pair[0])}, {_pct(kept_pair[1])}] of "
            f"games, but alone with it cannot lock it out: seat {victim + 1} wins "
            f"{_pct(alone['open_share'])} % of the {alone['open_games']} duel games the spoiler "
            "does not win: slowed while the others race, not locked out (any game of three or "
            "more allows this)"
        )
    elif kingmaking:
        assert escaped is not None
        reason = (
            f"kingmaking: seat {spoiler + 1} playing only to spoil keeps seat {victim + 1} from "
            f"winning in {_pct(kept_rate)} % [{_pct(kept_pair[0])}, {_pct(kept_pair[1])}] of "
            f"games, but seat {victim + 1} playing well wins {_pct(escaped['open_share'])} % of "
            f"the {escaped['open_games']} games the spoiler does not win: slowed, not locked "
            "out (any game of three or more allows this)"
        )
    elif held_well and not kept_out:
        assert escaped is not None
        reason = (
            f"exploit: seat {spoiler + 1} playing only to spoil keeps seat {victim + 1} from "
            f"winning even when it plays well: seat {victim + 1} wins {escaped['victim_wins']} "
            f"of the {escaped['open_games']} games the spoiler does not win "
            f"({_pct(escaped['baseline_open_share'])} % in strong self-play)"
        )
    elif exploit and not kept_out:
        assert alone is not None
        reason = (
            f"exploit: seat {spoiler + 1} playing only to spoil locks seat {victim + 1} out when "
            f"the two are alone: seat {victim + 1} wins {alone['victim_wins']} of the "
            f"{alone['open_games']} duel games the spoiler does not win "
            f"({_pct(alone['baseline_open_share'])} % when both play to win); with every seat "
            f"it won {wins[victim]} of the {open_games} games the spoiler did not win "
            f"({_pct(reference)} % without the spoiler)"
        )
    elif exploit:
        reason = (
            f"exploit: seat {spoiler + 1} playing only to spoil keeps seat {victim + 1} from "
            f"winning in {_pct(kept_rate)} % [{_pct(kept_pair[0])}, {_pct(kept_pair[1])}] of "
            f"games (without the spoiler it wins {_pct(reference)} % of the games seat "
            f"{spoiler + 1} does not win)"
        )
        if alone is not None:
            reason += (
                f"; alone with it, seat {victim + 1} wins {alone['victim_wins']} of the "
                f"{alone['open_games']} duel games the spoiler does not win"
            )
    elif open_games == 0:
        reason = (
            f"seat {spoiler + 1} spoiling seat {victim + 1} won every game itself: skill, "
            "not spoiling"
        )
    elif rate <= options.exploit_ratio * reference:
        reason = (
            f"seat {spoiler + 1} spoiling: seat {victim + 1} wins {wins[victim]} of the "
            f"{open_games} games the spoiler does not win ({_pct(reference)} % without it), "
            f"too few games to tell (p = {p_value:.2g})"
        )
        if alone is not None:
            reason += (
                f"; alone with it, seat {victim + 1} wins {_pct(alone['open_share'])} % of the "
                f"{alone['open_games']} duel games the spoiler does not win: not locked out"
            )
    else:
        reason = (
            f"seat {spoiler + 1} spoiling: seat {victim + 1} still wins {_pct(rate)} % of the "
            f"{open_games} games the spoiler does not win ({_pct(reference)} % without it)"
        )
    if seats == 2 and escaped is not None and not exploit:
        reason += (
            f"; against seat {victim + 1} playing well, it wins {_pct(escaped['open_share'])} % "
            f"of the {escaped['open_games']} games the spoiler does not win "
            f"({_pct(escaped['baseline_open_share'])} % in strong self-play)"
        )
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
        "kept_from_winning": kept,
        "open_share": round(rate, 6),
        "baseline_open_share": round(reference, 6),
        "completion": round(table.count("win", "draw") / games, 6) if games else 0.0,
        "completion_interval": _pair(table.count("win", "draw"), games, confidence),
        "p_value": float(f"{p_value:.6g}"),
        "exploit": exploit,
        "kingmaking": kingmaking,
        "strong_victim": escaped,
        "duel": alone,
        "reason": reason,
    }


def _strong_victim_entry(
    matchup: Matchup, table: GameTable, baseline: GameTable, seats: int, options: CheckOptions
) -> StrongVictim:
    """The ``strong_victim`` of a spoiler probe's entry: the victim, played well, against the
    spoiler, judged against ``baseline``; with two seats, games that end significantly less
    often than the baseline's keep it out too."""
    assert matchup.victim is not None
    spoiler, victim = matchup.seat, matchup.victim
    wins = table.outright_wins(seats)
    open_games = len(table) - wins[spoiler]
    kept, _, reference = _kept_out(table, baseline, spoiler, victim, seats, options)
    if seats == 2:
        kept = kept or ends_less_often(table, baseline, options)
    return {
        "agent": matchup.agents[spoiler].registered,
        "games": len(table),
        "victim_wins": wins[victim],
        "open_games": open_games,
        "open_share": round(wins[victim] / open_games, 6) if open_games else 0.0,
        "baseline_open_share": round(reference, 6),
        "kept_out": kept,
    }


def _duel_entry(
    matchup: Matchup, baseline: GameTable, table: GameTable, options: CheckOptions
) -> DuelResult:
    """The ``duel`` of a spoiler probe's entry: whether the spoiler, alone with the victim
    (both in the strong agent's hands), keeps it from winning the games the spoiler does not
    win, or makes the games end significantly less often than the duel's baseline."""
    assert matchup.local is not None and matchup.variant is not None
    spoiler, victim = matchup.local
    games = len(table)
    wins = table.outright_wins(2)
    open_games = games - wins[spoiler]
    kept, p_value, reference = _kept_out(table, baseline, spoiler, victim, 2, options)
    ended = table.count("win", "draw")
    base_completion = baseline.count("win", "draw") / len(baseline) if len(baseline) else 0.0
    stalled = ends_less_often(table, baseline, options)
    return {
        "variant": matchup.variant.name,
        "agent": matchup.agents[spoiler].name,
        "games": games,
        "spoiler_wins": wins[spoiler],
        "victim_wins": wins[victim],
        "open_games": open_games,
        "open_share": round(wins[victim] / open_games, 6) if open_games else 0.0,
        "baseline_open_share": round(reference, 6),
        "completion": round(ended / games, 6) if games else 0.0,
        "baseline_completion": round(base_completion, 6),
        "p_value": float(f"{p_value:.6g}"),
        "locked_out": kept or stalled,
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
        "exploit": False,
        "favoured": favoured,
        "reason": reason,
    }


def strong_play_report(
    variant: Variant,
    found: Sequence[Matchup],
    tables: Sequence[GameTable],
    baseline: GameTable,
    level: ProbeLevel,
) -> StrongPlay:
    """``skill``, ``strong`` and ``probes`` of the report from the matchups' games."""
    seats = variant.engine().info().num_players
    options = variant.check
    strong = [t for m, t in zip(found, tables, strict=True) if m.kind == "strong"]
    strong_name = next(m.agents[0].name for m in found if m.kind == "strong")
    played = list(zip(found, tables, strict=True))
    victims = {(m.seat, m.victim): t for m, t in played if m.kind == "victim"}
    bases = {(m.seat, m.victim): t for m, t in played if m.kind == "duel-base"}
    duels = {
        (m.seat, m.victim): (m, bases[m.seat, m.victim], t) for m, t in played if m.kind == "duel"
    }
    probes: list[Probe] = [
        spoiler_probe(
            m,
            t,
            baseline,
            seats,
            options,
            victims.get((m.seat, m.victim)),
            duels.get((m.seat, m.victim)),
            strong[0],
        )
        for m, t in played
        if m.kind == "spoiler"
    ]
    seat = seat_probe(found, tables, seats, options)
    if seat is not None:
        probes.append(seat)
    return {
        "level": level,
        "skill": ladder_rungs(found, tables, seats, options),
        "strong": strong_metrics(variant, strong[0], strong_name, seats),
        "probes": probes,
    }


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
