"""Known case of Kubb's strong play: both presets pass the probes (a spoiler cannot keep a
team from winning: felled kubbs move to the thrower's half and the king shot is forced)."""

from __future__ import annotations

import pytest

from plywright.registry import Registry
from plywright.simulate.runner import run_check
from plywright.variant import parse_variant


@pytest.mark.parametrize("preset", ["seed", "world"])
def test_kubb_presets_pass_the_probes(registry: Registry, preset: str) -> None:
    variant = parse_variant({"game": "kubb", "preset": preset}, registry)
    report = run_check(registry, variant, games=100, seed=3, jobs=2, probes="quick")
    assert report["verdict"] == "playable", report["reasons"]
    spoilers = [p for p in report["probes"] if p["probe"] == "spoiler"]
    assert len(spoilers) == 2 and not any(p["exploit"] for p in spoilers)
    names = [(rung["agent"], rung["against"]) for rung in report["metrics"]["skill"]]
    assert names[:3] == [("basic", "random"), ("tactical", "basic"), ("expectimax", "tactical")]
    assert report["metrics"]["strong"]["agent"] == "expectimax"
    assert "opener" in report["metrics"]["strong"], "Kubb draws who starts: the opener is judged"
