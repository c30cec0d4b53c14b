"""The Kubb prints read back as a player reads them: both example presets, both languages.

Sizes (rulebook body ≥ 9.5 pt; captions, tables, legends and labels ≥ 8 pt; nothing below
6 pt), the variant's numbers in the text, no internal names on a player's page, every page in
its own language, no simulation sheet for players, and the numbers the diagrams draw equal to
the variant's.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest
from pdfread import page_texts, smallest, text_runs

from plywright.build import build
from plywright.plugins.kubb import diagrams as dg
from plywright.plugins.kubb import fieldplan as fp
from plywright.plugins.kubb.fieldplan import field_scene
from plywright.plugins.kubb.geometry import KubbField
from plywright.plugins.kubb.locales import Texts
from plywright.plugins.kubb.options import KubbRules
from plywright.print.scalebar import scale_check_label
from plywright.registry import load_registry
from plywright.scenarios import replay
from plywright.variant import Variant, load_variant

ROOT = Path(__file__).resolve().parents[2]
KUBB = load_registry().game("kubb")
PRESETS = ("seed", "world")
LANGS = ("nl", "en")
PLAYER_PRINTS = ("rulebook", "field-plan")
CROWN = "crown-template-{lang}-a4"
WORDS = {
    "nl": {"de", "het", "een", "van", "op", "je", "en", "is", "met", "naar"},
    "en": {"the", "a", "of", "to", "you", "and", "is", "with", "on", "at"},
}
BODY = {
    "rulebook": ("intro.text", "field.text", "start.text", "play.turn", "advantage.text",
                 "king.win"),
}  # fmt: skip
"""Paragraphs of body text in each print."""
INTERNAL = re.compile(r"\[\w+\]|\berf|\b[a-z]+_[a-z_]+\b|CUT_|ENGRAVE_")
"""A table name, the erf/erfinv formula, a snake_case field name, a layer code."""


@pytest.fixture(scope="module")
def prints(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Any, Variant]]:
    registry = load_registry()
    made = {}
    for preset in PRESETS:
        variant = load_variant(ROOT / f"examples/kubb-{preset}.toml", registry)
        out = tmp_path_factory.mktemp(f"kubb-{preset}")
        result = build(registry, variant, out, only=["print"])
        made[preset] = (result.folder, result.manifest, variant)
    return made


def rules_of(variant: Variant) -> KubbRules:
    return variant.table(KubbRules)


def running_texts(t: Texts, name: str) -> set[str]:
    """Header and footer strings of the core's page furniture (sized by the core)."""
    return {
        t("meta.header"),
        name,
        t("meta.footer", variant=name),
    }


@pytest.mark.parametrize("preset", PRESETS)
def test_no_simulation_sheet_for_players(
    prints: dict[str, tuple[Path, Any, Variant]], preset: str
) -> None:
    folder, manifest, _ = prints[preset]
    paths = {a["path"] for a in manifest["artifacts"]}
    assert not [p for p in paths if "simulation" in p]
    assert not list(folder.glob("print/simulation*"))


def player_pages(folder: Path, lang: str) -> list[str]:
    """Every page a player reads in ``lang``: rulebook, field plan, crown template."""
    names = [*(f"{kind}-{lang}" for kind in PLAYER_PRINTS), CROWN.format(lang=lang)]
    return [text for name in names for text in page_texts(folder / f"print/{name}.pdf")]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("lang", LANGS)
def test_no_file_name_and_no_tool_on_a_players_page(
    prints: dict[str, tuple[Path, Any, Variant]], preset: str, lang: str
) -> None:
    folder, _, variant = prints[preset]
    r = rules_of(variant)
    display = Texts(lang)("meta.display", length=f"{r.length:g}", width=f"{r.width:g}")
    pages = player_pages(folder, lang)
    book = len(pages) - 2 - 1
    assert book == 4, "the rulebook is four pages, the world book's departures box included"
    for number, text in enumerate(pages, 1):
        low = text.lower()
        assert variant.name not in text and "kubb-" not in low, number
        for word in ("plywright", "simulat", "the check", "de controle"):
            assert word not in low, (number, word)
    flat = [" ".join(page.split()) for page in pages]
    field_plan, crown = flat[book:-1], flat[-1]
    assert all(" ".join(display.split()) in page for page in field_plan), "the field heads it"
    # the crown is the same for every field: its page names the set, not a field
    assert Texts(lang)("crown.set") in crown and display not in crown


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_crown_template_is_one_true_size_page(
    prints: dict[str, tuple[Path, Any, Variant]], preset: str, lang: str
) -> None:
    from pypdf import PdfReader

    folder, manifest, _ = prints[preset]
    t = Texts(lang)
    path = folder / f"print/{CROWN.format(lang=lang)}.pdf"
    assert len(PdfReader(path).pages) == 1, "no reduced overview page"
    [text] = page_texts(path)
    flat = " ".join(text.split())
    for key in ("crown.title", "crown.top", "crown.guide", "crown.use", "crown.print_note"):
        assert " ".join(t(key).split()) in flat, key
    assert " ".join(scale_check_label(lang).split()) in flat  # true on a 1:1 page
    kinds = {a["path"]: a["kind"] for a in manifest["artifacts"]}
    assert kinds[f"print/{CROWN.format(lang=lang)}.pdf"] == "print/template"


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", PLAYER_PRINTS)
def test_type_is_readable(
    prints: dict[str, tuple[Path, Any, Variant]], preset: str, lang: str, kind: str
) -> None:
    folder, _, variant = prints[preset]
    t = Texts(lang)
    runs = text_runs(folder / f"print/{kind}-{lang}.pdf")
    assert smallest(runs).size >= 6, smallest(runs)
    furniture = running_texts(t, variant.name)
    core_bar = {scale_check_label(lang), "0", "50", "100 mm"}
    small = [
        r
        for r in runs
        if r.size < 8
        and not any(r.text in f or f.startswith(r.text) for f in furniture)
        and not r.text.startswith(t.raw("meta.page").split("{")[0].strip())
        and r.text not in core_bar
    ]
    assert small == [], small[:5]
    if kind != "field-plan":
        keys = BODY[kind]
        paragraphs = [" ".join(re.sub(r"<[^>]+>|{\w+}", " ", t.raw(k)).split()) for k in keys]
        body = [
            r
            for r in runs
            if len(r.text) > 25 and any(" ".join(r.text.split()) in p for p in paragraphs)
        ]
        assert len(body) >= len(keys), "the body paragraphs are found"
        assert min(r.size for r in body) >= 9.5, "body text below 9.5 pt"


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", (*PLAYER_PRINTS, "crown"))
def test_every_page_is_in_its_language(
    prints: dict[str, tuple[Path, Any, Variant]], preset: str, lang: str, kind: str
) -> None:
    folder = prints[preset][0]
    other = "en" if lang == "nl" else "nl"
    name = CROWN.format(lang=lang) if kind == "crown" else f"{kind}-{lang}"
    for number, text in enumerate(page_texts(folder / f"print/{name}.pdf"), 1):
        words = [w.lower() for w in re.findall(r"[^\W\d_]+", text)]
        mine = sum(w in WORDS[lang] for w in words)
        theirs = sum(w in WORDS[other] for w in words)
        assert mine >= 5 and mine > 2 * theirs, f"page {number}: {mine} vs {theirs}"


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", PLAYER_PRINTS)
def test_no_internal_names_on_a_players_page(
    prints: dict[str, tuple[Path, Any, Variant]], preset: str, lang: str, kind: str
) -> None:
    folder = prints[preset][0]
    for number, text in enumerate(page_texts(folder / f"print/{kind}-{lang}.pdf"), 1):
        found = INTERNAL.findall(text)
        assert found == [], f"page {number}: {found}"


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_rulebook_states_the_variants_numbers(
    prints: dict[str, tuple[Path, Any, Variant]], preset: str, lang: str
) -> None:
    folder, _, variant = prints[preset]
    r, t = rules_of(variant), Texts(lang)
    f = KubbField.from_rules(r)
    text = " ".join(page_texts(folder / f"print/rulebook-{lang}.pdf"))
    kubbs = t("contents.kubbs")
    assert f"{kubbs} {2 * r.kubbs_per_team} " in text
    assert f"{t('contents.batons')} {r.batons} " in text
    assert not re.search(r"× 2(?![,.\d])", text), "base kubbs per team are one number"
    for length in (f.length, f.width, f.diagonal):
        assert " ".join(t.m(length).split()) in text
    wrong = {"nl": ("werplijn", "halve diagonaal", "niet al in de eerste beurt aflopen"),
             "en": ("half diagonal", "stops the game from ending in the first turn")}[lang]  # fmt: skip
    for phrase in wrong:
        assert phrase not in text
    for key in ("landed", "raise", "felled", "king", "place"):
        assert " ".join(t(f"decided.{key}").split())[:40] in text, key


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_field_plan_states_realistic_tapes(
    prints: dict[str, tuple[Path, Any, Variant]], preset: str, lang: str
) -> None:
    folder, _, variant = prints[preset]
    t = Texts(lang)
    f = KubbField.from_rules(rules_of(variant))
    text = " ".join(page_texts(folder / f"print/field-plan-{lang}.pdf"))
    assert " ".join(t.m(math.ceil(f.diagonal)).split()) in text
    assert " ".join(t.m(f.diagonal).split()) in text
    assert t("fieldplan.measure_half_diagonal") in text
    assert ("basislijn" in text) == (lang == "nl") and "werplijn" not in text


# -- what the diagrams draw -------------------------------------------------------------------


def _labels(lang: str) -> dict[str, str]:
    t = Texts(lang)
    keys = ("out", "out_again", "penalty", "field", "thrower", "line", "baseline")
    return {k: t(f"throw_in.label_{k}") if k not in ("line", "baseline") else
            t(f"advantage.label_{k}") for k in keys}  # fmt: skip


def _fields() -> list[KubbField]:
    registry = load_registry()
    fields = [
        KubbField.from_rules(rules_of(load_variant(ROOT / f"examples/kubb-{p}.toml", registry)))
        for p in PRESETS
    ]
    return [*fields, KubbField(10.0, 5.0, 6, 0.8)]


@pytest.mark.parametrize("field", _fields())
def test_the_field_drawing_draws_the_variants_kubbs_and_stakes(field: KubbField) -> None:
    scene = field_scene(field, Texts("nl"), 0.1)
    for team in (0, 1):
        drawn = [s for s in scene.shapes if s.layer == "base-kubbs" and s.stroke == dg.TEAM[team]]
        assert len(drawn) == field.kubbs_per_team
        assert {s.points[0] for s in drawn} == set(field.base_positions(team))
    assert sum(1 for s in scene.shapes if s.layer == "stakes") == 6


@pytest.mark.parametrize("scenario", ["throw-in-penalty", "throw-in-penalty-world"])
def test_the_throw_in_diagram_draws_its_scenario(scenario: str) -> None:
    run = replay(KUBB, scenario)
    state = run.state
    field = state.game.field
    scene = dg.throw_in_scene(state, _labels("nl"))
    k = field.kubbs_per_team
    assert dg.kubbs_drawn(scene, 1, "base") == k, "team 2 keeps its base kubbs"
    assert dg.kubbs_drawn(scene, 0, "field") == 3, "two landed and one penalty kubb"
    assert dg.kubbs_drawn(scene, 0, "base") == 2, "the rest stand on the line"
    heads = [s for s in scene.shapes if s.kind == "polygon" and s.fill == dg.TEAM[0]]
    assert len(heads) == 4, "two throws landed, the penalty kubb missed twice: all team 1's"
    distance = state.game.rules.penalty_min_distance
    circles = {s.points[0] for s in scene.shapes if s.kind == "circle" and s.radius == distance}
    stakes = {field.king, *field.centre_stakes, field.corners[2], field.corners[3]}
    assert circles == stakes, "a circle round the king and every stake of team 2's half"
    drawn = sorted(s.points[0] for s in scene.shapes if s.layer == "kubb-0-field")
    assert drawn == sorted(tuple(p) for p in run.facts["field_at"].values()), "where it played"
    for p in drawn:
        assert field.landed(1, p)
        assert all(math.dist(p, c) >= distance for c in stakes)
    # no throw-in arrow runs through the king's circle (the world book's did)
    arrows = [s for s in scene.shapes if s.kind == "line" and s.stroke == dg.TEAM[0] and s.dash]
    assert len(arrows) == 4
    for shaft in arrows:
        (ax, ay), (bx, by) = shaft.points
        kx, ky = field.king
        u = max(0.0, min(1.0, ((kx - ax) * (bx - ax) + (ky - ay) * (by - ay)) / math.dist(
            (ax, ay), (bx, by)) ** 2))  # fmt: skip
        assert math.dist((kx, ky), (ax + u * (bx - ax), ay + u * (by - ay))) > distance + 0.1


def test_the_misses_labels_keep_apart() -> None:
    """The first miss's label ends before the second miss's arrow (the English "missed" ran
    into "missed again")."""
    run = replay(KUBB, "throw-in-penalty")
    for lang in ("nl", "en"):
        scene = dg.throw_in_scene(run.state, _labels(lang), 259.0)
        k = dg.scene_scale(scene, 259.0)
        first = next(s for s in scene.shapes if s.kind == "text" and s.text == _labels(lang)["out"])
        tips = sorted(s.points[-1][0] for s in scene.shapes if s.kind == "line" and s.dash and
                      s.points[-1][1] > run.state.game.field.width)  # fmt: skip
        assert len(tips) == 2
        assert dg.label_box(first, k)[2] < tips[1] - 0.25


@pytest.mark.parametrize("scenario", ["advantage-line", "advantage-line-world"])
def test_the_advantage_diagram_draws_its_scenario(scenario: str) -> None:
    run = replay(KUBB, scenario)
    chosen = run.states[1]
    field = chosen.game.field
    first = next(line for line in run.state.record_lines() if line["throw"] == "baton")
    scene = dg.advantage_scene(chosen, first["target"], _labels("nl"))
    k = field.kubbs_per_team
    assert dg.kubbs_drawn(scene, 0, "field") == 2
    assert dg.kubbs_drawn(scene, 0, "base") == k - 2
    assert dg.kubbs_drawn(scene, 1, "base") == k
    total = sum(s.layer.startswith("kubb-") for s in scene.shapes)
    assert total == 2 * k, "10 kubbs on a 5-a-side field, not 12"
    line_x = run.facts["lines"][0]
    assert any(
        s.kind == "line" and s.stroke == dg.PENALTY and s.points[0][0] == line_x
        for s in scene.shapes
    ), "the advantage line where the batons were thrown from"
    throw = next(s for s in scene.shapes if s.kind == "line" and s.stroke == dg.TEAM[1])
    (ax, ay), (bx, by) = throw.points
    kx, ky = field.king
    u = max(0.0, min(1.0, ((kx - ax) * (bx - ax) + (ky - ay) * (by - ay)) / math.dist(
        (ax, ay), (bx, by)) ** 2))  # fmt: skip
    assert math.dist((kx, ky), (ax + u * (bx - ax), ay + u * (by - ay))) > 0.8, "not past the king"


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_field_plan_steps_take_the_largest_type_that_fits(lang: str, paper: str) -> None:
    for field in (KubbField(8.0, 5.0), KubbField(10.0, 5.0)):
        t, page = Texts(lang), fp.plan_page(field, paper).page_mm
        scale, share = fp.steps_layout(field, t, page)
        assert scale > 1.0 and fp._steps_page(None, field, t, page, scale, share)
        larger = [s for s in fp.STEP_SCALES if s > scale]
        if larger:
            assert not any(
                fp._steps_page(None, field, t, page, min(larger), sh) for sh in fp.STEP_SHARES
            )


@pytest.mark.parametrize("lang", ["nl", "en"])
@pytest.mark.parametrize(
    ("scenario", "kind"),
    [
        ("throw-in-penalty", "throw_in"),
        ("throw-in-penalty-world", "throw_in"),
        ("advantage-line", "advantage"),
        ("advantage-line-world", "advantage"),
    ],
)
@pytest.mark.parametrize("paper", ["A4", "Letter", None])
def test_the_scene_labels_keep_clear_of_the_lines(
    lang: str, scenario: str, kind: str, paper: str | None
) -> None:
    """No label of a rulebook scene is struck by a line (the world book's "strafkubb" was cut
    by team 2's baseline, its "veldkubbs" touched it; at the A4 book's width, 259 pt, its
    advantage-line "veldkubbs" ran across team 2's baseline), at the width the book draws
    the scene (``None``: the default 360 pt)."""
    from plywright.plugins.kubb.production import KubbProduction
    from plywright.plugins.kubb.rulebook import SCENE_SHARE, Book

    run = replay(KUBB, scenario)
    width = dg.SCENE_WIDTH
    if paper is not None:
        book = Book.on(paper, Texts(lang), KubbRules(), KubbProduction())
        width = book.width * SCENE_SHARE
    if kind == "throw_in":
        scene = dg.throw_in_scene(run.state, _labels(lang), width)
    else:
        first = next(line for line in run.state.record_lines() if line["throw"] == "baton")
        scene = dg.advantage_scene(run.states[1], first["target"], _labels(lang), width)
    k = dg.scene_scale(scene, width)
    assert dg.vertical_lines(scene), "the baselines and the centre line are measured"
    assert dg.crossings(scene, k) == []
