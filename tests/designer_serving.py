"""Shared by the designer's tests: a served app on a free port, and waiting for a job."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from starlette.testclient import TestClient
from starlette.types import ASGIApp


@contextmanager
def served(app: ASGIApp, start_timeout: float = 60) -> Iterator[str]:
    """``app`` served by uvicorn on a free local port in a thread; yields its URL."""
    import uvicorn  # only the browser tests serve for real

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    instance = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=instance.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + start_timeout
    while not instance.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        instance.should_exit = True
        thread.join(15)
        sock.close()


def wait_for_job(client: TestClient, job: str, timeout: float = 120) -> dict[str, Any]:
    """The job's status once it is neither starting nor running."""
    deadline = time.monotonic() + timeout
    status: dict[str, Any] = {}
    while time.monotonic() < deadline:
        status = client.get(f"/jobs/{job}").json()
        if status["state"] not in ("starting", "running"):
            return status
        time.sleep(0.1)
    raise AssertionError(f"job {job} did not finish: {status}")
