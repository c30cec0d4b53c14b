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


class BackendLost(Exception):
    """The cluster that ran the games went away (a Dask scheduler killed or unreachable
    mid-run); the CLI says so in one line and exits 1."""


EXCERPT = 60
"""Characters of user input a message quotes at most."""


def cut(text: str, most: int = EXCERPT) -> str:
    """``text`` cut to at most ``most`` characters (``…`` marks the cut), for messages that
    echo user input: a 5 MB value must not come back as a 5 MB line."""
    return text if len(text) <= most else text[: most - 1] + "…"


def excerpt(value: object, most: int = EXCERPT) -> str:
    """``repr(value)``, :func:`cut` to at most ``most`` characters."""
    return cut(repr(value), most)
