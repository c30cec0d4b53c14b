"""Agents that play any engine: ``random`` and flat Monte-Carlo ``mc``.

Registered by the core through the same hook plugins use.
"""

from __future__ import annotations

import random

from generator.api import AgentRegistrar, AgentSpec, hookimpl
from generator.engine import CHANCE, Game, State, estimated_returns

MC_PLAYOUTS = 8
"""Most random playouts per legal action for the ``mc`` agent."""
MC_PLAYOUT_LIMIT = 400
"""Most actions per playout before it is scored by the engine's estimate."""
MC_BUDGET = 4000
"""Simulated actions per decision: long games get fewer, shorter playouts."""
MC_SHORTEST_PLAYOUT = 50
"""Playouts are not split below this many actions to fit the budget."""


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
    """Scores each legal action by the mean return of random playouts after it.

    A decision simulates at most ``budget`` actions, shared over the legal actions; a playout
    that is cut short is scored by the engine's ``evaluate()`` estimate when it has one. Ties
    go to the rng.
    """

    def __init__(
        self,
        seat: int,
        rng: random.Random,
        playouts: int = MC_PLAYOUTS,
        limit: int = MC_PLAYOUT_LIMIT,
        budget: int = MC_BUDGET,
    ) -> None:
        self.seat = seat
        self.rng = rng
        self.playouts = playouts
        self.limit = limit
        self.budget = budget

    def step(self, state: State) -> int:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        per_action = max(1, self.budget // len(actions))
        playouts = max(1, min(self.playouts, per_action // MC_SHORTEST_PLAYOUT))
        limit = max(1, min(self.limit, per_action // playouts))
        scores = []
        for action in actions:
            total = 0.0
            for _ in range(playouts):
                child = state.clone()
                child.apply_action(action)
                total += estimated_returns(random_playout(child, self.rng, limit))[self.seat]
            scores.append(total)
        top = max(scores)
        return self.rng.choice(
            [a for a, score in zip(actions, scores, strict=True) if score == top]
        )


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
            f"flat Monte-Carlo: random playouts, {MC_BUDGET} simulated actions per move (any game)",
            _mc,
        )
    )
