"""``plywright check``: static checks, then N seeded games on a backend, then a report.

Game ``i`` of a check seeded ``S`` always uses the same random streams, so results are
identical whatever ``--jobs`` or ``--scheduler`` is; workers only change who computes which
game. The unit of work is :func:`play_games` ``(plan, indices) -> GameTable``: a chunk's
statistics travel back as columns, and the metrics are computed from the columns.
"""

from __future__ import annotations

import shlex
import time
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from pathlib import Path

from plywright.agents import resolve_agents
from plywright.api import StaticCheck
from plywright.checks import static_checks
from plywright.records import records_lock
from plywright.registry import Registry
from plywright.simulate.executors import Backend, open_backend
from plywright.simulate.fastlane import select_fast_lane
from plywright.simulate.games import (
    CheckPlan,
    Progress,
    default_jobs,
    simulate_many,
)
from plywright.simulate.metrics import compute_metrics
from plywright.simulate.report_types import (
    CheckReport,
    Metrics,
    ProbeLevel,
    ReportHead,
    StrongPlay,
    Verdict,
)
from plywright.simulate.table import GameTable
from plywright.simulate.verdict import balance_note, judge, judge_strong, undecided_probes
from plywright.variant import Variant


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
    (:class:`plywright.simulate.strong.report.ProbeJudge`); ``undecided``: stages that could
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
    stage (:func:`plywright.simulate.strong.plan.probe_budget`); ``budget``: seconds for the
    whole check (default ``[check] budget``, 0 = none), read from ``clock``."""
    from plywright.simulate.probe_rounds import Session, play_rounds
    from plywright.simulate.strong.plan import check_level, matchups
    from plywright.simulate.strong.report import ProbeJudge, clear_probe_records

    started = time.perf_counter()
    plan = check_plan(
        registry, variant, seed=seed, agent=agent, records=records, profile=profile, engine=engine
    )
    level = check_level(probes, variant.check)
    matchups(registry, variant, plan.agents, level, 0)  # bad agents: before any game
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
            clear_probe_records(records)
        stats = play_own(plan, count, backend, progress, stop)
        if len(stats) < count:
            undecided.append(f"the check's games: {len(stats)} of {count} (time budget spent)")
            if level != "none":
                undecided.append("the probes: not started (time budget spent)")
        elif level != "none":
            longest = int(stats.moves.max()) if len(stats) else 0
            judge = ProbeJudge(variant, stats, level)
            session = Session(registry, variant, judge, seed, records, engine)
            session.add(matchups(registry, variant, plan.agents, level, longest, games))
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
    from plywright.simulate.strong.plan import check_level, matchups

    agents = resolve_agents(registry, variant, agent)
    level = check_level(probes, variant.check)
    found = matchups(registry, variant, agents, level, 0, games)
    own = games if games is not None else variant.check.games
    return own + sum(matchup.games for matchup in found)
