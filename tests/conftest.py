"""Shared fixtures: a fresh registry per test (with the test-only ``cardrace`` game) and a
subprocess runner for the ``plywright`` command."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import settings

import sample_games
from plywright.registry import Registry, load_registry

# Property tests are reproducible by default (the same examples on every run, so CI never
# flickers); HYPOTHESIS_PROFILE=explore searches new examples on each run. No deadline: on a
# loaded machine an example may take seconds, and speed is measured by benchmarks, not tests.
settings.register_profile("repeatable", derandomize=True, print_blob=True, deadline=None)
settings.register_profile("explore", print_blob=True, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


@pytest.fixture
def registry() -> Registry:
    """A fresh plugin manager: built-ins, installed plugins and the test game ``cardrace``."""
    return load_registry(extra_plugins=[("cardrace", sample_games)])


CliRunner = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture
def run_cli(tmp_path: Path) -> CliRunner:
    """Run ``python -m plywright ARGS`` in ``tmp_path``; returns the completed process."""

    def run(
        *args: str, env: dict[str, str] | None = None, cwd: Path | None = None
    ) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "plywright", *args],
            cwd=cwd or tmp_path,
            env={**os.environ, **(env or {})},
            capture_output=True,
            text=True,
            timeout=600,
        )

    return run


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
