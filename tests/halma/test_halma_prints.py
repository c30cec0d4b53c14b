"""The halma rulebooks read back from the PDFs of both presets in both languages: sizes, the
variant's numbers, the language of every page, no internal names, and what the diagrams draw."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from plywright.plugins.halma import diagrams, rulebook
from plywright.plugins.halma.box import box_of
from plywright.plugins.halma.geometry import star_board
from plywright.plugins.halma.options import SEATINGS, HalmaRules, peg_counts
from plywright.plugins.halma.production import HalmaProduction
from plywright.registry import load_registry
from plywright.variant import Variant, load_variant
from tests.pdfread import Run, page_texts, text_runs

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PRESETS = ("halma-standard", "halma-pro")
LANGS = ("lv", "en")
BODY_MIN = 9.5
CAPTION_MIN = 9.0  # the issue asks 8 pt, the Latvian review 9 pt
ANY_MIN = 6.0
LATVIAN = set("āčēģīķļņšūžĀČĒĢĪĶĻŅŠŪŽ")
ENGLISH_WORDS = (" the ", " and ", " players", " pegs ", " hole ")
INTERNAL = re.compile(
    r"\[(rules|production|print|check)\]|\b(CUT|ENGRAVE|DRILL|POCKET)_|\bP[0-5]\b"
)
BODY_KEYS = ("intro.text", "setup.text", "play.order", "play.anywhere", "play.no_repeat")
CAPTION_KEYS = ("play.caption_step", "play.caption_jump", "setup.legend_seat", "lock.caption_on")


def variant_of(name: str) -> Variant:
    return load_variant(EXAMPLES / f"{name}.toml", load_registry())


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    tmp = tmp_path_factory.mktemp("prints")
    out = {}
    for name in PRESETS:
        variant = variant_of(name)
        for artifact in rulebook.rulebook_artifacts(variant):
            path = tmp / f"{name}-{artifact.lang}.pdf"
            artifact.write(path)
            out[(name, str(artifact.lang))] = path
    return out


CASES = [(name, lang) for name in PRESETS for lang in LANGS]


def plain(text: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", "", text).split())


def furniture(lang: str, variant: Variant) -> set[str]:
    """Header and footer strings the core draws on every page (not the game's to size)."""
    t = rulebook.Texts(lang)
    return {t("meta.header"), t("meta.footer", variant=variant.name), variant.name}


def pieces(runs: list[Run], text: str) -> list[Run]:
    """The runs that are parts (a line or more) of ``text``."""
    return [run for run in runs if len(run.text) >= 12 and run.text in text]


@pytest.mark.parametrize(("name", "lang"), CASES)
def test_sizes(books: dict[tuple[str, str], Path], name: str, lang: str) -> None:
    runs = text_runs(books[(name, lang)])
    variant, t = variant_of(name), rulebook.Texts(lang)
    assert min(run.size for run in runs) >= ANY_MIN
    chrome = furniture(lang, variant)
    page_label = re.compile(r"^\S+ \d+ \S+ \d+$|^\d+\. \S+ \S+ \d+$")
    game = [r for r in runs if r.text not in chrome and not page_label.match(r.text)]
    small = [r for r in game if r.size < 8.0]
    assert not small, small[:5]
    for key in BODY_KEYS:
        found = pieces(runs, plain(t.raw(key)))
        assert found, key
        assert min(r.size for r in found) >= BODY_MIN, (key, found[0])
    for key in CAPTION_KEYS:
        found = pieces(runs, plain(t.raw(key)))
        assert found, key
        assert min(r.size for r in found) >= CAPTION_MIN, (key, found[0])


@pytest.mark.parametrize(("name", "lang"), CASES)
def test_the_variants_numbers(books: dict[tuple[str, str], Path], name: str, lang: str) -> None:
    variant = variant_of(name)
    rules, production = variant.table(HalmaRules), variant.table(HalmaProduction)
    board, box = star_board(rules.n), box_of(rules.n, production)
    text = " ".join(page_texts(books[(name, lang)]))
    low, high = box.player_range(rules)
    assert (low, high) == (2, 6)
    players = {"lv": f"ir spēle {low}–{high} spēlētājiem", "en": f"a race for {low}–{high} players"}
    assert players[lang] in text
    per = len(board.points[0])
    expected = {
        "lv": (
            f"Laukumā ir {len(board)} iedobe",
            f"Komplektā ir {box.total} koka tapiņas – pa {per} katrā krāsā.",
            f"Spēlētāju skaits {low}–{high}",
            f"Tapiņas katram spēlētājam {per}",
            f"Tapiņas komplektā {box.total}",
            f"Iedobju skaits {len(board)}",
        ),
        "en": (
            f"The board has {len(board)} holes",
            f"The set has {box.total} wooden pegs, {per} of each colour.",
            f"Number of players {low}–{high}",
            f"Pegs per player {per}",
            f"Pegs in the set {box.total}",
            f"Holes in the board {len(board)}",
        ),
    }[lang]
    for sentence in expected:
        assert sentence in text, sentence
    needed = " ".join(str(peg_counts(rules.n)[k]) for k in sorted(SEATINGS))
    assert needed in text
    aim = plain(rulebook.Texts(lang)(f"intro.aim_{rules.win_rule}", win="x")).split("(")[0]
    assert aim.strip() in text
    other = "own" if rules.win_rule == "filled" else "filled"
    assert plain(rulebook.Texts(lang).raw(f"intro.aim_{other}")).split("(")[0].strip() not in text


@pytest.mark.parametrize(("name", "lang"), CASES)
def test_every_page_is_in_its_language(
    books: dict[tuple[str, str], Path], name: str, lang: str
) -> None:
    pages = page_texts(books[(name, lang)])
    assert len(pages) >= 3
    for number, page in enumerate(pages, 1):
        latvian = sum(ch in LATVIAN for ch in page)
        english = sum(page.count(word) for word in ENGLISH_WORDS)
        if lang == "lv":
            assert latvian >= 20 and english == 0, (number, latvian, english)
            assert "”" not in page, number  # Latvian quotes close with “ (U+201C)
            assert " — " not in page and '"' not in page, number
        else:
            assert latvian == 0 and english >= 3, (number, latvian, english)
            assert "„" not in page, number
        assert not INTERNAL.search(page), (number, INTERNAL.search(page))
        fields = set(HalmaRules.model_fields) | set(HalmaProduction.model_fields)
        assert not [f for f in fields if "_" in f and f in page], number


@pytest.mark.parametrize(("name", "lang"), CASES)
def test_the_diagram_numbers(books: dict[tuple[str, str], Path], name: str, lang: str) -> None:
    """Seat numbers 1..k on every setup diagram, the chain's hops 1-3."""
    runs = text_runs(books[(name, lang)])
    digits = Counter(r.text for r in runs if r.text.isdigit() and len(r.text) == 1)
    seats = Counter(str(i + 1) for k in SEATINGS for i in range(k))
    chain = Counter(("1", "2", "3"))
    legend = Counter(("1",))
    for digit, count in (seats + chain + legend).items():
        assert digits[digit] >= count, (digit, digits[digit], count)


@pytest.mark.parametrize("name", PRESETS)
def test_the_diagrams_draw_the_variants_board(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every diagram the book renders: full boards have every hole, setups every peg."""
    variant = variant_of(name)
    rules, production = variant.table(HalmaRules), variant.table(HalmaProduction)
    board = star_board(rules.n)
    scenes: list[diagrams.Scene] = []
    render = diagrams.render

    def recording(board_: object, scene: diagrams.Scene, width: float) -> object:
        scenes.append(scene)
        return render(board_, scene, width)  # type: ignore[arg-type]

    monkeypatch.setattr(diagrams, "render", recording)
    rulebook.rulebook_story(rulebook.Texts("lv"), rules, production, "A4")
    full = [s for s in scenes if s.shape != "patch"]
    assert len(full) == 1 + len(SEATINGS)  # the components board and one per seating
    assert all(len(s.holes) == len(board) for s in full)
    setups = [s for s in full if s.seats]
    per = len(board.points[0])
    assert sorted(len(s.pegs) for s in setups) == [k * per for k in sorted(SEATINGS)]
    assert sorted(len(s.seats) for s in setups) == sorted(SEATINGS)
