"""Bounded background jobs (checks and builds), each in its own process.

A job gets a random id and its own folder under the manager's temporary folder (named by the
id, never by user text). At most ``max_running`` jobs run at once; a job nobody has asked
about for ``abandon_after`` seconds is ended, a finished job is forgotten (folder removed)
``keep_after`` seconds after it was last asked about, and :meth:`JobManager.close` ends every
job and removes every folder.
"""

from __future__ import annotations

import multiprocessing
import secrets
import shutil
import tempfile
import threading
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from plywright.web.signals import sigint_held_in_children
from plywright.web.work import JobSpec, job_main

RUNNING = ("starting", "running")
FINISHED = ("done", "failed", "cancelled")


class Busy(Exception):
    """Too many jobs are running; the message says what to do."""


@dataclass
class Job:
    """One background job and what the page may show of it."""

    id: str
    kind: str
    folder: Path
    state: str = "starting"
    done: int = 0
    total: int = 0
    message: str = ""
    result: dict[str, Any] | None = None
    started: float = field(default_factory=time.monotonic)
    seen: float = field(default_factory=time.monotonic)
    cancel: threading.Event = field(default_factory=threading.Event)

    def status(self) -> dict[str, Any]:
        """JSON status for the page."""
        return {
            "id": self.id,
            "kind": self.kind,
            "state": self.state,
            "done": self.done,
            "total": self.total,
            "message": self.message,
            "seconds": round(time.monotonic() - self.started, 1),
            "result": self.result,
        }


class JobManager:
    """Starts, watches, ends and forgets background jobs."""

    def __init__(
        self,
        *,
        max_running: int = 2,
        max_kept: int = 16,
        max_held: int = 256,
        open_page: float = 120.0,
        abandon_after: float = 60.0,
        keep_after: float = 900.0,
    ) -> None:
        self.max_running = max_running
        self.max_kept = max_kept
        self.max_held = max_held
        self.open_page = open_page
        self.abandon_after = abandon_after
        self.keep_after = keep_after
        self._root: Path | None = None
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()
        self._context = multiprocessing.get_context("spawn")
        self._closed = False

    @property
    def root(self) -> Path:
        """The folder of every job's folder, made when the first job starts."""
        if self._root is None:
            self._root = Path(tempfile.mkdtemp(prefix="plywright-web-"))
        return self._root

    def running(self) -> int:
        with self._lock:
            return sum(job.state in RUNNING for job in self._jobs.values())

    def submit(self, spec: JobSpec) -> Job:
        """Start ``spec`` (its ``folder`` is replaced by the job's own); :class:`Busy` when
        ``max_running`` jobs already run."""
        self.sweep()
        with self._lock:
            if self._closed:
                raise Busy("the server is shutting down")
            running = sum(job.state in RUNNING for job in self._jobs.values())
            if running >= self.max_running:
                raise Busy(
                    f"busy: {running} job(s) running, at most {self.max_running} at once; "
                    "wait for one to finish or cancel it"
                )
            job_id = secrets.token_urlsafe(12)
            folder = self.root / job_id
            folder.mkdir()
            job = Job(job_id, spec.kind, folder)
            self._jobs[job_id] = job
        receiver, sender = self._context.Pipe(duplex=False)
        process = self._context.Process(
            target=job_main, args=(replace(spec, folder=folder), sender), daemon=True
        )
        with sigint_held_in_children():  # the server ends its jobs itself
            process.start()
        sender.close()
        threading.Thread(target=self._watch, args=(job, process, receiver), daemon=True).start()
        return job

    def get(self, job_id: str) -> Job | None:
        """The job ``job_id`` (marking it as seen), or ``None``."""
        self.sweep()
        with self._lock:
            job = self._jobs.get(job_id)
            if job is not None:
                job.seen = time.monotonic()
            return job

    def cancel(self, job_id: str) -> Job | None:
        """Ask job ``job_id`` to end; ``None`` if there is no such job."""
        with self._lock:
            job = self._jobs.get(job_id)
        if job is not None:
            job.cancel.set()
        return job

    def _watch(self, job: Job, process: Any, conn: Any) -> None:
        """Follow one job's messages until it ends, is cancelled or is abandoned."""
        job.state = "running"
        ended = ""
        while True:
            try:
                ready = conn.poll(0.1)
                message = conn.recv() if ready else None
            except (EOFError, OSError):
                break
            if message is not None:
                if self._apply(job, message):
                    break
                continue
            if job.cancel.is_set():
                ended = "cancelled"
                break
            if time.monotonic() - job.seen > self.abandon_after:
                ended = f"abandoned: nobody asked about it for {self.abandon_after:.0f} s"
                break
            if not process.is_alive() and not conn.poll(0):
                break
        if process.is_alive():
            process.terminate()
        process.join(5)
        if process.is_alive():
            process.kill()
            process.join()
        conn.close()
        if job.state in RUNNING:
            if ended:
                job.state, job.message = "cancelled", ended
            else:
                job.state = "failed"
                job.message = f"the {job.kind} stopped unexpectedly (exit code {process.exitcode})"
        job.seen = time.monotonic()

    @staticmethod
    def _apply(job: Job, message: tuple[Any, ...]) -> bool:
        """Apply one message of the job process; ``True`` when it was the last."""
        what = message[0]
        if what == "total":
            job.total = int(message[1])
        elif what == "progress":
            job.done = int(message[1])
        elif what == "stage":
            job.message = str(message[1])
        elif what == "done":
            job.result = message[1]
            job.done = max(job.done, job.total)
            job.state, job.message = "done", ""
            return True
        elif what == "failed":
            job.state, job.message = "failed", str(message[1])
            return True
        return False

    def sweep(self) -> None:
        """Forget finished jobs not asked about for ``keep_after`` seconds, and beyond
        ``max_kept`` the oldest finished jobs whose page has not asked about them for
        ``open_page`` seconds (an open page asks every half minute, so its results stay);
        beyond ``max_held`` the oldest finished jobs go in any case. Folders are removed."""
        now = time.monotonic()
        with self._lock:
            finished = sorted(
                (job for job in self._jobs.values() if job.state in FINISHED),
                key=lambda job: job.seen,
            )
            old = [job for job in finished if now - job.seen > self.keep_after]
            excess = max(0, len(self._jobs) - self.max_kept)
            unwatched = [job for job in finished if now - job.seen > self.open_page][:excess]
            beyond = finished[: max(0, len(self._jobs) - self.max_held)]
            drop = {job.id: job for job in [*old, *unwatched, *beyond]}
            for job_id in drop:
                del self._jobs[job_id]
        for job in drop.values():
            shutil.rmtree(job.folder, ignore_errors=True)

    def close(self, timeout: float = 10.0) -> None:
        """End every job and remove every job folder (server shutdown)."""
        with self._lock:
            self._closed = True
            jobs = list(self._jobs.values())
        for job in jobs:
            job.cancel.set()
        deadline = time.monotonic() + timeout
        while any(job.state in RUNNING for job in jobs) and time.monotonic() < deadline:
            time.sleep(0.05)
        if self._root is not None:
            shutil.rmtree(self._root, ignore_errors=True)
