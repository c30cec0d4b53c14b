"""The halma plugin: registration, example variants, static checks, the perft command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import sample_games
from plywright.api import StaticCheck
from plywright.checks import static_checks
from plywright.plugins.halma.options import HalmaRules
from plywright.plugins.halma.plugin import GAME
from plywright.plugins.halma.production import HalmaProduction
from plywright.plugins.halma.rules import HalmaGame
from plywright.registry import load_registry
from plywright.variant import Variant, load_variant, parse_variant

ROOT = Path(__file__).resolve().parents[2]


def variant(**rules: Any) -> Variant:
    return parse_variant({"game": "halma", "rules": rules}, load_registry())


def checks(**rules: Any) -> dict[str, StaticCheck]:
    found = static_checks(load_registry(), variant(**rules))
    ours = [c for c in found if c.name.startswith("halma-")]
    return {c.name: c for c in ours}


def test_halma_registers_without_failures() -> None:
    registry = load_registry()
    assert not [f for f in registry.failures if f.name == "halma"]
    game = registry.game("halma")
    assert game.title == "Star halma (Chinese checkers)"
    assert game.rules_model is HalmaRules and game.production_model is HalmaProduction
    assert set(game.presets) == {"standard", "pro"} and game.default_preset == "standard"
    assert game.default_agent == "greedy"
    assert {"greedy", "lookahead"} <= {a.name for a in registry.agents_for("halma")}
    assert not registry.agent("halma", "greedy").plays("another-game")


@pytest.mark.parametrize(("file", "n", "players"), [("halma-standard", 4, 2), ("halma-pro", 5, 6)])
def test_examples_load(file: str, n: int, players: int) -> None:
    loaded = load_variant(ROOT / "examples" / f"{file}.toml", load_registry())
    assert loaded.name == file and loaded.game == "halma"
    engine = loaded.engine()
    assert isinstance(engine, HalmaGame)
    assert (engine.rules.n, engine.players) == (n, players)


def test_standard_rules_pass_every_check() -> None:
    found = checks()
    assert len(found) >= 8
    assert all(c.ok for c in found.values()), [c for c in found.values() if not c.ok]


def test_five_players_warn_about_the_seat_with_nobody_opposite() -> None:
    check = checks(players=5)["halma-nobody-opposite"]
    assert not check.ok and check.severity == "warning"
    assert "seat 2 (P2)" in check.message
    assert checks(players=3)["halma-nobody-opposite"].ok  # every target empty: symmetric


def test_target_equal_to_own_start_is_an_error() -> None:
    check = checks(players=2, seating=(0, 3), targets=(0, 0))["halma-targets"]
    assert not check.ok and check.severity == "error"


def test_shared_and_crossed_targets_warn() -> None:
    found = checks(players=3, seating=(0, 2, 4), targets=(3, 3, 0))
    assert not found["halma-shared-targets"].ok
    assert not found["halma-crossed-targets"].ok  # seat 2 aims at P0 but seat 0 not at P4
    assert "seat 2 (P4) aims at the start of seat 0 (P0)" in found["halma-crossed-targets"].message
    assert not found["halma-opposite-targets"].ok


def test_own_win_rule_warns_about_blocking() -> None:
    assert not checks(win_rule="own")["halma-win-rule"].ok
    assert checks(players=3, win_rule="own")["halma-win-rule"].ok  # nobody starts in a target


def test_max_rounds_checks() -> None:
    impossible = checks(max_rounds=9)["halma-max-rounds"]
    assert not impossible.ok and impossible.severity == "error"
    tight = checks(max_rounds=40)["halma-max-rounds"]
    assert not tight.ok and tight.severity == "warning"


def test_other_games_get_no_halma_checks() -> None:
    """The checks hang on halma's definition: another game's variant never reaches them."""
    registry = load_registry(extra_plugins=[("cardrace", sample_games)])
    other = parse_variant({"game": "cardrace"}, registry)
    assert GAME.static_checks is not None and GAME.static_checks(variant())
    assert not [c for c in static_checks(registry, other) if c.name.startswith("halma-")]


def test_perft_command() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "plywright",
            "perft",
            "examples/halma-standard.toml",
            "--depth",
            "3",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    counts = [line.split("\t")[:2] for line in done.stdout.strip().splitlines()]
    assert counts == [["1", "14"], ["2", "196"], ["3", "4760"]]
