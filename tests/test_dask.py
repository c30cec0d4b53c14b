"""Games on a real Dask cluster: a ``dask scheduler`` and two ``dask worker`` processes on
localhost give the same sweep table as the local process pool.

``distributed`` is never imported into the test process: importing it installs the
``importlib_metadata`` backport's finder, whose entry points the registry does not load, so
every later test's registry would lose its plugins. The cluster is driven through commands.
"""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import EXAMPLES, CliRunner
from generator.registry import Registry
from generator.simulate.executors import open_backend
from generator.simulate.runner import run_check
from generator.sweep.outputs import write_outputs
from generator.sweep.run import prepare_sweep, run_sweep
from generator.variant import load_variant

if importlib.util.find_spec("distributed") is None:
    pytest.skip("Dask is not installed (pip install 'plywright[dask]')", allow_module_level=True)

DASK = Path(sys.executable).with_name("dask")


def _start(args: list[str], log: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [str(DASK), *args],
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own process group: ended as a whole below
    )


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(5)


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[str]:
    """A scheduler and two single-threaded workers; yields the scheduler address."""
    info = tmp_path / "scheduler.json"
    common = ["--no-dashboard"]
    processes = [
        _start(
            [
                "scheduler",
                "--host",
                "127.0.0.1",
                "--port",
                "0",
                "--scheduler-file",
                str(info),
                "--dashboard-address",
                ":0",
            ],
            tmp_path / "scheduler.log",
        )
    ]
    try:
        deadline = time.monotonic() + 30
        while not info.exists() or not info.read_text().strip():
            assert processes[0].poll() is None, (tmp_path / "scheduler.log").read_text()
            assert time.monotonic() < deadline, "the scheduler did not start"
            time.sleep(0.2)
        address = json.loads(info.read_text())["address"]
        for number in (1, 2):
            processes.append(
                _start(
                    [
                        "worker",
                        address,
                        "--nworkers",
                        "1",
                        "--nthreads",
                        "1",
                        *common,
                        "--name",
                        f"w{number}",
                    ],
                    tmp_path / f"worker{number}.log",
                )
            )
        wait = f"from distributed import Client; Client({address!r}).wait_for_workers(2, 30)"
        subprocess.run([sys.executable, "-c", wait], check=True, timeout=60)
        yield address
    finally:
        for process in reversed(processes):
            _stop(process)


def test_sweep_on_dask_equals_the_local_pool(
    registry: Registry, cluster: str, run_cli: CliRunner, tmp_path: Path
) -> None:
    specs = ["rules.size=3,4", "rules.k_in_row=3"]
    variant = EXAMPLES / "tictactoe.toml"
    sweep = prepare_sweep(registry, variant, specs, seed=0)
    with open_backend(2) as backend:
        write_outputs(run_sweep(sweep, 60, backend), tmp_path / "local", registry, "html")
    args = ["sweep", str(variant), "--set", specs[0], "--set", specs[1], "-n", "60", "-q"]
    on_dask = run_cli(*args, "--format", "html", "--scheduler", cluster, "--out", "dask")
    assert on_dask.returncode in (0, 1), on_dask.stderr
    for name in ("sweep.csv", "sweep.json", "report.html"):
        assert (tmp_path / "dask" / name).read_bytes() == (tmp_path / "local" / name).read_bytes()
    # check runs there too, with the same report
    check = ["check", str(EXAMPLES / "halma-standard.toml"), "-n", "30", "-q", "--probes", "none"]
    remote = run_cli(*check, "--scheduler", cluster, "--json", "remote.json")
    assert remote.returncode == 0, remote.stderr
    halma = load_variant(EXAMPLES / "halma-standard.toml", registry)
    here = run_check(registry, halma, probes="none", games=30, jobs=1)
    assert json.loads((tmp_path / "remote.json").read_text())["metrics"] == here["metrics"]


def test_bad_scheduler_is_bad_input(run_cli: CliRunner) -> None:
    check = ["check", str(EXAMPLES / "tictactoe.toml"), "-n", "5", "-q", "--probes", "none"]
    done = run_cli(*check, "--scheduler", "tcp://127.0.0.1:9")  # nothing listens on port 9
    assert done.returncode == 2
    assert done.stderr.startswith("plywright: error: --scheduler: cannot reach tcp://127.0.0.1:9")
    assert len(done.stderr.splitlines()) == 1
    done = run_cli(*check, "--scheduler", "127.0.0.1:8786")
    assert done.returncode == 2
    assert done.stderr == (
        "plywright: error: --scheduler: '127.0.0.1:8786' is not a Dask scheduler address "
        "(e.g. tcp://127.0.0.1:8786)\n"
    )


def test_missing_dask_is_bad_input(run_cli: CliRunner, tmp_path: Path) -> None:
    blocker = tmp_path / "blocker"
    blocker.mkdir()
    (blocker / "distributed.py").write_text("raise ImportError('no dask here')\n")
    done = run_cli(
        "check", str(EXAMPLES / "tictactoe.toml"), "-n", "5", "--scheduler", "tcp://127.0.0.1:9",
        env={"PYTHONPATH": str(blocker)},
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr == (
        "plywright: error: --scheduler: Dask is not installed (pip install 'plywright[dask]')\n"
    )
