"""Restricted play costs seats × kinds matchups of strong play, more than the rest of a default
check: it plays at ``--probes full`` only, and the plan of a ``quick`` check says so."""

from __future__ import annotations

import pytest
import strong_games

import sample_games
from plywright.registry import Registry, load_registry
from plywright.simulate.estimate import check_outline, outline_lines
from plywright.simulate.report_types import ProbeLevel
from plywright.simulate.strong import plan
from plywright.variant import Variant, parse_variant


@pytest.fixture(scope="module")
def games() -> Registry:
    return load_registry(extra_plugins=[("cardrace", sample_games), ("strong-games", strong_games)])


def _grip(registry: Registry) -> Variant:
    check = {"agent": "random", "strong_agent": "mcts:40", "probe_games": 24}
    return parse_variant({"game": "grip", "rules": {"grip": 1.0}, "check": check}, registry)


def test_restricted_play_is_a_full_probe(games: Registry) -> None:
    variant = _grip(games)
    default = (games.agent("grip", "random"),)
    levels: tuple[tuple[ProbeLevel, int], ...] = (("none", 0), ("quick", 0), ("full", 4))
    for level, count in levels:
        found = plan.matchups(games, variant, default, level, 2)
        restricted = [m for m in found if m.kind == "restrict"]
        assert len(restricted) == count, level
    full = plan.matchups(games, variant, default, "full", 2)
    budget = plan.probe_budget(variant.check, "full")
    assert {m.games for m in full if m.kind == "restrict"} == {budget}
    assert {(m.seat, m.forbid) for m in full if m.kind == "restrict"} == {
        (seat, kind) for seat in (0, 1) for kind in ("play", "spoil")
    }


def test_the_quick_plan_says_restricted_play_waits_for_full(games: Registry) -> None:
    variant = _grip(games)
    quick = outline_lines(check_outline(games, variant, 20, None, "quick"))
    note = "  restricted play: at --probes full only (4 matchups: 2 seats × 2 kinds, play, spoil)"
    assert note in quick
    full = outline_lines(check_outline(games, variant, 20, None, "full"))
    assert not any("at --probes full only" in line for line in full)
    assert any(line.startswith("  restricted play (4 matchups)") for line in full)
    plain = parse_variant({"game": "cardrace"}, games)
    assert plan.restricted_note(plain, "quick") is None, "a game without kinds"
