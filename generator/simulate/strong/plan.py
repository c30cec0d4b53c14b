"""The probes' plan: the level, each matchup's budget, the second stages a spoiler pair may
start, and the seeded :class:`CheckPlan` that plays a matchup's games."""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from plywright.agents import agent_spec, strong_agent
from plywright.api import AgentSpec, CheckOptions, Duel, Forbid, SearchSettings
from plywright.errors import InputError
from plywright.registry import Registry
from plywright.simulate.fastlane import select_fast_lane
from plywright.simulate.report_types import ProbeLevel
from plywright.variant import Variant

PROBE_LEVELS: tuple[ProbeLevel, ...] = ("none", "quick", "full")
FULL_FACTOR = 4
"""``full``'s budgets are this many times ``quick``'s."""
LIMIT_FACTOR = 4
"""Probe games stop after this many times the longest game of the check."""
BATCH = 8
"""Games a matchup plays a round (and the most in one task: search games are slow)."""
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
    """Every first-stage matchup of ``level`` (see :mod:`plywright.simulate.strong`), each
    with its budget; ``defaults`` are the check's agents (one, or one per seat), ``longest``
    the most moves of any of the check's games, ``games`` the ``--games N`` that bounds every
    stage."""
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
    """The second stage of a spoiler pair (see :mod:`plywright.simulate.strong`): with three
    or more seats and a game that offers a duel, the duel's baseline and its spoiler games;
    else the strong-victim games."""
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
