"""Executable rules: every game's scenarios play in its engine exactly as written, every key
they prove is a printed sentence of every language, and every rule sentence is proven."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from plywright import scenarios as sc
from plywright.api import StrictModel
from plywright.locales import flatten, languages
from plywright.registry import load_registry

REGISTRY = load_registry()
GAMES = [
    REGISTRY.game(name)
    for name in sorted(REGISTRY.games)
    if REGISTRY.game(name).scenarios is not None
]
CASES = [
    pytest.param(game, scenario, id=f"{game.name}:{scenario.id}")
    for game in GAMES
    for scenario in sc.load_scenarios(game.scenarios.folder)  # type: ignore[union-attr]
]


def test_the_built_in_games_have_scenarios() -> None:
    assert {"halma", "kubb", "cardtrack"} <= {game.name for game in GAMES}


@pytest.mark.parametrize(("game", "scenario"), CASES)
def test_the_engine_plays_the_scenario_as_written(game: Any, scenario: sc.Scenario) -> None:
    rules = sc.scenario_rules(game.rules_model, scenario, game.presets)
    run = game.scenarios.play(scenario, rules)
    assert sc.mismatches(scenario, run) == []


def _keys(folder: Path, lang: str) -> set[str]:
    with (folder / f"{lang}.toml").open("rb") as handle:
        return set(flatten(tomllib.load(handle)))


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_every_proven_key_is_a_sentence_of_every_language(game: Any) -> None:
    folder = game.scenarios.locales
    for lang in languages(folder):
        keys = _keys(folder, lang)
        for scenario in sc.load_scenarios(game.scenarios.folder):
            missing = [key for key in scenario.model.proves if key not in keys]
            assert not missing, f"{scenario.path}: {missing} not in {lang}.toml"


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_every_rule_sentence_is_proven_by_a_scenario(game: Any) -> None:
    proven = {
        key
        for scenario in sc.load_scenarios(game.scenarios.folder)
        for key in scenario.model.proves
    }
    unproven = [key for key in game.scenarios.rule_keys if key not in proven]
    assert not unproven


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_rule_sentences_are_printed_words(game: Any) -> None:
    folder = game.scenarios.locales
    keys = _keys(folder, "en")
    assert game.scenarios.rule_keys
    assert [key for key in game.scenarios.rule_keys if key not in keys] == []


# -- the core's comparison, on a toy game --------------------------------------------------


class ToyRules(StrictModel):
    limit: int = 3


def _toy_play(scenario: sc.Scenario, rules: Any) -> sc.ScenarioRun:
    """Counts up by the steps' ``add``; a step beyond ``limit`` is refused ("over")."""
    run = sc.ScenarioRun()
    total = int(scenario.model.setup.get("start", 0))
    for step in scenario.model.steps:
        add = int(step.action["add"])
        if total + add > rules.limit:
            run.steps.append(sc.StepOutcome(False, "over"))
        else:
            total += add
            run.steps.append(sc.StepOutcome(True))
    run.facts["total"] = total
    return run


def _scenario(tmp_path: Path, text: str, name: str = "toy") -> sc.Scenario:
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return sc.load_scenarios.__wrapped__(tmp_path)[0]


TOY = """
id = "toy"
summary = "two steps, the second over the limit"
proves = ["toy.limit"]
rules = { limit = 3 }
setup = { start = 1 }
[[steps]]
action = { add = 2 }
[[steps]]
action = { add = 1 }
expect = "refused"
reason = "over"
[expect]
total = 3
"""


def test_a_scenario_that_matches_has_no_mismatch(tmp_path: Path) -> None:
    scenario = _scenario(tmp_path, TOY)
    rules = sc.scenario_rules(ToyRules, scenario, {})
    assert sc.mismatches(scenario, _toy_play(scenario, rules)) == []


@pytest.mark.parametrize(
    ("limit", "first"),
    [
        (4, "step 2 {'add': 1}: expected refused, engine allowed"),
        (2, "step 1 {'add': 2}: expected legal, engine refused (over)"),
    ],
)
def test_a_changed_rule_is_named_at_its_first_difference(
    tmp_path: Path, limit: int, first: str
) -> None:
    scenario = _scenario(tmp_path, TOY)
    run = _toy_play(scenario, ToyRules(limit=limit))
    assert sc.mismatches(scenario, run)[0] == first


def test_a_wrong_reason_and_a_wrong_fact_are_named(tmp_path: Path) -> None:
    scenario = _scenario(tmp_path, TOY)
    run = _toy_play(scenario, ToyRules())
    run.steps[1] = sc.StepOutcome(False, "other")
    run.facts["total"] = 4
    assert sc.mismatches(scenario, run) == [
        "step 2 {'add': 1}: refused for 'other', expected 'over'",
        "expect.total: expected 3, engine 4",
    ]


def test_play_raises_naming_the_file_when_the_engine_breaks_the_rule(tmp_path: Path) -> None:
    scenario = _scenario(tmp_path, TOY)

    def no_limit(scenario: sc.Scenario, rules: Any) -> sc.ScenarioRun:
        return _toy_play(scenario, ToyRules(limit=99))

    toy = sc.Scenarios(folder=tmp_path, play=no_limit, locales=tmp_path)
    with pytest.raises(sc.ScenarioError, match=r"toy\.toml: .*step 2"):
        sc.play(toy, scenario, ToyRules, {})


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("id = 'toy'\nsummary = 's'\nproves = []", "proves"),
        ("id = 'other'\nsummary = 's'\nproves = ['a']", "must be the file's name"),
        ("id = 'toy'\nsummary = 's'\nproves = ['a']\nsurprise = 1", "surprise"),
        ("id = 'toy'\nsummary = 's'\nproves = ['a']\n[[steps]]\nexpect = 'maybe'", "steps"),
        ("id = 'toy'\nsummary = [", "not TOML"),
    ],
)
def test_a_bad_scenario_file_is_named(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(sc.ScenarioError, match=message):
        _scenario(tmp_path, text)


def test_applies_only_to_rules_with_the_scenarios_values(tmp_path: Path) -> None:
    scenario = _scenario(tmp_path, TOY)
    assert sc.applies(scenario, ToyRules(limit=3))
    assert not sc.applies(scenario, ToyRules(limit=4))


def _toy_definition(tmp_path: Path, play: Any = _toy_play) -> Any:
    from types import SimpleNamespace

    toy = sc.Scenarios(folder=tmp_path, play=play, locales=tmp_path)
    return SimpleNamespace(name="toy", scenarios=toy, rules_model=ToyRules, presets={})


def test_an_example_is_drawn_where_the_variant_plays_it_and_skipped_where_it_cannot(
    tmp_path: Path,
) -> None:
    _scenario(tmp_path, TOY.replace("rules = { limit = 3 }\n", ""))
    definition = _toy_definition(tmp_path)
    found = sc.example_run(definition, ["toy"], ToyRules(limit=3))
    assert found is not None and found[1].facts == {"total": 3}
    # with limit 2 the first step is refused: the variant lies outside the scenario
    assert sc.example_run(definition, ["toy"], ToyRules(limit=2)) is None


def test_an_example_is_never_skipped_for_a_broken_engine(tmp_path: Path) -> None:
    _scenario(tmp_path, TOY.replace("rules = { limit = 3 }\n", ""))

    def no_limit(scenario: sc.Scenario, rules: Any) -> sc.ScenarioRun:
        return _toy_play(scenario, ToyRules(limit=99))

    with pytest.raises(sc.ScenarioError, match="step 2"):
        sc.example_run(_toy_definition(tmp_path, no_limit), ["toy"], ToyRules(limit=3))
