"""Everything a game plugin hands to the core: game definitions, agents, checks, artifacts.

A plugin module implements hooks from :mod:`plywright.hookspecs` with :data:`hookimpl` and
registers values of the types below through the collector each hook receives.
"""

from __future__ import annotations

import importlib
import random
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, Protocol

import pluggy
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
)
from pydantic_core import PydanticCustomError

from plywright.engine import Game, Outcome, State

if TYPE_CHECKING:
    from plywright.scenarios import Scenarios
    from plywright.simulate.fastlane import FastLane
    from plywright.simulate.report_types import StaticCheckEntry
    from plywright.variant import Variant

PROJECT = "plywright"
hookimpl = pluggy.HookimplMarker(PROJECT)
"""Marker for plugin hook implementations: ``@hookimpl def plywright_register_games(...)``."""


MAX_ITEMS = 100
"""Most items of any list field of a variant (a field may allow fewer)."""
MAX_LANGUAGES = 8
"""Most rulebook languages of one variant."""
MAX_AGENT_TEXT = 200
"""Longest ``[check] agent`` (one ``NAME:BUDGET`` per seat, commas between)."""


def _kind(value: object) -> str:
    """What a wrong value is, as the user wrote it in TOML."""
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, str):
        return "text"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return type(value).__name__


@dataclass(frozen=True)
class KindProblem:
    """A value of the wrong kind: pydantic's error type for it (``int_type``, ``bool_type``,
    ...: the designer's plain words read it), the message and the error's context."""

    type: str
    message: str
    context: Mapping[str, Any] = field(default_factory=dict)


TYPE_OF = {bool: "bool_type", int: "int_type", float: "float_type", str: "string_type"}
WANTED = {bool: "true or false", int: "an integer", float: "a number", str: "text"}


def kind_problem(annotation: Any, value: object) -> str | None:
    """Why ``value`` is of a kind ``annotation`` must not coerce it from, or ``None``.

    Lax validation turns ``true`` into 1 and ``"10.0"`` into 10.0; here a number field takes
    only numbers (not booleans, not text), a yes/no field only ``true``/``false``, a text
    field only text, and a list field only a list (each item checked the same way). Everything
    else (ranges, choices, whole numbers) is left to the field's own validation.
    """
    problem = find_kind_problem(annotation, value)
    return problem.message if problem else None


def find_kind_problem(annotation: Any, value: object) -> KindProblem | None:
    """:func:`kind_problem` with pydantic's error type and context."""
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is typing.Annotated:
        return find_kind_problem(args[0], value)
    if origin in (typing.Union, types.UnionType):
        problems = [find_kind_problem(member, value) for member in args]
        if any(problem is None for problem in problems):
            return None
        return next(p for p, m in zip(problems, args, strict=True) if m is not type(None))
    if annotation is type(None):
        return None if value is None else KindProblem("none_required", "must be left out")
    if origin is typing.Literal:
        if any(type(value) is type(choice) for choice in args):
            return None  # the field says which of them
        expected = " or ".join(repr(choice) for choice in args)
        message = f"must be one of {', '.join(map(repr, args))}, not {_kind(value)}"
        return KindProblem("literal_error", message, {"expected": expected})
    if origin is tuple:
        if not isinstance(value, list | tuple):
            return KindProblem("tuple_type", f"must be a list, not {_kind(value)}")
        if len(value) > MAX_ITEMS:
            message = f"must list at most {MAX_ITEMS} items, not {len(value)}"
            return KindProblem("too_long", message, {"max_length": MAX_ITEMS})
        items = [args[0]] * len(value) if len(args) == 2 and args[1] is Ellipsis else args
        for number, (item_type, item) in enumerate(zip(items, value, strict=False), start=1):
            problem = find_kind_problem(item_type, item)
            if problem is not None:
                return replace(problem, message=f"item {number} {problem.message}")
        return None
    if annotation not in WANTED:
        return None
    if annotation is bool:
        ok = isinstance(value, bool)
    elif annotation is str:
        ok = isinstance(value, str)
    else:  # int, float: whole floats reach int fields, which refuse fractions themselves
        ok = isinstance(value, int | float) and not isinstance(value, bool)
    if ok:
        return None
    return KindProblem(TYPE_OF[annotation], f"must be {WANTED[annotation]}, not {_kind(value)}")


class StrictModel(BaseModel):
    """Base of every variant table model: unknown fields are errors, numbers are finite,
    values are frozen, and no value is coerced from another kind (:func:`kind_problem`:
    ``true`` is not 1, ``"10"`` is not 10, a list holds at most :data:`MAX_ITEMS` items)."""

    model_config = ConfigDict(
        extra="forbid", frozen=True, validate_default=True, allow_inf_nan=False
    )

    @field_validator("*", mode="before")
    @classmethod
    def _same_kind(cls, value: object, info: ValidationInfo) -> object:
        field = cls.model_fields.get(info.field_name or "")
        if field is not None:
            problem = find_kind_problem(field.annotation, value)
            if problem is not None:
                template = problem.message.replace("{", "{{").replace("}", "}}")
                raise PydanticCustomError(problem.type, template, dict(problem.context))
        return value


CORE_LANGUAGES = ("en",)
"""The languages of the core's own printed words."""


def _core_language(lang: str) -> str:
    if lang not in CORE_LANGUAGES:
        allowed = ", ".join(map(repr, CORE_LANGUAGES))
        raise ValueError(f"must be {allowed} (the languages this game prints)")
    return lang


CoreLanguage = Annotated[str, AfterValidator(_core_language)]
"""A language of :data:`CORE_LANGUAGES` (a game with texts of its own narrows this to a
``Literal`` of its languages)."""


MAX_PUBLISHER = 80
"""Longest publisher name (one line on a footer)."""
MAX_WEB = 100
"""Longest web address of a publisher."""


def _one_line(text: str) -> str:
    if not text.strip() or text != text.strip():
        raise ValueError("must be text without leading or trailing spaces")
    if any(ord(char) < 32 or ord(char) == 127 for char in text):
        raise ValueError("must be one line (no line breaks or control characters)")
    return text


def _web_address(text: str) -> str:
    _one_line(text)
    if any(char.isspace() for char in text) or "." not in text:
        raise ValueError("must be a web address without spaces, e.g. 'www.example.lv'")
    return text


def _logo_path(text: str) -> str:
    _one_line(text)
    if not text.lower().endswith(".svg"):
        raise ValueError("must name an SVG file (.svg), relative to the variant file")
    return text


class Publisher(StrictModel):
    """``[print.publisher]``: the workshop or club whose name goes on the prints' covers and
    footers (without it, nothing is printed there)."""

    name: Annotated[str, AfterValidator(_one_line)] = Field(
        min_length=1, max_length=MAX_PUBLISHER, description="the workshop's or club's name"
    )
    logo: Annotated[str, AfterValidator(_logo_path)] | None = Field(
        None, max_length=260, description="an SVG logo, its path relative to the variant file"
    )
    web: Annotated[str, AfterValidator(_web_address)] | None = Field(
        None, max_length=MAX_WEB, description="a web address, e.g. 'www.example.lv'"
    )


class PrintOptions(StrictModel):
    """The ``[print]`` table shared by every game; plugins may subclass it.

    The core's own printed words are English: a game that prints in more languages says which
    in its own model (``languages: tuple[Literal["lv", "en"], ...]``)."""

    paper: Literal["A4", "Letter"] = Field("A4", description="paper size of printable PDFs")
    languages: tuple[CoreLanguage, ...] = Field(
        ("en",),
        description="rulebook languages, one PDF each",
        min_length=1,
        max_length=MAX_LANGUAGES,
    )
    publisher: Publisher | None = Field(
        None, description="the workshop's name, logo and web address on covers and footers"
    )

    @field_validator("languages")
    @classmethod
    def _each_language_once(cls, languages: tuple[str, ...]) -> tuple[str, ...]:
        """Every language once (two PDFs of one language would be one file written twice)."""
        if len(languages) > MAX_LANGUAGES:
            raise ValueError(f"at most {MAX_LANGUAGES} languages, not {len(languages)}")
        twice = sorted({lang for lang in languages if languages.count(lang) > 1})
        if twice:
            raise ValueError(f"{', '.join(map(repr, twice))} listed twice (each language once)")
        return languages


class NoProduction(StrictModel):
    """``[production]`` of a game that makes no physical parts."""


class CheckOptions(StrictModel):
    """The ``[check]`` table: how ``plywright check`` plays and judges a variant."""

    games: int = Field(200, ge=1, le=1_000_000, description="simulated games per check")
    agent: str = Field(
        "",
        max_length=MAX_AGENT_TEXT,
        description="agent for every seat ('' = the game's default agent)",
    )
    min_completion: float = Field(
        0.95, ge=0, le=1, description="least share of games that must end in a win or a draw"
    )
    max_timeouts: float = Field(
        0.05, ge=0, le=1, description="largest share of games allowed to hit the length bound"
    )
    max_stalemates: float = Field(
        0.05,
        ge=0,
        le=1,
        description="largest share of games allowed to end with nobody able to move",
    )
    max_drawishness: float = Field(0.9, ge=0, le=1, description="largest share of drawn games")
    min_balance: float = Field(
        0.3, ge=0, le=1, description="least balance (1 - spread of seat win rates)"
    )
    confidence: float = Field(
        0.95, ge=0.5, le=0.999, description="level of the confidence intervals of the rates"
    )
    fairness_alpha: float = Field(
        0.05,
        ge=0,
        le=1,
        description="balance below min_balance fails only when the seat-fairness test's "
        "p-value is below this (1 = judge the balance estimate alone)",
    )
    probes: Literal["none", "quick", "full"] = Field(
        "quick",
        description="strong play and exploit probes: none, quick (skill ladder, strong "
        "self-play, spoiler probes) or full (budgets four times as large, plus the "
        "one-strong-seat probe and restricted play); both decide alike, full decides more",
    )
    strong_agent: str = Field(
        "",
        max_length=MAX_AGENT_TEXT,
        description="searching agent of the skill ladder's top, strong self-play and the "
        "spoiler probes, NAME or NAME:BUDGET ('' = the game's strong agent)",
    )
    probe_games: int = Field(
        24,
        ge=2,
        le=100_000,
        description="most games per probe, per ladder rung and of strong self-play at the "
        "quick level (full's budgets are four times as large); a probe stops as soon as it is "
        "decided",
    )
    exploit_ratio: float = Field(
        0.2,
        ge=0,
        le=1,
        description="a spoiler exploits a victim when the victim wins at most this share of "
        "what it wins without the spoiler (and the drop is significant at probe_alpha)",
    )
    probe_alpha: float = Field(
        0.05,
        gt=0,
        lt=1,
        description="error rate of the probes' and the skill ladder's sequential tests (both ways)",
    )
    budget: float = Field(
        0,
        ge=0,
        le=10_000_000,
        description="seconds the check may take (0 = no limit): every stage stops when they are "
        "spent, and what could not finish makes the check inconclusive",
    )


@dataclass(frozen=True)
class Lazy:
    """A function named by its import path, ``"package.module:function"``, imported on the
    first call: a plugin module stays light to load (every command loads every plugin) while
    its :class:`GameDefinition` names the heavy functions that build, check or simulate."""

    target: str

    def __post_init__(self) -> None:
        module, _, name = self.target.partition(":")
        if not module or not name.isidentifier():
            raise ValueError(f"lazy({self.target!r}): expected 'package.module:function'")

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        module, _, name = self.target.partition(":")
        return getattr(importlib.import_module(module), name)(*args, **kwargs)


def lazy(target: str) -> Lazy:
    """The function at ``"package.module:function"``, imported when first called."""
    return Lazy(target)


StaticChecker = Callable[["Variant"], Sequence["StaticCheck"]]
"""``static_checks(variant)``: the checks of one of the game's own variants."""
ArtifactMaker = Callable[["Variant"], Sequence["Artifact"]]
"""``artifacts(variant)``: the files ``plywright build`` writes for one of the game's variants."""
FastLaneFinder = Callable[["Variant", "tuple[AgentSpec, ...]"], "FastLane | None"]
"""``fast_lane(variant, agents)``: a compiled batch simulator of the variant played by
``agents`` (one for every seat, or one per seat), or ``None`` when it covers not exactly these
agents. Answer quickly: compile nothing here (see :mod:`plywright.simulate.fastlane`)."""
RecordChecker = Callable[[Sequence[Mapping[str, Any]]], Outcome]
"""``record_checker(lines)``: replay a game record (header, action lines, result line)
against the rules and return its outcome; raise :class:`plywright.records.RecordError` naming
the first bad line."""
DuelMaker = Callable[["Variant", int, int], "Duel | None"]
"""``duel(variant, spoiler, victim)``: the variant reduced to those two of its seats, everything
else as it was (for halma: the same board with only the two points occupied), or ``None`` when
the game has no such reduction. The lock-out test of the spoiler probes with three or more
seats plays it (:mod:`plywright.simulate.strong`)."""


@dataclass(frozen=True)
class Duel:
    """A variant reduced to two seats: the ``spoiler``'s and the ``victim``'s seat in it."""

    variant: Variant
    spoiler: int
    victim: int


@dataclass(frozen=True)
class GameDefinition:
    """A game a plugin contributes: its variant models, presets and engine factory, and the
    game's own behaviour (static checks, artifacts, fast lane, record checker).

    The core calls those for the game's own variants only, so they never look at
    ``variant.game``. Give plain functions or :func:`lazy` import paths (light plugin modules).
    """

    name: str
    title: str
    description: str
    rules_model: type[StrictModel]
    make_game: Callable[[Any], Game]
    """Build the engine from a validated ``rules_model`` instance."""
    production_model: type[StrictModel] = NoProduction
    print_model: type[PrintOptions] = PrintOptions
    presets: Mapping[str, Mapping[str, Mapping[str, Any]]] = field(default_factory=dict)
    """``preset -> table -> field -> value``; tables are ``rules``, ``production``, ``print``."""
    default_preset: str | None = None
    default_agent: str = "random"
    strong_agent: str = "mcts"
    """The strongest searching agent (``AgentSpec.search``): the top of the skill ladder, the
    strong self-play of ``metrics.strong`` and the spoiler of the exploit probes."""
    ladder: tuple[str, ...] = ()
    """Agents of the skill ladder, weakest first ('' = ``random``, the default agent, the
    strong agent)."""
    report_metrics: tuple[str, ...] = ()
    """The game's own metrics (keys of ``State.game_metrics()``) that check and sweep reports
    plot beside the core ones, most telling first (e.g. Kubb's ``first_team_won``)."""
    opener_metric: str | None = None
    """A yes/no game metric that is 1 when the side that began won (Kubb's ``first_team_won``),
    for games whose starting side is drawn at random: seat balance cannot see a first-mover
    advantage there, so the check reports and judges the opener's share of the won games
    (``metrics.opener``) as it does the seats'."""
    pooled_metrics: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    """Ratios over all games, ``name -> (numerator, denominator)`` (keys of
    ``State.game_metrics()``): ``metrics.game[name]`` is the sum of the numerators over the sum
    of the denominators (every event weighs alike, unlike the mean of per-game ratios)."""
    static_checks: StaticChecker | None = None
    """Checks of a variant before any game is played (``plywright check`` and ``build`` stop
    on a failed error); ``None``: none."""
    artifacts: ArtifactMaker | None = None
    """The files a build writes (``None``: only the core's static-check report)."""
    fast_lane: FastLaneFinder | None = None
    """A compiled batch simulator (``--engine fast|auto``); ``None``: the Python engine only."""
    record_checker: RecordChecker | None = None
    """Replays the game's records independently of the engine's move lists (``None``: the
    records are written but nothing can check them)."""
    duel: DuelMaker | None = None
    """Two of a variant's seats alone (``None``: spoiler probes with three or more seats tell
    kingmaking from a lock-out by the strong victim's games only)."""
    restrictable: Restrictable | None = None
    """Kinds of move the restricted-play probe forbids to one seat at a time (``None``: no
    restricted-play probe)."""
    scenarios: Scenarios | None = None
    """The game's executable rules (:mod:`plywright.scenarios`): scenario files its engine
    plays in the tests and its rulebooks draw their worked examples from (``None``: none)."""
    designer: Path | None = None
    """The designer's words for the game: a TOML file in the plugin's package (like its
    locale files) with a sentence for the games list, plain preset names and the fields the
    first screen shows, with labels, units and choice labels (README "Plugins"); ``None``: the
    game's description, its presets by their names and its first ``[rules]`` fields."""


class Agent(Protocol):
    """Chooses an action for the seat it plays."""

    def step(self, state: State) -> int: ...


AgentFactory = Callable[[Game, int, random.Random], Agent]
"""``factory(game, seat, rng)`` builds an agent for one game."""


@dataclass(frozen=True)
class SearchSettings:
    """How a searching agent plays: its budget and its objective.

    ``victim is None``: play to win (maximise the own return). Otherwise the agent is a
    **spoiler**: the same search with its objective replaced by "seat ``victim`` does not win"
    (1 for every end in which the victim is not the outright winner, 0 when it is; before the
    end, one minus the victim's estimated return scaled to ``[0, 1]``).
    """

    budget: int
    """The agent's own unit of effort per decision (MCTS: playouts; a depth for others)."""
    victim: int | None = None
    forbid: Forbid | None = None
    """A kind of move the agent may not make in its own seat (the restricted-play probe)."""


KindOf = Callable[[Any, int], str]
"""``kind_of(state, action)``: the kind of move ``action`` is in ``state`` (module level:
plans are pickled)."""


@dataclass(frozen=True)
class Forbid:
    """One kind of move forbidden (:attr:`SearchSettings.forbid`); a position where every legal
    move is of that kind still allows them all (a player cannot pass).

    Every searching agent honours it in its own seat, at the root and wherever its search
    plays that seat's moves; a fast lane offered for an agent with a ``forbid`` must honour it
    too, or offer no lane (the finder returns ``None``)."""

    kind: str
    kind_of: KindOf

    def allowed(self, state: Any, actions: list[int]) -> list[int]:
        """``actions`` without the forbidden kind (all of them if none is left)."""
        kept = [action for action in actions if self.kind_of(state, action) != self.kind]
        return kept or actions


@dataclass(frozen=True)
class Restrictable:
    """The kinds of move the restricted-play probe may forbid to one seat
    (:attr:`GameDefinition.restrictable`), and how to tell an action's kind."""

    kinds: tuple[str, ...]
    kind_of: KindOf


SearchFactory = Callable[[Game, int, random.Random, SearchSettings], Agent]
"""``factory(game, seat, rng, settings)`` builds a searching agent for one game."""


def _configured(
    search: SearchFactory, settings: SearchSettings, game: Game, seat: int, rng: random.Random
) -> Agent:
    """The factory of a configured search agent (module level: plans are pickled)."""
    return search(game, seat, rng, settings)


@dataclass(frozen=True)
class AgentSpec:
    """An agent a plugin contributes; ``games`` empty means it plays any engine.

    A **searching** agent also has ``search`` (its factory given :class:`SearchSettings`) and
    a default ``budget``: ``NAME:BUDGET`` on the command line plays it with another budget
    (:meth:`with_budget`), and the exploit probes play it as a spoiler (:meth:`spoiling`).
    """

    name: str
    description: str
    factory: AgentFactory
    games: tuple[str, ...] = ()
    search: SearchFactory | None = None
    budget: int | None = None
    """Default budget of a searching agent."""
    settings: SearchSettings | None = None
    """The settings this spec plays with (a configured search agent; fast lanes read it)."""
    base: str = ""
    """The registered name of a configured agent (``mcts`` for ``mcts:400``); '' = ``name``."""

    def __post_init__(self) -> None:
        if self.search is not None and self.settings is None:
            if self.budget is None or self.budget < 1:
                raise ValueError(f"agent {self.name}: a searching agent needs a budget >= 1")
            settings = SearchSettings(self.budget)
            object.__setattr__(self, "settings", settings)
            object.__setattr__(self, "factory", partial(_configured, self.search, settings))

    def plays(self, game_name: str) -> bool:
        return not self.games or game_name in self.games

    @property
    def registered(self) -> str:
        """The name this agent was registered under."""
        return self.base or self.name

    @property
    def searches(self) -> bool:
        """True for an agent that takes a budget and can play as a spoiler."""
        return self.search is not None

    def configured(self, settings: SearchSettings) -> AgentSpec:
        """This searching agent with ``settings``; its name says both (``mcts:400``,
        ``mcts:400/spoil-seat-2``: seats counted from 1 as players count them)."""
        if self.search is None:
            raise ValueError(f"agent {self.registered} does not search")
        name = f"{self.registered}:{settings.budget}"
        if settings.victim is not None:
            name += f"/spoil-seat-{settings.victim + 1}"
        if settings.forbid is not None:
            name += f"/no-{settings.forbid.kind}"
        return replace(
            self,
            name=name,
            base=self.registered,
            settings=settings,
            factory=partial(_configured, self.search, settings),
        )

    def with_budget(self, budget: int) -> AgentSpec:
        """This searching agent with ``budget`` (same objective)."""
        victim = self.settings.victim if self.settings else None
        return self.configured(SearchSettings(budget, victim))

    def spoiling(self, victim: int) -> AgentSpec:
        """This searching agent, same budget, playing only so that seat ``victim`` does not
        win."""
        assert self.settings is not None, "searching agents always have settings"
        return self.configured(SearchSettings(self.settings.budget, victim))


@dataclass(frozen=True)
class StaticCheck:
    """One static check of a variant (before any game is simulated)."""

    name: str
    ok: bool
    message: str
    severity: Literal["error", "warning"] = "error"

    def as_json(self) -> StaticCheckEntry:
        return {
            "name": self.name,
            "ok": self.ok,
            "severity": self.severity,
            "message": self.message,
        }


@dataclass(frozen=True)
class Artifact:
    """One file a build writes. ``write(path)`` must produce deterministic bytes."""

    kind: str
    """Manifest kind, e.g. ``cad/step``, ``print/rulebook``."""
    path: str
    """Relative POSIX path inside the build folder."""
    description: str
    write: Callable[[Path], None]
    lang: str | None = None


GameRegistrar = Callable[[GameDefinition], None]
AgentRegistrar = Callable[[AgentSpec], None]
