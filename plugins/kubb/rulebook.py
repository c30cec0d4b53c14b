"""The printable Kubb rulebook: one PDF per language, computed from the variant.

All words come from ``locales/<lang>.toml``; this module chooses, fills in and lays them out
with the shared blocks of :mod:`generator.print.document`. The field diagram is the field
plan's scene (:mod:`plugins.kubb.fieldplan`, from :class:`~plugins.kubb.geometry.KubbField`);
the appendix documents the throw model by reading :mod:`plugins.kubb.throws` and the variant's
``[rules]`` values.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer

from generator.api import Artifact
from generator.print import document as doc
from plugins.kubb import diagrams, throws
from plugins.kubb.fieldplan import field_scene
from plugins.kubb.geometry import KubbField
from plugins.kubb.locales import Texts
from plugins.kubb.production import KubbProduction

if TYPE_CHECKING:
    from generator.variant import Variant
    from plugins.kubb.options import KubbRules

PT_PER_MM = 72 / 25.4
APPENDIX_DISTANCES = (2.0, 4.0, 6.0, 8.0, 10.0)
"""Throw distances (m) of the appendix's hit-probability table."""
FIELD_SHARE = 0.85
"""Width of the field diagram as a share of the text column."""
MAX_FIGURE_HEIGHT = 235.0
"""Tallest field diagram (pt), so it shares the first page with the text before it."""
SCENE_SHARE = 0.66
"""Width of the throw-in and advantage diagrams as a share of the text column."""


class Book(doc.Book[Texts, "KubbRules", KubbProduction]):
    """Everything the sections need."""

    @property
    def field(self) -> KubbField:
        return KubbField.from_rules(self.rules)


def _opening(book: Book) -> str:
    t, r = book.t, book.rules
    if all(n == r.batons for n in r.opening_batons):
        return t("play.opening_plain", batons=r.batons)
    listed = ", ".join(
        t("play.opening_turn", turn=i, batons=n) for i, n in enumerate(r.opening_batons, 1)
    )
    return t("play.opening_list", turns=listed, batons=r.batons)


def _king_rule(book: Book) -> str:
    r = book.rules
    if r.king_rule == "seed":
        return book.t("king.rule_seed", batons=r.king_min_batons_left)
    return book.t("king.rule_world")


# -- sections -------------------------------------------------------------------------------


def _title(book: Book) -> list[Flowable]:
    t, s = book.t, book.styles
    aim = [Paragraph(t("intro.aim_title"), s.box_title), Paragraph(t("intro.aim"), s.body)]
    return [
        Paragraph(t("meta.title"), s.title),
        Paragraph(t("meta.subtitle"), s.subtitle),
        book.para("intro.text"),
        doc.note_box(aim, s, book.width),
    ]


def _contents(book: Book) -> list[Flowable]:
    t, p, r = book.t, book.production, book.rules
    rows = [
        [
            t("contents.king"),
            "1",
            t(
                "contents.size_square",
                side=t.number(p.king_width / 10),
                length=t.number(p.king_height / 10),
            ),
        ],
        [
            t("contents.kubbs"),
            str(2 * r.kubbs_per_team),
            t(
                "contents.size_square",
                side=t.number(p.kubb_width / 10),
                length=t.number(p.kubb_height / 10),
            ),
        ],
        [
            t("contents.batons"),
            str(r.batons),
            t(
                "contents.size_round",
                diameter=t.number(p.baton_diameter / 10),
                length=t.number(p.baton_length / 10),
            ),
        ],
        [
            t("contents.stakes"),
            str(p.stakes),
            t(
                "contents.size_square",
                side=t.number(p.stake_width / 10),
                length=t.number(p.stake_length / 10),
            ),
        ],
    ]
    table = doc.data_table(
        [t("contents.col_piece"), t("contents.col_count"), t("contents.col_size")],
        rows,
        book.styles,
        [book.width * 0.4, book.width * 0.15, book.width * 0.45],
    )
    return [book.heading("contents.heading"), book.para("contents.text"), table]


def _field(book: Book) -> list[Flowable]:
    f, t = book.field, book.t
    figure = book.width * FIELD_SHARE
    unit = (f.length * 1.3) / (figure / PT_PER_MM)
    scene = field_scene(f, t, unit)
    x0, y0, x1, y1 = scene.bounds
    figure = min(figure, MAX_FIGURE_HEIGHT * (x1 - x0) / (y1 - y0))
    drawing = diagrams.to_drawing(scene, figure)
    return [
        book.heading("field.heading"),
        book.para(
            "field.text",
            length=t.m(f.length),
            width=t.m(f.width),
            kubbs=f.kubbs_per_team,
            spacing=t.m(f.kubb_spacing),
        ),
        KeepTogether(
            [
                doc.Diagram(drawing),
                Spacer(1, 3),
                book.caption("field.caption", diagonal=t.m(f.diagonal)),
            ]
        ),
        book.para("field.marking", diagonal=t.m(f.diagonal)),
    ]


def _start(book: Book) -> list[Flowable]:
    return [book.heading("start.heading"), book.para("start.text")]


def _turn(book: Book) -> list[Flowable]:
    t, r = book.t, book.rules
    steps = [
        t("flow.throw_in", attempts=r.throw_in_attempts),
        t("flow.penalty"),
        t("flow.batons"),
        t("flow.king"),
        t("flow.next"),
    ]
    flow = diagrams.flow_drawing(steps, t("flow.loop"), book.width * 0.42)
    text = [
        book.para("play.turn"),
        Paragraph(_opening(book), book.styles.body),
        book.bullet(book.t("play.order_field")),
        book.bullet(book.t("play.order_base")),
        book.bullet(book.t("play.order_raise")),
        book.bullet(book.t("play.order_king")),
        book.para("play.underhand"),
    ]
    figure = [doc.Diagram(flow), Spacer(1, 3), book.caption("flow.caption")]
    return [book.heading("play.heading"), book.side_by_side(text, figure, 0.56)]


def _throw_in(book: Book) -> list[Flowable]:
    t, r, f = book.t, book.rules, book.field
    labels = {
        "out": t("throw_in.label_out"),
        "penalty": t("throw_in.label_penalty"),
        "field": t("throw_in.label_field"),
        "thrower": t("throw_in.label_thrower"),
    }
    scene = diagrams.throw_in_scene(f, r.penalty_min_distance, labels)
    drawing = diagrams.to_drawing(scene, book.width * SCENE_SHARE)
    return [
        book.heading("throw_in.heading"),
        book.para("throw_in.text", attempts=r.throw_in_attempts),
        book.para("throw_in.penalty", distance=t.m(r.penalty_min_distance)),
        KeepTogether(
            [
                doc.Diagram(drawing),
                Spacer(1, 3),
                book.caption("throw_in.caption", distance=t.m(r.penalty_min_distance)),
            ]
        ),
    ]


def _advantage(book: Book) -> list[Flowable]:
    t, f = book.t, book.field
    labels = {"line": t("advantage.label_line"), "baseline": t("advantage.label_baseline")}
    drawing = diagrams.to_drawing(diagrams.advantage_scene(f, labels), book.width * SCENE_SHARE)
    return [
        book.heading("advantage.heading"),
        book.para("advantage.text"),
        book.para("advantage.back"),
        KeepTogether([doc.Diagram(drawing), Spacer(1, 3), book.caption("advantage.caption")]),
    ]


def _king(book: Book) -> list[Flowable]:
    rule = Paragraph(_king_rule(book), book.styles.body)
    warning = [Paragraph(book.t("king.early"), book.styles.body)]
    box = doc.note_box(warning, book.styles, book.width)
    return [KeepTogether([book.heading("king.heading"), rule, book.para("king.win"), box])]


def _facts(book: Book) -> list[Flowable]:
    t, r, f = book.t, book.rules, book.field
    rows = [
        (
            t("facts.field"),
            t("facts.field_size", length=t.number(f.length), width=t.number(f.width)),
        ),
        (t("facts.diagonal"), t.m(f.diagonal)),
        (t("facts.kubbs"), f"{r.kubbs_per_team} × 2"),
        (t("facts.spacing"), t.m(r.kubb_spacing)),
        (t("facts.batons"), str(r.batons)),
        (t("facts.opening"), " – ".join(str(n) for n in r.opening_batons)),
        (t("facts.throw_in"), str(r.throw_in_attempts)),
        (t("facts.penalty"), t.m(r.penalty_min_distance)),
        (t("facts.king_rule"), t(f"facts.king_{r.king_rule}", batons=r.king_min_batons_left)),
        (t("facts.max_turns"), str(r.max_turns)),
    ]
    box = doc.facts_box(t("facts.title"), rows, book.styles, book.width * 0.62)
    return [Spacer(1, 6), KeepTogether([box])]


def _appendix(book: Book) -> list[Flowable]:
    t, r, s = book.t, book.rules, book.styles
    skills = r.team_skills()
    levels = [(t(f"appendix.level_{name}"), value) for name, value in throws.SKILL_LEVELS.items()]
    levels += [
        (t("appendix.level_team", team=i + 1), v)
        for i, v in enumerate(skills)
        if v not in throws.SKILL_LEVELS.values()
    ]
    header = [t("appendix.col_level")] + [t.m(d) for d in APPENDIX_DISTANCES]
    rows = [
        [f"{label} ({t.number(value * 100, 0)} %)"]
        + [
            f"{t.number(throws.hit_probability(d, value, r.max_hit) * 100, 0)} %"
            for d in APPENDIX_DISTANCES
        ]
        for label, value in levels
    ]
    first = book.width * 0.34
    table = doc.data_table(
        header, rows, s, [first] + [(book.width - first) / len(APPENDIX_DISTANCES)] * 5
    )
    skill_text = ", ".join(t.number(v * 100, 0) + " %" for v in skills)
    params = [
        ("appendix.p_skill", {"value": skill_text}),
        ("appendix.p_max_hit", {"value": t.number(r.max_hit * 100, 0)}),
        (
            "appendix.p_neighbour",
            {"radius": t.m(r.neighbour_radius), "chance": t.number(r.neighbour_chance * 100, 0)},
        ),
        ("appendix.p_group", {"radius": t.m(r.neighbour_radius), "reach": t.m(r.hit_reach)}),
        (
            "appendix.p_king",
            {"radius": t.m(r.king_radius), "chance": t.number(r.king_chance * 100, 0)},
        ),
        (
            "appendix.p_throw_in",
            {"spread": t.m(r.throw_in_spread), "fail": t.number(r.throw_in_fail * 100, 0)},
        ),
    ]
    return [
        book.heading("appendix.heading"),
        book.para("appendix.text", reference=t.m(throws.REFERENCE_DISTANCE)),
        book.para(
            "appendix.formula",
            reference=t.number(throws.REFERENCE_DISTANCE),
            reference_m=t.m(throws.REFERENCE_DISTANCE),
        ),
        table,
        Spacer(1, 3),
        Paragraph(t("appendix.table_caption"), s.caption),
        Spacer(1, 6),
        *(book.bullet(book.t(key, **values)) for key, values in params),
        book.para("appendix.anchors"),
    ]


SECTIONS = (
    _title,
    _contents,
    _field,
    _start,
    _turn,
    _throw_in,
    _advantage,
    _king,
    _facts,
    _appendix,
)


def rulebook_story(
    t: Texts, rules: KubbRules, production: KubbProduction, paper: str
) -> list[Flowable]:
    """The flowables of the rulebook in the language of ``t``."""
    return doc.sections_story(SECTIONS, Book.on(paper, t, rules, production), 4)


def write_rulebook(
    path: Path,
    lang: str,
    rules: KubbRules,
    production: KubbProduction,
    paper: str,
    variant_name: str = "seed",
) -> int:
    """Write the rulebook PDF in ``lang`` on ``paper``; returns its page count."""
    t = Texts(lang)
    story = rulebook_story(t, rules, production, paper)
    return doc.write_rulebook(path, story, t, paper=paper, variant_name=variant_name)


def rulebook_artifacts(variant: Variant) -> list[Artifact]:
    """One ``print/rulebook`` artifact per language of ``variant.print.languages``."""
    from plugins.kubb.options import KubbRules

    return doc.variant_rulebooks(variant, KubbRules, KubbProduction, write_rulebook)
