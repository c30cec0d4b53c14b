"""Issue contract: every preset and player count is ``playable`` with greedy agents."""

from __future__ import annotations

import pytest

from plywright.registry import load_registry
from plywright.simulate.runner import run_check
from plywright.variant import parse_variant


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["standard", "pro"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_preset_and_player_count_is_playable(preset: str, players: int) -> None:
    registry = load_registry()
    data = {"game": "halma", "preset": preset, "rules": {"players": players}}
    report = run_check(
        registry, parse_variant(data, registry), probes="none", games=100, seed=11, jobs=1
    )
    assert report["verdict"] == "playable", report["reasons"]
    assert report["agents"] == ["greedy"]
    metrics = report["metrics"]
    assert metrics["completion"] >= 0.99 and metrics["timeouts"] == 0
    assert len(metrics["seat_win_rates"]) == players
    assert sum(metrics["seat_win_rates"]) + metrics["drawishness"] == pytest.approx(1, abs=0.011)
