"""The protected home joker (``[rules] home_joker``): no token stops on the other player's
starting joker, though a small token may pass over it; ``"open"`` allows the stop."""

from __future__ import annotations

import random
from typing import Literal

import pytest

from plywright.engine import CHANCE
from plywright.plugins.cardtrack import cards
from plywright.plugins.cardtrack.geometry import Slot, slot_index
from plywright.plugins.cardtrack.options import CardtrackRules
from plywright.plugins.cardtrack.records import RecordError, check_path
from plywright.plugins.cardtrack.rules import (
    CardtrackState,
    big_action,
    build_action,
    king_action,
    make_game,
)

Home = Literal["protected", "open"]
RED_JOKER = Slot("V", 1, 0)


def at(slot: Slot) -> int:
    return slot_index(slot)


def bridged(home: Home) -> CardtrackState:
    """Red's big token has left its joker; ``H(0,0)`` and ``H(1,0)`` lie either side of it;
    Black turned a king, whose new token can reach Red's joker and go on past it."""
    state = make_game(CardtrackRules(home_joker=home)).new_initial_state()
    for card, action in (
        ("2D", build_action(at(Slot("V", 1, 1)))),
        ("3H", big_action(at(Slot("V", 1, 1)))),
        ("4C", build_action(at(Slot("H", 0, 0)))),
        ("5D", build_action(at(Slot("H", 1, 0)))),
        ("6D", build_action(at(Slot("V", 1, 2)))),  # so one token beside Red's is no block
    ):
        state.apply_action(cards.parse(card))
        state.apply_action(action)
    state.apply_action(cards.parse("KC"))
    return state


@pytest.mark.parametrize("home", ["protected", "open"])
def test_a_kings_token_stops_on_the_other_joker_only_when_open(home: Home) -> None:
    state = bridged(home)
    assert state.is_legal(king_action(at(RED_JOKER))) == (home == "open")
    legal = state.legal_actions()
    assert (king_action(at(RED_JOKER)) in legal) == (home == "open")
    # passing over the joker (H(0,0) -> V(1,0) -> H(1,0)) stays legal either way
    assert king_action(at(Slot("H", 1, 0))) in legal


@pytest.mark.parametrize("home", ["protected", "open"])
def test_a_big_token_steps_onto_the_other_joker_only_when_open(home: Home) -> None:
    state = bridged(home)
    state.apply_action(king_action(at(Slot("V", 0, 0))))  # the new token stays home
    state.apply_action(cards.parse("6S"))
    state.apply_action(big_action(at(Slot("H", 0, 0))))
    state.apply_action(cards.parse("7S"))
    onto = big_action(at(RED_JOKER))
    assert state.is_legal(onto) == (home == "open")  # by its own rule, before any listing
    assert (onto in state.legal_actions()) == (home == "open")


def test_a_record_that_stops_on_the_other_joker_is_refused() -> None:
    state = bridged("protected")
    path = [Slot("V", 0, 0), Slot("H", 0, 0), RED_JOKER]
    with pytest.raises(RecordError, match="starting joker"):
        check_path(state, 0, path, cards.KING_VALUE, 7, big=False)
    check_path(bridged("open"), 0, path, cards.KING_VALUE, 7, big=False)


@pytest.mark.parametrize("sampler", ["sample_action", "random_action", "listed"])
def test_no_sampled_game_parks_a_token_on_the_other_joker(sampler: str) -> None:
    """Random games through each way of picking an action: no token ever stands on the other
    player's starting joker, and every picked action is one the listing has."""
    game = make_game(CardtrackRules(decks=2, height=4, max_turns=600))
    for index in range(6):
        rng = random.Random(index)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_card(rng))
                continue
            if sampler == "listed":
                legal = state.legal_actions()
                action = legal[int(rng.random() * len(legal))]
            else:
                action = getattr(state, sampler)(rng)
                assert state.is_legal(action)
            state.apply_action(action)
            for seat in (0, 1):
                assert game.barred[seat] not in state.occ[seat]
