"""One generic conformance test of the engine protocol, run over every registered game and
every preset (plus the test-only chance game ``cardrace``)."""

from __future__ import annotations

import math
import random

import pytest

import sample_games
from generator.engine import (
    CHANCE,
    TERMINAL,
    Game,
    State,
    estimated_returns,
    num_legal_actions,
    replay,
)
from generator.registry import load_registry
from generator.variant import parse_variant

PLAYOUTS = 3
STEP_BOUND = 5000
CLONE_EVERY_STEP, CLONE_STRIDE = 300, 20
"""Clones are checked at every step of a game's opening, then at every 20th (long games)."""


def _variants() -> list[tuple[str, str | None]]:
    registry = load_registry(extra_plugins=[("cardrace", sample_games)])
    found = []
    for name, definition in sorted(registry.games.items()):
        presets = list(definition.presets) or [None]
        found += [(name, preset) for preset in presets]
    return found


def _game(name: str, preset: str | None) -> Game:
    registry = load_registry(extra_plugins=[("cardrace", sample_games)])
    data = {"game": name, **({"preset": preset} if preset else {})}
    return parse_variant(data, registry).engine()


def _fingerprint(state: State) -> tuple[object, ...]:
    return (
        str(state),
        state.current_player(),
        state.is_terminal(),
        tuple(state.legal_actions()),
        tuple(state.returns()),
        tuple(state.history()),
    )


def test_every_builtin_and_example_game_is_covered() -> None:
    names = {name for name, _ in _variants()}
    assert {"cardrace", "cardtrack", "halma", "kubb", "tictactoe"} <= names


@pytest.mark.parametrize(("name", "preset"), _variants())
def test_random_playouts_keep_the_protocol(name: str, preset: str | None) -> None:
    game = _game(name, preset)
    info = game.info()
    assert info.num_players >= 1 and info.min_utility <= info.max_utility
    rng = random.Random(f"conformance:{name}:{preset}")
    for _ in range(PLAYOUTS):
        state = game.new_initial_state()
        assert state.history() == []
        for _step in range(STEP_BOUND):
            if state.is_terminal():
                break
            player = state.current_player()
            legal = state.legal_actions()
            assert legal, "a non-terminal state must offer an action"
            assert num_legal_actions(state) == len(legal) == len(set(legal))
            estimate = estimated_returns(state)
            assert len(estimate) == info.num_players
            assert all(info.min_utility <= v <= info.max_utility for v in estimate)
            if player == CHANCE:
                outcomes = state.chance_outcomes()
                assert math.isclose(sum(p for _, p in outcomes), 1.0, rel_tol=1e-9)
                assert all(p > 0 for _, p in outcomes)
                assert sorted(a for a, _ in outcomes) == sorted(legal)
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                assert 0 <= player < info.num_players
                action = rng.choice(legal)
            assert isinstance(state.action_record(action), dict)
            if _step < CLONE_EVERY_STEP or _step % CLONE_STRIDE == 0:
                before = _fingerprint(state)
                copy = state.clone()
                state.apply_action(action)
                assert _fingerprint(copy) == before, "clone() must not share the original's state"
                copy.apply_action(action)
                assert _fingerprint(copy) == _fingerprint(state), "a clone must play the same"
            else:
                state.apply_action(action)
        else:
            pytest.skip(f"{name}: no end within {STEP_BOUND} random actions (bounded by rules)")
        assert state.current_player() == TERMINAL
        assert state.legal_actions() == []
        returns = state.returns()
        assert len(returns) == info.num_players
        assert all(info.min_utility <= r <= info.max_utility for r in returns)
        outcome = state.outcome()
        assert outcome.result in ("win", "draw", "stalemate", "unfinished", "nowinner")
        assert all(0 <= w < info.num_players for w in outcome.winners)
        assert len(state.history()) <= info.max_length
        replayed = replay(game, state.history())
        assert _fingerprint(replayed) == _fingerprint(state)


@pytest.mark.parametrize(("name", "preset"), _variants())
def test_illegal_actions_are_refused(name: str, preset: str | None) -> None:
    game = _game(name, preset)
    state = game.new_initial_state()
    legal = set(state.legal_actions())
    illegal = next(a for a in range(-1, 10**7) if a not in legal)
    with pytest.raises(ValueError):
        state.apply_action(illegal)


def test_chance_decides_who_acts_next() -> None:
    """In card-turn games the turned card, not a fixed order, picks the next player."""
    game = _game("cardrace", None)
    state = game.new_initial_state()
    assert state.current_player() == CHANCE
    red_card = next(a for a, _ in state.chance_outcomes() if sample_games._card(a)[0] == 1)
    state.apply_action(red_card)
    assert state.current_player() == 1
    state.apply_action(sample_games.DISCARD)
    red_again = next(a for a, _ in state.chance_outcomes() if sample_games._card(a)[0] == 1)
    state.apply_action(red_again)
    assert state.current_player() == 1, "the same player may act twice in a row"
