"""The Konstruktsiia agents the plugin registers: ``random``, ``builder``, ``blocker``
(hand-written strategies, :mod:`plywright.plugins.cardtrack.heuristics`) and ``planner`` (a search
over the unseen cards, :mod:`plywright.plugins.cardtrack.search`)."""

from __future__ import annotations

import random

from plywright.api import AgentSpec
from plywright.engine import Game
from plywright.plugins.cardtrack.heuristics import (
    BUILD_MAX,
    SEARCH_COLUMNS,
    BlockerAgent,
    BuilderAgent,
    RandomAgent,
    as_cardtrack,
    detour,
    route_step,
)
from plywright.plugins.cardtrack.rules import CardtrackGame
from plywright.plugins.cardtrack.search import BUDGET, planner

__all__ = [
    "AGENTS",
    "BUILD_MAX",
    "SEARCH_COLUMNS",
    "BlockerAgent",
    "BuilderAgent",
    "RandomAgent",
    "as_cardtrack",
    "blocker",
    "builder",
    "detour",
    "planner",
    "random_agent",
    "route_step",
]


def random_agent(game: Game, seat: int, rng: random.Random) -> RandomAgent:
    return RandomAgent(rng)


def builder(game: Game, seat: int, rng: random.Random) -> BuilderAgent:
    if not isinstance(game, CardtrackGame):
        raise TypeError("builder plays cardtrack only")
    return BuilderAgent(game, seat, rng)


def blocker(game: Game, seat: int, rng: random.Random) -> BlockerAgent:
    if not isinstance(game, CardtrackGame):
        raise TypeError("blocker plays cardtrack only")
    return BlockerAgent(game, seat, rng)


AGENTS = (
    AgentSpec(
        "random", "cardtrack: a legal action uniformly at random", random_agent, ("cardtrack",)
    ),
    AgentSpec(
        "builder",
        "cardtrack: climbs its column, moves when the card allows, builds low cards, bridges "
        "round blocks, discards the rest",
        builder,
        ("cardtrack",),
    ),
    AgentSpec(
        "blocker",
        "cardtrack: builder that also puts small tokens on the opponent's next card and "
        "bridges the start columns for them",
        blocker,
        ("cardtrack",),
    ),
    AgentSpec(
        "planner",
        "cardtrack: searches the unseen cards: screens the actions by a race estimate, plays "
        "sampled card futures of the best three (budget: futures per action, default 1)",
        builder,  # replaced by the configured search (AgentSpec.__post_init__)
        ("cardtrack",),
        search=planner,
        budget=BUDGET,
    ),
)
"""The agents the cardtrack plugin registers."""
