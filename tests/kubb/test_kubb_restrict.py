"""Restricted play in Kubb: ``expectimax`` without the advantage line, without the front kubb
first or without grouped throw-ins never makes that choice while it has another (in positions
and in whole games, either team restricted); a position where every choice is of that kind
still gets one; the check reports a restricted entry per team and kind."""

from __future__ import annotations

import random

import pytest

from plywright.api import Forbid, SearchSettings
from plywright.engine import CHANCE
from plywright.plugins.kubb.kinds import ADVANTAGE_LINE, FRONT, GROUP, KINDS, move_kind
from plywright.plugins.kubb.options import PRESETS, KubbRules
from plywright.plugins.kubb.plugin import GAME
from plywright.plugins.kubb.rules import (
    ADVANTAGE,
    BATON_AIM,
    THROW_AIM,
    KubbGame,
    KubbState,
    make_game,
)
from plywright.plugins.kubb.search import ExpectimaxAgent
from plywright.registry import Registry
from plywright.simulate.runner import run_check
from plywright.variant import parse_variant
from restricted import assert_restricted_entries

SEED = make_game(KubbRules.model_validate(PRESETS["seed"]["rules"]))
BEGINNERS = make_game(KubbRules.model_validate({**PRESETS["seed"]["rules"], "skill": "beginner"}))
"""Beginners leave field kubbs standing: the advantage line is on offer in most games (club
teams playing expectimax clear the field nearly every turn)."""


def _agent(game: KubbGame, seat: int, kind: str | None, budget: int = 2) -> ExpectimaxAgent:
    forbid = Forbid(kind, move_kind) if kind is not None else None
    return ExpectimaxAgent(game, seat, SearchSettings(budget, forbid=forbid))


def _kinds(state: KubbState) -> set[str]:
    return {move_kind(state, action) for action in state.legal_actions()}


def test_the_kinds_are_registered_on_the_game() -> None:
    assert GAME.restrictable is not None
    assert GAME.restrictable.kinds == ("advantage", "front", "group") == KINDS
    assert GAME.restrictable.kind_of is move_kind


def _positions() -> dict[str, KubbState]:
    """A position offering each kind beside another: team 1's kubb standing in team 0's half
    (the advantage line); two field kubbs in team 1's half, kubb 0 nearer the centre line (the
    front); team 0's two felled base kubbs to throw in beside its field kubb 2 (a group)."""
    return {
        ADVANTAGE_LINE: SEED.position(0, turn=3, field_kubbs={5: (3.0, 2.5, True)}),
        FRONT: SEED.position(0, turn=3, field_kubbs={0: (6.0, 1.5, True), 1: (7.5, 3.5, True)}),
        GROUP: SEED.position(0, turn=3, felled_base=(0, 1), field_kubbs={2: (6.0, 2.5, True)}),
    }


PHASES = {ADVANTAGE_LINE: ADVANTAGE, FRONT: BATON_AIM, GROUP: THROW_AIM}


@pytest.mark.parametrize("kind", KINDS)
def test_a_position_s_choice_of_the_kind_goes_elsewhere(kind: str) -> None:
    state = _positions()[kind]
    assert state.phase == PHASES[kind] and state.current_player() == 0
    offered = _kinds(state)
    assert kind in offered and len(offered) > 1
    free = _agent(SEED, 0, None).step(state.clone())
    held = _agent(SEED, 0, kind).step(state.clone())
    assert move_kind(state, free) == kind, "the free agent makes this choice here"
    assert held in state.legal_actions() and move_kind(state, held) != kind


def test_a_choice_of_front_kubbs_only_still_gets_a_baton() -> None:
    both = SEED.position(0, turn=3, field_kubbs={0: (6.0, 1.5, True), 1: (6.0, 3.5, True)})
    assert both.phase == BATON_AIM and _kinds(both) == {FRONT}, "equally near the centre line"
    assert _agent(SEED, 0, FRONT).step(both.clone()) in (0, 1)


def _play(game: KubbGame, seat: int, kind: str, seed: int) -> tuple[int, int]:
    """One game with team ``seat`` restricted: ``(its decisions offering the kind beside
    another, the free team's choices of the kind)``; every restricted choice is checked."""
    agents = [_agent(game, s, kind if s == seat else None, budget=1) for s in (0, 1)]
    rng = random.Random(seed)
    state = game.new_initial_state()
    held = made = 0
    while not state.is_terminal():
        mover = state.current_player()
        if mover == CHANCE:
            outcomes = state.chance_outcomes()
            actions, weights = zip(*outcomes, strict=True)
            state.apply_action(rng.choices(actions, weights)[0])
            continue
        offered = _kinds(state)
        action = agents[mover].step(state)
        chosen = move_kind(state, action)
        if mover == seat:
            assert chosen != kind or offered == {kind}, f"{chosen} with {offered} legal"
            held += kind in offered and len(offered) > 1
        else:
            made += chosen == kind
        state.apply_action(action)
    return held, made


@pytest.mark.parametrize("kind", KINDS)
def test_the_search_never_makes_the_forbidden_choice_in_whole_games(kind: str) -> None:
    held = made = 0
    for seed in range(4):
        h, m = _play(BEGINNERS, seed % 2, kind, seed)
        held, made = held + h, made + m
    assert held > 0 and made > 0, "the kind was on offer and the free team made it"


def test_the_check_reports_restricted_play_per_team_and_kind(registry: Registry) -> None:
    check = {"strong_agent": "expectimax:1", "games": 40}
    variant = parse_variant({"game": "kubb", "preset": "seed", "check": check}, registry)
    report = run_check(registry, variant, games=8, seed=1, jobs=1, probes="full")
    assert_restricted_entries(report, "expectimax:1", KINDS, games=8)
