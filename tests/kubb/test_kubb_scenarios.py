"""Kubb's executable rules: a rule broken in the engine fails its scenario and the rulebook
build; the king example is the rule's; a thrown-in kubb that fells the king loses for the team
that threw it, in the engine, its records and the book."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest

from plywright import scenarios as sc
from plywright.plugins.kubb import rules as engine
from plywright.plugins.kubb import throws
from plywright.plugins.kubb.locales import Texts
from plywright.plugins.kubb.options import PRESETS, KubbRules
from plywright.plugins.kubb.production import KubbProduction
from plywright.plugins.kubb.records import check_record
from plywright.plugins.kubb.rulebook import rulebook_story, write_rulebook
from plywright.plugins.kubb.rules import KubbState, make_game
from plywright.print.rulebook import PrintSetup
from plywright.records import check_header
from plywright.registry import load_registry
from plywright.typography import typeset

KUBB = load_registry().game("kubb")
FOLDER = KUBB.scenarios.folder  # type: ignore[union-attr]


def mismatches(scenario_id: str) -> list[str]:
    scenario = sc.find(KUBB.scenarios, scenario_id)  # type: ignore[arg-type]
    rules = sc.scenario_rules(KUBB.rules_model, scenario, KUBB.presets)
    return sc.mismatches(scenario, KUBB.scenarios.play(scenario, rules))  # type: ignore[union-attr]


def test_the_scenarios_cover_the_briefs_rules() -> None:
    ids = {scenario.id for scenario in sc.load_scenarios(FOLDER)}
    assert {
        "king-fifth-not-sixth",
        "king-world-first-turn",
        "field-kubbs-first",
        "base-kubb-raised",
        "throw-in-penalty",
        "advantage-line",
        "king-last-baton-loses",
        "throw-in-fells-king",
    } <= ids
    assert all(mismatches(scenario_id) == [] for scenario_id in ids)


def test_a_broken_king_rule_fails_the_scenario_and_the_rulebook(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The engine lets any baton go at the king: the scenario of the 6th baton fails, and so
    does the build of the book whose worked example it is."""
    monkeypatch.setattr(KubbState, "king_allowed", lambda self: True)
    assert mismatches("king-fifth-not-sixth")[0] == (
        "step 4 {'baton': 'king'}: expected refused, engine allowed"
    )
    assert mismatches("king-world-first-turn") != []
    with pytest.raises(sc.ScenarioError, match=r"king-fifth-not-sixth\.toml: .*step 4"):
        write_rulebook(tmp_path / "book.pdf", "nl", KubbRules(), KubbProduction(), PrintSetup("A4"))


def test_a_base_kubb_no_longer_raised_fails_its_scenario(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine forgets to raise a base kubb felled while a field kubb stands."""
    original = KubbState._baton

    def no_raise(self: KubbState, outcome: int) -> None:
        standing = KubbState.standing_targets
        monkeypatch.setattr(KubbState, "standing_targets", lambda s, team: ([], []))
        try:
            original(self, outcome)
        finally:
            monkeypatch.setattr(KubbState, "standing_targets", standing)

    monkeypatch.setattr(KubbState, "_baton", no_raise)
    assert mismatches("base-kubb-raised") != []


def test_a_thrown_in_kubb_that_fells_the_king_no_longer_losing_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    original = KubbState._land

    def king_stays(self: KubbState, outcome: int) -> None:
        original(self, throws.LANDINGS if outcome == throws.THROW_IN_KING else outcome)

    monkeypatch.setattr(KubbState, "_land", king_stays)
    assert any("throw_in_king" in m or "winner" in m for m in mismatches("throw-in-fells-king"))


def test_the_king_example_is_the_rule_and_from_its_scenario() -> None:
    for lang in ("nl", "en"):
        t = Texts(lang)
        story = rulebook_story(t, KubbRules(), KubbProduction(), "A4")
        texts = [getattr(f, "text", "") for f in _flat(story)]
        example = next(text for text in texts if text.startswith(t.raw("king.example")[:15]))
        rule = t("king.rule_seed", count=t.count("baton", 2))
        assert rule in texts
        # 2 batons in hand, this one counted: the base kubbs down with at most 4 of 6, every
        # next baton may go at the king but the 6th, the last
        assert t("ordinal.6") in example and t("ordinal.5") not in example
        assert typeset(t.count("baton", 4), lang) in example
    # under a rule the scenario is not written for, no example at all
    t = Texts("nl")
    story = rulebook_story(t, KubbRules(king_min_batons_left=3), KubbProduction(), "A4")
    assert not any(
        getattr(f, "text", "").startswith(t.raw("king.example")[:15]) for f in _flat(story)
    )


def test_an_engine_that_lets_only_the_fifth_baton_at_the_king_fails_the_example(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The example says every baton after the base kubbs fell may go at the king but the
    last: an engine that allows the first turn's 5th only (exactly 2 in hand) fails the
    scenario of the kubbs cleared with 3 batons, and so the book's build."""
    original = KubbState.king_refusal

    def fifth_only(self: KubbState) -> str | None:
        refused = original(self)
        fifth = self.batons_left == self.game.rules.king_min_batons_left
        if refused is None and self.turn == 1 and not fifth:
            return "king-needs-batons"
        return refused

    monkeypatch.setattr(KubbState, "king_refusal", fifth_only)
    assert mismatches("king-fifth-not-sixth") == []
    assert mismatches("king-after-three")[0].startswith("step 2 {'baton': 'king'")
    with pytest.raises(sc.ScenarioError, match=r"king-after-three\.toml: .*step 2"):
        write_rulebook(tmp_path / "book.pdf", "nl", KubbRules(), KubbProduction(), PrintSetup("A4"))


def test_the_lag_touching_the_king_and_ties_are_the_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """Who begins: the closer baton; one touching the king loses; a tie is thrown again. A
    lag that ignores the touch, or settles a tie, fails its scenario."""
    assert engine.lag_winner(0.9, 0.4) == 1
    assert engine.lag_winner(0.1, None) == 0
    assert engine.lag_winner(None, None) is None
    assert engine.lag_winner(0.5, 0.5) is None
    assert all(mismatches(s) == [] for s in ("lag-closest-begins", "lag-king-touched", "lag-tie"))
    from plywright.plugins.kubb import scenarios as player

    def touch_ignored(first: float | None, second: float | None) -> int | None:
        return engine.lag_winner(first or 0.0, second or 0.0)

    monkeypatch.setattr(player, "lag_winner", touch_ignored)
    assert mismatches("lag-king-touched") != []
    monkeypatch.setattr(player, "lag_winner", lambda first, second: 0)
    assert mismatches("lag-tie") != []


def test_a_thrower_held_to_one_spot_or_throwing_in_from_the_line_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A thrower stands anywhere on the line (level with the target) and throws kubbs in from
    the baseline even with an advantage line: a thrower held to the middle of the line fails
    the baseline scenario; throw-ins from the advantage line fail the throw-in scenario."""
    assert mismatches("baseline-anywhere") == []
    assert mismatches("advantage-line-throw-in") == []
    original = KubbState.throwing_spot

    def middle(self: KubbState, target: int) -> tuple[float, float]:
        return (original(self, target)[0], self.game.field.width / 2)

    monkeypatch.setattr(KubbState, "throwing_spot", middle)
    assert any("spots" in m for m in mismatches("baseline-anywhere"))
    monkeypatch.undo()
    made = engine.make_game

    def from_the_line(rules: KubbRules) -> engine.KubbGame:
        game = made(rules)
        centre = game.field.centre_x
        object.__setattr__(game, "throw_in_from", (centre, centre))
        return game

    from plywright.plugins.kubb import scenarios as player

    monkeypatch.setattr(player, "make_game", from_the_line)
    assert any("throw_in_from" in m for m in mismatches("advantage-line-throw-in"))


def _flat(story: list[Any]) -> list[Any]:
    out: list[Any] = []
    for flowable in story:
        inner = getattr(flowable, "_content", None) or getattr(flowable, "_flowables", None)
        if isinstance(inner, list):
            out += _flat(inner)
        else:
            out.append(flowable)
    return out


def test_applies_reads_a_list_as_the_models_tuple() -> None:
    scenario = sc.find(KUBB.scenarios, "king-fifth-not-sixth")  # type: ignore[arg-type]
    assert sc.applies(scenario, KubbRules())
    assert not sc.applies(scenario, KubbRules(opening_batons=[2, 4, 6]))
    assert not sc.applies(scenario, KubbRules.model_validate(PRESETS["world"]["rules"]))


def test_a_throw_in_aimed_in_front_of_the_king_can_fell_it() -> None:
    game = make_game(KubbRules())
    kx, ky = game.field.king
    risky = [i for i, p in enumerate(game.aims[1]) if math.dist(p, (kx + 0.5, ky)) < 1e-9]
    [aim] = risky
    outcomes = dict(game.landings[0][aim][0])
    assert 0.0 < outcomes[throws.THROW_IN_KING] < 0.02
    assert math.isclose(sum(outcomes.values()), 1.0)
    # an aim a metre beside the king never does
    beside = next(
        i for i, p in enumerate(game.aims[1]) if math.dist(p, (kx + 0.5, ky + 1.0)) < 1e-9
    )
    assert throws.THROW_IN_KING not in dict(game.landings[0][beside][0])


def test_a_record_of_a_throw_in_that_fells_the_king_checks() -> None:
    """Team 0 fells a base kubb; team 1 throws it in against the king and loses."""
    game = make_game(KubbRules())
    state = game.new_initial_state()
    state.apply_action(0)  # team 0 begins
    while state.team == 0:
        aim = state.targets[0] if state.phase == engine.BATON_AIM else None
        if aim is not None:
            state.apply_action(aim)
        hit = engine.HIT if state.aim == 5 and state.up[5] else engine.MISS
        state.apply_action(hit if any(a == hit for a, _ in state.outcomes) else engine.MISS)
    assert state.phase == engine.THROW_AIM and state.queue == [5]
    kx, ky = game.field.king
    aim = next(i for i, p in enumerate(game.aims[0]) if math.dist(p, (kx - 0.5, ky)) < 1e-9)
    state.apply_action(aim)
    state.apply_action(throws.THROW_IN_KING)
    assert state.is_terminal() and state.winner == 0 and state.reason == "throw_in_king"
    header = {
        **check_header("kubb", game.parameters(), 0, 2, ["basic"]),
        "game_index": 0,
        **game.record_header(),
    }
    result = state.record_result()
    lines = [header, *state.record_lines(), result]
    outcome = check_record(lines)
    assert outcome.winners == (0,)
    last_in = [line for line in lines if line.get("throw") == "in"][-1]
    assert last_in["placed"] is None and last_in["landed"] is None
    # the same record claiming the thrower won is refused
    lines[-1] = {**result, "winners": [1]}
    with pytest.raises(ValueError, match="winners"):
        check_record(lines)


def test_every_scenario_step_names_its_reason_in_the_engines_words() -> None:
    reasons = {
        step.reason
        for scenario in sc.load_scenarios(FOLDER)
        for step in scenario.model.steps
        if step.expect == "refused"
    }
    known = {
        "field-kubbs-first",
        "kubbs-standing",
        "king-needs-batons",
        "king-not-in-first-turn",
        "no-batons-left",
        "not-now",
        "penalty-too-close",
        "penalty-not-own-half",
        "no-advantage-line",
    }
    assert reasons <= known and {"king-needs-batons", "king-not-in-first-turn"} <= reasons
    assert all(re.fullmatch(r"[a-z-]+", reason or "") for reason in reasons)
