"""Where simulated games run: in this process, on a local process pool, or on a Dask cluster.

The unit of work is ``unit(plan, indices) -> GameTable`` (see
:func:`plywright.simulate.runner.play_games`): one chunk of game indices of one plan. Every
parallel backend is a :class:`concurrent.futures.Executor` (a local
``ProcessPoolExecutor``, or the ``distributed`` client's executor for ``--scheduler``), so
``check`` and ``sweep`` submit work the same way whether it runs here or on a cluster. Game
``i`` keeps its own random streams, so results never depend on the backend or worker count.

On ``KeyboardInterrupt`` (SIGINT) or ``SystemExit`` (SIGTERM, as the CLI maps it) the
pending chunks are cancelled, local worker processes are ended, and :class:`Interrupted`
reports how many games had finished (the original exception is its ``__cause__``).
"""

from __future__ import annotations

import ctypes
import logging
import multiprocessing
import os
import re
import signal
import sys
from collections.abc import Callable, Iterator, Sequence, Sized
from concurrent.futures import (
    FIRST_COMPLETED,
    CancelledError,
    Executor,
    Future,
    ProcessPoolExecutor,
    wait,
)
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from plywright.errors import BackendLost, InputError, Interrupted, cut, excerpt

PlanT = TypeVar("PlanT")
ResultT = TypeVar("ResultT", bound=Sized)

KILL_WAIT = 30.0
"""Seconds to wait for a killed worker process to be gone."""
CLOSE_WAIT = 5.0
"""Seconds to wait for the Dask client to close (its scheduler may be gone)."""
SCHEDULER_PATTERN = re.compile(r"^(tcp|tls|ucx|ws|wss)://[^\s/:]+:\d{1,5}$")


@dataclass(frozen=True)
class Task(Generic[PlanT]):
    """One chunk of games of one plan; ``key`` tells the caller which plan (a sweep's
    variant number)."""

    key: int
    plan: PlanT
    indices: range


@dataclass
class Backend:
    """An executor (``None``: run in this process) and how to end its workers at once."""

    name: str
    workers: int
    executor: Executor | None = None
    abort: Callable[[], None] = lambda: None
    lost: Callable[[BaseException], str | None] = lambda exc: None
    """Why the backend itself is gone when ``exc`` ended the run (a Dask scheduler killed),
    or ``None`` when ``exc`` is the games' own error."""


def chunks(games: int, workers: int, *, variants: int = 1, largest: int = 200) -> list[range]:
    """Split ``range(games)`` into chunks: about eight per worker over all ``variants``, so
    the load stays even, and never more than ``largest`` games in one."""
    size = max(1, min(largest, games * variants // (workers * 8) or 1, games))
    return [range(start, min(games, start + size)) for start in range(0, games, size)]


def run_tasks(
    backend: Backend,
    unit: Callable[[PlanT, Sequence[int]], ResultT],
    tasks: Sequence[Task[PlanT]],
    on_done: Callable[[Task[PlanT], ResultT], None],
) -> None:
    """Run every task on ``backend``; ``on_done(task, results)`` as each one finishes (in
    completion order). Raises :class:`Interrupted` on SIGINT/SIGTERM."""
    total = sum(len(task.indices) for task in tasks)
    done = 0
    if backend.executor is None:
        try:
            for task in tasks:
                result = unit(task.plan, task.indices)
                done += len(result)
                on_done(task, result)
        except (KeyboardInterrupt, SystemExit) as exc:
            raise Interrupted(done, total) from exc
        return
    pending: dict[Future[ResultT], Task[PlanT]] = {}
    try:
        for task in tasks:
            pending[backend.executor.submit(unit, task.plan, task.indices)] = task
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                task = pending.pop(future)
                result = future.result()
                done += len(result)
                on_done(task, result)
    except BaseException as exc:
        for future in pending:
            future.cancel()
        backend.abort()
        if isinstance(exc, KeyboardInterrupt | SystemExit):
            raise Interrupted(done, total) from exc
        reason = backend.lost(exc)
        if reason is not None:
            raise BackendLost(f"{reason} after {done} of {total} games") from exc
        raise


def _worker_signals(parent: int) -> None:
    """Pool workers leave SIGINT to the parent (a terminal's Ctrl-C reaches the whole process
    group), end at once on SIGTERM, whatever handler the parent had when it forked, and end
    with the parent (:func:`_die_with_parent`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with_parent(parent)


PR_SET_PDEATHSIG = 1


def _die_with_parent(parent: int) -> None:
    """On Linux, have the kernel kill this worker when the process ``parent`` that forked it
    dies: a parent killed with SIGKILL cannot end its pool, and orphaned workers would wait
    forever, holding the records folder's lock. Elsewhere nothing changes."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # the parent died before the line above
        os._exit(1)


def _end_pool(pool: ProcessPoolExecutor) -> None:
    """Cancel what is pending and end the worker processes now (not after their chunk).

    The pool's own manager thread sees the workers die and reaps them too; two threads
    waiting on one process can leave either believing it still runs, so the manager thread
    is let finish first and the processes are joined after it."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with suppress(Exception):
            process.terminate()
    if manager is not None:
        manager.join(KILL_WAIT)
    for process in processes:
        with suppress(Exception):
            process.join(1.0)
            if process.is_alive():
                process.kill()
                # a killed process ends once the kernel schedules it; on a loaded machine
                # that can take more than a second
                process.join(KILL_WAIT)


def check_scheduler(address: str) -> str:
    """``--scheduler`` must look like ``tcp://HOST:PORT``, and Dask must be installed (bad
    input found before any game or plan)."""
    if not SCHEDULER_PATTERN.match(address):
        raise InputError(
            f"--scheduler: {excerpt(address)} is not a Dask scheduler address (e.g. tcp://127.0.0.1:8786)"
        )
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise InputError(
            "--scheduler: Dask is not installed (pip install 'plywright[dask]')"
        ) from None
    return address


def _quiet_logs(prefix: str) -> Callable[[], None]:
    """Silence the loggers named ``prefix*`` (the Dask client logs a lost scheduler with
    tracebacks; the run says it in one line instead); returns the function that restores
    them."""
    names = [prefix, *(n for n in logging.root.manager.loggerDict if n.startswith(prefix + "."))]
    loggers = [logging.getLogger(name) for name in names]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)

    def restore() -> None:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)

    return restore


@contextmanager
def _dask_backend(address: str, timeout: float) -> Iterator[Backend]:
    check_scheduler(address)
    try:
        from distributed import Client
    except ImportError:
        raise InputError(
            "--scheduler: Dask is not installed (pip install 'plywright[dask]')"
        ) from None
    quiet_client = _quiet_logs("distributed")
    quiet_callbacks = _quiet_logs("concurrent.futures")  # a lost client fails its callbacks

    def quiet() -> None:
        quiet_client()
        quiet_callbacks()

    try:
        client: Any = Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError) as exc:
        quiet()
        raise InputError(f"--scheduler: cannot reach {address} ({cut(str(exc))})") from None
    gone = f"lost the Dask scheduler {address} (it stopped or cannot be reached)"
    was_lost = False
    try:
        try:
            workers = sum(
                info.get("nthreads", 1) for info in client.scheduler_info()["workers"].values()
            )
            executor = client.get_executor(pure=False)
        except Exception as exc:  # the scheduler went away between connecting and this
            was_lost = True
            raise BackendLost(f"{gone} before any game") from exc

        def abort() -> None:
            with suppress(Exception):
                executor.shutdown(wait=False)

        def lost(exc: BaseException) -> str | None:
            nonlocal was_lost
            if isinstance(exc, CancelledError | OSError | TimeoutError) or (
                client.status != "running"
            ):
                was_lost = True
                return gone
            return None

        yield Backend(f"dask {address}", max(1, workers), executor, abort, lost)
    finally:
        with suppress(Exception):
            client.close(timeout=CLOSE_WAIT)
        if not was_lost:  # else its threads may still log the lost connection, until exit
            quiet()


@contextmanager
def open_backend(
    jobs: int, scheduler: str | None = None, *, timeout: float = 5.0
) -> Iterator[Backend]:
    """The backend for ``--jobs``/``--scheduler``: Dask when a scheduler is given (Dask is
    imported only then), else a local process pool of ``jobs`` (none for one job)."""
    if scheduler:
        with _dask_backend(scheduler, timeout) as backend:
            yield backend
        return
    if jobs <= 1:
        yield Backend("this process", 1)
        return
    context = multiprocessing.get_context("fork")
    pool = ProcessPoolExecutor(jobs, context, initializer=_worker_signals, initargs=(os.getpid(),))
    ended = False

    def abort() -> None:
        nonlocal ended
        if not ended:
            ended = True
            _end_pool(pool)

    try:
        yield Backend(f"{jobs} local processes", jobs, pool, abort)
    except BaseException:
        abort()
        raise
    if not ended:
        pool.shutdown(wait=True)
