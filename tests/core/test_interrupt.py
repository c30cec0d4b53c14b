"""Stopping long work: SIGINT (a terminal's Ctrl-C, sent to the whole process group) and
SIGTERM (to the main process alone) end ``check`` and ``build`` within about a second, with
their worker processes, one line, no traceback, exit status 130 or 143, nothing half-written
as a finished report and the previous build untouched.

Each child starts with SIGINT and SIGTERM at their default disposition (:func:`_defaults`):
a test run started as a background job inherits SIGINT ignored, and plywright rightly keeps
an ignored signal ignored, so without this the tests would test their parent shell. Bounds on
how long a stop takes are generous (a loaded machine schedules the ended workers late); every
other wait is on an event (a file appears, a process ends)."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import EXAMPLES

TICTACTOE = str(EXAMPLES / "tictactoe.toml")
HALMA = str(EXAMPLES / "halma-standard.toml")


STOP_BOUND = 20.0
"""Seconds a stop may take here (about one on an idle machine)."""


def _defaults() -> None:
    """In the child, before plywright starts: its own process group (as a shell job is) and
    SIGINT/SIGTERM at their defaults, whatever the test runner's parent set."""
    os.setsid()
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _start(tmp_path: Path, *args: str) -> subprocess.Popen[str]:
    """``python -m plywright ARGS`` in its own process group, signals at their defaults."""
    return subprocess.Popen(
        [sys.executable, "-m", "plywright", *args],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_defaults,
    )


def _wait_for(condition: Callable[[], bool], what: str, proc: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 120
    while not condition():
        assert proc.poll() is None, f"ended before {what}: {proc.communicate()}"
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def _interrupt(proc: subprocess.Popen[str], sig: signal.Signals) -> tuple[int, str, float]:
    """Send ``sig`` as a terminal (SIGINT: the whole group) or a service manager (SIGTERM: the
    main process) would; returns the exit status, stderr and the seconds it took to end."""
    sent = time.monotonic()
    if sig == signal.SIGINT:
        os.killpg(proc.pid, sig)
    else:
        proc.send_signal(sig)
    _, err = proc.communicate(timeout=120)
    return proc.returncode, err, time.monotonic() - sent


def _group_is_gone(pgid: int) -> bool:
    """No process of the group is left (workers included), after a grace period (a loaded
    machine may take seconds to reap a killed worker)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


def _after_the_plan(err: str) -> list[str]:
    """stderr's lines after the plan a check prints before its first game."""
    lines = err.strip().splitlines()
    if lines and lines[0].startswith("plan: "):
        lines = lines[1:]
        while lines and lines[0].startswith("  "):
            lines = lines[1:]
    return lines


def _one_line(err: str) -> str:
    assert "Traceback" not in err, err
    lines = _after_the_plan(err)
    assert len(lines) == 1, err
    return lines[0]


@pytest.mark.parametrize(
    ("sig", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)], ids=["SIGINT", "SIGTERM"]
)
def test_check_stops_with_its_workers(tmp_path: Path, sig: signal.Signals, status: int) -> None:
    proc = _start(
        tmp_path,
        *("check", TICTACTOE, "--games", "100000", "--jobs", "2", "--probes", "none"),
        *("--json", "report.json", "--records", "rec"),
    )
    records = tmp_path / "rec"
    _wait_for(lambda: any(records.glob("game-*.jsonl")), "the first games", proc)
    code, err, took = _interrupt(proc, sig)
    line = _one_line(err)
    assert code == status, err
    match = re.fullmatch(r"plywright: interrupted after (\d+) of 100000 games", line)
    assert match, line
    assert int(match.group(1)) < 100000
    assert _group_is_gone(proc.pid), "a worker process is left running"
    assert took < STOP_BOUND, f"took {took:.1f} s to stop"
    assert not (tmp_path / "report.json").exists(), "no report of an unfinished check"
    assert not list(records.glob(".*")), "no lock or temporary file is left in the records"


def test_build_stops_and_keeps_the_previous_build(tmp_path: Path) -> None:
    first = subprocess.run(
        [sys.executable, "-m", "plywright", "build", TICTACTOE, "--out", "out", "--quiet"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    assert not first.stderr
    out = tmp_path / "out"
    before = {p: p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}
    proc = _start(tmp_path, "build", HALMA, "--out", "out", "--quiet")
    _wait_for(lambda: bool(list(tmp_path.glob(".out.tmp-*/*"))), "the first artifact", proc)
    code, err, took = _interrupt(proc, signal.SIGINT)
    assert _one_line(err) == "plywright: interrupted; previous build kept"
    assert code == 130
    assert took < STOP_BOUND, f"took {took:.1f} s to stop"
    assert {p: p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()} == before
    assert [p.name for p in tmp_path.iterdir()] == ["out"], "the temporary folder is removed"
    assert _group_is_gone(proc.pid)


def _has_loaded(proc: subprocess.Popen[str], library: str) -> bool:
    """The child has mapped a shared library whose path holds ``library`` (its import has
    begun)."""
    try:
        return library in Path(f"/proc/{proc.pid}/maps").read_text()
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="needs /proc")
@pytest.mark.parametrize(
    ("sig", "status", "library"),
    [(signal.SIGTERM, 143, "/_pydantic_core."), (signal.SIGINT, 130, "/OCP/OCP.")],
    ids=["plugins", "OCP"],
)
def test_an_interrupt_while_loading_is_one_line_too(
    tmp_path: Path, sig: signal.Signals, status: int, library: str
) -> None:
    """Interrupts while the plugins load (pydantic's extension is being mapped) and while
    CadQuery's kernel (OCP) is imported: an interrupted import must not come out as an
    ``ImportError`` traceback. The signal goes when the import has begun (an event), not
    after a delay a loaded machine would stretch."""
    proc = _start(tmp_path, "build", HALMA, "--out", "out", "--quiet")
    _wait_for(lambda: _has_loaded(proc, library), f"the import of {library}", proc)
    code, err, _ = _interrupt(proc, sig)
    assert code == status, err
    assert _one_line(err) == "plywright: interrupted; previous build kept"
    assert [p.name for p in tmp_path.iterdir()] == [], "nothing is left behind"
    assert _group_is_gone(proc.pid)


def test_a_signal_during_an_import_is_delivered_again_after_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Raising inside a C extension's import can crash the interpreter (seen with OCP): the
    handler lets the import finish and sends the signal again."""
    import threading

    from plywright import cli

    handler = cli._Interrupts()
    sent: list[tuple[int, int]] = []
    monkeypatch.setattr(cli.os, "kill", lambda pid, sig: sent.append((pid, sig)))
    monkeypatch.setattr(cli, "HANDLER_UNDER_TEST", handler, raising=False)
    (tmp_path / "slow_extension.py").write_text(
        "import signal, sys\n"
        "from plywright import cli\n"
        "cli.HANDLER_UNDER_TEST(signal.SIGINT, sys._getframe())\n"
        "FINISHED = True\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    import slow_extension  # type: ignore[import-not-found]

    assert slow_extension.FINISHED and handler.signum is None
    for thread in threading.enumerate():
        if isinstance(thread, threading.Timer):
            thread.join(2.0)
    assert sent == [(os.getpid(), signal.SIGINT)]
    with pytest.raises(SystemExit) as raised:  # outside an import it interrupts at once
        handler(signal.SIGINT, sys._getframe())
    assert raised.value.code == 130
    sys.modules.pop("slow_extension", None)


def test_a_check_started_with_sigint_ignored_still_stops_on_it(tmp_path: Path) -> None:
    """The test runner itself may have SIGINT ignored (a background job): the child it starts
    gets the default disposition back, so the interrupt reaches plywright."""
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        proc = _start(
            tmp_path, "check", TICTACTOE, "--games", "100000", "--jobs", "1",
            "--probes", "none", "--records", "rec",
        )  # fmt: skip
    finally:
        signal.signal(signal.SIGINT, previous)
    _wait_for(lambda: any((tmp_path / "rec").glob("game-*.jsonl")), "the first games", proc)
    code, err, _ = _interrupt(proc, signal.SIGINT)
    assert code == 130, err
    assert _one_line(err).startswith("plywright: interrupted after ")


@pytest.mark.parametrize(("signum", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_during_the_clis_own_imports_is_one_line(signum: int, status: int) -> None:
    """The signal lands while click is being imported (the first ~0.1 s of every command)."""
    code = (
        "import builtins, os, sys\n"
        "real = builtins.__import__\n"
        "def spy(name, *args, **kwargs):\n"
        "    if name == 'click' and 'click' not in sys.modules:\n"
        f"        os.kill(os.getpid(), {int(signum)})\n"
        "    return real(name, *args, **kwargs)\n"
        "builtins.__import__ = spy\n"
        "sys.argv = ['plywright', 'games']\n"
        "from plywright.launch import main\n"
        "main()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        preexec_fn=_defaults,
    )
    assert (done.returncode, done.stderr) == (status, "plywright: interrupted\n")
    assert done.stdout == ""


def test_the_entry_point_runs_the_cli_when_no_signal_came() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "from plywright.launch import main; main()", "games"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "halma" in done.stdout and "kubb" in done.stdout


# ---- plywright serve ---------------------------------------------------------------------------

LISTENING = "(Ctrl+C stops it)"
TICTACTOE_CHECK = {
    "variant": {"name": "t", "preset": "classic", "values": {}},
    "games": 2000,
    "probes": "full",
}
"""A check that runs for minutes (tic-tac-toe's strong play at full)."""


def _serve(tmp_path: Path, port: int) -> subprocess.Popen[str]:
    """``plywright serve`` of tic-tac-toe alone (a short warm-up), its temporary files in
    ``tmp_path/tmp``, in its own process group with the signals at their defaults."""
    (tmp_path / "tmp").mkdir()
    env = {
        **os.environ,
        "PLYWRIGHT_DISABLE_PLUGINS": "halma,kubb,cardtrack",
        "PYTHONUNBUFFERED": "1",
        "TMPDIR": str(tmp_path / "tmp"),
    }
    return subprocess.Popen(
        [sys.executable, "-m", "plywright", "serve", "--port", str(port)],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_defaults,
    )


def _line_with(proc: subprocess.Popen[str], text: str) -> None:
    """Read the server's lines until one holds ``text`` (each read waits for the next)."""
    assert proc.stdout is not None
    while text not in (line := proc.stdout.readline()):
        assert line, f"the server ended: {proc.communicate()}"


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:  # ended meanwhile
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
@pytest.mark.parametrize(
    ("sig", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)], ids=["SIGINT", "SIGTERM"]
)
def test_serve_stops_with_its_job_and_workers_in_one_line(
    tmp_path: Path, sig: signal.Signals, status: int
) -> None:
    """A Ctrl-C reaches the server, its preview workers and the job process at once: the
    children leave it to the server, which ends them and says one line."""
    import httpx

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    proc = _serve(tmp_path, port)
    _line_with(proc, LISTENING)
    url = f"http://127.0.0.1:{port}"
    started = httpx.post(f"{url}/games/tictactoe/check", json=TICTACTOE_CHECK, timeout=60)
    assert started.status_code == 202, started.text
    job = started.json()["id"]
    _wait_for(lambda: httpx.get(f"{url}/jobs/{job}").json()["done"] > 0, "the first games", proc)
    assert len(_children(proc.pid)) >= 3, "two preview workers and the job"
    code, err, took = _interrupt(proc, sig)
    assert (code, err) == (status, "plywright: interrupted\n")
    assert took < STOP_BOUND, f"took {took:.1f} s to stop"
    assert _group_is_gone(proc.pid), "a worker or job process is left running"
    assert list((tmp_path / "tmp").iterdir()) == [], "the job folders are removed"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_ctrl_c_while_the_preview_workers_start_is_one_line(tmp_path: Path) -> None:
    """The workers get the terminal's Ctrl-C too, while they are still starting up."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    proc = _serve(tmp_path, port)
    _line_with(proc, "drawing the first previews")
    _wait_for(lambda: len(_children(proc.pid)) >= 2, "the preview workers", proc)
    code, err, _ = _interrupt(proc, signal.SIGINT)
    assert (code, err) == (130, "plywright: interrupted\n")
    assert _group_is_gone(proc.pid)


@pytest.mark.parametrize(("loop", "listened"), [(1, False), (2, True)], ids=["warm-up", "server"])
def test_ctrl_c_while_an_event_loop_is_made_is_one_line(
    tmp_path: Path, loop: int, listened: bool
) -> None:
    """The signal lands inside the making of the warm-up's event loop, or of the server's:
    it stops the server once the loop is whole and closed, and no half-made loop is left for
    the interpreter to complain about ("Exception ignored ... no attribute '_ssock'")."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    code = (
        "import asyncio.selector_events as events, os, signal, sys\n"
        "real = events.BaseSelectorEventLoop._make_self_pipe\n"
        "made = []\n"
        "def spy(self):\n"
        "    made.append(self)\n"
        f"    if len(made) == {loop}:\n"
        "        os.kill(os.getpid(), signal.SIGINT)\n"
        "    real(self)\n"
        "events.BaseSelectorEventLoop._make_self_pipe = spy\n"
        f"sys.argv = ['plywright', 'serve', '--port', '{port}']\n"
        "from plywright.launch import main\n"
        "main()\n"
    )
    env = {**os.environ, "PLYWRIGHT_DISABLE_PLUGINS": "halma,kubb,cardtrack"}
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        preexec_fn=_defaults,
    )
    assert (done.returncode, done.stderr) == (130, "plywright: interrupted\n")
    assert (LISTENING in done.stdout) == listened, done.stdout
