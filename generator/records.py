"""Reading game records back (JSON Lines, one file per game, as ``check --records`` writes
them): the lines, and the error every game's record checker raises."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


class RecordError(ValueError):
    """A record that breaks the format or the rules; the message names the line (1 = header)."""

    def __init__(self, line: int, message: str) -> None:
        self.line = line
        super().__init__(f"line {line}: {message}")


def read_record(path: Path) -> list[dict[str, Any]]:
    """The lines of a JSON Lines record file (blank lines skipped)."""
    lines = []
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not text.strip():
            continue
        try:
            lines.append(json.loads(text))
        except json.JSONDecodeError as exc:
            raise RecordError(number, f"not JSON: {exc.msg}") from None
    return lines
