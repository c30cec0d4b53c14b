"""Every page of every PDF of every example variant, in each of its languages: no internal layer
codes (``CUT_…``, ``DRILL_…``) or variant field names (``[rules]``, ``max_rounds``) and the
words in the page's language (stop words counted, see ``tests/printed.py``).

Cases that fail because of a game's own pages are marked xfail with the file that writes them.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from pdfread import page_texts
from printed import PRINTS, Print, built, language_problems, stray_sentences
from test_print_sizes import cases

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="no pdftotext")

CODES = re.compile(
    r"\b(?:CUT|ENGRAVE|DRILL|POCKET|CHAMFER|ANNOTATE)_[A-Z0-9_.\-]*"
    r"|\[(?:rules|production|print|check)\]"
    r"|\b[a-z]+_[a-z0-9_]+\b"
)
"""Layer codes, variant tables and snake_case field names."""
GAME_PAGES_CODES: dict[str, str] = {}
GAME_PAGES_LANGUAGE: dict[str, str] = {}


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.getbasetemp() / "example-prints"


def pages_of(root: Path, item: Print) -> list[str]:
    return page_texts(built(root, item.example) / item.path)


@pytest.mark.parametrize("item", cases(GAME_PAGES_CODES, PRINTS))
def test_no_layer_codes_or_field_names(root: Path, item: Print) -> None:
    found = [
        f"p{number}: {match.group(0)}"
        for number, text in enumerate(pages_of(root, item), start=1)
        for match in CODES.finditer(text)
    ]
    assert found == []


@pytest.mark.parametrize("item", cases(GAME_PAGES_LANGUAGE, PRINTS))
def test_every_page_in_its_language(root: Path, item: Print) -> None:
    pages = pages_of(root, item)
    assert pages
    problems = {
        number: language_problems(text, item.lang, item.languages)
        for number, text in enumerate(pages, start=1)
    }
    assert {n: p for n, p in problems.items() if p} == {}


LATVIAN = "Spēlētāji pārvieto tapiņas pa laukumu, un uzvar tas, kurš pirmais aizpilda trijstūri."
LATVIAN_MORE = "Tapiņa drīkst lēkt pāri citai tapiņai, ja aiz tās ir brīva iedobe, un lēkt vēlreiz."
ENGLISH = "Tape the template onto the stock along the outline and drill each hole to the depth."


def test_the_language_check_catches_a_page_in_the_wrong_language() -> None:
    assert language_problems(LATVIAN, "lv", ("lv",)) == []
    assert language_problems(ENGLISH, "lv", ("lv",))  # English on a Latvian page
    assert language_problems(ENGLISH, "lv", ("lv", "en"))  # even where English may join it
    assert language_problems(f"{LATVIAN} {LATVIAN_MORE} {ENGLISH}", "lv", ("lv", "en")) == []
    assert language_problems("Гравіюйте трикутники на глибину", "lv", ("lv",))
    assert language_problems(LATVIAN, "uk", ("uk",))
    assert CODES.search("ENGRAVE_Z0.5: engrave") and CODES.search("the [rules] table")
    assert CODES.search("max_rounds") and not CODES.search("halma-standard, A2 / plotter")


DUTCH = "Zet de koning op de middenlijn, precies tussen de twee paaltjes van het veld."
UKRAINIAN = "Кожен гравець кладе карту на килимок і просуває свою фішку до вершини."


def test_one_stray_sentence_in_another_language_is_caught() -> None:
    page = f"{LATVIAN} {LATVIAN_MORE} {LATVIAN} {LATVIAN_MORE}"
    assert language_problems(page, "lv", ("lv",)) == []
    stray = language_problems(f"{LATVIAN} {ENGLISH} {LATVIAN_MORE} {LATVIAN}", "lv", ("lv",))
    assert f"a sentence not in lv: {ENGLISH!r}" in stray
    assert stray_sentences(f"{DUTCH} {ENGLISH} {DUTCH}", "nl", ("nl",)) == [ENGLISH]
    assert stray_sentences(f"{UKRAINIAN} {ENGLISH}", "uk", ("uk",)) == [ENGLISH]
    assert stray_sentences(f"{UKRAINIAN} {ENGLISH}", "uk", ("uk", "en")) == []
    assert stray_sentences(f"{ENGLISH} {UKRAINIAN}", "en", ("en",)) == [UKRAINIAN]
    # labels and names shorter than a sentence are not classified
    assert stray_sentences(f"{LATVIAN} Tape the template. halma-standard", "lv", ("lv",)) == []
