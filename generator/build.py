"""``plywright build``: variant -> build folder with every artifact and ``manifest.json``.

Artifacts are written into a hidden temporary folder next to the target; only when every one
of them succeeded is the folder swapped into place (atomically where Linux ``renameat2`` can
exchange the two folders), so a failed or interrupted build leaves the previous good build
untouched. Builds of one folder may run at the same time: each writes its own temporary
folder, the swaps take turns (a lock on the parent folder) and the last one to finish wins.
Temporary folders of builds whose process is gone are cleaned up by the next build; those of
running builds are left alone. An interrupt (SIGINT, SIGTERM) lands before the swap (the
previous build stays) or after it (the new build is complete), never in between.
"""

from __future__ import annotations

import ctypes
import errno
import hashlib
import json
import os
import shutil
import signal
import sys
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path, PurePosixPath
from types import FrameType
from typing import Any

from plywright.api import Artifact
from plywright.checks import static_checks
from plywright.errors import InputError
from plywright.registry import Registry
from plywright.variant import Variant

if sys.platform != "win32":
    import fcntl

MANIFEST = "manifest.json"
OnArtifact = Callable[[Artifact], None]


class BuildError(Exception):
    """An artifact could not be written; the previous build is untouched."""


class InterruptedAfterSwap(BaseException):
    """An interrupt (``KeyboardInterrupt`` or ``SystemExit``, its ``__cause__``) that arrived
    while the new build was swapped in: the build is complete."""


def _interrupt_in(exc: BaseException) -> BaseException | None:
    """The interrupt behind ``exc``, when a library turned it into an ordinary error (an
    ``ImportError`` from a module whose import was interrupted, for one)."""
    seen: set[int] = set()
    cause: BaseException | None = exc
    while cause is not None and id(cause) not in seen:
        seen.add(id(cause))
        if isinstance(cause, KeyboardInterrupt | SystemExit):
            return cause
        cause = cause.__cause__ or cause.__context__
    return None


DISK_FULL = {errno.ENOSPC: "no space left on device", errno.EDQUOT: "disk quota exceeded"}


LOW_SPACE = 1 << 20
"""Bytes free below which a write error without a system error number is put down to a full
disk (CAD kernels report only that a file could not be written)."""


def describe_error(exc: BaseException, folder: Path | None = None) -> str:
    """``Type: message``, led by "no space left on device" when a full disk is the cause:
    anywhere in the chain of causes (exporters wrap the system's error in their own), or, for an
    ``OSError`` without an error number, when ``folder``'s file system is (nearly) full."""
    text = f"{type(exc).__name__}: {exc}"
    seen: set[int] = set()
    cause: BaseException | None = exc
    while cause is not None and id(cause) not in seen:
        seen.add(id(cause))
        if isinstance(cause, OSError) and cause.errno in DISK_FULL:
            return f"{DISK_FULL[cause.errno]} ({text})"
        cause = cause.__cause__ or cause.__context__
    if folder is not None and isinstance(exc, OSError) and exc.errno is None:
        try:
            free = shutil.disk_usage(folder).free
        except OSError:
            return text
        if free < LOW_SPACE:
            return f"no space left on device ({free} bytes free; {text})"
    return text


@dataclass(frozen=True)
class BuildResult:
    folder: Path
    manifest: dict[str, Any]


def plywright_version() -> str:
    try:
        return version("plywright")
    except PackageNotFoundError:  # running from a source tree without installing
        return "0+unknown"


def in_folder(write: Callable[[Path], None]) -> Callable[[Path], None]:
    """``write`` that first makes its file's folder. :func:`build` makes every artifact's folder
    itself; plugins wrap their writers in this so that an artifact written on its own (tests,
    benchmarks) works too."""

    def run(path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        write(path)

    return run


def _static_report(registry: Registry, variant: Variant) -> Artifact:
    def write(path: Path) -> None:
        checks = [check.as_json() for check in static_checks(registry, variant)]
        payload = {"variant": variant.as_json(), "static_checks": checks}
        path.write_text(json.dumps(payload, indent=2, sort_keys=True) + "\n", encoding="utf-8")

    return Artifact(
        "report/json", "report/static-checks.json", "static checks and parameters", write
    )


def collect_artifacts(
    registry: Registry, variant: Variant, extra: Sequence[Artifact] = ()
) -> list[Artifact]:
    """Every artifact of ``variant``, checked for safe unique paths: the core's static-check
    report, the game's own (``GameDefinition.artifacts``), what cross-cutting plugins add
    (the ``plywright_artifacts`` hook every plugin receives), then ``extra`` (the CAM job of
    ``build --machine``)."""
    found = [_static_report(registry, variant)]
    own = variant.definition.artifacts
    if own is not None:
        found.extend(own(variant))
    for result in registry.pm.hook.plywright_artifacts(variant=variant):
        found.extend(result or [])
    found.extend(extra)
    seen: set[str] = set()
    for artifact in found:
        path = PurePosixPath(artifact.path)
        if path.is_absolute() or ".." in path.parts or not path.parts or path.name == MANIFEST:
            raise BuildError(f"artifact path {artifact.path!r} is not a safe relative path")
        if artifact.path in seen:
            raise BuildError(f"two artifacts write {artifact.path!r}")
        seen.add(artifact.path)
    return sorted(found, key=lambda a: a.path)


def select(artifacts: Sequence[Artifact], only: Iterable[str] | None) -> list[Artifact]:
    """Artifacts whose kind matches ``only`` (a kind like ``cad/step`` or a family like ``cad``)."""
    if only is None:
        return list(artifacts)
    wanted = [item.strip() for item in only if item.strip()]
    kinds = sorted({a.kind for a in artifacts})
    families = sorted({k.split("/")[0] for k in kinds})
    for item in wanted:
        if item not in kinds and item not in families:
            raise InputError(
                f"--only: unknown kind {item!r} (allowed: {', '.join(families + kinds)})"
            )
    return [a for a in artifacts if a.kind in wanted or a.kind.split("/")[0] in wanted]


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _entry(artifact: Artifact, folder: Path) -> dict[str, Any]:
    path = folder / artifact.path
    entry: dict[str, Any] = {
        "kind": artifact.kind,
        "path": artifact.path,
        "sha256": _sha256(path),
        "bytes": path.stat().st_size,
        "description": artifact.description,
    }
    if artifact.lang:
        entry["lang"] = artifact.lang
    return entry


def _previous_entries(target: Path, variant: Variant, keep: set[str]) -> list[dict[str, Any]]:
    """Entries of the previous build of this variant whose kinds this build does not remake."""
    try:
        manifest = json.loads((target / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if manifest.get("variant") != variant.name or manifest.get("game") != variant.game:
        return []
    return [e for e in manifest.get("artifacts", []) if e.get("kind") not in keep]


def _previous_cam(target: Path) -> dict[str, Any]:
    """The CAM figures (``cam``) of the previous build's manifest, if it has them."""
    try:
        manifest = json.loads((target / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {"cam": manifest["cam"]} if isinstance(manifest, dict) and "cam" in manifest else {}


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process
        return True
    return True


def _clean_stale(target: Path) -> None:
    """Remove the temporary folders (``.NAME.tmp-PID-*``, ``.NAME.old-PID-*``) of builds of
    ``target`` whose process is gone; running builds keep theirs."""
    for kind in ("tmp", "old"):
        prefix = f".{target.name}.{kind}-"
        for stale in target.parent.glob(f"{prefix}*"):
            pid = stale.name.removeprefix(prefix).split("-")[0]
            if pid.isdigit() and _process_alive(int(pid)):
                continue
            shutil.rmtree(stale, ignore_errors=True)


def _temporary(target: Path, kind: str) -> Path:
    """A new, unique hidden folder next to ``target`` named after this process."""
    prefix = f".{target.name}.{kind}-{os.getpid()}-"
    return Path(tempfile.mkdtemp(prefix=prefix, dir=target.parent))


@contextmanager
def _swap_lock(folder: Path) -> Iterator[None]:
    """Builds swapping into ``folder`` take turns (an advisory lock on the folder itself, held
    for the swap only: no lock file is left behind). Windows has no such lock: there the
    swaps do not wait for each other."""
    if sys.platform == "win32":
        yield
        return
    handle = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)  # closing releases the lock


@contextmanager
def _interrupts_held() -> Iterator[None]:
    """Hold SIGINT and SIGTERM for the body and deliver them afterwards (main thread only:
    elsewhere Python delivers no signals anyway)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []

    def hold(signum: int, frame: FrameType | None) -> None:
        caught.append(signum)

    held = (signal.SIGINT, signal.SIGTERM)
    previous = {sig: signal.signal(sig, hold) for sig in held}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        if caught:
            signal.raise_signal(caught[0])  # to the handler restored above


AT_FDCWD = -100
RENAME_EXCHANGE = 2


def exchange(first: Path, second: Path) -> bool:
    """Swap two existing paths in one atomic step (Linux ``renameat2``); ``False`` where the
    system or file system cannot."""
    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return False
    done = renameat2(AT_FDCWD, os.fsencode(first), AT_FDCWD, os.fsencode(second), RENAME_EXCHANGE)
    return bool(done == 0)


def _swap(staging: Path, target: Path) -> Path | None:
    """Put ``staging`` in the place of ``target`` and return where the previous build went
    (for removal); readers never see a missing ``target`` where the system can exchange the two
    atomically. Call with the swap lock held."""
    if target.exists() and exchange(staging, target):
        return staging  # it now holds the previous build
    if not target.exists():
        os.rename(staging, target)
        return None
    old = _temporary(target, "old")
    os.replace(target, old)  # onto the fresh empty folder
    os.rename(staging, target)
    return old


def build(
    registry: Registry,
    variant: Variant,
    out: Path | None = None,
    only: Iterable[str] | None = None,
    on_artifact: OnArtifact | None = None,
    extra: Sequence[Artifact] = (),
    summary: Mapping[str, Any] | None = None,
) -> BuildResult:
    """Write the artifacts of ``variant`` (and ``extra``) into ``out`` (default
    ``outputs/<name>``); ``summary`` goes into the manifest (the CAM job's figures, ``cam``)."""
    target = (out or Path("outputs") / variant.name).absolute()
    if target.exists() and not target.is_dir():
        raise InputError(f"--out: {target} exists and is not a folder")
    chosen = select(collect_artifacts(registry, variant, extra), only)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        _clean_stale(target)
        staging = _temporary(target, "tmp")
    except OSError as exc:
        raise BuildError(f"cannot create {target}: {describe_error(exc)}") from exc
    try:
        entries = []
        if only is not None:
            for entry in _previous_entries(target, variant, {a.kind for a in chosen}):
                source, copy = target / entry["path"], staging / entry["path"]
                if source.is_file():
                    copy.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(source, copy)
                    entries.append(entry)
        for artifact in chosen:
            if on_artifact:
                on_artifact(artifact)
            path = staging / artifact.path
            path.parent.mkdir(parents=True, exist_ok=True)
            try:
                artifact.write(path)
            except Exception as exc:
                interrupt = _interrupt_in(exc)
                if interrupt is not None:
                    raise interrupt from exc
                message = describe_error(exc, staging)
                raise BuildError(f"{artifact.kind} {artifact.path}: {message}") from exc
            if not path.is_file():
                raise BuildError(f"{artifact.kind} {artifact.path}: the writer made no file")
            entries.append(_entry(artifact, staging))
        manifest = {
            "variant": variant.name,
            "game": variant.game,
            "preset": variant.preset,
            "plywright_version": plywright_version(),
            "artifacts": sorted(entries, key=lambda e: e["path"]),
        }
        if summary:
            manifest.update(summary)
        elif only is not None and any(e["kind"].startswith("cam/") for e in entries):
            manifest.update(_previous_cam(target))  # the CAM files kept: their figures too
        (staging / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
        swapped = False
        try:
            with _interrupts_held(), _swap_lock(target.parent):
                previous = _swap(staging, target)
                swapped = True
        except (KeyboardInterrupt, SystemExit) as exc:
            if swapped:
                raise InterruptedAfterSwap(*exc.args) from exc
            raise
        if previous is not None:
            shutil.rmtree(previous, ignore_errors=True)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise BuildError(f"{target}: {describe_error(exc)}") from exc
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return BuildResult(target, manifest)
