"""The no-full-block rule: the opponent's big token must keep a free card to advance onto.

A free card is a neighbouring card without the mover's tokens that the opponent's big token
may stop on: the mover's protected starting joker is none (the opponent may not stop there),
nor is a gap (a slot with no card). The three cases, on the engine directly (the scenarios
``block-barred-joker``, ``block-gap`` and ``block-last-free-card`` say the same in the game's
words)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from plywright.plugins.cardtrack import movegen
from plywright.plugins.cardtrack.geometry import Slot, slot_index
from plywright.plugins.cardtrack.positions import position, turn
from plywright.plugins.cardtrack.rules import CardtrackState, big_action, build_action, small_action


def at(kind: str, c: int, r: int) -> int:
    return slot_index(Slot(kind, c, r))  # type: ignore[arg-type]


def small_move(state: CardtrackState, src: int, dest: int) -> int:
    return small_action(state.smalls[0].index(src), dest)


def barred_joker(**rules: Any) -> CardtrackState:
    """Red's big token on V(0,1), beside Black's joker V(0,0) (no token on it); Black holds
    V(0,2) and H(0,1); a Black small token on V(-1,1) may step onto H(-1,1)."""
    return position(
        track={
            at("V", 0, 1): "5C",
            at("V", 0, 2): "6S",
            at("H", 0, 1): "4D",
            at("H", -1, 1): "3C",
            at("V", -1, 1): "2S",
        },
        big=(at("V", 0, 2), at("V", 0, 1)),
        smalls=([at("H", 0, 1), at("V", -1, 1)], []),
        card="4S",
        **rules,
    )


def test_the_barred_joker_is_no_free_card() -> None:
    state = barred_joker(home_joker="protected")
    move = small_move(state, at("V", -1, 1), at("H", -1, 1))
    assert move not in state.legal_actions()
    assert not state.is_legal(move)
    assert state.block_refusals == 1


def test_the_barred_joker_is_a_free_card_where_stopping_there_is_allowed() -> None:
    state = barred_joker(home_joker="open")
    move = small_move(state, at("V", -1, 1), at("H", -1, 1))
    assert move in state.legal_actions() and state.is_legal(move)


def test_after_the_refusal_red_still_has_a_move_with_an_ace() -> None:
    state = barred_joker(home_joker="protected")
    state.apply_action(0)  # Black discards the 4 instead
    turn(state, "AD")
    legal = state.legal_actions()
    assert big_action(at("H", -1, 1)) in legal
    assert big_action(at("V", 0, 0)) not in legal  # the barred joker


def gap_position() -> CardtrackState:
    """Red's big token on V(1,2): cards beside it V(1,1) and H(0,2); V(1,3) and H(1,2) are
    gaps. Black holds V(1,1); a Black small token on V(0,2) may step onto H(0,2)."""
    return position(
        track={
            at("V", 1, 1): "3H",
            at("V", 1, 2): "5D",
            at("H", 0, 2): "6C",
            at("V", 0, 1): "2C",
            at("V", 0, 2): "4S",
        },
        big=(at("V", 0, 0), at("V", 1, 2)),
        smalls=([at("V", 1, 1), at("V", 0, 2)], []),
    )


def test_a_gap_is_no_free_card() -> None:
    state = gap_position()
    turn(state, "7S")
    move = small_move(state, at("V", 0, 2), at("H", 0, 2))
    assert move not in state.legal_actions() and not state.is_legal(move)
    state.apply_action(0)
    turn(state, "6H")  # Red builds into the gap above its big token
    state.apply_action(build_action(at("V", 1, 3)))
    turn(state, "7C")
    assert small_move(state, at("V", 0, 2), at("H", 0, 2)) in state.legal_actions()


@pytest.mark.parametrize("path_rule", ["turned_card", "stop_card"])
def test_the_last_free_card_may_not_be_taken(path_rule: str) -> None:
    """Three cards beside Red's big token, Black on two: the third is refused; with one
    Black token fewer the same move is legal."""
    track = {
        at("V", 0, 1): "3C",
        at("H", 0, 1): "5D",
        at("V", 1, 1): "7H",
        at("V", 0, 2): "6S",
        at("H", 0, 2): "8D",
        at("V", 1, 2): "9H",
        at("V", 0, 3): "10C",
        at("H", 0, 3): "4C",
        at("V", 1, 3): "8S",
    }
    for blockers, legal in (([at("V", 1, 1), at("H", 0, 2)], False), ([at("V", 1, 1)], True)):
        state = position(
            track=track,
            big=(at("V", 0, 0), at("V", 1, 2)),
            smalls=([*blockers, at("V", 0, 3)], []),
            card="9S",
            small_path_rule=path_rule,
        )
        move = small_move(state, at("V", 0, 3), at("V", 1, 3))
        assert (move in state.legal_actions()) is legal
        assert state.is_legal(move) is legal
        assert small_move(state, at("V", 0, 3), at("H", 0, 3)) in state.legal_actions()


def test_the_fast_samplers_never_pick_a_refused_block() -> None:
    """The samplers (random_action, sample_action) share the rule: over many picks in the
    barred-joker position, none is the refused move."""
    refused = small_move(barred_joker(), at("V", -1, 1), at("H", -1, 1))
    rng = random.Random(3)
    for _ in range(300):
        state = barred_joker()
        assert state.random_action(rng) != refused
        assert state.sample_action(rng) != refused


def test_makes_block_counts_the_barred_joker_as_no_card() -> None:
    state = barred_joker()
    assert movegen.makes_block(state, 0, at("V", -1, 1), at("H", -1, 1))
    assert not movegen.makes_block(
        barred_joker(home_joker="open"), 0, at("V", -1, 1), at("H", -1, 1)
    )
