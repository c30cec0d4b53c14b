"""Konstruktsiia's ``[production]`` table: bounds, one-line errors through the CLI, and the
play aids refusing a card size whose mat cannot be printed (saying why)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from conftest import EXAMPLES, CliRunner, write
from plywright.plugins.cardtrack.options import CardtrackRules
from plywright.plugins.cardtrack.production import CardtrackProduction
from plywright.plugins.cardtrack.production_checks import mat_checks

VARIANT = (EXAMPLES / "konstruktsiia.toml").read_text(encoding="utf-8")


def with_production(lines: str) -> str:
    return VARIANT.replace("w = 63.0\nh = 88.0", lines)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"w": 90, "h": 80}, "portrait"),
        ({"w": 63, "h": 63}, "portrait"),
        ({"w": 0}, "greater than or equal to 20"),
        ({"h": 1000}, "less than or equal to 300"),
        ({"w": float("nan")}, "finite"),
        ({"big_token": 70}, "must fit on a card"),
        ({"small_token": 40}, "must not exceed big_token"),
        ({"mat_columns": 1}, "at least 2"),
        ({"engrave_depth": 4.5}, "below half the wood_thickness"),
        ({"colour": "red"}, "Extra inputs are not permitted"),
    ],
)
def test_bad_values_are_refused(fields: dict[str, object], message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        CardtrackProduction(**fields)  # type: ignore[arg-type]


def test_defaults_are_poker_cards_and_a_printable_mat() -> None:
    p = CardtrackProduction()
    assert (p.w, p.h, p.bleed) == (63.0, 88.0, 3.0)
    from plywright.plugins.cardtrack.artifacts import CardtrackBuild

    checks = mat_checks(CardtrackBuild(CardtrackRules(), p, "x").mat, p, "A4")
    assert [c.ok for c in checks] == [True]


def test_cli_refuses_a_landscape_card_with_one_line(run_cli: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path / "v.toml", with_production("w = 90.0\nh = 63.0"))
    result = run_cli("build", str(path), "--quiet")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "production" in lines[0] and "portrait" in lines[0]


def test_cli_refuses_a_mat_that_cannot_be_printed(run_cli: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path / "v.toml", with_production("w = 200.0\nh = 280.0"))
    refused = run_cli("build", str(path), "--out", "out", "--quiet")
    assert refused.returncode == 1 and "Traceback" not in refused.stderr
    assert "production.mat_printable" in refused.stderr
    assert "wider than the widest large-format paper" in refused.stderr
    assert not (tmp_path / "out").exists()
    forced = run_cli("build", str(path), "--out", "out", "--force", "--quiet")
    assert forced.returncode == 2 and "Traceback" not in forced.stderr
    assert "the play aids cannot be made" in forced.stderr
    assert "1700 x 3157 mm" in forced.stderr
