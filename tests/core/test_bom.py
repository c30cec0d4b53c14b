"""plywright.bom: BOM rows and CSV text every game writes alike."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from plywright.bom import COLUMNS, BomRow, bom_csv, csv_text, write_bom

ROWS = [
    BomRow("board", "birch plywood, 12 mm", 1, "pcs", 'cut "as drawn", then sand'),
    BomRow("pegs", "peg D8 x 20 mm", 60, "pcs", "Ūdens zils; ≥ 10 per colour"),
]


def test_header_first_and_plain_newlines() -> None:
    text = bom_csv(ROWS)
    assert text.startswith("section,item,quantity,unit,detail\n")
    assert "\r" not in text and text.endswith("\n") and text.count("\n") == 3
    assert 'board,"birch plywood, 12 mm",1,pcs,"cut ""as drawn"", then sand"\n' in text


def test_rows_read_back_unchanged() -> None:
    read = list(csv.reader(io.StringIO(bom_csv(ROWS))))
    assert tuple(read[0]) == COLUMNS
    assert [BomRow(s, i, int(q), u, d) for s, i, q, u, d in read[1:]] == ROWS


def test_csv_text_takes_any_header_and_written_file_is_utf8(tmp_path: Path) -> None:
    assert csv_text(("a", "b"), [(1, "x"), (2.5, "")]) == "a,b\n1,x\n2.5,\n"
    path = tmp_path / "bom.csv"
    write_bom(path, ROWS)
    assert path.read_bytes() == bom_csv(ROWS).encode("utf-8")
