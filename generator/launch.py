"""The ``plywright`` entry point: catches SIGINT and SIGTERM from the first moment, before the
CLI's imports (click, rich) run, so an early Ctrl-C ends with one line and exit status 130
(143 for SIGTERM), never a traceback. Everything else is :func:`plywright.cli.main`."""

from __future__ import annotations

import signal
import sys
from types import FrameType

SIGNALS = (signal.SIGINT, signal.SIGTERM)


def main() -> None:
    """Import the CLI with the interrupt signals held back, then run it (or stop, if one came)."""
    received: list[int] = []

    def hold(signum: int, frame: FrameType | None) -> None:
        received.append(signum)

    previous = {}
    for sig in SIGNALS:
        if signal.getsignal(sig) != signal.SIG_IGN:  # nohup and background jobs stay deaf
            previous[sig] = signal.signal(sig, hold)
    try:
        from plywright import cli
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if received:
        sys.stderr.write("plywright: interrupted\n")
        sys.exit(128 + received[0])
    cli.main()
