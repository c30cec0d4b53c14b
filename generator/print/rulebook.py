"""Rulebook plumbing shared by every game: :func:`rulebook_info` (metadata and running texts
from a game's ``meta.*`` texts), :class:`Book` (what the sections read), :func:`sections_story`,
:func:`write_rulebook`, :func:`rulebook_artifacts` and :func:`variant_rulebooks` (one PDF per
language).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Generic, Protocol, Self, TypeVar

from reportlab.platypus import Flowable, Paragraph, Spacer, Table

from plywright.api import Artifact
from plywright.build import in_folder
from plywright.print.canvas import DocumentInfo, build_pdf
from plywright.print.flowables import Beside, side_by_side
from plywright.print.styles import Styles, make_styles, text_width

if TYPE_CHECKING:
    from plywright.api import StrictModel
    from plywright.print.publisher import PublisherMark
    from plywright.variant import Variant


class LocaleTexts(Protocol):
    """A game's texts in one language: ``t(key, **values)`` fills a text in, ``t.raw(key)``
    returns it as written."""

    lang: str

    def __call__(self, key: str, **values: object) -> str: ...

    def raw(self, key: str) -> str: ...


@dataclass(frozen=True)
class PrintSetup:
    """How a variant's prints are made: the paper and the publisher's mark (if any)."""

    paper: str
    publisher: PublisherMark | None = None


def rulebook_info(
    t: LocaleTexts, set_name: str, publisher: PublisherMark | None = None
) -> DocumentInfo:
    """Metadata and running texts of a rulebook from the texts ``meta.title``, ``meta.subject``,
    ``meta.header``, ``meta.footer`` (with ``{variant}``: ``set_name``, what the set is in the
    page's words, e.g. "10 pegs each, 121 holes" — never the variant file's name, an identifier
    a player does not read) and ``meta.page`` (with ``{page}`` and ``{pages}``, filled in per
    page); the ``publisher`` heads the first page and follows the footer's text."""
    return DocumentInfo(
        title=t("meta.title"),
        lang=t.lang,
        subject=t("meta.subject"),
        header_left=t("meta.header"),
        footer_left=t("meta.footer", variant=set_name),
        page_label=t.raw("meta.page"),
        publisher=publisher,
    )


TextsT = TypeVar("TextsT", bound=LocaleTexts)
RulesT = TypeVar("RulesT")
ProductionT = TypeVar("ProductionT")


@dataclass(frozen=True)
class Book(Generic[TextsT, RulesT, ProductionT]):
    """What a rulebook's sections read: the texts of one language, the variant's ``[rules]`` and
    ``[production]`` tables, the styles and the text column's width (pt). A game subclasses it
    with its own types and helpers (diagrams, derived numbers)."""

    t: TextsT
    rules: RulesT
    production: ProductionT
    styles: Styles
    width: float

    @classmethod
    def on(cls, paper: str, t: TextsT, rules: RulesT, production: ProductionT) -> Self:
        """The book in the standard styles, as wide as the text column of ``paper``."""
        return cls(t, rules, production, make_styles(), text_width(paper))

    def para(self, key: str, **values: object) -> Paragraph:
        """A body paragraph: the text of ``key`` filled in."""
        return Paragraph(self.t(key, **values), self.styles.body)

    def bullet(self, text: str) -> Paragraph:
        """``text`` as a bullet point."""
        return Paragraph(text, self.styles.bullet, bulletText="•")

    def heading(self, key: str) -> Paragraph:
        """A section heading: the text of ``key``."""
        return Paragraph(self.t(key), self.styles.h1)

    def caption(self, key: str, **values: object) -> Paragraph:
        """A figure caption: the text of ``key`` filled in."""
        return Paragraph(self.t(key, **values), self.styles.caption)

    def side_by_side(self, left: list[Flowable], right: list[Flowable], split: float) -> Table:
        """Two columns across the text column; ``left`` takes ``split`` of it."""
        return side_by_side(left, right, self.width, split)

    def beside(
        self,
        text: list[Flowable],
        figure: list[Flowable],
        split: float,
        heading: str = "",
        pointer: str = "",
    ) -> Beside:
        """``text`` beside ``figure`` (taking ``split`` of the column) under the heading of the
        key ``heading`` (if any); the text flows on at the foot of a page, and when the figure
        goes to the next page alone, the text of the key ``pointer`` says so (see
        :class:`~plywright.print.flowables.Beside`)."""
        return Beside(
            text,
            figure,
            split,
            heading=self.heading(heading) if heading else None,
            pointer=self.para(pointer) if pointer else None,
        )


def write_rulebook(
    path: Path, story: Sequence[Flowable], t: LocaleTexts, *, setup: PrintSetup, set_name: str
) -> int:
    """Lay a rulebook's ``story`` out on the setup's paper with :func:`rulebook_info`; returns
    its page count."""
    info = rulebook_info(t, set_name, setup.publisher)
    return build_pdf(path, story, paper=setup.paper, info=info)


BookT = TypeVar("BookT")


def sections_story(
    sections: Sequence[Callable[[BookT], list[Flowable]]], book: BookT, gap: float
) -> list[Flowable]:
    """Every section's flowables in order, ``gap`` points after each."""
    story: list[Flowable] = []
    for section in sections:
        story += section(book)
        story.append(Spacer(1, gap))
    return story


def rulebook_artifacts(
    languages: Sequence[str], paper: str, write: Callable[[Path, str], object]
) -> list[Artifact]:
    """One ``print/rulebook`` artifact per language: ``write(path, lang)`` writes the PDF (its
    folder is made first)."""
    return [
        Artifact(
            kind="print/rulebook",
            path=f"print/rulebook-{lang}.pdf",
            description=f"rulebook ({lang}, {paper})",
            write=in_folder(functools.partial(_write_in, write, lang)),
            lang=lang,
        )
        for lang in languages
    ]


def _write_in(write: Callable[[Path, str], object], lang: str, path: Path) -> None:
    write(path, lang)


RulesModel = TypeVar("RulesModel", bound="StrictModel")
ProductionModel = TypeVar("ProductionModel", bound="StrictModel")


def variant_rulebooks(
    variant: Variant,
    rules: type[RulesModel],
    production: type[ProductionModel],
    write: Callable[[Path, str, RulesModel, ProductionModel, PrintSetup], object],
) -> list[Artifact]:
    """The rulebook artifacts of ``variant`` (one per language of ``[print]``):
    ``write(path, lang, rules, production, setup)`` writes one PDF."""
    rules_table, production_table = variant.table(rules), variant.table(production)
    setup = print_setup(variant)

    def write_one(path: Path, lang: str) -> None:
        write(path, lang, rules_table, production_table, setup)

    return rulebook_artifacts(variant.print.languages, setup.paper, write_one)


def print_setup(variant: Variant) -> PrintSetup:
    """The paper and publisher of ``variant``'s ``[print]`` table."""
    from plywright.print.publisher import variant_mark

    return PrintSetup(variant.print.paper, variant_mark(variant))
