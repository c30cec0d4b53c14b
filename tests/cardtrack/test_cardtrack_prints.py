"""The Konstruktsiia prints read back as a player reads them (issue #17, items 3 and 5).

Two builds through the plugin: ``examples/konstruktsiia.toml`` (Ukrainian first) and a variant
that changes every number and every worded option (English first). Each PDF's text (pdftotext)
and every string's size (pypdf) are checked: the language of every page (rulebooks, reference
cards and mats one file per language; the token sheet, which serves every language, in each of
them), the numbers printed against the variant, the rule text each option value asks for, no
internal names, and the readable sizes.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from pdfread import Run, page_texts, text_runs
from pypdf import PdfReader
from test_cardtrack_tokens import crop_segments, page_segments

from plywright.build import build
from plywright.plugins.cardtrack.options import CardtrackRules
from plywright.registry import load_registry
from plywright.variant import load_variant, parse_variant, read_variant_file

pytestmark = pytest.mark.skipif(
    shutil.which("pdftotext") is None, reason="poppler-utils not installed"
)
ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "konstruktsiia.toml"
VARIANT_RULES = {
    "decks": 4,
    "height": 8,
    "spare_jokers": "wild",
    "home_joker": "open",
    "small_path_rule": "stop_card",
    "small_tokens": 5,
    "small_max_steps": 4,
    "max_columns": 3,
}
"""Every number differs from the example's, every worded option takes its other value."""


@dataclass(frozen=True)
class Built:
    folder: Path
    rules: CardtrackRules
    languages: tuple[str, ...]
    name: str

    def pdf(self, name: str) -> Path:
        return self.folder / "print" / name

    def per_language(self) -> list[tuple[Path, str]]:
        """Every print PDF of one language, with that language."""
        names = ("rulebook-{}", "reference-card-{}", "track-mat-a4-{}", "track-mat-full-size-{}")
        return [
            (self.pdf(f"{name.format(lang)}.pdf"), lang)
            for name in names
            for lang in self.languages
        ]

    def every_pdf(self) -> list[Path]:
        """Every print PDF: those of one language and the token sheet."""
        return [path for path, _ in self.per_language()] + [self.pdf("tokens.pdf")]


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Built]:
    registry = load_registry()
    folder = tmp_path_factory.mktemp("prints")
    example = load_variant(EXAMPLE, registry)
    data = read_variant_file(EXAMPLE)
    data = {
        **data,
        "name": "variant",
        "rules": {**data["rules"], **VARIANT_RULES},
        "print": {**data["print"], "languages": ["en", "uk"]},
    }
    other = parse_variant(data, registry, source="variant.toml")
    out = {}
    for key, variant in (("example", example), ("variant", other)):
        build(registry, variant, folder / key, only=["print"])
        out[key] = Built(
            folder / key,
            variant.table(CardtrackRules),
            tuple(variant.print.languages),
            variant.name,
        )
    return out


def stream(path: Path) -> str:
    """Every string of the PDF in drawing order, one space between (table label, then value)."""
    return " ".join(run.text for run in text_runs(path))


def whole(path: Path) -> str:
    return " ".join(page_texts(path))


# -- the language of every page -------------------------------------------------------------

NAMES = {"plywright"}
"""Latin words allowed on a Ukrainian page besides the variant's name: the program."""
CORE_FURNITURE = {"mm"}
"""The 1:1 templates' scale bar still labels its unit "100 mm" in every language: that word
is the core's (``generator/print/scalebar.py``), not this plugin's; drop it from here once the
core's furniture is localized."""
TILE = re.compile(r"^[A-Z]\d{1,2}$")
"""Tile labels of the tiled mat (A1, B3 …) and the paper (A4)."""


def foreign_words(text: str, lang: str, variant: str) -> list[str]:
    """Words of ``text`` that are not in ``lang``: Latin words on a Ukrainian page (but the
    variant's name, the program's and tile labels), any Cyrillic on an English page."""
    words = re.findall(r"[^\W\d_]+(?:\d+)?", text)
    if lang == "uk":
        return [
            w
            for w in words
            if re.search("[A-Za-z]", w)
            and w not in NAMES | CORE_FURNITURE | {variant}
            and not TILE.match(w)
        ]
    return [w for w in words if re.search("[\u0400-\u04ff]", w)]


@pytest.mark.parametrize("key", ["example", "variant"])
def test_every_page_is_in_its_language(builds: dict[str, Built], key: str) -> None:
    built = builds[key]
    for path, lang in built.per_language():
        pages = page_texts(path)
        assert pages, path
        for number, text in enumerate(pages, start=1):
            foreign = foreign_words(text, lang, built.name)
            assert foreign == [], f"{path.name} p{number} ({lang}): {foreign[:10]}"


MAT_WORDS = {
    "uk": ("Старт чорних", "Старт червоних", "ДЖОКЕР", "ПЕРЕВІРКА МАСШТАБУ", "вершини"),
    "en": ("Black start", "Red start", "JOKER", "SCALE CHECK", "summit row"),
}
"""Words of each language's mat: the start places, the joker, the scale bar, the summit."""


@pytest.mark.parametrize("key", ["example", "variant"])
@pytest.mark.parametrize("name", ["track-mat-a4", "track-mat-full-size"])
def test_every_language_has_its_own_mat_files(
    builds: dict[str, Built], key: str, name: str
) -> None:
    """The tiled and the one-sheet mat come in each of the variant's languages, the mat's own
    words and the template's furniture both in it (the other language's absent: see
    :func:`test_every_page_is_in_its_language`)."""
    for lang in builds[key].languages:
        text = whole(builds[key].pdf(f"{name}-{lang}.pdf"))
        for words in MAT_WORDS[lang]:
            assert words in text, (name, lang, words)


SHEET_WORDS = {
    "uk": ("Конструкція — фішки", "Наклейте аркуш на картон", "ПЕРЕВІРКА МАСШТАБУ",
           "Друкуйте в натуральну величину", "Сторінка 1 з 1"),
    "en": ("Konstruktsiia — tokens", "Glue the sheet onto", "SCALE CHECK",
           "Print at actual size", "Page 1 of 1"),
}  # fmt: skip
"""Words of each language on the token sheet: title, instructions, scale bar, footer, page."""


@pytest.mark.parametrize("key", ["example", "variant"])
def test_the_token_sheet_speaks_every_language_in_the_variants_order(
    builds: dict[str, Built], key: str
) -> None:
    """One sheet serves every language (a shop prints it once for both editions): its title,
    instructions, scale-bar label, footer and page number come in each of the variant's
    languages, the first language first."""
    built = builds[key]
    text = " ".join(whole(built.pdf("tokens.pdf")).split())
    for lang in built.languages:
        for words in SHEET_WORDS[lang]:
            assert words in text, (lang, words)
    first, second = built.languages
    for words, other in zip(SHEET_WORDS[first], SHEET_WORDS[second], strict=True):
        assert text.index(words) < text.index(other), (words, other)


def test_a_page_in_the_wrong_language_is_caught() -> None:
    assert foreign_words("Варіант «x» · plywright · сторінка A1 з 16", "uk", "x") == []
    assert foreign_words("Print at 100 % — друкуйте", "uk", "x") == ["Print", "at"]
    assert foreign_words("Page 1 of 2 · сторінка", "en", "x") == ["сторінка"]


# -- no internal names --------------------------------------------------------------------------

INTERNAL = re.compile(
    r"\[rules\]|\[production\]|\[print\]|CUT_|ENGRAVE_|ANNOTATE_|_card\b|spare_jokers|"
    r"home_joker|small_path|max_columns|small_max|small_tokens|\{|\}|<b>|</b>|&lt;|&gt;"
)


@pytest.mark.parametrize("key", ["example", "variant"])
def test_no_internal_names_or_markup_on_a_page(builds: dict[str, Built], key: str) -> None:
    for path in builds[key].every_pdf():
        for number, text in enumerate(page_texts(path), start=1):
            found = INTERNAL.findall(text)
            assert found == [], f"{path.name} p{number}: {found}"


# -- the numbers printed are the variant's ----------------------------------------------------


def test_example_numbers_in_ukrainian_and_english(builds: dict[str, Built]) -> None:
    b = builds["example"]
    uk, en = stream(b.pdf("rulebook-uk.pdf")), stream(b.pdf("rulebook-en.pdf"))
    for words in ("Колод 3", "Карт у грі 158", "Ряд вершини 10", "гравця 6", "не більше 3"):
        assert words in uk, words
    for words in ("Decks 3", "Cards in play 158", "Summit row 10", "per player 6"):
        assert words in en, words
    uk, en = whole(b.pdf("rulebook-uk.pdf")), whole(b.pdf("rulebook-en.pdf"))
    assert "У наборі 3 стандартні колоди по 54 карти (52 карти і 2 джокери), усього 162 карти" in uk
    assert "решту джокерів (4) відкладіть у коробку" in uk
    assert "1 велика фішка і 6 малих фішок (усього 12 малих фішок)" in uk
    assert "до ряду 10" in uk and "1–3 кроки" in uk
    assert (
        "The set contains 3 standard decks of 54 cards (52 cards and 2 jokers), 162 cards in all"
        in en
    )
    assert "1 big token and 6 small tokens (12 small tokens in all)" in en
    assert "up to row 10" in en and "1–3 steps" in en
    card = whole(b.pdf("reference-card-uk.pdf"))
    assert "ряду 10" in card and "1–3 кроки" in card and "щонайбільше 3 кроки" in card
    tokens = whole(b.pdf("tokens.pdf"))
    assert "Великих фішок (★): 2, малих (♚): 12, запасних малих: 8" in tokens
    assert "великі — ⌀ 30 мм, малі — ⌀ 18 мм" in tokens
    assert "2 big tokens (★) and 12 small tokens (♚), with 8 spare small tokens" in tokens
    assert "the big ones are ⌀ 30 mm, the small ones ⌀ 18 mm" in tokens
    assert "ряди від 0 до 10 (вершина)" in whole(b.pdf("track-mat-a4-uk.pdf"))
    assert "rows 0 to 10 (summit)" in whole(b.pdf("track-mat-a4-en.pdf"))
    assert "На аркуші фішок для друку є й запасні: по 4 малі фішки кожного кольору" in uk
    assert "The printable token sheet has spares too: 4 small tokens of each colour" in en


def test_variant_numbers(builds: dict[str, Built]) -> None:
    b = builds["variant"]
    en, uk = stream(b.pdf("rulebook-en.pdf")), stream(b.pdf("rulebook-uk.pdf"))
    for words in ("Decks 4", "Cards in play 216", "Summit row 8", "per player 5", "token 4"):
        assert words in en, words
    for words in ("Колод 4", "Карт у грі 216", "Ряд вершини 8", "гравця 5", "не більше 4"):
        assert words in uk, words
    en, uk = whole(b.pdf("rulebook-en.pdf")), whole(b.pdf("rulebook-uk.pdf"))
    assert (
        "The set contains 4 standard decks of 54 cards (52 cards and 2 jokers), 216 cards in all"
        in en
    )
    assert "shuffle the other 6 jokers into the draw pile as wild cards" in en
    assert "1 big token and 5 small tokens (10 small tokens in all)" in en
    assert "У наборі 4 стандартні колоди по 54 карти (52 карти і 2 джокери), усього 216 карт" in uk
    assert "1 велика фішка і 5 малих фішок (усього 10 малих фішок)" in uk
    assert "1–4 кроки" in uk and "1–4 steps" in en and "row 8" in en and "ряду 8" in uk
    assert "row 10" not in en and "ряду 10" not in uk
    assert "row 8" in whole(b.pdf("reference-card-en.pdf"))
    tokens = whole(b.pdf("tokens.pdf"))
    assert "2 big tokens (★) and 10 small tokens (♚)" in tokens
    assert "Великих фішок (★): 2, малих (♚): 10" in tokens
    mat = whole(b.pdf("track-mat-full-size-en.pdf"))
    assert "rows 0 to 8 (summit)" in mat and "▲8" in mat and "▲10" not in mat
    mat = whole(b.pdf("track-mat-full-size-uk.pdf"))
    assert "ряди від 0 до 8 (вершина)" in mat and "▲8" in mat and "▲10" not in mat


@pytest.mark.parametrize(("key", "small"), [("example", 6), ("variant", 5)])
def test_token_sheet_draws_every_token_of_the_variant(
    builds: dict[str, Built], key: str, small: int
) -> None:
    reader = PdfReader(builds[key].pdf("tokens.pdf"))
    marks = sum(len(crop_segments(page_segments(page))) for page in reader.pages)
    assert marks % 8 == 0  # eight crop marks round every disc
    spares = marks // 8 - (2 + 2 * small)  # the set's own, then spares on the room left
    assert spares > 0 and spares % 2 == 0
    text = whole(builds[key].pdf("tokens.pdf"))
    assert f"запасних малих: {spares};" in text and f"with {spares} spare small tokens" in text


# -- the rule text each option value asks for ---------------------------------------------------


def test_worded_options_in_the_example(builds: dict[str, Built]) -> None:
    b = builds["example"]
    uk, en = whole(b.pdf("rulebook-uk.pdf")), whole(b.pdf("rulebook-en.pdf"))
    # both path readings, the default named and chosen
    assert "спрощене правило" in uk and "дослівне правило" in uk
    # the simplified rule is labelled as the set's departure from the original wherever it is
    # printed: the facts table, the small-token section, the readings and the reference card
    assert "У цьому наборі — спрощене правило (відступ від оригіналу)" in uk
    assert "This set plays the simplified rule (a departure from the original)" in en
    assert "спрощене правило (відступ від оригіналу)" in uk.split("Підготовка")[0]
    assert "simplified rule (a departure from the original)" in en.split("Setting up")[0]
    assert "Шлях малої фішки — відступ від оригіналу, а не тлумачення" in uk
    assert "Small-token path — a departure from the original, not a reading" in en
    # the simplified rule is named as a replacement of the original's sentence, not a reading,
    # and the literal one for what it is: the original's sentence compares with the stop card
    assert "спрощене правило не випливає зі слів оригіналу, а замінює їх" in uk
    assert "the simplified rule does not follow from the original’s words but replaces" in en
    assert "саме те, що каже оригінал" not in uk and "is what the original says" not in en
    assert "дослівне правило — найближче до оригіналу" in uk
    assert "Саму карту зупинки оригінал для малої фішки ні з чим не порівнює" in uk
    assert "The original compares the stop card itself with nothing for a small token" in en
    # every reading the rules add is declared, the fate of a card used to move among them
    assert "Що робити з картою, якою пересунули фішку, оригінал не каже; ми кладемо її в скид" in uk
    assert "where a card used to move a token goes; we put it on the discard pile" in en
    assert "Кількість стовпців не обмежена — оригінал про це мовчить" in uk
    assert "no limit to the number of columns — the original is silent on it" in en
    assert "не повертається на карту, з якої почала хід" in uk
    assert "nor returning to the card it started from" in en
    assert "1, 2, 3… — послідовні кроки фішки (у прикладі з великою фішкою" in uk
    # the placement sentence: at least one contact, nothing below the jokers
    assert "Нова карта мусить торкатися хоча б однієї карти на столі" in uk
    assert "Нижче ряду джокерів карт не кладуть" in uk
    assert "A new card must touch at least one card" in en
    # the opponent's joker is protected
    assert "не може зупинитися на стартовому джокері суперника" in uk
    assert "No token — big or small — may stop on the opponent’s starting joker" in en
    # no wild jokers in this variant, so no word of them; no king discarded on a joker
    for text in (uk, en):
        assert "дик" not in text.lower() and "wild" not in text.lower()
    assert "короля скидають" not in uk and "king is discarded" not in en
    assert "відкритий пакет" not in uk and "скид" in uk
    assert "не заходить і через неї не проходить" in uk  # nor passes an opponent's token
    assert "There are no turns in rotation" in en and "whoever played last" not in en
    assert "Черговості ходів немає" in uk and "чия «черга»" not in uk
    # the readings the book adds to the original are flagged as its own, in both languages
    assert "Ми також забороняємо малій фішці проходити через карту з фішкою суперника" in uk
    assert "We also forbid a small token to pass through a card with an opponent’s token" in en
    assert "оригінал не каже; ми вважаємо, що гра закінчується без переможця" in uk
    assert "we take it that the game ends with no winner" in en
    assert "Оригіналом ми називаємо традиційний текст правил" in uk
    assert "By “the original” we mean" in en
    assert "гравці ставлять на джокери фішки «білу і чорну»" in uk
    # no full block: the last free card may not be taken (not "leave it one", which the
    # start position, with no free card at all, would break on every move)
    assert "на останню вільну карту біля великої фішки суперника" in uk
    assert "may not put a token (small or big) on the last free card beside" in en
    assert "щоб вільної карти в неї не лишилося" not in uk
    assert "червоні прийшли сюди через 9♥ і 4♦" in uk and "Red came here by 9♥ and 4♦" in en
    card = whole(b.pdf("reference-card-uk.pdf"))
    assert "Не займайте останню вільну карту біля великої фішки суперника" in card
    assert "Через фішку суперника не проходить" in card and "не минає" not in card
    assert "(спрощене правило набору; за дослівним правилом — не старша за карту зупинки)" in card
    card_en = whole(b.pdf("reference-card-en.pdf"))
    assert "(this set’s simplified rule; under the literal rule, no higher than the card" in card_en
    assert "Без малих фішок у запасі король — дама (12); ним не будують." in card
    assert "будь-яку карту (короля — лише без малих фішок у запасі)" in card
    assert "не буваючи двічі на одній" in card and "щоразу на нову" not in card
    assert "короля треба використати" in card
    assert "На чужому джокері не зупиняються" in card
    assert "короля скидають" not in card


def test_worded_options_in_the_variant(builds: dict[str, Built]) -> None:
    b = builds["variant"]
    uk, en = whole(b.pdf("rulebook-uk.pdf")), whole(b.pdf("rulebook-en.pdf"))
    assert "У цьому наборі грають за дослівним правилом" in uk
    assert "This set plays the literal rule" in en
    assert "відступ від оригіналу" not in uk and "departure from the original" not in en
    assert "у цьому варіанті на столі вміщається щонайбільше 3 стовпці" in uk
    assert "in this variant the table holds 3 columns at most" in en
    assert "Королями не будують, дикими джокерами теж" in uk
    assert "Kings never build, nor do wild jokers" in en
    assert "Дикий джокер" in uk and "Wild joker" in en
    assert "фішки можуть зупинятися на стартовому джокері суперника" in uk
    assert "tokens may stop on the opponent’s starting joker" in en
    assert "короля скидають" in uk and "the king is discarded" in en
    assert "не може зупинитися на стартовому джокері" not in uk
    card_uk, card_en = whole(b.pdf("reference-card-uk.pdf")), whole(b.pdf("reference-card-en.pdf"))
    assert "короля скидають" in card_uk and "the king is discarded" in card_en
    assert "На стартовому джокері суперника можна зупинятися" in card_uk
    assert "не старша за ту, де фішка зупиниться" in card_uk


# -- readable sizes -----------------------------------------------------------------------------

RUNNING = re.compile(r"^(Конструкція · правила гри|Konstruktsiia · rules of play|"
                     r"Конструкція · варіант «|Konstruktsiia · variant “|Сторінка \d+ з \d+$|Page \d+ of \d+$)")  # fmt: skip
"""The rulebook's running header and footer (the core's page furniture)."""


def is_phrase(run: Run) -> bool:
    """Text a player reads as words (not a rank, a number, a sign or the joker's label)."""
    return len(re.findall(r"[^\W\d_]{2,}", run.text)) >= 2


@pytest.mark.parametrize("key", ["example", "variant"])
def test_rulebook_sizes(builds: dict[str, Built], key: str) -> None:
    for lang in builds[key].languages:
        runs = text_runs(builds[key].pdf(f"rulebook-{lang}.pdf"))
        assert min(run.size for run in runs) >= 6.0, min(runs, key=lambda r: r.size)
        words = [r for r in runs if is_phrase(r) and not RUNNING.match(r.text)]
        small = [r for r in words if r.size < 8.0]
        assert small == [], small[:5]  # captions, tables, legends
        by_size: dict[float, int] = {}
        for run in words:
            by_size[run.size] = by_size.get(run.size, 0) + len(run.text)
        body = max(by_size, key=lambda size: by_size[size])
        assert body >= 9.5, (lang, body)


@pytest.mark.parametrize("key", ["example", "variant"])
def test_play_aid_sizes(builds: dict[str, Built], key: str) -> None:
    b = builds[key]
    for lang in b.languages:
        runs = text_runs(b.pdf(f"reference-card-{lang}.pdf"))
        assert min(run.size for run in runs) >= 6.0, min(runs, key=lambda r: r.size)
    runs = text_runs(b.pdf("tokens.pdf"))
    assert min(r.size for r in runs if is_phrase(r)) >= 8.0  # the sheet's instructions
    for path, _ in b.per_language():
        if path.name.startswith("track-mat"):
            runs = text_runs(path)
            assert min(run.size for run in runs) >= 6.0, (path, min(runs, key=lambda r: r.size))


def test_phrase_filter_keeps_sentences_and_drops_labels() -> None:
    assert is_phrase(Run(1, "Початок гри: джокер чорних", 8.0))
    assert not any(is_phrase(Run(1, text, 6.0)) for text in ("7♣", "ДЖОКЕР", "10", "★", "Д♦"))
