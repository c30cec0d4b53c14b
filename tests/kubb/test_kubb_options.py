"""The Kubb ``[rules]`` and ``[print]`` tables: defaults, presets and bad input (one-line
errors, exit 2 through the command line)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from conftest import CliRunner, write
from plywright.errors import InputError
from plywright.plugins.kubb.geometry import KubbField
from plywright.plugins.kubb.options import PRESETS, KubbPrint, KubbRules
from plywright.plugins.kubb.production import SMALL_SET, KubbProduction
from plywright.plugins.kubb.production_checks import kubb_production_checks
from plywright.registry import Registry
from plywright.variant import parse_variant


def variant(registry: Registry, **tables: Any) -> Any:
    return parse_variant({"game": "kubb", **tables}, registry)


def test_defaults_are_the_seed() -> None:
    rules = KubbRules()
    assert (rules.length, rules.width, rules.kubbs_per_team, rules.kubb_spacing) == (10, 5, 5, 1)
    assert rules.batons == 6 and rules.opening_batons == (6,)
    assert rules.throw_in_attempts == 2 and rules.penalty_min_distance == 0.3
    assert rules.king_rule == "seed" and rules.king_min_batons_left == 2
    assert rules.team_skills() == (0.42, 0.42) and rules.max_turns == 200
    assert KubbPrint().languages == ("nl", "en")


def test_presets(registry: Registry) -> None:
    world = variant(registry, preset="world").rules
    assert (world.length, world.width, world.king_rule) == (8.0, 5.0, "world")
    assert [world.batons_in_turn(k) for k in (1, 2, 3, 4, 9)] == [2, 4, 6, 6, 6]
    assert variant(registry).rules == KubbRules(), "seed is the default preset"
    small = variant(registry, preset="small")
    assert small.rules == KubbRules(penalty_min_distance=0.27), "one stick of the small set"
    assert small.production == KubbProduction.model_validate(SMALL_SET)
    checks = {check.name: check for check in kubb_production_checks(small)}
    assert checks["production.stick_length"].ok, checks["production.stick_length"].message
    assert set(PRESETS) == {"seed", "world", "small"}


def test_skill_forms() -> None:
    assert KubbRules(skill="advanced").team_skills() == (0.65, 0.65)
    assert KubbRules(skill=0.5).team_skills() == (0.5, 0.5)
    assert KubbRules.model_validate({"skill": ["beginner", 0.7]}).team_skills() == (0.25, 0.7)


def test_field_from_rules() -> None:
    field = KubbRules(length=8.0).field()
    assert field == KubbField(8.0, 5.0, 5, 1.0)
    assert field.diagonal == pytest.approx(9.434, abs=1e-3)
    assert field.stakes == ((0, 0), (0, 5), (8, 0), (8, 5), (4, 0), (4, 5))
    assert field.base_positions(1)[0] == (8.0, 0.5)
    assert field.half_of(3.9) == 0 and field.half_of(4.1) == 1


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        ({"length": -10}, "length"),
        ({"width": float("nan")}, "width"),
        ({"width": 3.5}, "too narrow"),
        ({"length": 4.0, "width": 6.0, "kubb_spacing": 1.0}, "short sides"),
        ({"skill": 1.5}, "skill"),
        ({"skill": "expert"}, "skill"),
        ({"skill": ["club", "club", "club"]}, "skill"),
        ({"opening_batons": [2, 8]}, "more than the 6 batons"),
        ({"opening_batons": []}, "opening_batons"),
        ({"batons": 0}, "batons"),
        ({"king_rule": "usa"}, "king_rule"),
        ({"king_min_batons_left": 7}, "king_min_batons_left"),
        ({"throw_in_attempts": 0}, "throw_in_attempts"),
        ({"penalty_min_distance": -1}, "penalty_min_distance"),
        ({"neighbour_chance": 2}, "neighbour_chance"),
        ({"max_turns": 0}, "max_turns"),
        ({"length": "ten"}, "length"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_rules_are_one_line_errors(
    registry: Registry, rules: dict[str, Any], expected: str
) -> None:
    with pytest.raises(InputError) as error:
        variant(registry, rules=rules)
    message = str(error.value)
    assert expected in message and "\n" not in message


def test_bad_print_language(registry: Registry) -> None:
    with pytest.raises(InputError, match="languages"):
        variant(registry, print={"languages": ["de"]})


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('game = "kubb"\n[rules]\nwidth = 3.0\n', "too narrow"),
        ('game = "kubb"\n[rules]\nskill = 1.2\n', "skill"),
        ('game = "kubb"\n[rules]\nopening_batons = [2, 4, 9]\n', "opening_batons"),
    ],
)
def test_bad_input_exits_2_through_check(
    run_cli: CliRunner, tmp_path: Path, text: str, expected: str
) -> None:
    path = write(tmp_path / "bad.toml", text)
    result = run_cli("check", str(path), "--probes", "none", "--games", "2")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and expected in lines[0] and str(path) in lines[0]
