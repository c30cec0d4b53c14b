"""Kubb engine invariants (Hypothesis): kubbs are conserved, every kubb stays on the field,
base kubbs never move, every felled kubb is thrown in by its half's team, the king stands
until the last throw; histories replay; the game info bounds hold."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plywright.engine import CHANCE, replay
from plywright.plugins.kubb.agents import AGENTS
from plywright.plugins.kubb.options import PRESETS, KubbRules
from plywright.plugins.kubb.rules import (
    BATON_AIM,
    BATON_OUT,
    THROW_AIM,
    KubbGame,
    KubbState,
    make_game,
)
from plywright.simulate.chance import sample_chance

SPECS = {spec.name: spec for spec in AGENTS}
GAMES = {
    "seed": make_game(KubbRules()),
    "world": make_game(KubbRules.model_validate(PRESETS["world"]["rules"])),
    "narrow": make_game(
        KubbRules(length=6.0, width=3.0, kubbs_per_team=4, kubb_spacing=0.6, skill="advanced")
    ),
    "mixed": make_game(KubbRules(skill=("beginner", 0.8), throw_in_attempts=1, batons=4,
                                 opening_batons=(1, 2, 3), king_min_batons_left=1)),
}  # fmt: skip


def check_invariants(game: KubbGame, state: KubbState) -> None:
    geo = game.field
    bases = [*geo.base_positions(0), *geo.base_positions(1)]
    assert len(state.xs) == len(state.ys) == len(state.up) == game.kubbs
    for i in range(game.kubbs):
        point = (state.xs[i], state.ys[i])
        assert geo.inside(point), f"kubb {i} at {point} is off the field"
        if state.base[i]:
            assert point == bases[i], "a base kubb never moves"
        else:
            assert point[0] != geo.centre_x, "a field kubb stands in one half"
    if not state.is_terminal():
        assert state.king_up, "the king stands until the last throw"
    if state.phase in (BATON_AIM, BATON_OUT):
        mine = [i for i in range(game.kubbs) if geo.half_of(state.xs[i]) == state.team]
        assert all(state.up[i] for i in mine), "every felled kubb of the half was thrown in"
    if state.phase == THROW_AIM:
        kubb = state.queue[0]
        assert not state.up[kubb] and geo.half_of(state.xs[kubb]) == state.team


@settings(max_examples=40, deadline=None)
@given(
    variant=st.sampled_from(sorted(GAMES)),
    agents=st.tuples(st.sampled_from(sorted(SPECS)), st.sampled_from(sorted(SPECS))),
    seed=st.integers(0, 2**32 - 1),
)
def test_random_games_keep_the_invariants(variant: str, agents: tuple[str, str], seed: int) -> None:
    game = GAMES[variant]
    rng = random.Random(seed)
    players = [SPECS[name].factory(game, seat, rng) for seat, name in enumerate(agents)]
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        steps += 1
        assert steps <= game.info().max_length
        if state.current_player() == CHANCE:
            action = sample_chance(state, rng)
        else:
            action = players[state.current_player()].step(state)
            assert action in state.legal_actions()
        state.apply_action(action)
        check_invariants(game, state)
    outcome = state.outcome()
    assert state.turn <= game.rules.max_turns
    if outcome.result == "win":
        assert not state.king_up and sum(state.returns()) == 0
        last = state.record_lines()[-1]
        assert last["throw"] == "baton" and last["king_felled"]
    else:
        assert state.king_up and state.turn == game.rules.max_turns
    again = replay(game, state.history())
    assert isinstance(again, KubbState)
    assert again.record_lines() == state.record_lines()
    assert again.game_metrics() == state.game_metrics()


def test_game_metrics_of_a_finished_game() -> None:
    game = GAMES["seed"]
    state = game.new_initial_state()
    rng = random.Random(3)
    players = [SPECS["basic"].factory(game, seat, rng) for seat in (0, 1)]
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(players[state.current_player()].step(state))
    metrics = state.game_metrics()
    assert set(metrics) == {
        "turns", "batons", "first_team_won", "early_king", "first_turn_end", "unfinished",
        "penalty_kubbs",
        "throw_ins", "king_shots", "advantage_turn_share", "advantage_used_share",
        "first_baton_field_share", "first_baton_field_kubbs", "first_baton_field_felled",
    }  # fmt: skip
    lines = state.record_lines()
    assert metrics["turns"] == state.turn
    assert metrics["batons"] == sum(1 for line in lines if line["throw"] == "baton")
    assert metrics["throw_ins"] == sum(1 for line in lines if line["throw"] == "in")
    assert metrics["first_team_won"] == float(state.outcome().winners == (state.first,))
    assert 0 <= metrics["advantage_turn_share"] <= 1
    assert 0 < metrics["first_baton_field_felled"] <= metrics["first_baton_field_kubbs"]
    assert metrics["first_baton_field_share"] == pytest.approx(
        metrics["first_baton_field_felled"] / metrics["first_baton_field_kubbs"]
    )


def test_clone_is_independent() -> None:
    state = GAMES["seed"].position(0, felled_base=(1,), field_kubbs={5: (6.0, 1.0, True)})
    assert state.phase == THROW_AIM
    copy = state.clone()
    state.apply_action(0)
    state.apply_action(7)
    assert copy.phase == THROW_AIM and copy.history() == [] and copy.queue == [1]
    assert state.phase != THROW_AIM and state.history() == [0, 7] and state.up[1]
    assert not copy.up[1]
