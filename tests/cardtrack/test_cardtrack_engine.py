"""The Konstruktsiia engine: protocol, slot geometry and Hypothesis invariants (cards conserved,
tokens never share a card with an opponent token, a replayed record gives the same state)."""

from __future__ import annotations

import math
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from plywright.engine import CHANCE, TERMINAL, replay
from plywright.plugins.cardtrack import cards, movegen, sampling
from plywright.plugins.cardtrack.agents import BlockerAgent, BuilderAgent, RandomAgent
from plywright.plugins.cardtrack.geometry import (
    Slot,
    contacts,
    in_columns,
    neighbour_indices,
    neighbours,
    slot_index,
    slot_of_index,
    slot_rect,
    track_extent,
    track_slots,
)
from plywright.plugins.cardtrack.options import CardtrackRules
from plywright.plugins.cardtrack.records import replay_record
from plywright.plugins.cardtrack.rules import CardtrackGame, CardtrackState, make_game
from plywright.records import record_of_actions

slots = st.builds(Slot, st.sampled_from(["V", "H"]), st.integers(-300, 300), st.integers(0, 500))


@given(slots)
def test_slot_index_round_trip_and_neighbours_by_arithmetic(slot: Slot) -> None:
    index = slot_index(slot)
    assert slot_of_index(index) == slot
    assert tuple(slot_of_index(i) for i in neighbour_indices(index)) == neighbours(slot)
    assert contacts(slot) == neighbours(slot)
    for other in neighbours(slot):
        assert slot in neighbours(other)  # adjacency is symmetric


def test_slot_rectangles_follow_the_rules_file() -> None:
    w, h = 63.0, 88.0
    assert slot_rect(Slot("V", 0, 0), w, h) == (0.0, 0.0, 63.0, 88.0)
    assert slot_rect(Slot("V", 1, 2), w, h) == (151.0, 176.0, 63.0, 88.0)
    assert slot_rect(Slot("H", 0, 1), w, h) == (63.0, 88.0 + 12.5, 88.0, 63.0)
    # a horizontal card's short sides touch the long sides of V(c, r) and V(c + 1, r)
    hx, hy, hw, hh = slot_rect(Slot("H", 0, 0), w, h)
    vx, vy, vw, vh = slot_rect(Slot("V", 0, 0), w, h)
    rx = slot_rect(Slot("V", 1, 0), w, h)[0]
    assert hx == vx + vw and hx + hw == rx and vy < hy and hy + hh < vy + vh
    # cards of a column touch end to end
    assert slot_rect(Slot("V", 0, 1), w, h)[1] == vy + vh


def test_track_extent_and_columns() -> None:
    shown = track_slots(10)
    assert Slot("V", 0, 10) in shown and Slot("H", 0, 10) in shown and len(shown) == 33
    assert track_extent(63, 88, 10) == (0.0, 0.0, 151 + 63, 11 * 88)
    assert len(track_slots(2, 4)) == 3 * (4 + 3)
    assert in_columns(Slot("H", 0, 0), 2) and not in_columns(Slot("H", 1, 0), 2)


def test_game_info_and_initial_state() -> None:
    game = make_game(CardtrackRules())
    info = game.info()
    assert info.num_players == 2 and info.has_chance and not info.turn_based
    state = game.new_initial_state()
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 52 and math.isclose(sum(p for _, p in outcomes), 1.0)
    assert all(math.isclose(p, 1 / 52) for _, p in outcomes)
    assert game.record_header() == {"players": ["black", "red"], "decks": 3}


def total_cards(state: CardtrackState) -> int:
    draw, open_pile = state.shoe_and_open()
    in_hand = 1 if state.card >= 0 else 0
    return sum(draw) + sum(open_pile) + len(state.track) + in_hand


def check_invariants(state: CardtrackState, expected_total: int) -> None:
    if state.current_player() in (0, 1):  # cached reach tables list what a fresh search lists
        fresh = state.clone()
        fresh.clear_caches()
        assert fresh.legal_actions() == state.legal_actions()
    assert total_cards(state) == expected_total
    assert sum(len(d) for d in state.draw_decks) == len(state.draw)
    assert state.open_count == sum(len(d) for d in state.open_decks)
    for seat in (0, 1):
        mine = set(state.tokens(seat))
        theirs = set(state.tokens(1 - seat))
        assert not mine & theirs, "tokens of both colours on one card"
        assert all(slot in state.track for slot in mine), "a token off the track"
        assert sum(state.occ[seat].values()) == 1 + len(state.smalls[seat])
        assert len(state.smalls[seat]) + state.reserve[seat] == state.game.rules.small_tokens


def play(game: CardtrackGame, seed: int, agents: str, check: bool = False) -> CardtrackState:
    rng = random.Random(seed)
    players: list[RandomAgent | BuilderAgent] = []
    for seat, name in enumerate(agents.split("/")):
        agent_rng = random.Random(seed * 10 + seat)
        if name == "random":
            players.append(RandomAgent(agent_rng))
        else:
            kind = BlockerAgent if name == "blocker" else BuilderAgent
            players.append(kind(game, seat, agent_rng))
    state = game.new_initial_state()
    total = total_cards(state)
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_card(rng))
        else:
            state.apply_action(players[player].step(state))
        if check:
            check_invariants(state, total)
    return state


variants = st.fixed_dictionaries(
    {
        "decks": st.integers(1, 3),
        "height": st.integers(1, 6),
        "spare_jokers": st.sampled_from(["remove", "wild"]),
        "small_tokens": st.integers(0, 4),
        "small_path_rule": st.sampled_from(["turned_card", "stop_card"]),
        "small_max_steps": st.integers(1, 4),
        "max_columns": st.sampled_from([0, 2, 3, 5]),
        "max_turns": st.integers(1, 150),
    }
)


@settings(max_examples=80, deadline=None)
@given(
    variants,
    st.integers(0, 10**6),
    st.sampled_from(["random/random", "blocker/random", "builder/blocker"]),
)
def test_invariants_hold_and_records_replay(rules: dict[str, Any], seed: int, agents: str) -> None:
    game = make_game(CardtrackRules(**rules))
    state = play(game, seed, agents, check=True)
    assert state.current_player() == TERMINAL and state.legal_actions() == []
    replayed = replay(game, state.history())
    assert str(replayed) == str(state)
    header = {"game": "cardtrack", "variant": game.parameters(), "seed": seed}
    from_record = replay_record(record_of_actions(game, state.history(), header))
    assert str(from_record) == str(state) and from_record.log_entries() == state.log_entries()


def test_clone_is_independent_and_plays_the_same() -> None:
    game = make_game(CardtrackRules(height=3))
    state = play(game, 3, "builder/builder")
    partial = replay(game, state.history()[: len(state.history()) // 2])
    assert isinstance(partial, CardtrackState)
    copy = partial.clone()
    before = str(partial)
    rng = random.Random(1)
    while not copy.is_terminal():
        copy.apply_action(
            copy.sample_card(rng) if copy.current_player() == CHANCE else copy.legal_actions()[-1]
        )
    assert str(partial) == before


def test_chance_outcomes_follow_the_draw_pile() -> None:
    game = make_game(CardtrackRules(decks=2, small_tokens=0))
    state = game.new_initial_state()
    state.apply_action(cards.parse("7H"))
    state.apply_action(0)
    outcomes = dict(state.chance_outcomes())
    assert math.isclose(outcomes[cards.parse("7H")], 1 / 103)
    assert math.isclose(outcomes[cards.parse("7C")], 2 / 103)
    assert sorted(outcomes) == state.legal_actions()


def test_protocol_over_a_whole_random_game_of_the_standard_variant() -> None:
    """The generic conformance test stops at 3,000 actions; a random standard game runs to
    ``max_turns`` (2,000 cards, 4,000 actions): check the same protocol over all of it."""
    game = make_game(CardtrackRules())
    rng = random.Random(11)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        steps += 1
        legal = state.legal_actions()
        assert legal and state.num_legal_actions() == len(legal) == len(set(legal))
        assert all(-1.0 <= v <= 1.0 for v in state.evaluate())
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            assert math.isclose(sum(p for _, p in outcomes), 1.0)
            assert sorted(a for a, _ in outcomes) == legal
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(legal)
        if steps % 97 == 0:
            copy = state.clone()
            before = (str(state), tuple(legal))
            copy.apply_action(action)
            assert (str(state), tuple(state.legal_actions())) == before
        state.apply_action(action)
    assert state.outcome().result == "unfinished" and steps == 2 * 2000
    assert steps <= game.info().max_length
    assert str(replay(game, state.history())) == str(state)


class _Index:
    """A stand-in rng whose ``random()`` points at the middle of slot ``i`` of ``n``."""

    def __init__(self, i: int, n: int) -> None:
        self.value = (i + 0.5) / n

    def random(self) -> float:
        return self.value


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["turned_card", "stop_card"]))
def test_random_action_picks_like_a_choice_from_the_listed_actions(seed: int, rule: str) -> None:
    game = make_game(CardtrackRules(small_path_rule=rule, height=4, max_turns=300))
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_card(rng))
            continue
        if state.turned % 7:
            state.apply_action(state.random_action(rng))
            continue
        legal = state.clone().legal_actions()
        picked = []
        for i in range(len(legal)):
            fresh = state.clone()
            fresh.clear_caches()
            picked.append(fresh.random_action(_Index(i, len(legal))))  # type: ignore[arg-type]
        assert picked == legal
        state.apply_action(state.random_action(rng))


def test_sample_action_is_uniform_over_the_legal_actions() -> None:
    game = make_game(CardtrackRules())
    rng = random.Random(5)
    state = game.new_initial_state()
    checked = 0
    while checked < 4:
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_card(rng))
            continue
        if state.turned in (40, 300, 900, 1500):
            legal = state.clone().legal_actions()
            draws = 60 * len(legal)
            counts: dict[int, int] = dict.fromkeys(legal, 0)
            for _ in range(draws):
                action = state.sample_action(rng)
                assert action in counts, "an action that is not legal"
                counts[action] += 1
            expected = draws / len(legal)
            chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
            dof = len(legal) - 1
            assert min(counts.values()) > 0 and chi2 < dof + 6 * math.sqrt(2 * dof) + 10
            checked += 1
        state.apply_action(state.sample_action(rng))


def test_targeted_reach_agrees_with_the_reach_tables() -> None:
    for rule in ("turned_card", "stop_card"):
        game = make_game(CardtrackRules(small_path_rule=rule))
        rng = random.Random(8)
        state = game.new_initial_state()
        while state.turned < 300:
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_card(rng))
                continue
            seat = state.current_player()
            value = state.move_value()
            for src in set(state.smalls[seat]):
                dests = set(movegen.small_dests(state, seat, src, value))
                for dest in sampling.region(state, src):
                    fresh = state.clone()
                    fresh.clear_caches()
                    assert movegen.can_reach(fresh, seat, src, value, dest) == (dest in dests)
            state.apply_action(state.sample_action(rng))
