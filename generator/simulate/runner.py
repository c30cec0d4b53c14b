"""``plywright check``: static checks, then N seeded games in worker processes, then a report.

Game ``i`` of a check seeded ``S`` always uses the same random streams, so results are
identical whatever ``--jobs`` is; workers only change who computes which game.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.api import AgentSpec
from generator.checks import static_checks
from generator.errors import InputError
from generator.registry import Registry
from generator.simulate.metrics import compute_metrics
from generator.simulate.playout import GameStats, play_game
from generator.simulate.verdict import judge
from generator.variant import Variant

Progress = Callable[[int], None]
"""Called with the number of games just finished."""


@dataclass(frozen=True)
class CheckPlan:
    """Everything a worker needs to play its share of the games."""

    variant: Variant
    agents: tuple[AgentSpec, ...]
    seed: int
    records: Path | None


def resolve_agents(
    registry: Registry, variant: Variant, names: str | None
) -> tuple[AgentSpec, ...]:
    """Agent specs for ``names`` (one name, or one per seat separated by commas)."""
    wanted = names or variant.check.agent or variant.definition.default_agent
    field, source = ("--agent", None) if names else ("[check] agent", variant.source)
    playable = {spec.name: spec for spec in registry.agents_for(variant.game)}
    specs = []
    for name in (part.strip() for part in wanted.split(",")):
        if name not in playable:
            allowed = ", ".join(sorted(playable))
            raise InputError(
                f"{field}: unknown agent {name!r} for {variant.game} (allowed: {allowed})",
                source=source,
            )
        specs.append(playable[name])
    seats = variant.engine().info().num_players
    if len(specs) not in (1, seats):
        raise InputError(
            f"{field}: give one agent or one per seat ({seats}), got {len(specs)}", source=source
        )
    return tuple(specs)


def play_games(plan: CheckPlan, indices: Sequence[int]) -> list[GameStats]:
    """Play the games ``indices`` of ``plan`` (in this process), writing records if asked."""
    game = plan.variant.engine()
    header = None
    if plan.records is not None:
        header = {
            "game": plan.variant.game,
            "variant": plan.variant.rules.model_dump(mode="json"),
            "seed": plan.seed,
            "players": game.info().num_players,
            "agents": [spec.name for spec in plan.agents],
        }
    out = []
    for index in indices:
        stats, record = play_game(game, plan.agents, plan.seed, index, header)
        if plan.records is not None and record is not None:
            path = plan.records / f"game-{index:06d}.jsonl"
            path.write_text("".join(json.dumps(line) + "\n" for line in record), encoding="utf-8")
        out.append(stats)
    return out


_WORKER_PLAN: list[CheckPlan] = []
"""The plan of this worker process (set once by the pool initializer)."""


def _init_worker(plan: CheckPlan) -> None:
    _WORKER_PLAN[:] = [plan]


def _worker_games(indices: Sequence[int]) -> list[GameStats]:
    return play_games(_WORKER_PLAN[0], indices)


def _chunks(games: int, jobs: int) -> list[range]:
    size = max(1, min(200, games // (jobs * 8) or 1))
    return [range(start, min(games, start + size)) for start in range(0, games, size)]


def simulate(
    plan: CheckPlan, games: int, jobs: int, progress: Progress | None = None
) -> list[GameStats]:
    """Play ``games`` games over ``jobs`` processes; results in game order."""
    if plan.records is not None:
        plan.records.mkdir(parents=True, exist_ok=True)
        for stale in plan.records.glob("game-*.jsonl"):  # records of an earlier check
            stale.unlink()
    results: list[GameStats] = []
    if jobs <= 1 or games < 2:
        for chunk in _chunks(games, 1):
            done = play_games(plan, chunk)
            results.extend(done)
            if progress:
                progress(len(done))
        return results
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(jobs, context, initializer=_init_worker, initargs=(plan,)) as pool:
        futures = [pool.submit(_worker_games, chunk) for chunk in _chunks(games, jobs)]
        for future in as_completed(futures):
            done = future.result()
            results.extend(done)
            if progress:
                progress(len(done))
    return sorted(results, key=lambda s: s.index)


def default_jobs() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


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
) -> dict[str, Any]:
    """The full check report (see DESIGN "Check report")."""
    started = time.perf_counter()
    agents = resolve_agents(registry, variant, agent)
    checks = static_checks(registry, variant)
    count = games if games is not None else variant.check.games
    plan = CheckPlan(variant, agents, seed, records)
    stats = simulate(plan, count, jobs or default_jobs(), progress)
    metrics = compute_metrics(stats, variant.engine().info().num_players)
    playable, reasons = judge(checks, metrics, variant.check)
    return {
        "verdict": "playable" if playable else "unplayable",
        "reasons": reasons,
        "games": count,
        "seed": seed,
        "agents": [spec.name for spec in agents],
        "metrics": metrics,
        "static_checks": [check.as_json() for check in checks],
        "seconds": round(time.perf_counter() - started, 3),
    }
