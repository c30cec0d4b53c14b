"""The built-in ``halma`` plugin (entry point ``plywright.plugins.halma.plugin``): the game
definition, with its static checks, artifacts, fast lane and record checker, and its agents."""

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
from plywright.plugins.halma.agents import AGENTS
from plywright.plugins.halma.checks import static_checks
from plywright.plugins.halma.kinds import RESTRICTABLE
from plywright.plugins.halma.options import PRESETS, HalmaPrint, HalmaRules
from plywright.plugins.halma.production import HalmaProduction
from plywright.plugins.halma.rules import make_game
from plywright.plugins.halma.scenario_book import BOOK

if TYPE_CHECKING:
    from plywright.variant import Variant


def halma_static_checks(variant: Variant) -> list[StaticCheck]:
    """The rules checks and the production checks of a halma variant."""
    from plywright.plugins.halma.production_checks import halma_production_checks

    return [*static_checks(variant.table(HalmaRules)), *halma_production_checks(variant)]


def halma_build(variant: Variant) -> list[Artifact]:
    """CAD, layouts, templates, BOM and rulebooks (imported here: CadQuery loads slowly)."""
    from plywright.plugins.halma.artifacts import halma_artifacts
    from plywright.plugins.halma.rulebook import rulebook_artifacts

    return [*halma_artifacts(variant), *rulebook_artifacts(variant)]


GAME = GameDefinition(
    name="halma",
    title="Star halma (Chinese checkers)",
    description=(
        "Race your pegs across a six-pointed star into the opposite triangle, stepping or "
        "jumping in chains; 2-6 players, 10-peg (standard) or 15-peg (pro) boards in birch "
        "plywood."
    ),
    rules_model=HalmaRules,
    production_model=HalmaProduction,
    print_model=HalmaPrint,
    presets=PRESETS,
    default_preset="standard",
    default_agent="greedy",
    strong_agent="search",
    ladder=("random", "greedy", "lookahead", "search"),
    make_game=make_game,
    static_checks=halma_static_checks,
    artifacts=halma_build,
    fast_lane=lazy("plywright.plugins.halma.fast.plugin:halma_fast_lane"),
    record_checker=lazy("plywright.plugins.halma.records:check_record"),
    duel=lazy("plywright.plugins.halma.duel:halma_duel"),
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
