"""Errors the CLI turns into exit status 2 and one clear line (never a traceback)."""

from __future__ import annotations


class InputError(Exception):
    """Bad input from the user: unreadable or invalid variant, unknown game, bad option."""

    def __init__(self, message: str, *, source: str | None = None) -> None:
        self.source = source
        super().__init__(f"{source}: {message}" if source else message)


class Interrupted(Exception):
    """Long work (simulated games) stopped by SIGINT/SIGTERM after ``done`` of ``total`` units;
    the worker processes are already ended when this is raised."""

    def __init__(self, done: int, total: int) -> None:
        self.done = done
        self.total = total
        super().__init__(f"interrupted after {done} of {total} games")
