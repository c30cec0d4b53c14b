"""Ctrl-C and SIGTERM in ``plywright serve``.

While an event loop is made, runs and is closed, the signals are only noted (and the loop
asked to stop): the command's own handler raises wherever it lands, which could leave a
half-made loop for the interpreter to complain about. Once the loop is closed the signal is
raised again for that handler, which ends the command in one line. Child processes start
with SIGINT held: a terminal's Ctrl-C reaches the whole process group, and the server ends
its children itself.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

INTERRUPTS = (signal.SIGINT, signal.SIGTERM)


@contextmanager
def noted(on_signal: Callable[[int], None]) -> Iterator[list[int]]:
    """For the body, SIGINT and SIGTERM are appended to the yielded list and passed to
    ``on_signal`` (which must not raise) instead of the command's handlers, which are back
    after it. Signals set to be ignored stay ignored; outside the main thread nothing
    changes (Python delivers signals there only)."""
    received: list[int] = []

    def take(sig: int, _: object) -> None:
        received.append(sig)
        on_signal(sig)

    previous = {}
    if threading.current_thread() is threading.main_thread():
        for sig in INTERRUPTS:
            if signal.getsignal(sig) != signal.SIG_IGN:
                previous[sig] = signal.signal(sig, take)
    try:
        yield received
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def raise_again(received: list[int]) -> None:
    """Hand the first signal ``received`` to the command's own handler (exit 128 + signal
    if that handler returns)."""
    if received:
        signal.raise_signal(received[0])
        raise SystemExit(128 + received[0])


@contextmanager
def sigint_held_in_children() -> Iterator[None]:
    """Processes started in the body (from this thread) begin with SIGINT held, from their
    first instruction on: the signal mask is inherited across fork and exec."""
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
