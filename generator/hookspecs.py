"""The plugin contract: hook specifications every plywright plugin may implement.

Plugins are modules (or objects) with functions marked ``@hookimpl`` (from :mod:`generator.api`)
and are found through the ``plywright`` entry-point group, built-ins included. Registration
hooks receive a *collector*: call it once per thing you contribute.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pluggy

from generator.api import PROJECT, AgentRegistrar, Artifact, GameRegistrar, StaticCheck

if TYPE_CHECKING:
    from generator.api import AgentSpec
    from generator.simulate.fastlane import FastLane
    from generator.variant import Variant

hookspec = pluggy.HookspecMarker(PROJECT)


@hookspec
def plywright_register_games(register: GameRegistrar) -> None:
    """Contribute games: call ``register(GameDefinition(...))`` for each one."""


@hookspec
def plywright_register_agents(register: AgentRegistrar) -> None:
    """Contribute agents for ``plywright check``: call ``register(AgentSpec(...))``."""


@hookspec
def plywright_static_checks(variant: Variant) -> list[StaticCheck] | None:
    """Static checks of ``variant`` (return ``None`` for games you do not know)."""


@hookspec
def plywright_artifacts(variant: Variant) -> list[Artifact] | None:
    """Files ``plywright build`` should write for ``variant`` (``None`` for other games).

    Every plugin sees every variant, so a plugin may add files (or checks) to another game.
    The core creates each artifact's parent folder and calls ``write(path)`` with the final
    file path inside a temporary build folder; the writer must produce deterministic bytes.
    """


@hookspec(firstresult=True)
def plywright_fast_lane(variant: Variant, agents: tuple[AgentSpec, ...]) -> FastLane | None:
    """A compiled batch simulator for ``variant`` played by ``agents`` (one agent for every
    seat, or one per seat), or ``None`` when the plugin has none that covers exactly these
    agents (see :mod:`generator.simulate.fastlane`). Answer quickly: compile nothing here."""
