"""The files ``plywright build`` writes for a halma variant (rulebooks excepted).

:func:`halma_artifacts` is a thin adapter from a :class:`~plywright.variant.Variant`;
:class:`HalmaBuild` does the work and keeps what several files share (the plan, the board
solid) for the length of one build.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, partial
from pathlib import Path
from typing import TYPE_CHECKING

import cadquery as cq

from plywright.api import Artifact
from plywright.bom import write_bom
from plywright.build import in_folder
from plywright.cad.dxf import write_dxf
from plywright.cad.plan import mm
from plywright.cad.solids import plan_solid
from plywright.cad.step import write_step
from plywright.cad.stl import write_stl
from plywright.plugins.halma.bom import bom_rows
from plywright.plugins.halma.geometry import StarBoard, star_board
from plywright.plugins.halma.options import HalmaRules
from plywright.plugins.halma.parts import BoardPlan, board_plan, peg_solid
from plywright.plugins.halma.production import PALETTE, HalmaProduction
from plywright.print.publisher import PublisherMark, variant_mark
from plywright.print.templates import write_sheet_template, write_tiled_template
from plywright.svg.layout import write_layout_svg
from plywright.svg.preview import Piece, write_preview_svg

if TYPE_CHECKING:
    from plywright.variant import Variant


@dataclass(frozen=True)
class HalmaBuild:
    """One halma build: board geometry, production values, paper and the preview's seating."""

    board: StarBoard
    production: HalmaProduction
    name: str
    paper: str = "A4"
    seats: tuple[int, ...] = (0, 3)
    lang: str = "en"
    """The language of the templates written without one (the variant's first)."""
    languages: tuple[str, ...] = ()
    """The languages the templates are written in (empty: :attr:`lang` only)."""
    publisher: PublisherMark | None = None

    @cached_property
    def plan(self) -> BoardPlan:
        return board_plan(self.board, self.production, self.name)

    @cached_property
    def board_solid(self) -> cq.Solid:
        """The machined board (built once, shared by the STEP and STL writers)."""
        return plan_solid(self.plan.plan)

    @cached_property
    def peg(self) -> cq.Solid:
        return peg_solid(self.production)

    def write_board_step(self, path: Path) -> None:
        write_step(self.board_solid, path, name=f"{self.name} board")

    def write_peg_step(self, path: Path) -> None:
        write_step(self.peg, path, name=f"{self.name} peg")

    def write_board_stl(self, path: Path) -> None:
        write_stl(self.board_solid, path, tolerance=self.production.stl_tolerance)

    def write_dxf(self, path: Path) -> None:
        write_dxf(self.plan.plan, path)

    def write_layout(self, path: Path) -> None:
        write_layout_svg(self.plan.plan, path)

    def title(self, lang: str) -> str:
        """What the template pages call the board: the game and the set, in ``lang``
        (``Ķīniešu dambrete · standarta komplekts``), never the variant's file name."""
        from plywright.plugins.halma.rulebook import set_title

        return set_title(lang, self.board.n)

    def part(self, lang: str) -> str:
        """What the templates' size line calls the board: ``Spēles laukums (komplekts „Pro“)``."""
        from plywright.plugins.halma.rulebook import part_title

        return part_title(lang, self.board.n)

    def write_tiled_template(self, path: Path, lang: str | None = None) -> None:
        lang = lang or self.lang
        write_tiled_template(
            self.plan.plan,
            path,
            paper=self.paper,
            lang=lang,
            name=self.title(lang),
            part=self.part(lang),
            publisher=self.publisher,
        )

    def write_sheet_template(self, path: Path, lang: str | None = None) -> None:
        lang = lang or self.lang
        write_sheet_template(
            self.plan.plan,
            path,
            lang=lang,
            name=self.title(lang),
            part=self.part(lang),
            publisher=self.publisher,
        )

    def template_artifacts(self) -> list[Artifact]:
        """The tiled and the one-sheet template in every language of :attr:`languages`."""
        paper = self.paper
        out = []
        for lang in self.languages or (self.lang,):
            specs: list[tuple[str, str, Callable[[Path], None]]] = [
                (
                    f"print/drill-template-{paper.lower()}-{lang}.pdf",
                    f"1:1 drill template tiled on {paper} with assembly map ({lang})",
                    partial(self.write_tiled_template, lang=lang),
                ),
                (
                    f"print/drill-template-full-size-{lang}.pdf",
                    f"1:1 drill template on one sheet sized to the board ({lang})",
                    partial(self.write_sheet_template, lang=lang),
                ),
            ]
            out += [
                Artifact("print/template", path, text, in_folder(write), lang=lang)
                for path, text, write in specs
            ]
        return out

    def write_bom(self, path: Path) -> None:
        write_bom(path, bom_rows(self.board, self.production))

    def pieces(self) -> list[Piece]:
        """Pegs of the preview's seating on their start holes, in the points' colours."""
        p = self.production
        return [
            Piece(self.plan.hole_centres[hole], p.peg_diameter, PALETTE[p.peg_colours[point]])
            for point in self.seats
            for hole in self.board.points[point]
        ]

    def write_preview(self, path: Path) -> None:
        write_preview_svg(self.plan.plan, self.pieces(), path)

    def artifacts(self) -> list[Artifact]:
        p, holes = self.production, len(self.board)
        drill = f"{holes} holes D{mm(p.hole_diameter)} x {mm(p.hole_depth)} mm"
        specs: list[tuple[str, str, str, Callable[[Path], None]]] = [
            (
                "cad/step",
                "cad/board.step",
                f"board solid, mm, top face at Z=0: {drill}, chamfers, markings",
                self.write_board_step,
            ),
            (
                "cad/step",
                "cad/peg.step",
                f"one peg D{mm(p.peg_diameter)} x {mm(p.peg_length)} mm, domed top",
                self.write_peg_step,
            ),
            (
                "cad/stl",
                "cad/board.stl",
                f"board mesh (binary STL, chord tolerance {mm(p.stl_tolerance)} mm)",
                self.write_board_stl,
            ),
            (
                "cad/dxf",
                "cad/board.dxf",
                "board machining plan, one layer per operation, mm, origin lower-left",
                self.write_dxf,
            ),
            (
                "layout/svg",
                "layout/board.svg",
                "1:1 board layout in mm, one layer per operation (red cut, green drill, "
                "blue engrave)",
                self.write_layout,
            ),
            (
                "bom/csv",
                "bom.csv",
                "bill of materials: blank, boards per sheet, holes, pegs per seating",
                self.write_bom,
            ),
            (
                "preview/svg",
                "preview.svg",
                f"preview with pegs of the {len(self.seats)}-player seating",
                self.write_preview,
            ),
        ]
        files = [Artifact(kind, path, text, in_folder(write)) for kind, path, text, write in specs]
        return [*files, *self.template_artifacts()]


def halma_build(variant: Variant) -> HalmaBuild:
    rules, production = variant.table(HalmaRules), variant.table(HalmaProduction)
    return HalmaBuild(
        board=star_board(rules.n),
        production=production,
        name=variant.name,
        paper=variant.print.paper,
        seats=rules.seat_points(),
        lang=variant.print.languages[0],
        languages=tuple(variant.print.languages),
        publisher=variant_mark(variant),
    )


def halma_artifacts(variant: Variant) -> list[Artifact]:
    """Every halma file except the rulebooks; expensive shapes are built once, on first use."""
    return halma_build(variant).artifacts()
