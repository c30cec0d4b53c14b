"""Halma's executable rules: a rule dropped from the engine fails its scenario and the build of
the rulebook that draws it; the scenario player's refusals; the figures come from scenarios."""

from __future__ import annotations

from typing import Any

import pytest

from plywright import scenarios as sc
from plywright.plugins.halma import diagrams, examples, movegen, rulebook
from plywright.plugins.halma import rules as engine
from plywright.plugins.halma.options import HalmaRules
from plywright.plugins.halma.plugin import GAME
from plywright.plugins.halma.production import HalmaProduction
from plywright.plugins.halma.rules import make_game
from plywright.plugins.halma.scenarios import facts, initial_state, judge

SCENARIOS = GAME.scenarios
assert SCENARIOS is not None
ORIGINAL = movegen.move_masks


def _scenario(scenario_id: str) -> sc.Scenario:
    assert SCENARIOS is not None
    return sc.find(SCENARIOS, scenario_id)


def _mismatches(scenario_id: str) -> list[str]:
    assert SCENARIOS is not None
    scenario = _scenario(scenario_id)
    rules = sc.scenario_rules(GAME.rules_model, scenario, GAME.presets)
    return sc.mismatches(scenario, SCENARIOS.play(scenario, rules))


def no_lock(t: Any, occ: int, own: int, jump_own: bool, lock: int) -> dict[int, int]:
    """The engine without the target lock."""
    return ORIGINAL(t, occ, own, jump_own, 0)


def lock_at_the_end_only(t: Any, occ: int, own: int, jump_own: bool, lock: int) -> dict[int, int]:
    """A target lock that checks where a chain ends but not where it lands on the way."""
    free = ORIGINAL(t, occ, own, jump_own, 0)
    out = {}
    for start, dest in free.items():
        kept = dest & lock if lock >> start & 1 else dest
        if kept:
            out[start] = kept
    return out


def test_the_engine_plays_the_lock_scenarios() -> None:
    for scenario_id in ("target-lock-standard", "target-lock-pro", "target-lock-every-jump"):
        assert _mismatches(scenario_id) == []


def test_dropping_the_target_lock_fails_its_scenarios_and_the_rulebook(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(engine, "move_masks", no_lock)
    for scenario_id in ("target-lock-standard", "target-lock-just-arrived"):
        first = _mismatches(scenario_id)[0]
        assert "expected refused, engine allowed" in first
    rules, production = HalmaRules(), HalmaProduction()
    with pytest.raises(sc.ScenarioError, match=r"target-lock-standard\.toml"):
        rulebook.rulebook_story(rulebook.Texts("lv"), rules, production, "A4")


def test_a_lock_checked_only_where_the_chain_ends_fails_the_every_jump_scenario(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(engine, "move_masks", lock_at_the_end_only)
    assert _mismatches("target-lock-standard") == []  # a single jump out: still refused
    assert "expected refused, engine allowed" in _mismatches("target-lock-every-jump")[0]


def test_jumping_own_pegs_when_forbidden_fails_its_scenario(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(movegen, "jumpable", lambda occ, own, jump_own: occ)
    assert "expected refused, engine allowed" in _mismatches("jump-own-peg-off")[0]


def test_a_refused_step_leaves_the_position_and_play_goes_on() -> None:
    run = sc.replay(GAME, "pass")
    assert run.steps[0] == sc.StepOutcome(False, "occupied")
    before, after = run.states[0], run.states[1]
    assert before.pegs(0) == after.pegs(0) and before.seat == after.seat  # refused: unchanged


def test_judge_names_why_a_path_is_refused() -> None:
    game = make_game(HalmaRules(n=4, jump_own=False))
    state = initial_state(game, {"pegs": [[[0, 0], [1, 0]], [[0, 1]]]})
    cases = {
        ((0, 0), (9, 9)): "off-board",
        ((0, 1), (0, 2)): "not-own-peg",
        ((0, 0), (2, 0)): "own-peg",
        ((0, 0), (-2, 0)): "nothing-to-jump",
        ((0, 0), (3, 0)): "no-step-or-jump",
        ((0, 0), (0, 1)): "occupied",
    }
    for path, reason in cases.items():
        assert judge(state, list(path)).reason == reason, path
    assert judge(state, [(0, 0), (0, 2)]).legal
    assert facts(state)["outcome"] == "playing"


def test_every_figure_of_the_rules_is_a_replayed_scenario(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Count the rulebook's figures: all but the picture of the board come from scenarios."""
    replayed: list[str] = []
    rendered: list[diagrams.Scene] = []
    replay, render = examples.replay, diagrams.render

    def recording_replay(definition: Any, scenario_id: str, base: Any = None) -> sc.ScenarioRun:
        replayed.append(scenario_id)
        return replay(definition, scenario_id, base)

    def recording_render(board: Any, scene: diagrams.Scene, width: float) -> Any:
        rendered.append(scene)
        return render(board, scene, width)

    monkeypatch.setattr(examples, "replay", recording_replay)
    monkeypatch.setattr(diagrams, "render", recording_render)
    cases = {
        HalmaRules(): ("target-lock-standard", "win-foreign-peg-standard"),
        HalmaRules(n=5, players=6, target_lock=False, win_rule="own"): (
            "target-lock-off-pro",
            "win-own-pegs-pro",
        ),
    }
    for rules, (lock, win) in cases.items():
        replayed.clear()
        rendered.clear()
        rulebook.rulebook_story(rulebook.Texts("en"), rules, HalmaProduction(), "A4")
        assert len(rendered) == 11  # the board, five seatings, step, jump, chain, lock, win
        assert sorted(replayed) == sorted(
            [*examples.SETUPS.values(), "setup-five", "step", "jump", "chain", lock, win]
        )  # every figure but the board's picture, and the five-player note's seat
