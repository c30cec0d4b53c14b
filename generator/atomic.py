"""Output files written whole or not at all, and output paths checked before any work.

Every output (``--json``, ``--report``, a sweep's files, game records) is written to a hidden
temporary file beside its target and renamed over it in one step (:func:`replacing`): a full
disk or an interrupt leaves the earlier file, or none, never a truncated one, and the
temporary file is removed. :func:`check_file_target` and :func:`check_folder_target` refuse an
output that cannot be written (exit status 2) before the first game is played.
"""

from __future__ import annotations

import os
import secrets
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from plywright.errors import InputError, cut

SHOWN_PATH = 200
"""Characters of a path a message quotes at most."""
TEMP_MARK = ".plywright-tmp-"
"""In the name of every temporary output file (``.sweep.csv.plywright-tmp-1f2e3d.csv``)."""


def temporary_beside(path: Path) -> Path:
    """A new hidden name in ``path``'s folder that keeps its suffix (writers that choose the
    format by the suffix, such as the PDF/HTML report, still see it)."""
    return path.with_name(f".{path.name}{TEMP_MARK}{secrets.token_hex(4)}{path.suffix}")


@contextmanager
def replacing(path: Path) -> Iterator[Path]:
    """Yield a temporary path to write ``path``'s new content to; when the block ends it
    replaces ``path`` in one rename. On any error or interrupt the temporary file is removed
    and ``path`` is untouched; an :class:`OSError` (a full disk) names ``path``."""
    temporary = temporary_beside(path)
    try:
        yield temporary
        os.replace(temporary, path)
    except BaseException as exc:
        with suppress(OSError):
            temporary.unlink()
        if isinstance(exc, OSError) and exc.filename in (None, str(temporary)):
            raise OSError(exc.errno, exc.strerror or str(exc), str(path)) from exc
        raise


def write_text(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` whole or not at all."""
    with replacing(path) as temporary:
        temporary.write_text(text, encoding="utf-8")


def write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all."""
    with replacing(path) as temporary:
        temporary.write_bytes(data)


def leftovers(folder: Path) -> list[Path]:
    """Temporary output files in ``folder`` (left by a process killed mid-write)."""
    return sorted(folder.glob(f".*{TEMP_MARK}*"))


def remove_leftovers(folder: Path) -> None:
    """Remove the :func:`leftovers` of ``folder`` (none there, or no folder: nothing to do)."""
    if folder.is_dir():
        for stale in leftovers(folder):
            with suppress(FileNotFoundError):
                stale.unlink()


def _probe(folder: Path, option: str, path: Path) -> None:
    """Create and remove an empty hidden file in ``folder``: the only sure test that it takes
    new files (permissions, read-only mounts, ``/proc``; root passes ``os.access``)."""
    try:
        handle, name = tempfile.mkstemp(prefix=".plywright-probe-", dir=folder)
    except OSError as exc:
        raise InputError(f"{option}: cannot write {_shown(path)} ({exc.strerror or exc})") from None
    os.close(handle)
    with suppress(OSError):
        os.unlink(name)


def check_file_target(path: Path, option: str) -> Path:
    """``path`` can be written as the output file of ``option``: not a folder, in an existing
    folder that takes new files; :class:`InputError` otherwise."""
    try:
        return _check_file(path, option)
    except OSError as exc:  # a name too long, a loop of links...
        raise InputError(f"{option}: cannot write {_shown(path)} ({exc.strerror or exc})") from None


def check_folder_target(path: Path, option: str, *, beside: bool = False) -> Path:
    """``path`` can be the output folder of ``option``: a folder, or one that can be made (its
    nearest existing parent is a folder that takes new entries). ``beside``: the writer
    stages its work next to ``path`` (a build), so ``path``'s parent must take them too."""
    try:
        return _check_folder(path, option, beside)
    except OSError as exc:
        raise InputError(f"{option}: cannot make {_shown(path)} ({exc.strerror or exc})") from None


def _shown(path: Path) -> str:
    return cut(str(path), SHOWN_PATH)


def _check_file(path: Path, option: str) -> Path:
    if path.is_dir():
        raise InputError(f"{option}: {_shown(path)} is a folder, expected a file name")
    parent = path.absolute().parent
    if not parent.is_dir():
        raise InputError(f"{option}: folder of {_shown(path)} does not exist")
    _probe(parent, option, path)
    return path


def _check_folder(path: Path, option: str, beside: bool) -> Path:
    if path.exists() and not path.is_dir():
        raise InputError(f"{option}: {_shown(path)} exists and is not a folder")
    existing = path.absolute().parent if beside else path.absolute()
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir():
        raise InputError(
            f"{option}: cannot make {_shown(path)}: {_shown(existing)} is not a folder"
        )
    _probe(existing, option, path)
    return path
