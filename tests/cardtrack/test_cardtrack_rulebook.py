"""The Konstruktsiia rulebooks: both languages from the locale files, embedded fonts, and
diagrams that show positions the rules engine itself reaches and judges the same way."""

from __future__ import annotations

import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest
from reportlab.graphics.shapes import Group, String
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Spacer

from plywright import scenarios as sc
from plywright.locales import plural_category
from plywright.plugins.cardtrack import diagrams, examples, movegen
from plywright.plugins.cardtrack.actions import DISCARD
from plywright.plugins.cardtrack.geometry import Slot, in_columns
from plywright.plugins.cardtrack.options import CardtrackRules
from plywright.plugins.cardtrack.production import CardtrackProduction
from plywright.plugins.cardtrack.rulebook import (
    JOKER_SHARE,
    LOCALES,
    Texts,
    rulebook_story,
    set_name,
    write_rulebook,
)
from plywright.plugins.cardtrack.rules import CardtrackState
from plywright.plugins.cardtrack.tokens import START_FILL
from plywright.print.document import rulebook_info
from plywright.print.rulebook import PrintSetup
from plywright.registry import load_registry

needs_poppler = pytest.mark.skipif(
    shutil.which("pdftotext") is None or shutil.which("pdffonts") is None,
    reason="poppler-utils not installed",
)
P = CardtrackProduction()
REGISTRY = load_registry()


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("rulebooks")
    out = {}
    for lang in ("uk", "en"):
        out[lang] = folder / f"rulebook-{lang}.pdf"
        write_rulebook(out[lang], lang, CardtrackRules(), P, PrintSetup("A4"))
    return out


def pdf_text(path: Path) -> str:
    text = subprocess.run(
        ["pdftotext", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    return " ".join(text.split())


@needs_poppler
def test_rulebook_text_in_both_languages(books: dict[str, Path]) -> None:
    uk, en = pdf_text(books["uk"]), pdf_text(books["en"])
    for heading in ("Склад гри", "Підготовка", "Розіграш карти", "Побудова траси", "Рух великої фішки",
                    "Малі фішки й королі", "Без повного блокування", "Вершина й повернення",
                    "Як ми тлумачимо правила", "Коли закінчиться колода"):  # fmt: skip
        assert heading in uk, heading
    for heading in ("Components", "Setting up", "Playing a card", "Building the track",
                    "Moving the big token", "Small tokens and kings", "No full block",
                    "Summit and return", "How we read the rules"):  # fmt: skip
        assert heading in en, heading
    assert "по 54 карти (52 карти і 2 джокери), усього 162 карти" in uk
    assert "of 54 cards (52 cards and 2 jokers), 162 cards in all" in en
    assert "ряду 10" in uk and "row 10" in en
    assert "7, 4, 9, 5, 8" in uk and "7, 4, 9, 5, 8" in en  # the sample path's card values
    # the footer says what the set is, never the variant file's name
    assert "Konstruktsiia · 3 decks, track height 10" in en
    assert "Конструкція · 3 колоди, висота траси 10" in uk.replace("\u00a0", " ")
    assert "konstruktsiia" not in en + uk
    assert "plywright" not in (en + uk).lower() and "simulator" not in en and "симулятор" not in uk
    # a king may not be discarded while a small token is in reserve; nowhere "always"
    flat_uk = " ".join(uk.replace("\u00a0", " ").split())
    flat_en = " ".join(en.split())
    assert "Виняток — король: поки у вас у запасі є мала фішка, його скидати не можна." in flat_uk
    assert "The one exception is a king: while you have a small token in reserve" in flat_en
    assert "крім короля, поки" not in flat_uk and "except a king while" not in flat_en
    # the decks are in the box (the bill of materials lists them): the book says so plainly
    assert "У наборі 3 стандартні колоди по 54 карти" in flat_uk
    assert "The set contains 3 standard decks of 54 cards" in flat_en
    assert "дозволено завжди" not in uk and "always allowed" not in en


@needs_poppler
def test_fonts_are_embedded(books: dict[str, Path]) -> None:
    for path in books.values():
        out = subprocess.run(
            ["pdffonts", str(path)], capture_output=True, text=True, check=True
        ).stdout
        rows = out.splitlines()[2:]
        assert rows and all(" yes " in row and "DejaVu" in row for row in rows)


@needs_poppler
def test_variant_options_change_the_text(tmp_path: Path) -> None:
    rules = CardtrackRules(
        small_path_rule="stop_card", spare_jokers="wild", max_columns=4, height=6
    )
    path = tmp_path / "en.pdf"
    write_rulebook(path, "en", rules, P, PrintSetup("Letter"))
    text = pdf_text(path)
    assert "This set plays the literal rule" in text
    assert "wild cards" in text and "nor do wild jokers" in text
    assert "holds 4 columns at most" in text and "row 6" in text


def test_locales_have_the_same_keys_and_plural_forms() -> None:
    def keys(lang: str) -> set[str]:
        return {k for k in Texts(lang).strings() if not k.startswith("nouns.")}

    assert keys("uk") == keys("en")
    for lang, forms in (("uk", {"one", "few", "many"}), ("en", {"one", "other"})):
        with (LOCALES / f"{lang}.toml").open("rb") as handle:
            nouns = tomllib.load(handle)["nouns"]
        assert all(set(table) == forms for table in nouns.values())


def test_ukrainian_plurals() -> None:
    t = Texts("uk")
    assert [t.count("deck", n) for n in (1, 3, 5, 11, 21, 22)] == [
        "1 колода", "3 колоди", "5 колод", "11 колод", "21 колода", "22 колоди",
    ]  # fmt: skip
    assert plural_category("en", 1) == "one" and plural_category("en", 3) == "other"


def test_every_rulebook_text_is_used_by_some_variant() -> None:
    used: set[str] = set()
    for rules, production in (
        (CardtrackRules(), P),
        (
            CardtrackRules(
                small_path_rule="stop_card", spare_jokers="wild", max_columns=3, home_joker="open"
            ),
            P,
        ),
        (CardtrackRules(decks=1, height=5), P),
        (CardtrackRules(), CardtrackProduction(big_token=24)),  # a spare big token on the sheet
    ):
        t = Texts("en")
        rulebook_story(t, rules, production, "A4")
        rulebook_info(t, set_name(t, rules))
        used |= t.used
    sections = ("meta", "intro", "components", "setup", "turn", "build", "move", "small",
                "block", "goal", "pile", "readings")  # fmt: skip
    wanted = {k for k in Texts("en").strings() if k.split(".")[0] in sections}
    assert wanted - used == set()


# -- the diagrams: drawn from scenarios the engine plays ----------------------------------

VARIANTS = (
    CardtrackRules(),
    CardtrackRules(small_path_rule="stop_card", spare_jokers="wild", max_columns=3),
    CardtrackRules(home_joker="open", max_columns=2),
    CardtrackRules(decks=1, height=2),
    CardtrackRules(small_tokens=1, small_max_steps=1),
)


def every_example(rules: CardtrackRules) -> list[examples.Example]:
    joker = examples.joker_block(rules)
    return [
        examples.start(rules),
        *examples.builds(rules),
        examples.climb(rules),
        examples.king(rules),
        examples.block(rules),
        *([joker] if joker else []),
    ]


@pytest.mark.parametrize("rules", VARIANTS, ids=str)
def test_every_example_is_a_scenario_state_consistent_with_the_geometry(
    rules: CardtrackRules,
) -> None:
    shown = every_example(rules)
    # the joker-block example needs that rule and a column left of Black's
    joker = rules.home_joker == "protected" and rules.max_columns in (0, 4)
    expected = set(examples.SCENARIO_IDS) - (set() if joker else {examples.BLOCK_JOKER})
    assert {example.scenario for example in shown} == expected
    for example in shown:
        diagrams.check_scene(example.scene)
        diagrams.render(example.scene, 200)
    bad = diagrams.Scene(diagrams.JOKERS, new=(Slot("V", 0, 2), "5C"), mark="ok")
    with pytest.raises(ValueError, match="touches no card"):
        diagrams.check_scene(bad)


def test_a_big_token_no_cards_lead_to_from_its_joker_is_no_diagram() -> None:
    """The joker-block diagram once showed Red's big token above Black's joker with nothing
    above Red's own: no way it could have come. check_scene refuses such a scene, and the
    scenario's position shows the way (its 9H and 4D), which the caption names."""
    cards = (*diagrams.JOKERS, (Slot("V", 0, 1), "5C"), (Slot("H", 0, 1), "4D"))
    red = diagrams.TokenAt(Slot("V", 0, 1), "red", "big")
    stray = diagrams.Scene(cards, tokens=(red,))
    with pytest.raises(ValueError, match="no cards lead the red big token"):
        diagrams.check_scene(stray)
    joined = diagrams.Scene((*cards, (Slot("V", 1, 1), "9H")), tokens=stray.tokens)
    diagrams.check_scene(joined)
    assert diagrams.way_home(joined, red) == (
        Slot("V", 1, 0), Slot("V", 1, 1), Slot("H", 0, 1), Slot("V", 0, 1),
    )  # fmt: skip
    joker = examples.joker_block(CardtrackRules())
    assert joker is not None and joker.words == {"via": ["9H", "4D"]}


def test_the_starting_jokers_are_told_apart_in_the_diagrams() -> None:
    """Black's joker is drawn grey and Red's pink, as on the mat (no token on them shows
    whose they are otherwise)."""
    drawing = diagrams.render(diagrams.Scene(diagrams.JOKERS), 200)
    fills = {
        shape.fillColor.hexval()
        for shape in drawing.getContents()
        if isinstance(shape, Group)
        for shape in shape.getContents()
        if getattr(shape, "fillColor", None) is not None
    }
    assert {colors.HexColor(START_FILL[p]).hexval() for p in ("black", "red")} <= fills
    assert colors.HexColor(diagrams.WILD_JOKER_FILL).hexval() not in fills


def strings(drawing: object) -> list[String]:
    """Every string of a drawing, groups opened."""
    out: list[String] = []
    for shape in drawing.getContents():  # type: ignore[attr-defined]
        if isinstance(shape, String):
            out.append(shape)
        elif isinstance(shape, Group):
            out += strings(shape)
    return out


def test_a_joker_shows_its_word_only_and_labels_are_seven_points() -> None:
    """The big token's ★ is not also a joker's corner sign (a reader would count two tokens);
    the diagrams' ranks, step numbers and token signs are at least 7 pt, even in the narrow
    diagram of the block beside a joker, and the joker's word fits its card."""
    rules = CardtrackRules()
    joker = examples.joker_block(rules)
    assert joker is not None
    ranks = Texts("uk").ranks()
    width = 481.9 * JOKER_SHARE  # the A4 text column
    drawing = diagrams.render(joker.scene, width, ranks=ranks, joker="ДЖОКЕР")
    found = strings(drawing)
    jokerless = diagrams.render(diagrams.Scene(diagrams.JOKERS), 200, joker="ДЖОКЕР")
    assert "★" not in [s.text for s in strings(jokerless)]
    assert [s.text for s in strings(jokerless)].count("ДЖОКЕР") == 2
    labels = [s for s in found if s.text != "ДЖОКЕР"]
    assert {"2♠", "3♣", "9♥", "1"} <= {s.text for s in labels}
    assert min(s.fontSize for s in labels) >= 7.0
    word = next(s for s in found if s.text == "ДЖОКЕР")
    card_width = width * 63 / (3 * 63 + 2 * 88 + 2 * diagrams.PAD * 88)
    assert stringWidth(word.text, word.fontName, word.fontSize) <= card_width


def test_the_story_ends_with_its_last_words() -> None:
    """No space after the last section: when the text fills the last page exactly, that space
    alone would start a blank page."""
    story = rulebook_story(Texts("uk"), CardtrackRules(), P, "A4")
    assert not isinstance(story[-1], Spacer)


def test_the_examples_show_what_the_engine_did() -> None:
    rules = CardtrackRules()
    allowed, refused = examples.builds(rules)
    assert (allowed.words["card"], allowed.words["beside"]) == ("9D", "7C")
    assert refused.words["card"] == "6H" and refused.scene.mark == "bad"
    climb = examples.climb(rules)
    assert climb.words == {"values": [7, 4, 9, 5, 8], "moves": 5, "row": 3}
    assert climb.scene.path[0] == Slot("V", 0, 0) and climb.scene.path[-1] == Slot("V", 1, 3)
    king = examples.king(rules)
    assert king.words == {"stop": "QD", "free": "3H"}
    assert king.scene.crossed == (Slot("V", 0, 2),)  # the ace (14) beats the king (13)
    block = examples.block(rules)
    assert block.scene.path == (Slot("V", 0, 3), Slot("H", 0, 3), Slot("V", 1, 3))
    assert diagrams.blocked_neighbours(block.scene, Slot("V", 1, 2), "black") == (3, 2)


@pytest.mark.parametrize("max_columns", [0, 2, 3, 5])
def test_start_diagram_dashes_exactly_the_legal_first_places(max_columns: int) -> None:
    rules = CardtrackRules(max_columns=max_columns)
    scene = examples.start(rules).scene
    jokers = [slot for slot, _ in diagrams.JOKERS]
    near = {Slot(kind, c, r) for kind in ("V", "H") for c in range(-3, 4) for r in range(0, 3)}
    expected = {
        s for s in near if diagrams.placement_legal(jokers, s) and in_columns(s, max_columns)
    }
    assert set(scene.empty) == expected
    assert len(scene.empty) == len(expected)
    assert Slot("H", 0, 1) not in scene.empty  # the bridge above the joker row touches nothing


def test_a_king_the_engine_lets_be_discarded_fails_the_scenarios_and_the_rulebook(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Break one rule in the engine (a king with a small token in reserve may be discarded):
    the scenarios that say otherwise fail, and so does the rulebook that draws from them."""
    honest = movegen.generate

    def lax(state: CardtrackState) -> tuple[list[int], dict[int, tuple[int, ...]], int]:
        legal, paths, refused = honest(state)
        if DISCARD not in legal:
            legal = [*legal, DISCARD]
        return legal, paths, refused

    monkeypatch.setattr(movegen, "generate", lax)
    definition = REGISTRY.game("cardtrack")
    assert definition.scenarios is not None
    scenario = sc.find(definition.scenarios, "king-must-be-placed")
    rules = sc.scenario_rules(definition.rules_model, scenario, definition.presets)
    run = definition.scenarios.play(scenario, rules)
    assert sc.mismatches(scenario, run)[0].startswith("step 1 {'card': 'KS', 'discard': True}")
    with pytest.raises(sc.ScenarioError, match=r"king-enters\.toml: .*step 1"):
        write_rulebook(tmp_path / "uk.pdf", "uk", CardtrackRules(), P, PrintSetup("A4"))
    monkeypatch.undo()
    assert write_rulebook(tmp_path / "uk.pdf", "uk", CardtrackRules(), P, PrintSetup("A4")) > 0


def test_locale_typography() -> None:
    """Ukrainian: the apostrophe ʼ (U+02BC), «» quotes, en dashes in ranges; both languages:
    no hyphen between numbers and no ASCII quotes."""
    for lang in ("uk", "en"):
        for key, text in Texts(lang).strings().items():
            assert not re.search(r"\d-\d", text), (lang, key, text)
            assert '"' not in text, (lang, key, text)
            if lang == "uk":
                assert "'" not in text and "’" not in text, (key, text)
                assert "“" not in text and "„" not in text, (key, text)
    assert "ʼ" in Texts("uk")("readings.intro")


def test_a_block_the_engine_lets_through_fails_the_scenarios_and_the_rulebook(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Break the no-full-block rule (no move ever blocks): the block scenarios fail, and the
    rulebook, whose block diagrams are drawn from them, is not built."""
    monkeypatch.setattr(movegen, "makes_block", lambda *args: False)
    definition = REGISTRY.game("cardtrack")
    assert definition.scenarios is not None
    for name in ("block-last-free-card", "block-barred-joker", "block-gap", "block-by-big-token"):
        scenario = sc.find(definition.scenarios, name)
        rules = sc.scenario_rules(definition.rules_model, scenario, definition.presets)
        run = definition.scenarios.play(scenario, rules)
        assert sc.mismatches(scenario, run)[0].startswith("step 1"), name
    with pytest.raises(sc.ScenarioError, match=r"block-last-free-card\.toml: .*step 1"):
        write_rulebook(tmp_path / "en.pdf", "en", CardtrackRules(), P, PrintSetup("A4"))
