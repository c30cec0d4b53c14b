"""The conformance kit (plywright.conformance): the built-in games and the example plugin
pass it, and it fails a plugin for each kind of mistake it is there to catch."""

from __future__ import annotations

import textwrap

import pytest

from plywright.conformance import GameConformance

pytest_plugins = ["pytester"]


class TestHalmaConformance(GameConformance):
    game = "halma"


class TestKubbConformance(GameConformance):
    game = "kubb"


class TestCardtrackConformance(GameConformance):
    game = "cardtrack"


class TestTicTacToeConformance(GameConformance):
    game = "tictactoe"


BROKEN = """
from __future__ import annotations

import dataclasses
import os
from pydantic import ConfigDict

from plywright.api import Artifact, GameDefinition, StaticCheck, hookimpl
from plywright.conformance import probe
from plywright.engine import Outcome


class SharedClone(probe.ProbeState):
    def clone(self):
        copy = SharedClone(self.game)
        copy.left, copy.moves = self.left, self.moves  # the list is shared
        return copy


class SharedCloneGame(probe.ProbeGame):
    def new_initial_state(self):
        return SharedClone(self)


class LooseRules(probe.ProbeRules):
    model_config = ConfigDict(extra="allow")


def noisy(variant):
    write = lambda path: path.write_bytes(os.urandom(8))
    return [Artifact("layout/svg", "noise.bin", "random bytes", write)]


def one_file(variant):
    return [Artifact("layout/svg", "board.txt", "a board", lambda p: p.write_text("b"))]


def draw_record(lines):
    return Outcome("draw")


def failing(variant):
    return [StaticCheck("always-fails", False, "this preset cannot be made")]


BASE = dataclasses.replace(probe.GAME, artifacts=one_file)
GAMES = {
    "shared-clone": dataclasses.replace(BASE, make_game=SharedCloneGame),
    "loose-schema": dataclasses.replace(BASE, rules_model=LooseRules),
    "noisy-build": dataclasses.replace(BASE, artifacts=noisy),
    "wrong-record": dataclasses.replace(BASE, record_checker=draw_record),
    "failing-preset": dataclasses.replace(BASE, static_checks=failing),
}


@hookimpl
def plywright_register_games(register):
    for name, definition in GAMES.items():
        register(dataclasses.replace(definition, name=name))
"""

GREEDY = """
import dataclasses

from plywright.api import Artifact, hookimpl
from kit_broken_games import BASE


@hookimpl
def plywright_register_games(register):
    register(dataclasses.replace(BASE, name="greedy-artifacts"))


@hookimpl
def plywright_artifacts(variant):  # adds its file to every game's build
    return [Artifact("print/sheet", "extra.txt", "extra", lambda p: p.write_text("x"))]
"""

EXPECTED_FAILURES = {
    "shared-clone": {
        "test_random_games_keep_the_protocol",
        "test_rules_tables_from_the_schema_keep_the_protocol",
        "test_every_agent_plays_legal_moves",  # searching agents play on clones
    },
    "loose-schema": {"test_the_models_are_strict", "test_unknown_fields_are_refused"},
    "noisy-build": {"test_builds_are_deterministic"},
    "wrong-record": {
        "test_records_replay",
        "test_tampered_records_are_refused",
        "test_rules_tables_from_the_schema_keep_the_protocol",
    },
    "failing-preset": {"test_static_checks_of_every_preset_pass"},
    "greedy-artifacts": {"test_the_plugin_ignores_other_games"},
}
"""Which of the kit's tests each broken game fails (and no other)."""


def test_the_kit_fails_each_broken_game_where_it_is_broken(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``pytest --plywright-game NAME`` on games loaded through ``PLYWRIGHT_PLUGINS``."""
    pytester.makepyfile(kit_broken_games=textwrap.dedent(BROKEN), kit_greedy=GREEDY)
    pytester.syspathinsert()
    monkeypatch.setenv("PLYWRIGHT_PLUGINS", "kit_broken_games,kit_greedy")
    args = ["-p", "plywright.conformance.plugin", "-p", "no:randomly", "-p", "no:cacheprovider"]
    for name in EXPECTED_FAILURES:
        args += ["--plywright-game", name]
    recorder = pytester.inline_run(*args)
    passed, skipped, failed = recorder.listoutcomes()
    assert not skipped
    seen: dict[str, set[str]] = {name: set() for name in EXPECTED_FAILURES}
    for report in failed:
        test, _, params = report.nodeid.split("::")[-1].partition("[")
        game = next(name for name in EXPECTED_FAILURES if params.startswith(name))
        seen[game].add(test)
    assert seen == EXPECTED_FAILURES
    assert len(passed) > 6 * 5  # the other tests of every broken game pass


def test_without_a_game_the_kit_collects_nothing(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_mine="def test_own():\n    pass\n")
    result = pytester.runpytest("-p", "plywright.conformance.plugin", "-p", "no:randomly")
    result.assert_outcomes(passed=1)


def test_with_paths_the_kit_runs_beside_them(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_mine="def test_own():\n    pass\n")
    result = pytester.runpytest(
        "-p",
        "plywright.conformance.plugin",
        "-p",
        "no:randomly",
        "--plywright-game",
        "tictactoe",
        "test_mine.py",
        "-k",
        "own or unknown_fields",
    )
    result.assert_outcomes(passed=2)


def test_an_unknown_game_fails_with_the_registered_names(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest(
        "-p",
        "plywright.conformance.plugin",
        "-p",
        "no:randomly",
        "--plywright-game",
        "chess",
        "-k",
        "loads_cleanly",
    )
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*no game 'chess' is registered (registered: *halma*"])
