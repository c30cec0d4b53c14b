"""Game records (JSON Lines, one file per game, as ``check --records`` writes them): writing
one whole, reading the lines back, the lock that keeps two runs out of one folder, and the
error every game's record checker raises."""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from generator import atomic
from generator.errors import InputError

LOCK_NAME = ".plywright-records.lock"
"""The lock file of a records folder while a run writes into it."""


class RecordError(ValueError):
    """A record that breaks the format or the rules; the message names the line (1 = header)."""

    def __init__(self, line: int, message: str) -> None:
        self.line = line
        super().__init__(f"line {line}: {message}")


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
