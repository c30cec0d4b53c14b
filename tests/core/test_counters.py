"""The counter-strategy wrapper every game's ``counters`` module builds on
(plywright.simulate.counters): the tactic's action when it names one, the base's otherwise,
bound to the seat it plays; an unknown base is refused by name."""

from __future__ import annotations

import random
from typing import Any

import pytest

from plywright.api import Agent
from plywright.engine import State
from plywright.simulate.counters import BoundTactic, CounterAgent, counter_kind


class Fixed:
    """A base that always answers ``action`` and counts its calls."""

    def __init__(self, action: int) -> None:
        self.action = action
        self.calls = 0

    def step(self, state: State) -> int:
        self.calls += 1
        return self.action


def bases() -> dict[str, Any]:
    return {"seven": lambda game, seat, rng: Fixed(7)}


def bind(tactic: str, game: Any, seat: int, base: Agent) -> BoundTactic:
    """``even``: the seat's number when the state (an int here) is even; ``never``: None."""
    if tactic == "even":
        return lambda state: seat if int(state) % 2 == 0 else None  # type: ignore[call-overload]
    return lambda state: None


def test_the_tactic_decides_when_it_names_an_action_else_the_base() -> None:
    counter = counter_kind(bases(), bind)("even", "seven")
    agent = counter.make(None, 3, random.Random(0))
    assert isinstance(agent, CounterAgent)
    answers = [agent.step(n) for n in (0, 1, 2, 3)]  # type: ignore[arg-type]
    assert answers == [3, 7, 3, 7]
    assert isinstance(agent.base, Fixed) and agent.base.calls == 2
    assert counter.name == "even/seven"


def test_a_tactic_that_never_fires_leaves_the_base() -> None:
    agent = counter_kind(bases(), bind)("never", "seven").make(None, 0, random.Random(0))
    assert [agent.step(n) for n in range(4)] == [7, 7, 7, 7]  # type: ignore[arg-type]


def test_an_unknown_base_is_refused_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"unknown base agent 'nine' \(known: seven\)"):
        counter_kind(bases(), bind)("even", "nine")


def test_counters_compare_by_tactic_and_base() -> None:
    counter = counter_kind(bases(), bind)
    assert counter("even", "seven") == counter("even", "seven")
    assert counter("even", "seven") != counter("never", "seven")
