"""Kubb static checks and the check report's Kubb metrics."""

from __future__ import annotations

from typing import Any

import pytest

from plywright.plugins.kubb.checks import static_checks
from plywright.plugins.kubb.options import KubbRules
from plywright.registry import Registry
from plywright.simulate.runner import run_check
from plywright.variant import parse_variant


def by_name(rules: KubbRules) -> dict[str, Any]:
    return {check.name: check for check in static_checks(rules)}


def test_seed_passes_every_check() -> None:
    checks = static_checks(KubbRules())
    assert checks and all(check.ok for check in checks), [c for c in checks if not c.ok]


def test_baseline_room_to_the_corner_stakes() -> None:
    tight = by_name(KubbRules(width=4.2))["kubb-baseline"]
    assert not tight.ok and tight.severity == "error" and "0.10 m" in tight.message
    close = by_name(KubbRules(width=4.6))["kubb-baseline"]
    assert not close.ok and close.severity == "warning"
    assert by_name(KubbRules(width=5.0))["kubb-baseline"].ok


def test_penalty_distance_must_fit_inside_a_half() -> None:
    check = by_name(KubbRules(penalty_min_distance=3.5))["kubb-penalty-distance"]
    assert not check.ok and check.severity == "error" and "no spot" in check.message
    assert by_name(KubbRules(penalty_min_distance=1.0))["kubb-penalty-distance"].ok


def test_field_depth_and_spacing_and_first_turn_checks() -> None:
    shallow = by_name(KubbRules(length=3.0, width=3.0, kubb_spacing=0.5))["kubb-field"]
    assert not shallow.ok and shallow.severity == "warning"
    spacing = by_name(KubbRules(kubb_spacing=0.3))["kubb-base-spacing"]
    assert not spacing.ok and spacing.severity == "warning"
    quick = by_name(KubbRules(batons=8, opening_batons=(8,)))["kubb-first-turn"]
    assert not quick.ok and quick.severity == "warning"
    assert by_name(KubbRules(king_rule="world", batons=8, opening_batons=(8,)))[
        "kubb-first-turn"
    ].ok
    assert not by_name(KubbRules(max_turns=10))["kubb-max-turns"].ok
    assert not by_name(KubbRules(skill=("beginner", "advanced")))["kubb-skills"].ok


@pytest.mark.parametrize("preset", ["seed", "world"])
def test_check_report_carries_kubb_metrics(registry: Registry, preset: str) -> None:
    variant = parse_variant({"game": "kubb", "preset": preset}, registry)
    data = run_check(registry, variant, probes="none", games=60, seed=1, jobs=1)
    metrics = data["metrics"]["game"]
    for key in (
        "turns",
        "batons",
        "first_team_won",
        "early_king",
        "penalty_kubbs",
        "advantage_turn_share",
    ):
        assert key in metrics
    assert 5 <= metrics["turns"] <= 30
    assert 0.3 <= metrics["first_team_won"] <= 0.8
    assert data["metrics"]["completion"] == 1.0
    assert {c["name"] for c in data["static_checks"]} >= {"kubb-baseline", "kubb-penalty-distance"}
