"""``plywright check``: static checks, then N seeded games on a backend, then a report.

Game ``i`` of a check seeded ``S`` always uses the same random streams, so results are
identical whatever ``--jobs`` or ``--scheduler`` is; workers only change who computes which
game. The unit of work is :func:`play_games` ``(plan, indices) -> GameTable``: a chunk's
statistics travel back as columns, and the metrics are computed from the columns.
"""

from __future__ import annotations

import os
import random
import shlex
import time
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol, runtime_checkable

from plywright.api import Agent, AgentSpec, StaticCheck
from plywright.atomic import remove_leftovers
from plywright.checks import static_checks
from plywright.engine import Game, State, num_legal_actions
from plywright.errors import InputError
from plywright.records import check_header, record_path, records_lock, write_record
from plywright.registry import Registry
from plywright.simulate.executors import Backend, Task, chunks, open_backend, run_tasks
from plywright.simulate.fastlane import FastLane, play_fast, select_fast_lane
from plywright.simulate.metrics import compute_metrics
from plywright.simulate.playout import play_game
from plywright.simulate.report_types import (
    CheckReport,
    Metrics,
    ProbeLevel,
    ReportHead,
    StrongPlay,
    Verdict,
)
from plywright.simulate.table import BranchingProfile, GameTable
from plywright.simulate.verdict import balance_note, judge, judge_strong, undecided_probes
from plywright.variant import Variant

Progress = Callable[[int], None]
"""Called with the number of games just finished."""


@runtime_checkable
class GrowingProgress(Protocol):
    """A progress callback whose total can grow: the second stage of the spoiler probes is
    planned only after the first was played (:func:`grow_progress`)."""

    def __call__(self, count: int) -> None: ...

    def grow(self, count: int) -> None:
        """The planned games grew by ``count``."""


def grow_progress(progress: Progress | None, count: int) -> None:
    """Tell ``progress`` that ``count`` more games are planned (if it can grow)."""
    if count and isinstance(progress, GrowingProgress):
        progress.grow(count)


@dataclass(frozen=True)
class CheckPlan:
    """Everything a worker needs to play its share of the games."""

    variant: Variant
    agents: tuple[AgentSpec, ...]
    seed: int
    records: Path | None
    profile: bool = False
    """Keep each game's number of legal actions per move (for the report's plot)."""
    lane: FastLane | None = None
    """The plugin's compiled simulator that plays these games (``None``: the Python engine)."""
    limit: int | None = None
    """At most this many player moves per game (``None``: the engine's own bound)."""
    label: str = ""
    """What these games are for, in their records (``""``: the check's own games)."""


class _CountingAgent:
    """Wraps an agent and notes how many legal actions each decision had."""

    def __init__(self, agent: Agent, seen: list[int]) -> None:
        self.agent = agent
        self.seen = seen

    def step(self, state: State) -> int:
        self.seen.append(num_legal_actions(state))
        return self.agent.step(state)


def _counting(spec: AgentSpec, seen: list[int]) -> AgentSpec:
    def factory(game: Game, seat: int, rng: random.Random) -> Agent:
        return _CountingAgent(spec.factory(game, seat, rng), seen)

    return replace(spec, factory=factory)


def resolve_agents(
    registry: Registry, variant: Variant, names: str | None
) -> tuple[AgentSpec, ...]:
    """Agent specs for ``names`` (one name, or one per seat separated by commas)."""
    wanted = names or variant.check.agent or variant.definition.default_agent
    field, source = ("--agent", None) if names else ("[check] agent", variant.source)
    specs = [
        agent_spec(registry, variant.game, part.strip(), field, source)
        for part in wanted.split(",")
    ]
    seats = variant.engine().info().num_players
    if len(specs) not in (1, seats):
        raise InputError(
            f"{field}: give one agent or one per seat ({seats}), got {len(specs)}", source=source
        )
    return tuple(specs)


def agent_spec(
    registry: Registry, game: str, text: str, field: str = "--agent", source: str | None = None
) -> AgentSpec:
    """The agent ``NAME`` or ``NAME:BUDGET`` (a searching agent with another budget) of
    ``game``; :class:`InputError` naming ``field`` and the allowed values otherwise."""
    playable = {spec.name: spec for spec in registry.agents_for(game)}
    name, colon, budget = text.partition(":")
    spec = playable.get(name)
    if spec is None:
        allowed = ", ".join(sorted(playable))
        raise InputError(
            f"{field}: unknown agent {_excerpt(name)!r} for {game} (allowed: {allowed})",
            source=source,
        )
    if not colon:
        return spec
    if not spec.searches:
        searching = ", ".join(sorted(n for n, s in playable.items() if s.searches)) or "none"
        raise InputError(
            f"{field}: agent {name!r} takes no budget (agents with a budget: {searching})",
            source=source,
        )
    if not (budget.isascii() and budget.isdigit()) or not 1 <= int(budget) <= MAX_BUDGET:
        raise InputError(
            f"{field}: the budget of {name!r} must be a whole number from 1 to {MAX_BUDGET:,}, "
            f"got {_excerpt(budget)!r}",
            source=source,
        )
    return spec.with_budget(int(budget))


MAX_BUDGET = 1_000_000
"""The largest budget ``NAME:BUDGET`` accepts."""


def _excerpt(text: str, most: int = 40) -> str:
    """At most ``most`` characters of user input, for messages."""
    return text if len(text) <= most else text[: most - 1] + "…"


def play_games(plan: CheckPlan, indices: Sequence[int]) -> GameTable:
    """Play the games ``indices`` of ``plan`` (in this process), writing records if asked."""
    game = plan.variant.engine()
    header = None
    if plan.records is not None:
        header = check_header(
            plan.variant.game,
            plan.variant.rules.model_dump(mode="json"),
            plan.seed,
            game.info().num_players,
            [spec.name for spec in plan.agents],
            plan.label,
        )
    if plan.lane is not None:
        return play_fast(
            plan.lane, plan.seed, indices, header, plan.records, plan.profile, plan.limit
        )
    out = []
    profiles: list[list[int]] = []
    for index in indices:
        agents: Sequence[AgentSpec] = plan.agents
        seen: list[int] = []
        if plan.profile:
            agents = [_counting(spec, seen) for spec in plan.agents]
        stats, record = play_game(game, agents, plan.seed, index, header, plan.limit)
        if plan.records is not None and record is not None:
            write_record(record_path(plan.records, index), record)
        if plan.profile:
            profiles.append(seen)
        out.append(stats)
    return GameTable.of(out, BranchingProfile.of(profiles) if plan.profile else None)


def prepare_records(records: Path | None) -> None:
    """Create the records folder and remove the records of an earlier check."""
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
        for stale in records.glob("game-*.jsonl"):
            stale.unlink()
        remove_leftovers(records)


def simulate_many(
    plans: Sequence[CheckPlan],
    games: int | Sequence[int],
    backend: Backend,
    progress: Progress | None = None,
    largest: int | None = None,
    starts: Sequence[int] | None = None,
) -> list[GameTable]:
    """Play ``games`` games of every plan (or ``games[k]`` of plan ``k``) on ``backend``; per
    plan, the stats in game order. Chunks of every plan are queued at once, so workers stay
    busy across variants; ``largest`` caps a chunk (default: by engine). ``starts[k]``: plan
    ``k``'s games are those from that index on (a later round of the same games: its records
    folder is not cleared)."""
    first = [0] * len(plans) if starts is None else list(starts)
    for plan, start in zip(plans, first, strict=True):
        if start == 0:
            prepare_records(plan.records)
    counts = [games] * len(plans) if isinstance(games, int) else list(games)
    if largest is None:
        # a compiled lane plays a game in about 0.1 ms: bigger chunks keep the pool's per-task
        # cost small next to the games (the parent process shares the cores with the workers)
        largest = 200 if any(plan.lane is None for plan in plans) else 5000
    tasks = [
        Task(key, plan, range(part.start + start, part.stop + start))
        for key, (plan, count, start) in enumerate(zip(plans, counts, first, strict=True))
        for part in chunks(count, backend.workers, variants=len(plans), largest=largest)
    ]
    results: list[list[GameTable]] = [[] for _ in plans]

    def collect(task: Task[CheckPlan], done: GameTable) -> None:
        results[task.key].append(done)
        if progress:
            progress(len(done))

    run_tasks(backend, play_games, tasks, collect)
    return [GameTable.concat(tables) for tables in results]


def simulate(
    plan: CheckPlan,
    games: int,
    jobs: int,
    progress: Progress | None = None,
    scheduler: str | None = None,
) -> GameTable:
    """Play ``games`` games over ``jobs`` processes (or a Dask cluster); results in game
    order."""
    with open_backend(jobs if games > 1 else 1, scheduler) as backend:
        return simulate_many([plan], games, backend, progress)[0]


def default_jobs() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def check_plan(
    registry: Registry,
    variant: Variant,
    *,
    seed: int = 0,
    agent: str | None = None,
    records: Path | None = None,
    profile: bool = False,
    engine: str = "auto",
) -> CheckPlan:
    """The plan of a check: agents resolved (bad names are :class:`InputError`), and the fast
    lane that plays it (``engine``: python, fast or auto), warmed here, before any worker
    starts; ``profile`` keeps the branching profile for the report's plot."""
    agents = resolve_agents(registry, variant, agent)
    lane = select_fast_lane(registry, variant, agents, engine)
    if lane is not None:
        lane.warm()
    return CheckPlan(variant, agents, seed, records, profile, lane)


def check_report(
    checks: Sequence[StaticCheck],
    plan: CheckPlan,
    stats: GameTable,
    seconds: float,
    strong_play: StrongPlay | None = None,
    undecided: Sequence[str] = (),
    decide: str | None = None,
    level: ProbeLevel | None = None,
) -> CheckReport:
    """The check report of ``plan`` from its games' stats (see docs/design.md, "Check report");
    ``strong_play``: the ladder, strong self-play and probes
    (:class:`plywright.simulate.strongplay.ProbeJudge`); ``undecided``: stages that could
    not finish (besides the probes that ended undecided), ``decide``: the command that would
    decide them. Verdict: ``unplayable`` on any reason, else ``inconclusive`` when something
    is undecided, else ``playable``."""
    variant = plan.variant
    metrics: Metrics = {
        **compute_metrics(
            stats,
            variant.engine().info().num_players,
            variant.check.confidence,
            variant.definition.pooled_metrics,
            variant.definition.opener_metric,
        )
    }
    _, reasons = judge(checks, metrics, variant.check)
    note = balance_note(metrics, variant.check)
    notes = [note] if note else []
    open_items = list(undecided)
    if strong_play is not None:
        strong_reasons, strong_notes = judge_strong(strong_play, variant.check)
        reasons += strong_reasons
        notes += strong_notes
        open_items += undecided_probes(strong_play)
        metrics["skill"] = strong_play["skill"]
        metrics["strong"] = strong_play["strong"]
    verdict: Verdict = "unplayable" if reasons else "inconclusive" if open_items else "playable"
    head: ReportHead = {
        "verdict": verdict,
        "reasons": reasons,
        "notes": notes,
        "probe_level": level or ("none" if strong_play is None else strong_play["level"]),
    }
    if verdict == "inconclusive":
        head["undecided"] = open_items
        if decide:
            head["decide"] = decide
    if strong_play is not None:
        head["probes"] = strong_play["probes"]
    report: CheckReport = {
        **head,
        "games": len(stats),
        "seed": plan.seed,
        "agents": [spec.name for spec in plan.agents],
        "engine": plan.lane.name if plan.lane is not None else "python",
        "confidence": variant.check.confidence,
        "metrics": metrics,
        "static_checks": [check.as_json() for check in checks],
        "seconds": round(seconds, 3),
    }
    return report


Clock = Callable[[], float]
"""Seconds from some start (``time.monotonic``; a test passes a fake one)."""


def play_own(
    plan: CheckPlan,
    count: int,
    backend: Backend,
    progress: Progress | None = None,
    stop: Callable[[], bool] | None = None,
) -> GameTable:
    """The check's own games: all at once, or, with ``stop``, in rounds of a few chunks, asking
    ``stop()`` before each (the first games by index: the same games a longer run plays)."""
    if stop is None:
        return simulate_many([plan], count, backend, progress)[0]
    size = max(OWN_ROUND, 8 * backend.workers)
    parts: list[GameTable] = []
    for start in range(0, count, size):
        if stop():
            break
        games = min(size, count - start)
        parts += simulate_many([plan], games, backend, progress, starts=[start])
    return GameTable.concat(parts)


OWN_ROUND = 16
"""The fewest of the check's own games played between two looks at the time budget."""


def decide_command(
    variant: Variant,
    seed: int,
    level: ProbeLevel,
    *,
    agent: str | None = None,
    engine: str = "auto",
    budget: float | None = None,
    timed_out: bool = False,
) -> str:
    """The command that plays what ended undecided again with room to decide it: a spent time
    budget twice the time at the same level; else ``quick`` becomes ``full``, and ``full``
    four times the ``probe_games``. ``--games`` is left out (it bounded the probes)."""
    words = ["plywright", "check", shlex.quote(variant.source)]
    if agent:
        words += ["--agent", shlex.quote(agent)]
    if engine != "auto":
        words += ["--engine", engine]
    if timed_out and budget:
        words += ["--probes", level, "--budget", f"{budget * 2:g}"]
    elif level == "full":
        words += ["--probes", "full", "--probe-games", str(variant.check.probe_games * 4)]
    else:
        words += ["--probes", "full"]
    words += ["--seed", str(seed)]
    return " ".join(words)


def run_check(
    registry: Registry,
    variant: Variant,
    *,
    games: int | None = None,
    seed: int = 0,
    jobs: int | None = None,
    agent: str | None = None,
    records: Path | None = None,
    progress: Progress | None = None,
    scheduler: str | None = None,
    profile: bool = False,
    stats_out: list[GameTable] | None = None,
    engine: str = "auto",
    probes: str | None = None,
    budget: float | None = None,
    clock: Clock = time.monotonic,
) -> CheckReport:
    """The full check report (see docs/design.md, "Check report"); ``stats_out`` receives the table
    of the games (for the report's plots); ``probes``: none, quick or full (default
    ``[check] probes``), the strong play after the check's own games; ``games`` bounds every
    stage (:func:`strongplay.probe_budget`); ``budget``: seconds for the whole check (default
    ``[check] budget``, 0 = none), read from ``clock``."""
    from plywright.simulate import strongplay
    from plywright.simulate.probe_rounds import Session, play_rounds

    started = time.perf_counter()
    plan = check_plan(
        registry, variant, seed=seed, agent=agent, records=records, profile=profile, engine=engine
    )
    level = strongplay.check_level(probes, variant.check)
    strongplay.matchups(registry, variant, plan.agents, level, 0)  # bad agents: before any game
    checks = static_checks(registry, variant)
    count = games if games is not None else variant.check.games
    seconds = budget if budget is not None else variant.check.budget
    stop = None
    if seconds:
        deadline = clock() + seconds
        stop = lambda: clock() >= deadline  # noqa: E731
    strong_play = None
    undecided: list[str] = []
    workers = jobs or default_jobs()
    with (
        records_lock(records) if records is not None else nullcontext(),
        open_backend(workers if count > 1 or level != "none" else 1, scheduler) as backend,
    ):
        if records is not None:
            strongplay.clear_probe_records(records)
        stats = play_own(plan, count, backend, progress, stop)
        if len(stats) < count:
            undecided.append(f"the check's games: {len(stats)} of {count} (time budget spent)")
            if level != "none":
                undecided.append("the probes: not started (time budget spent)")
        elif level != "none":
            longest = int(stats.moves.max()) if len(stats) else 0
            judge = strongplay.ProbeJudge(variant, stats, level)
            session = Session(registry, variant, judge, seed, records, engine)
            session.add(strongplay.matchups(registry, variant, plan.agents, level, longest, games))
            cut = play_rounds([session], backend, progress, stop)
            strong_play = judge.report(session.found, session.tables())
            if any(m.kind == "strong" and (0, m.label) in cut for m in session.found):
                played = strong_play["strong"]["games"]
                undecided.append(f"strong self-play: {played} of its games (time budget spent)")
    if stats_out is not None:
        stats_out.append(stats)
    timed_out = stop is not None and stop()
    decide = decide_command(
        variant, seed, level, agent=agent, engine=engine, budget=seconds, timed_out=timed_out
    )
    return check_report(
        checks,
        plan,
        stats,
        time.perf_counter() - started,
        strong_play,
        undecided,
        decide,
        level,
    )


def planned_games(
    registry: Registry, variant: Variant, games: int | None, agent: str | None, probes: str | None
) -> int:
    """How many games a check plays at most, the strong play's first stages included (for
    progress bars; the total shrinks as probes decide early)."""
    from plywright.simulate import strongplay

    agents = resolve_agents(registry, variant, agent)
    level = strongplay.check_level(probes, variant.check)
    found = strongplay.matchups(registry, variant, agents, level, 0, games)
    own = games if games is not None else variant.check.games
    return own + sum(matchup.games for matchup in found)
