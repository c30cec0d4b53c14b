"""A variant a static check finds unmakeable stops ``check`` before any game, as it stops
``build``: one line per error, one line naming the errors, exit 1; ``--force`` plays anyway."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import CliRunner, write
from plywright import cli
from plywright.api import StaticCheck
from plywright.checks import Gate, static_gate
from plywright.registry import Registry
from plywright.simulate import runner
from plywright.variant import parse_variant

UNPRINTABLE = 'game = "cardtrack"\nname = "tall"\n[rules]\ndecks = 8\nheight = 384\n'
"""Eight decks and a 384-row track: the track mat is 34 m long, no printer takes it."""
CHECK_NAME = "production.mat_printable"


def test_the_tall_track_has_an_unprintable_mat(registry: Registry) -> None:
    variant = parse_variant({"game": "cardtrack", "rules": {"decks": 8, "height": 384}}, registry)
    gate = static_gate(registry, variant)
    assert gate.refused and gate.names() == CHECK_NAME
    assert static_gate(registry, variant, force=True).errors and not (
        static_gate(registry, variant, force=True).refused
    )


def test_warnings_alone_do_not_stop_a_command() -> None:
    warning = StaticCheck("long-games", False, "expect long games", "warning")
    error = StaticCheck("mat", False, "the mat cannot be printed")
    assert not Gate((warning,)).refused
    assert Gate((warning, error)).refused and Gate((warning, error)).errors == (error,)
    assert Gate((warning, error)).lines() == [
        "warning: long-games: expect long games",
        "error: mat: the mat cannot be printed",
    ]


def test_check_refuses_an_unmakeable_variant_before_any_game(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    played: list[object] = []

    def no_game(*args: Any, **kwargs: Any) -> Any:
        played.append(args)
        raise AssertionError("a game was planned for an unmakeable variant")

    monkeypatch.setattr(runner, "run_check", no_game)
    monkeypatch.setattr(runner, "planned_games", no_game)
    variant = write(tmp_path / "tall.toml", UNPRINTABLE)
    report = tmp_path / "report.json"
    with pytest.raises(SystemExit) as exited:
        cli.main(["check", str(variant), "-n", "1", "--probes", "none", "--json", str(report)])
    assert exited.value.code == 1
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert lines[0].startswith(f"plywright: error: {CHECK_NAME}: the mat cannot be printed")
    assert lines[-1] == (
        f"plywright: check refused: 1 static check error(s) ({CHECK_NAME}): fix the variant, "
        "or check anyway with --force"
    )
    assert len(lines) == 2, captured.err
    assert captured.out == "" and played == [] and not report.exists()


def test_check_force_plays_the_unmakeable_variant(tmp_path: Path, run_cli: CliRunner) -> None:
    variant = write(tmp_path / "tall.toml", UNPRINTABLE)
    done = run_cli(
        "check", str(variant), "-n", "1", "--probes", "none", "-q", "--force", "--json", "r.json"
    )
    assert done.returncode == 1, done.stderr  # played, and unplayable by its static check
    assert "Traceback" not in done.stderr and "refused" not in done.stderr
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["games"] == 1
    assert any(reason.startswith(f"static check {CHECK_NAME}:") for reason in report["reasons"])


def test_build_is_refused_by_the_same_gate(tmp_path: Path, run_cli: CliRunner) -> None:
    variant = write(tmp_path / "tall.toml", UNPRINTABLE)
    done = run_cli("build", str(variant), "--out", "out", "-q")
    assert done.returncode == 1, done.stderr
    last = done.stderr.strip().splitlines()[-1]
    assert last == (
        f"plywright: build refused, previous build kept: 1 static check error(s) ({CHECK_NAME}): "
        "fix the variant, or build anyway with --force"
    )
    assert not (tmp_path / "out").exists()


class Planned(Exception):
    """Raised where a sweep would plan its first game."""


def _no_plan(monkeypatch: pytest.MonkeyPatch) -> None:
    from plywright.sweep import run as sweep_run

    def planned(*args: Any, **kwargs: Any) -> Any:
        raise Planned

    monkeypatch.setattr(sweep_run, "check_plan", planned)


def test_sweep_refuses_unmakeable_combinations_before_any_plan(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _no_plan(monkeypatch)
    variant = write(tmp_path / "tall.toml", UNPRINTABLE.replace("height = 384\n", ""))
    out = tmp_path / "sweep"
    args = ["sweep", str(variant), "--set", "rules.height=10,384,383", "-n", "1", "-o", str(out)]
    with pytest.raises(SystemExit) as exited:
        cli.main(args)
    assert exited.value.code == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    assert err[0].startswith(
        "plywright: sweep refused before any game: static checks failed for 2 of 3 variants "
        f"(rules.height=384: {CHECK_NAME}: the mat cannot be printed"
    )
    assert "rules.height=383" in err[0] and "rules.height=10:" not in err[0]
    assert err[0].endswith("or sweep anyway with --force")
    assert not out.exists()
    with pytest.raises(Planned):  # forced: past the gate, to the first plan
        cli.main([*args, "--force"])
