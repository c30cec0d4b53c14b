"""One generic conformance test of the engine protocol, run over every registered game and
every preset (plus the test-only chance game ``cardrace``)."""

from __future__ import annotations

import random

import pytest

import sample_games
from plywright.conformance.engine_checks import illegal_action, random_game
from plywright.engine import CHANCE, Game
from plywright.registry import load_registry
from plywright.variant import parse_variant

PLAYOUTS = 3


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


def test_every_builtin_and_example_game_is_covered() -> None:
    names = {name for name, _ in _variants()}
    assert {"cardrace", "cardtrack", "halma", "kubb", "tictactoe"} <= names


@pytest.mark.parametrize(("name", "preset"), _variants())
def test_random_playouts_keep_the_protocol(name: str, preset: str | None) -> None:
    """The conformance kit's engine invariants (plywright.conformance.engine_checks) on every
    preset of every game, the test-only chance game included."""
    game = _game(name, preset)
    info = game.info()
    assert info.num_players >= 1 and info.min_utility <= info.max_utility
    rng = random.Random(f"conformance:{name}:{preset}")
    for _ in range(PLAYOUTS):
        random_game(game, rng)


@pytest.mark.parametrize(("name", "preset"), _variants())
def test_illegal_actions_are_refused(name: str, preset: str | None) -> None:
    state = _game(name, preset).new_initial_state()
    with pytest.raises(ValueError):
        state.apply_action(illegal_action(state))


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
