"""Games on a backend: a :class:`CheckPlan` (the variant, its agents, the seed) played in
chunks by :func:`play_games` in any worker, :func:`simulate_many` queueing the chunks of many
plans at once. Below the check's stages (:mod:`plywright.simulate.runner`, the probes of
:mod:`plywright.simulate.strong` and :mod:`plywright.simulate.probe_rounds`), which all play
their games here.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol, runtime_checkable

from plywright.api import Agent, AgentSpec
from plywright.atomic import remove_leftovers
from plywright.engine import Game, State, num_legal_actions
from plywright.records import check_header, record_path, write_record
from plywright.simulate.executors import Backend, Task, chunks, open_backend, run_tasks
from plywright.simulate.fastlane import FastLane, play_fast
from plywright.simulate.playout import play_game
from plywright.simulate.table import BranchingProfile, GameTable
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
