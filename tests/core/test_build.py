"""The build pipeline: manifest, determinism, ``--only`` and the atomic swap."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from plywright.api import Artifact
from plywright.build import BuildError, build, collect_artifacts, in_folder
from plywright.errors import InputError
from plywright.registry import Registry
from plywright.variant import Variant, parse_variant


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


def _write_x(path: Path) -> None:
    path.write_text("x")


def test_the_core_makes_each_artifacts_folder(registry: Registry, tmp_path: Path) -> None:
    class Nested:
        @staticmethod
        def plywright_artifacts(variant: Variant) -> list[Artifact]:
            return [Artifact("layout/svg", "a/b/c.svg", "deep", _write_x)]

    from plywright.api import hookimpl

    hookimpl(Nested.plywright_artifacts)
    registry.pm.register(Nested(), name="nested")
    result = build(registry, _variant(registry), tmp_path / "out")
    assert (result.folder / "a" / "b" / "c.svg").read_text() == "x"


def test_in_folder_makes_the_folder_for_writers_called_on_their_own(tmp_path: Path) -> None:
    def text(path: Path) -> None:
        path.write_text("y")

    write = in_folder(text)
    write(tmp_path / "d" / "e.txt")
    write(tmp_path / "d" / "e.txt")  # the folder may exist already
    assert (tmp_path / "d" / "e.txt").read_text() == "y"


def test_unsafe_artifact_paths_are_refused(registry: Registry, tmp_path: Path) -> None:
    class Escaping:
        @staticmethod
        def plywright_artifacts(variant: Variant) -> list[Artifact]:
            return [Artifact("layout/svg", "../escape.svg", "bad", lambda p: p.write_text("x"))]

    from plywright.api import hookimpl

    plugin = Escaping()
    hookimpl(Escaping.plywright_artifacts)
    registry.pm.register(plugin, name="escaping")
    with pytest.raises(BuildError, match="not a safe relative path"):
        collect_artifacts(registry, _variant(registry))


BUILD_SCRIPT = """
import sys
from pathlib import Path
import sample_games
from plywright.build import build
from plywright.registry import load_registry
from plywright.variant import parse_variant
registry = load_registry(extra_plugins=[("cardrace", sample_games)])
variant = parse_variant(
    {"game": "cardrace", "name": "race", "rules": {"goal": 7},
     "production": {"write_delay": float(sys.argv[2])}},
    registry,
)
print("started", flush=True)
build(registry, variant, Path(sys.argv[1]))
"""


def _start_build(out: Path, delay: float) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", BUILD_SCRIPT, str(out), str(delay)],
        cwd=Path(__file__).parents[1],  # tests/: sample_games
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _wait_for(condition: Callable[[], bool], what: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGINT, signal.SIGTERM])
def test_interrupted_build_leaves_previous_build_untouched(
    registry: Registry, tmp_path: Path, sig: signal.Signals
) -> None:
    out = tmp_path / "out"
    build(registry, _variant(registry), out)
    before = _tree(out)
    # every writer sleeps far longer than the test waits: the build cannot finish by itself
    proc = _start_build(out, 120.0)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "started"
    _wait_for(lambda: bool(list(tmp_path.glob(".out.tmp-*/layout"))), "the first writer")
    proc.send_signal(sig)
    proc.wait(timeout=120)  # about a second when idle; generous for a loaded machine
    assert _tree(out) == before
    if sig == signal.SIGINT:  # the build cleans up after itself
        assert [p.name for p in tmp_path.iterdir()] == ["out"]
    # the next build cleans up whatever a killed build left behind
    build(registry, _variant(registry), out)
    assert [p.name for p in tmp_path.iterdir()] == ["out"]


def test_an_interrupt_during_the_swap_lands_after_it(
    registry: Registry, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import plywright.build as pipeline

    out = tmp_path / "out"
    build(registry, _variant(registry), out)
    real_exchange = pipeline.exchange

    def interrupted_exchange(first: Path, second: Path) -> bool:
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C in the middle of the swap
        return real_exchange(first, second)

    monkeypatch.setattr(pipeline, "exchange", interrupted_exchange)
    with pytest.raises(BaseException) as caught:
        build(registry, _variant(registry, write_delay=0.01), out)
    assert isinstance(caught.value, pipeline.InterruptedAfterSwap), "held until the swap is done"
    assert isinstance(caught.value.__cause__, KeyboardInterrupt)
    manifest = json.loads((out / "manifest.json").read_text())
    assert {a["path"] for a in manifest["artifacts"]} == {
        str(p.relative_to(out)) for p in out.rglob("*") if p.is_file() and p.name != "manifest.json"
    }
    assert [p.name for p in tmp_path.iterdir()] == ["out"], "the previous build is removed"


def test_concurrent_builds_of_one_folder_all_succeed(tmp_path: Path) -> None:
    out = tmp_path / "out"
    procs = [_start_build(out, 0.4) for _ in range(3)]
    for proc in procs:
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
    manifest = json.loads((out / "manifest.json").read_text())
    for entry in manifest["artifacts"]:
        data = (out / entry["path"]).read_bytes()
        assert entry["sha256"] == hashlib.sha256(data).hexdigest()
    assert [p.name for p in tmp_path.iterdir()] == ["out"], "no temporary folder is left"


def test_only_folders_of_finished_processes_are_cleaned(registry: Registry, tmp_path: Path) -> None:
    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    dead_pid = int(gone.stdout)
    with subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"]) as running:
        try:
            dead = tmp_path / f".out.tmp-{dead_pid}-abc"
            old = tmp_path / f".out.old-{dead_pid}-abc"
            live = tmp_path / f".out.tmp-{running.pid}-xyz"
            for folder in (dead, old, live):
                (folder / "print").mkdir(parents=True)
            build(registry, _variant(registry), tmp_path / "out")
            assert not dead.exists() and not old.exists()
            assert (live / "print").is_dir(), "a running build keeps its temporary folder"
        finally:
            running.kill()


def _disk_full_plugin(registry: Registry, error: OSError) -> None:
    from plywright.api import hookimpl

    class DiskFull:
        @staticmethod
        def plywright_artifacts(variant: Variant) -> list[Artifact]:
            def write(path: Path) -> None:
                raise error

            return [Artifact("cad/stl", "cad/board.stl", "board mesh", write)]

    hookimpl(DiskFull.plywright_artifacts)
    registry.pm.register(DiskFull(), name="disk-full")


def test_a_full_disk_is_said_plainly(registry: Registry, tmp_path: Path) -> None:
    try:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    except OSError as cause:
        try:
            raise OSError("could not write STL file cad/board.stl") from cause
        except OSError as wrapped:
            error = wrapped
    _disk_full_plugin(registry, error)
    out = tmp_path / "out"
    with pytest.raises(BuildError) as caught:
        build(registry, _variant(registry), out)
    message = str(caught.value)
    assert message.startswith("cad/stl cad/board.stl: no space left on device (")
    assert "could not write STL file" in message
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_a_writer_failing_on_a_nearly_full_disk_is_put_down_to_it(
    registry: Registry, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

    _disk_full_plugin(registry, OSError("could not write STL file cad/board.stl"))
    real = shutil.disk_usage
    monkeypatch.setattr(shutil, "disk_usage", lambda p: real(p)._replace(free=4096))
    with pytest.raises(BuildError, match=r"board.stl: no space left on device \(4096 bytes free"):
        build(registry, _variant(registry), tmp_path / "out")
    monkeypatch.setattr(shutil, "disk_usage", real)
    with pytest.raises(BuildError) as caught:
        build(registry, _variant(registry), tmp_path / "out")
    assert "no space" not in str(caught.value), "a disk with room is not blamed"


def test_the_manifest_full_disk_is_said_plainly(
    registry: Registry, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = Path.write_text

    def full(self: Path, *args: Any, **kwargs: Any) -> int:
        if self.name == "manifest.json":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", full)
    with pytest.raises(BuildError, match="no space left on device"):
        build(registry, _variant(registry), tmp_path / "out")
    assert list(tmp_path.iterdir()) == []


def _moved_clock(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """Move every clock a build could read ``seconds`` ahead (time and datetime)."""
    import datetime as dt

    real_time, real_ns = time.time, time.time_ns
    monkeypatch.setattr(time, "time", lambda: real_time() + seconds)
    monkeypatch.setattr(time, "time_ns", lambda: real_ns() + int(seconds * 1e9))
    for name in ("localtime", "gmtime", "ctime"):
        real = getattr(time, name)
        monkeypatch.setattr(
            time, name, lambda t=None, real=real: real(time.time() if t is None else t)
        )

    class MovedDateTime(dt.datetime):
        @classmethod
        def now(cls, tz: dt.tzinfo | None = None) -> MovedDateTime:
            return cls.fromtimestamp(time.time(), tz)

        @classmethod
        def utcnow(cls) -> MovedDateTime:
            return cls.now(dt.UTC).replace(tzinfo=None)

        @classmethod
        def today(cls) -> MovedDateTime:
            return cls.now()

    monkeypatch.setattr(dt, "datetime", MovedDateTime)


@pytest.mark.parametrize(
    ("data", "only"),
    [
        ({"game": "cardrace", "name": "race"}, None),
        (
            {"game": "halma", "name": "halma"},
            ["cad/dxf", "print", "layout", "bom", "preview", "report"],
        ),
        ({"game": "tictactoe", "name": "ttt"}, None),
    ],
)
def test_builds_made_at_different_times_are_byte_identical(
    registry: Registry,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    data: dict[str, Any],
    only: list[str] | None,
) -> None:
    if data["game"] not in registry.games:
        pytest.skip(f"{data['game']} is not installed")
    variant = parse_variant(data, registry)
    first = build(registry, variant, tmp_path / "a", only).folder
    _moved_clock(monkeypatch, 400 * 86400 + 3661.5)  # a year, a month, an hour and a bit later
    second = build(registry, variant, tmp_path / "b", only).folder
    assert set(_tree(first)) == set(_tree(second))
    for path, data_first in _tree(first).items():
        assert data_first == _tree(second)[path], f"{path} depends on the clock"


def test_exchange_swaps_two_folders_atomically(tmp_path: Path) -> None:
    from plywright.build import exchange

    first, second = tmp_path / "new", tmp_path / "old"
    (first / "a").mkdir(parents=True)
    (second / "b").mkdir(parents=True)
    if not exchange(first, second):
        pytest.skip("this system cannot exchange paths atomically (fallback: two renames)")
    assert [p.name for p in first.iterdir()] == ["b"]
    assert [p.name for p in second.iterdir()] == ["a"]


def test_an_interrupt_a_library_turned_into_an_error_stays_an_interrupt(
    registry: Registry, tmp_path: Path
) -> None:
    """Ctrl-C inside an import (CadQuery's, in a writer) comes back as an ``ImportError``; the
    build stops as interrupted, not as a failed artifact."""
    from plywright.api import hookimpl

    class Importing:
        @staticmethod
        def plywright_artifacts(variant: Variant) -> list[Artifact]:
            def write(path: Path) -> None:
                try:
                    raise KeyboardInterrupt
                except KeyboardInterrupt:
                    raise ImportError("initialization failed") from None

            return [Artifact("cad/step", "cad/board.step", "board", write)]

    hookimpl(Importing.plywright_artifacts)
    registry.pm.register(Importing(), name="importing")
    with pytest.raises(KeyboardInterrupt):
        build(registry, _variant(registry), tmp_path / "out")
    assert list(tmp_path.iterdir()) == []
