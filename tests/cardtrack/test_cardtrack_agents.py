"""Konstruktsiia agents: builder beats random from both seats (1,000 seeded games), blocker beats
builder, and every agent returns legal actions."""

from __future__ import annotations

import random

from plywright.api import AgentSpec
from plywright.engine import CHANCE
from plywright.plugins.cardtrack.agents import AGENTS
from plywright.plugins.cardtrack.options import CardtrackRules
from plywright.plugins.cardtrack.rules import CardtrackGame, make_game

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
    assert set(AGENT) == {"random", "builder", "blocker", "planner"}
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


def test_builder_bridges_round_a_token_on_its_column() -> None:
    from plywright.plugins.cardtrack import cards
    from plywright.plugins.cardtrack.geometry import Slot, slot_index
    from plywright.plugins.cardtrack.positions import lay_track, place_tokens
    from plywright.plugins.cardtrack.rules import BIG, BUILD

    game = make_game(CardtrackRules(height=5))
    state = game.new_initial_state()
    lay_track(state, [(Slot("V", 0, row), "2C") for row in (1, 2, 3)])
    place_tokens(state, 0, big=Slot("V", 0, 2))
    place_tokens(state, 1, smalls=[Slot("V", 0, 3)])
    builder = AGENT["builder"].factory(game, 0, random.Random(0))
    state.apply_action(cards.parse("5S"))
    action = builder.step(state)
    sideways = {slot_index(Slot("H", -1, 2)), slot_index(Slot("H", 0, 2))}
    assert action & 7 == BUILD and action >> 3 in sideways, "bridge beside the block"
    state.apply_action(action)
    state.apply_action(cards.parse("5C"))
    action = builder.step(state)
    assert action & 7 == BIG and action >> 3 in sideways, "step onto the bridge"


def test_blocker_puts_a_small_token_on_the_opponents_next_card() -> None:
    from plywright.plugins.cardtrack import cards
    from plywright.plugins.cardtrack.geometry import Slot, slot_index
    from plywright.plugins.cardtrack.positions import lay_track, place_tokens
    from plywright.plugins.cardtrack.rules import SMALL

    game = make_game(CardtrackRules())
    state = game.new_initial_state()
    lay_track(
        state,
        [
            (Slot("V", 1, 1), "2D"),
            (Slot("V", 1, 2), "2S"),
            (Slot("V", 0, 1), "2C"),
            (Slot("V", 0, 2), "3C"),
            (Slot("H", 0, 2), "4C"),
        ],
    )
    place_tokens(state, 1, big=Slot("V", 1, 1))
    place_tokens(state, 0, smalls=[Slot("V", 0, 1)])
    state.apply_action(cards.parse("5C"))
    blocker = AGENT["blocker"].factory(game, 0, random.Random(0))
    builder = AGENT["builder"].factory(game, 0, random.Random(0))
    action = blocker.step(state)
    assert action & 7 == SMALL and action >> 8 == slot_index(Slot("V", 1, 2))
    assert builder.step(state) & 7 != SMALL
