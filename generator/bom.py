"""Bills of materials and other CSV tables every game writes the same way.

A BOM is a list of :class:`BomRow` (section, item, quantity, unit, detail); :func:`bom_csv`
and :func:`csv_text` give UTF-8-ready CSV text with ``\\n`` line ends and the header first, so
the same rows always give the same bytes on every platform.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import astuple, dataclass
from pathlib import Path

COLUMNS = ("section", "item", "quantity", "unit", "detail")
"""The BOM's header row."""


@dataclass(frozen=True)
class BomRow:
    """One line of a bill of materials."""

    section: str
    item: str
    quantity: int
    unit: str
    detail: str


def csv_text(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """``header`` then ``rows`` as CSV text (``\\n`` line ends)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def bom_csv(rows: Iterable[BomRow]) -> str:
    """The rows as CSV under :data:`COLUMNS`."""
    return csv_text(COLUMNS, (astuple(row) for row in rows))


def write_bom(path: Path, rows: Iterable[BomRow]) -> None:
    """Write the rows to ``path`` as UTF-8 CSV."""
    path.write_text(bom_csv(rows), encoding="utf-8")
