"""A check's plan before its first game: the games of every stage, the agents, and an estimate
of the time from measured per-move costs.

Each agent of the plan makes a few decisions (:data:`SAMPLES`) at positions along one sample
game of the check's own agents (the Python engine), timed; a stage's time is its games × the
sample game's length × the mean cost of a move of its lineup, over the workers. It is a rough
guide (games differ in length, and a probe stops early once it is decided), printed so a slow
plan is seen before it starts; the budgets are the most each stage may play.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from plywright.api import AgentSpec
from plywright.engine import CHANCE, Game, State
from plywright.registry import Registry
from plywright.simulate.chance import sample_chance
from plywright.variant import Variant

SAMPLES = 3
"""Decisions timed per agent."""
SLOW_STEP = 2.0
"""Seconds: one decision slower than this is timed once only."""
PLAYOUT_SECONDS = 2.0
"""The most seconds the check's own agents play the sample game."""


@dataclass(frozen=True)
class Stage:
    """One stage of a check: its name, its most games, its agents and its estimated time."""

    name: str
    games: int
    agents: tuple[str, ...]
    seconds: float


@dataclass(frozen=True)
class Outline:
    """The plan of a check (see the module)."""

    stages: tuple[Stage, ...]
    move_seconds: dict[str, float]
    """Measured seconds a decision, by agent name."""
    moves: int
    """The length of the sample game the estimate assumes."""
    workers: int
    notes: tuple[str, ...] = ()
    """What the plan leaves out at this probe level (a line each)."""

    @property
    def seconds(self) -> float:
        return sum(stage.seconds for stage in self.stages)


def _playout(
    game: Game, lineup: Sequence[AgentSpec], rng: random.Random, seconds: float = PLAYOUT_SECONDS
) -> tuple[list[State], int]:
    """``(positions, moves)``: the positions where a player decides (not chance, not the end)
    along one game of the check's own agents, and its length; a game not over after
    ``seconds`` is cut there, its length taken as the engine's bound."""
    state = game.new_initial_state()
    agents = [spec.factory(game, seat, random.Random(seat)) for seat, spec in enumerate(lineup)]
    seen: list[State] = []
    bound = game.info().max_length or 10_000
    until = time.perf_counter() + seconds
    while not state.is_terminal() and len(seen) < bound:
        if time.perf_counter() > until:
            return seen, bound
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
            continue
        seen.append(state.clone())
        state.apply_action(agents[state.current_player()].step(state.clone()))
    return seen, len(seen)


def move_cost(
    spec: AgentSpec,
    game: Game,
    positions: Sequence[State],
    clock: Callable[[], float] = time.perf_counter,
) -> float:
    """The mean seconds of ``spec``'s decision at up to :data:`SAMPLES` of ``positions``
    (spread along them)."""
    if not positions:
        return 0.0
    picks = [positions[int(i * len(positions) / SAMPLES)] for i in range(SAMPLES)]
    spent, timed = 0.0, 0
    for number, state in enumerate(picks):
        agent = spec.factory(game, state.current_player(), random.Random(number))
        started = clock()
        agent.step(state.clone())
        took = clock() - started
        spent, timed = spent + took, timed + 1
        if took > SLOW_STEP:
            break
    return spent / timed


def check_outline(
    registry: Registry,
    variant: Variant,
    games: int | None,
    agent: str | None,
    probes: str | None,
    workers: int = 1,
) -> Outline:
    """The plan of ``check`` with these options (see the module); measures the agents."""
    from plywright.agents import resolve_agents
    from plywright.simulate.strong.plan import check_level, matchups, restricted_note

    defaults = resolve_agents(registry, variant, agent)
    level = check_level(probes, variant.check)
    game = variant.engine()
    seats = game.info().num_players
    lineup = tuple(defaults[s % len(defaults)] for s in range(seats))
    positions, moves = _playout(game, lineup, random.Random(0))
    found = matchups(registry, variant, defaults, level, moves, games)
    specs = {spec.name: spec for m in found for spec in m.agents} | {s.name: s for s in lineup}
    measured: dict[str, float] = {}
    for name, spec in specs.items():  # a spoiler costs what the agent playing to win costs
        base = name.split("/")[0]
        if base not in measured:
            measured[base] = move_cost(spec, game, positions)
    costs = {name: measured[name.split("/")[0]] for name in specs}

    def seconds(count: int, agents: Sequence[AgentSpec]) -> float:
        per_move = sum(costs[a.name] for a in agents) / len(agents)
        return count * moves * per_move / max(1, workers)

    own = games if games is not None else variant.check.games
    stages = [Stage("the check's games", own, tuple(a.name for a in lineup), seconds(own, lineup))]
    kinds = {"ladder": "skill ladder", "strong": "strong self-play", "spoiler": "spoiler probes"}
    kinds |= {"seat": "strong-seat probe", "restrict": "restricted play"}
    for kind, name in kinds.items():
        group = [m for m in found if m.kind == kind]
        if not group:
            continue
        total = sum(m.games for m in group)
        names = tuple(dict.fromkeys(a.name for m in group for a in m.agents))
        spent = sum(seconds(m.games, m.agents) for m in group)
        stages.append(Stage(f"{name} ({len(group)} matchups)", total, names, spent))
    note = restricted_note(variant, level)
    return Outline(tuple(stages), costs, moves, workers, () if note is None else (note,))


def outline_lines(outline: Outline, budget: float | None = None) -> list[str]:
    """The plan as lines of text (printed before the first game)."""
    lines = [
        f"plan: at most {sum(s.games for s in outline.stages)} games, about "
        f"{_duration(outline.seconds)} on {outline.workers} worker(s) (from measured moves, "
        f"{outline.moves} moves a game; probes stop early once decided)"
    ]
    for stage in outline.stages:
        lines.append(
            f"  {stage.name}: up to {stage.games} games, {', '.join(stage.agents)}, "
            f"~{_duration(stage.seconds)}"
        )
    lines += [f"  {note}" for note in outline.notes]
    costs = ", ".join(f"{name} {sec * 1000:.3g} ms" for name, sec in outline.move_seconds.items())
    lines.append(f"  a move: {costs}")
    if budget:
        lines.append(f"  time budget: {_duration(budget)} (what cannot finish ends inconclusive)")
    return lines


def _duration(seconds: float) -> str:
    """``42 s``, ``3.5 min``, ``2.1 h``."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.1f} min"
    return f"{seconds / 3600:.1f} h"
