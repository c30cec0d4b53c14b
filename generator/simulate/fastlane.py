"""The fast lane: a plugin's compiled batch simulator for one variant and a set of agents.

A game offers one through ``GameDefinition.fast_lane(variant, agents)``: a :class:`FastLane`
when it can play that variant with exactly those agents (else ``None``). The lane plays game
indices ``i`` of a check seeded ``S`` and returns the same statistics the Python simulator
collects, as a :class:`GameTable` (columns straight from the compiled code: no object per
game), plus records when asked; game ``i`` depends only on ``(S, i)``
(:func:`fast_game_seed`), never on how games are split between workers. The Python engine stays
the reference: records written by a lane must replay through it.

``--engine python|fast|auto`` picks the path through :func:`select_fast_lane`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, Protocol, runtime_checkable

from plywright.api import AgentSpec
from plywright.errors import InputError
from plywright.records import Record, record_path, write_record
from plywright.registry import Registry
from plywright.simulate.table import GameTable
from plywright.variant import Variant

Engine = Literal["python", "fast", "auto"]
ENGINES: tuple[Engine, ...] = ("python", "fast", "auto")
"""Values of ``--engine``: always the Python engine, a fast lane or fail, a fast lane if any."""


@runtime_checkable
class FastLane(Protocol):
    """A compiled batch simulator of one variant for some agents (one agent or one per seat,
    as the check's agent list)."""

    name: str
    """Short name for reports and messages, e.g. ``"halma-numba"``."""

    def warm(self) -> None:
        """Compile or load the compiled code now (a first compile prints one line on stderr);
        call it before forking workers so they inherit the compiled code."""
        ...

    def play(
        self,
        seed: int,
        indices: Sequence[int],
        record_header: Mapping[str, Any] | None = None,
        profile: bool = False,
        limit: int | None = None,
    ) -> tuple[GameTable, list[Record] | None]:
        """Play games ``indices`` of a check seeded ``seed``; the table's rows are in the
        order given, with the games' :class:`BranchingProfile` if ``profile``. ``limit``: at
        most this many player moves per game (a game cut there is *unfinished*, as at the
        variant's own bound); ``None``: the variant's own bound only.

        With ``record_header`` (the core's header keys, as for
        :func:`plywright.simulate.playout.play_game`) every game's record comes too (same
        order), header line first, in exactly the format the Python path writes (build it with
        :class:`plywright.records.RecordBuilder`); else ``None``.
        """
        ...


def fast_game_seed(seed: int, index: int) -> int:
    """A 32-bit seed for game ``index`` of a check seeded ``seed`` (the same on every worker)."""
    digest = hashlib.blake2b(f"plywright-fast:{seed}:{index}".encode(), digest_size=4).digest()
    return int.from_bytes(digest, "little")


def play_fast(
    lane: FastLane,
    seed: int,
    indices: Sequence[int],
    record_header: Mapping[str, Any] | None = None,
    records: Path | None = None,
    profile: bool = False,
    limit: int | None = None,
) -> GameTable:
    """Play games ``indices`` on ``lane`` as the runner's ``play_games`` does on the Python
    engine: with ``records`` (and the core's ``record_header``), each game's record is
    written to ``records/game-NNNNNN.jsonl``; ``profile`` keeps the branching profile."""
    header = record_header if records is not None else None
    table, written = lane.play(seed, indices, header, profile, limit)
    if profile and table.profile is None:
        raise RuntimeError(f"fast lane {lane.name}: no branching profile")
    if records is not None:
        if written is None or len(written) != len(table):
            raise RuntimeError(f"fast lane {lane.name}: no record for every game")
        for index, record in zip(table.index.tolist(), written, strict=True):
            write_record(record_path(records, index), record)
    return table


def find_fast_lane(
    registry: Registry, variant: Variant, agents: Sequence[AgentSpec]
) -> FastLane | None:
    """The fast lane the variant's game offers for ``variant`` played by ``agents``, if any
    (``registry``: the one the variant was read with)."""
    finder = variant.definition.fast_lane
    return finder(variant, tuple(agents)) if finder is not None else None


def select_fast_lane(
    registry: Registry, variant: Variant, agents: Sequence[AgentSpec], engine: str = "auto"
) -> FastLane | None:
    """The lane ``check``/``sweep`` should use, or ``None`` for the Python engine.

    ``python``: always ``None``; ``auto``: a lane if a plugin offers one; ``fast``: a lane or
    an :class:`InputError` naming what is not covered.
    """
    if engine not in ENGINES:
        raise InputError(f"--engine: unknown engine {engine!r} (allowed: {', '.join(ENGINES)})")
    if engine == "python":
        return None
    lane = find_fast_lane(registry, variant, agents)
    if lane is None and engine == "fast":
        names = ", ".join(spec.name for spec in agents)
        raise InputError(
            f"--engine fast: no fast lane plays {variant.game} with agents {names} "
            "(use --engine python or auto)",
            source=variant.source,
        )
    return lane
