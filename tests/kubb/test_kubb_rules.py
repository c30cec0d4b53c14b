"""Every Kubb rule as a test: throw-ins, penalty kubbs, target order, raised base kubbs, the
advantage line, the king rules, the opening, the turn bound (``docs/rules/kubb.md``)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from plywright.engine import CHANCE, TERMINAL
from plywright.plugins.kubb import throws
from plywright.plugins.kubb.options import PRESETS, KubbRules
from plywright.plugins.kubb.rules import (
    ADVANCE,
    ADVANTAGE,
    BASELINE,
    BATON_AIM,
    BATON_OUT,
    HIT,
    MISS,
    MISS_KING,
    PENALTY,
    THROW_AIM,
    THROW_LAND,
    KubbGame,
    KubbState,
    make_game,
)

SEED = make_game(KubbRules())
WORLD = make_game(KubbRules.model_validate(PRESETS["world"]["rules"]))
K = 5  # kubbs per team: team 0 has ids 0-4 (x = 0), team 1 ids 5-9 (x = 10)
KING = 2 * K


def baton(state: KubbState, target: int | None, outcome: int) -> dict[str, Any]:
    """Throw one baton: aim at ``target`` if there is a choice, then apply ``outcome``;
    returns the baton's record line."""
    if state.phase == BATON_AIM:
        assert target is not None
        state.apply_action(target)
    assert state.phase == BATON_OUT
    if target is not None:
        assert state.aim == target
    state.apply_action(outcome)
    return state.record_lines()[-1]


def miss_out(state: KubbState) -> None:
    """Miss with every baton left in this turn."""
    team, turn = state.team, state.turn
    while state.team == team and state.turn == turn and not state.is_terminal():
        if state.phase == BATON_AIM:
            state.apply_action(state.targets[0])
        assert state.phase == BATON_OUT
        state.apply_action(MISS)


def test_start_is_a_fair_draw_and_the_first_team_throws_its_opening() -> None:
    state = SEED.new_initial_state()
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    state.apply_action(1)
    assert state.current_player() == 1 and state.first == 1 and state.turn == 1
    assert state.phase == BATON_AIM and state.targets == [0, 1, 2, 3, 4]
    assert state.batons_left == 6


@pytest.mark.parametrize(
    ("game", "expected"),
    [(SEED, [6, 6, 6, 6]), (WORLD, [2, 4, 6, 6])],
)
def test_opening_batons_per_game_turn(game: KubbGame, expected: list[int]) -> None:
    state = game.new_initial_state()
    state.apply_action(0)
    counts = []
    for _ in expected:
        turn = state.turn
        thrown = 0
        while state.turn == turn:
            if state.phase == BATON_AIM:
                state.apply_action(state.targets[0])
            state.apply_action(MISS)
            thrown += 1
        counts.append(thrown)
    assert counts == expected
    lines = state.record_lines()
    assert [sum(1 for line in lines if line["turn"] == k) for k in (1, 2, 3)] == expected[:3]
    assert {line["team"] for line in lines if line["turn"] % 2 == 1} == {0}


def test_field_kubbs_come_first_then_base_kubbs() -> None:
    state = SEED.position(0, field_kubbs={0: (6.0, 1.0, True), 1: (7.0, 4.0, True)})
    assert state.targets == [0, 1], "only the field kubbs are targets while they stand"
    with pytest.raises(ValueError):
        state.apply_action(5)
    baton(state, 0, HIT)
    # one field kubb left: the only legal target is thrown at without a decision
    assert state.phase == BATON_OUT and state.aim == 1
    state.apply_action(HIT)
    assert state.phase == BATON_AIM and state.targets == [5, 6, 7, 8, 9]


def test_base_kubb_felled_while_a_field_kubb_stands_is_raised() -> None:
    near_base = (9.8, 0.5, True)  # 0.2 m in front of team 1's base kubb 5
    state = SEED.position(0, field_kubbs={0: near_base, 1: (6.0, 4.0, True)})
    state.apply_action(0)
    assert state.chain[1] == (0, 5), "the base kubb behind the target may fall with it"
    state.apply_action(HIT + 1)
    line = state.record_lines()[-1]
    assert line["felled"] == [0, 5] and line["raised"] == [5]
    assert line["aim"] == "field" and line["target"] == 0
    assert state.up[5] and state.base[5] and not state.up[0]


def test_base_kubb_felled_with_the_last_field_kubb_stays_down() -> None:
    state = SEED.position(0, field_kubbs={0: (9.8, 0.5, True)})
    line = baton(state, 0, HIT + 1)
    assert line["felled"] == [0, 5] and line["raised"] == []
    assert not state.up[5]
    assert state.targets == [6, 7, 8, 9]


def test_throw_in_lands_where_the_landing_outcome_says() -> None:
    state = SEED.position(1, felled_base=(7,))
    assert state.phase == THROW_AIM and state.current_player() == 1 and state.queue == [7]
    aim = 12
    state.apply_action(aim)
    assert state.phase == THROW_LAND and state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert math.isclose(sum(p for _, p in outcomes), 1.0)
    assert any(a == throws.LANDINGS for a, _ in outcomes), "a throw-in can always go out"
    centre = 2 * len(throws.ACROSS_NODES) + 1  # the middle node along and across
    landing = SEED.landings[1][aim][1][centre]
    assert landing == SEED.aims[0][aim], "the middle landing node is the aim point"
    state.apply_action(centre)
    line = state.record_lines()[-1]
    assert line == {
        "team": 1,
        "turn": 1,
        "throw": "in",
        "kubb": 7,
        "attempt": 1,
        "landed": [landing[0], landing[1]],
        "placed": [landing[0], landing[1]],
        "penalty": False,
    }
    assert state.up[7] and not state.base[7] and state.xs[7] < SEED.field.centre_x
    assert state.phase == BATON_OUT and state.aim == 7, "the only target needs no decision"


def test_every_landing_outcome_lies_in_the_target_half() -> None:
    """A landing is in the target half, out, or against the king (only for aims in front of
    him: a landing node within ``THROW_IN_KING_REACH`` of the king)."""
    king = 0
    for thrower in (0, 1):
        for aim, (outcomes, points) in zip(
            SEED.aims[1 - thrower], SEED.landings[thrower], strict=True
        ):
            for action, _ in outcomes:
                if action < throws.LANDINGS:
                    point = points[action]
                    assert point is not None and SEED.field.in_half(1 - thrower, point)
                elif action == throws.THROW_IN_KING:
                    king += 1
                    assert math.dist(aim, SEED.field.king) <= 1.0
                else:
                    assert action == throws.LANDINGS
    assert king > 0, "a kubb thrown just past the king can fell him"


def test_two_misses_make_a_penalty_kubb_placed_by_the_defenders() -> None:
    game = make_game(KubbRules(penalty_min_distance=1.0))
    state = game.position(0, felled_base=(2,))
    for attempt in (1, 2):
        assert state.phase == THROW_AIM and state.current_player() == 0
        state.apply_action(0)
        state.apply_action(throws.LANDINGS)  # out
        assert state.attempt == attempt
    assert state.phase == PENALTY and state.current_player() == 1, "the defenders place it"
    legal = state.legal_actions()
    geo = game.field
    for spot in legal:
        point = game.aims[1][spot]
        assert math.dist(point, geo.king) >= 1.0 and geo.distance_to_stakes(point) >= 1.0
        assert geo.in_half(1, point)
    too_close = [
        i
        for i, p in enumerate(game.aims[1])
        if math.dist(p, geo.king) < 1.0 or geo.distance_to_stakes(p) < 1.0
    ]
    assert too_close, "the grid has spots too close to king or stakes"
    with pytest.raises(ValueError):
        state.apply_action(too_close[0])
    spot = legal[len(legal) // 2]
    state.apply_action(spot)
    line = state.record_lines()[-1]
    assert line["penalty"] is True and line["landed"] is None and line["attempt"] == 2
    assert tuple(line["placed"]) == game.aims[1][spot]
    assert state.game_metrics()["penalty_kubbs"] == 1


def test_one_attempt_when_throw_in_attempts_is_one() -> None:
    state = make_game(KubbRules(throw_in_attempts=1)).position(0, felled_base=(2,))
    state.apply_action(0)
    state.apply_action(throws.LANDINGS)
    assert state.phase == PENALTY


def test_advantage_line_is_set_used_and_cleared() -> None:
    # team 0 leaves two field kubbs standing in team 1's half
    state = SEED.position(0, field_kubbs={5: (6.0, 1.0, True), 6: (7.5, 4.0, True)})
    miss_out(state)
    # set: team 1 may throw from the line through the one nearest the centre line
    assert state.team == 1 and state.phase == ADVANTAGE and state.adv_x == 6.0
    assert state.legal_actions() == [BASELINE, ADVANCE]
    state.apply_action(ADVANCE)
    assert state.line_x == 6.0
    # used: batons at team 0's base kubbs fly 6 m instead of 10 m
    _, outcomes = state.baton_outcomes(0)
    assert dict(outcomes)[HIT] == pytest.approx(SEED.hit_probability(1, 6.0))
    line = baton(state, 0, MISS)
    assert line["from_x"] == 6.0
    miss_out(state)
    # team 0 fells the kubb at 6 m; team 1's line moves back to the kubb at 7.5 m
    baton(state, 5, HIT)
    miss_out(state)
    assert state.team == 1 and state.phase == THROW_AIM, "team 1 throws kubb 5 in first"
    state.apply_action(0)
    state.apply_action(7)
    assert state.phase == ADVANTAGE and state.adv_x == 7.5
    state.apply_action(BASELINE)
    assert state.line_x == 10.0
    miss_out(state)
    # team 1 left kubb 5 standing in team 0's half: team 0 has a line of its own
    assert state.team == 0 and state.phase == ADVANTAGE and state.adv_x == state.xs[5]
    state.apply_action(BASELINE)
    # cleared: team 0 fells the last one, so team 1 throws from its baseline again
    baton(state, 6, HIT)
    miss_out(state)
    assert state.team == 1 and state.phase == THROW_AIM
    while state.phase in (THROW_AIM, THROW_LAND):
        state.apply_action(0 if state.phase == THROW_AIM else 7)
    assert state.phase != ADVANTAGE and state.line_x == 10.0
    metrics = state.game_metrics()
    assert metrics["advantage_turn_share"] == pytest.approx(3 / 6)  # turns 2, 4 and 5
    assert metrics["advantage_used_share"] == pytest.approx(1 / 6)


def test_king_shots_come_from_the_baseline_even_with_an_advantage_line() -> None:
    state = SEED.position(
        0,
        turn=3,
        # team 1 left field kubb 1 standing in team 0's half and felled field kubb 0 there
        field_kubbs={1: (3.0, 1.0, True), 0: (2.0, 4.0, False)},
        felled_base=(5, 6, 7, 8, 9),
    )
    assert state.phase == THROW_AIM and state.queue == [0]
    for _ in range(2):
        state.apply_action(0)
        state.apply_action(throws.LANDINGS)
    assert state.phase == PENALTY
    state.apply_action(state.legal_actions()[0])
    # the penalty kubb is the only standing kubb in team 1's half
    assert state.phase == ADVANTAGE
    state.apply_action(ADVANCE)
    assert state.phase == BATON_OUT and state.line_x == 3.0 and state.aim == 0
    state.apply_action(HIT)
    assert state.phase == BATON_OUT and state.aim == KING
    _, outcomes = state.baton_outcomes(KING)
    assert dict(outcomes)[HIT] == pytest.approx(SEED.hit_probability(0, 5.0))
    state.apply_action(HIT)
    line = state.record_lines()[-1]
    assert line["aim"] == "king" and line["from_x"] == 0.0 and line["king_felled"] is True
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert state.record_result() == {"result": "win", "winners": [0], "turns": 3, "reason": "king"}


def test_felling_the_king_early_loses_at_once() -> None:
    state = SEED.position(0, field_kubbs={5: (5.5, 2.5, True)})  # 0.5 m from the king
    assert state.phase == BATON_OUT
    outcomes = dict(state.chance_outcomes())
    expected = (1 - SEED.hit_probability(0, 5.5)) * SEED.rules.king_chance * 0.5
    assert outcomes[MISS_KING] == pytest.approx(expected)
    state.apply_action(MISS_KING)
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.returns() == [-1.0, 1.0]
    assert state.outcome().winners == (1,)
    assert state.record_result()["reason"] == "early_king"
    assert state.record_lines()[-1]["king_felled"] is True
    assert state.game_metrics()["early_king"] == 1.0


def test_no_accidental_king_far_from_the_king() -> None:
    state = SEED.position(0, field_kubbs={5: (7.0, 0.5, True)})
    assert MISS_KING not in dict(state.chance_outcomes())


def test_seed_king_rule_needs_batons_in_hand() -> None:
    state = SEED.position(0, felled_base=(5, 6, 7, 8, 9))
    shots = 0
    while state.team == 0:
        assert state.phase == BATON_OUT and state.aim == KING
        assert state.batons_left >= SEED.rules.king_min_batons_left
        state.apply_action(MISS)
        shots += 1
    assert shots == 6 - SEED.rules.king_min_batons_left + 1
    assert state.turn == 2 and state.team == 1


def test_seed_king_rule_with_three_batons_in_hand() -> None:
    game = make_game(KubbRules(king_min_batons_left=3))
    state = game.position(0, felled_base=(5, 6, 7, 8, 9))
    state.batons_left = 3
    assert state.king_allowed()
    state.batons_left = 2
    assert not state.king_allowed()


def test_world_king_rule_never_in_turn_one_then_any_baton() -> None:
    state = WORLD.position(0, turn=1, felled_base=(5, 6, 7, 8, 9))
    assert state.turn == 2 and state.team == 1, "no king shot in turn 1: the turn ends"
    state = WORLD.position(0, turn=3, felled_base=(5, 6, 7, 8, 9))
    shots = 0
    while state.team == 0:
        state.apply_action(MISS)
        shots += 1
    assert shots == 6, "every baton may go at the king"


def test_no_legal_target_ends_the_turn_and_batons_are_kept() -> None:
    state = SEED.position(0, felled_base=(5, 6, 7, 8, 9))
    for _ in range(5):
        state.apply_action(MISS)
    assert state.team == 1
    assert state.game_metrics()["batons"] == 5


def test_max_turns_ends_unfinished() -> None:
    game = make_game(KubbRules(max_turns=3))
    state = game.new_initial_state()
    state.apply_action(0)
    for _ in range(3):
        miss_out(state)
    assert state.is_terminal() and state.turn == 3
    assert state.outcome().result == "unfinished" and state.returns() == [0.0, 0.0]
    assert state.record_result() == {
        "result": "unfinished",
        "winners": [],
        "turns": 3,
        "reason": "max_turns",
    }


def test_landing_beside_a_standing_kubb_is_moved_across() -> None:
    state = SEED.position(1, felled_base=(5, 6))
    for kubb in (5, 6):
        assert state.queue[0] == kubb
        state.apply_action(12)
        state.apply_action(7)
    assert (state.xs[5], state.ys[5]) == SEED.aims[0][12]
    assert state.xs[6] == state.xs[5] and abs(state.ys[6] - state.ys[5]) == pytest.approx(
        throws.MIN_GAP
    )


def test_illegal_actions_in_every_phase() -> None:
    state = SEED.position(1, felled_base=(5,))
    with pytest.raises(ValueError):
        state.apply_action(len(SEED.aims[0]))
    state.apply_action(0)
    with pytest.raises(ValueError):
        state.apply_action(throws.LANDINGS + 1)
    state = SEED.position(0)
    with pytest.raises(ValueError):
        state.apply_action(KING)
    state.apply_action(5)
    with pytest.raises(ValueError):
        state.apply_action(HIT + 3)


def test_turn_one_can_end_the_game_and_the_metric_counts_it() -> None:
    """The king rule does not stop a first-turn win: with 4 base kubbs a side, 4 batons clear
    them and the king shot with 2 in hand wins turn 1 (on the seed field a double hit does it;
    the throw model has none between base kubbs 1 m apart)."""
    game = make_game(KubbRules(kubbs_per_team=4))
    state = game.new_initial_state()
    state.apply_action(0)  # team 0 begins
    assert state.turn == 1 and state.team == 0
    for _ in range(4):
        if state.phase == BATON_AIM:
            state.apply_action(state.legal_actions()[0])
        assert state.phase == BATON_OUT
        state.apply_action(HIT)
    assert state.standing_targets(0) == ([], [])
    assert state.aim == game.kubbs and state.batons_left == 2
    state.apply_action(HIT)
    assert state.is_terminal() and state.winner == 0 and state.turn == 1
    assert state.game_metrics()["first_turn_end"] == 1.0


def test_a_game_that_ends_later_is_not_a_first_turn_end() -> None:
    state = SEED.position(0, turn=3, felled_base=(5, 6, 7, 8, 9))
    state.apply_action(HIT)
    assert state.is_terminal() and state.winner == 0
    assert state.game_metrics()["first_turn_end"] == 0.0


def test_a_thrown_in_kubb_counts_only_wholly_in_the_half() -> None:
    """Decided reading: the whole kubb in the other half, inside the field; a kubb on the
    centre line or over a side line is a miss."""
    geo = SEED.field
    margin = 0.075
    assert geo.landed(1, (geo.centre_x + margin, 2.5))
    assert not geo.landed(1, (geo.centre_x + margin / 2, 2.5)), "lies over the centre line"
    assert not geo.landed(1, (7.0, geo.width - margin / 2)), "lies over the side line"
    assert not geo.landed(1, (geo.length - margin / 2, 2.5)), "lies over the baseline"
    assert geo.landed(0, (geo.centre_x - margin, geo.width - margin))
    for thrower in (0, 1):
        for outcomes, points in SEED.landings[thrower]:
            for action, _ in outcomes:
                if action < throws.LANDINGS:
                    point = points[action]
                    assert point is not None and geo.landed(1 - thrower, point)
