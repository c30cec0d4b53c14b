"""Konstruktsiia's executable rules: the scenario half of its game definition, which the
rulebook, the reference card and the production checks replay their examples from without
importing the plugin module that builds them."""

from __future__ import annotations

from pathlib import Path

from plywright.api import lazy
from plywright.plugins.cardtrack.options import PRESETS, CardtrackRules
from plywright.scenarios import ScenarioBook, Scenarios

RULE_KEYS = (
    "intro.aim",
    "setup.jokers",
    "components.jokers_remove",
    "components.jokers_wild",
    "turn.text",
    "turn.build",
    "turn.big",
    "turn.small",
    "turn.discard",
    "turn.after",
    "build.text",
    "build.touch",
    "build.wild_note",
    "build.columns_any",
    "build.columns_limit",
    "move.text",
    "move.joker_protected",
    "move.joker_open",
    "small.text",
    "small.reading_turned_card",
    "small.reading_stop_card",
    "small.chosen_turned_card",
    "small.chosen_stop_card",
    "small.king",
    "small.king_home_open",
    "small.queen",
    "block.text",
    "block.free",
    "block.gap",
    "block.home_protected",
    "block.home_open",
    "goal.text",
    "pile.text",
    "pile.jokers_wild",
    "readings.joker_zero",
    "readings.touch",
    "readings.kings_build",
    "readings.king_must",
    "readings.king_must_open",
    "readings.king_move",
    "readings.forward",
    "readings.path_turned_card",
    "readings.path_stop_card",
    "readings.block",
    "readings.block_joker_protected",
    "readings.pass_through",
    "readings.empty_piles",
    "readings.queen",
    "readings.home_protected",
    "readings.home_open",
    "readings.summit",
    "readings.discard",
    "readings.moved_card",
    "readings.columns_any",
    "readings.columns_limit",
    "refcard.order",
    "refcard.joker_zero",
    "refcard.owner",
    "refcard.build",
    "refcard.big",
    "refcard.small",
    "refcard.rule_turned_card",
    "refcard.rule_stop_card",
    "refcard.discard",
    "refcard.kings",
    "refcard.kings_home_open",
    "refcard.kings_queen",
    "refcard.block",
    "refcard.home_protected",
    "refcard.home_open",
    "refcard.goal",
)
"""Every locale key of a printed sentence (rulebook, reference card) that grants or forbids
something: each is proven by a scenario in ``scenarios/``."""

BOOK = ScenarioBook(
    name="cardtrack",
    rules_model=CardtrackRules,
    presets=PRESETS,
    scenarios=Scenarios(
        folder=Path(__file__).parent / "scenarios",
        play=lazy("plywright.plugins.cardtrack.scenarios:play"),
        locales=Path(__file__).parent / "locales",
        rule_keys=RULE_KEYS,
    ),
)
