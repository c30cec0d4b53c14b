""":class:`GameConformance`: the kit's tests, run on one registered game.

A subclass names the game (``game = "mygame"``); :mod:`plywright.conformance.plugin` runs the
same tests for every ``--plywright-game NAME``. Every test is parametrised by game (and by
preset where presets differ, by agent for the agents' test), so a failure names them. The
defaults keep the kit quick (seconds for a small game): one random game per preset, eight
``[rules]`` tables drawn from the schema, two builds of the default preset, a couple of
recorded games, one tampered game per preset; raise them with class attributes or
``--plywright-playouts``.
"""

from __future__ import annotations

import importlib
import json
import pickle
import random
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, cast

import pytest
from hypothesis import HealthCheck, given, note, reject, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from plywright.api import Artifact, GameDefinition, StaticCheck
from plywright.conformance import (
    agent_checks,
    engine_checks,
    model_checks,
    probe,
    record_checks,
    schema,
)
from plywright.registry import Registry, load_registry
from plywright.variant import TABLES, TOP_LEVEL, Variant, parse_variant

UNKNOWN = "plywright_kit_unknown_field"
"""A field no variant table has: every table must refuse it."""


@dataclass(frozen=True)
class KitGame:
    """The game under test: a fresh registry (with the kit's probe game beside it), the
    game's definition and the name of the plugin that registered it."""

    registry: Registry
    definition: GameDefinition
    owner: str

    @property
    def name(self) -> str:
        return self.definition.name

    def variant(self, preset: str | None, **tables: dict[str, Any]) -> Variant:
        """A variant of the game with ``preset`` (``None``: the default) and table values."""
        data: dict[str, Any] = {"game": self.name, "name": "kit", **tables}
        if preset is not None:
            data["preset"] = preset
        return parse_variant(data, self.registry)

    @property
    def presets(self) -> list[str | None]:
        return list(self.definition.presets) or [None]


def kit_registry(plugins: Sequence[str] = ()) -> Registry:
    """Installed plugins, ``PLYWRIGHT_PLUGINS``, the modules at ``plugins`` and the probe."""
    extra: list[tuple[str, object]] = [(path, importlib.import_module(path)) for path in plugins]
    return load_registry(extra_plugins=[*extra, (probe.NAME, probe)])


def _game_names(cls: type[GameConformance], config: pytest.Config) -> list[str]:
    if cls.game:
        return [cls.game]
    return list(config.getoption("plywright_game", None) or [])


def _definition_agents(definition: GameDefinition) -> list[str]:
    """The agents a definition names: default, strong, the ladder's rungs ('' = random)."""
    rungs = [rung or "random" for rung in definition.ladder]
    return list(dict.fromkeys([definition.default_agent, definition.strong_agent, *rungs]))


def _game_agents(registry: Registry, name: str) -> list[str]:
    """Every agent of the game ``name``: those that play it, then those its definition
    names but nobody registered (their test fails, naming them)."""
    playing = [spec.name for spec in registry.agents_for(name)]
    named = _definition_agents(registry.games[name]) if name in registry.games else []
    return list(dict.fromkeys([*playing, *named]))


def _parting(one: bytes, two: bytes) -> str:
    """Where two byte strings part, with what each has there."""
    at = next((i for i, (a, b) in enumerate(zip(one, two, strict=False)) if a != b), None)
    if at is None:
        at = min(len(one), len(two))
    return f"from byte {at}: {one[at : at + 60]!r} against {two[at : at + 60]!r}"


def _first_key_difference(one: object, two: object, path: str = "") -> str | None:
    """The first place two JSON values differ (``artifacts[2].sha256: 'ab..' != 'cd..'``)."""
    if isinstance(one, dict) and isinstance(two, dict):
        for key in sorted(set(one) | set(two)):
            where = f"{path}.{key}" if path else str(key)
            if key not in one or key not in two:
                return f"{where} is in one manifest only"
            found = _first_key_difference(one[key], two[key], where)
            if found:
                return found
        return None
    if isinstance(one, list) and isinstance(two, list):
        for index, (a, b) in enumerate(zip(one, two, strict=False)):
            found = _first_key_difference(a, b, f"{path}[{index}]")
            if found:
                return found
        return None if len(one) == len(two) else f"{path}: {len(one)} items against {len(two)}"
    return None if one == two else f"{path}: {one!r} != {two!r}"


class GameConformance:
    """The conformance tests of one plywright game; set :attr:`game` in a subclass."""

    game: ClassVar[str] = ""
    """The registered name of the game under test ('' = the ``--plywright-game`` names)."""
    plugins: ClassVar[tuple[str, ...]] = ()
    """Plugin modules to load by import path (a game not installed yet)."""
    playouts: ClassVar[int] = 1
    """Random games per preset (``--plywright-playouts`` overrides it)."""
    recorded_games: ClassVar[int] = 2
    """Games played with the default agent, recorded and replayed."""
    build_every_preset: ClassVar[bool] = False
    """Build every preset twice (slow for CAD games); ``False``: the default preset only."""
    cross_cutting: ClassVar[bool] = False
    """True for a plugin that deliberately adds artifacts to other games' builds."""
    schema_examples: ClassVar[int] = 8
    """``[rules]`` tables drawn from the rules model's schema (each played once)."""
    schema_moves: ClassVar[int] = 600
    """Most actions of a drawn table's random game (the end is checked when it comes first)."""
    illegal_positions: ClassVar[int] = 12
    """Positions of a random game (from the start, then every 16th) tried with illegal actions."""
    tampered_games: ClassVar[int] = 1
    """Random games per preset whose tampered records the record checker must refuse."""
    agent_play: ClassVar[agent_checks.AgentPlay] = agent_checks.AgentPlay()
    """How much each agent is asked (moves from the start, sampled positions, search budget)."""

    # --- collection ------------------------------------------------------------------------

    def pytest_generate_tests(self, metafunc: pytest.Metafunc) -> None:
        """Parametrise every test by game, and by preset where it takes ``preset``."""
        cls = type(self)
        names = _game_names(cls, metafunc.config)
        if "preset" in metafunc.fixturenames:
            registry = kit_registry(cls.plugins)
            pairs: list[tuple[str, str | None]] = []
            for name in names:
                definition = registry.games.get(name)
                presets: list[str | None] = list(definition.presets) if definition else []
                pairs += [(name, preset) for preset in presets or [None]]
            ids = [f"{name}-{preset or 'default'}" for name, preset in pairs]
            metafunc.parametrize(("game_name", "preset"), pairs, ids=ids)
        elif "agent" in metafunc.fixturenames:
            registry = kit_registry(cls.plugins)
            cases = [  # a game that is not registered: one case, the kit fixture says why
                (name, agent) for name in names for agent in _game_agents(registry, name) or [""]
            ]
            ids = [f"{name}-{agent or 'none'}" for name, agent in cases]
            metafunc.parametrize(("game_name", "agent"), cases, ids=ids)
        elif "game_name" in metafunc.fixturenames:
            metafunc.parametrize("game_name", names)

    @pytest.fixture
    def kit(self, game_name: str) -> KitGame:
        registry = kit_registry(type(self).plugins)
        if game_name not in registry.games:
            failed = "; ".join(f"{f.name}: {f.reason}" for f in registry.failures)
            known = ", ".join(sorted(set(registry.games) - {probe.NAME})) or "none"
            pytest.fail(
                f"no game {game_name!r} is registered (registered: {known})"
                + (f"; plugins that failed to load: {failed}" if failed else ""),
                pytrace=False,
            )
        return KitGame(registry, registry.game(game_name), registry.game_owner[game_name])

    @pytest.fixture
    def kit_playouts(self, request: pytest.FixtureRequest) -> int:
        given = request.config.getoption("plywright_playouts", None)
        return int(given) if given else type(self).playouts

    # --- registration ----------------------------------------------------------------------

    def test_the_plugin_loads_cleanly(self, kit: KitGame) -> None:
        """Every plugin loads; the definition's presets and agents hang together."""
        failed = "\n".join(f"  {f.name}: {f.reason}" for f in kit.registry.failures)
        assert not failed, f"plugins failed to load:\n{failed}"
        definition = kit.definition
        if definition.default_preset is not None:
            assert definition.default_preset in definition.presets, (
                f"default_preset {definition.default_preset!r} is no preset "
                f"({', '.join(definition.presets) or 'none'})"
            )
        playing = {spec.name for spec in kit.registry.agents_for(kit.name)}
        for agent in _definition_agents(definition):
            assert agent in playing, f"agent {agent!r} of the definition plays no {kit.name}"
        variant = kit.variant(None)
        again = pickle.loads(pickle.dumps(variant))  # worker processes receive variants
        assert again.as_json() == variant.as_json(), "a variant does not survive pickling"

    def test_the_models_are_strict(self, kit: KitGame, preset: str | None) -> None:
        """Every table model is a ``StrictModel`` that keeps its configuration (unknown fields
        refused, values frozen, defaults validated) and coerces no value from another kind
        (``"3"`` is not 3, ``true`` is not 1): each field is tried with such a value."""
        variant = kit.variant(preset)
        for table, model in model_checks.table_models(kit.definition).items():
            values = getattr(variant, table).model_dump(mode="json")
            model_checks.check_strict(table, model, values)

    def test_every_default_lies_inside_its_field(self, kit: KitGame) -> None:
        """Each field's default passes the field's own type and bounds."""
        for table, model in model_checks.table_models(kit.definition).items():
            model_checks.check_defaults(table, model)

    # --- the engine ------------------------------------------------------------------------

    def test_a_new_game_is_ready_to_play(self, kit: KitGame, preset: str | None) -> None:
        """A new state is not over, has a seat (or chance) to move, legal actions, no history
        and zero returns."""
        game = kit.variant(preset).engine()
        engine_checks.check_new_state(game, game.new_initial_state())

    def test_random_games_keep_the_protocol(
        self, kit: KitGame, preset: str | None, kit_playouts: int
    ) -> None:
        """Random games: invariants at every position (returns zero before the end), the
        declared turn order, clones independent, returns of the declared shape, range and sum
        that agree with the outcome, chance probabilities summing to 1, terminal states
        without legal actions, the history replaying move for move."""
        game = kit.variant(preset).engine()
        info = game.info()
        assert info.num_players >= 1 and info.min_utility <= info.max_utility, info
        rng = random.Random(f"plywright-kit:{kit.name}:{preset}")
        for _ in range(kit_playouts):
            engine_checks.random_game(game, rng)

    def test_rules_tables_from_the_schema_keep_the_protocol(self, kit: KitGame) -> None:
        """``[rules]`` tables drawn from the rules model's fields and bounds (Hypothesis), not
        only the presets: each one the model accepts builds an engine whose random game keeps
        the protocol and whose record the record checker replays to the game's outcome."""
        definition = kit.definition
        model = definition.rules_model
        checker = definition.record_checker

        @settings(
            max_examples=self.schema_examples,
            deadline=None,
            database=None,
            derandomize=True,
            suppress_health_check=list(HealthCheck),
        )
        @given(table=schema.table_strategy(model), seed=st.integers(0, 2**32 - 1))
        def play(table: dict[str, Any], seed: int) -> None:
            try:
                rules = model.model_validate(table)
            except ValidationError:
                reject()
            note(f"[rules] {rules.model_dump(mode='json')}")
            game = definition.make_game(rules)
            state = engine_checks.random_game(
                game,
                random.Random(seed),
                defaults=False,
                limit=self.schema_moves,
                clone_opening=engine_checks.CLONE_STRIDE,
            )
            if checker is not None and state.is_terminal():
                record = record_checks.record_of(
                    game, kit.name, rules.model_dump(mode="json"), state.history()
                )
                record_checks.check_replays(checker, record, state.outcome(), "a drawn table")

        play()

    def test_state_serialises_as_parameters_and_history(
        self, kit: KitGame, preset: str | None
    ) -> None:
        """``parameters()`` is JSON that rebuilds the game through ``rules_model`` and
        ``make_game``; with the history it rebuilds every position of a game."""
        game = kit.variant(preset).engine()
        parameters = json.loads(json.dumps(game.parameters()))
        rebuilt = kit.definition.make_game(kit.definition.rules_model.model_validate(parameters))
        assert rebuilt.parameters() == game.parameters(), "parameters() do not round-trip"
        assert json.loads(json.dumps(game.record_header())) == game.record_header()
        rng = random.Random(f"plywright-kit-serialise:{kit.name}:{preset}")
        state = engine_checks.plain_game(game, rng)
        parting = engine_checks.first_parting(game, rebuilt, state.history())
        assert parting is None, (
            f"the game rebuilt from parameters() parts from the original {parting}"
        )

    def test_illegal_actions_are_refused(self, kit: KitGame, preset: str | None) -> None:
        """Along a random game, and at its end, ``apply_action`` raises ``ValueError`` and
        leaves the state as it was for the largest legal action plus one, a random action
        far out of range and an action in range that is not legal there (an occupied cell)."""
        game = kit.variant(preset).engine()
        rng = random.Random(f"plywright-kit-illegal:{kit.name}:{preset}")
        state = game.new_initial_state()
        seen: set[int] = set()
        for move in range(game.info().max_length + 1):
            legal = state.legal_actions()
            if move < self.illegal_positions or move % 16 == 0 or state.is_terminal():
                for action in engine_checks.illegal_candidates(state, rng, seen):
                    engine_checks.check_refuses(state, action, move)
            if state.is_terminal():
                break
            seen.update(legal)
            state.apply_action(engine_checks.choose(state, rng))
        assert state.is_terminal(), "the random game did not end"

    # --- agents ----------------------------------------------------------------------------

    def test_every_agent_plays_legal_moves(self, kit: KitGame, agent: str) -> None:
        """Each agent that plays the game (its default and strong agent, every ladder rung,
        the generic agents) chooses a legal action at every position it is shown and leaves
        the position as it was (searching agents with a small budget)."""
        specs = {spec.name: spec for spec in kit.registry.agents_for(kit.name)}
        assert agent in specs, f"agent {agent!r} of the definition plays no {kit.name}"
        game = kit.variant(None).engine()
        rng = random.Random(f"plywright-kit-agent:{kit.name}:{agent}")
        agent_checks.check_agent(game, specs[agent], rng, self.agent_play)

    # --- the variant file ------------------------------------------------------------------

    def test_the_new_template_reads_back(self, kit: KitGame, preset: str | None) -> None:
        """``plywright new GAME --preset P`` prints a file that reads back as that preset."""
        from plywright.template import variant_template

        data = tomllib.loads(variant_template(kit.definition, preset))
        printed = parse_variant(data, kit.registry)
        expected = kit.variant(preset)
        assert {**printed.as_json(), "name": "kit"} == expected.as_json()

    def test_unknown_fields_are_refused(self, kit: KitGame) -> None:
        """Every table, and the top level, refuses a field it does not define."""
        from plywright.errors import InputError

        for table in TABLES:
            with pytest.raises(InputError, match="unknown field") as caught:
                kit.variant(None, **{table: {UNKNOWN: 1}})
            assert f"[{table}]" in str(caught.value), f"the error names no [{table}]"
        with pytest.raises(InputError, match="unknown top-level field"):
            parse_variant({"game": kit.name, UNKNOWN: 1}, kit.registry)
        assert UNKNOWN not in TOP_LEVEL

    def test_static_checks_of_every_preset_pass(self, kit: KitGame, preset: str | None) -> None:
        from plywright.checks import static_checks

        checks = static_checks(kit.registry, kit.variant(preset))
        assert all(isinstance(c, StaticCheck) for c in checks), "checks must be StaticCheck"
        names = [c.name for c in checks]
        assert len(names) == len(set(names)), f"two static checks share a name: {names}"
        failed = [f"{c.name}: {c.message}" for c in checks if not c.ok and c.severity == "error"]
        assert not failed, f"preset {preset}: failed static checks {failed}"

    def test_static_checks_of_drawn_tables_run(self, kit: KitGame) -> None:
        """``[rules]`` and ``[production]`` tables drawn from their models' schemas (values
        no preset uses): a variant the models accept gets its static checks without an
        error raised, each a ``StaticCheck`` of its own name (they may fail: that is their
        job)."""
        from plywright.checks import static_checks
        from plywright.errors import InputError

        definition = kit.definition

        @settings(
            max_examples=self.schema_examples,
            deadline=None,
            database=None,
            derandomize=True,
            suppress_health_check=list(HealthCheck),
        )
        @given(
            rules=schema.table_strategy(definition.rules_model),
            production=schema.table_strategy(definition.production_model),
        )
        def check(rules: dict[str, Any], production: dict[str, Any]) -> None:
            try:
                variant = kit.variant(None, rules=rules, production=production)
            except InputError:
                reject()
            note(f"[rules] {variant.rules.model_dump(mode='json')}")
            note(f"[production] {variant.production.model_dump(mode='json')}")
            checks = static_checks(kit.registry, variant)
            assert all(isinstance(c, StaticCheck) for c in checks), "checks must be StaticCheck"
            names = [c.name for c in checks]
            assert len(names) == len(set(names)), f"two static checks share a name: {names}"

        check()

    # --- builds and records ----------------------------------------------------------------

    def test_builds_are_deterministic(self, kit: KitGame, tmp_path: Path) -> None:
        """Two builds of a variant are byte-identical, file for file, manifest included."""
        from plywright.build import build

        presets = kit.presets if self.build_every_preset else [kit.definition.default_preset]
        for preset in presets:
            variant = kit.variant(preset)
            tag = preset or "default"
            first = build(kit.registry, variant, tmp_path / f"{tag}-1")
            second = build(kit.registry, variant, tmp_path / f"{tag}-2")
            paths = [entry["path"] for entry in first.manifest["artifacts"]]
            others = [entry["path"] for entry in second.manifest["artifacts"]]
            assert paths == others, (
                f"{tag}: two builds write different files: {sorted(set(paths) ^ set(others))}"
            )
            for path in paths:
                one = (first.folder / path).read_bytes()
                two = (second.folder / path).read_bytes()
                assert one == two, (
                    f"{tag}: {path} differs between two builds ({_parting(one, two)})"
                )
            difference = _first_key_difference(first.manifest, second.manifest)
            assert difference is None, (
                f"{tag}: manifest.json differs between two builds: {difference}"
            )
            listed = set(paths) | {"manifest.json"}
            on_disk = {
                p.relative_to(first.folder).as_posix()
                for p in first.folder.rglob("*")
                if p.is_file()
            }
            assert on_disk == listed, f"{tag}: files not in the manifest: {on_disk - listed}"

    def test_records_replay(self, kit: KitGame, tmp_path: Path) -> None:
        """Games recorded as ``check --records`` writes them replay through the game's
        ``record_checker`` to the outcome the simulator saw."""
        from plywright.agents import resolve_agents
        from plywright.records import read_record, record_path
        from plywright.simulate.games import CheckPlan, play_games

        variant = kit.variant(None)
        agents = resolve_agents(kit.registry, variant, None)
        plan = CheckPlan(variant, agents, seed=11, records=tmp_path)
        try:
            table = play_games(plan, range(self.recorded_games))
        except Exception as exc:  # name who played: the engine's error does not
            names = ", ".join(spec.name for spec in agents)
            raise AssertionError(
                f"playing {self.recorded_games} games with the default agent ({names}) failed: "
                f"{engine_checks.raised(exc)}"
            ) from None
        checker = kit.definition.record_checker
        for stats in table:
            lines = read_record(record_path(tmp_path, stats.index))
            assert lines[0]["game"] == kit.name and "variant" in lines[0], "header line"
            assert len(lines) >= 2 and isinstance(lines[-1], dict)
            if checker is not None:
                record_checks.check_replays(checker, lines, stats.outcome, f"game {stats.index}")
        if checker is None:
            pytest.skip(f"{kit.name} has no GameDefinition.record_checker: records unchecked")

    def test_tampered_records_are_refused(self, kit: KitGame, preset: str | None) -> None:
        """The record checker replays a random game's record to its outcome and refuses it
        with ``RecordError`` after a change: an action that is not legal where it stands, a
        result line stating another outcome, the last action line dropped."""
        checker = kit.definition.record_checker
        if checker is None:
            pytest.skip(f"{kit.name} has no GameDefinition.record_checker: records unchecked")
        variant = kit.variant(preset)
        game = variant.engine()
        rng = random.Random(f"plywright-kit-records:{kit.name}:{preset}")
        tampers = 0
        for _ in range(self.tampered_games):
            state = engine_checks.plain_game(game, rng)
            assert state.is_terminal(), f"no end within {game.info().max_length} actions"
            history = state.history()
            record = record_checks.record_of(
                game, kit.name, variant.rules.model_dump(mode="json"), history
            )
            record_checks.check_replays(checker, record, state.outcome(), "a random game")
            for what, lines in record_checks.tampered_records(game, record, history, rng).items():
                record_checks.check_refused(checker, lines, what)
                tampers += 1
        assert tampers, "no tampered record could be made (no action line, no result line)"

    # --- the game's optional parts ---------------------------------------------------------

    def test_the_designer_words_read(self, kit: KitGame) -> None:
        """The designer's words for the game: its designer file (``GameDefinition.designer``)
        names only presets and fields the game has (the designer would otherwise log the
        mistake and show its defaults), and only values inside each field's own range;
        without one, the defaults name every preset."""
        from plywright.web.firstscreen import DesignerFileError, default_words, read_words

        definition = kit.definition
        source = str(definition.designer) if definition.designer is not None else "defaults"
        problem = ""
        try:
            words = (
                read_words(definition, Path(definition.designer))
                if definition.designer is not None
                else default_words(definition)
            )
        except DesignerFileError as exc:
            problem = str(exc)  # failed below, outside the handler: the message once
        if problem:
            pytest.fail(problem, pytrace=False)
        assert set(words.presets) == set(definition.presets), "every preset has a name"
        model_checks.check_designer_values(definition, words, source)

    def test_a_duel_keeps_two_seats(self, kit: KitGame) -> None:
        """``GameDefinition.duel``, when the game offers one, gives a playable two-seat variant
        with the two seats in it (the lock-out test of the spoiler probes plays it)."""
        duel_of = kit.definition.duel
        variant = kit.variant(None)
        seats = variant.engine().info().num_players
        if duel_of is None:
            assert seats >= 2, "a game of one seat has nobody to spoil"
            return
        duel = duel_of(variant, seats - 1, 0)
        assert duel is not None, "a duel of the default variant's first and last seat"
        assert {duel.spoiler, duel.victim} == {0, 1}, (duel.spoiler, duel.victim)
        game = duel.variant.engine()
        assert game.info().num_players == 2, "a duel has two seats"
        assert duel.variant.game == variant.game
        assert not game.new_initial_state().is_terminal(), "a duel can be played"

    # --- other games -----------------------------------------------------------------------

    def test_the_plugin_ignores_other_games(self, kit: KitGame) -> None:
        """A variant of another game gets nothing from this game's plugin: no artifacts from
        its ``plywright_artifacts`` hook, and the other game's checks are its own."""
        from plywright.build import collect_artifacts
        from plywright.checks import static_checks

        other = parse_variant({"game": probe.NAME}, kit.registry)
        if not self.cross_cutting:
            for impl in kit.registry.pm.hook.plywright_artifacts.get_hookimpls():
                if impl.plugin_name == kit.owner:
                    added = cast("list[Artifact] | None", impl.function(variant=other)) or []
                    assert not added, (
                        f"plugin {kit.owner} adds {[a.path for a in added]} to a build of "
                        f"another game (set cross_cutting = True if that is its job)"
                    )
        paths = [a.path for a in collect_artifacts(kit.registry, other)]
        assert "report/static-checks.json" in paths, "the other game's build lost its report"
        assert static_checks(kit.registry, other) == []
