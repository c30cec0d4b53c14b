"""Halma's executable rules: the scenario half of its game definition, which the rulebook
replays its examples from without importing the plugin module that builds it, and the
rulebook's sentences that grant or forbid something (each proven by a scenario in
``scenarios/``, checked by ``tests/core/test_scenarios.py``)."""

from __future__ import annotations

from pathlib import Path

from plywright.api import lazy
from plywright.plugins.halma.options import PRESETS, HalmaRules
from plywright.scenarios import ScenarioBook, Scenarios

RULE_KEYS: tuple[str, ...] = (
    "intro.aim_filled",
    "intro.aim_own",
    "setup.text",
    "setup.two",
    "setup.three",
    "setup.four",
    "setup.five",
    "setup.five_note",
    "setup.six",
    "play.order",
    "play.move",
    "play.step",
    "play.jump",
    "play.chain",
    "play.optional",
    "play.caption_step",
    "play.caption_jump",
    "play.caption_chain",
    "play.anywhere",
    "play.no_repeat",
    "play.never_removed",
    "play.pass",
    "lock.caption_on",
    "lock.caption_off",
    "win.stands",
    "win.draw",
    "win.stalemate",
    "win.caption_filled",
    "win.caption_own",
    "options.target_lock_on",
    "options.target_lock_off",
    "options.target_lock_on_short",
    "options.target_lock_off_short",
    "options.jump_own_on",
    "options.jump_own_off",
    "options.jump_own_on_short",
    "options.jump_own_off_short",
    "options.win_rule_filled",
    "options.win_rule_own",
    "options.win_rule_filled_short",
    "options.win_rule_own_short",
    "readings.seat",
    "readings.target",
    "readings.optional",
    "readings.no_repeat",
    "readings.pass",
    "readings.own_peg",
    "readings.stands",
    "readings.round",
    "readings.draw",
    "readings.jump_own_off",
    "readings.target_lock_off",
    "readings.win_rule_own",
)

BOOK = ScenarioBook(
    name="halma",
    rules_model=HalmaRules,
    presets=PRESETS,
    scenarios=Scenarios(
        folder=Path(__file__).parent / "scenarios",
        play=lazy("plywright.plugins.halma.scenarios:play"),
        locales=Path(__file__).parent / "locales",
        rule_keys=RULE_KEYS,
    ),
)
