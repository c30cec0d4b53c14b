"""Halma's fast-lane finder, ``GameDefinition.fast_lane`` (light to import: numpy and numba
wait for a lane).

Covered: every halma variant, with each seat played by the core's ``random`` agent or halma's
``greedy``, ``lookahead`` or ``search`` (any budget, to win or to spoil, without steps or
without jumps: :mod:`plywright.plugins.halma.kinds`).
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib.util import find_spec
from typing import TYPE_CHECKING

from plywright.api import AgentSpec
from plywright.engine import HasGameMetrics
from plywright.plugins.halma.evaluation import SEARCH_BUDGET
from plywright.plugins.halma.kinds import forbid_code
from plywright.plugins.halma.options import HalmaRules
from plywright.plugins.halma.rules import HalmaState

if TYPE_CHECKING:
    from plywright.plugins.halma.fast.lane import HalmaFastLane
    from plywright.variant import Variant

COVERED_MODULES = {
    "random": "plywright.simulate.generic_agents",
    "greedy": "plywright.plugins.halma.agents",
    "lookahead": "plywright.plugins.halma.agents",
    "search": "plywright.plugins.halma.search",
}
"""Where the agents the kernels reproduce are defined (a same-named agent from elsewhere is
not covered)."""


def covered(spec: AgentSpec) -> bool:
    """True when the fast lane plays ``spec`` as the Python path would."""
    if spec.search is not None:  # a searching agent: its factory is a partial of ``search``
        module = getattr(spec.search, "__module__", None)
        return spec.registered == "search" and module == COVERED_MODULES["search"]
    home = COVERED_MODULES.get(spec.name)
    return home is not None and getattr(spec.factory, "__module__", None) == home


def halma_fast_lane(variant: Variant, agents: Sequence[AgentSpec]) -> HalmaFastLane | None:
    """The fast lane of a halma variant played by ``agents``, if the kernels cover them."""
    if not agents or find_spec("numba") is None:
        return None
    if not all(covered(spec) for spec in agents):
        return None
    if issubclass(HalmaState, HasGameMetrics):  # per-game numbers the kernels do not compute
        return None
    from plywright.plugins.halma.fast.lane import HalmaFastLane

    rules = variant.table(HalmaRules)
    seats = [agents[seat % len(agents)] for seat in range(rules.players)]
    settings = [spec.settings for spec in seats]
    if any(s is not None and s.victim is not None and s.victim >= rules.players for s in settings):
        return None
    try:  # a kind of move the kernels cannot tell is not covered
        forbids = tuple(forbid_code(s.forbid if s is not None else None) for s in settings)
    except ValueError:
        return None
    return HalmaFastLane(
        rules,
        tuple(spec.registered if spec.search is not None else spec.name for spec in seats),
        budgets=tuple(s.budget if s is not None else SEARCH_BUDGET for s in settings),
        victims=tuple(-1 if s is None or s.victim is None else s.victim for s in settings),
        forbids=forbids,
    )
