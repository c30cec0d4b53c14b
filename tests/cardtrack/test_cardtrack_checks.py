"""Konstruktsiia static checks and the game's own metrics in the check report."""

from __future__ import annotations

from plywright.plugins.cardtrack.checks import static_checks
from plywright.plugins.cardtrack.options import CardtrackRules
from plywright.registry import load_registry
from plywright.simulate.runner import run_check
from plywright.variant import parse_variant


def by_name(rules: CardtrackRules) -> dict[str, bool]:
    return {check.name: check.ok for check in static_checks(rules)}


def test_default_rules_pass_every_check() -> None:
    assert all(by_name(CardtrackRules()).values())


def test_checks_flag_what_they_name() -> None:
    assert not by_name(CardtrackRules(small_tokens=7))["cardtrack-kings"]
    assert by_name(CardtrackRules(small_tokens=6))["cardtrack-kings"]
    assert not by_name(CardtrackRules(decks=1, height=20))["cardtrack-cards"]
    assert not by_name(CardtrackRules(decks=1, spare_jokers="wild"))["cardtrack-jokers"]
    assert not by_name(CardtrackRules(max_turns=100))["cardtrack-max-turns"]
    assert by_name(CardtrackRules(decks=1, height=48))["cardtrack-height"]


def test_check_report_holds_the_game_metrics() -> None:
    registry = load_registry()
    variant = parse_variant({"game": "cardtrack", "rules": {"height": 5}}, registry)
    report = run_check(registry, variant, probes="none", games=12, seed=1, jobs=1)
    game = report["metrics"]["game"]
    for key in (
        "cards",
        "reshuffles",
        "black_won",
        "red_won",
        "block_refusals",
        "share_build",
        "share_big",
        "share_small",
        "share_king",
        "share_discard",
    ):
        assert key in game
    assert abs(game["black_won"] + game["red_won"] + game["nowinner"] - 1.0) < 1e-6
    shares = sum(game[f"share_{a}"] for a in ("build", "big", "small", "king", "discard"))
    assert abs(shares - 1.0) < 1e-6 and game["cards"] > 20
