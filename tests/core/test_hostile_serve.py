"""``plywright serve`` started cold is ready when it says so: its previews are drawn before it
listens, and nobody is answered before its URL line.

The test reads the server's lines as they come (each read waits for the next line, an
event) and tries the first preview after each one: while it warms the port refuses the
connection; the first answer comes after the URL line was written (the line is already in
the pipe when the answer arrives: a connection taken just before it waits for it) and the
warm-up's lines came before it. The time this takes is
measured by ``benchmarks/web_bench.py --cold``, not here.
"""

from __future__ import annotations

import functools
import os
import select
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from conftest import ROOT, CliRunner
from plywright.registry import load_registry
from plywright.variant import parse_variant
from plywright.web.forms import default_name, form_values

WARMING = "plywright designer: drawing the first previews before listening"
READY = "previews ready in"
LISTENING = "(Ctrl+C stops it)"


@functools.cache
def first_request(game: str) -> dict[str, Any]:
    """What the designer page of ``game`` sends first: its starting name, preset and values."""
    registry = load_registry()
    definition = registry.games[game]
    start = parse_variant({"game": game}, registry, default_name=default_name(definition))
    return {"name": start.name, "preset": start.preset or "", "values": form_values(start)}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def cold_server(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "plywright", "serve", "--port", str(port)],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        yield process, port
    finally:
        process.terminate()
        process.wait(30)


def _next_line(process: subprocess.Popen[bytes]) -> str:
    assert process.stdout is not None
    line = process.stdout.readline().decode()
    assert line, f"the server ended: {process.stderr.read().decode() if process.stderr else ''}"
    return line.rstrip("\n")


def _waiting_lines(process: subprocess.Popen[bytes]) -> list[str]:
    """Lines already written to the pipe (none waited for)."""
    assert process.stdout is not None
    lines = []
    while select.select([process.stdout], [], [], 0)[0]:
        line = process.stdout.readline().decode()
        if not line:
            break
        lines.append(line.rstrip("\n"))
    return lines


def _first_preview(port: int) -> httpx.Response | None:
    """The answer to the halma page's first request, or ``None`` if the port refuses."""
    try:
        return httpx.post(
            f"http://127.0.0.1:{port}/games/halma/evaluate",
            json=first_request("halma"),
            timeout=120,
        )
    except httpx.ConnectError:
        return None


def test_a_cold_server_warms_its_previews_before_it_listens(
    cold_server: tuple[subprocess.Popen[bytes], int],
) -> None:
    process, port = cold_server
    seen: list[str] = []
    answer = None
    refused_before_listening = 0
    while answer is None:
        seen.append(_next_line(process))
        answer = _first_preview(port)
        if answer is None:
            assert not any(LISTENING in line for line in seen), "listening, yet refused"
            refused_before_listening += 1
        else:
            seen += _waiting_lines(process)
    assert answer.status_code == 200 and answer.json()["ok"], answer.text
    assert answer.headers["Server-Timing"] == 'preview;desc="cache"', "drawn while warming"
    # the URL line was written before the answer; the warm-up's lines before that
    listening = next(i for i, line in enumerate(seen) if LISTENING in line)
    warming = seen.index(WARMING)
    ready = next(i for i, line in enumerate(seen) if READY in line)
    assert warming < ready < listening, seen
    assert refused_before_listening >= 1, "tried while warming, and refused"
    assert f"http://127.0.0.1:{port}/" in seen[listening]


def test_a_port_in_use_is_one_line_before_any_warm_up(run_cli: CliRunner) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = run_cli("serve", "--port", str(port))
    assert done.returncode == 2, done.stderr
    assert WARMING not in done.stdout, "refused before the warm-up"
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert f"--port {port}: cannot listen there (Address already in use)" in lines[0]


@pytest.mark.parametrize("host", ["no-such-host.invalid", "x" * 100_000])
def test_a_host_that_cannot_be_had_is_one_line(run_cli: CliRunner, host: str) -> None:
    done = run_cli("serve", "--host", host, "--port", str(free_port()))
    assert done.returncode == 2, done.stderr[:500]
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr[:500]
    assert "--host " in lines[0] and "cannot listen there" in lines[0]
    assert len(lines[0]) < 300


def test_ctrl_c_while_warming_stops_the_server_in_one_line(
    cold_server: tuple[subprocess.Popen[bytes], int],
) -> None:
    process, port = cold_server
    assert _next_line(process) == WARMING
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err.decode()
    assert err.decode() == "plywright: interrupted\n", err.decode()[-3000:]
    assert _first_preview(port) is None, "it never listened"
