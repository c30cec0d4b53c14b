"""Pages meant for players speak of the game, not of how it was made: no page of any print of
any example names the program, its simulator or check, or shows the variant file's name (an
identifier: the set's display title and its name in the page's words stand there instead)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from pdfread import page_texts
from printed import PRINTS, Print, built, variant

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="no pdftotext")

MAKING = re.compile(r"plywright|simulat|симул|controle van|the check\b", re.IGNORECASE)
"""The program, its simulator (en simulator/simulation, nl simulatie, lv simulācija/simulators
start alike; uk симулятор, симуляція) and its check."""


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.getbasetemp() / "player-prints"


@pytest.mark.parametrize("item", PRINTS, ids=lambda item: item.id)
def test_no_page_names_the_program_or_the_simulator(root: Path, item: Print) -> None:
    pages = page_texts(built(root, item.example) / item.path)
    found = [
        f"p{number}: {match.group(0)}"
        for number, text in enumerate(pages, start=1)
        for match in MAKING.finditer(text)
    ]
    assert found == []


@pytest.mark.parametrize("item", PRINTS, ids=lambda item: item.id)
def test_no_page_shows_the_variant_files_name(root: Path, item: Print) -> None:
    name = variant(item.example).name
    title = variant(item.example).definition.title
    if name.lower() in title.lower():
        pytest.skip(f"the file name {name!r} is the game's own title")
    pages = page_texts(built(root, item.example) / item.path)
    found = [number for number, text in enumerate(pages, start=1) if name in text]
    assert found == []
