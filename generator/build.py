"""``plywright build``: variant -> build folder with every artifact and ``manifest.json``.

Artifacts are written into a hidden temporary folder next to the target; only when every one
of them succeeded is the folder swapped into place (atomically where Linux ``renameat2`` can
exchange the two folders), so a failed or interrupted build leaves the previous good build
untouched. Stale temporary folders of killed builds are cleaned up by
the next build.
"""

from __future__ import annotations

import ctypes
import hashlib
import json
import os
import shutil
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path, PurePosixPath
from typing import Any

from generator.api import Artifact
from generator.checks import static_checks
from generator.errors import InputError
from generator.registry import Registry
from generator.variant import Variant

MANIFEST = "manifest.json"
OnArtifact = Callable[[Artifact], None]


class BuildError(Exception):
    """An artifact could not be written; the previous build is untouched."""


@dataclass(frozen=True)
class BuildResult:
    folder: Path
    manifest: dict[str, Any]


def plywright_version() -> str:
    try:
        return version("plywright")
    except PackageNotFoundError:  # running from a source tree without installing
        return "0+unknown"


def _static_report(registry: Registry, variant: Variant) -> Artifact:
    def write(path: Path) -> None:
        checks = [check.as_json() for check in static_checks(registry, variant)]
        payload = {"variant": variant.as_json(), "static_checks": checks}
        path.write_text(json.dumps(payload, indent=2, sort_keys=True) + "\n", encoding="utf-8")

    return Artifact(
        "report/json", "report/static-checks.json", "static checks and parameters", write
    )


def collect_artifacts(registry: Registry, variant: Variant) -> list[Artifact]:
    """Every artifact the plugins (and the core) contribute, checked for safe unique paths."""
    found = [_static_report(registry, variant)]
    for result in registry.pm.hook.plywright_artifacts(variant=variant):
        found.extend(result or [])
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


def _clean_stale(target: Path) -> None:
    for stale in target.parent.glob(f".{target.name}.tmp-*"):
        shutil.rmtree(stale, ignore_errors=True)
    for stale in target.parent.glob(f".{target.name}.old-*"):
        shutil.rmtree(stale, ignore_errors=True)


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


def _swap(staging: Path, target: Path) -> None:
    """Put ``staging`` in the place of ``target``; readers never see a missing ``target`` where
    the system can exchange the two atomically."""
    if target.exists() and exchange(staging, target):
        shutil.rmtree(staging, ignore_errors=True)  # it now holds the previous build
        return
    old = target.parent / f".{target.name}.old-{os.getpid()}"
    if target.exists():
        os.rename(target, old)
    os.rename(staging, target)
    shutil.rmtree(old, ignore_errors=True)


def build(
    registry: Registry,
    variant: Variant,
    out: Path | None = None,
    only: Iterable[str] | None = None,
    on_artifact: OnArtifact | None = None,
) -> BuildResult:
    """Write the artifacts of ``variant`` into ``out`` (default ``outputs/<name>``)."""
    target = (out or Path("outputs") / variant.name).absolute()
    if target.exists() and not target.is_dir():
        raise InputError(f"--out: {target} exists and is not a folder")
    chosen = select(collect_artifacts(registry, variant), only)
    target.parent.mkdir(parents=True, exist_ok=True)
    _clean_stale(target)
    staging = target.parent / f".{target.name}.tmp-{os.getpid()}"
    staging.mkdir()
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
                raise BuildError(
                    f"{artifact.kind} {artifact.path}: {type(exc).__name__}: {exc}"
                ) from exc
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
        (staging / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
        _swap(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return BuildResult(target, manifest)
