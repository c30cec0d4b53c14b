"""The built-in ``cardtrack`` plugin (Konstruktsiia, entry point
``plywright.plugins.cardtrack.plugin``): the game definition, with its static checks, artifacts and
record checker, and its agents; the play aids and rulebooks are imported lazily."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from plywright.api import (
    AgentRegistrar,
    Artifact,
    GameDefinition,
    GameRegistrar,
    StaticCheck,
    hookimpl,
    lazy,
)
from plywright.plugins.cardtrack.agents import AGENTS
from plywright.plugins.cardtrack.checks import static_checks
from plywright.plugins.cardtrack.kinds import RESTRICTABLE
from plywright.plugins.cardtrack.options import PRESETS, CardtrackPrint, CardtrackRules
from plywright.plugins.cardtrack.production import CardtrackProduction
from plywright.plugins.cardtrack.rules import make_game
from plywright.scenarios import Scenarios

if TYPE_CHECKING:
    from plywright.variant import Variant


def cardtrack_static_checks(variant: Variant) -> list[StaticCheck]:
    """The rules checks and the production checks of a Konstruktsiia variant."""
    from plywright.plugins.cardtrack.production_checks import cardtrack_production_checks

    return [*static_checks(variant.table(CardtrackRules)), *cardtrack_production_checks(variant)]


def cardtrack_build(variant: Variant) -> list[Artifact]:
    """Mat, tokens, reference cards and rulebooks (imported here: exporters load slowly)."""
    from plywright.plugins.cardtrack.artifacts import cardtrack_artifacts
    from plywright.plugins.cardtrack.rulebook import rulebook_artifacts

    return [*cardtrack_artifacts(variant), *rulebook_artifacts(variant)]


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

GAME = GameDefinition(
    name="cardtrack",
    title="Konstruktsiia (Конструкція)",
    description=(
        "Two players build a track from three shuffled decks, card by card, and race their "
        "token ten cards up it and back; the turned card's colour decides who acts, kings "
        "bring small tokens that block. Play mats, wooden tokens, reference cards."
    ),
    rules_model=CardtrackRules,
    production_model=CardtrackProduction,
    print_model=CardtrackPrint,
    presets=PRESETS,
    default_preset="standard",
    default_agent="builder",
    strong_agent="planner",
    ladder=("random", "builder", "blocker", "planner"),
    make_game=make_game,
    report_metrics=("cards", "black_won", "reshuffles", "block_refusals"),
    static_checks=cardtrack_static_checks,
    artifacts=cardtrack_build,
    record_checker=lazy("plywright.plugins.cardtrack.records:check_record"),
    restrictable=RESTRICTABLE,
    designer=Path(__file__).with_name("designer.toml"),
    scenarios=Scenarios(
        folder=Path(__file__).parent / "scenarios",
        play=lazy("plywright.plugins.cardtrack.scenarios:play"),
        locales=Path(__file__).parent / "locales",
        rule_keys=RULE_KEYS,
    ),
)


@hookimpl
def plywright_register_games(register: GameRegistrar) -> None:
    register(GAME)


@hookimpl
def plywright_register_agents(register: AgentRegistrar) -> None:
    for spec in AGENTS:
        register(spec)
