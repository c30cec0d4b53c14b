"""Plugin loading: entry points, broken plugins, blocking by name, fresh managers."""

from __future__ import annotations

from pathlib import Path

import pytest

import sample_games
from conftest import CliRunner, write
from plywright.api import GameDefinition, GameRegistrar, hookimpl
from plywright.registry import DISABLE_ENV, PLUGINS_ENV, load_registry


class RaisingPlugin:
    @hookimpl
    def plywright_register_games(self, register: GameRegistrar) -> None:
        raise RuntimeError("cannot find my board files\nsecond line")


class DuplicatePlugin:
    @hookimpl
    def plywright_register_games(self, register: GameRegistrar) -> None:
        register(
            GameDefinition(
                "cardrace", "again", "dup", sample_games.CardRaceRules, sample_games.CardRaceGame
            )
        )


def test_builtins_and_example_plugin_load_through_entry_points() -> None:
    registry = load_registry()
    assert registry.failures == []
    assert {"halma", "tictactoe"} <= set(registry.games)
    assert registry.game_owner["tictactoe"] == "tictactoe"
    assert {"random", "mc"} <= {spec.name for spec in registry.agents}


def test_a_failing_plugin_is_reported_and_does_not_take_others_down() -> None:
    registry = load_registry(
        extra_plugins=[("raising", RaisingPlugin()), ("cardrace", sample_games)]
    )
    assert "cardrace" in registry.games and "halma" in registry.games
    [failure] = registry.failures
    assert failure.name == "raising"
    assert failure.reason == "RuntimeError: cannot find my board files; second line"
    assert not registry.pm.has_plugin("raising")


def test_a_game_name_cannot_be_taken_twice() -> None:
    registry = load_registry(extra_plugins=[("cardrace", sample_games), ("dup", DuplicatePlugin())])
    assert registry.games["cardrace"].title == "Card race (test game)"
    assert [f.name for f in registry.failures] == ["dup"]
    assert "already registered by cardrace" in registry.failures[0].reason


def test_plugins_can_be_blocked_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DISABLE_ENV, "tictactoe, cardrace")
    registry = load_registry(extra_plugins=[("cardrace", sample_games)])
    assert "tictactoe" not in registry.games and "cardrace" not in registry.games
    assert "halma" in registry.games


def test_each_registry_is_fresh() -> None:
    first = load_registry(extra_plugins=[("cardrace", sample_games)])
    second = load_registry()
    assert "cardrace" in first.games and "cardrace" not in second.games
    assert first.pm is not second.pm


def test_games_command_reports_a_plugin_that_fails_to_import(
    run_cli: CliRunner, tmp_path: Path
) -> None:
    """A third-party distribution whose entry point cannot be imported."""
    site = tmp_path / "site"
    write(site / "broken_board.py", "import a_module_that_does_not_exist\n")
    info = site / "broken_board-1.0.dist-info"
    write(info / "METADATA", "Metadata-Version: 2.1\nName: broken-board\nVersion: 1.0\n")
    write(info / "entry_points.txt", "[plywright]\nbroken = broken_board\n")
    result = run_cli("games", env={"PYTHONPATH": str(site), "COLUMNS": "200"})
    assert result.returncode == 0, result.stderr
    assert "plugin broken failed to load: ModuleNotFoundError: No module named" in result.stdout
    assert "halma" in result.stdout and "tictactoe" in result.stdout
    blocked = run_cli("games", env={"PYTHONPATH": str(site), DISABLE_ENV: "broken"})
    assert "broken" not in blocked.stdout


def test_loading_plugins_does_not_import_the_heavy_exporters() -> None:
    """Every command loads every plugin: CadQuery, ReportLab and svgwrite wait for builds."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from plywright.registry import load_registry\n"
        "registry = load_registry()\n"
        "assert not registry.failures, registry.failures\n"
        "heavy = sorted({m.split('.')[0] for m in sys.modules} & {'cadquery', 'OCP', 'reportlab', 'svgwrite', 'ezdxf'})\n"
        "print(','.join(heavy))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


def _agent_plugin(name: str, games: tuple[str, ...]) -> object:
    from plywright.api import AgentRegistrar, AgentSpec
    from plywright.simulate.generic_agents import RandomAgent

    class Plugin:
        @hookimpl
        def plywright_register_agents(self, register: AgentRegistrar) -> None:
            register(
                AgentSpec(name, f"{name} for {games}", lambda g, s, rng: RandomAgent(rng), games)
            )

    return Plugin()


def test_a_game_specific_agent_wins_for_its_game_only() -> None:
    registry = load_registry(
        extra_plugins=[("cardrace", sample_games), ("own", _agent_plugin("random", ("cardrace",)))]
    )
    assert registry.failures == []
    assert registry.agent("cardrace", "random").games == ("cardrace",)
    assert registry.agent("halma", "random").games == ()
    assert [a.name for a in registry.agents_for("cardrace")].count("random") == 1


def test_two_plugins_cannot_claim_one_agent_name_for_one_game() -> None:
    registry = load_registry(
        extra_plugins=[
            ("cardrace", sample_games),
            ("first", _agent_plugin("sly", ("cardrace",))),
            ("second", _agent_plugin("sly", ("cardrace", "halma"))),
            ("generic", _agent_plugin("random", ())),
        ]
    )
    assert [f.name for f in registry.failures] == ["second", "generic"]
    assert "agent 'sly' for cardrace, halma is already registered" in registry.failures[0].reason
    assert registry.agent("cardrace", "sly").description.endswith("('cardrace',)")


def test_entry_points_of_the_importlib_metadata_backport_load() -> None:
    """``distributed`` imports ``importlib_metadata``; its entry points must load too."""
    backport = pytest.importorskip("importlib_metadata")
    from plywright import registry as registry_module

    def backport_entry_points(group: str) -> list[object]:
        return list(backport.entry_points(group=group))

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(registry_module, "entry_points", backport_entry_points)
        loaded = load_registry()
    assert loaded.failures == []
    assert {"halma", "kubb", "cardtrack", "tictactoe"} <= set(loaded.games)


PATH_PLUGIN = """
from plywright.api import GameDefinition, hookimpl
from plywright.conformance import probe
import dataclasses


@hookimpl
def plywright_register_games(register):
    register(dataclasses.replace(probe.GAME, name="by-path"))
"""


def test_plugins_load_by_import_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``PLYWRIGHT_PLUGINS`` imports modules that no distribution installs; a missing one is a
    failure of its own, and a module also installed registers once."""
    write(tmp_path / "by_path_game.py", PATH_PLUGIN)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv(PLUGINS_ENV, "by_path_game, no_such_module,plywright_tictactoe.plugin")
    registry = load_registry()
    assert registry.game_owner["by-path"] == "by_path_game"
    assert registry.game_owner["tictactoe"] == "tictactoe"
    [failure] = registry.failures
    assert failure.name == "no_such_module"
    assert failure.reason == "ModuleNotFoundError: No module named 'no_such_module'"
    monkeypatch.setenv(DISABLE_ENV, "by_path_game")
    assert "by-path" not in load_registry().games


class RetiredHookPlugin:
    @hookimpl
    def plywright_register_games(self, register: GameRegistrar) -> None:
        register(
            GameDefinition(
                "cardrace", "again", "v1", sample_games.CardRaceRules, sample_games.CardRaceGame
            )
        )

    @hookimpl
    def plywright_static_checks(self, variant: object) -> None:
        return None


def test_a_plugin_of_the_first_contract_is_refused_with_a_hint() -> None:
    """A game's own checks hang on its definition now: the old hook would never be called."""
    registry = load_registry(extra_plugins=[("v1", RetiredHookPlugin())])
    [failure] = registry.failures
    assert failure.name == "v1" and "cardrace" not in registry.games
    assert failure.reason == (
        "TypeError: plywright_static_checks is not a plywright hook any more: "
        "set GameDefinition.static_checks of the game"
    )


def test_lazy_callables_import_on_first_call() -> None:
    import subprocess
    import sys

    from plywright.api import lazy

    with pytest.raises(ValueError, match=r"expected 'package\.module:function'"):
        lazy("plywright.plugins.halma.records.check_record")
    code = (
        "import sys\n"
        "from plywright.api import lazy\n"
        "checker = lazy('plywright.plugins.halma.records:check_record')\n"
        "assert 'plywright.plugins.halma.records' not in sys.modules\n"
        "try:\n"
        "    checker([])\n"
        "except ValueError as exc:\n"
        "    print(exc)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "line 1: a record needs a header and a result line"
