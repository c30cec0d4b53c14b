"""The "how we simulate" sheet: the throw model of :mod:`plugins.kubb.throws` in words, with
the variant's values, one PDF per language (``print/simulation-<lang>.pdf``).

It is the part of the rules a club does not need: what the playability check assumes about
throws. The words come from ``locales/<lang>.toml`` (``simulation.*``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer

from generator.api import Artifact
from generator.build import in_folder
from generator.print import document as doc
from plugins.kubb import throws
from plugins.kubb.geometry import KubbField
from plugins.kubb.locales import Texts
from plugins.kubb.production import KubbProduction
from plugins.kubb.rulebook import Book, set_name

if TYPE_CHECKING:
    from generator.variant import Variant
    from plugins.kubb.options import KubbRules

DISTANCES = (2.0, 4.0, 6.0, 8.0, 10.0)
"""Throw distances (m) of the hit-chance table."""
NBSP = "\u00a0"


def _percent(t: Texts, share: float) -> str:
    return f"{t.number(share * 100, 0)}{NBSP}%"


def _skills(t: Texts, skills: Sequence[float]) -> str:
    """The teams' skills, once when they are all the same."""
    if len(set(skills)) == 1:
        return t("simulation.both_teams", value=_percent(t, skills[0]))
    return ", ".join(
        f"{t('simulation.level_team', team=i + 1)}: {_percent(t, v)}" for i, v in enumerate(skills)
    )


def _intro(book: Book) -> list[Flowable]:
    t, s = book.t, book.styles
    return [
        Paragraph(t("simulation.title"), s.title),
        Paragraph(t("simulation.subtitle"), s.subtitle),
        book.para("simulation.text"),
    ]


def _model(book: Book) -> list[Flowable]:
    t, r, s = book.t, book.rules, book.styles
    skills = r.team_skills()
    levels = [(t(f"simulation.level_{name}"), v) for name, v in throws.SKILL_LEVELS.items()]
    levels += [
        (t("simulation.level_team", team=i + 1), v)
        for i, v in enumerate(skills)
        if v not in throws.SKILL_LEVELS.values()
    ]
    header = [t("simulation.col_level")] + [t.m(d) for d in DISTANCES]
    rows = [
        [f"{label} ({_percent(t, value)})"]
        + [_percent(t, throws.hit_probability(d, value, r.max_hit)) for d in DISTANCES]
        for label, value in levels
    ]
    first = book.width * 0.34
    table = doc.data_table(
        header, rows, s, [first] + [(book.width - first) / len(DISTANCES)] * len(DISTANCES)
    )
    reference = t.m(throws.REFERENCE_DISTANCE)
    field_length = KubbField.from_rules(r).length
    params = [
        (
            "simulation.p_skill",
            {"value": _skills(t, skills)},
        ),
        (
            "simulation.p_field",
            {
                "length": t.m(field_length),
                "share": _percent(
                    t, throws.hit_probability(field_length, throws.CLUB_SKILL, r.max_hit)
                ),
            },
        ),
        ("simulation.p_max_hit", {"value": t.number(r.max_hit * 100, 0)}),
        (
            "simulation.p_neighbour",
            {"radius": t.m(r.neighbour_radius), "chance": t.number(r.neighbour_chance * 100, 0)},
        ),
        ("simulation.p_group", {"radius": t.m(r.neighbour_radius), "reach": t.m(r.hit_reach)}),
        (
            "simulation.p_king",
            {"radius": t.m(r.king_radius), "chance": t.number(r.king_chance * 100, 0)},
        ),
        (
            "simulation.p_throw_in",
            {
                "reference": reference,
                "spread": t.m(r.throw_in_spread),
                "fail": t.number(r.throw_in_fail * 100, 0),
            },
        ),
        ("simulation.p_not_modelled", {}),
    ]
    return [
        book.heading("simulation.model_heading"),
        book.para("simulation.model", reference=reference),
        KeepTogether([table, Spacer(1, 3), Paragraph(t("simulation.table_caption"), s.caption)]),
        Spacer(1, 8),
        *(book.bullet(t(key, **values)) for key, values in params),
        Spacer(1, 4),
        book.para("simulation.anchors"),
    ]


def _settings(book: Book) -> list[Flowable]:
    t, r = book.t, book.rules
    rows = [(t("simulation.max_turns"), str(r.max_turns))]
    box = doc.facts_box(t("simulation.facts_title"), rows, book.styles, book.width * 0.75, 0.2)
    return [Spacer(1, 4), KeepTogether([box]), Spacer(1, 8), book.para("simulation.check")]


SECTIONS = (_intro, _model, _settings)


def simulation_story(
    t: Texts, rules: KubbRules, production: KubbProduction, paper: str
) -> list[Flowable]:
    """The flowables of the sheet in the language of ``t``."""
    return doc.sections_story(SECTIONS, Book.on(paper, t, rules, production), 4)


def write_simulation_sheet(
    path: Path, lang: str, rules: KubbRules, production: KubbProduction, paper: str
) -> int:
    """Write the sheet in ``lang`` on ``paper``; returns its page count."""
    t = Texts(lang)
    story = simulation_story(t, rules, production, paper)
    return doc.build_pdf(path, story, paper=paper, info=simulation_info(t, set_name(t, rules)))


def simulation_info(t: Texts, name: str) -> doc.DocumentInfo:
    """Metadata, header and footer of the sheet."""
    return doc.DocumentInfo(
        title=t("simulation.title"),
        lang=t.lang,
        subject=t("simulation.subject"),
        header_left=t("simulation.header"),
        footer_left=t("meta.footer", variant=name),
        page_label=t.raw("meta.page"),
    )


def simulation_artifacts(variant: Variant) -> list[Artifact]:
    """One ``print/sheet`` artifact per language: ``print/simulation-<lang>.pdf``."""
    from plugins.kubb.options import KubbRules

    rules, production = variant.table(KubbRules), variant.table(KubbProduction)
    paper = variant.print.paper

    def writer(lang: str):  # type: ignore[no-untyped-def]
        def write(path: Path) -> None:
            write_simulation_sheet(path, lang, rules, production, paper)

        return write

    return [
        Artifact(
            "print/sheet",
            f"print/simulation-{lang}.pdf",
            f"how the check simulates this variant: the throw model and its values ({lang})",
            in_folder(writer(lang)),
            lang=lang,
        )
        for lang in variant.print.languages
    ]
