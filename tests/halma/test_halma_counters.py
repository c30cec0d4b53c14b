"""Star-halma counter-strategies (plugins/halma/counters.py): every counter plays only legal
moves from each seat, and ``hold_back`` keeps its blocking peg while it has another move."""

from __future__ import annotations

import random

import pytest

from plywright.plugins.halma.agents import GreedyAgent
from plywright.plugins.halma.counters import COUNTERS, SeatView
from plywright.plugins.halma.options import HalmaRules
from plywright.plugins.halma.rules import make_game
from plywright.simulate.counters import Counter

MOVES = 400
"""Moves played of each game (enough to reach the endgame with two players)."""


@pytest.mark.parametrize("counter", COUNTERS, ids=lambda c: c.name)
def test_counter_plays_legal_moves(counter: Counter) -> None:
    game = make_game(HalmaRules())
    for seat in (0, 1):
        mine = counter.make(game, seat, random.Random(seat))
        other = GreedyAgent(game, 1 - seat, random.Random(9))
        keeper = SeatView(game, seat, GreedyAgent(game, seat, random.Random(0))).keeper
        state = game.new_initial_state()
        kept = True
        for _ in range(MOVES):
            if state.is_terminal():
                break
            player = state.current_player()
            agent = mine if player == seat else other
            action = agent.step(state)
            assert action in state.legal_actions(), (counter.name, action)
            if player == seat and counter.tactic == "hold_back":
                start = action // game.size if action != game.pass_action else -1
                kept = kept and (start != keeper or len(state.move_masks()) == 1)
            state.apply_action(action)
        assert kept
