"""``plywright sweep``: validate every combination first, then check them all on one backend.

Every variant of a sweep plays the same seeded games (game ``i`` uses the same random streams
in every variant), so differences between variants are not luck of the draw.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from plywright.api import StaticCheck
from plywright.checks import static_checks
from plywright.errors import InputError
from plywright.registry import Registry
from plywright.simulate.executors import Backend
from plywright.simulate.games import CheckPlan, Progress, simulate_many
from plywright.simulate.report_types import CheckReport, CoreMetrics, ProbeLevel, StrongPlay
from plywright.simulate.runner import check_plan, check_report
from plywright.simulate.strong.plan import matchups
from plywright.simulate.strong.report import ProbeJudge
from plywright.simulate.table import GameTable
from plywright.sweep.grid import Axis, Value, apply, combinations, parse_axes, shown
from plywright.variant import Variant, parse_variant, read_variant_file, safe_folder_name


@dataclass(frozen=True)
class SweepPoint:
    """One combination of the swept values: its variant, plan and static checks."""

    parameters: dict[str, Value]
    variant: Variant
    plan: CheckPlan
    checks: tuple[StaticCheck, ...]


@dataclass(frozen=True)
class Sweep:
    """A validated sweep, ready to run."""

    source: str
    """The variant file (or ``designer``) the sweep starts from."""
    base: Variant
    data: dict[str, Any]
    """The parsed variant file the combinations start from."""
    axes: tuple[Axis, ...]
    points: tuple[SweepPoint, ...]
    seed: int


@dataclass(frozen=True)
class SweepResult:
    sweep: Sweep
    games: int
    reports: tuple[CheckReport, ...]
    """One check report per point (without ``seconds``), in point order."""
    best: int | None
    """The point with the fairest seats among the playable ones."""


def point_name(base: str, parameters: dict[str, Value]) -> str:
    """``halma-standard-players3-n5``: the base name and each swept value (a safe folder
    name of at most 64 characters, or ``""`` when none fits)."""
    parts = [base]
    for key, value in parameters.items():
        text = shown(value).strip("[]")
        parts.append(re.sub(r"[^\w.]+", "_", key.partition(".")[2] + text).replace("..", "_"))
    name = "-".join(parts)
    return name if safe_folder_name(name) else ""


def point_names(base: str, points: Sequence[dict[str, Value]]) -> list[str]:
    """A distinct name per point (numbered when names cut at 64 characters would clash)."""
    names = [point_name(base, parameters) for parameters in points]
    if "" in names or len(set(names)) != len(names):
        names = [f"{base[:56].rstrip(' .')}-{number + 1:04d}" for number in range(len(points))]
    return names


def _validate_point(
    registry: Registry, data: dict[str, Any], parameters: dict[str, Value], name: str, source: str
) -> Variant:
    settings = ", ".join(f"{key}={shown(value)}" for key, value in parameters.items())
    point = apply(data, parameters)
    point["name"] = name
    try:
        return parse_variant(point, registry, source=source)
    except InputError as exc:
        message = str(exc).removeprefix(f"{source}: ")
        raise InputError(f"--set {settings}: {message}", source=source) from None


def prepare_sweep(
    registry: Registry,
    path: Path,
    specs: Sequence[str],
    *,
    agent: str | None = None,
    seed: int = 0,
    engine: str = "auto",
) -> Sweep:
    """Parse the ``--set`` options and validate every combination (and its agents) before
    any game runs; the first bad one raises :class:`InputError` naming it."""
    data = read_variant_file(path)
    return sweep_of(
        registry, data, specs, source=str(path), default_name=path.stem,
        agent=agent, seed=seed, engine=engine,
    )  # fmt: skip


def sweep_variants(
    registry: Registry,
    data: dict[str, Any],
    specs: Sequence[str],
    *,
    source: str,
    default_name: str,
) -> tuple[Variant, tuple[Axis, ...], list[tuple[dict[str, Value], Variant]]]:
    """The base variant, the axes and every combination's variant, all validated (no plans:
    nothing is compiled or loaded)."""
    base = parse_variant(data, registry, source=source, default_name=default_name)
    axes = parse_axes(specs)
    models = {"rules": base.definition.rules_model, "production": base.definition.production_model}
    for axis in axes:
        fields = models[axis.table].model_fields
        if axis.field not in fields:
            allowed = ", ".join(fields) or "none"
            raise InputError(
                f"--set {axis.name}: unknown field of [{axis.table}] for {base.game} "
                f"(allowed: {allowed})"
            )
    grid = combinations(axes)
    points = [
        (parameters, _validate_point(registry, data, parameters, name, source))
        for parameters, name in zip(grid, point_names(base.name, grid), strict=True)
    ]
    return base, axes, points


def sweep_of(
    registry: Registry,
    data: dict[str, Any],
    specs: Sequence[str],
    *,
    source: str,
    default_name: str,
    agent: str | None = None,
    seed: int = 0,
    engine: str = "auto",
) -> Sweep:
    """:func:`prepare_sweep` of variant data (as a variant file holds it) instead of a file."""
    base, axes, validated = sweep_variants(
        registry, data, specs, source=source, default_name=default_name
    )
    points = []
    for parameters, variant in validated:
        plan = check_plan(registry, variant, seed=seed, agent=agent, engine=engine)
        points.append(
            SweepPoint(parameters, variant, plan, tuple(static_checks(registry, variant)))
        )
    return Sweep(source, base, data, axes, tuple(points), seed)


def fairness(metrics: CoreMetrics) -> tuple[float, float]:
    """``(balance, p-value)`` a sweep ranks by: the seats', or where the starting side is drawn
    (``metrics.opener``) the lower of the seats' and the opener's."""
    balance, p_value = metrics["balance"], metrics["seat_fairness"]["p_value"]
    if opener := metrics.get("opener"):
        return min(balance, opener["balance"]), min(p_value, opener["p_value"])
    return balance, p_value


def fairest(reports: Sequence[CheckReport]) -> int | None:
    """The playable report with the highest :func:`fairness` balance (ties: the larger
    p-value, then the first)."""
    best: int | None = None
    best_key: tuple[float, float] | None = None
    for number, report in enumerate(reports):
        if report["verdict"] != "playable":
            continue
        key = fairness(report["metrics"])
        if best_key is None or key > best_key:
            best, best_key = number, key
    return best


def run_sweep(
    sweep: Sweep,
    games: int,
    backend: Backend,
    progress: Progress | None = None,
    *,
    registry: Registry | None = None,
    probes: ProbeLevel = "none",
) -> SweepResult:
    """Play ``games`` games of every point on ``backend`` and judge each one; with
    ``probes`` (quick or full, and the ``registry``) every point's strong play too, all
    points' matchups queued at once."""
    results = simulate_many([point.plan for point in sweep.points], games, backend, progress)
    strong: list[StrongPlay | None] = [None] * len(sweep.points)
    if probes != "none" and registry is not None:
        strong = list(_strong_play(registry, sweep, results, probes, backend, progress))
    reports = []
    for point, stats, strong_play in zip(sweep.points, results, strong, strict=True):
        report = check_report(point.checks, point.plan, stats, 0.0, strong_play)
        del report["seconds"]
        reports.append(report)
    return SweepResult(sweep, games, tuple(reports), fairest(reports))


def _strong_play(
    registry: Registry,
    sweep: Sweep,
    results: Sequence[GameTable],
    level: ProbeLevel,
    backend: Backend,
    progress: Progress | None,
) -> list[StrongPlay]:
    """The strong play of every point (:mod:`plywright.simulate.strong`), every point's
    rounds played together (:mod:`plywright.simulate.probe_rounds`)."""
    from plywright.simulate.probe_rounds import Session, play_rounds

    sessions = []
    for point, stats in zip(sweep.points, results, strict=True):
        longest = int(stats.moves.max()) if len(stats) else 0
        judge = ProbeJudge(point.variant, stats, level)
        session = Session(registry, point.variant, judge, sweep.seed, None, _engine(point.plan))
        session.add(matchups(registry, point.variant, point.plan.agents, level, longest))
        sessions.append(session)
    play_rounds(sessions, backend, progress)
    return [session.judge.report(session.found, session.tables()) for session in sessions]


def _engine(plan: CheckPlan) -> str:
    return "auto" if plan.lane is not None else "python"


def sweep_games(registry: Registry, sweep: Sweep, games: int, probes: ProbeLevel = "none") -> int:
    """How many games a sweep plays, strong play included (for progress bars)."""
    total = games * len(sweep.points)
    if probes != "none":
        for point in sweep.points:
            found = matchups(registry, point.variant, point.plan.agents, probes, 0)
            total += sum(matchup.games for matchup in found)
    return total
