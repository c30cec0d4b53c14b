"""Game records (JSON Lines, one file per game, as ``check --records`` writes them): writing
one whole, reading the lines back, and the error every game's record checker raises."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
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


def record_path(folder: Path, index: int) -> Path:
    """The record file of game ``index`` in ``folder``."""
    return folder / f"game-{index:06d}.jsonl"


def write_record(path: Path, record: Sequence[dict[str, Any]]) -> None:
    """Write one game record whole or not at all (a worker ended mid-write leaves only a
    hidden temporary file)."""
    partial = path.with_name(f".{path.name}.tmp")
    partial.write_text("".join(json.dumps(line) + "\n" for line in record), encoding="utf-8")
    os.replace(partial, path)
