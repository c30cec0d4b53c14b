"""Konstruktsiia agents: builder beats random from both seats (1,000 seeded games), blocker beats
builder, and every agent returns legal actions."""

from __future__ import annotations

import random

from generator.api import AgentSpec
from generator.engine import CHANCE
from plugins.cardtrack.agents import AGENTS
from plugins.cardtrack.options import CardtrackRules
from plugins.cardtrack.rules import CardtrackGame, make_game

AGENT = {spec.name: spec for spec in AGENTS}


def wins(game: CardtrackGame, first: AgentSpec, second: AgentSpec, games: int) -> list[int]:
    """Wins of ``first`` and ``second`` over ``games`` games, each seat half of them."""
    won = [0, 0]
    for index in range(games):
        swap = index % 2
        specs = (second, first) if swap else (first, second)
        agents = [
            spec.factory(game, seat, random.Random(index * 7 + seat))
            for seat, spec in enumerate(specs)
        ]
        rng = random.Random(index)
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(state.sample_card(rng))
            else:
                action = agents[player].step(state)
                assert state.is_legal(action)
                state.apply_action(action)
        outcome = state.outcome()
        if outcome.result == "win":
            won[outcome.winners[0] ^ swap] += 1
    return won


def test_registered_agents() -> None:
    assert set(AGENT) == {"random", "builder", "blocker"}
    assert all(spec.games == ("cardtrack",) for spec in AGENTS)


def test_builder_beats_random_over_1000_games_from_both_seats() -> None:
    game = make_game(CardtrackRules())
    builder, rnd = wins(game, AGENT["builder"], AGENT["random"], 1000)
    assert builder >= 950 and rnd <= 10


def test_blocker_beats_builder_from_both_seats() -> None:
    game = make_game(CardtrackRules())
    blocker, builder = wins(game, AGENT["blocker"], AGENT["builder"], 400)
    assert blocker > builder * 1.2, (blocker, builder)


def test_agents_play_every_option() -> None:
    for rules in (
        CardtrackRules(small_path_rule="stop_card", spare_jokers="wild", height=4),
        CardtrackRules(decks=1, height=6, small_tokens=2, max_columns=2),
        CardtrackRules(max_columns=4, small_max_steps=1, height=3),
    ):
        game = make_game(rules)
        for name in ("blocker", "builder"):
            won = wins(game, AGENT[name], AGENT["random"], 20)
            assert won[0] > won[1]
