"""Plugin manager factory: loads every ``plywright`` entry point (built-ins included).

A plugin that fails to import or to register is remembered as a :class:`PluginFailure` and
does not take the others down. ``PLYWRIGHT_DISABLE_PLUGINS=a,b`` blocks plugins by name.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib.metadata import EntryPoint, entry_points
from typing import TypeGuard

import pluggy

from generator import hookspecs
from generator.api import PROJECT, AgentSpec, GameDefinition

DISABLE_ENV = "PLYWRIGHT_DISABLE_PLUGINS"


@dataclass(frozen=True)
class PluginFailure:
    """A plugin that could not be loaded, with a one-line reason."""

    name: str
    reason: str


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


def disabled_plugins() -> set[str]:
    """Plugin names blocked through the environment."""
    raw = os.environ.get(DISABLE_ENV, "")
    return {name.strip() for name in raw.split(",") if name.strip()}


@dataclass
class Registry:
    """Loaded plugins and what they contributed."""

    pm: pluggy.PluginManager
    games: dict[str, GameDefinition] = field(default_factory=dict)
    agents: list[AgentSpec] = field(default_factory=list)
    """Every registered agent; names repeat when a game brings its own ``random`` etc."""
    failures: list[PluginFailure] = field(default_factory=list)
    game_owner: dict[str, str] = field(default_factory=dict)

    def game(self, name: str) -> GameDefinition:
        """The game called ``name``; ``KeyError`` if none is registered."""
        return self.games[name]

    def agents_for(self, game: str) -> list[AgentSpec]:
        """The agents that play ``game``, one per name: an agent registered for ``game``
        wins over a generic agent of the same name."""
        chosen: dict[str, AgentSpec] = {}
        for spec in self.agents:
            if spec.plays(game) and (spec.name not in chosen or spec.games):
                chosen[spec.name] = spec
        return list(chosen.values())

    def agent(self, game: str, name: str) -> AgentSpec:
        """The agent called ``name`` for ``game``; ``KeyError`` if none plays it."""
        for spec in self.agents_for(game):
            if spec.name == name:
                return spec
        raise KeyError(name)


def new_plugin_manager() -> pluggy.PluginManager:
    pm = pluggy.PluginManager(PROJECT)
    pm.add_hookspecs(hookspecs)
    return pm


def _collect(registry: Registry, name: str) -> None:
    """Run the registration hooks of the plugin registered as ``name``."""
    games: list[GameDefinition] = []
    agents: list[AgentSpec] = []
    hooks = registry.pm.hook
    for caller, sink in (
        (hooks.plywright_register_games, games.append),
        (hooks.plywright_register_agents, agents.append),
    ):
        for impl in caller.get_hookimpls():
            if impl.plugin_name == name:
                impl.function(register=sink)
    for game in games:
        if not isinstance(game, GameDefinition):
            raise TypeError(f"registered {type(game).__name__}, expected GameDefinition")
        if game.name in registry.games:
            raise ValueError(
                f"game {game.name!r} is already registered by {registry.game_owner[game.name]}"
            )
    for position, agent in enumerate(agents):
        if not isinstance(agent, AgentSpec):
            raise TypeError(f"registered {type(agent).__name__}, expected AgentSpec")
        for known in [*registry.agents, *agents[:position]]:
            if known.name == agent.name and _same_scope(known, agent):
                scope = ", ".join(agent.games) or "every game"
                raise ValueError(f"agent {agent.name!r} for {scope} is already registered")
    for game in games:
        registry.games[game.name] = game
        registry.game_owner[game.name] = name
    registry.agents.extend(agents)


def _same_scope(a: AgentSpec, b: AgentSpec) -> bool:
    """True when two agents of one name would both play some game (both generic, or a game
    in common)."""
    return (not a.games and not b.games) or bool(set(a.games) & set(b.games))


def _is_entry_point(source: object) -> TypeGuard[EntryPoint]:
    """True for an entry point of the stdlib or of the ``importlib_metadata`` backport (which
    ``entry_points()`` hands out once a package such as ``distributed`` has imported it)."""
    return isinstance(source, EntryPoint) or (
        type(source).__name__ == "EntryPoint" and callable(getattr(source, "load", None))
    )


def load_registry(
    extra_plugins: Iterable[tuple[str, object]] = (),
    *,
    use_entry_points: bool = True,
) -> Registry:
    """A fresh registry: the core agents, every entry-point plugin, then ``extra_plugins``."""
    from generator.simulate import generic_agents

    registry = Registry(new_plugin_manager())
    blocked = disabled_plugins()
    candidates: list[tuple[str, object | EntryPoint]] = [("core-agents", generic_agents)]
    if use_entry_points:
        found = sorted(entry_points(group=PROJECT), key=lambda ep: ep.name)
        candidates += [(ep.name, ep) for ep in found]
    candidates += list(extra_plugins)
    for name, source in candidates:
        if name in blocked or registry.pm.has_plugin(name):
            continue
        try:
            plugin = source.load() if _is_entry_point(source) else source
            registry.pm.register(plugin, name=name)
            _collect(registry, name)
        except Exception as exc:  # a broken plugin must not take the others down
            if registry.pm.has_plugin(name):
                registry.pm.unregister(name=name)
            registry.failures.append(PluginFailure(name, _one_line(exc)))
    return registry
