"""Errors the CLI turns into exit status 2 and one clear line (never a traceback)."""

from __future__ import annotations

import re


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


def fit(line: str, most: int) -> str:
    """``line`` on one line of at most ``most`` bytes of UTF-8, cut where it echoes user input.

    Runs of whitespace become one space. A line too long has its quoted values (``'…'``,
    ``"…"``) cut to an excerpt each, then, if still too long, its words longer than
    :data:`EXCERPT` characters (a path, an option's value): the words around them, the
    reason, stay whole. Only a line still too long (a value of many short words) is cut at
    its end. Linear in the line's length, whatever its shape.
    """
    line = " ".join(line.split())
    if _size(line) > most:
        line = _QUOTED.sub(lambda value: value[0][0] + cut(value[0][1:-1]) + value[0][-1], line)
    if _size(line) > most:
        line = _LONG_WORD.sub(lambda word: cut(word[1]) + word[2], line)
    return line if _size(line) <= most else _cut_bytes(line, most)


_LONG = f"{{{EXCERPT + 1},}}"
_QUOTED = re.compile(f"'[^']{_LONG}'|\"[^\"]{_LONG}\"")
"""A quoted value longer than an excerpt (click quotes an option's value, ``repr`` text)."""
_LONG_WORD = re.compile(f"(?<![^ ])([^ ]{_LONG}?)([:;,.)]*)(?![^ ])")
"""A word longer than an excerpt (a path) and the punctuation after it, kept whole."""


def _size(text: str) -> int:
    return len(text.encode("utf-8", "surrogatepass"))


def _cut_bytes(text: str, most: int) -> str:
    """``text`` cut to at most ``most`` bytes of UTF-8 (``…`` marks the cut)."""
    room = max(most - _size("…"), 0)
    kept = text.encode("utf-8", "surrogatepass")[:room].decode("utf-8", "ignore")
    return kept + "…"
