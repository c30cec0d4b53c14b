"""Game records (JSON Lines, one file per game, as ``check --records`` writes them).

A record is a header line (the core's keys, then the game's ``record_header()``), one line
per action and a result line. This module is the one place that knows that shape:
:func:`check_header` and :class:`RecordBuilder` make records (the Python playout and every
fast lane use them), :func:`split_record` takes one apart for a game's record checker and
raises :class:`RecordError` naming the line; :func:`write_record` / :func:`read_record` store
them, :func:`records_lock` keeps two runs out of one folder.
"""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from plywright import atomic
from plywright.engine import CHANCE, Game, Outcome, State, own_record
from plywright.errors import InputError

LOCK_NAME = ".plywright-records.lock"
"""The lock file of a records folder while a run writes into it."""


class RecordError(ValueError):
    """A record that breaks the format or the rules; the message names the line (1 = header)."""

    def __init__(self, line: int, message: str) -> None:
        self.line = line
        super().__init__(f"line {line}: {message}")


Record = list[dict[str, Any]]
"""A game record as JSON-ready lines (header, actions, result)."""

RESULT_KEYS = frozenset({"result", "winners", "rounds"})
"""The keys of the core's result line (:func:`result_line`)."""


def check_header(
    game: str,
    rules: Mapping[str, Any],
    seed: int,
    players: int,
    agents: Sequence[str],
    purpose: str = "",
) -> dict[str, Any]:
    """The core's header keys of a check's records: ``game``, ``variant`` (the ``[rules]``
    table), ``seed``, ``players``, ``agents`` and, for games played for a purpose other than
    the check's own (a ladder rung, a probe), ``purpose``."""
    header: dict[str, Any] = {
        "game": game,
        "variant": dict(rules),
        "seed": seed,
        "players": players,
        "agents": list(agents),
    }
    if purpose:
        header["purpose"] = purpose
    return header


def result_line(outcome: Outcome) -> dict[str, Any]:
    """The core's result line: ``{"result", "winners", "rounds"}``."""
    return {"result": outcome.result, "winners": list(outcome.winners), "rounds": outcome.rounds}


class RecordBuilder:
    """One game's record, line by line as the game is played.

    The header is ``header`` (the core's keys), ``game_index`` (when given) and the game's
    ``record_header()``. :meth:`add` notes an action before it is applied:
    ``{"player": p, ...}`` or ``{"chance": true, ...}`` with the state's ``action_record``,
    unless the state writes its own record (:class:`~plywright.engine.WritesOwnRecord`).
    :meth:`finish` appends the own record's lines and result line, or the core's result line
    (:func:`result_line`); a game cut short (not terminal) always ends with the core's."""

    def __init__(
        self, game: Game, state: State, header: Mapping[str, Any], index: int | None = None
    ) -> None:
        first = dict(header)
        if index is not None:
            first["game_index"] = index
        first.update(game.record_header())
        self.lines: Record = [first]
        self._own = own_record(state) is not None

    def add(self, state: State, action: int) -> None:
        """Note ``action`` played in ``state`` (call it before applying the action)."""
        if self._own:
            return
        player = state.current_player()
        seat: dict[str, Any] = {"chance": True} if player == CHANCE else {"player": player}
        self.lines.append({**seat, **state.action_record(action)})

    def finish(self, state: State, outcome: Outcome) -> Record:
        """The whole record of the game that ended (or was cut short) in ``state``."""
        writer = own_record(state)
        if writer is not None:
            self.lines.extend(writer.record_lines())
        if writer is not None and state.is_terminal():
            self.lines.append(writer.record_result())
        else:
            self.lines.append(result_line(outcome))
        return self.lines


def record_of_actions(
    game: Game, actions: Iterable[int], header: Mapping[str, Any] | None = None
) -> Record:
    """The record of playing ``actions`` (chance actions included) from the initial state to
    the end, as a check writes it (``header``: the core's keys, e.g. ``game`` and
    ``variant``); for tests and tools that build records of chosen games."""
    state = game.new_initial_state()
    builder = RecordBuilder(game, state, header or {})
    for action in actions:
        builder.add(state, action)
        state.apply_action(action)
    outcome = state.outcome() if state.is_terminal() else Outcome("unfinished")
    return builder.finish(state, outcome)


@dataclass(frozen=True)
class RecordParts:
    """A record split into its header, its action lines and its result line."""

    header: Mapping[str, Any]
    actions: Sequence[Mapping[str, Any]]
    result: Mapping[str, Any]

    @property
    def last(self) -> int:
        """The line number of the result line (the header is line 1)."""
        return len(self.actions) + 2

    def numbered(self) -> Iterator[tuple[int, Mapping[str, Any]]]:
        """The action lines with their line numbers (the first is line 2)."""
        return enumerate(self.actions, start=2)


def split_record(
    lines: Sequence[Any],
    game: str | None = None,
    *,
    action_keys: frozenset[str] | Mapping[str, frozenset[str]] | None = None,
    kind: str = "",
    result_keys: frozenset[str] | None = RESULT_KEYS,
) -> RecordParts:
    """Split a record's lines into header, actions and result, checking its shape.

    Every line is a JSON object; there is a header and a last line with a ``result`` (and
    none before it); ``game``: the header's ``game`` must be this one. ``action_keys``: the
    exact keys of every action line, or, by the value of each line's ``kind`` key, the keys of
    each kind of line (an unknown kind is refused); ``result_keys``: the exact keys of the
    result line (``None``: any, with ``result``). Raises :class:`RecordError` naming the line.
    """
    if len(lines) < 2:
        raise RecordError(len(lines) or 1, "a record needs a header and a result line")
    for number, line in enumerate(lines, start=1):
        if not isinstance(line, Mapping):
            raise RecordError(number, f"expected a JSON object, got {type(line).__name__}")
    header, actions, result = lines[0], lines[1:-1], lines[-1]
    if game is not None and header.get("game") != game:
        raise RecordError(1, f"not a {game} record (game = {header.get('game')!r})")
    if "result" not in result:
        raise RecordError(len(lines), "the last line is no result line (it has no 'result')")
    if result_keys is not None and set(result) != result_keys:
        raise RecordError(
            len(lines), f"result keys {sorted(result)}, expected {sorted(result_keys)}"
        )
    for number, entry in enumerate(actions, start=2):
        if "result" in entry:
            raise RecordError(number, "a result line before the last line")
        expected = action_keys
        if isinstance(action_keys, Mapping):
            expected = action_keys.get(entry.get(kind))
            if expected is None:
                allowed = ", ".join(sorted(action_keys))
                raise RecordError(
                    number, f"unknown {kind} {entry.get(kind)!r} (allowed: {allowed})"
                )
        if expected is not None and set(entry) != expected:
            raise RecordError(number, f"keys {sorted(entry)}, expected {sorted(expected)}")
    return RecordParts(header, actions, result)


def read_record(path: Path) -> list[dict[str, Any]]:
    """The lines of a JSON Lines record file (blank lines skipped)."""
    lines = []
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not text.strip():
            continue
        try:
            lines.append(json.loads(text))
        except json.JSONDecodeError as exc:
            raise RecordError(number, f"not JSON: {exc.msg}") from None
    return lines


def record_path(folder: Path, index: int) -> Path:
    """The record file of game ``index`` in ``folder``."""
    return folder / f"game-{index:06d}.jsonl"


def write_record(path: Path, record: Sequence[dict[str, Any]]) -> None:
    """Write one game record whole or not at all (a full disk removes the partial file and
    names ``path``; a worker killed mid-write leaves a hidden temporary file, which
    :func:`records_lock` removes)."""
    atomic.write_text(path, "".join(json.dumps(line) + "\n" for line in record))


@contextmanager
def records_lock(folder: Path, option: str = "--records") -> Iterator[Path]:
    """Hold ``folder`` (made if missing) for one run's records: a second run into the same
    folder is refused with :class:`InputError` instead of mixing (or deleting) the records.

    The lock is an ``flock`` on :data:`LOCK_NAME`, so a run that dies leaves no stale lock;
    worker processes forked meanwhile share it. On release the lock file and the temporary
    files of records cut short are removed."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / LOCK_NAME
    while True:
        handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(handle)
            raise InputError(
                f"{option}: {folder} is being written by another plywright run "
                "(wait for it to finish, or choose another folder)"
            ) from None
        try:  # the holder before us may have removed the file we opened: lock the new one
            same = os.path.samestat(os.fstat(handle), os.stat(path))
        except FileNotFoundError:
            same = False
        if same:
            break
        os.close(handle)
    try:
        os.ftruncate(handle, 0)
        os.write(handle, f"{os.getpid()}\n".encode())
        yield folder
    finally:
        for sub in [folder, *(p for p in folder.rglob("*") if p.is_dir())]:
            atomic.remove_leftovers(sub)
        with suppress(OSError):
            path.unlink()
        fcntl.flock(handle, fcntl.LOCK_UN)
        os.close(handle)
