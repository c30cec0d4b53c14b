"""A request to start a check, sweep or build, read into a :class:`JobSpec`: every value
validated here (a bad one is a 422 before any job starts), within the designer's limits."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from plywright.agents import resolve_agents
from plywright.api import GameDefinition
from plywright.errors import InputError
from plywright.simulate.strong.plan import PROBE_LEVELS
from plywright.sweep.grid import parse_axes
from plywright.sweep.run import sweep_variants
from plywright.variant import Variant
from plywright.web.errors import BadRequest, InvalidVariant
from plywright.web.forms import read_form, strip_source
from plywright.web.state import Designer
from plywright.web.work import JobSpec

KINDS = ("check", "sweep", "build")


def job_spec(
    state: Designer, definition: GameDefinition, kind: str, payload: Mapping[str, Any]
) -> JobSpec:
    """The job ``payload`` asks for (``variant``, and ``games``, ``seed``, ``agent``,
    ``probes``, ``sets`` as the kind takes them, ``force``); :class:`InvalidVariant` or
    :class:`BadRequest` when it cannot start."""
    reading = read_form(state.registry, definition, payload.get("variant") or {})
    if reading.variant is None:
        raise InvalidVariant(reading.error, reading.field_errors)
    force = payload.get("force") is True
    base = JobSpec(kind, reading.data, state.jobs.root, state.registry_factory, force=force)
    if kind == "build":
        return base
    games = _games(state, payload)
    seed = payload.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**31:
        raise BadRequest(f"seed: {seed!r} is not a whole number from 0 to 2^31-1", 422)
    agent = _agent(state, reading.variant, payload.get("agent") or None)
    probes = payload.get("probes") or None
    if probes is not None and probes not in PROBE_LEVELS:
        raise BadRequest(
            f"probes: {str(probes)[:40]!r} is not a level (allowed: {', '.join(PROBE_LEVELS)})",
            422,
        )
    sets = sweep_sets(state, reading.data, payload.get("sets"), games) if kind == "sweep" else ()
    return JobSpec(
        kind, reading.data, state.jobs.root, state.registry_factory, games, seed, agent,
        force=force, probes=probes, sets=sets,
    )  # fmt: skip


def _games(state: Designer, payload: Mapping[str, Any]) -> int:
    games = payload.get("games", state.limits.default_games)
    if not isinstance(games, int) or isinstance(games, bool):
        games = -1
    if not 1 <= games <= state.limits.max_games:
        raise BadRequest(
            f"games: {payload.get('games')!r} is out of range (allowed: 1 to "
            f"{state.limits.max_games})",
            422,
        )
    return games


def _agent(state: Designer, variant: Variant, agent: object) -> str | None:
    if agent is not None and not isinstance(agent, str):
        raise BadRequest("agent: expected a name", 422)
    try:
        resolve_agents(state.registry, variant, agent)
    except InputError as exc:
        raise BadRequest(strip_source(exc), 422) from None
    return agent


def sweep_sets(state: Designer, data: dict[str, Any], given: object, games: int) -> tuple[str, ...]:
    """The swept parameters of a sweep request, every combination validated here, within
    ``max_sweep_games`` in all."""
    if (
        not isinstance(given, list)
        or not 1 <= len(given) <= 2
        or not all(isinstance(item, str) and item.strip() for item in given)
    ):
        raise BadRequest("sets: give one or two TABLE.FIELD=VALUES (e.g. rules.players=2,3,4)", 422)
    sets = tuple(item.strip() for item in given)
    limit = state.limits.max_sweep_games
    try:
        # counted before any combination is validated: a huge grid costs nothing
        count = math.prod(len(axis.values) for axis in parse_axes(sets))
        if games * count > limit:
            raise BadRequest(
                f"{count} variants × {games} games = {games * count} games; at most "
                f"{limit} in one sweep (fewer values or fewer games)",
                422,
            )
        sweep_variants(state.registry, data, sets, source="designer", default_name="designer")
    except InputError as exc:
        raise BadRequest(strip_source(exc), 422) from None
    return sets
