"""The conformance kit on copies of the example plugin, each broken by one patch
(:mod:`copies`): every copy fails exactly the kit's tests its mistake breaks, with a message
naming the cause, and the unbroken copy passes them all.

The copies are loaded as an author tries a game before installing it (``PLYWRIGHT_PLUGINS``
with the copy on ``PYTHONPATH``) and the kit runs as ``pytest --plywright-game NAME`` in one
subprocess for all of them; its JUnit report says which test failed with what.
"""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from copies import HOOKIMPL, PATCHES, ROOT, SOUND, Patch, make_copy

from plywright.cli import cli


@dataclass(frozen=True)
class Case:
    """One test of the kit's run: its name, the game it ran on, and the failure text."""

    test: str
    game: str
    failure: str | None


def run_kit(patches: Sequence[Patch], folder: Path) -> list[Case]:
    """Run the kit on the copies of ``patches`` (written under ``folder``)."""
    folder.mkdir(parents=True, exist_ok=True)
    for patch in patches:
        make_copy(patch, folder)
    report = folder / "kit.xml"
    args = [sys.executable, "-m", "pytest", "-p", "no:randomly", "-p", "no:cacheprovider"]
    args += ["-p", "no:xdist", "-q", f"--junitxml={report}", "-o", "junit_logging=no"]
    for patch in patches:
        args += ["--plywright-game", patch.game]
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(folder), str(ROOT)]),
        "PLYWRIGHT_PLUGINS": ",".join(f"{patch.module}.plugin" for patch in patches),
    }
    done = subprocess.run(
        args, cwd=folder, env=env, capture_output=True, text=True, timeout=1800, check=False
    )
    assert report.exists(), done.stdout + done.stderr
    games = sorted((patch.game for patch in patches), key=len, reverse=True)
    cases = []
    for case in ET.parse(report).getroot().iter("testcase"):
        name, _, params = case.get("name", "").partition("[")
        game = next(g for g in games if params.startswith(g))
        problem = case.find("failure")
        if problem is None:
            problem = case.find("error")
        failure = None if problem is None else problem.text or problem.get("message", "")
        cases.append(Case(name, game, failure))
    assert cases, done.stdout + done.stderr
    return cases


@pytest.fixture(scope="module")
def kit_run(tmp_path_factory: pytest.TempPathFactory) -> list[Case]:
    """The kit's run on the unbroken copy and every broken one that loads."""
    return run_kit([SOUND, *PATCHES], tmp_path_factory.mktemp("copies"))


def test_the_unbroken_copy_passes_the_kit(kit_run: list[Case]) -> None:
    cases = [case for case in kit_run if case.game == SOUND.game]
    assert len(cases) > 20
    failed = {case.test: case.failure for case in cases if case.failure is not None}
    assert not failed


@pytest.mark.parametrize("patch", PATCHES, ids=[patch.slug for patch in PATCHES])
def test_each_broken_copy_is_caught_where_it_is_broken(kit_run: list[Case], patch: Patch) -> None:
    cases = [case for case in kit_run if case.game == patch.game]
    failed = {case.test for case in cases if case.failure is not None}
    assert failed == patch.fails, patch.what
    messages = [case.failure or "" for case in cases if case.failure is not None]
    for text in patch.messages:
        assert any(text in message for message in messages), (text, messages)


def test_a_failed_check_shows_pytest_s_comparison(kit_run: list[Case]) -> None:
    """The kit's modules are rewritten: an assert shows its two sides, not the message only."""
    failures = [
        case.failure
        for case in kit_run
        if case.game == "kc-o-first" and case.test == "test_random_games_keep_the_protocol"
    ]
    assert failures and all(failures)
    for failure in failures:
        assert failure is not None and "assert (0 is None or 1 == 0)" in failure, failure


def test_a_designer_file_error_is_shown_once(kit_run: list[Case]) -> None:
    (case,) = [c for c in kit_run if c.game == "kc-designer-preset" and c.failure is not None]
    assert case.failure is not None
    assert case.failure.count("'fours' is not a preset") == 1, case.failure


def test_a_plugin_that_fails_to_load_gives_pluggy_s_whole_reason(tmp_path: Path) -> None:
    """The kit names the copy that failed and keeps every line of pluggy's error."""
    cases = run_kit([HOOKIMPL], tmp_path)
    failures = [case.failure for case in cases]
    assert failures and all(failures)
    for failure in failures:
        assert failure is not None
        assert f"no game '{HOOKIMPL.game}' is registered" in failure
        assert f"{HOOKIMPL.module}.plugin: PluginValidationError" in failure
        assert "plywright_register_games(registrar" in failure
        assert HOOKIMPL.messages[0] in failure


def test_plywright_games_prints_the_whole_reason_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_copy(HOOKIMPL, tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("PLYWRIGHT_PLUGINS", f"{HOOKIMPL.module}.plugin")
    monkeypatch.setenv("COLUMNS", "400")
    result = CliRunner().invoke(cli, ["games"])
    assert result.exit_code == 0, result.output
    assert result.output.count(f"plugin {HOOKIMPL.module}.plugin failed to load") == 1
    assert HOOKIMPL.messages[0] in result.output
    assert "plywright_register_games(registrar" in result.output
