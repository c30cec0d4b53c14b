"""The Kubb rulebooks: both languages read back from the PDFs, rule texts that follow the
variant, locale consistency, fonts, paper and determinism."""

from __future__ import annotations

import math
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from plywright.plugins.kubb.crown import crown_lines, write_crown_template
from plywright.plugins.kubb.fieldplan import marking_steps
from plywright.plugins.kubb.locales import Texts
from plywright.plugins.kubb.options import PRESETS, KubbRules
from plywright.plugins.kubb.production import SMALL_SET, KubbProduction
from plywright.plugins.kubb.rulebook import display_name, rulebook_story, set_name, write_rulebook
from plywright.print.document import rulebook_info
from plywright.print.rulebook import PrintSetup

WORLD: dict[str, Any] = dict(PRESETS["world"]["rules"])


def pdf_text(path: Path) -> str:
    if shutil.which("pdftotext"):
        out = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, check=True)
        text = out.stdout.decode("utf-8")
    else:
        text = "\n".join(page.extract_text() for page in PdfReader(path).pages)
    return " ".join(text.split())


def plain(markup: str) -> str:
    """Markup as pdftotext reads it back: tags dropped, every run of white space (no-break
    spaces too) one space."""
    return " ".join(re.sub(r"<[^>]+>", "", markup).split())


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("kubb-rulebooks")
    made = {}
    for name, lang, rules, paper in [
        ("nl", "nl", {}, "A4"),
        ("en", "en", {}, "A4"),
        ("nl-world", "nl", WORLD, "Letter"),
        ("en-world", "en", WORLD, "Letter"),
    ]:
        path = tmp / f"{name}.pdf"
        write_rulebook(path, lang, KubbRules(**rules), KubbProduction(), PrintSetup(paper))
        made[name] = path
    return made


@pytest.mark.parametrize(
    ("name", "words"),
    [
        (
            "nl",
            [
                "Inhoud van de set",
                "basiskubbs",
                "veldkubb",
                "werpstokken",
                "koning",
                "basislijn",
                "middenlijn",
                "strafkubb",
                "De voordeellijn",
                "minstens 2 werpstokken in handen",
                "11,18 m",
                "Zo lezen wij de regels",
                "Deze variant",
            ],
        ),
        (
            "en",
            [
                "What is in the set",
                "base kubbs",
                "field kubb",
                "batons",
                "baseline",
                "centre line",
                "penalty kubb",
                "The advantage line",
                "at least 2 batons in hand",
                "11.18 m",
                "How we read the rules",
                "This variant",
            ],
        ),
    ],
)
def test_book_reads_back_in_its_language(
    books: dict[str, Path], name: str, words: list[str]
) -> None:
    text = pdf_text(books[name])
    for word in words:
        assert word in text, word


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_rule_texts_follow_the_variant(books: dict[str, Path], lang: str) -> None:
    strings = {key: plain(value) for key, value in Texts(lang).strings().items()}
    seed, world = pdf_text(books[lang]), pdf_text(books[f"{lang}-world"])
    t = Texts(lang)
    seed_rule = plain(t("king.rule_seed", count=t.count("baton", 2)))
    assert seed_rule in seed and seed_rule not in world
    first_turn = plain(
        t(
            "king.example",
            throws=t.count("baton", 4),
            kubbs=5,
            allowed=t("ordinal.5"),
            last=t("ordinal.6"),
        )
    )
    assert first_turn in seed, "the 5th baton may go at the king, the 6th never"
    assert plain(t("king.example", throws="", kubbs=5, allowed="", last="")[:20]) not in world
    assert strings["king.rule_world"] in world and strings["king.rule_world"] not in seed
    assert plain(t("play.opening_plain", batons=6)) in seed
    turns = ", ".join(
        [
            t("play.opening_first", count=t.count("baton", 2)),
            t("play.opening_second", count=t.count("baton", 4)),
        ]
    )
    assert plain(t("play.opening_list", turns=turns, count=t.count("baton", 6))) in world
    assert strings["king.early"] in seed and strings["king.early"] in world
    assert strings["decided.last_baton"] in seed and strings["decided.last_baton"] not in world
    diagonal = plain(t.m(math.hypot(8, 5)))
    assert diagonal in world  # the world field's 9.43 m diagonal


def test_penalty_distance_and_attempts_follow_the_variant(tmp_path: Path) -> None:
    path = tmp_path / "book.pdf"
    rules = KubbRules(throw_in_attempts=3, penalty_min_distance=0.5)
    write_rulebook(path, "nl", rules, KubbProduction(**SMALL_SET), PrintSetup("A4"))
    text = pdf_text(path)
    assert "Elke kubb krijgt 3 pogingen" in text
    assert "minstens één stoklengte (0,5 m)" in text
    assert "6 × 6 × 13 cm" in text  # small-set kubbs
    assert "7,5 × 7,5 × 25 cm" in text  # small-set king


@pytest.mark.parametrize(("name", "paper"), [("nl", "A4"), ("en-world", "Letter")])
def test_paper_size(books: dict[str, Path], name: str, paper: str) -> None:
    expected = [595.276, 841.89] if paper == "A4" else [612.0, 792.0]
    for page in PdfReader(books[name]).pages:
        size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
        assert size == pytest.approx(expected, abs=0.01)


def test_every_font_is_embedded(books: dict[str, Path]) -> None:
    if shutil.which("pdffonts") is None:
        pytest.skip("pdffonts (poppler-utils) not installed")
    out = subprocess.run(["pdffonts", str(books["nl"])], capture_output=True, text=True, check=True)
    rows = [line.split() for line in out.stdout.splitlines()[2:] if line.strip()]
    assert rows and all("DejaVu" in row[0] for row in rows)


def test_locales_have_the_same_keys_and_placeholders() -> None:
    nl, en = Texts("nl").strings(), Texts("en").strings()
    assert set(nl) == set(en)
    for key in en:
        assert set(re.findall(r"{(\w+)}", nl[key])) == set(re.findall(r"{(\w+)}", en[key])), key


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_every_locale_key_is_used(lang: str) -> None:
    """The rulebook for seed and world rules plus the field plan use every text."""
    used: set[str] = set()
    variants = (
        KubbRules(),
        KubbRules(**WORLD),
        KubbRules(skill=(0.3, "advanced")),
        KubbRules(king_min_batons_left=3),  # no worked example: it is written for 2
        KubbRules(opening_batons=[1, 2, 3]),  # a third opening turn
        KubbRules(  # departs from the sheet on every other point
            kubbs_per_team=4,
            kubb_spacing=1.2,
            batons=8,
            opening_batons=[8],
            throw_in_attempts=3,
            penalty_min_distance=0.5,
        ),
    )
    for rules in variants:
        texts = Texts(lang)
        rulebook_story(texts, rules, KubbProduction(), "A4")
        rulebook_info(texts, set_name(texts, rules))
        marking_steps(rules.field(), texts)
        used |= texts.used
    from plywright.plugins.kubb.fieldplan import field_plan_svg, preview_svg, write_field_plan_pdf

    texts = Texts(lang)
    field = KubbRules().field()
    field_plan_svg(field, texts, "x")
    preview_svg(field, texts, "x")
    write_field_plan_pdf(Path("/dev/null"), field, texts, "A4", "x")
    write_crown_template(Path("/dev/null"), KubbProduction(), texts, "A4")
    crown_lines(KubbProduction(), texts, "x")
    display_name(texts, 10.0, 5.0)
    used |= texts.used
    # ordinal words 1-12: a table like a number format, used as far as a variant's batons go
    unused = {key for key in set(Texts(lang).strings()) - used if not key.startswith("ordinal.")}
    assert sorted(unused) == []


def test_dutch_uses_kubb_vocabulary_not_the_seeds_torens() -> None:
    """The book's words are the players' (veldkubb, basiskubb ...); the sheet's „Torens” and
    „Ridders” appear only quoted, where the book names or quotes the sheet."""
    nl = re.sub(r"{\w+}", "", " ".join(Texts("nl").strings().values()).lower())
    for word in ("veldkubb", "basiskubb", "koning", "werpstok", "basislijn", "middenlijn"):
        assert word in nl
    unquoted = re.sub(r"„[^„”]*”", "", nl)
    for word in ("toren", "ridder", "baton", "werplijn", "naar de koning gooien", "“"):
        assert word not in unquoted, word
    assert "„torens”" in nl and "„ridders”" in nl


def test_same_variant_same_bytes(tmp_path: Path) -> None:
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for path in (a, b):
        write_rulebook(path, "nl", KubbRules(**WORLD), KubbProduction(), PrintSetup("A4"))
    assert a.read_bytes() == b.read_bytes()


def _story_text(lang: str, rules: KubbRules) -> str:
    story = rulebook_story(Texts(lang), rules, KubbProduction(), "A4")
    return " ".join(_flow_texts(story))


def _flow_texts(flowables: object) -> list[str]:
    from reportlab.platypus import Paragraph

    found: list[str] = []
    stack = list(flowables) if isinstance(flowables, list) else [flowables]
    while stack:
        f = stack.pop(0)
        if isinstance(f, Paragraph):
            found.append(f.text)
        for attr in ("_content", "_cellvalues"):
            inner = getattr(f, attr, None)
            if inner is not None:
                stack.extend(_flat(inner))
    return found


def _flat(value: object) -> list[object]:
    if isinstance(value, (list, tuple)):
        return [x for v in value for x in _flat(v)]
    return [value]


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_a_variant_that_departs_from_the_sheet_says_so_point_by_point(lang: str) -> None:
    """The world book lists its field, its 2-4-6 opening and its king rule against the sheet,
    under the World Championship title; the seed book has no such box; another departure gets
    the plain title."""
    from plywright.plugins.kubb.departures import departures

    t = Texts(lang)
    assert departures(KubbRules()) == []
    assert [d.key for d in departures(KubbRules(**WORLD))] == ["field", "opening", "king"]
    world = _story_text(lang, KubbRules(**WORLD))
    seed = _story_text(lang, KubbRules())
    assert t("variant.title_world") in world
    assert t("variant.title_world") not in seed and t("variant.title") not in seed
    assert "10 × 5" in world.replace("\xa0", " ") and "2–4–6" in world
    other = _story_text(lang, KubbRules(throw_in_attempts=3))
    assert t("variant.title") in other and t("variant.title_world") not in other
    assert [d.key for d in departures(KubbRules(throw_in_attempts=3))] == ["throw_in"]


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_the_readings_beyond_the_sheet_stand_in_the_box(lang: str) -> None:
    """Throw-in and king from the real baseline, the starting throw touching the king and (seed
    rule) the last baton felling the king are readings in "How we read the rules"."""
    t = Texts(lang)
    seed = _story_text(lang, KubbRules())
    world = _story_text(lang, KubbRules(**WORLD))
    for key in ("decided.baseline", "decided.lag"):
        assert t(key) in seed and t(key) in world
    assert t("decided.last_baton") in seed and t("decided.last_baton") not in world


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_the_flowchart_king_box_and_the_way_back_follow_the_rules(lang: str) -> None:
    from plywright.plugins.kubb.geometry import KubbField
    from plywright.plugins.kubb.rulebook import Book, _back, _flow_king

    t = Texts(lang)
    three = Book.on("A4", t, KubbRules(king_min_batons_left=3), KubbProduction())
    assert _flow_king(three) == t("flow.king", count=t.count("baton", 3), n=3)
    assert "3" in _flow_king(three) and "2" not in _flow_king(three)
    world = Book.on("A4", t, KubbRules(**WORLD), KubbProduction())
    assert _flow_king(world) == t("flow.king_world")
    # the seed sheet's own field, diagonal, batons and king condition
    back = _back(world).replace("\xa0", " ")
    seed = KubbRules()
    assert t.m(KubbField.from_rules(seed).diagonal).replace("\xa0", " ") in back
    assert f"{t.number(seed.length)} × {t.number(seed.width)}" in back
    assert t.count("baton", seed.king_min_batons_left) in back
