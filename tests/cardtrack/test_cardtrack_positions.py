"""The Konstruktsiia position builder (``plywright.plugins.cardtrack.positions``): the direct setters give
the positions legal play reaches, and refuse what no position holds."""

from __future__ import annotations

import pytest

from plywright.plugins.cardtrack import cards
from plywright.plugins.cardtrack.geometry import Slot, slot_index
from plywright.plugins.cardtrack.options import CardtrackRules
from plywright.plugins.cardtrack.positions import (
    build_track,
    lay_track,
    place_tokens,
    play,
    position,
    set_draw,
    turn,
)
from plywright.plugins.cardtrack.rules import (
    DISCARD,
    CardtrackState,
    big_action,
    build_action,
    king_action,
    make_game,
)

TRACK = (
    (Slot("V", 0, 1), "2C"),
    (Slot("H", 0, 1), "3S"),
    (Slot("V", 1, 1), "4D"),
    (Slot("V", 1, 2), "5H"),
    (Slot("V", 0, 2), "2C"),
)


def fresh() -> CardtrackState:
    return make_game(CardtrackRules()).new_initial_state()


def test_a_laid_track_is_the_track_legal_builds_make() -> None:
    built, laid = fresh(), fresh()
    build_track(built, TRACK)
    lay_track(laid, TRACK)
    assert laid.track == built.track and laid.track_deck == built.track_deck
    assert laid.frontier == built.frontier and laid.links == built.links
    assert laid.values == built.values and laid.low == built.low
    assert laid.shoe_and_open()[0] == built.shoe_and_open()[0]
    assert laid.turned == 0 and built.turned == len(TRACK)
    for card in ("KS", "5C", "9H"):
        a, b = built.clone(), laid.clone()
        turn(a, card)
        turn(b, card)
        assert a.legal_actions() == b.legal_actions()


def test_placed_tokens_are_the_tokens_legal_moves_put_there() -> None:
    played = fresh()
    build_track(played, TRACK)
    play(played, "KC", king_action(slot_index(Slot("V", 0, 2))))
    play(played, "5D", big_action(slot_index(Slot("V", 1, 1))))
    set_up = position(
        TRACK,
        big=(Slot("V", 0, 0), Slot("V", 1, 1)),
        smalls=([Slot("V", 0, 2)], []),
    )
    for seat in (0, 1):
        assert set_up.tokens(seat) == played.tokens(seat)
        assert set_up.occ[seat] == played.occ[seat]
    assert set_up.reserve == played.reserve == [5, 6]
    for card in ("6S", "QH", "KS"):
        a, b = played.clone(), set_up.clone()
        turn(a, card)
        turn(b, card)
        assert a.legal_actions() == b.legal_actions()


def test_the_setters_refuse_what_no_position_holds() -> None:
    state = fresh()
    lay_track(state, {slot_index(Slot("V", 0, 1)): "2C"})
    with pytest.raises(ValueError, match="already holds a card"):
        lay_track(state, [(Slot("V", 0, 1), "3C")])
    with pytest.raises(ValueError, match="holds no card"):
        place_tokens(state, 0, big=Slot("V", 0, 5))
    with pytest.raises(ValueError, match="only 6 in play"):
        place_tokens(state, 1, smalls=[Slot("V", 1, 0)] * 7)
    one = make_game(CardtrackRules(decks=1)).new_initial_state()
    lay_track(one, [(Slot("V", 0, 1), "2C")])
    with pytest.raises(ValueError, match="not in the draw pile"):
        lay_track(one, [(Slot("V", 1, 1), "2C")])
    with pytest.raises(ValueError, match="no copy of 2C"):
        set_draw(one, ["2C"])


def test_a_set_draw_pile_is_what_the_game_turns_next() -> None:
    state = fresh()
    lay_track(state, [(Slot("V", 0, 1), "2C")])
    play(state, "7S", DISCARD)
    set_draw(state, ["2C", "2C", "AH"])
    assert state.shoe_and_open() == (
        [2 if k == cards.parse("2C") else int(k == cards.parse("AH")) for k in range(cards.KINDS)],
        [0] * cards.KINDS,
    )
    assert state.draw_decks[cards.parse("2C")] == [1, 2]  # deck 0's copy lies on the track
    turn(state, "2C")
    assert state.card_deck == 1
    state.apply_action(build_action(slot_index(Slot("V", 0, 2))))
    play(state, "AH", DISCARD)
    play(state, "2C", DISCARD)  # the last card: the open pile comes back as the draw pile
    assert state.reshuffles == 1 and sorted(state.draw) == sorted(
        cards.parse(c) for c in ("AH", "2C")
    )
