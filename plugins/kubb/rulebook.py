"""The printable Kubb rulebook: one PDF per language, computed from the variant.

All words come from ``locales/<lang>.toml``; this module chooses, fills in and lays them out
with the shared blocks of :mod:`plywright.print.document`. The field diagram is the field
plan's scene (:mod:`plywright.plugins.kubb.fieldplan`, from
:class:`~plywright.plugins.kubb.geometry.KubbField`). The book is for players: the throw model of
the simulation is documented in :mod:`plywright.plugins.kubb.throws`, not printed. Every worked
example and play diagram is drawn from a scenario (``scenarios/*.toml``) through
:func:`plywright.scenarios.replay`, so a rule the engine no longer plays as the book says fails the
build.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.graphics.shapes import Drawing
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, TableStyle

from plywright.api import Artifact
from plywright.plugins.kubb import diagrams
from plywright.plugins.kubb.departures import Departure, departures, seed_rules, world_rules
from plywright.plugins.kubb.fieldplan import field_scene
from plywright.plugins.kubb.geometry import KubbField
from plywright.plugins.kubb.locales import Texts
from plywright.plugins.kubb.production import KubbProduction
from plywright.plugins.kubb.scenario_book import BOOK
from plywright.print import document as doc
from plywright.scenarios import ScenarioError, ScenarioRun, example_run, replay

if TYPE_CHECKING:
    from plywright.plugins.kubb.options import KubbRules
    from plywright.variant import Variant

PT_PER_MM = 72 / 25.4
FIELD_SHARE = 0.9
"""Width of the field diagram as a share of the text column."""
MAX_FIGURE_HEIGHT = 235.0
"""Tallest field diagram (pt), so it shares the first page with the text before it."""
SCENE_SHARE = 0.52
"""Width of the throw-in and advantage diagrams as a share of the text column."""
FLOW_SHARE = 0.4
"""Width of the turn's flow chart as a share of the text column (the rules take the rest)."""
COLUMN_GAP = 12.0
"""Gap (pt) between the two columns of :meth:`Book.side_by_side`."""
CELL_PAD = 6.0
"""Left plus right padding (pt) of a table cell (ReportLab's default 6 pt each side, less the
diagram's own margin)."""


class Book(doc.Book[Texts, "KubbRules", KubbProduction]):
    """Everything the sections need."""

    @property
    def field(self) -> KubbField:
        return KubbField.from_rules(self.rules)


def _opening(book: Book) -> str:
    """How many batons each of the first turns has, said per team (turn 1 is the starting
    team's, turn 2 the other's); trailing turns that have the usual number are left out."""
    t, r = book.t, book.rules
    listed = list(r.opening_batons)
    while listed and listed[-1] == r.batons:
        listed.pop()
    if not listed:
        return t("play.opening_plain", batons=r.batons)
    parts = []
    for turn, n in enumerate(listed, 1):
        key = {1: "play.opening_first", 2: "play.opening_second"}.get(turn, "play.opening_later")
        parts.append(t(key, turn=turn, count=t.count("baton", n)))
    return t("play.opening_list", turns=", ".join(parts), count=t.count("baton", r.batons))


KING_EXAMPLE = ("king-fifth-not-sixth", "king-after-three")
"""The scenarios the seed king rule's worked example is drawn from: the base kubbs cleared
with the most batons that still leaves a throw at the king, and cleared with fewer (every next
baton but the last may go at the king)."""
THROW_IN = ("throw-in-penalty", "throw-in-penalty-world")
"""The scenarios the throw-in diagram may be drawn from: the first written for the variant's
rules (else the first, under its own rules)."""
ADVANTAGE = ("advantage-line", "advantage-line-world")
"""The same for the advantage-line diagram."""


def _scenario_run(book: Book, ids: Sequence[str]) -> ScenarioRun:
    """The run of the first scenario of ``ids`` written for the book's rules that plays
    under them; if none does, the first under its own rules (:class:`ScenarioError` when the
    engine no longer plays it as written)."""
    found = example_run(BOOK, ids, book.rules)
    return found[1] if found is not None else replay(BOOK, ids[0])


def _king_example(book: Book) -> str | None:
    """The seed rule's worked example, drawn from :data:`KING_EXAMPLE`: with how many batons
    the base kubbs must fall for a throw at the king, and which baton never goes at him
    (``None`` for rules the scenarios are not written for)."""
    t, r = book.t, book.rules
    found = [example_run(BOOK, [scenario], r) for scenario in KING_EXAMPLE]
    if None in found:
        return None
    most, fewer = (run[1].facts["king_batons"] for run in found if run is not None)
    [allowed] = most["allowed"]
    [last] = most["refused"]
    if fewer["refused"] != [last] or fewer["allowed"] != list(range(fewer["allowed"][0], last)):
        raise ScenarioError(
            f"{KING_EXAMPLE[1]}: the example says every next baton but the {last}th may go "
            f"at the king, the scenario has {fewer}"
        )
    return t(
        "king.example",
        throws=t.count("baton", allowed - 1),
        kubbs=r.kubbs_per_team,
        last=t(f"ordinal.{last}"),
    )


def _king_rule(book: Book) -> list[str]:
    """The king rule of the variant and, for the seed rule, its worked example."""
    t, r = book.t, book.rules
    if r.king_rule != "seed":
        return [t("king.rule_world")]
    example = _king_example(book)
    rule = t("king.rule_seed", count=t.count("baton", r.king_min_batons_left))
    return [rule] if example is None else [rule, example]


def _early(book: Book) -> str:
    """The warning: the king felled while not yet allowed loses."""
    return book.t("king.early")


def _order_king(book: Book) -> str:
    t, r = book.t, book.rules
    if r.king_rule == "seed":
        return t("play.order_king_seed", count=t.count("baton", r.king_min_batons_left))
    return t("play.order_king_world")


def _flow_king(book: Book) -> str:
    """The flow chart's king box: the variant's condition, as in "The king"."""
    t, r = book.t, book.rules
    if r.king_rule == "seed":
        return t(
            "flow.king", count=t.count("baton", r.king_min_batons_left), n=r.king_min_batons_left
        )
    return t("flow.king_world")


def _back(book: Book) -> str:
    """How to play by the seed's sheet instead: its field, batons and king condition."""
    t, seed = book.t, seed_rules()
    return t(
        "variant.back",
        length=t.number(seed.length),
        width=t.number(seed.width),
        diagonal=t.m(KubbField.from_rules(seed).diagonal),
        batons=seed.batons,
        count=t.count("baton", seed.king_min_batons_left),
    )


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
    text = book.para("contents.text")
    return [book.heading("contents.heading"), text, table]


def _field(book: Book) -> list[Flowable]:
    f, t = book.field, book.t
    drawing = field_drawing(f, t, book.width * FIELD_SHARE, MAX_FIGURE_HEIGHT)
    return [
        book.heading("field.heading"),
        book.para(
            "field.text",
            length=t.m(f.length),
            width=t.m(f.width),
            kubbs=f.kubbs_per_team,
            spacing=t.m(f.kubb_spacing),
            corner=t.m(f.corner_clearance),
        ),
        doc.Float(
            [
                doc.Diagram(drawing),
                Spacer(1, 3),
                book.caption("field.caption", diagonal=t.m(f.diagonal)),
                Spacer(1, 8),
            ]
        ),
        book.para("field.marking", diagonal=t.m(f.diagonal)),
    ]


def field_drawing(f: KubbField, t: Texts, width: float, max_height: float) -> Drawing:
    """The field plan's scene as a drawing at most ``width`` wide and ``max_height`` tall (pt),
    its paper offsets (dimension lines, labels) computed for the size it is drawn at."""
    figure = width
    unit = f.length * 1.3 / (figure / PT_PER_MM)
    for _ in range(4):  # the offsets depend on the scale and the scale on the offsets
        scene = field_scene(f, t, unit)
        x0, y0, x1, y1 = scene.bounds
        figure = min(width, max_height * (x1 - x0) / (y1 - y0))
        unit = (x1 - x0) / ((figure - 8) / PT_PER_MM)
    return diagrams.to_drawing(field_scene(f, t, unit), figure)


def _start(book: Book) -> list[Flowable]:
    return [book.heading("start.heading"), book.para("start.text"), book.para("start.place")]


def _turn(book: Book) -> list[Flowable]:
    t, r = book.t, book.rules
    steps = [
        t("flow.throw_in", attempts=r.throw_in_attempts),
        t("flow.penalty"),
        t("flow.batons"),
        _flow_king(book),
        t("flow.next"),
    ]
    column = book.width * FLOW_SHARE - COLUMN_GAP - CELL_PAD
    flow = diagrams.flow_drawing(steps, t("flow.loop"), column)
    text = [
        book.para("play.turn"),
        Paragraph(_opening(book), book.styles.body),
        book.bullet(t("play.order_field")),
        book.bullet(t("play.order_base")),
        book.bullet(t("play.order_raise")),
        book.bullet(_order_king(book)),
        book.para("play.underhand"),
    ]
    figure = [doc.Diagram(flow), Spacer(1, 3), book.caption("flow.caption")]
    return [book.heading("play.heading"), book.side_by_side(text, figure, 1 - FLOW_SHARE)]


def _throw_in(book: Book) -> list[Flowable]:
    t, r = book.t, book.rules
    labels = {
        "out": t("throw_in.label_out"),
        "out_again": t("throw_in.label_out_again"),
        "penalty": t("throw_in.label_penalty"),
        "field": t("throw_in.label_field"),
        "thrower": t("throw_in.label_thrower"),
    }
    run = _scenario_run(book, THROW_IN)
    thrown = [line for line in run.state.record_lines() if line["throw"] == "in"]
    penalties = sum(1 for line in thrown if line["penalty"])
    if (len(thrown) - penalties, penalties) != (2, 1):
        raise ScenarioError(f"{THROW_IN[0]}: the caption says two kubbs land and one misses")
    width = book.width * SCENE_SHARE
    drawing = diagrams.to_drawing(diagrams.throw_in_scene(run.state, labels, width), width)
    distance = run.state.game.rules.penalty_min_distance
    return [
        book.heading("throw_in.heading"),
        book.para("throw_in.text", attempts=r.throw_in_attempts),
        book.para("throw_in.penalty", distance=t.m(r.penalty_min_distance)),
        doc.Float(
            [
                doc.Diagram(drawing),
                Spacer(1, 3),
                book.caption("throw_in.caption", distance=t.m(distance), thrown=len(thrown)),
            ]
        ),
    ]


def _advantage(book: Book) -> list[Flowable]:
    t = book.t
    labels = {
        "line": t("advantage.label_line"),
        "baseline": t("advantage.label_baseline"),
        "field": t("advantage.label_field"),
    }
    run = _scenario_run(book, ADVANTAGE)
    chosen = run.states[1]  # the line chosen, before the first baton
    [first] = [line for line in run.state.record_lines() if line["throw"] == "baton"][:1]
    width = book.width * SCENE_SHARE
    scene = diagrams.advantage_scene(chosen, first["target"], labels, width)
    drawing = diagrams.to_drawing(scene, width)
    kept = len(chosen.standing_targets(chosen.team)[1])
    text = f"{t('advantage.text')} {t('advantage.baseline')}"
    return [
        book.heading("advantage.heading"),
        Paragraph(text, book.styles.body),
        book.para("advantage.back"),
        doc.Float(
            [
                doc.Diagram(drawing),
                Spacer(1, 3),
                book.caption("advantage.caption", kept=kept),
            ]
        ),
    ]


def _king(book: Book) -> list[Flowable]:
    rule, *example = (Paragraph(text, book.styles.body) for text in _king_rule(book))
    warning = [Paragraph(_early(book), book.styles.body)]
    box = doc.note_box(warning, book.styles, book.width)
    # the rule and the win stay with the heading (never a win sentence alone over the page);
    # the worked example ("Winnen in de eerste beurt is zo ...") and the warning may follow
    return [
        KeepTogether([book.heading("king.heading"), rule, book.para("king.win")]),
        *example,
        box,
    ]


DECIDED = (
    "landed",
    "raise",
    "felled",
    "king",
    "own_half",
    "stakes",
    "advantage",
    "baseline",
    "place",
    "lag",
    "teams",
    "spin",
)
"""The decided readings of the rules questions players dispute (``decided.<key>``); the seed
king rule adds ``decided.count`` and ``decided.last_baton`` after ``king``."""


def _decided_keys(book: Book) -> list[str]:
    keys = list(DECIDED)
    if book.rules.king_rule == "seed":
        keys.insert(keys.index("king") + 1, "last_baton")
        keys.insert(keys.index("king") + 1, "count")
    return keys


def _departure(book: Book, point: Departure) -> str:
    """The sentence of one departure, the variant's value against the sheet's."""
    t, r, seed = book.t, book.rules, seed_rules()
    key = point.key
    if key == "field":
        return t(
            "variant.field",
            length=t.number(r.length),
            width=t.number(r.width),
            seed_length=t.number(seed.length),
            seed_width=t.number(seed.width),
        )
    if key == "kubbs":
        return t("variant.kubbs", count=r.kubbs_per_team, seed=seed.kubbs_per_team)
    if key == "spacing":
        return t("variant.spacing", value=t.m(r.kubb_spacing), seed=t.m(seed.kubb_spacing))
    if key == "batons":
        return t(
            "variant.batons",
            count=t.count("baton", r.batons),
            seed=t.count("baton", seed.batons),
        )
    if key == "opening":
        turns = _opening(book).split(";")[0]
        return t(
            "variant.opening",
            opening="–".join(str(n) for n in r.opening_batons),
            turns=turns[0].lower() + turns[1:],
            batons=r.batons,
            seed=seed.batons,
        )
    if key == "throw_in":
        return t("variant.throw_in", count=r.throw_in_attempts, seed=seed.throw_in_attempts)
    if key == "penalty":
        return t(
            "variant.penalty",
            value=t.m(r.penalty_min_distance),
            seed=t.m(seed.penalty_min_distance),
        )
    seed_count = t.count("baton", seed.king_min_batons_left)
    if r.king_rule == "world":
        return t("variant.king_world", seed=seed_count)
    return t("variant.king_seed", count=t.count("baton", r.king_min_batons_left), seed=seed_count)


def _variant_box(book: Book, width: float) -> list[Flowable]:
    """The box "This variant: World Championship rules": each point where the variant departs
    from the seed's rules sheet (nothing for a variant that follows it)."""
    t, s = book.t, book.styles
    found = departures(book.rules)
    if not found:
        return []
    world = world_rules(book.rules)
    body = [
        Paragraph(t("variant.title_world" if world else "variant.title"), s.box_title),
        Paragraph(t("variant.text_world" if world else "variant.text"), s.body),
        *(book.bullet(_departure(book, point)) for point in found),
        Paragraph(_back(book), s.body),
    ]
    return [doc.note_box(body, s, width)]


VARIANT_SHARE = 0.5
"""Width of the departures box as a share of the text column, the facts table beside it."""
FACTS_VALUE_SHARE = 0.52
"""Width of the facts table's values as a share of the table (the king rule spans both)."""


def _variant(book: Book) -> list[Flowable]:
    """The departures box with the facts table beside it (the facts alone for the seed)."""
    width = book.width * VARIANT_SHARE
    box = _variant_box(book, width - COLUMN_GAP)
    if not box:
        return []
    facts = _facts_box(book, book.width - width)
    return [Spacer(1, 4), book.side_by_side(box, [facts], VARIANT_SHARE)]


def _decided(book: Book) -> list[Flowable]:
    t, s = book.t, book.styles
    body = [
        Paragraph(t("decided.title"), s.box_title),
        Paragraph(t("decided.text"), s.body),
        *(
            book.bullet(t(f"decided.{key}", n=book.rules.king_min_batons_left))
            for key in _decided_keys(book)
        ),
    ]
    return [Spacer(1, 4), KeepTogether([doc.note_box(body, s, book.width)])]


def _facts(book: Book) -> list[Flowable]:
    """The facts table on its own, for a book without a departures box."""
    if departures(book.rules):
        return []
    return [Spacer(1, 6), KeepTogether([_facts_box(book, book.width * 0.75)])]


def _facts_box(book: Book, width: float) -> Flowable:
    """The variant's facts at a glance, ``width`` pt wide."""
    t, r, f = book.t, book.rules, book.field
    rows = [
        (
            t("facts.field"),
            t("facts.field_size", length=t.number(f.length), width=t.number(f.width)),
        ),
        (t("facts.diagonal"), t.m(f.diagonal)),
        (t("facts.kubbs"), str(r.kubbs_per_team)),
        (t("facts.spacing"), t.m(r.kubb_spacing)),
        (t("facts.batons"), str(r.batons)),
        (
            t("facts.opening" if len(r.opening_batons) > 1 else "facts.opening_one"),
            _opening_value(book),
        ),
        (t("facts.throw_in"), str(r.throw_in_attempts)),
        (t("facts.penalty"), t.m(r.penalty_min_distance)),
    ]
    king = t(f"facts.king_{r.king_rule}", count=t.count("baton", r.king_min_batons_left))
    # the king rule is too long for the value column: its row runs across both, the rule
    # under its label
    rows.append((f"{t('facts.king_rule')}<br/><b>{king}</b>", ""))
    title = t("facts.title") if departures(r) else t("facts.title_sheet")
    table = doc.facts_box(title, rows, book.styles, width, value_share=FACTS_VALUE_SHARE)
    table.setStyle(TableStyle([("SPAN", (0, -1), (-1, -1))]))
    return table


def _opening_value(book: Book) -> str:
    """The opening in words for the facts table: "2, then 4, then 6" (a single count plain)."""
    t, counts = book.t, [str(n) for n in book.rules.opening_batons]
    if len(counts) == 1:
        return counts[0]
    *first, last = counts
    then = f", {t('facts.opening_then')} "
    return f"{then.join(first)}, {t('facts.opening_after')} {last}"


SECTIONS = (
    _title,
    _contents,
    _field,
    _start,
    _turn,
    _throw_in,
    _advantage,
    _king,
    _variant,
    _decided,
    _facts,
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
    setup: doc.PrintSetup,
) -> int:
    """Write the rulebook PDF in ``lang`` on the setup's paper; returns its page count."""
    t = Texts(lang)
    story = rulebook_story(t, rules, production, setup.paper)
    return doc.write_rulebook(path, story, t, setup=setup, set_name=set_name(t, rules))


def set_name(t: Texts, rules: KubbRules) -> str:
    """What the variant is, in ``t``'s words: ``field 10 × 5 m``."""
    return t("meta.set", length=t.number(rules.length), width=t.number(rules.width))


def display_name(t: Texts, length: float, width: float) -> str:
    """The set's name at the head of a page: ``Veld 10 × 5 m``."""
    return t("meta.display", length=t.number(length), width=t.number(width))


def rulebook_artifacts(variant: Variant) -> list[Artifact]:
    """One ``print/rulebook`` artifact per language of ``variant.print.languages``."""
    from plywright.plugins.kubb.options import KubbRules

    return doc.variant_rulebooks(variant, KubbRules, KubbProduction, write_rulebook)
