"""Each rule of Konstruktsiia (docs/rules/konstruktsiia.md) as a test on a set-up position."""

from __future__ import annotations

import pytest

from plywright.plugins.cardtrack import cards
from plywright.plugins.cardtrack.geometry import Slot, slot_index, slot_of_index
from plywright.plugins.cardtrack.options import CardtrackRules
from plywright.plugins.cardtrack.positions import position, set_draw, turn
from plywright.plugins.cardtrack.rules import (
    BIG,
    BUILD,
    DISCARD,
    KING,
    SMALL,
    CardtrackState,
    big_action,
    build_action,
    king_action,
    make_game,
    small_action,
)


def V(c: int, r: int) -> int:
    return slot_index(Slot("V", c, r))


def H(c: int, r: int) -> int:
    return slot_index(Slot("H", c, r))


def of_type(state: CardtrackState, what: int) -> set[int]:
    return {a for a in state.legal_actions() if a & 7 == what}


def builds(state: CardtrackState) -> set[Slot]:
    return {slot_of_index(a >> 3) for a in of_type(state, BUILD)}


def test_start_position() -> None:
    state = make_game(CardtrackRules()).new_initial_state()
    assert state.track == {V(0, 0): cards.BLACK_JOKER, V(1, 0): cards.RED_JOKER}
    assert state.big == [V(0, 0), V(1, 0)]
    assert len(state.draw) == 3 * 52 and state.reserve == [6, 6]
    wild = make_game(CardtrackRules(spare_jokers="wild")).new_initial_state()
    assert len(wild.draw) == 3 * 52 + 4


def test_placement_contacts_of_vertical_and_horizontal_slots() -> None:
    state = position(card="5C")
    assert builds(state) == {
        Slot("V", 0, 1),
        Slot("V", 1, 1),
        Slot("H", -1, 0),
        Slot("H", 0, 0),
        Slot("H", 1, 0),
    }
    # a horizontal card needs a vertical card at one short side; a vertical card needs a
    # vertical card above/below or a horizontal card at its long side
    state = position({V(0, 1): "2C", H(1, 0): "3C"}, card="5C")
    found = builds(state)
    assert {Slot("H", -1, 1), Slot("H", 0, 1), Slot("V", 0, 2), Slot("V", 2, 0)} <= found
    assert Slot("H", 1, 1) not in found  # V(1, 1) and V(2, 1) are empty
    assert Slot("V", 2, 1) not in found  # touches nothing: H(1, 1) and V(2, 0) are empty
    assert Slot("V", 0, 1) not in found  # occupied


def test_kings_and_jokers_never_build() -> None:
    assert not of_type(position(card="KC", small_tokens=0), BUILD)
    wild = position(spare_jokers="wild")
    wild.apply_action(cards.BLACK_JOKER)
    assert wild.current_player() == 0 and not of_type(wild, BUILD)


def test_max_columns_bounds_the_table() -> None:
    state = position(card="5C", max_columns=2)
    assert builds(state) == {Slot("V", 0, 1), Slot("V", 1, 1), Slot("H", 0, 0)}
    state = position(card="5C", max_columns=3)
    assert Slot("H", 1, 0) in builds(state) and Slot("H", -1, 0) not in builds(state)


def test_big_token_moves_to_adjacent_cards_of_at_most_the_turned_value() -> None:
    track = {V(0, 1): "7C", H(-1, 0): "5D", V(0, 2): "2C"}
    state = position(track, card="7S")
    assert {a >> 3 for a in of_type(state, BIG)} == {V(0, 1), H(-1, 0)}  # V(0, 2) not adjacent
    state = position(track, card="6S")
    assert {a >> 3 for a in of_type(state, BIG)} == {H(-1, 0)}
    state = position(track, card="4S")
    assert not of_type(state, BIG)
    # adjacency of a horizontal card: the vertical cards at its two short sides
    state = position({H(0, 0): "2C"}, big=(H(0, 0), V(1, 0)), card="2S")
    assert {a >> 3 for a in of_type(state, BIG)} == {V(0, 0)}  # V(1, 0) holds Red's token


def test_any_card_moves_onto_a_joker_and_red_cards_go_to_red() -> None:
    state = position({V(1, 1): "2D"}, big=(V(0, 0), V(1, 1)), card="2H")
    assert state.current_player() == 1
    assert big_action(V(1, 0)) in state.legal_actions()


def test_no_token_enters_a_card_holding_an_opponent_token() -> None:
    track = {V(0, 1): "2C", V(0, 2): "2S", V(0, 3): "2C"}
    state = position(track, smalls=([V(0, 0)], [V(0, 2)]), card="9S")
    assert big_action(V(0, 1)) in state.legal_actions()
    dests = {a >> 3 >> 5 for a in of_type(state, SMALL)}
    assert V(0, 1) in dests and V(0, 2) not in dests and V(0, 3) not in dests  # no passing


def small_dests(state: CardtrackState) -> set[int]:
    return {a >> 3 >> 5 for a in of_type(state, SMALL)}


def test_small_token_path_turned_card_reading() -> None:
    track = {V(0, 1): "5C", V(0, 2): "3C", V(0, 3): "2C", V(0, 4): "2S"}
    state = position(track, smalls=([V(0, 0)], []), card="5S")
    assert small_dests(state) == {V(0, 1), V(0, 2), V(0, 3)}  # at most 3 steps
    state = position(track, smalls=([V(0, 0)], []), card="4S")
    assert small_dests(state) == set()  # the first card entered is a 5
    state = position(track, smalls=([V(0, 0)], []), card="5S", small_max_steps=2)
    assert small_dests(state) == {V(0, 1), V(0, 2)}


def test_small_token_path_stop_card_reading() -> None:
    track = {V(0, 1): "5C", V(0, 2): "3C", V(0, 3): "6C"}
    state = position(track, smalls=([V(0, 0)], []), card="6S", small_path_rule="stop_card")
    # V(0, 2): entered 5 > stop 3; V(0, 3): entered 5, 3 <= stop 6 <= turned 6
    assert small_dests(state) == {V(0, 1), V(0, 3)}
    turned = position(track, smalls=([V(0, 0)], []), card="6S")
    assert small_dests(turned) == {V(0, 1), V(0, 2), V(0, 3)}
    state = position(track, smalls=([V(0, 0)], []), card="5S", small_path_rule="stop_card")
    assert small_dests(state) == {V(0, 1)}  # the stop card 6 is higher than the turned 5


def test_small_path_never_revisits_and_records_its_path() -> None:
    track = {V(0, 1): "2C", H(0, 1): "2S", V(1, 1): "2C", H(1, 0): "3C"}
    state = position(track, smalls=([V(0, 1)], []), card="2S")
    # (H(1, 0) leaves Red's big token a free card, else V(1, 1) would block it)
    # own big token on V(0, 0) does not stop a small token; Red's on V(1, 0) does
    assert small_dests(state) == {V(0, 0), H(0, 1), V(1, 1)}
    action = small_action(0, V(1, 1))
    record = state.action_record(action)
    assert record["path"] == [["V", 0, 1], ["H", 0, 1], ["V", 1, 1]]
    assert record["token"] == 1 and record["slot"] == ["V", 1, 1]
    state.apply_action(action)
    assert state.smalls[0] == [V(1, 1)]


def test_king_places_a_small_token_on_the_own_joker_then_moves_it() -> None:
    track = {V(0, 1): "AC", V(0, 2): "2C"}
    state = position(track, card="KC")
    legal = state.legal_actions()
    assert all(a & 7 == KING for a in legal)  # no build, no discard while in reserve
    assert {a >> 3 for a in legal} == {V(0, 0)}  # the ace above is higher than a king
    assert king_action(V(0, 0)) in legal
    state.apply_action(king_action(V(0, 0)))
    assert state.smalls[0] == [V(0, 0)] and state.reserve[0] == 5
    assert state.open_count == 1


def test_king_moves_with_value_13_up_to_three_steps() -> None:
    track = {V(0, 1): "QC", V(0, 2): "KS", V(0, 3): "2C", V(0, 4): "2S"}
    state = position(track, card="KC")
    assert {a >> 3 for a in state.legal_actions()} == {V(0, 0), V(0, 1), V(0, 2), V(0, 3)}


def test_king_is_discarded_when_an_opponent_token_stands_on_the_own_joker() -> None:
    state = position({H(0, 0): "2C"}, big=(H(0, 0), V(0, 0)), card="KS")
    assert state.legal_actions() == [DISCARD]


def test_king_without_reserve_counts_as_a_queen_for_moving_only() -> None:
    track = {V(0, 1): "KD", H(-1, 0): "QC"}
    state = position(track, card="KS", small_tokens=0)
    legal = state.legal_actions()
    assert big_action(H(-1, 0)) in legal  # onto a queen
    assert big_action(V(0, 1)) not in legal  # not onto a king
    assert not of_type(state, BUILD) and DISCARD in legal


def test_wild_joker_moves_onto_any_value() -> None:
    state = position({V(0, 1): "AC"}, spare_jokers="wild")
    state.apply_action(cards.BLACK_JOKER)
    assert big_action(V(0, 1)) in state.legal_actions()


def test_no_full_block_rule() -> None:
    # Red's big token on V(1, 1): its only adjacent cards are V(1, 0) (its joker) and V(1, 2)
    track = {V(1, 1): "2D", V(1, 2): "2S", V(1, 3): "2C"}
    smalls: tuple[list[int], list[int]] = ([V(1, 3)], [])
    red_on_joker = (V(0, 0), V(1, 1))
    # no black token on V(1, 0): moving onto V(1, 2) leaves Red a way
    state = position(track, big=red_on_joker, smalls=smalls, card="5C")
    assert small_action(0, V(1, 2)) in state.legal_actions()
    # with a black token on Red's joker too, the same move blocks every adjacent card
    state = position(track, big=red_on_joker, smalls=([V(1, 3), V(1, 0)], []), card="5C")
    assert small_action(0, V(1, 2)) not in state.legal_actions()
    assert state.block_refusals >= 1
    # an empty adjacent card (a bridge) keeps a way open: the move is legal again
    track_bridge = {**track, H(0, 1): "3C"}
    state = position(track_bridge, big=red_on_joker, smalls=([V(1, 3), V(1, 0)], []), card="5C")
    assert small_action(0, V(1, 2)) in state.legal_actions()


def test_block_rule_counts_every_token_of_the_acting_player() -> None:
    # Black's big token would complete the ring: refused too
    track = {V(1, 1): "2D", V(1, 2): "2S", H(0, 2): "2C", V(0, 2): "2C", V(0, 1): "2S"}
    state = position(track, big=(V(0, 2), V(1, 1)), smalls=([V(1, 0)], []), card="5C")
    assert big_action(H(0, 2)) in state.legal_actions()
    state.apply_action(big_action(H(0, 2)))  # not adjacent to V(1, 1): fine
    state.apply_action(cards.parse("5S", 0))
    assert big_action(V(1, 2)) not in state.legal_actions()


def test_summit_then_return_to_the_own_joker_wins() -> None:
    track = {V(0, 1): "2C", V(0, 2): "2S"}
    state = position(track, card="5C", height=2)
    state.apply_action(big_action(V(0, 1)))
    assert not state.summited[0]
    state.apply_action(cards.parse("5S", 0))
    state.apply_action(big_action(V(0, 2)))
    assert state.summited[0] and not state.is_terminal()
    for slot in (V(0, 1), V(0, 0)):
        state.apply_action(cards.parse("6C", 0))
        state.apply_action(big_action(slot))
    assert state.is_terminal() and state.outcome().winners == (0,)
    assert state.returns() == [1.0, -1.0]
    assert state.record_result() == {"result": "win", "winners": [0], "cards": 4}


def test_horizontal_cards_never_summit() -> None:
    track = {V(-1, 1): "2C", H(-1, 1): "2S", V(-1, 0): "3C"}
    state = position(track, big=(V(-1, 1), V(1, 0)), card="5C", height=1)
    state.apply_action(big_action(H(-1, 1)))  # row 1 >= height, but a horizontal card
    assert not state.summited[0]
    state.apply_action(cards.parse("5S", 0))
    state.apply_action(big_action(V(-1, 1)))
    assert state.summited[0]


def test_returning_without_summit_does_not_win() -> None:
    state = position({H(0, 0): "2C", V(1, 1): "2S"}, big=(V(0, 0), V(1, 1)), card="5C", height=1)
    state.apply_action(big_action(H(0, 0)))
    assert not state.summited[0]
    state.apply_action(cards.parse("5C", 0))
    state.apply_action(big_action(V(0, 0)))
    assert not state.is_terminal()


def test_reshuffle_when_the_draw_pile_is_empty() -> None:
    state = make_game(CardtrackRules(decks=1, small_tokens=0)).new_initial_state()
    for _ in range(52):
        state.apply_action(state.draw[0])
        state.apply_action(DISCARD)
    assert state.reshuffles == 1 and len(state.draw) == 52 and state.open_count == 0
    assert state.pending_reshuffle
    state.apply_action(state.draw[0])
    state.apply_action(DISCARD)
    log = state.log_entries()
    assert log[-1][-1] is True and log[-2][-1] is False
    assert not state.pending_reshuffle


def test_both_piles_empty_end_the_game_without_winner() -> None:
    state = make_game(CardtrackRules(decks=1, small_tokens=0)).new_initial_state()
    set_draw(state, ["5C"])
    turn(state, "5C")
    state.apply_action(build_action(V(0, 1)))  # the last card leaves no pile to reshuffle
    assert state.is_terminal() and state.outcome().result == "nowinner"
    assert state.returns() == [0.0, 0.0]


def test_max_turns_ends_the_game_unfinished() -> None:
    state = make_game(CardtrackRules(max_turns=3, small_tokens=0)).new_initial_state()
    for _ in range(3):
        state.apply_action(state.draw[0])
        state.apply_action(DISCARD)
    assert state.is_terminal() and state.outcome().result == "unfinished"
    assert state.record_result() == {"result": "unfinished", "winners": [], "cards": 3}


def test_the_same_player_may_act_many_times_in_a_row() -> None:
    state = make_game(CardtrackRules(small_tokens=0)).new_initial_state()
    for name in ("2C", "3S", "4C"):
        state.apply_action(cards.parse(name))
        assert state.current_player() == 0
        state.apply_action(DISCARD)


@pytest.mark.parametrize("action", [-1, 7, build_action(V(5, 5)), big_action(V(0, 1)), 1 << 40])
def test_illegal_actions_raise(action: int) -> None:
    state = position(card="5C")
    with pytest.raises(ValueError):
        state.apply_action(action)
