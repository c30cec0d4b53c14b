"""Executable rules: scenarios as data, played by a game's own engine.

A scenario is one TOML file in a game's ``scenarios/`` folder: the rules it needs (``rules``,
overrides of the ``[rules]`` table over ``preset``), a position (``setup``, in the game's own
words), a sequence of ``steps`` (each an action or throw, with whether the rules allow it and,
if not, why) and the facts that must hold afterwards (``expect``: the outcome, the state).
``proves`` names the locale keys of the printed sentences the scenario stands behind.

The game interprets ``setup``, ``action`` and ``expect`` (:class:`ScenarioPlayer`); the core
loads the files strictly, compares what the engine did with what the file expects
(:func:`mismatches`) and lets a print draw from a scenario only once the engine agreed
(:func:`replay`): a rule broken in the engine fails the scenario tests and the build of every
book that shows it.

.. code-block:: toml

    id = "king-last-baton"
    proves = ["king.rule_seed", "king.early_last"]
    rules = { king_min_batons_left = 2 }
    setup = { thrower = 0, felled_base = [5, 6, 7, 8, 9], batons_thrown = 5 }

    [[steps]]
    action = { target = "king" }
    expect = "refused"
    reason = "king-needs-batons"
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal, Protocol

from pydantic import Field, ValidationError

from plywright.api import StrictModel

SCENARIO_ID = r"^[a-z0-9][a-z0-9-]{0,63}$"


class StepModel(StrictModel):
    """One action of a scenario and whether the rules allow it."""

    action: dict[str, Any] = Field(description="the action, in the game's words")
    expect: Literal["legal", "refused"] = "legal"
    reason: str | None = Field(None, description="why a refused action is refused (game's code)")
    note: str = ""


class ScenarioModel(StrictModel):
    """A scenario file as written."""

    id: str = Field(pattern=SCENARIO_ID)
    summary: str = Field(description="one line for maintainers: what the scenario shows")
    proves: tuple[str, ...] = Field(min_length=1, description="locale keys it stands behind")
    preset: str | None = None
    rules: dict[str, Any] = Field(default_factory=dict)
    setup: dict[str, Any] = Field(default_factory=dict)
    steps: tuple[StepModel, ...] = ()
    expect: dict[str, Any] = Field(default_factory=dict)


@dataclass(frozen=True)
class Scenario:
    """A loaded scenario: the file's model and where it came from."""

    model: ScenarioModel
    path: Path

    @property
    def id(self) -> str:
        return self.model.id


@dataclass(frozen=True)
class StepOutcome:
    """What the engine did with one step: allowed or refused, and the refusal's reason."""

    legal: bool
    reason: str | None = None


@dataclass
class ScenarioRun:
    """What the engine did with a scenario: each step's outcome, the facts the game reports
    (compared with ``expect``) and the final state for diagrams (the game's own type)."""

    steps: list[StepOutcome] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)
    state: Any = None
    states: list[Any] = field(default_factory=list)
    """The state before the first step and after each step (for step-by-step diagrams)."""


ScenarioPlayer = Callable[[Scenario, Any], ScenarioRun]
"""``play(scenario, rules)``: set up the scenario's position under the validated ``rules``
model, apply its steps (a refused step leaves the state as it was and play goes on) and
report what happened. Never raise for a refused step: report it."""


@dataclass(frozen=True)
class Scenarios:
    """A game's executable rules: the folder of scenario files, the game's player, the
    locale folder the ``proves`` keys live in and the keys that must be proven (every printed
    sentence that grants or forbids something)."""

    folder: Path
    play: ScenarioPlayer
    locales: Path
    rule_keys: tuple[str, ...] = ()


class ScenarioSource(Protocol):
    """What replaying a game's scenarios reads: a :class:`ScenarioBook` or the game's whole
    :class:`~plywright.api.GameDefinition`."""

    @property
    def name(self) -> str: ...

    @property
    def rules_model(self) -> type[StrictModel]: ...

    @property
    def presets(self) -> Mapping[str, Mapping[str, Mapping[str, Any]]]: ...

    @property
    def scenarios(self) -> Scenarios | None: ...


@dataclass(frozen=True)
class ScenarioBook:
    """The scenario half of a game definition: what replaying its scenarios needs (its name,
    rules model, presets and :class:`Scenarios`). A game defines it in a module of its own,
    which its prints import to replay their examples without importing the plugin module that
    builds them (the :class:`~plywright.api.GameDefinition` takes its ``scenarios`` from it)."""

    name: str
    rules_model: type[StrictModel]
    presets: Mapping[str, Mapping[str, Mapping[str, Any]]]
    scenarios: Scenarios


class ScenarioError(ValueError):
    """A scenario file that cannot be read, or a scenario the engine does not play as
    written (the message names the file and the first difference)."""


def _load_file(path: Path) -> Scenario:
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except tomllib.TOMLDecodeError as error:
        raise ScenarioError(f"{path}: not TOML: {error}") from None
    try:
        model = ScenarioModel.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise ScenarioError(f"{path}: {where}: {first['msg']}") from None
    if model.id != path.stem:
        raise ScenarioError(f"{path}: id {model.id!r} must be the file's name {path.stem!r}")
    return Scenario(model, path)


@cache
def load_scenarios(folder: Path) -> tuple[Scenario, ...]:
    """Every ``*.toml`` of ``folder``, sorted by id (read once)."""
    return tuple(_load_file(path) for path in sorted(folder.glob("*.toml")))


def find(scenarios: Scenarios, scenario_id: str) -> Scenario:
    """The scenario of ``scenario_id``; :class:`ScenarioError` when there is none."""
    for scenario in load_scenarios(scenarios.folder):
        if scenario.id == scenario_id:
            return scenario
    raise ScenarioError(f"no scenario {scenario_id!r} in {scenarios.folder}")


def scenario_rules(
    rules_model: type[StrictModel],
    scenario: Scenario,
    presets: Mapping[str, Mapping[str, Mapping[str, Any]]],
    base: StrictModel | None = None,
) -> StrictModel:
    """The rules a scenario is played under: ``base`` (a variant's own rules) or the
    scenario's preset, with the scenario's overrides on top."""
    if base is not None:
        values = base.model_dump()
    else:
        preset = scenario.model.preset
        if preset is not None and preset not in presets:
            raise ScenarioError(f"{scenario.path}: unknown preset {preset!r}")
        values = dict(presets.get(preset, {}).get("rules", {})) if preset else {}
    values.update(scenario.model.rules)
    try:
        return rules_model.model_validate(values)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise ScenarioError(f"{scenario.path}: rules.{where}: {first['msg']}") from None


def applies(scenario: Scenario, rules: StrictModel) -> bool:
    """Whether ``rules`` (a variant's) already have every value the scenario sets: a book
    draws a scenario only for variants whose rules it was written for (a list in the file
    equals the model's tuple)."""
    missing = object()
    return all(
        (found := getattr(rules, key, missing)) is not missing and _equal(value, found)
        for key, value in scenario.model.rules.items()
    )


def _equal(expected: object, observed: object) -> bool:
    if isinstance(expected, float) or isinstance(observed, float):
        if isinstance(expected, bool) or isinstance(observed, bool):
            return expected == observed
        if isinstance(expected, int | float) and isinstance(observed, int | float):
            return abs(float(expected) - float(observed)) <= 1e-9 * max(1.0, abs(expected))
    if isinstance(expected, Sequence) and not isinstance(expected, str):
        return (
            isinstance(observed, Sequence)
            and not isinstance(observed, str)
            and len(expected) == len(observed)
            and all(_equal(e, o) for e, o in zip(expected, observed, strict=True))
        )
    if isinstance(expected, Mapping):
        return (
            isinstance(observed, Mapping)
            and expected.keys() == observed.keys()
            and all(_equal(expected[k], observed[k]) for k in expected)
        )
    return expected == observed


def mismatches(scenario: Scenario, run: ScenarioRun) -> list[str]:
    """Every way the engine's run differs from the file, first difference first."""
    problems: list[str] = []
    steps = scenario.model.steps
    if len(run.steps) != len(steps):
        problems.append(f"{len(steps)} steps written, the engine played {len(run.steps)}")
    for number, (step, outcome) in enumerate(zip(steps, run.steps, strict=False), 1):
        wanted = step.expect == "legal"
        if outcome.legal != wanted:
            said = "allowed" if outcome.legal else f"refused ({outcome.reason})"
            problems.append(f"step {number} {step.action}: expected {step.expect}, engine {said}")
        elif not wanted and step.reason is not None and outcome.reason != step.reason:
            problems.append(
                f"step {number} {step.action}: refused for {outcome.reason!r}, "
                f"expected {step.reason!r}"
            )
    for key, expected in scenario.model.expect.items():
        if key not in run.facts:
            problems.append(f"expect.{key}: the game reports no such fact")
        elif not _equal(expected, run.facts[key]):
            problems.append(f"expect.{key}: expected {expected!r}, engine {run.facts[key]!r}")
    return problems


def play(
    scenarios: Scenarios,
    scenario: Scenario,
    rules_model: type[StrictModel],
    presets: Mapping[str, Mapping[str, Mapping[str, Any]]],
    base: StrictModel | None = None,
) -> ScenarioRun:
    """Play ``scenario`` under its rules (or ``base`` with its overrides) and insist the
    engine does what the file says; :class:`ScenarioError` names the first difference."""
    rules = scenario_rules(rules_model, scenario, presets, base)
    run = scenarios.play(scenario, rules)
    problems = mismatches(scenario, run)
    if problems:
        raise ScenarioError(
            f"{scenario.path}: the engine does not play this scenario as written: {problems[0]}"
        )
    return run


def replay(
    definition: ScenarioSource, scenario_id: str, base: StrictModel | None = None
) -> ScenarioRun:
    """What a print draws a worked example from: the game's scenario ``scenario_id`` played
    by its engine (under ``base``, a variant's rules, when given) and found as written.

    ``definition`` is the game's :class:`ScenarioBook` (or its whole
    :class:`~plywright.api.GameDefinition`); a book whose example
    the engine no longer plays fails its build with the scenario's name and the difference.
    """
    scenarios: Scenarios | None = definition.scenarios
    if scenarios is None:
        raise ScenarioError(f"game {definition.name!r} has no scenarios")
    scenario = find(scenarios, scenario_id)
    return play(scenarios, scenario, definition.rules_model, definition.presets, base)


def example_run(
    definition: ScenarioSource, scenario_ids: Sequence[str], base: StrictModel
) -> tuple[Scenario, ScenarioRun] | None:
    """The example a book of the variant with rules ``base`` may print: the first scenario
    of ``scenario_ids`` written for those rules (:func:`applies`) that the engine plays as
    written under them, with its run; ``None`` when none does (the variant lies outside what
    the scenarios were written for: a book then shows a scenario under its own rules, or no
    example).

    Every scenario tried under ``base`` that does not play there must play as written under
    its own rules: a rule broken in the engine raises :class:`ScenarioError` either way, so
    a book never quietly loses its example to an engine bug.
    """
    scenarios: Scenarios | None = definition.scenarios
    if scenarios is None:
        raise ScenarioError(f"game {definition.name!r} has no scenarios")
    for scenario_id in scenario_ids:
        scenario = find(scenarios, scenario_id)
        if not applies(scenario, base):
            continue
        rules = scenario_rules(definition.rules_model, scenario, definition.presets, base)
        try:
            run = scenarios.play(scenario, rules)
        except ScenarioError:  # a position the variant's rules cannot set up or play on
            run = None
        if run is not None and not mismatches(scenario, run):
            return scenario, run
        replay(definition, scenario_id)  # raises when the engine itself breaks the rule
    return None
