"""Where the compiled fast engine is cached, and the one line printed when it is compiled.

numba keeps compiled kernels next to the source by default; plywright keeps them in the user's
cache folder instead (``$NUMBA_CACHE_DIR`` if set, else ``$XDG_CACHE_HOME/plywright/numba`` or
the platform's cache folder). :func:`configure` must run before the kernels are imported.
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path

COMPILING = "compiling the fast engine, once"
"""The line printed (on stderr) before the kernels are compiled for the first time."""


def user_cache_dir() -> Path:
    """The user's cache folder for plywright (created on demand, not here)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "plywright"


def numba_cache_dir() -> Path:
    """The folder numba caches the compiled kernels in."""
    given = os.environ.get("NUMBA_CACHE_DIR")
    return Path(given) if given else user_cache_dir() / "numba"


def configure() -> Path:
    """Point numba's cache at :func:`numba_cache_dir` (before any cached kernel is defined)."""
    folder = numba_cache_dir()
    os.environ["NUMBA_CACHE_DIR"] = str(folder)
    if "numba" in sys.modules:  # imported already: its config has read the environment
        from numba.core import config

        setattr(config, "CACHE_DIR", str(folder))  # noqa: B010 (not in numba's stubs)
    return folder


def stamp_path(source: Path) -> Path:
    """The file that says this version of ``source`` was compiled by this numba and Python
    (keyed like numba's own cache index, plus the content)."""
    import numba

    key = hashlib.sha256()
    key.update(source.read_bytes())
    status = source.stat()  # numba recompiles when these change (a checkout, an edit)
    key.update(f"{status.st_mtime}:{status.st_size}".encode())
    key.update(f"{numba.__version__}:{sys.version}:{sys.platform}".encode())
    return numba_cache_dir() / f"plywright-{source.stem}-{key.hexdigest()[:16]}.ok"


def _kernels(module: object) -> list[object]:
    """The numba dispatchers defined in ``module`` that cache their code."""
    name = getattr(module, "__name__", None)
    return [
        value
        for value in vars(module).values()
        if getattr(getattr(value, "py_func", None), "__module__", None) == name
        and getattr(value, "_cache", None) is not None
    ]


def _uses_record(module: object) -> Path | None:
    """Where numba's cache folder of ``module`` records what its kernels were compiled
    against (``None`` for a module without cached kernels)."""
    for kernel in _kernels(module):
        folder = getattr(getattr(kernel, "stats", None), "cache_path", None)
        if folder:
            stem = Path(str(getattr(module, "__file__", "kernels"))).stem
            return Path(folder) / f"{stem}.plywright-uses"
    return None


def sources_key(sources: Sequence[Path]) -> str:
    """A digest of the content of ``sources`` (and of this numba and Python)."""
    import numba

    key = hashlib.sha256()
    for source in sources:
        key.update(source.read_bytes())
    key.update(f"{numba.__version__}:{sys.version}:{sys.platform}".encode())
    return key.hexdigest()


def compiled_against(module: object, key: str) -> bool:
    """True when the cached kernels of ``module`` were compiled against the sources of
    ``key`` (:func:`sources_key`); numba's cache checks only a kernel's own file, so a kernel
    calling kernels of other files keeps stale copies of them after those files change."""
    record = _uses_record(module)
    try:
        return record is not None and record.read_text() == key
    except OSError:
        return False


def remember(module: object, key: str) -> None:
    """Record that the cached kernels of ``module`` were compiled against ``key``."""
    record = _uses_record(module)
    if record is not None:
        record.parent.mkdir(parents=True, exist_ok=True)
        record.write_text(key)


def flush(module: object) -> None:
    """Drop numba's cached code of every kernel defined in ``module`` (compiled anew on its
    next call)."""
    for kernel in _kernels(module):
        drop = getattr(getattr(kernel, "_cache", None), "flush", None)
        if callable(drop):
            drop()
