"""Outputs under hostile conditions: written whole or not at all (a full disk), checked before
the first game (an unwritable path is bad input, exit 2), one run per records folder, and
contradictions (``--only ""``, a language twice) refused before anything is written."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from conftest import EXAMPLES, CliRunner, write
from plywright import atomic, cli
from plywright.errors import InputError
from plywright.records import LOCK_NAME, records_lock

TICTACTOE = str(EXAMPLES / "tictactoe.toml")
CHECK = ("check", TICTACTOE, "-n", "6", "--probes", "none", "--jobs", "1", "-q")
UNWRITABLE = Path("/proc/plywright-nowhere")
"""A folder nobody can create, root included (``/proc`` takes no new entries)."""


def _one_line(done: subprocess.CompletedProcess[str]) -> str:
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every temporary output file fills the disk halfway through its write."""
    _fill_disk(monkeypatch)


def _fill_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    real = Path.write_text

    def write_text(self: Path, data: str, *args: Any, **kwargs: Any) -> int:
        if atomic.TEMP_MARK not in self.name:
            return real(self, data, *args, **kwargs)
        real(self, data[: len(data) // 2], *args, **kwargs)
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(Path, "write_text", write_text)


def test_a_full_disk_keeps_the_old_file_and_names_the_path(tmp_path: Path, full_disk: None) -> None:
    target = write(tmp_path / "report.json", '{"old": true}\n')
    with pytest.raises(OSError) as caught:
        atomic.write_text(target, json.dumps({"new": list(range(1000))}))
    assert caught.value.filename == str(target)
    assert caught.value.errno == errno.ENOSPC
    assert target.read_text() == '{"old": true}\n'
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"], "no temporary file is left"


def test_an_interrupted_write_leaves_nothing(tmp_path: Path) -> None:
    target = tmp_path / "sweep.csv"
    with pytest.raises(KeyboardInterrupt), atomic.replacing(target) as temporary:
        temporary.write_text("half")
        raise KeyboardInterrupt
    assert not list(tmp_path.iterdir())
    with atomic.replacing(target) as temporary:
        assert temporary.suffix == ".csv" and temporary.parent == tmp_path
        temporary.write_text("whole")
    assert target.read_text() == "whole" and not atomic.leftovers(tmp_path)


@pytest.mark.parametrize("option", ["--json", "--records"])
def test_check_on_a_full_disk_is_one_line_naming_the_file(
    tmp_path: Path,
    full_disk: None,
    option: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    target = "report.json" if option == "--json" else "rec"
    with pytest.raises(SystemExit) as exited:
        cli.main([*CHECK, option, target])
    assert exited.value.code == 1
    err = capsys.readouterr().err
    assert err.startswith("plywright: error: ") and "No space left on device" in err
    assert len(err.splitlines()) == 1, err
    if option == "--json":
        assert "report.json" in err and not (tmp_path / "report.json").exists()
    else:
        assert "rec/game-" in err
        assert not list((tmp_path / "rec").iterdir()), "no partial record, no lock left"
    assert not atomic.leftovers(tmp_path)


@pytest.mark.parametrize(
    "args",
    [
        [*CHECK, "--json", str(UNWRITABLE / "report.json")],
        [*CHECK, "--json", "."],
        [*CHECK, "--report", str(UNWRITABLE / "report.html")],
        [*CHECK, "--records", str(UNWRITABLE / "rec")],
        [*CHECK, "--records", "a-file/rec"],
        ["sweep", TICTACTOE, "--set", "rules.size=3,4", "-n", "4", "--out", str(UNWRITABLE)],
        ["build", TICTACTOE, "--out", str(UNWRITABLE / "out")],
    ],
    ids=["json", "json-folder", "report", "records", "records-under-file", "sweep", "build"],
)
def test_an_unwritable_output_is_bad_input_before_any_game(
    run_cli: CliRunner, tmp_path: Path, args: list[str]
) -> None:
    write(tmp_path / "a-file", "")
    # the records a check would write show whether a game ran before the refusal
    extra = ["--records", "played"] if args[0] == "check" and "--records" not in args else []
    done = run_cli(*args, *extra)
    assert done.returncode == 2, done.stderr
    line = _one_line(done)
    option = next(arg for arg in args if arg in ("--json", "--report", "--records", "--out"))
    assert "error: " in line and option in line, line
    assert not (tmp_path / "played").exists(), "no game ran"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"], "nothing was written"


def test_a_records_folder_is_held_by_one_run(tmp_path: Path, run_cli: CliRunner) -> None:
    folder = tmp_path / "rec"
    with records_lock(folder):
        assert (folder / LOCK_NAME).is_file()
        refused = pytest.raises(InputError, match="being written by another plywright run")
        with refused, records_lock(folder):
            pass
        # another process: refused, exit 2, before any game (the folder stays as it is)
        done = run_cli(*CHECK, "--records", "rec")
        assert done.returncode == 2, done.stderr
        assert "--records: " in _one_line(done) and "another plywright run" in done.stderr
        assert [p.name for p in folder.iterdir()] == [LOCK_NAME]
    assert not list(folder.iterdir()), "the lock file goes with the run"
    done = run_cli(*CHECK, "--records", "rec")
    assert done.returncode in (0, 1), done.stderr
    assert len(list(folder.glob("game-*.jsonl"))) == 6 and not list(folder.glob(".*"))


def test_a_stale_lock_file_of_a_dead_run_does_not_block(tmp_path: Path) -> None:
    folder = tmp_path / "rec"
    write(folder / LOCK_NAME, "12345\n")  # its run was killed: the file is there, unlocked
    write(folder / f".game-000001.jsonl{atomic.TEMP_MARK}dead.jsonl", "{")
    with records_lock(folder):
        pass
    assert not list(folder.iterdir())


def test_two_checks_into_one_folder_never_mix(tmp_path: Path) -> None:
    """Started together: one writes its records, the other is refused (or, if the first had
    already finished, replaces them whole); the folder holds one seed's records, never two."""
    args = [sys.executable, "-m", "plywright", *CHECK[:-3], "-q", "--jobs", "2"]
    procs = [
        subprocess.Popen(
            [*args, "-n", "400", "--seed", str(seed), "--records", "rec"],
            cwd=tmp_path,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for seed in (1, 2)
    ]
    results = [(proc.wait(600), proc.communicate()[1]) for proc in procs]
    assert all(code in (0, 1, 2) for code, _ in results), results
    refused = [err for code, err in results if code == 2]
    assert all("another plywright run" in err for err in refused), refused
    seeds = set()
    for record in (tmp_path / "rec").glob("game-*.jsonl"):
        seeds.add(json.loads(record.read_text().splitlines()[0])["seed"])
    assert len(seeds) == 1, f"records of seeds {seeds} mixed in one folder"
    assert len(list((tmp_path / "rec").glob("game-*.jsonl"))) == 400


@pytest.mark.parametrize("only", ["", ",,", " ", "layout,", ",layout"])
def test_an_empty_only_is_bad_input_and_keeps_the_build(
    run_cli: CliRunner, tmp_path: Path, only: str
) -> None:
    first = run_cli("build", TICTACTOE, "--out", "out", "-q")
    assert first.returncode == 0, first.stderr
    before = {p: p.read_bytes() for p in (tmp_path / "out").rglob("*") if p.is_file()}
    done = run_cli("build", TICTACTOE, "--out", "out", "-q", "--only", only)
    assert done.returncode == 2, done.stderr
    assert _one_line(done).startswith("plywright: error: --only: ")
    assert {p: p.read_bytes() for p in (tmp_path / "out").rglob("*") if p.is_file()} == before


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ('game = "halma"\n[print]\nlanguages = ["en", "en"]\n', "[print] languages"),
        ('game = "tictactoe"\n[print]\nlanguages = ["../../ESCAPE_MARK"]\n', "[print] languages"),
        ('game = "halma"\n[check]\nagent = "nobody"\n', "[check] agent"),
        ('game = "kubb"\n[rules]\nkubbs_per_team = true\n', "[rules] kubbs_per_team"),
        ('game = "halma"\n[production]\npitch = true\n', "[production] pitch"),
    ],
)
def test_build_refuses_what_check_refuses(
    run_cli: CliRunner, tmp_path: Path, text: str, wanted: str
) -> None:
    variant = write(tmp_path / "bad.toml", text)
    for command in (["build", str(variant), "--out", "out"], ["check", str(variant), "-n", "2"]):
        done = run_cli(*command)
        assert done.returncode == 2, done.stderr
        assert _one_line(done).startswith(f"plywright: error: {variant}: {wanted}")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.toml"]


def test_endless_devices_are_one_line(run_cli: CliRunner) -> None:
    for command in ("check", "build"):
        done = run_cli(command, "/dev/zero")
        assert done.returncode == 2, done.stderr
        assert "larger than 1024 KiB" in _one_line(done)


def test_a_sweep_on_a_full_disk_keeps_the_earlier_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    sweep = ["sweep", TICTACTOE, "--set", "rules.size=3,4", "-n", "6", "--jobs", "1", "-q"]
    with pytest.raises(SystemExit):
        cli.main([*sweep, "--out", "sw", "--format", "html"])
    before = {p.name: p.read_bytes() for p in (tmp_path / "sw").iterdir()}
    assert {"sweep.csv", "sweep.json", "report.html"} <= set(before)
    capsys.readouterr()
    _fill_disk(monkeypatch)
    with pytest.raises(SystemExit) as exited:
        cli.main([*sweep, "--seed", "7", "--out", "sw", "--format", "html"])
    assert exited.value.code == 1
    err = capsys.readouterr().err
    assert err.startswith("plywright: error: sw/sweep.csv: No space left on device"), err
    assert {p.name: p.read_bytes() for p in (tmp_path / "sw").iterdir()} == before


def test_a_killed_run_leaves_no_worker_and_no_held_lock(tmp_path: Path, run_cli: CliRunner) -> None:
    """SIGKILL gives the command no chance to end its pool: the workers die with it (or they
    would hold the records lock, and play on, for ever)."""
    import psutil

    proc = subprocess.Popen(
        [sys.executable, "-m", "plywright", *CHECK[:-3], "-q", "--jobs", "2",
         "-n", "1000000", "--records", "rec"],
        cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        _wait_until(lambda: any((tmp_path / "rec").glob("game-*.jsonl")), proc)
        workers = psutil.Process(proc.pid).children()
        assert len(workers) == 2
    finally:
        proc.kill()
        proc.wait(60)
    _, alive = psutil.wait_procs(workers, timeout=60)
    for orphan in alive:  # end them here, whatever the verdict
        orphan.kill()
    assert alive == [], "workers outlived their killed parent"
    done = run_cli(*CHECK, "--records", "rec")
    assert done.returncode in (0, 1), done.stderr
    assert len(list((tmp_path / "rec").glob("game-*.jsonl"))) == 6


def _wait_until(condition: Any, proc: subprocess.Popen[bytes]) -> None:
    import time

    deadline = time.monotonic() + 120
    while not condition():
        assert proc.poll() is None, "the check ended early"
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


@pytest.mark.parametrize(
    "args",
    [
        ["--games", "9" * 100_000],
        ["--scheduler", "x" * 100_000],
        ["--agent", "y" * 100_000],
        ["--json", "z" * 100_000 + "/r.json"],
    ],
    ids=["games", "scheduler", "agent", "json"],
)
def test_a_huge_option_value_is_echoed_as_a_short_line(run_cli: CliRunner, args: list[str]) -> None:
    done = run_cli("check", TICTACTOE, "--probes", "none", *args)
    assert done.returncode == 2, done.stderr[:300]
    assert len(_one_line(done)) <= cli.MAX_LINE + 100
