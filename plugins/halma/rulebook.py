"""The printable star-halma rulebook: one PDF per language, computed from the variant.

All words come from ``locales/<lang>.toml``; this module only chooses, formats and lays them
out with the shared blocks of :mod:`plywright.print.document`, and draws the diagrams with
:mod:`plywright.plugins.halma.diagrams` from the one geometry model.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Self

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table

from plywright import locales
from plywright.api import Artifact
from plywright.plugins.halma import diagrams, examples
from plywright.plugins.halma.box import Box, box_of
from plywright.plugins.halma.geometry import StarBoard, hole_count, holes_per_point, star_board
from plywright.plugins.halma.options import PRESETS, SEATINGS, HalmaRules, peg_counts
from plywright.plugins.halma.parts import blank_size, edge_distance
from plywright.plugins.halma.production import PALETTE, HalmaProduction
from plywright.print import document as doc
from plywright.variant import Variant

LOCALES = Path(__file__).parent / "locales"
SEAT_COUNTS = (2, 3, 4, 5, 6)
SECTION_GAP = 4
COMPONENTS_SPLIT = 0.55
TIPS_SPLIT = 0.4
FACTS_VALUE_SHARE = 0.58
"""Share of the facts box its values take: a rule's value reads in two lines, not four."""
FIGURE_SHARE = 0.34
"""Share of the column the target-lock and win diagrams take (their text takes the rest)."""
BODY_SIZE = 10.2
"""Body text (pt): the issue asks at least 9.5."""
CAPTION_SIZE = 9.0
"""Captions and legends (pt): the native reader's review asks for 9 pt."""
LEGEND_ICON = 18.0
READING_GAP = 0.5
"""Space (pt) after each reading in the readings box."""
MOVE_FIGURE_INSET = 19
"""The step, jump and chain figures are a third of the column less this (pt)."""


# -- texts ----------------------------------------------------------------------------------


class Texts(locales.Texts):
    """The halma texts of one language (``locales/<lang>.toml``)."""

    folder = LOCALES


# -- the variant's numbers ------------------------------------------------------------------


def board_size_mm(n: int, production: HalmaProduction) -> tuple[float, float]:
    """Outer width and height of the board in mm: the CAD outline's bounding box."""
    return blank_size(star_board(n), production)


def board_edge(production: HalmaProduction) -> float:
    """Wood beyond the outermost hole centres, in pitch units (for the diagrams)."""
    return edge_distance(production) / production.pitch


def point_colours(production: HalmaProduction) -> tuple[str, ...]:
    """Drawing colour (hex) of the pegs of each point P0-P5."""
    return tuple(PALETTE[name] for name in production.peg_colours)


def halma_styles() -> doc.Styles:
    """The standard styles at :data:`BODY_SIZE`, captions and legends at :data:`CAPTION_SIZE`."""
    base = doc.make_styles(size=BODY_SIZE)
    lead = CAPTION_SIZE * 1.3
    return dataclasses.replace(
        base,
        caption=ParagraphStyle(  # in the text's ink, not grey: easier to read (native review)
            "halma_caption",
            parent=base.caption,
            fontSize=CAPTION_SIZE,
            leading=lead,
            textColor=base.body.textColor,
        ),
        small=ParagraphStyle("halma_small", parent=base.small, fontSize=CAPTION_SIZE, leading=lead),
    )


# -- the book -------------------------------------------------------------------------------

GUESSED_PAGE = 2
"""Where a cross-referenced block is assumed to be before the book was laid out once."""


class PageMark(Flowable):
    """An invisible flowable that writes the page it lands on into ``pages[name]``."""

    def __init__(self, name: str, pages: dict[str, int]) -> None:
        super().__init__()
        self.name, self.pages = name, pages
        self.width = self.height = 0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return (0, 0)

    def draw(self) -> None:
        self.pages[self.name] = self.canv.getPageNumber()


@dataclasses.dataclass(frozen=True)
class Book(doc.Book[Texts, HalmaRules, HalmaProduction]):
    """Everything the sections need; ``pages`` holds the page of each :class:`PageMark` as
    the last layout found it (cross-references read it, the next layout fills it)."""

    pages: dict[str, int] = dataclasses.field(default_factory=dict)

    @classmethod
    def on(cls, paper: str, t: Texts, rules: HalmaRules, production: HalmaProduction) -> Self:
        return cls(t, rules, production, halma_styles(), doc.text_width(paper))

    def page_of(self, mark: str) -> int:
        """The page of ``mark`` in the last layout (:data:`GUESSED_PAGE` before the first)."""
        return self.pages.get(mark, GUESSED_PAGE)

    def mark(self, name: str) -> Flowable:
        return PageMark(name, self.pages)

    @property
    def box(self) -> Box:
        return box_of(self.rules.n, self.production)

    def players(self) -> str:
        """The player counts this set offers, e.g. ``2–6``."""
        low, high = self.box.player_range(self.rules)
        return str(low) if low == high else self.t("format.range", low=low, high=high)

    @property
    def board(self) -> StarBoard:
        return star_board(self.rules.n)

    @property
    def pegs(self) -> int:
        return len(self.board.points[0])

    @property
    def first_point(self) -> int:
        """The point of seat 1 (the seat that moves first)."""
        return self.rules.seat_points()[self.rules.first_seat]

    def figure(self, scene: diagrams.Scene, caption_key: str, share: float) -> list[Flowable]:
        """A diagram ``share`` of the column wide with its caption (for tables: no KeepTogether)."""
        drawing = diagrams.render(self.board, scene, self.width * share)
        return [
            doc.Diagram(drawing),
            Spacer(1, 3),
            Paragraph(self.t(caption_key), self.styles.caption),
        ]


def _title(book: Book) -> list[Flowable]:
    t, s = book.t, book.styles
    aim_text = t(f"intro.aim_{book.rules.win_rule}", win=t("win.heading"))
    aim = [Paragraph(t("intro.aim_title"), s.box_title), Paragraph(aim_text, s.body)]
    return [
        Paragraph(t("meta.title"), s.title),
        Paragraph(t("meta.subtitle"), s.subtitle),
        book.para("intro.text", players=book.players()),
        doc.note_box(aim, s, book.width),
    ]


def _facts(book: Book) -> Table:
    t, p, r = book.t, book.production, book.rules
    width, height = board_size_mm(r.n, p)
    size = (
        t("format.diameter", value=t.number(round(width)))
        if p.outline == "circle"
        else t("format.size", width=t.number(round(width)), height=t.number(round(height)))
    )
    lock = "on" if r.target_lock else "off"
    own = "on" if r.jump_own else "off"
    rows = [
        (t("facts.players"), book.players()),
        (t("facts.pegs"), str(book.pegs)),
        (t("facts.box"), str(book.box.total)),
        (t("facts.holes"), str(len(book.board))),
        (t("facts.shape"), t(f"facts.shape_{p.outline}")),
        (t("facts.size"), size),
        (t("facts.thickness"), t.mm(p.thickness)),
        (t("facts.hole"), t.mm(p.hole_diameter)),
        (t("facts.pitch"), t.mm(p.pitch)),
        (
            t("facts.peg"),
            t("facts.peg_size", diameter=t.number(p.peg_diameter), length=t.number(p.peg_length)),
        ),
        (t("options.target_lock_label"), t(f"options.target_lock_{lock}_short")),
        (t("options.jump_own_label"), t(f"options.jump_own_{own}_short")),
        (t("options.win_rule_label"), t(f"options.win_rule_{r.win_rule}_short")),
    ]
    width = book.width * (1 - TIPS_SPLIT)
    return doc.facts_box(t("facts.title"), rows, book.styles, width, FACTS_VALUE_SHARE)


def _components(book: Book) -> list[Flowable]:
    t, s, box = book.t, book.styles, book.box
    hexes = point_colours(book.production)
    swatch = book.width * 0.035

    def in_box(colour: str) -> str:
        count = box.count(colour)
        return str(count) if count else t("components.not_in_box")

    colour_rows = [
        [
            diagrams.legend_icon("peg", hexes[p], swatch),
            t(f"points.p{p}"),
            t(f"colours.{name}"),
            in_box(name),
        ]
        for p, name in enumerate(book.production.peg_colours)
    ]
    left_width = book.width * COMPONENTS_SPLIT - 12
    colour_table = doc.data_table(
        ["", t("components.col_triangle"), t("components.col_colour"), t("components.col_pegs")],
        colour_rows,
        s,
        [swatch + 8, *(share * (left_width - swatch - 8) for share in (0.36, 0.3, 0.34))],
    )
    counts = peg_counts(book.rules.n)
    totals = doc.data_table(
        [t("components.col_players"), *(str(k) for k in SEAT_COUNTS)],
        [[t("components.col_needed"), *(str(counts[k]) for k in SEAT_COUNTS)]],
        s,
        [left_width * 0.4] + [left_width * 0.12] * len(SEAT_COUNTS),
    )
    per_colour = {count for _, count in box.pegs}
    pegs_key = "components.pegs" if len(per_colour) == 1 else "components.pegs_mixed"
    pegs = t(
        pegs_key,
        count=box.total,
        peg_word=t.word("peg", box.total),
        per_colour=min(per_colour, default=0),
    )
    left: list[Flowable] = [
        book.bullet(t("components.board", holes=t.count("hole", len(book.board)))),
        book.bullet(pegs),
        colour_table,
        Spacer(1, 8),
        book.bullet(t("components.needed", players=book.players())),
        totals,
    ]
    production = book.production
    scene = diagrams.board_scene(
        book.board, point_colours(production), production.outline, board_edge(production)
    )
    caption = f"components.board_caption_{production.marking}"
    right = book.figure(scene, caption, 1 - COMPONENTS_SPLIT)
    return [book.heading("components.heading"), book.side_by_side(left, right, COMPONENTS_SPLIT)]


def _setup_cell(book: Book, players: int) -> list[Flowable]:
    production = book.production
    _, scene = examples.setup(
        book.rules, players, point_colours(production), production.outline, board_edge(production)
    )
    drawing = diagrams.render(book.board, scene, book.width / 3 - 10)
    return [
        doc.Diagram(drawing),
        Spacer(1, 2),
        Paragraph(book.t(f"setup.caption_{players}"), book.styles.caption),
    ]


def _legend(book: Book) -> list[Flowable]:
    t, s = book.t, book.styles
    colour = point_colours(book.production)[0]
    size = LEGEND_ICON
    icons = {"seat": "setup.legend_seat", "peg": "setup.legend_peg", "hole": "setup.legend_hole"}
    rows = [
        [diagrams.legend_icon(kind, colour, size), Paragraph(t(key), s.small)]
        for kind, key in icons.items()
    ]
    table = doc.make_table(
        rows,
        [size + 6, book.width / 3 - size - 24],
        [
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
        ],
    )
    return [Spacer(1, 24), Paragraph(t("setup.legend_title"), s.h2), table]


def _setup(book: Book) -> list[Flowable]:
    t = book.t
    page = book.page_of("five_note")
    bullets = [
        book.bullet(t(f"setup.{key}", page=page)) for key in ("two", "three", "four", "five", "six")
    ]
    cells = [_setup_cell(book, k) for k in SEAT_COUNTS] + [_legend(book)]
    setup = book.para("setup.text", components=t("components.heading"))
    intro = [book.heading("setup.heading"), setup, *bullets]
    out: list[Flowable] = [*intro, Spacer(1, 4), doc.grid(cells, 3, book.width)]
    seats = SEATINGS[5]
    favoured = examples.favoured_seat(book.rules)
    if favoured is not None:
        first = book.rules.first_seat if book.rules.players == 5 else 0
        note = t(
            "setup.five_note",
            seat=(favoured - first) % 5 + 1,
            position=t(f"points.p{seats[favoured]}"),
        )
        box = doc.note_box([Paragraph(note, book.styles.body)], book.styles, book.width)
        out += [book.mark("five_note"), box]
    return out


def _play(book: Book) -> list[Flowable]:
    t, s = book.t, book.styles
    own = "on" if book.rules.jump_own else "off"
    hexes = point_colours(book.production)
    figure_width = book.width / 3 - MOVE_FIGURE_INSET
    figures = [
        ("play.caption_step", examples.step_figure(book.rules, hexes)),
        ("play.caption_jump", examples.jump_figure(book.rules, hexes)),
        ("play.caption_chain", examples.chain_figure(book.rules, hexes)),
    ]
    cells = [
        [
            doc.Diagram(diagrams.render(ex.board, scene, figure_width)),
            Spacer(1, 2),
            Paragraph(t(key), s.caption),
        ]
        for key, (ex, scene) in figures
    ]
    return [
        book.heading("play.heading"),
        book.para("play.order", triangle=t(f"triangles.p{book.first_point}")),
        book.para("play.move"),
        book.bullet(t("play.step")),
        book.bullet(f"{t('play.jump')} {t(f'options.jump_own_{own}')}"),
        book.bullet(t("play.chain")),
        book.para("play.optional"),
        book.para("play.anywhere", lock=t("lock.heading")),
        book.para("play.no_repeat"),
        book.para("play.pass"),
        Spacer(1, 4),
        doc.grid(cells, 3, book.width),
        doc.note_box([Paragraph(t("play.never_removed"), s.body)], s, book.width),
    ]


def _example_figure(
    book: Book, figure: tuple[examples.Example, diagrams.Scene], caption_key: str
) -> list[Flowable]:
    ex, scene = figure
    drawing = diagrams.render(ex.board, scene, book.width * FIGURE_SHARE)
    return [
        doc.Diagram(drawing),
        Spacer(1, 3),
        Paragraph(book.t(caption_key), book.styles.caption),
    ]


def _lock(book: Book) -> list[Flowable]:
    lock = book.rules.target_lock
    figure = examples.lock_figure(book.rules, point_colours(book.production))
    caption = "lock.caption_on" if lock else "lock.caption_off"
    text = [book.para("options.target_lock_on" if lock else "options.target_lock_off")]
    return [
        book.mark("lock"),
        book.beside(
            text, _example_figure(book, figure, caption), 1 - FIGURE_SHARE, heading="lock.heading"
        ),
    ]


def reading_keys(rules: HalmaRules) -> tuple[str, ...]:
    """The locale keys of the book's own readings of the rules (beyond the seed's text) that
    ``rules`` makes true, in the order the box prints them."""
    keys = ["seat"]
    keys.append("target" if rules.target_lock else "target_lock_off")
    keys += ["optional", "no_repeat", "pass"]
    if rules.win_rule == "filled":
        keys += ["own_peg", "stands"]
    else:
        keys.append("win_rule_own")
    keys += ["draw", "round"]
    if not rules.jump_own:
        keys.append("jump_own_off")
    return tuple(f"readings.{key}" for key in keys)


def _readings(book: Book) -> list[Flowable]:
    """The box that marks every rule the book adds to the seed's text as the book's reading."""
    t, s = book.t, book.styles
    triangle = t(f"triangles.p{book.first_point}")
    # body size: the box holds rules (the native review); bullets set close, as a list
    bullet = ParagraphStyle("halma_reading", parent=s.bullet, spaceAfter=READING_GAP)
    intro = ParagraphStyle("halma_reading_intro", parent=s.body, spaceAfter=READING_GAP * 2)
    content: list[Flowable] = [
        Paragraph(t("readings.heading"), s.box_title),
        Paragraph(t("readings.intro"), intro),
        *(
            Paragraph(t(key, triangle=triangle), bullet, bulletText="•")
            for key in reading_keys(book.rules)
        ),
        Paragraph(t("readings.closing"), intro),
    ]
    return [KeepTogether([book.mark("readings"), doc.note_box(content, s, book.width)])]


def _win(book: Book) -> list[Flowable]:
    rule = book.rules.win_rule
    figure = examples.win_figure(book.rules, point_colours(book.production))
    text = [book.para(f"options.win_rule_{rule}", readings=book.t("readings.heading"))]
    if rule == "filled":  # another player's peg can leave a target only this rule lets it fill
        text.append(book.para("win.stands"))
    text += [book.para("win.draw"), book.para("win.stalemate")]
    section = book.beside(
        text,
        _example_figure(book, figure, f"win.caption_{rule}"),
        1 - FIGURE_SHARE,
        heading="win.heading",
        pointer="win.next_page",
    )
    return [KeepTogether([section])]  # the whole section on one page (the native review)


def _tips_and_facts(book: Book) -> list[Flowable]:
    keys = ("ladder", "stragglers", "bridges", "tip")
    tips = [book.heading("tips.heading"), *(book.bullet(book.t(f"tips.{key}")) for key in keys)]
    return [Spacer(1, 8), book.side_by_side(tips, [Spacer(1, 14), _facts(book)], TIPS_SPLIT)]


SECTIONS = (_title, _components, _setup, _play, _lock, _readings, _win, _tips_and_facts)
READINGS_LAST = (_title, _components, _setup, _play, _lock, _win, _tips_and_facts, _readings)
"""The order when the readings box does not fit under the target section (shorter paper):
at the end, so that no page before the last is left half empty."""


def rulebook_story(
    t: Texts,
    rules: HalmaRules,
    production: HalmaProduction,
    paper: str,
    pages: dict[str, int] | None = None,
    readings_last: bool = False,
) -> list[Flowable]:
    """The flowables of the rulebook in the language of ``t``; ``pages`` (see :class:`Book`)
    gives the cross-references their pages and receives where the marks land."""
    book = Book.on(paper, t, rules, production)
    if pages is not None:
        book = dataclasses.replace(book, pages=pages)
    return doc.sections_story(READINGS_LAST if readings_last else SECTIONS, book, SECTION_GAP)


def write_rulebook(
    path: Path,
    lang: str,
    rules: HalmaRules,
    production: HalmaProduction,
    setup: doc.PrintSetup,
) -> int:
    """Write the rulebook PDF in ``lang`` on the setup's paper; returns its page count."""
    t = Texts(lang)
    name = set_name(t, rules)
    pages: dict[str, int] = {}
    for last in (False, True):  # the readings box under the target section, if it fits there
        pages = {}
        count = _settled(path, t, rules, production, setup, name, pages, last)
        if last or pages["readings"] == pages["lock"]:
            return count
    raise AssertionError("unreachable")


def _settled(
    path: Path,
    t: Texts,
    rules: HalmaRules,
    production: HalmaProduction,
    setup: doc.PrintSetup,
    name: str,
    pages: dict[str, int],
    readings_last: bool,
) -> int:
    """Lay the book out until every cross-reference names its page; returns the page count."""
    for _ in range(3):
        guessed = dict(pages)
        story = rulebook_story(t, rules, production, setup.paper, pages, readings_last)
        count = doc.write_rulebook(path, story, t, setup=setup, set_name=name)
        if all(pages[mark] == guessed.get(mark, GUESSED_PAGE) for mark in pages):
            return count
    raise ValueError(f"the cross-references of {path.name} do not settle: {pages}")


def board_name(n: int) -> str | None:
    """The name the seed gives a board of triangle size ``n`` (``standard``, ``pro``: the
    presets), or ``None`` for a custom size."""
    return next((name for name, preset in PRESETS.items() if preset["rules"]["n"] == n), None)


def _counts(t: Texts, n: int) -> str:
    pegs = t.count("peg", holes_per_point(n))
    return t("meta.set", pegs=pegs, holes=t.count("hole", hole_count(n)))


def set_name(t: Texts, rules: HalmaRules) -> str:
    """What the set is, in ``t``'s words, named as the seed sells it where it has a name:
    ``Standard set: 10 pegs per player, 121 holes`` (``Set: …`` for a custom board)."""
    name = board_name(rules.n)
    if name is None:
        return t("meta.set_plain", set=_counts(t, rules.n))
    named = t(f"sets.{name}")
    return t("meta.set_named", name=named[:1].upper() + named[1:], set=_counts(t, rules.n))


def set_title(lang: str, n: int) -> str:
    """The game and the set in ``lang``, as the templates head their pages: ``Star Halma ·
    standard set`` (``Star Halma — 10 pegs per player, 121 holes`` for a custom board)."""
    t = Texts(lang)
    name = board_name(n)
    if name is None:
        return t("meta.set_title_plain", title=t("meta.title"), set=_counts(t, n))
    return t("meta.set_title", title=t("meta.title"), name=t(f"sets.{name}"))


def part_title(lang: str, n: int) -> str:
    """What the template's size line calls the piece being cut, in ``lang``: ``Game board``,
    with the set named where it is not the standard one (``Game board (Pro set)``); the
    set's name goes in round brackets, so its own quotes („Pro“) never nest in others."""
    t = Texts(lang)
    name = board_name(n)
    if name is None or name == "standard":
        return t("meta.part")
    return t("meta.part_of_set", set=t(f"sets.{name}"))


def rulebook_artifacts(variant: Variant) -> list[Artifact]:
    """One ``print/rulebook`` artifact per language of ``variant.print.languages``."""
    return doc.variant_rulebooks(variant, HalmaRules, HalmaProduction, write_rulebook)
