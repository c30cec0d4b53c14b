"""Kubb counter-strategies (plugins/kubb/counters.py): every counter plays only legal actions
against ``expectimax``, from each seat, and each tactic takes the action it names."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from plywright.api import SearchSettings
from plywright.engine import CHANCE
from plywright.plugins.kubb.counters import COUNTERS, king_rush, one_spot
from plywright.plugins.kubb.rules import BATON_AIM, THROW_AIM, KubbGame
from plywright.plugins.kubb.search import search_expectimax
from plywright.registry import load_registry
from plywright.simulate.chance import sample_chance
from plywright.simulate.counters import Counter
from plywright.variant import load_variant

ROOT = Path(__file__).resolve().parents[2]


def seed_game() -> KubbGame:
    game = load_variant(ROOT / "examples" / "kubb-seed.toml", load_registry()).engine()
    assert isinstance(game, KubbGame)
    return game


@pytest.mark.parametrize("counter", COUNTERS, ids=lambda c: c.name)
def test_counter_plays_legal_actions(counter: Counter) -> None:
    game = seed_game()
    for seat in (0, 1):
        agents = [
            counter.make(game, s, random.Random(s))
            if s == seat
            else search_expectimax(game, s, random.Random(s), SearchSettings(1))
            for s in (0, 1)
        ]
        rng = random.Random(seat)
        state = game.new_initial_state()
        tactic = counter.make(game, seat, random.Random(0)).tactic
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_chance(state, rng))
                continue
            action = agents[player].step(state)
            if player == seat:
                assert action in state.legal_actions(), (counter.name, state.phase, action)
                named = tactic(state)
                assert named is None or named == action
            state.apply_action(action)


def test_tactics_name_their_actions() -> None:
    game = seed_game()
    state = game.new_initial_state()
    rng = random.Random(3)
    seen: set[int] = set()
    while not state.is_terminal() and len(seen) < 2:
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(sample_chance(state, rng))
            continue
        if state.phase == THROW_AIM:
            assert one_spot(game, state) in state.legal_actions()
            seen.add(THROW_AIM)
        if state.phase == BATON_AIM:
            named = king_rush(game, state)
            assert (named is not None) == (game.kubbs in state.targets)
            seen.add(BATON_AIM)
        state.apply_action(rng.choice(state.legal_actions()))
    assert seen
