"""The files ``plywright build`` writes for a Konstruktsiia variant (rulebooks excepted).

:func:`cardtrack_artifacts` is a thin adapter from a :class:`~plywright.variant.Variant`;
:class:`CardtrackBuild` does the work and keeps what several files share (the mat, the token
plan and solids) for the length of one build. A variant whose mat cannot be printed is refused
with the reason (:class:`~plywright.errors.InputError`, exit status 2).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, partial
from pathlib import Path
from typing import TYPE_CHECKING

from plywright.api import Artifact
from plywright.bom import BomRow, write_bom
from plywright.build import in_folder
from plywright.cad.dxf import write_dxf
from plywright.cad.plan import MachiningPlan, mm
from plywright.errors import InputError
from plywright.plugins.cardtrack import diagrams
from plywright.plugins.cardtrack.bom import MatSheets, TokenCount, bom_rows
from plywright.plugins.cardtrack.mat import (
    Extras,
    Mat,
    MatTexts,
    TemplateWords,
    mat_grid,
    printable_problem,
    sheet_page_size,
    track_mat,
    write_mat_sheet,
    write_mat_svg,
    write_mat_tiled,
    write_preview_svg,
)
from plywright.plugins.cardtrack.options import CardtrackRules
from plywright.plugins.cardtrack.parts import token_plan, token_solid
from plywright.plugins.cardtrack.production import CardtrackProduction
from plywright.plugins.cardtrack.refcard import card_sides, fitting_size, write_refcard
from plywright.plugins.cardtrack.rulebook import Texts, set_name
from plywright.plugins.cardtrack.tokens import (
    PLAYER_COLOURS,
    Token,
    spares,
    token_set,
    with_spares,
    write_token_sheet,
)
from plywright.print.publisher import PublisherMark, variant_mark
from plywright.print.scalebar import scale_check_label
from plywright.svg.layout import write_layout_svg

if TYPE_CHECKING:
    import cadquery as cq

    from plywright.variant import Variant


@dataclass(frozen=True)
class CardtrackBuild:
    """One Konstruktsiia build: rules, production values, paper and languages."""

    rules: CardtrackRules
    production: CardtrackProduction
    name: str
    paper: str = "A4"
    languages: tuple[str, ...] = ("uk", "en")
    publisher: PublisherMark | None = None

    @cached_property
    def texts(self) -> list[Texts]:
        return [Texts(lang) for lang in self.languages]

    def text(self, lang: str) -> Texts:
        """The texts of ``lang``, one of :attr:`languages`."""
        return self.texts[self.languages.index(lang)]

    @cached_property
    def mats(self) -> dict[str, Mat]:
        """The mat in each language: the same slots, each with its own words."""
        p, r = self.production, self.rules
        out = {}
        for t in self.texts:
            words = MatTexts(
                title=t("mat.title", w=t.number(p.w), h=t.number(p.h), height=r.height),
                black_start=t("mat.black_start"),
                red_start=t("mat.red_start"),
                summit=t("mat.summit"),
                joker=t("mat.joker"),
            )
            out[t.lang] = track_mat(
                p, height=r.height, max_columns=r.max_columns, texts=words, name=self.name
            )
        return out

    @property
    def mat(self) -> Mat:
        """The mat in the first language (its geometry is every language's)."""
        return self.mats[self.languages[0]]

    @cached_property
    def tokens(self) -> tuple[Token, ...]:
        return token_set(self.rules.small_tokens, self.production)

    @cached_property
    def token_plan(self) -> MachiningPlan:
        return token_plan(self.tokens, self.production, self.name)

    @cached_property
    def big_solid(self) -> cq.Solid:
        return token_solid(self.production.big_token, self.production, ring=True)

    @cached_property
    def small_solid(self) -> cq.Solid:
        return token_solid(self.production.small_token, self.production, ring=False)

    def problem(self) -> str | None:
        """Why the play aids cannot be made, or ``None``."""
        return printable_problem(self.mat, self.production, self.paper)

    def mat_info(self, lang: str | None = None) -> list[str]:
        """What the mat is, and, when the table has no limit, that the track may outgrow it
        (in ``lang``, else the first language)."""
        first, last = self.mat.columns
        p, t = self.production, self.text(lang or self.languages[0])
        columns = t.count("column", last - first + 1)
        info = [
            t(
                "mat.info",
                name=t("meta.title"),
                w=t.number(p.w),
                h=t.number(p.h),
                columns=columns,
                height=self.rules.height,
            )
        ]
        if not self.rules.max_columns or self.rules.max_columns > last - first + 1:
            info.append(t("mat.beyond", columns=columns))
        return info

    # -- writers --------------------------------------------------------------------------

    def template_words(self, lang: str | None = None) -> TemplateWords:
        """The mat templates' own words in ``lang`` (else the first language)."""
        t = self.text(lang or self.languages[0])
        return TemplateWords(
            kind=t("mat.kind"),
            note=t("mat.note"),
            step=t("mat.step"),
            title=t("meta.title"),
            sheet_title=t("mat.sheet_title"),
        )

    def write_mat_tiled(self, path: Path, lang: str | None = None) -> None:
        lang = lang or self.languages[0]
        write_mat_tiled(
            self.mats[lang],
            path,
            paper=self.paper,
            words=self.template_words(lang),
            info=self.mat_info(lang),
            lang=lang,
            publisher=self.publisher,
        )

    def write_mat_sheet(self, path: Path, lang: str | None = None) -> None:
        lang = lang or self.languages[0]
        write_mat_sheet(
            self.mats[lang],
            path,
            words=self.template_words(lang),
            info=self.mat_info(lang),
            lang=lang,
            publisher=self.publisher,
        )

    def write_mat_svg(self, path: Path) -> None:
        write_mat_svg(self.mat, path)

    def token_sheet(self) -> tuple[Token, ...]:
        """The print sheet's tokens: the set's and the spares on the room left."""
        return with_spares(self.tokens, self.paper, self.production.bleed)

    def write_token_sheet(self, path: Path) -> None:
        """The token sheet (one serves every language): the set's tokens and the spares, the
        instructions and the footer in each language of the variant, one after the other."""
        p, sheet = self.production, self.token_sheet()
        big = sum(tok.kind == "big" for tok in self.tokens)
        extra = spares(sheet, self.tokens)
        lines: list[str] = []
        for t in self.texts:
            if extra.big:
                more = t("tokens.spares", big=2 * extra.big, small=2 * extra.small)
            else:
                more = t("tokens.spares_small", small=2 * extra.small) if extra.small else ""
            lines += [
                *([""] if lines else []),  # a gap between the languages
                t("tokens.line1", big=big, small=len(self.tokens) - big, spares=more),
                t("tokens.line2", big=t.mm(p.big_token), small=t.mm(p.small_token)),
            ]
        write_token_sheet(
            sheet,
            path,
            paper=self.paper,
            production=p,
            title=" · ".join(t("tokens.title") for t in self.texts),
            lines=lines,
            page_words=" · ".join(t.raw("tokens.page") for t in self.texts),
            footer=[t("tokens.footer", bleed=t.mm(p.bleed)) for t in self.texts],
            scale=[scale_check_label(lang) for lang in self.languages],
            lang=self.languages[0],
            publisher=self.publisher,
        )

    def write_token_dxf(self, path: Path) -> None:
        write_dxf(self.token_plan, path)

    def write_token_layout(self, path: Path) -> None:
        write_layout_svg(self.token_plan, path)

    def write_big_step(self, path: Path) -> None:
        from plywright.cad.step import write_step

        write_step(self.big_solid, path, name=f"{self.name} big token")

    def write_small_step(self, path: Path) -> None:
        from plywright.cad.step import write_step

        write_step(self.small_solid, path, name=f"{self.name} small token")

    def refcard_writer(self, lang: str) -> Callable[[Path], None]:
        def write(path: Path) -> None:
            t = Texts(lang)
            name = set_name(t, self.rules)
            write_refcard(path, t, self.rules, self.production, name, publisher=self.publisher)

        return write

    def preview_extras(self) -> Extras:
        """The rulebook's sample track (its big-token example, a scenario) with both big tokens
        and a small token on it."""
        from plywright.plugins.cardtrack import examples

        ranks = self.texts[0].ranks()
        climb = examples.climb(self.rules).scene
        cards = tuple((slot, diagrams.rank_text(name, ranks)) for slot, name in climb.cards)
        p = self.production
        path = climb.path
        tokens = (
            (path[3], PLAYER_COLOURS["black"], p.big_token),
            (path[0], PLAYER_COLOURS["red"], p.small_token),
            (diagrams.Slot("V", 1, 1), PLAYER_COLOURS["red"], p.big_token),
        )
        return Extras(cards, tokens)

    def write_preview(self, path: Path) -> None:
        write_preview_svg(self.mat, self.preview_extras(), path)

    def bom_rows(self) -> list[BomRow]:
        big = sum(t.kind == "big" for t in self.tokens)
        tiles = len(mat_grid(self.mat, self.paper).tiles)
        sheet = sheet_page_size(self.mat)
        return bom_rows(
            self.rules,
            self.production,
            TokenCount(big, len(self.tokens) - big),
            MatSheets(self.paper, tiles, sheet),
            self.languages,
        )

    def write_bom(self, path: Path) -> None:
        write_bom(path, self.bom_rows())

    def report(self) -> dict[str, object]:
        """The play aids' numbers: mat size and pages, tokens, reference-card font sizes."""
        width, length = sheet_page_size(self.mat)
        grid = mat_grid(self.mat, self.paper)
        return {
            "variant": self.name,
            "card": [self.production.w, self.production.h],
            "mat": {
                "columns": list(self.mat.columns),
                "rows": self.rules.height + 1,
                "slots": len(self.mat.slots),
                "size_mm": [round(v, 3) for v in self.mat.size],
                "sheet_mm": [round(width, 3), round(length, 3)],
                "tiled_pages": len(grid.tiles) + 1,
                "paper": self.paper,
                "printable": self.problem() is None,
            },
            "tokens": {
                "big": sum(t.kind == "big" for t in self.tokens),
                "small": sum(t.kind == "small" for t in self.tokens),
            },
            "refcard_font_pt": {
                t.lang: [fitting_size(side, self.production) for side in card_sides(t, self.rules)]
                for t in self.texts
            },
        }

    def write_report(self, path: Path) -> None:
        path.write_text(json.dumps(self.report(), indent=2) + "\n", encoding="utf-8")

    def artifacts(self) -> list[Artifact]:
        p, paper = self.production, self.paper
        big = sum(t.kind == "big" for t in self.tokens)
        small = len(self.tokens) - big
        specs: list[tuple[str, str, str, Callable[[Path], None]]] = [
            ("layout/svg", "layout/track-mat.svg", "1:1 track mat in mm", self.write_mat_svg),
            (
                "print/sheet",
                "print/tokens.pdf",
                f"{big} big and {small} small tokens in Black and Red with {mm(p.bleed)} mm "
                f"bleed and crop marks, spares on the room left ({', '.join(self.languages)})",
                self.write_token_sheet,
            ),
            (
                "cad/dxf",
                "cad/tokens.dxf",
                "wooden tokens nested on one board, one layer per operation, mm",
                self.write_token_dxf,
            ),
            (
                "layout/svg",
                "layout/tokens.svg",
                "wooden tokens 1:1 in mm, one layer per operation (red cut, blue engrave)",
                self.write_token_layout,
            ),
            (
                "cad/step",
                "cad/token-big.step",
                f"big token D{mm(p.big_token)} x {mm(p.wood_thickness)} mm, engraved ring",
                self.write_big_step,
            ),
            (
                "cad/step",
                "cad/token-small.step",
                f"small token D{mm(p.small_token)} x {mm(p.wood_thickness)} mm",
                self.write_small_step,
            ),
            (
                "bom/csv",
                "bom.csv",
                "bill of materials: decks, tokens, board, mat sheets, reference cards",
                self.write_bom,
            ),
            (
                "preview/svg",
                "preview.svg",
                "preview: the mat with a sample track and tokens",
                self.write_preview,
            ),
            (
                "report/json",
                "report/play-aids.json",
                "play-aid numbers: mat size and pages, tokens, reference-card font sizes",
                self.write_report,
            ),
        ]
        out = [Artifact(kind, path, text, in_folder(write)) for kind, path, text, write in specs]
        for lang in self.languages:
            out += [
                Artifact(
                    "print/template",
                    f"print/track-mat-{paper.lower()}-{lang}.pdf",
                    f"1:1 track mat tiled on {paper} with assembly map, registration marks and "
                    f"scale bars ({lang})",
                    in_folder(partial(self.write_mat_tiled, lang=lang)),
                    lang=lang,
                ),
                Artifact(
                    "print/template",
                    f"print/track-mat-full-size-{lang}.pdf",
                    f"1:1 track mat on one large-format page ({lang})",
                    in_folder(partial(self.write_mat_sheet, lang=lang)),
                    lang=lang,
                ),
            ]
        out += [
            Artifact(
                "print/sheet",
                f"print/reference-card-{lang}.pdf",
                f"quick-reference card ({lang}), {mm(p.w)} x {mm(p.h)} mm + {mm(p.bleed)} mm "
                "bleed, crop marks, front and back",
                in_folder(self.refcard_writer(lang)),
                lang=lang,
            )
            for lang in self.languages
        ]
        return out


def cardtrack_build(variant: Variant) -> CardtrackBuild:
    return CardtrackBuild(
        rules=variant.table(CardtrackRules),
        production=variant.table(CardtrackProduction),
        name=variant.name,
        paper=variant.print.paper,
        languages=tuple(variant.print.languages),
        publisher=variant_mark(variant),
    )


def cardtrack_artifacts(variant: Variant) -> list[Artifact]:
    """Every Konstruktsiia play aid; refused (exit 2) when the mat cannot be printed."""
    build = cardtrack_build(variant)
    problem = build.problem()
    if problem is not None:
        raise InputError(f"[production] w, h: the play aids cannot be made: {problem}")
    return build.artifacts()
