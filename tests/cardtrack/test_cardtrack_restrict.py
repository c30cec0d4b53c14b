"""Restricted play in Konstruktsiia: the ``planner`` without building, big-token moves,
small-token moves or discards never uses a card so while it has another use (in whole games,
either seat restricted, and in the quick play of its futures); a card with only that use
still gets it; the check reports a restricted entry per seat and kind."""

from __future__ import annotations

import random

import pytest

from plywright.api import Forbid, SearchSettings
from plywright.engine import CHANCE
from plywright.plugins.cardtrack.cards import OWNERS
from plywright.plugins.cardtrack.kinds import KINDS, move_kind
from plywright.plugins.cardtrack.options import PRESETS, CardtrackRules
from plywright.plugins.cardtrack.plugin import GAME
from plywright.plugins.cardtrack.positions import position
from plywright.plugins.cardtrack.rollout import Rollout
from plywright.plugins.cardtrack.rules import CardtrackGame, CardtrackState, make_game
from plywright.plugins.cardtrack.search import PlannerAgent
from plywright.registry import Registry
from plywright.simulate.runner import run_check
from plywright.variant import parse_variant
from restricted import assert_restricted_entries

STANDARD = make_game(CardtrackRules.model_validate(PRESETS["standard"]["rules"]))


def _agent(game: CardtrackGame, seat: int, kind: str | None) -> PlannerAgent:
    forbid = Forbid(kind, move_kind) if kind is not None else None
    return PlannerAgent(game, seat, random.Random(seat), SearchSettings(1, forbid=forbid))


def _kinds(state: CardtrackState) -> set[str]:
    return {move_kind(state, action) for action in state.legal_actions()}


def test_the_kinds_are_registered_on_the_game() -> None:
    assert GAME.restrictable is not None
    assert GAME.restrictable.kinds == ("build", "big", "small", "discard") == KINDS
    assert GAME.restrictable.kind_of is move_kind
    assert {move_kind(None, action) for action in range(5)} == {*KINDS, "king"}


def _play(seat: int, kind: str, seed: int, cards: int = 120) -> tuple[int, int]:
    """One game (at most ``cards`` turned) with seat ``seat`` restricted: ``(its decisions
    offering the kind beside another, the free seat's uses of the kind)``; every restricted
    choice, the planner's and its futures' quick play's, is checked."""
    agents = [_agent(STANDARD, s, kind if s == seat else None) for s in (0, 1)]
    quick = Rollout(STANDARD, Forbid(kind, move_kind), seat)
    rng = random.Random(seed)
    state = STANDARD.new_initial_state()
    held = made = 0
    while not state.is_terminal() and state.turned < cards:
        mover = state.current_player()
        if mover == CHANCE:
            state.apply_action(state.sample_card(rng))
            continue
        offered = _kinds(state)
        action = agents[mover].step(state)
        chosen = move_kind(state, action)
        if mover == seat:
            assert chosen != kind or offered == {kind}, f"{chosen} with {offered} legal"
            rolled = move_kind(state, quick.step(state))
            assert rolled != kind or offered == {kind}, f"the futures play {rolled}"
            held += kind in offered and len(offered) > 1
        else:
            made += chosen == kind
        state.apply_action(action)
    return held, made


@pytest.mark.parametrize("kind", KINDS)
def test_the_planner_never_uses_a_card_the_forbidden_way_while_it_has_another(kind: str) -> None:
    held = made = 0
    for seed in range(4):
        h, m = _play(seed % 2, kind, seed)
        held, made = held + h, made + m
    assert held > 0 and made > 0, "the kind was on offer and the free seat made it"


def test_the_quick_play_of_the_other_seat_is_not_restricted() -> None:
    state = position(card="2C")  # Black's card: build or discard
    assert OWNERS[state.card] == 0 and _kinds(state) == {"build", "discard"}
    free = Rollout(STANDARD).step(state)
    assert Rollout(STANDARD, Forbid(move_kind(state, free), move_kind), 1).step(state) == free
    held = Rollout(STANDARD, Forbid(move_kind(state, free), move_kind), 0).step(state)
    assert move_kind(state, held) != move_kind(state, free)


def test_a_card_with_only_the_forbidden_use_still_gets_it() -> None:
    state = position(card="KC", small_tokens=0)  # a king as a queen, nowhere to move
    assert _kinds(state) == {"discard"}
    game = state.game
    for agent in (_agent(game, 0, "discard"), Rollout(game, Forbid("discard", move_kind), 0)):
        assert move_kind(state, agent.step(state.clone())) == "discard"


def test_the_check_reports_restricted_play_per_seat_and_kind(registry: Registry) -> None:
    variant = parse_variant(
        {"game": "cardtrack", "preset": "standard", "check": {"games": 40}}, registry
    )
    report = run_check(registry, variant, games=4, seed=1, jobs=1, probes="full")
    assert_restricted_entries(report, "planner:1", KINDS, games=4)
