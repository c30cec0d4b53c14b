"""Every PDF of every example variant, in each of its languages, read back: nothing below 6 pt,
and the instructions of templates and sheets (every line of four words or more) at 8 pt or more.

Cases that fail because of a game's own pages (not the core's furniture) are marked xfail with
the file that draws them; the marks go once those pages are fixed.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pdfread import Run, text_runs
from printed import PRINTS, Print, built

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="no pdftotext")

SMALLEST = 6.0
INSTRUCTIONS = 8.0
GAME_PAGES_SMALL: dict[str, str] = {}
"""Prints whose too-small text is drawn by a game plugin (file named), not by the core."""
GAME_PAGES_INSTRUCTIONS: dict[str, str] = {}


def cases(known: dict[str, str], prints: list[Print]) -> list[object]:
    return [
        pytest.param(p, id=p.id, marks=pytest.mark.xfail(strict=False, reason=known[p.id]))
        if p.id in known
        else pytest.param(p, id=p.id)
        for p in prints
    ]


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.getbasetemp() / "example-prints"


def runs_of(root: Path, item: Print) -> list[Run]:
    return text_runs(built(root, item.example) / item.path)


def too_small(runs: list[Run], size: float) -> list[str]:
    return [f"p{r.page} {r.size} pt: {r.text[:60]!r}" for r in runs if r.size < size - 1e-6]


@pytest.mark.parametrize("item", cases(GAME_PAGES_SMALL, PRINTS))
def test_no_text_below_6_pt(root: Path, item: Print) -> None:
    runs = runs_of(root, item)
    assert runs, "no text read back"
    assert too_small(runs, SMALLEST) == []


SHEETS = [p for p in PRINTS if p.kind in ("print/template", "print/sheet")]
INSTRUCTION_SHEETS = [p for p in SHEETS if "reference-card" not in p.path]  # cards: 6 pt


@pytest.mark.parametrize("item", cases(GAME_PAGES_INSTRUCTIONS, INSTRUCTION_SHEETS))
def test_template_and_sheet_instructions_at_least_8_pt(root: Path, item: Print) -> None:
    sentences = [r for r in runs_of(root, item) if len(r.text.split()) >= 4]
    assert sentences, "no instruction read back"
    assert too_small(sentences, INSTRUCTIONS) == []


def test_every_example_language_has_prints() -> None:
    pairs = {(p.example, p.lang) for p in PRINTS if p.kind == "print/rulebook"}
    assert {"lv", "nl", "uk", "en"} <= {lang for _, lang in pairs}
    assert {"halma-standard", "kubb-seed", "konstruktsiia"} <= {e for e, _ in pairs}
    assert any(p.kind == "print/template" and p.lang == "lv" for p in PRINTS)
