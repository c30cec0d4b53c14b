"""Bad input in the Konstruktsiia [rules] table: one-line errors, exit status 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from conftest import CliRunner
from plywright.plugins.cardtrack.options import PRESETS, CardtrackPrint, CardtrackRules


@pytest.mark.parametrize(
    "values",
    [
        {"decks": 0},
        {"height": 0},
        {"height": 49, "decks": 1},
        {"small_path_rule": "loose"},
        {"spare_jokers": "keep"},
        {"max_columns": 1},
        {"small_max_steps": 0},
        {"max_turns": 0},
        {"colour": "red"},
    ],
)
def test_bad_rules_are_refused(values: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        CardtrackRules.model_validate(values)


def test_presets_are_valid() -> None:
    for preset in PRESETS.values():
        CardtrackRules.model_validate(preset.get("rules", {}))
    assert CardtrackPrint().languages == ("uk", "en")


@pytest.mark.parametrize(
    ("table", "expected"),
    [
        ("[rules]\ndecks = 0\n", "[rules] decks"),
        ("[rules]\nheight = 200\n", "beyond what 3 deck(s) allow"),
        ('[rules]\nsmall_path_rule = "loose"\n', "small_path_rule"),
        ("[production]\nw = 90.0\n", "portrait"),
        ("[production]\nw = -5.0\n", "[production] w"),
    ],
)
def test_bad_variants_exit_2_with_one_line(
    tmp_path: Path, run_cli: CliRunner, table: str, expected: str
) -> None:
    variant = tmp_path / "bad.toml"
    variant.write_text(f'game = "cardtrack"\n{table}', encoding="utf-8")
    result = run_cli("check", str(variant), "--probes", "none", "--games", "1", "--quiet")
    assert result.returncode == 2, result.stderr
    message = result.stderr.strip()
    assert expected in message and "Traceback" not in message
    assert len(message.splitlines()) == 1
