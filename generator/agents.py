"""Agents named in a variant file or on the command line: ``NAME`` or ``NAME:BUDGET`` of a
game's registered agents, one for every seat or one per seat, and the strong agent the probes
play. Below both the variant loader and the check pipeline: :mod:`plywright.variant` validates
``[check] agent`` and ``strong_agent`` here, and the runner and the probes resolve them here,
so neither has to import the other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from plywright.api import AgentSpec
from plywright.errors import InputError
from plywright.registry import Registry

if TYPE_CHECKING:
    from plywright.variant import Variant

MAX_BUDGET = 1_000_000
"""The largest budget ``NAME:BUDGET`` accepts."""


def _excerpt(text: str, most: int = 40) -> str:
    """At most ``most`` characters of user input, for messages."""
    return text if len(text) <= most else text[: most - 1] + "…"


def agent_spec(
    registry: Registry, game: str, text: str, field: str = "--agent", source: str | None = None
) -> AgentSpec:
    """The agent ``NAME`` or ``NAME:BUDGET`` (a searching agent with another budget) of
    ``game``; :class:`InputError` naming ``field`` and the allowed values otherwise."""
    playable = {spec.name: spec for spec in registry.agents_for(game)}
    name, colon, budget = text.partition(":")
    spec = playable.get(name)
    if spec is None:
        allowed = ", ".join(sorted(playable))
        raise InputError(
            f"{field}: unknown agent {_excerpt(name)!r} for {game} (allowed: {allowed})",
            source=source,
        )
    if not colon:
        return spec
    if not spec.searches:
        searching = ", ".join(sorted(n for n, s in playable.items() if s.searches)) or "none"
        raise InputError(
            f"{field}: agent {name!r} takes no budget (agents with a budget: {searching})",
            source=source,
        )
    if not (budget.isascii() and budget.isdigit()) or not 1 <= int(budget) <= MAX_BUDGET:
        raise InputError(
            f"{field}: the budget of {name!r} must be a whole number from 1 to {MAX_BUDGET:,}, "
            f"got {_excerpt(budget)!r}",
            source=source,
        )
    return spec.with_budget(int(budget))


def resolve_agents(
    registry: Registry, variant: Variant, names: str | None
) -> tuple[AgentSpec, ...]:
    """Agent specs for ``names`` (one name, or one per seat separated by commas)."""
    wanted = names or variant.check.agent or variant.definition.default_agent
    field, source = ("--agent", None) if names else ("[check] agent", variant.source)
    specs = [
        agent_spec(registry, variant.game, part.strip(), field, source)
        for part in wanted.split(",")
    ]
    seats = variant.engine().info().num_players
    if len(specs) not in (1, seats):
        raise InputError(
            f"{field}: give one agent or one per seat ({seats}), got {len(specs)}", source=source
        )
    return tuple(specs)


def strong_agent(registry: Registry, variant: Variant) -> AgentSpec:
    """The strong agent of ``variant``: ``[check] strong_agent`` or the game's."""
    wanted = variant.check.strong_agent
    field, source = ("[check] strong_agent", variant.source)
    spec = agent_spec(
        registry, variant.game, wanted or variant.definition.strong_agent, field, source
    )
    if not spec.searches:
        raise InputError(
            f"{field}: agent {spec.name!r} does not search (the probes need a searching agent)",
            source=source,
        )
    return spec
