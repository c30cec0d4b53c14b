"""Agents that play any engine: ``random`` and flat Monte-Carlo ``mc``.

Registered by the core through the same hook plugins use.
"""

from __future__ import annotations

import random

from generator.api import AgentRegistrar, AgentSpec, hookimpl
from generator.engine import CHANCE, Game, State

MC_PLAYOUTS = 8
"""Random playouts per legal action for the ``mc`` agent."""
MC_PLAYOUT_LIMIT = 400
"""Actions per playout before it is scored as it stands."""


def sample_chance(state: State, rng: random.Random) -> int:
    """Sample a chance action by its probability."""
    outcomes = state.chance_outcomes()
    actions = [action for action, _ in outcomes]
    weights = [probability for _, probability in outcomes]
    return rng.choices(actions, weights=weights)[0]


def random_playout(state: State, rng: random.Random, limit: int) -> State:
    """Play uniformly random actions (and sampled chance) until the end or ``limit`` actions."""
    for _ in range(limit):
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


class RandomAgent:
    """Picks a legal action uniformly at random."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def step(self, state: State) -> int:
        return self.rng.choice(state.legal_actions())


class FlatMonteCarloAgent:
    """Scores each legal action by the mean return of random playouts after it."""

    def __init__(
        self,
        seat: int,
        rng: random.Random,
        playouts: int = MC_PLAYOUTS,
        limit: int = MC_PLAYOUT_LIMIT,
    ) -> None:
        self.seat = seat
        self.rng = rng
        self.playouts = playouts
        self.limit = limit

    def step(self, state: State) -> int:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        best, best_score = actions[0], float("-inf")
        for action in actions:
            total = 0.0
            for _ in range(self.playouts):
                child = state.clone()
                child.apply_action(action)
                total += random_playout(child, self.rng, self.limit).returns()[self.seat]
            if total > best_score:
                best, best_score = action, total
        return best


def _random(game: Game, seat: int, rng: random.Random) -> RandomAgent:
    return RandomAgent(rng)


def _mc(game: Game, seat: int, rng: random.Random) -> FlatMonteCarloAgent:
    return FlatMonteCarloAgent(seat, rng)


@hookimpl
def plywright_register_agents(register: AgentRegistrar) -> None:
    register(AgentSpec("random", "uniformly random legal actions (any game)", _random))
    register(
        AgentSpec(
            "mc",
            f"flat Monte-Carlo: {MC_PLAYOUTS} random playouts per legal action (any game)",
            _mc,
        )
    )
