"""The plugin contract: hook specifications every plywright plugin may implement.

Plugins are modules (or objects) with functions marked ``@hookimpl`` (from :mod:`plywright.api`)
and are found through the ``plywright`` entry-point group, built-ins included (or named by
import path in ``PLYWRIGHT_PLUGINS``). Registration hooks receive a *collector*: call it once
per thing you contribute.

A game's own behaviour (static checks, artifacts, fast lane, record checker) is not a hook: it
hangs on the game's :class:`~plywright.api.GameDefinition`, and the core calls it for that
game's variants only. The one hook that sees every variant, :func:`plywright_artifacts`, is for
cross-cutting plugins that add files to any game's build.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pluggy

from plywright.api import PROJECT, AgentRegistrar, Artifact, GameRegistrar

if TYPE_CHECKING:
    from plywright.variant import Variant

hookspec = pluggy.HookspecMarker(PROJECT)

RETIRED = {
    "plywright_static_checks": "GameDefinition.static_checks",
    "plywright_fast_lane": "GameDefinition.fast_lane",
}
"""Hooks of the first contract and where their job went (a plugin that still implements one
fails to load with this hint)."""


@hookspec
def plywright_register_games(register: GameRegistrar) -> None:
    """Contribute games: call ``register(GameDefinition(...))`` for each one."""


@hookspec
def plywright_register_agents(register: AgentRegistrar) -> None:
    """Contribute agents for ``plywright check``: call ``register(AgentSpec(...))``."""


@hookspec
def plywright_artifacts(variant: Variant) -> list[Artifact] | None:
    """Extra files for a build of *any* game's ``variant`` (``None`` or ``[]``: none).

    Every plugin receives every variant here: this hook is for cross-cutting plugins (a
    cutting-list exporter, a house-style cover sheet). A game's own files belong in its
    ``GameDefinition.artifacts``, which the core calls for that game only. The core creates
    each artifact's parent folder and calls ``write(path)`` with the final file path inside a
    temporary build folder; the writer must produce deterministic bytes.
    """
