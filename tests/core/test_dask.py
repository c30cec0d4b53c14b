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
from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import EXAMPLES, CliRunner
from plywright.registry import Registry
from plywright.simulate.executors import open_backend
from plywright.simulate.runner import run_check
from plywright.sweep.outputs import write_outputs
from plywright.sweep.run import prepare_sweep, run_sweep
from plywright.variant import load_variant

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


START_BOUND = 120.0
"""Seconds the scheduler and workers may take to start (generous: a loaded machine)."""


@dataclass
class Cluster:
    address: str
    processes: list[subprocess.Popen[bytes]]
    """The scheduler, then the workers (each its own process group)."""
    log: Path
    """The scheduler's log."""

    def clients(self) -> int:
        """Clients that have connected to the scheduler so far."""
        return self.log.read_text().count("Receive client connection")

    def wait_for_client(self, seen: int) -> None:
        """Until a client beyond the ``seen`` ones (the command under test) has connected."""
        deadline = time.monotonic() + START_BOUND
        while self.clients() <= seen:
            assert time.monotonic() < deadline, "no client connected"
            time.sleep(0.05)

    def kill(self, number: int) -> None:
        """SIGKILL process ``number`` (0: the scheduler) with its group (a worker's nanny)."""
        os.killpg(self.processes[number].pid, signal.SIGKILL)
        self.processes[number].wait(60)


@pytest.fixture
def cluster(dask_cluster: Cluster) -> str:
    """The scheduler address of :func:`dask_cluster`."""
    return dask_cluster.address


@pytest.fixture
def dask_cluster(tmp_path: Path) -> Iterator[Cluster]:
    """A scheduler and two single-threaded workers."""
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
        deadline = time.monotonic() + START_BOUND
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
        wait = f"from distributed import Client; Client({address!r}).wait_for_workers(2, 120)"
        subprocess.run([sys.executable, "-c", wait], check=True, timeout=2 * START_BOUND)
        yield Cluster(address, processes, tmp_path / "scheduler.log")
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


HALMA = EXAMPLES / "halma-standard.toml"


def test_a_scheduler_killed_mid_check_is_one_line(
    dask_cluster: Cluster, run_cli: CliRunner, tmp_path: Path
) -> None:
    args = ["check", str(HALMA), "-n", "100000", "-q", "--probes", "none", "--engine", "python"]
    seen = dask_cluster.clients()
    proc = subprocess.Popen(
        [sys.executable, "-m", "plywright", *args, "--scheduler", dask_cluster.address,
         "--json", "report.json"],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    dask_cluster.wait_for_client(seen)
    dask_cluster.kill(0)
    _, err = proc.communicate(timeout=600)
    assert proc.returncode == 1, err
    assert "Traceback" not in err, err
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith(f"plywright: error: lost the Dask scheduler {dask_cluster.address} "), err
    assert not (tmp_path / "report.json").exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")], "no temporary file"


def test_a_worker_killed_mid_sweep_is_recovered(
    registry: Registry, dask_cluster: Cluster, tmp_path: Path
) -> None:
    """The games of a lost worker run again on the other: the results are the local ones."""
    specs = ["rules.max_rounds=400,500"]
    args = ["sweep", str(HALMA), "--set", specs[0], "-n", "300", "-q", "--format", "html"]
    seen = dask_cluster.clients()
    proc = subprocess.Popen(
        [sys.executable, "-m", "plywright", *args, "--engine", "python",
         "--scheduler", dask_cluster.address, "--out", "dask"],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    dask_cluster.wait_for_client(seen)
    dask_cluster.kill(1)
    _, err = proc.communicate(timeout=1200)
    assert proc.returncode in (0, 1), err
    sweep = prepare_sweep(registry, HALMA, specs, seed=0, engine="python")
    with open_backend(2) as backend:
        write_outputs(run_sweep(sweep, 300, backend), tmp_path / "local", registry, "html")
    for name in ("sweep.csv", "sweep.json"):
        assert (tmp_path / "dask" / name).read_bytes() == (tmp_path / "local" / name).read_bytes()
