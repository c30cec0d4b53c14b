"""Konstruktsiia counter-strategies (plugins/cardtrack/counters.py): every counter plays only
legal actions, and the ``planner`` holds the home-lock counter (the issue's simple plan: small
tokens round the opponent's joker) that beat its older version."""

from __future__ import annotations

import random

import pytest

from plywright.api import SearchSettings
from plywright.engine import CHANCE
from plywright.plugins.cardtrack.counters import COUNTERS, counter
from plywright.plugins.cardtrack.evaluation import RISK_RING, Odds, ring_risk
from plywright.plugins.cardtrack.geometry import Slot, slot_index
from plywright.plugins.cardtrack.options import CardtrackRules
from plywright.plugins.cardtrack.positions import place_tokens, position
from plywright.plugins.cardtrack.rules import CardtrackGame, CardtrackState, make_game, small_action
from plywright.plugins.cardtrack.search import PlannerAgent, candidates
from plywright.simulate.counters import Counter

GAME = make_game(CardtrackRules())
"""The default rules (the standard preset)."""


def V(c: int, r: int) -> Slot:
    return Slot("V", c, r)


def H(c: int, r: int) -> Slot:
    return Slot("H", c, r)


def play(game: CardtrackGame, counter: Counter, seat: int, seed: int) -> int:
    """One seeded game of ``counter`` at ``seat`` against ``planner``; the winner (-1: none).
    Every counter action is checked against the rules."""
    agents = [
        counter.make(game, seat, random.Random(seed * 7 + seat))
        if s == seat
        else PlannerAgent(game, s, random.Random(seed * 7 + s), SearchSettings(1))
        for s in (0, 1)
    ]
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_card(rng))
            continue
        action = agents[player].step(state)
        if player == seat:
            assert action in state.legal_actions(), (counter.name, action)
        state.apply_action(action)
    return state.winner if state.result == "win" else -1


@pytest.mark.parametrize("counter", COUNTERS, ids=lambda c: c.name)
def test_counter_plays_legal_actions(counter: Counter) -> None:
    for seat in (0, 1):
        play(GAME, counter, seat, 500 + seat)


SEEDS = range(20_000, 20_030)
"""The fixed games of the regression (the benchmark's first 30 of the Black seat): the older
planner (no locked ways round its joker in its estimate, no small-token moves round the
jokers among its candidates, 4 cards deep) lost 18 of them to the home-lock counter, this one
12. Larger samples show a smaller gap (benchmarks/exploitability_bench.py): this pins the
fixed games, not the rate."""


def test_planner_holds_the_home_lock() -> None:
    home_lock = counter("home_lock", "planner")
    lost = sum(play(GAME, home_lock, 0, seed) == 0 for seed in SEEDS)
    assert lost <= 14, lost


def lock_position(card: str = "2H") -> CardtrackState:
    """Red's big token up its column; Black's small tokens on two of the three ways into Red's
    joker (``V(1, 1)``, ``H(0, 0)``); a Red small token on ``V(2, 1)`` two steps from the last
    way, ``H(1, 0)``."""
    column = ["3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD"]
    track = {V(0, r): f"{r + 1}C" for r in range(1, 5)} | {
        V(1, r): column[r - 1] for r in range(1, 11)
    }
    track |= {H(0, 0): "2C", H(1, 0): "2S", V(2, 0): "2S", V(2, 1): "2C"}
    return position(
        track, big=(V(0, 3), V(1, 5)), smalls=((V(1, 1), H(0, 0)), (V(2, 1),)), card=card
    )


def test_ring_risk_counts_the_ways_into_a_joker() -> None:
    state = lock_position()
    assert ring_risk(state, 1) == RISK_RING
    guarded = state.clone()
    place_tokens(guarded, 1, smalls=[H(1, 0)])
    assert ring_risk(guarded, 1) == 0.0
    sealed = state.clone()
    place_tokens(sealed, 0, smalls=[V(1, 1), H(0, 0), H(1, 0)])
    assert ring_risk(sealed, 1) == 1.0
    home = state.clone()
    place_tokens(home, 1, big=V(1, 0))
    assert ring_risk(home, 1) == 0.0
    assert ring_risk(state, 1) > 0.0 and Odds.of(sealed).estimate(sealed)[0][1] == 0.0


def test_guarding_the_last_way_home_is_a_candidate() -> None:
    state = lock_position()
    guard = small_action(0, slot_index(H(1, 0)))
    assert state.is_legal(guard)
    assert guard in candidates(state, Odds.of(state))
