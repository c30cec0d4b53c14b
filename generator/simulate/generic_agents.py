"""Agents that play any engine: ``random``, flat Monte-Carlo ``mc`` and UCT ``mcts``
(:mod:`plywright.simulate.mcts`).

Registered by the core through the same hook plugins use.
"""

from __future__ import annotations

import random

from plywright.api import AgentRegistrar, AgentSpec, hookimpl
from plywright.engine import CHANCE, Game, State, estimated_returns
from plywright.simulate.chance import sample_chance
from plywright.simulate.mcts import MCTS

MC_PLAYOUT_LIMIT = 400
"""Most actions per playout before it is scored by the engine's estimate."""
MC_BUDGET = 4000
"""Simulated actions per decision, shared equally by the legal actions: short games get many
playouts per action, long ones a single playout cut short."""


def random_playout(state: State, rng: random.Random, limit: int) -> int:
    """Play uniformly random actions (and sampled chance) on ``state`` until the end or
    ``limit`` actions; returns how many were played."""
    for played in range(limit):
        if state.is_terminal():
            return played
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return limit


class RandomAgent:
    """Picks a legal action uniformly at random."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def step(self, state: State) -> int:
        return self.rng.choice(state.legal_actions())


class FlatMonteCarloAgent:
    """Scores each legal action by the mean return of random playouts after it.

    Each legal action gets an equal share of ``budget`` simulated actions, spent on as many
    playouts as fit; a playout cut short at ``limit`` actions is scored by the engine's
    ``evaluate()`` estimate when it has one. Ties go to the rng.
    """

    def __init__(
        self,
        seat: int,
        rng: random.Random,
        limit: int = MC_PLAYOUT_LIMIT,
        budget: int = MC_BUDGET,
    ) -> None:
        self.seat = seat
        self.rng = rng
        self.limit = limit
        self.budget = budget

    def step(self, state: State) -> int:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        share = max(1, self.budget // len(actions))
        limit = min(self.limit, share)
        scores = []
        for action in actions:
            spent = playouts = 0
            total = 0.0
            while spent < share:
                child = state.clone()
                child.apply_action(action)
                spent += 1 + random_playout(child, self.rng, limit)
                total += estimated_returns(child)[self.seat]
                playouts += 1
            scores.append(total / playouts)
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
            f"flat Monte-Carlo: random playouts, {MC_BUDGET} simulated actions a move (any game)",
            _mc,
        )
    )
    register(MCTS)
