"""The printable Konstruktsiia rulebook: one PDF per language, computed from the variant.

All words come from ``locales/<lang>.toml`` (Ukrainian, the seed's language, and English); this
module chooses, formats and lays them out with :mod:`plywright.print.document`, and draws the
diagrams with :mod:`plywright.plugins.cardtrack.diagrams` from the one slot geometry.
:class:`Texts` is also what the mat, the token sheet and the reference cards read their words from.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table

from plywright import locales
from plywright.api import Artifact
from plywright.plugins.cardtrack import diagrams, examples
from plywright.plugins.cardtrack.options import CARDS_PER_DECK, CardtrackRules
from plywright.plugins.cardtrack.production import CardtrackProduction
from plywright.plugins.cardtrack.tokens import sheet_spares
from plywright.print import document as doc

if TYPE_CHECKING:
    from plywright.variant import Variant

LOCALES = Path(__file__).parent / "locales"
SECTION_GAP = 4
SPLIT = 0.6
"""Share of the column the text takes beside a diagram."""
KING_SHARE = 0.62
"""Width of the king diagram, under the text (it fills the rest of its page)."""
JOKER_SHARE = 0.42
"""Width of the diagram of the block beside a joker, under the block section's text."""
BLOCK_SPLIT = 0.6
"""The same beside the block diagram (four rows tall: narrower, so the section fits a page)."""
LEAST_FIT = 0.55
"""Share of its width a fitted diagram may shrink to, to stay on the page of its text (its
labels keep their sizes: at this width they still fit its cards)."""


# -- texts ----------------------------------------------------------------------------------


class Texts(locales.Texts):
    """The Konstruktsiia texts of one language (``locales/<lang>.toml``)."""

    folder = LOCALES

    def ranks(self) -> dict[str, str]:
        """Rank letters as printed: ``J Q K A`` / ``В Д К Т``."""
        return {rank: self(f"ranks.{rank}") for rank in ("J", "Q", "K", "A")}


# -- the book -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Book(doc.Book[Texts, CardtrackRules, CardtrackProduction]):
    """Everything the sections need (and the paper, which the token sheet's spares fill)."""

    paper: str = "A4"

    @property
    def steps(self) -> dict[str, object]:
        """``steps`` (the most), ``range`` ("1–3", or "1"), and the nouns that go with them."""
        n = self.rules.small_max_steps
        return {
            "steps": n,
            "range": f"1–{n}" if n > 1 else "1",
            "cards": self.t.word("card", n),
            "steps_word": self.t.word("step", n),
        }

    @property
    def wild(self) -> str:
        """The "nor wild jokers" clause, only when spare jokers are wild."""
        return self.t("build.wild_note") if self.rules.spare_jokers == "wild" else ""

    def figure(self, scene: diagrams.Scene, caption: str, share: float) -> list[Flowable]:
        p = self.production
        drawing = diagrams.render(
            scene,
            self.width * share,
            card=(p.w, p.h),
            ranks=self.t.ranks(),
            token_sizes=(p.big_token, p.small_token),
            joker=self.t("mat.joker"),
        )
        return [
            doc.Diagram(drawing),
            Spacer(1, CAPTION_GAP),
            Paragraph(keep_last_words(caption), self.styles.caption),
        ]

    def fitted_figure(self, scene: diagrams.Scene, caption: str, share: float) -> FittedFigure:
        """The scene across ``share`` of the column, or narrower (to :data:`LEAST_FIT` of it)
        to fit the page."""
        p = self.production

        def make(width: float) -> Drawing:
            return diagrams.render(
                scene,
                width,
                card=(p.w, p.h),
                ranks=self.t.ranks(),
                token_sizes=(p.big_token, p.small_token),
                joker=self.t("mat.joker"),
            )

        width = self.width * share
        caption_para = Paragraph(keep_last_words(caption), self.styles.caption)
        return FittedFigure(make, caption_para, width, width * LEAST_FIT)


class FittedFigure(Flowable):
    """A diagram with its caption under it, drawn as wide as ``width`` or, when the page has
    less room left, narrower down to ``least``: the scene is drawn again at that width, so
    its labels keep their sizes (a shrunk drawing would shrink them). Never split; when even
    ``least`` does not fit, it moves to the next page."""

    def __init__(
        self, make: Callable[[float], Drawing], caption: Paragraph, width: float, least: float
    ) -> None:
        super().__init__()
        self.make, self.caption = make, caption
        self.widest, self.least = width, least
        self.drawing = make(width)
        self.caption_height = 0.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        _, self.caption_height = self.caption.wrap(avail_width, avail_height)
        # the section's gap after it stays on the page too: alone at the top of the next one
        # it would push that page's last lines over
        room = avail_height - self.caption_height - CAPTION_GAP - SECTION_GAP
        ratio = float(self.drawing.height) / float(self.drawing.width)
        width = min(self.widest, avail_width)
        if width * ratio > room and room / ratio >= self.least:
            width = room / ratio
        if abs(width - float(self.drawing.width)) > 0.01:
            self.drawing = self.make(width)
        self.width = avail_width
        self.height = float(self.drawing.height) + CAPTION_GAP + self.caption_height
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        return []

    def draw(self) -> None:
        left = (self.width - float(self.drawing.width)) / 2
        renderPDF.draw(self.drawing, self.canv, left, self.caption_height + CAPTION_GAP)
        self.caption.drawOn(self.canv, 0, 0)


CAPTION_GAP = 3.0
LAST_LINE = 14
"""Characters a caption's last line keeps together at least (no lone word left there)."""


def keep_last_words(text: str, least: int = LAST_LINE) -> str:
    """``text`` with its last words joined by no-break spaces until they are ``least``
    characters long, so a caption never ends with one short word on a line of its own."""
    words = text.split(" ")
    tail = words.pop()
    while words and len(tail) < least:
        tail = f"{words.pop()}\u00a0{tail}"
    return " ".join([*words, tail])


def spare_jokers(rules: CardtrackRules) -> int:
    return 2 * rules.decks - 2


def cards_in_play(rules: CardtrackRules) -> int:
    """Cards on the table or in the piles at the start (jokers removed unless wild)."""
    total = CARDS_PER_DECK * rules.decks
    return total if rules.spare_jokers == "wild" else total - spare_jokers(rules)


def _title(book: Book) -> list[Flowable]:
    t, s = book.t, book.styles
    aim = [
        Paragraph(t("intro.aim_title"), s.box_title),
        Paragraph(t("intro.aim", height=book.rules.height), s.body),
    ]
    return [
        Paragraph(t("meta.title"), s.title),
        Paragraph(t("meta.subtitle"), s.subtitle),
        book.para("intro.text"),
        doc.note_box(aim, s, book.width),
    ]


def _facts(book: Book) -> Table:
    t, r, p = book.t, book.rules, book.production
    columns = str(r.max_columns) if r.max_columns else t("components.facts_columns_any")
    rows = [
        (t("components.facts_decks"), str(r.decks)),
        (t("components.facts_cards"), str(cards_in_play(r))),
        (t("components.facts_height"), str(r.height)),
        (t("components.facts_small"), str(r.small_tokens)),
        (t("components.facts_steps"), str(r.small_max_steps)),
        (t("components.facts_rule"), t(f"components.facts_rule_{r.small_path_rule}")),
        (t("components.facts_jokers"), t(f"components.facts_jokers_{r.spare_jokers}")),
        (t("components.facts_home"), t(f"components.facts_home_{r.home_joker}")),
        (t("components.facts_columns"), columns),
        (
            t("components.facts_card"),
            t("format.size", width=t.number(p.w), height=t.number(p.h)),
        ),
    ]
    return doc.facts_box(t("components.facts_title"), rows, book.styles, book.width * 0.42)


def _values(book: Book) -> Table:
    t = book.t
    ranks = t.ranks()
    cells = [
        ("2–10", "2–10"),
        *(
            (f"{ranks[k]} ({t(f'ranks.name_{k}')})", str(v))
            for k, v in zip("JQKA", (11, 12, 13, 14), strict=True)
        ),
        (t("components.joker_row"), "0"),
    ]
    if book.rules.spare_jokers == "wild":
        cells.append((t("components.wild_row"), t("components.wild_value")))
    width = book.width * 0.4
    return doc.data_table(
        [t("components.col_card"), t("components.col_value")],
        [list(row) for row in cells],
        book.styles,
        [width * 0.6, width * 0.4],
    )


def _components(book: Book) -> list[Flowable]:
    t, r = book.t, book.rules
    if r.decks == 1:
        cards = t("components.cards_one")
    else:
        cards = t(
            "components.cards",
            decks=t.count("standard_deck", r.decks),
            cards=t.count("card", CARDS_PER_DECK * r.decks),
        )
    spare = spare_jokers(r)
    jokers = t(f"components.jokers_{r.spare_jokers}", spare=spare) if spare else ""
    left: list[Flowable] = [
        book.bullet(cards),
        *([book.bullet(jokers)] if jokers else [book.bullet(t("components.jokers_none"))]),
        book.bullet(
            t(
                "components.tokens",
                small=t.count("token", r.small_tokens),
                total=t.count("token", 2 * r.small_tokens),
            )
        ),
        *([book.bullet(spares)] if (spares := _spares(book)) else []),
        book.bullet(t("components.refcard")),
        book.bullet(
            t("components.mat", height=r.height)
            + ("" if r.max_columns else f" {t('components.mat_beyond')}")
        ),
        Spacer(1, 6),
        Paragraph(t("components.values_title"), book.styles.h2),
        _values(book),
    ]
    right: list[Flowable] = [_facts(book)]
    return [book.heading("components.heading"), book.side_by_side(left, right, 0.56)]


def _spares(book: Book) -> str:
    """The sentence on the token sheet's spare tokens per colour, or ``""`` if it has none."""
    t, extra = book.t, sheet_spares(book.rules.small_tokens, book.production, book.paper)
    small = t.count("token", extra.small)
    if extra.big:
        return t("components.spares", big=t.count("big_token", extra.big), small=small)
    return t("components.spares_small", small=small) if extra.small else ""


def _setup(book: Book) -> list[Flowable]:
    t = book.t
    text: list[Flowable] = [
        book.para(
            "setup.lots", black_suits=t("players.black_suits"), red_suits=t("players.red_suits")
        ),
        book.para("setup.jokers"),
        book.para("setup.shuffle"),
    ]
    figure = book.figure(examples.start(book.rules).scene, t("setup.caption"), 0.8)
    legend = Paragraph(t("setup.legend"), book.styles.caption)
    return [book.heading("setup.heading"), *text, KeepTogether([*figure, legend])]


def _turn(book: Book) -> list[Flowable]:
    t = book.t
    items = [
        t("turn.build"),
        t("turn.big"),
        t("turn.small", **book.steps),
        t("turn.discard"),
    ]
    return [
        book.heading("turn.heading"),
        book.para("turn.text"),
        *(book.bullet(text) for text in items),
        *([book.para("turn.king_note")] if book.rules.small_tokens else []),
        book.para("turn.after"),
    ]


def _build(book: Book) -> list[Flowable]:
    t, r = book.t, book.rules
    columns = (
        t("build.columns_limit", columns=t.count("column", r.max_columns))
        if r.max_columns
        else t("build.columns_any")
    )
    half = 0.5
    ranks = t.ranks()
    allowed, refused = examples.builds(r)
    legal = book.figure(
        allowed.scene,
        t(
            "build.legal_caption",
            card=diagrams.rank_text(allowed.words["card"], ranks),
            beside=diagrams.rank_text(allowed.words["beside"], ranks),
        ),
        half - 0.04,
    )
    illegal = book.figure(
        refused.scene,
        t("build.illegal_caption", card=diagrams.rank_text(refused.words["card"], ranks)),
        half - 0.04,
    )
    return [
        book.heading("build.heading"),
        book.para("build.text"),
        Paragraph(f"{t('build.touch', wild=book.wild)} {columns}", book.styles.body),
        doc.Pointed([book.side_by_side(legal, illegal, half)], book.para("build.next_page")),
    ]


def _move(book: Book) -> list[Flowable]:
    t = book.t
    climb = examples.climb(book.rules)
    caption = t(
        "move.path_caption",
        values=", ".join(str(v) for v in climb.words["values"]),
        moves=t.count("move", climb.words["moves"]),
        row=climb.words["row"],
    )
    figure = book.figure(climb.scene, caption, 0.42)
    text = [book.para("move.text", joker=t(f"move.joker_{book.rules.home_joker}"))]
    return [book.beside(text, figure, 0.56, heading="move.heading")]


def _small(book: Book) -> list[Flowable]:
    t, r = book.t, book.rules
    king = t("small.king", **book.steps)
    if r.home_joker == "open":
        king = f"{king} {t('small.king_home_open')}"
    text: list[Flowable] = [
        book.para("small.text", **book.steps),
        book.para("small.path"),
        book.bullet(t("small.reading_stop_card")),
        book.bullet(t("small.reading_turned_card")),
        book.para(f"small.chosen_{r.small_path_rule}"),
        Paragraph(king, book.styles.body),
        book.para("small.queen"),
    ]
    example, ranks = examples.king(r), t.ranks()
    caption = t(
        "small.caption",
        stop=diagrams.rank_text(example.words["stop"], ranks),
        free=diagrams.rank_text(example.words["free"], ranks),
    )
    figure = book.fitted_figure(example.scene, caption, KING_SHARE)
    # where even the narrowest figure does not fit, the next section's text fills the page
    return [book.heading("small.heading"), *text, doc.Float([figure])]


def _block(book: Book) -> list[Flowable]:
    scene = examples.block(book.rules).scene
    figure = book.figure(scene, book.t("block.caption"), 1 - BLOCK_SPLIT)
    text = [
        book.para("block.text"),
        book.para("block.free"),
        book.para("block.gap"),
        book.para(f"block.home_{book.rules.home_joker}"),
    ]
    out: list[Flowable] = [book.beside(text, figure, BLOCK_SPLIT, heading="block.heading")]
    joker = examples.joker_block(book.rules)
    if joker is not None:
        ranks = book.t.ranks()
        via = f" {book.t('block.via_and')} "
        caption = book.t(
            "block.joker_caption",
            via=via.join(diagrams.rank_text(name, ranks) for name in joker.words["via"]),
        )
        out.append(book.fitted_figure(joker.scene, caption, JOKER_SHARE))
    return out


def _goal_and_pile(book: Book) -> list[Flowable]:
    r = book.rules
    return [
        book.heading("goal.heading"),
        book.para("goal.text", height=r.height),
        book.heading("pile.heading"),
        book.para("pile.text"),
        *([book.para("pile.jokers_wild")] if r.spare_jokers == "wild" and spare_jokers(r) else []),
    ]


def _readings(book: Book) -> list[Flowable]:
    t, r = book.t, book.rules
    columns = (
        t("readings.columns_limit", columns=t.count("column", r.max_columns))
        if r.max_columns
        else t("readings.columns_any")
    )
    items = [
        t("readings.joker_zero", joker=t(f"readings.joker_{r.home_joker}")),
        " ".join((t("readings.touch"), columns)),
        " ".join(
            (
                t("readings.kings_build", wild=book.wild),
                t("readings.king_must_open" if r.home_joker == "open" else "readings.king_must"),
            )
        ),
        t("readings.king_move", **book.steps),
        t("readings.forward"),
        t(f"readings.path_{r.small_path_rule}"),
        t(
            "readings.block",
            joker=t("readings.block_joker_protected") if r.home_joker == "protected" else "",
        ),
        t("readings.pass_through"),
        t("readings.queen"),
        t(f"readings.home_{r.home_joker}"),
        t("readings.summit", height=r.height),
        t("readings.discard"),
        t("readings.moved_card"),
        t("readings.empty_piles"),
        t("readings.spacing"),
        *(
            [t("readings.spare_jokers", spare=spare_jokers(r), jokers=2 * r.decks)]
            if r.spare_jokers == "remove" and spare_jokers(r)
            else []
        ),
        t("readings.colours"),
    ]
    return [
        book.heading("readings.heading"),
        book.para("readings.intro"),
        *(book.bullet(text) for text in items),
    ]


SECTIONS: tuple[Callable[[Book], list[Flowable]], ...] = (
    _title,
    _components,
    _setup,
    _turn,
    _build,
    _move,
    _small,
    _block,
    _goal_and_pile,
    _readings,
)


def rulebook_story(
    t: Texts, rules: CardtrackRules, production: CardtrackProduction, paper: str
) -> list[Flowable]:
    """The flowables of the rulebook in the language of ``t`` (no space after the last
    section, which would start a page of its own when the text fills the last one)."""
    book = replace(Book.on(paper, t, rules, production), paper=paper)
    story = doc.sections_story(SECTIONS, book, SECTION_GAP)
    while story and isinstance(story[-1], Spacer):
        story.pop()
    return story


def write_rulebook(
    path: Path,
    lang: str,
    rules: CardtrackRules,
    production: CardtrackProduction,
    setup: doc.PrintSetup,
) -> int:
    """Write the rulebook PDF in ``lang`` on the setup's paper; returns its page count."""
    t = Texts(lang)
    story = rulebook_story(t, rules, production, setup.paper)
    return doc.write_rulebook(path, story, t, setup=setup, set_name=set_name(t, rules))


def set_name(t: Texts, rules: CardtrackRules) -> str:
    """What the variant is, in ``t``'s words: ``2 decks, track height 10``."""
    return t("meta.set", decks=t.count("deck", rules.decks), height=rules.height)


def rulebook_artifacts(variant: Variant) -> list[Artifact]:
    """One ``print/rulebook`` artifact per language of ``variant.print.languages``."""
    return doc.variant_rulebooks(variant, CardtrackRules, CardtrackProduction, write_rulebook)
