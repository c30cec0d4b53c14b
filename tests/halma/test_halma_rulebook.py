"""The printed star-halma rulebook: texts, facts, fonts, paper, determinism, artifacts."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Literal

import pytest
from pdfread import page_texts, text_runs
from pypdf import PdfReader

from plywright.api import CheckOptions, GameDefinition
from plywright.plugins.halma.options import HalmaPrint, HalmaRules
from plywright.plugins.halma.production import HalmaProduction
from plywright.plugins.halma.rulebook import (
    BODY_SIZE,
    CAPTION_SIZE,
    Texts,
    board_name,
    part_title,
    reading_keys,
    rulebook_artifacts,
    rulebook_story,
    set_name,
    set_title,
    write_rulebook,
)
from plywright.print.document import rulebook_info
from plywright.print.rulebook import PrintSetup
from plywright.registry import load_registry
from plywright.variant import Variant, load_variant

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PAPERS = {"A4": (595.28, 841.89), "Letter": (612.0, 792.0)}
LATVIAN_LETTERS = "āčēģīķļņšūž"
LATVIAN_WORDS = (
    "Četri",
    "spēlētāji",
    "Stratēģijas",
    "drīkst",
    "Mērķa",
    "atļauta",
    "tapiņas",
    "Sagatavošanās",
    "trijstūris",
    "Dažreiz",
)
"""Words of the Latvian book that together hold every Latvian letter with a diacritic."""
FLIPPED: dict[str, Any] = {"target_lock": False, "jump_own": False, "win_rule": "own"}


def pdf_text(path: Path, layout: bool = False) -> str:
    """The text of a PDF with whitespace collapsed (pdftotext if there, else pypdf).

    ``layout`` keeps table rows on one line (label next to value) instead of reading order.
    """
    if shutil.which("pdftotext"):
        args = ["pdftotext", *(["-layout"] if layout else []), str(path), "-"]
        out = subprocess.run(args, capture_output=True, check=True)
        text = out.stdout.decode("utf-8")
    else:
        mode: Literal["plain", "layout"] = "layout" if layout else "plain"
        text = "\n".join(page.extract_text(extraction_mode=mode) for page in PdfReader(path).pages)
    return " ".join(text.split())


def plain(markup: str) -> str:
    """A locale text as it reads on paper: markup removed."""
    return " ".join(re.sub(r"<[^>]+>", "", markup).split())


def book(tmp: Path, lang: str, paper: str = "A4", **rules: Any) -> Path:
    path = tmp / f"rulebook-{lang}-{paper}-{len(list(tmp.iterdir()))}.pdf"
    write_rulebook(path, lang, HalmaRules(**rules), HalmaProduction(), PrintSetup(paper))
    return path


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("rulebooks")
    return {
        "lv": book(tmp, "lv"),
        "en": book(tmp, "en"),
        "en-letter": book(tmp, "en", "Letter"),
        "en-pro": book(tmp, "en", n=5),
        "en-flipped": book(tmp, "en", **FLIPPED),
        "lv-flipped": book(tmp, "lv", **FLIPPED),
    }


def test_latvian_letters_round_trip(books: dict[str, Path]) -> None:
    assert set(LATVIAN_LETTERS) <= set("".join(LATVIAN_WORDS).lower())
    text = pdf_text(books["lv"])
    for word in LATVIAN_WORDS:
        assert word in text, word
    assert "Ķīniešu dambrete" in text


@pytest.mark.parametrize("name", ["lv", "en", "en-letter"])
def test_every_font_is_embedded(books: dict[str, Path], name: str) -> None:
    if shutil.which("pdffonts") is None:
        pytest.skip("pdffonts (poppler-utils) not installed")
    out = subprocess.run(["pdffonts", str(books[name])], capture_output=True, text=True, check=True)
    rows = [line.split() for line in out.stdout.splitlines()[2:] if line.strip()]
    assert rows
    for row in rows:
        assert "DejaVu" in row[0], row
        assert row[-5] == "yes", row  # the "emb" column


@pytest.mark.parametrize(("name", "paper"), [("en", "A4"), ("lv", "A4"), ("en-letter", "Letter")])
def test_paper_size(books: dict[str, Path], name: str, paper: str) -> None:
    reader = PdfReader(books[name])
    assert 3 <= len(reader.pages) <= 6
    for page in reader.pages:
        size = (float(page.mediabox.width), float(page.mediabox.height))
        assert size == pytest.approx(PAPERS[paper], abs=0.01)


def test_standard_facts(books: dict[str, Path]) -> None:
    text = pdf_text(books["en"])
    assert "The board has 121 holes" in text
    assert "The set has 60 wooden pegs, 10 of each colour." in text
    assert "The pegs of this set are enough for 2–6 players." in text
    text = pdf_text(books["en"], layout=True)
    assert "Pegs needed 20 30 40 50 60" in text
    assert "Holes in the board 121" in text
    assert "Pegs in the set 60" in text
    assert "Number of players 2–6" in text
    assert "Plywood thickness 18 mm" in text
    assert "Hole diameter 8.2 mm" in text
    # the CAD outline: 300 + 2·19.1, 200√3 + 2·19.1 (the label wraps: "(width × height)")
    assert "Board size (width ×" in text and "338 × 385 mm" in text


def test_pro_facts(books: dict[str, Path]) -> None:
    text = pdf_text(books["en-pro"])
    assert "The board has 181 holes" in text
    assert "The set has 90 wooden pegs, 15 of each colour." in text
    text = pdf_text(books["en-pro"], layout=True)
    assert "Pegs needed 30 45 60 75 90" in text
    assert "Pegs per player 15" in text
    assert "Holes in the board 181" in text


def test_latvian_numbers_agree_and_use_a_decimal_comma(books: dict[str, Path]) -> None:
    text = pdf_text(books["lv"])
    assert "Laukumā ir 121 iedobe;" in text  # singular after a number ending in 1
    assert "Komplektā ir 60 koka tapiņas – pa 10 katrā krāsā." in text
    assert "8,2 mm" in text


@pytest.mark.parametrize("lang", ["en", "lv"])
def test_rule_texts_follow_the_variant(books: dict[str, Path], lang: str) -> None:
    strings = Texts(lang).strings()
    default, flipped = pdf_text(books[lang]), pdf_text(books[f"{lang}-flipped"])

    def text(key: str) -> str:
        value = plain(Texts(lang)(key, readings=strings["readings.heading"]))
        assert len(value.split()) >= 8, f"{lang} {key} is not a rule sentence: {value!r}"
        return value

    for key in ("target_lock", "jump_own"):
        on, off = text(f"options.{key}_on"), text(f"options.{key}_off")
        assert on in default and off not in default
        assert off in flipped and on not in flipped
    filled, own = text("options.win_rule_filled"), text("options.win_rule_own")
    assert filled in default and own not in default
    assert own in flipped and filled not in flipped
    assert text("win.draw") in default
    # a completion stands for its round: said where another player's peg can fill a target
    assert text("win.stands") in default and text("win.stands") not in flipped
    aim = plain(Texts(lang)("intro.aim_filled", win=strings["win.heading"]))
    own_aim = plain(Texts(lang)("intro.aim_own", win=strings["win.heading"]))
    assert aim in default and own_aim not in default
    assert own_aim in flipped and aim not in flipped


@pytest.mark.parametrize(
    ("lang", "seat_one"),
    [("en", "takes seat 1 (the lower right triangle)"), ("lv", "vietu Nr. 1 (apakšējo labo")],
)
def test_who_starts_names_the_triangle_of_seat_one(
    tmp_path: Path, lang: str, seat_one: str
) -> None:
    assert seat_one not in pdf_text(book(tmp_path, lang, players=6))
    assert seat_one in pdf_text(book(tmp_path, lang, players=6, first_seat=2))


def test_latvian_review_wording() -> None:
    """The native reader's review of the Latvian book (issue 10, item 5)."""
    lv = {key: plain(value) for key, value in Texts("lv").strings().items()}
    assert lv["win.draw"].endswith("rezultāts ir neizšķirts: viņi dala pirmo vietu, pārējie zaudē.")
    assert (
        lv["options.win_rule_filled_short"]
        == "pilns mērķa trijstūris, kurā ir vismaz viena savējā tapiņa"  # round 6
    )
    assert (
        lv["setup.five"]
        == "Pieci spēlētāji – spēle pieciem nav paredzēta, taču nav arī aizliegta (sk. piezīmi {page}. lappusē)."
    )
    assert "ir spēle {players} spēlētājiem" in lv["intro.text"]
    assert "sacīkste" not in lv["intro.text"] and "sacensība" not in lv["intro.text"]
    assert "pārvieto savas krāsas tapiņas" in lv["intro.text"]
    assert "komandu" not in lv["intro.text"]
    assert "kādus atspēriena punktus paši atstājat viņiem" in lv["tips.bridges"]
    assert lv["colours.natural"] == "dabīgā koka"
    assert not [key for key, value in lv.items() if "piepild" in value.lower()]
    assert (
        "kurš pirmais aizpilda" in lv["options.win_rule_filled"]
        and "kurš pirmais aizpilda" in lv["options.win_rule_own"]
    )


def test_latvian_second_review_wording() -> None:
    """The native reader's second review (halma-lv-2): chains hop over one peg at a time, the
    lock speaks of the peg's own target at the end of a move, no calque "Uzmanību!"."""
    lv = {key: plain(value) for key, value in Texts("lv").strings().items()}
    assert "katru reizi pāri vienai tapiņai" in lv["play.chain"]
    assert "pāri tik daudzām tapiņām" not in lv["play.chain"]
    assert "arī atpakaļ iedobē, no kuras gājiens sākās" in lv["play.no_repeat"]
    assert lv["options.target_lock_on"].startswith(
        "Kad tapiņa kāda gājiena beigās ir nonākusi savā mērķa trijstūrī, turpmāk to drīkst "
        "pārvietot "
        "tikai šā trijstūra robežās – arī katrā lēcienu ķēdes lēcienā."
    )
    assert not [key for key, value in lv.items() if "Uzmanību" in value]
    assert not [key for key, value in lv.items() if "brīv" in value]


def test_latvian_third_review_wording() -> None:
    """The native reader's third read (round 2): a peg that just jumped in is locked too, the
    captions and the win section without calques, the board's name, "usually"."""
    lv = {key: plain(value) for key, value in Texts("lv").strings().items()}
    assert "palikusi" not in lv["options.target_lock_on"]
    assert lv["lock.caption_on"].endswith(
        "iekšā tā drīkst pārvietoties (✓), ārā iziet nedrīkst (✗)."
    )
    assert lv["win.stands"].endswith(
        "ja vēlāk tajā pašā kārtā cita spēlētāja tapiņa pamet jūsu mērķa trijstūri."
    )
    assert (
        "kurā kāds ir izpildījis uzvaras nosacījumu; tādējādi visiem ir vienāds gājienu skaits."
        in (lv["win.draw"])
    )
    assert not [key for key, value in lv.items() if "sk. zemāk" in value]
    assert "vai lēkt ar to pāri citām tapiņām" in lv["intro.text"]
    assert "– arī uz iedobēm citu spēlētāju trijstūros" in lv["play.anywhere"]
    assert (lv["facts.shape"], lv["facts.size"]) == (
        "Laukuma forma",
        "Laukuma izmēri (platums × augstums)",
    )
    assert lv["play.order"].startswith("Spēli parasti sāk jaunākais spēlētājs")
    assert not [key for key, value in lv.items() if "Plātne" in value or "plywright" in value]


def test_latvian_round5_review_wording() -> None:
    """The native reader's round-5 review: one verb once, stepping stones, pegs placed at the start,
    the chain's limits, the target triangle named as everywhere else; English alike."""
    lv = {key: plain(value) for key, value in Texts("lv").strings().items()}
    en = {key: plain(value) for key, value in Texts("en").strings().items()}
    assert lv["readings.closing"] == (
        "Ja vēlaties, varat spēlēt citādi – galvenais, lai visi par to vienotos pirms spēles."
    )
    assert en["readings.closing"].count("agree") == 1
    assert "atspērienus" not in lv["tips.bridges"]
    for marking in ("engrave", "pocket", "none"):
        caption = lv[f"components.board_caption_{marking}"]
        assert (
            "katrs trijstūris ir iekrāsots to tapiņu krāsā, kuras tajā novieto spēles sākumā"
            in caption
        )
        assert "pegs that start there" not in en[f"components.board_caption_{marking}"]
    assert "beigusi" not in lv["options.target_lock_on"] + lv["readings.target"]
    assert "tik reižu, cik vēlaties un cik iespējams (ierobežojumus sk. tālāk)" in lv["play.chain"]
    assert "as many times as you like and the rules allow" in en["play.chain"]
    assert Texts("lv")("setup.text", components="").endswith(
        "ir spēlētāja <b>mērķa trijstūris</b>."
    )
    assert lv["facts.size"].endswith("(platums × augstums)")
    assert en["facts.size"].endswith("(width × height)")


SEED_INTRO = "arī garā lēcienu ķēdē, dažreiz pat pāri visam laukumam."


def test_latvian_fourth_review_wording() -> None:
    """The native reader's round-3 review: the intro does not promise more than the seed, no
    calques, one tie sentence, the chain's numbers are the order of the jumps."""
    lv = {key: plain(value) for key, value in Texts("lv").strings().items()}
    assert lv["intro.text"].endswith(SEED_INTRO)
    assert "bieži" not in lv["intro.text"] and "zvaigznes halma" not in lv["intro.text"]
    assert "pa zvaigznes veidā izkārtotajām iedobēm" in lv["intro.text"]
    assert not [key for key, value in lv.items() if "Īstajā" in value]
    assert lv["setup.five_note"].startswith(
        "Ņemiet vērā! Ja spēlē pieci spēlētāji, viens trijstūris"
    )
    assert lv["play.caption_chain"].endswith("(skaitļi rāda lēcienu secību).")
    assert lv["play.step"].endswith("; ar soli gājiens beidzas.")
    assert lv["play.no_repeat"].endswith("– arī atpakaļ iedobē, no kuras gājiens sākās.")
    assert "tajā tā" not in lv["lock.caption_on"]
    for rule in ("filled", "own"):  # the tie is said once, in win.draw
        assert "neizšķirt" not in lv[f"options.win_rule_{rule}"]
        assert "sk. tālāk" not in lv[f"options.win_rule_{rule}"]
    assert lv["options.win_rule_filled"].endswith("būtu jūsu tapiņa (sk. „{readings}“).")
    assert lv["facts.shape_hexagon"] == "sešstūris ar noapaļotiem stūriem"


FIRST_SEAT_READING = {
    "lv": "Spēli sāk tas, kurš ieņem vietu Nr. 1 (augšējo trijstūri)",
    "en": "The player at seat 1 (the top triangle) starts",
}


@pytest.mark.parametrize("name", ["halma-standard", "halma-pro"])
@pytest.mark.parametrize("lang", ["lv", "en"])
def test_the_readings_box_sits_on_page_three_and_names_every_reading(
    tmp_path: Path, name: str, lang: str
) -> None:
    """Every rule beyond the seed is marked as the book's reading, in one box on page 3 under
    the target section; the winning sentence points to it."""
    variant = load_variant(EXAMPLES / f"{name}.toml", load_registry())
    path = tmp_path / "book.pdf"
    (artifact,) = [a for a in rulebook_artifacts(variant) if a.lang == lang]
    artifact.write(path)
    t = Texts(lang)
    pages = [" ".join(text.replace("\u00a0", " ").split()) for text in page_texts(path)]
    heading = plain(t("readings.heading"))
    box = f"{heading} {plain(t('readings.intro'))}"
    assert [number for number, text in enumerate(pages, 1) if box in text] == [3]
    text = pages[2]
    assert text.index(plain(t("lock.heading"))) < text.index(box)
    rules = variant.rules
    assert isinstance(rules, HalmaRules)
    for key in reading_keys(rules):
        sentence = plain(t(key, triangle=t("triangles.p0")))
        assert sentence[:50] in text, key
    assert FIRST_SEAT_READING[lang] in text
    win = plain(t("options.win_rule_filled", readings=heading))
    assert win[-60:] in " ".join(pages)


def test_the_readings_follow_the_variant() -> None:
    """Each reading the box prints is true of the variant's rules: the target reading only
    with the lock, the own-peg reading only with the seed's win rule, departures named."""
    assert reading_keys(HalmaRules()) == tuple(
        f"readings.{k}"
        for k in (
            "seat",
            "target",
            "optional",
            "no_repeat",
            "pass",
            "own_peg",
            "stands",
            "draw",
            "round",
        )
    )
    flipped = reading_keys(HalmaRules(**FLIPPED))
    assert "readings.target" not in flipped and "readings.own_peg" not in flipped
    assert {"readings.target_lock_off", "readings.win_rule_own", "readings.jump_own_off"} <= set(
        flipped
    )


@pytest.mark.parametrize("name", ["halma-standard", "halma-pro"])
@pytest.mark.parametrize("lang", ["lv", "en"])
def test_the_five_player_bullet_names_the_page_of_its_note(
    tmp_path: Path, name: str, lang: str
) -> None:
    variant = load_variant(EXAMPLES / f"{name}.toml", load_registry())
    path = tmp_path / "book.pdf"
    (artifact,) = [a for a in rulebook_artifacts(variant) if a.lang == lang]
    artifact.write(path)
    pages = [" ".join(text.replace("\u00a0", " ").split()) for text in page_texts(path)]
    note = {"lv": "Ņemiet vērā! Ja spēlē pieci", "en": "Note on five players."}[lang]
    (on,) = [number for number, text in enumerate(pages, 1) if note in text]
    said = {"lv": f"(sk. piezīmi {on}. lappusē)", "en": f"(see the note on page {on})"}[lang]
    assert any(said in text for text in pages)


@pytest.mark.parametrize("name", ["halma-standard", "halma-pro"])
@pytest.mark.parametrize("lang", ["lv", "en"])
def test_the_winning_section_stays_on_one_page(tmp_path: Path, name: str, lang: str) -> None:
    variant = load_variant(EXAMPLES / f"{name}.toml", load_registry())
    path = tmp_path / "book.pdf"
    (artifact,) = [a for a in rulebook_artifacts(variant) if a.lang == lang]
    artifact.write(path)
    t = Texts(lang)
    pages = [" ".join(text.replace("\u00a0", " ").split()) for text in page_texts(path)]
    first = plain(t("options.win_rule_filled", readings=t("readings.heading")))
    last = plain(t("win.stalemate"))
    caption = plain(t("win.caption_filled"))
    (page,) = [text for text in pages if first[:40] in text]
    assert last[:40] in page and caption[:30] in page
    assert not any("plywright" in text or name in text for text in pages)


def test_same_variant_same_bytes(tmp_path: Path) -> None:
    first, second = book(tmp_path, "lv"), book(tmp_path, "lv")
    assert (
        hashlib.sha256(first.read_bytes()).digest() == hashlib.sha256(second.read_bytes()).digest()
    )


def test_locales_have_the_same_keys() -> None:
    """The same texts in both languages; nouns have the plural forms their language uses."""

    def keys(lang: str) -> set[str]:
        return {
            key.rsplit(".", 1)[0] if key.startswith("nouns.") else key
            for key in Texts(lang).strings()
        }

    assert keys("lv") == keys("en")


def test_locale_placeholders_match() -> None:
    def fields(text: str) -> set[str]:
        return set(re.findall(r"{(\w+)}", text))

    lv, en = Texts("lv").strings(), Texts("en").strings()
    for key in en:
        if not key.startswith("nouns."):
            assert fields(lv[key]) == fields(en[key]), key


@pytest.mark.parametrize("lang", ["lv", "en"])
def test_every_locale_key_is_used(lang: str) -> None:
    """Render the story for variants that together take every branch; no key is left over."""
    variants = [
        (HalmaRules(), HalmaProduction()),
        (HalmaRules(**FLIPPED), HalmaProduction(outline="star", marking="pocket")),
        (
            HalmaRules(n=6, players=5),
            HalmaProduction(
                outline="circle",
                marking="none",
                peg_colours=("orange", "purple", "natural", "red", "green", "blue"),
                box_colours=("orange", "purple"),
            ),
        ),
        (
            HalmaRules(),
            HalmaProduction(peg_colours=("red", "red", "blue", "green", "yellow", "black")),
        ),
        *((HalmaRules(players=6, first_seat=seat), HalmaProduction()) for seat in range(1, 6)),
    ]
    used: set[str] = set()
    for rules, production in variants:
        texts = Texts(lang)
        rulebook_story(texts, rules, production, "A4")
        rulebook_info(texts, set_name(texts, rules))
        used |= texts.used
    rulebook_info(texts, set_name(texts, HalmaRules(n=5)))  # the other named board
    templates = {"meta.set_title", "meta.set_title_plain", "meta.part", "meta.part_of_set"}
    used |= texts.used | templates  # the templates' titles and size lines
    assert set_title(lang, 4).startswith(Texts(lang)("meta.title"))
    assert sorted(set(Texts(lang).strings()) - used) == []


def test_artifacts_one_per_language(tmp_path: Path) -> None:
    definition = GameDefinition(
        name="halma",
        title="Star halma",
        description="",
        rules_model=HalmaRules,
        make_game=lambda rules: None,  # type: ignore[arg-type,return-value]
        production_model=HalmaProduction,
        print_model=HalmaPrint,
    )
    variant = Variant(
        game="halma",
        name="club",
        preset=None,
        definition=definition,
        rules=HalmaRules(),
        production=HalmaProduction(),
        print=HalmaPrint(paper="Letter", languages=("lv", "en")),
        check=CheckOptions(),
    )
    artifacts = rulebook_artifacts(variant)
    assert [(a.kind, a.path, a.lang) for a in artifacts] == [
        ("print/rulebook", "print/rulebook-lv.pdf", "lv"),
        ("print/rulebook", "print/rulebook-en.pdf", "en"),
    ]
    target = tmp_path / "rulebook-lv.pdf"
    artifacts[0].write(target)
    page = PdfReader(target).pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == PAPERS["Letter"]
    text = pdf_text(target)
    assert "Standarta komplekts: 10 tapiņas katram spēlētājam, 121 iedobe" in text
    assert "club" not in text, "the variant file's name is not for players"


def test_same_bytes_in_another_process(tmp_path: Path) -> None:
    """No dependence on hash seeds or object ids: a fresh interpreter writes the same file."""
    here = book(tmp_path, "en", n=5)
    there = tmp_path / "there.pdf"
    script = (
        "import sys; from pathlib import Path; "
        "from plywright.plugins.halma.options import HalmaRules; "
        "from plywright.plugins.halma.production import HalmaProduction; "
        "from plywright.plugins.halma.rulebook import write_rulebook; "
        "from plywright.print.rulebook import PrintSetup; "
        "write_rulebook(Path(sys.argv[1]), 'en', HalmaRules(n=5), HalmaProduction(), "
        "PrintSetup('A4'))"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    subprocess.run([sys.executable, "-c", script, str(there)], check=True, env=env)
    assert here.read_bytes() == there.read_bytes()


def test_latvian_fifth_review_wording() -> None:
    """The native reader's round-4 review: no "sākuma iedobe" (read as the starting triangle),
    "dala pirmo vietu", a set one plays *with*, jumping said to be optional, star halma named."""
    lv = {key: plain(value) for key, value in Texts("lv").strings().items()}
    assert not [key for key, value in lv.items() if "sākuma iedobē" in value]
    assert not [
        key for key, value in lv.items() if "dala uzvaru" in value or "pakustēties" in value
    ]
    assert lv["readings.intro"].endswith("tāpēc ar šo komplektu spēlējam šādi:")
    assert "zvaigžņu halma" in lv["intro.text"]
    assert lv["play.optional"].startswith("Lēkt nav obligāti")
    assert lv["readings.draw"].endswith("viņi dala pirmo vietu, pārējie zaudē.")
    assert "(✗)." in lv["lock.caption_on"] and len(lv["lock.caption_on"]) < 90


@pytest.mark.parametrize(
    ("lang", "n", "footer", "title"),
    [
        ("lv", 4, "Standarta komplekts: 10 tapiņas katram spēlētājam, 121 iedobe",
         "Ķīniešu dambrete · standarta komplekts"),
        ("lv", 5, "Komplekts „Pro“: 15 tapiņas katram spēlētājam, 181 iedobe",
         "Ķīniešu dambrete · komplekts „Pro“"),
        ("lv", 3, "Komplekts: 6 tapiņas katram spēlētājam, 73 iedobes",
         "Ķīniešu dambrete – 6 tapiņas katram spēlētājam, 73 iedobes"),
        ("en", 4, "Standard set: 10 pegs per player, 121 holes", "Star Halma · standard set"),
        ("en", 5, "Pro set: 15 pegs per player, 181 holes", "Star Halma · Pro set"),
        ("en", 6, "Set: 21 pegs per player, 253 holes", "Star Halma — 21 pegs per player, 253 holes"),
    ],
)  # fmt: skip
def test_the_set_is_named_as_the_seed_sells_it(lang: str, n: int, footer: str, title: str) -> None:
    """Footers and template headers name the standard and pro boards (the seed's words, the
    presets' sizes) and count the pegs per player, never "each" alone (the native review)."""

    def flat(text: str) -> str:
        return " ".join(text.replace("\u00a0", " ").split())

    assert board_name(4) == "standard" and board_name(5) == "pro" and board_name(3) is None
    assert flat(set_name(Texts(lang), HalmaRules(n=n))) == flat(footer)
    assert flat(set_title(lang, n)) == flat(title)


@pytest.mark.parametrize("lang", ["lv", "en"])
def test_the_readings_box_is_set_at_body_size(books: dict[str, Path], lang: str) -> None:
    """The box holds rules, so it reads like the rules (the fifth native review), on the page
    of the target section; captions stay at their own size."""
    t = Texts(lang)

    def start(key: str) -> str:
        return " ".join(plain(t(key)).replace("\u00a0", " ").split()[:3])

    runs = text_runs(books[lang])
    starts = (start("readings.intro"), start("readings.pass"), start("readings.closing"))
    box = [r for r in runs if r.text.startswith(starts)]
    assert len(box) == 3 and {r.size for r in box} == {BODY_SIZE}
    assert {r.page for r in box} == {3}
    caption = [r for r in runs if r.text.startswith(start("play.caption_step"))]
    assert caption and {r.size for r in caption} == {CAPTION_SIZE}


def test_latvian_round6_review_wording() -> None:
    """The sixth Latvian review: seat 1 starts (the youngest usually takes it), the target
    triangle named where "to" could be the peg, the optional jump and the step's end of a move
    declared, one sense of „kārta“ per sentence pair, a seat's player named."""
    lv = {key: plain(value) for key, value in Texts("lv").strings().items()}
    en = {key: plain(value) for key, value in Texts("en").strings().items()}
    assert lv["readings.seat"].startswith("Spēli sāk tas, kurš ieņem vietu Nr. 1")
    assert "parasti tas ir jaunākais spēlētājs" in lv["readings.seat"]
    assert en["readings.seat"].startswith("The player at seat 1")
    assert lv["readings.target"].endswith("lēcienu ķēdē trijstūri drīkst šķērsot.")
    assert " to drīkst" not in lv["readings.target"]
    assert lv["readings.optional"] == "Lēkt nav obligāti; solis vienmēr beidz gājienu."
    assert en["readings.optional"] == "Jumping is never compulsory; a step always ends the move."
    assert "pazīstama arī kā zvaigžņu halma" in lv["intro.text"]
    assert "Gājienus izdara secīgi" in lv["play.order"] and "pēc kārtas" not in lv["play.order"]
    assert "spēlētājam, kas sēž vietā Nr." in lv["setup.five_note"]


def test_the_templates_name_the_board_cut() -> None:
    """The size line of the drill templates (the sixth Latvian review's must-fix): the board,
    the set in round brackets where it is not the standard one, never quotes in quotes."""
    assert part_title("lv", 4) == "Spēles laukums" and part_title("en", 4) == "Game board"
    assert part_title("lv", 5) == "Spēles laukums (komplekts „Pro“)"
    assert part_title("en", 5) == "Game board (Pro set)"
    assert part_title("lv", 6) == "Spēles laukums"
