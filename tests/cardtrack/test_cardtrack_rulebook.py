"""The Konstruktsiia rulebooks: both languages from the locale files, embedded fonts, and
diagrams that show positions the rules engine itself reaches and judges the same way."""

from __future__ import annotations

import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

from generator.locales import plural_category
from generator.print.document import rulebook_info
from generator.print.rulebook import PrintSetup
from plugins.cardtrack import diagrams
from plugins.cardtrack.cards import parse
from plugins.cardtrack.geometry import Slot, in_columns, slot_index
from plugins.cardtrack.options import CardtrackRules
from plugins.cardtrack.positions import build_track, play
from plugins.cardtrack.production import CardtrackProduction
from plugins.cardtrack.rulebook import (
    LOCALES,
    Texts,
    rulebook_story,
    set_name,
    write_rulebook,
)
from plugins.cardtrack.rules import (
    CardtrackState,
    big_action,
    build_action,
    king_action,
    make_game,
    small_action,
)

needs_poppler = pytest.mark.skipif(
    shutil.which("pdftotext") is None or shutil.which("pdffonts") is None,
    reason="poppler-utils not installed",
)
P = CardtrackProduction()


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
    for heading in ("Склад гри", "Підготовка", "Хід", "Будування траси", "Рух великої фішки",
                    "Малі фішки і королі", "Без повного блокування", "Вершина і повернення",
                    "Як ми тлумачимо правила", "Коли закінчиться колода"):  # fmt: skip
        assert heading in uk, heading
    for heading in ("Components", "Setting up", "Playing a card", "Building the track",
                    "Moving the big token", "Small tokens and kings", "No full block",
                    "Summit and return", "Rules as decided"):  # fmt: skip
        assert heading in en, heading
    assert "3 колоди, у кожній 52 карти і 2 джокери (усього 162 карти)" in uk
    assert "3 decks, each of 52 cards and 2 jokers (162 cards in all)" in en
    assert "ряду 10" in uk and "row 10" in en
    assert "7, 4, 9, 5, 8" in uk and "7, 4, 9, 5, 8" in en  # the sample path's card values
    # the footer says what the set is, never the variant file's name
    assert "Konstruktsiia · 3 decks, track height 10 · plywright" in en
    assert "Конструкція · 3 колоди, висота траси 10 · plywright" in uk.replace("\u00a0", " ")
    assert "konstruktsiia" not in en + uk


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
    assert "This variant plays the literal reading" in text
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
    for rules in (
        CardtrackRules(),
        CardtrackRules(
            small_path_rule="stop_card", spare_jokers="wild", max_columns=3, home_joker="open"
        ),
        CardtrackRules(decks=1, height=5),
    ):
        t = Texts("en")
        rulebook_story(t, rules, P, "A4")
        rulebook_info(t, set_name(t, rules))
        used |= t.used
    sections = ("meta", "intro", "components", "setup", "turn", "build", "move", "small",
                "block", "goal", "pile", "readings")  # fmt: skip
    wanted = {k for k in Texts("en").strings() if k.split(".")[0] in sections}
    assert wanted - used == set()


# -- the diagrams against the engine --------------------------------------------------------


def engine_state(rules: CardtrackRules | None = None) -> CardtrackState:
    return make_game(rules or CardtrackRules()).new_initial_state()


def test_every_scene_is_consistent_with_the_geometry() -> None:
    for scene in (diagrams.setup_scene(), diagrams.legal_scene(), diagrams.illegal_scene(),
                  diagrams.path_scene(), diagrams.king_scene(), diagrams.block_scene()):  # fmt: skip
        diagrams.check_scene(scene)
        diagrams.render(scene, 200)
    bad = diagrams.Scene(diagrams.JOKERS, new=(Slot("V", 0, 2), "5C"), mark="ok")
    with pytest.raises(ValueError, match="touches no card"):
        diagrams.check_scene(bad)


def test_legal_and_illegal_placements_as_the_engine_judges_them() -> None:
    state = engine_state()
    legal, illegal = diagrams.legal_scene(), diagrams.illegal_scene()
    build_track(state, legal.cards)
    assert legal.new is not None and illegal.new is not None
    state.apply_action(parse(legal.new[1], 0))
    assert build_action(slot_index(legal.new[0])) in state.legal_actions()
    assert build_action(slot_index(illegal.new[0])) not in state.legal_actions()


def test_sample_path_is_a_legal_sequence_of_big_token_moves() -> None:
    state = engine_state()
    scene = diagrams.path_scene()
    build_track(state, scene.cards)
    values = diagrams.path_values(scene.path, scene.card_map())
    black = {4: "4C", 5: "5S", 7: "7S", 8: "8C", 9: "9C"}
    for slot, value in zip(scene.path[1:], values, strict=True):
        play(state, black[value], big_action(slot_index(slot)))
    assert state.big[0] == slot_index(scene.path[-1])
    # one lower card is not enough for the last step
    state2 = engine_state()
    build_track(state2, scene.cards)
    for slot, value in zip(scene.path[1:-1], values[:-1], strict=True):
        play(state2, black[value], big_action(slot_index(slot)))
    state2.apply_action(parse("7C", 0))
    assert big_action(slot_index(scene.path[-1])) not in state2.legal_actions()


@pytest.mark.parametrize("path_rule", ["turned_card", "stop_card"])
def test_king_turn_as_the_engine_plays_it(path_rule: str) -> None:
    state = engine_state(CardtrackRules(small_path_rule=path_rule))  # type: ignore[arg-type]
    scene = diagrams.king_scene()
    build_track(state, scene.cards)
    state.apply_action(parse("KS", 0))
    actions = state.legal_actions()
    assert king_action(slot_index(scene.path[-1])) in actions
    assert king_action(slot_index(Slot("V", 0, 2))) not in actions  # the ace (14) beats K (13)
    state.apply_action(king_action(slot_index(scene.path[-1])))
    assert state.smalls[0] == [slot_index(scene.path[-1])]


def block_position(rules: CardtrackRules, blockers: tuple[Slot, ...]) -> CardtrackState:
    """The block diagram's position as the engine reaches it: Red's big token walks up, then
    kings bring Black's small tokens to ``blockers`` and to the start of the crossed path."""
    state = engine_state(rules)
    scene = diagrams.block_scene()
    build_track(state, scene.cards)
    play(state, "7D", big_action(slot_index(Slot("V", 1, 1))))
    play(state, "10D", big_action(slot_index(diagrams.RED_BIG)))
    for dest in (*blockers, diagrams.BLOCK_PATH[0]):
        play(state, "KS", king_action(slot_index(dest)))
    state.apply_action(parse("9C", 0))
    return state


@pytest.mark.parametrize("path_rule", ["turned_card", "stop_card"])
def test_block_rule_forbids_the_move_the_diagram_crosses(path_rule: str) -> None:
    rules = CardtrackRules(small_path_rule=path_rule)  # type: ignore[arg-type]
    scene = diagrams.block_scene()
    assert diagrams.blocked_neighbours(scene, diagrams.RED_BIG, "black") == (3, 2)
    starts = {Slot("V", 0, 0): "black", Slot("V", 1, 0): "red"}
    assert all(starts.get(t.slot, t.player) == t.player for t in scene.tokens)
    start, middle, end = diagrams.BLOCK_PATH
    state = block_position(rules, diagrams.BLOCKERS)
    token = state.smalls[0].index(slot_index(start))
    actions = state.legal_actions()
    assert small_action(token, slot_index(middle)) in actions
    assert small_action(token, slot_index(end)) not in actions
    # with one blocker fewer the same move is legal: only the block rule refuses it
    state = block_position(rules, diagrams.BLOCKERS[:1])
    token = state.smalls[0].index(slot_index(start))
    assert small_action(token, slot_index(end)) in state.legal_actions()


@pytest.mark.parametrize("max_columns", [0, 2, 3, 5])
def test_start_diagram_dashes_exactly_the_legal_first_places(max_columns: int) -> None:
    rules = CardtrackRules(max_columns=max_columns)
    scene = diagrams.setup_scene(rules)
    jokers = [slot for slot, _ in diagrams.JOKERS]
    near = {Slot(kind, c, r) for kind in ("V", "H") for c in range(-3, 4) for r in range(0, 3)}
    expected = {
        s for s in near if diagrams.placement_legal(jokers, s) and in_columns(s, max_columns)
    }
    assert set(scene.empty) == expected
    assert len(scene.empty) == len(expected)
    assert Slot("H", 0, 1) not in scene.empty  # the bridge above the joker row touches nothing


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
