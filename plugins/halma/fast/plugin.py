"""The ``plywright_fast_lane`` hook of halma (light to import: numpy and numba wait for a lane).

Covered: every halma variant, with each seat played by the core's ``random`` agent or halma's
``greedy`` or ``lookahead``.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib.util import find_spec
from typing import TYPE_CHECKING

from generator.api import AgentSpec, hookimpl
from plugins.halma.options import HalmaRules
from plugins.halma.rules import HalmaState

if TYPE_CHECKING:
    from generator.variant import Variant
    from plugins.halma.fast.lane import HalmaFastLane

COVERED_MODULES = {
    "random": "generator.simulate.generic_agents",
    "greedy": "plugins.halma.agents",
    "lookahead": "plugins.halma.agents",
}
"""Where the agents the kernels reproduce are defined (a same-named agent from elsewhere is
not covered)."""


def covered(spec: AgentSpec) -> bool:
    """True when the fast lane plays ``spec`` as the Python path would."""
    home = COVERED_MODULES.get(spec.name)
    return home is not None and getattr(spec.factory, "__module__", None) == home


def halma_fast_lane(variant: Variant, agents: Sequence[AgentSpec]) -> HalmaFastLane | None:
    """The fast lane of a halma variant played by ``agents``, if the kernels cover them."""
    if variant.game != "halma" or not agents or find_spec("numba") is None:
        return None
    if not all(covered(spec) for spec in agents):
        return None
    if hasattr(HalmaState, "game_metrics"):  # per-game numbers the kernels do not compute yet
        return None
    from plugins.halma.fast.lane import HalmaFastLane

    rules = variant.table(HalmaRules)
    names = tuple(agents[seat % len(agents)].name for seat in range(rules.players))
    return HalmaFastLane(rules, names)


@hookimpl
def plywright_fast_lane(variant: Variant, agents: tuple[AgentSpec, ...]) -> HalmaFastLane | None:
    return halma_fast_lane(variant, agents)
