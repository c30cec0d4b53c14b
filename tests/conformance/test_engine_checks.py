"""The kit's engine checks on variations of its probe game (Nim): the declared sum and the
first player of ``GameInfo``, returns that contradict the outcome, the illegal actions tried."""

from __future__ import annotations

import dataclasses
import random

import pytest

from plywright.conformance import engine_checks, probe
from plywright.engine import GameInfo


class SummedGame(probe.ProbeGame):
    """Nim declaring zero-sum returns, optionally paying the loser nothing."""

    def __init__(self, rules: probe.ProbeRules, loser: float = -1.0, first: int | None = None):
        super().__init__(rules)
        self.loser, self.first = loser, first

    def info(self) -> GameInfo:
        base = super().info()
        return dataclasses.replace(base, utility_sum=0.0, first_player=self.first)

    def new_initial_state(self) -> probe.ProbeState:
        state = PaidState(self)
        return state


class PaidState(probe.ProbeState):
    game: SummedGame

    def returns(self) -> list[float]:
        returns = super().returns()
        return [r if r > 0 else self.game.loser for r in returns] if self.is_terminal() else returns

    def clone(self) -> PaidState:
        copy = PaidState(self.game)
        copy.left, copy.moves = self.left, list(self.moves)
        return copy


def rules() -> probe.ProbeRules:
    return probe.ProbeRules(sticks=7)


def test_a_zero_sum_game_passes() -> None:
    engine_checks.random_game(SummedGame(rules()), random.Random(1))


def test_returns_off_the_declared_sum_are_caught() -> None:
    with pytest.raises(AssertionError, match=r"sum to 1.0, not the declared GameInfo.utility_sum"):
        engine_checks.random_game(SummedGame(rules(), loser=0.0), random.Random(1))


def test_a_declared_first_player_is_checked() -> None:
    with pytest.raises(AssertionError, match=r"gives seat 1 \(GameInfo.first_player = 1"):
        engine_checks.random_game(SummedGame(rules(), first=1), random.Random(1))


def test_a_winner_below_another_seat_is_caught() -> None:
    game = probe.ProbeGame(rules())
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(1)
    flipped = type("Flipped", (probe.ProbeState,), {"returns": lambda self: [-1.0, 1.0]})
    state.__class__ = flipped
    if state.outcome().winners == (1,):
        pytest.skip("seat 1 won: flipped returns agree")
    with pytest.raises(AssertionError, match="a winner's return must be above"):
        engine_checks.check_end(game, state)


def test_the_illegal_actions_tried() -> None:
    state = probe.ProbeGame(rules()).new_initial_state()
    rng = random.Random(3)
    tried = engine_checks.illegal_candidates(state, rng, seen={1, 2, 3})
    assert tried[0] == 4  # the largest legal plus one
    assert tried[1] > 4 + 1 or tried[1] < -1  # far out of range
    state.apply_action(3)
    state.apply_action(3)  # one stick left: 2 and 3 are in range, no longer legal
    inside = engine_checks.illegal_candidates(state, rng, seen={1, 2, 3})
    assert inside[0] == 2 and inside[-1] == 3  # past the largest legal, then in range
    for action in inside:
        engine_checks.check_refuses(state, action, 2)
