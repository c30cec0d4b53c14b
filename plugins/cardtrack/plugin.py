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
from plywright.plugins.cardtrack.scenario_book import BOOK

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
    scenarios=BOOK.scenarios,
)


@hookimpl
def plywright_register_games(register: GameRegistrar) -> None:
    register(GAME)


@hookimpl
def plywright_register_agents(register: AgentRegistrar) -> None:
    for spec in AGENTS:
        register(spec)
