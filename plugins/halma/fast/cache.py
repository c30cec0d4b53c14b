"""Where the compiled fast engine is cached, and the one line printed when it is compiled.

numba keeps compiled kernels next to the source by default; plywright keeps them in the user's
cache folder instead (``$NUMBA_CACHE_DIR`` if set, else ``$XDG_CACHE_HOME/plywright/numba`` or
the platform's cache folder). :func:`configure` must run before the kernels are imported.
"""

from __future__ import annotations

import hashlib
import os
import sys
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
