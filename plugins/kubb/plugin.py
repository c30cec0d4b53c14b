"""The built-in ``kubb`` plugin (entry point ``plywright.plugins.kubb.plugin``): the game
definition, with its static checks, artifacts and record checker, and its agents."""

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
from plywright.plugins.kubb.agents import AGENTS
from plywright.plugins.kubb.checks import static_checks
from plywright.plugins.kubb.kinds import RESTRICTABLE
from plywright.plugins.kubb.options import PRESETS, KubbPrint, KubbRules
from plywright.plugins.kubb.production import KubbProduction
from plywright.plugins.kubb.rules import make_game
from plywright.plugins.kubb.scenario_book import BOOK

if TYPE_CHECKING:
    from plywright.variant import Variant


def kubb_static_checks(variant: Variant) -> list[StaticCheck]:
    """The rules checks and the production checks of a Kubb variant."""
    from plywright.plugins.kubb.production_checks import kubb_production_checks

    return [*static_checks(variant.table(KubbRules)), *kubb_production_checks(variant)]


def kubb_build(variant: Variant) -> list[Artifact]:
    """Field plan, CAD, templates, BOM and rulebooks (imported here: CadQuery loads slowly).
    The throw model behind the check is no player's print: ``plugins/kubb/throws.py``
    documents it and ``plywright check`` reports what it gives."""
    from plywright.plugins.kubb.artifacts import kubb_artifacts
    from plywright.plugins.kubb.rulebook import rulebook_artifacts

    return [*kubb_artifacts(variant), *rulebook_artifacts(variant)]


GAME = GameDefinition(
    name="kubb",
    title="Kubb (Viking chess)",
    description=(
        "The lawn game of throws: fell the other team's kubbs with wooden batons, then the "
        "king. Field plan for marking out on grass, CNC-ready kubbs, king, batons and stakes, "
        "rulebooks in Dutch and English; a calibrated throw model for the playability check."
    ),
    rules_model=KubbRules,
    production_model=KubbProduction,
    print_model=KubbPrint,
    presets=PRESETS,
    default_preset="seed",
    default_agent="basic",
    strong_agent="expectimax",
    ladder=("random", "basic", "tactical", "expectimax"),
    make_game=make_game,
    report_metrics=(
        "first_team_won",
        "turns",
        "first_turn_end",
        "early_king",
        "first_baton_field_rate",
    ),
    opener_metric="first_team_won",
    pooled_metrics={
        "first_baton_field_rate": ("first_baton_field_felled", "first_baton_field_kubbs"),
    },
    static_checks=kubb_static_checks,
    artifacts=kubb_build,
    record_checker=lazy("plywright.plugins.kubb.records:check_record"),
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
