"""The build pipeline: manifest, determinism, ``--only`` and the atomic swap."""

from __future__ import annotations

import hashlib
import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.api import Artifact
from generator.build import BuildError, build, collect_artifacts
from generator.errors import InputError
from generator.registry import Registry
from generator.variant import Variant, parse_variant


def _variant(registry: Registry, **production: object) -> Variant:
    return parse_variant({"game": "cardrace", "name": "race", "production": production}, registry)


def _tree(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


def test_manifest_lists_every_artifact_with_its_hash(registry: Registry, tmp_path: Path) -> None:
    result = build(registry, _variant(registry), tmp_path / "out")
    manifest = json.loads((result.folder / "manifest.json").read_text())
    assert manifest["variant"] == "race" and manifest["game"] == "cardrace"
    assert manifest["plywright_version"]
    kinds = {a["kind"] for a in manifest["artifacts"]}
    assert kinds == {"print/sheet", "layout/svg", "report/json"}
    files = {str(p.relative_to(result.folder)) for p in result.folder.rglob("*") if p.is_file()}
    assert files == {a["path"] for a in manifest["artifacts"]} | {"manifest.json"}
    for entry in manifest["artifacts"]:
        data = (result.folder / entry["path"]).read_bytes()
        assert entry["sha256"] == hashlib.sha256(data).hexdigest()
        assert entry["bytes"] == len(data)


def test_same_variant_gives_identical_bytes(registry: Registry, tmp_path: Path) -> None:
    first = build(registry, _variant(registry), tmp_path / "a").folder
    second = build(registry, _variant(registry), tmp_path / "b").folder
    assert _tree(first) == _tree(second)


def test_only_rebuilds_selected_kinds_and_keeps_the_rest(
    registry: Registry, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    build(registry, _variant(registry), out)
    (out / "print" / "cards.txt").write_text("stale\n")
    build(registry, _variant(registry), out, only=["layout"])
    manifest = json.loads((out / "manifest.json").read_text())
    assert len(manifest["artifacts"]) == 3
    assert (out / "print" / "cards.txt").read_text() == "stale\n", "unselected kinds are copied"
    build(registry, _variant(registry), out, only=["print/sheet"])
    assert (out / "print" / "cards.txt").read_text() != "stale\n"


def test_only_rejects_unknown_kinds(registry: Registry, tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"--only: unknown kind 'cnc' \(allowed: .*layout/svg"):
        build(registry, _variant(registry), tmp_path / "out", only=["cnc"])


def test_failed_build_leaves_previous_build_untouched(registry: Registry, tmp_path: Path) -> None:
    out = tmp_path / "out"
    build(registry, _variant(registry), out)
    before = _tree(out)
    with pytest.raises(BuildError, match="failed on purpose"):
        build(registry, _variant(registry, fail=True), out)
    assert _tree(out) == before
    assert [p.name for p in tmp_path.iterdir()] == ["out"], "no temporary folder is left"


def test_unsafe_artifact_paths_are_refused(registry: Registry, tmp_path: Path) -> None:
    class Escaping:
        @staticmethod
        def plywright_artifacts(variant: Variant) -> list[Artifact]:
            return [Artifact("layout/svg", "../escape.svg", "bad", lambda p: p.write_text("x"))]

    from generator.api import hookimpl

    plugin = Escaping()
    hookimpl(Escaping.plywright_artifacts)
    registry.pm.register(plugin, name="escaping")
    with pytest.raises(BuildError, match="not a safe relative path"):
        collect_artifacts(registry, _variant(registry))


KILL_SCRIPT = """
import sys
from pathlib import Path
import sample_games
from generator.build import build
from generator.registry import load_registry
from generator.variant import parse_variant
registry = load_registry(extra_plugins=[("cardrace", sample_games)])
variant = parse_variant(
    {"game": "cardrace", "name": "race", "rules": {"goal": 7}, "production": {"write_delay": 1.5}},
    registry,
)
print("started", flush=True)
build(registry, variant, Path(sys.argv[1]))
"""


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGINT])
def test_interrupted_build_leaves_previous_build_untouched(
    registry: Registry, tmp_path: Path, sig: signal.Signals
) -> None:
    out = tmp_path / "out"
    build(registry, _variant(registry), out)
    before = _tree(out)
    tests = Path(__file__).parent
    proc = subprocess.Popen(
        [sys.executable, "-c", KILL_SCRIPT, str(out)],
        cwd=tests,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "started"
    time.sleep(2.0)  # the first artifact is written, the second one is still sleeping
    staging = list(tmp_path.glob(".out.tmp-*"))
    assert staging, "the build writes into a temporary folder"
    proc.send_signal(sig)
    proc.wait(timeout=30)
    assert _tree(out) == before
    # the next build cleans up whatever a killed build left behind
    build(registry, _variant(registry), out)
    assert [p.name for p in tmp_path.iterdir()] == ["out"]


def test_exchange_swaps_two_folders_atomically(tmp_path: Path) -> None:
    from generator.build import exchange

    first, second = tmp_path / "new", tmp_path / "old"
    (first / "a").mkdir(parents=True)
    (second / "b").mkdir(parents=True)
    if not exchange(first, second):
        pytest.skip("this system cannot exchange paths atomically (fallback: two renames)")
    assert [p.name for p in first.iterdir()] == ["b"]
    assert [p.name for p in second.iterdir()] == ["a"]
