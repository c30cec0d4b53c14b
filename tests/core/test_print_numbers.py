"""One rule for decimals on every print, in every language: no trailing zeros (``6,4 m``,
``8 m``), except in a table column, whose figures share the decimals of the most precise so
their decimal marks align (``9,43``, ``6,40``, ``2,50``)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from printed import built

from plywright.locales import column_decimals
from plywright.print.furniture import furniture

MARK = {"en": ".", "lv": ",", "nl": ",", "uk": ","}


@pytest.mark.parametrize("lang", sorted(MARK))
def test_prose_figures_drop_trailing_zeros(lang: str) -> None:
    t, mark = furniture(lang), MARK[lang]
    assert t.number(6.4) == f"6{mark}4"
    assert t.number(6.40) == f"6{mark}4" and t.number(8.0) == "8"
    assert t.number(9.4339) == f"9{mark}43" and t.number(0.5) == f"0{mark}5"
    assert t.number(17.999) == "18" and t.number(2.25, 1) == f"2{mark}2"


@pytest.mark.parametrize("lang", sorted(MARK))
def test_a_column_shares_the_decimals_of_its_most_precise_figure(lang: str) -> None:
    t, mark = furniture(lang), MARK[lang]
    assert t.column([9.4339, 6.4, 2.5, 8.0]) == [
        f"9{mark}43",
        f"6{mark}40",
        f"2{mark}50",
        f"8{mark}00",
    ]
    assert t.column([6.4, 2.5]) == [f"6{mark}4", f"2{mark}5"]
    assert t.column([8.0, 5.0]) == ["8", "5"]


def test_column_decimals() -> None:
    assert column_decimals([]) == 0 and column_decimals([1.0, 2.0]) == 0
    assert column_decimals([1.5, 2.25]) == 2 and column_decimals([1.256], 1) == 1


@pytest.mark.parametrize(
    ("lang", "column", "prose"), [("nl", "6,40 m", "2,5 m"), ("en", "6.40 m", "2.5 m")]
)
def test_the_world_field_plan_gives_check_lengths_to_the_centimetre(
    tmp_path_factory: pytest.TempPathFactory, lang: str, column: str, prose: str
) -> None:
    folder = built(tmp_path_factory.getbasetemp() / "prints", "kubb-world")
    path = folder / "print" / f"field-plan-{lang}.pdf"
    text = subprocess.run(
        ["pdftotext", "-layout", "-f", "2", "-l", "2", str(Path(path)), "-"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    text = text.replace("\u00a0", " ")
    # a length to check on the tape is given to the centimetre, in the steps as in the table
    # (6,40 m); a place in prose keeps its short form (the king at 2,5 m)
    assert column in text and prose in text and column.replace("0 m", " m") not in text
