"""Chance nodes for agents and playouts: a chance action drawn by its probability."""

from __future__ import annotations

import random

from plywright.engine import State


def sample_chance(state: State, rng: random.Random) -> int:
    """Sample a chance action by its probability."""
    outcomes = state.chance_outcomes()
    actions = [action for action, _ in outcomes]
    weights = [probability for _, probability in outcomes]
    return rng.choices(actions, weights=weights)[0]
