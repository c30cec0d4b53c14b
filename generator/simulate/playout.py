"""Play one seeded game with one agent per seat and collect what the metrics need."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from plywright.api import Agent, AgentSpec
from plywright.engine import CHANCE, Game, Outcome, game_metrics, num_legal_actions
from plywright.records import Record, RecordBuilder
from plywright.simulate.chance import sample_chance


@dataclass(frozen=True)
class GameStats:
    """What one simulated game contributes to the check report."""

    index: int
    outcome: Outcome
    moves: int
    """Player decisions (chance actions excluded)."""
    branching_total: int
    """Sum of the number of legal actions over all decisions."""
    decisions: int
    """Decisions that had more than one legal action."""
    hit_length_bound: bool = False
    game_metrics: dict[str, float] = field(default_factory=dict)
    """The engine's own per-game numbers (``State.game_metrics()``), if it has any."""


def game_rng(seed: int, index: int, role: str) -> random.Random:
    """An independent generator for one role of one game, the same whatever the job split."""
    return random.Random(f"plywright:{seed}:{index}:{role}")


def play_game(
    game: Game,
    agents: Sequence[AgentSpec],
    seed: int,
    index: int,
    record_header: Mapping[str, Any] | None = None,
    limit: int | None = None,
) -> tuple[GameStats, Record | None]:
    """Play game ``index`` of a check seeded with ``seed``; returns stats and, if
    ``record_header`` (the core's header keys) is given, the game record as JSON-ready lines
    (:class:`~plywright.records.RecordBuilder`). ``limit``: at most this many player moves
    (the game is then *unfinished*, as at the engine's own bound)."""
    info = game.info()
    players: list[Agent] = [
        agents[seat % len(agents)].factory(game, seat, game_rng(seed, index, f"seat{seat}"))
        for seat in range(info.num_players)
    ]
    chance_rng = game_rng(seed, index, "chance")
    state = game.new_initial_state()
    record = None
    if record_header is not None:
        record = RecordBuilder(game, state, record_header, index)
    moves = branching = decisions = 0
    for _ in range(info.max_length):
        if state.is_terminal() or (limit is not None and moves >= limit):
            break
        player = state.current_player()
        if player == CHANCE:
            action = sample_chance(state, chance_rng)
        else:
            options = num_legal_actions(state)
            action = players[player].step(state)
            moves += 1
            branching += options
            decisions += options > 1
        if record is not None:
            record.add(state, action)
        state.apply_action(action)
    bound_hit = not state.is_terminal()
    outcome = state.outcome() if not bound_hit else Outcome("unfinished")
    lines = record.finish(state, outcome) if record is not None else None
    extra = game_metrics(state)
    return GameStats(index, outcome, moves, branching, decisions, bound_hit, extra), lines
