""":class:`GameConformance`: the kit's tests, run on one registered game.

A subclass names the game (``game = "mygame"``); :mod:`generator.conformance.plugin` runs the
same tests for every ``--plywright-game NAME``. Every test is parametrised by game (and by
preset where presets differ), so a failure names both. The defaults keep the kit quick (a
few seconds per game): one random game per preset, two builds of the default preset, a
couple of recorded games; raise them with class attributes or ``--plywright-playouts``.
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

from generator.api import Artifact, GameDefinition, StaticCheck, StrictModel
from generator.conformance import engine_checks, probe
from generator.engine import replay
from generator.registry import Registry, load_registry
from generator.variant import TABLES, TOP_LEVEL, Variant, parse_variant

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
        """Every plugin loads; the definition's presets, agents and models hang together."""
        assert not kit.registry.failures, f"plugins failed to load: {kit.registry.failures}"
        definition = kit.definition
        if definition.default_preset is not None:
            assert definition.default_preset in definition.presets, "default_preset is no preset"
        for table, model in (
            ("rules", definition.rules_model),
            ("production", definition.production_model),
            ("print", definition.print_model),
        ):
            assert issubclass(model, StrictModel), f"[{table}] model must derive from StrictModel"
            extra = model.model_config.get("extra")
            assert extra == "forbid", f"[{table}] model allows unknown fields (extra={extra!r})"
        playing = {spec.name for spec in kit.registry.agents_for(kit.name)}
        for agent in (definition.default_agent, *[a for a in definition.ladder if a]):
            assert agent in playing, f"agent {agent!r} of the definition plays no {kit.name}"
        variant = kit.variant(None)
        again = pickle.loads(pickle.dumps(variant))  # worker processes receive variants
        assert again.as_json() == variant.as_json(), "a variant does not survive pickling"

    # --- the engine ------------------------------------------------------------------------

    def test_random_games_keep_the_protocol(
        self, kit: KitGame, preset: str | None, kit_playouts: int
    ) -> None:
        """Random games: invariants at every position, clones independent, returns in range,
        chance probabilities summing to 1, terminal states without legal actions."""
        game = kit.variant(preset).engine()
        info = game.info()
        assert info.num_players >= 1 and info.min_utility <= info.max_utility
        rng = random.Random(f"plywright-kit:{kit.name}:{preset}")
        for _ in range(kit_playouts):
            engine_checks.random_game(game, rng)

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
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal() and step < game.info().max_length:
            if step & (step - 1) == 0:  # positions 0, 1, 2, 4, 8, ...: few replays
                again = engine_checks.fingerprint(replay(rebuilt, state.history()))
                assert again == engine_checks.fingerprint(state), f"position {step} differs"
            state.apply_action(engine_checks.choose(state, rng))
            step += 1
        assert engine_checks.fingerprint(
            replay(rebuilt, state.history())
        ) == engine_checks.fingerprint(state)

    def test_illegal_actions_are_refused(self, kit: KitGame, preset: str | None) -> None:
        state = kit.variant(preset).engine().new_initial_state()
        with pytest.raises(ValueError):
            state.apply_action(engine_checks.illegal_action(state))

    # --- the variant file ------------------------------------------------------------------

    def test_the_new_template_reads_back(self, kit: KitGame, preset: str | None) -> None:
        """``plywright new GAME --preset P`` prints a file that reads back as that preset."""
        from generator.template import variant_template

        data = tomllib.loads(variant_template(kit.definition, preset))
        printed = parse_variant(data, kit.registry)
        expected = kit.variant(preset)
        assert {**printed.as_json(), "name": "kit"} == expected.as_json()

    def test_unknown_fields_are_refused(self, kit: KitGame) -> None:
        """Every table, and the top level, refuses a field it does not define."""
        from generator.errors import InputError

        for table in TABLES:
            with pytest.raises(InputError, match="unknown field") as caught:
                kit.variant(None, **{table: {UNKNOWN: 1}})
            assert f"[{table}]" in str(caught.value), f"the error names no [{table}]"
        with pytest.raises(InputError, match="unknown top-level field"):
            parse_variant({"game": kit.name, UNKNOWN: 1}, kit.registry)
        assert UNKNOWN not in TOP_LEVEL

    def test_static_checks_of_every_preset_pass(self, kit: KitGame, preset: str | None) -> None:
        from generator.checks import static_checks

        checks = static_checks(kit.registry, kit.variant(preset))
        assert all(isinstance(c, StaticCheck) for c in checks), "checks must be StaticCheck"
        names = [c.name for c in checks]
        assert len(names) == len(set(names)), f"two static checks share a name: {names}"
        failed = [f"{c.name}: {c.message}" for c in checks if not c.ok and c.severity == "error"]
        assert not failed, f"preset {preset}: failed static checks {failed}"

    # --- builds and records ----------------------------------------------------------------

    def test_builds_are_deterministic(self, kit: KitGame, tmp_path: Path) -> None:
        """Two builds of a variant are byte-identical, file for file, manifest included."""
        from generator.build import build

        presets = kit.presets if self.build_every_preset else [kit.definition.default_preset]
        for preset in presets:
            variant = kit.variant(preset)
            tag = preset or "default"
            first = build(kit.registry, variant, tmp_path / f"{tag}-1")
            second = build(kit.registry, variant, tmp_path / f"{tag}-2")
            assert first.manifest == second.manifest, f"{tag}: the manifests differ"
            for entry in first.manifest["artifacts"]:
                one = (first.folder / entry["path"]).read_bytes()
                two = (second.folder / entry["path"]).read_bytes()
                assert one == two, f"{tag}: {entry['path']} differs between two builds"
            listed = {entry["path"] for entry in first.manifest["artifacts"]} | {"manifest.json"}
            on_disk = {
                p.relative_to(first.folder).as_posix()
                for p in first.folder.rglob("*")
                if p.is_file()
            }
            assert on_disk == listed, f"{tag}: files not in the manifest: {on_disk - listed}"

    def test_records_replay(self, kit: KitGame, tmp_path: Path) -> None:
        """Games recorded as ``check --records`` writes them replay through the game's
        ``record_checker`` to the outcome the simulator saw."""
        from generator.records import read_record, record_path
        from generator.simulate.runner import CheckPlan, play_games, resolve_agents

        variant = kit.variant(None)
        agents = resolve_agents(kit.registry, variant, None)
        plan = CheckPlan(variant, agents, seed=11, records=tmp_path)
        table = play_games(plan, range(self.recorded_games))
        checker = kit.definition.record_checker
        for stats in table:
            lines = read_record(record_path(tmp_path, stats.index))
            assert lines[0]["game"] == kit.name and "variant" in lines[0], "header line"
            assert len(lines) >= 2 and isinstance(lines[-1], dict)
            if checker is not None:
                assert checker(lines) == stats.outcome, f"game {stats.index} replays otherwise"
        if checker is None:
            pytest.skip(f"{kit.name} has no GameDefinition.record_checker: records unchecked")

    # --- the game's optional parts ---------------------------------------------------------

    def test_the_designer_words_read(self, kit: KitGame) -> None:
        """The designer's words for the game: its designer file (``GameDefinition.designer``)
        names only presets and fields the game has (the designer would otherwise log the
        mistake and show its defaults); without one, the defaults name every preset."""
        from generator.web.firstscreen import DesignerFileError, default_words, read_words

        definition = kit.definition
        try:
            words = (
                read_words(definition, Path(definition.designer))
                if definition.designer is not None
                else default_words(definition)
            )
        except DesignerFileError as exc:
            pytest.fail(str(exc), pytrace=False)
        assert set(words.presets) == set(definition.presets), "every preset has a name"

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
        from generator.build import collect_artifacts
        from generator.checks import static_checks

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
