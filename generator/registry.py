"""Plugin manager factory: loads every ``plywright`` entry point (built-ins included).

A plugin that fails to import or to register is remembered as a :class:`PluginFailure` and
does not take the others down. ``PLYWRIGHT_DISABLE_PLUGINS=a,b`` blocks plugins by name;
``PLYWRIGHT_PLUGINS=pkg.module,...`` loads plugin modules by import path without installing
them (as ``pytest -p``), so an author can try a game before packaging it.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib.metadata import EntryPoint, entry_points
from typing import TypeGuard

import pluggy

from plywright import hookspecs
from plywright.api import PROJECT, AgentSpec, GameDefinition

DISABLE_ENV = "PLYWRIGHT_DISABLE_PLUGINS"
PLUGINS_ENV = "PLYWRIGHT_PLUGINS"
HOOK_PREFIX = "plywright_"


@dataclass(frozen=True)
class PluginFailure:
    """A plugin that could not be loaded, with the whole reason on one line."""

    name: str
    reason: str


def _one_line(exc: BaseException) -> str:
    """The error's type and its whole message, its lines joined (pluggy's validation errors
    say on their later lines what is wrong with a hook implementation)."""
    text = [line.strip() for line in str(exc).strip().splitlines() if line.strip()]
    return f"{type(exc).__name__}: {'; '.join(text)}" if text else type(exc).__name__


def _names(variable: str) -> list[str]:
    """The comma-separated names of an environment variable, in order, blanks dropped."""
    return [name.strip() for name in os.environ.get(variable, "").split(",") if name.strip()]


def disabled_plugins() -> set[str]:
    """Plugin names blocked through the environment."""
    return set(_names(DISABLE_ENV))


def path_plugins() -> list[str]:
    """Import paths of the plugin modules named in ``PLYWRIGHT_PLUGINS``, in order."""
    return list(dict.fromkeys(_names(PLUGINS_ENV)))


@dataclass(frozen=True)
class _ModulePath:
    """A plugin module named by import path (``PLYWRIGHT_PLUGINS``), imported when loaded."""

    path: str

    def load(self) -> object:
        return importlib.import_module(self.path)


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


def _check_hooks(registry: Registry, plugin: object) -> None:
    """Refuse a plugin that implements a hook plywright does not have (a typo, or a hook of
    the first contract whose job now hangs on ``GameDefinition``)."""
    for caller in registry.pm.get_hookcallers(plugin) or []:
        if caller.name.startswith(HOOK_PREFIX) and not caller.has_spec():
            moved = hookspecs.RETIRED.get(caller.name)
            hint = f" any more: set {moved} of the game" if moved else ""
            raise TypeError(f"{caller.name} is not a plywright hook{hint}")


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
    """A fresh registry: the core agents, every entry-point plugin, the modules named in
    ``PLYWRIGHT_PLUGINS`` (under their import path), then ``extra_plugins``. A module loaded
    twice (an installed plugin also named by path) registers once."""
    from plywright.simulate import generic_agents

    registry = Registry(new_plugin_manager())
    blocked = disabled_plugins()
    candidates: list[tuple[str, object]] = [("core-agents", generic_agents)]
    if use_entry_points:
        found = sorted(entry_points(group=PROJECT), key=lambda ep: ep.name)
        candidates += [(ep.name, ep) for ep in found]
    candidates += [(path, _ModulePath(path)) for path in path_plugins()]
    candidates += list(extra_plugins)
    for name, source in candidates:
        if name in blocked or registry.pm.has_plugin(name):
            continue
        try:
            if isinstance(source, _ModulePath) or _is_entry_point(source):
                plugin = source.load()
            else:
                plugin = source
            if registry.pm.is_registered(plugin):
                continue
            registry.pm.register(plugin, name=name)
            _check_hooks(registry, plugin)
            _collect(registry, name)
        except Exception as exc:  # a broken plugin must not take the others down
            if registry.pm.has_plugin(name):
                registry.pm.unregister(name=name)
            registry.failures.append(PluginFailure(name, _one_line(exc)))
    return registry
