"""The files ``plywright build`` writes for a Kubb variant (rulebooks excepted).

:func:`kubb_artifacts` is a thin adapter from a :class:`~plywright.variant.Variant`;
:class:`KubbBuild` does the work and keeps the solids (shared by STEP, STL and the BOM masses)
for the length of one build.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from plywright.api import Artifact
from plywright.bom import write_bom
from plywright.build import in_folder
from plywright.cad.plan import mm
from plywright.plugins.kubb import parts
from plywright.plugins.kubb.bom import bom_rows, cut_list_csv
from plywright.plugins.kubb.crown import write_crown_template
from plywright.plugins.kubb.fieldplan import field_plan_svg, preview_svg, write_field_plan_pdf
from plywright.plugins.kubb.geometry import KubbField
from plywright.plugins.kubb.locales import Texts
from plywright.plugins.kubb.production import KubbProduction
from plywright.plugins.kubb.rulebook import display_name
from plywright.print.publisher import PublisherMark, variant_mark

if TYPE_CHECKING:
    import cadquery as cq

    from plywright.variant import Variant

PIECES = ("kubb", "king", "baton", "stake")


@dataclass(frozen=True)
class SetCounts:
    """Pieces per set that depend on ``[rules]``."""

    kubbs_per_team: int = 5
    batons: int = 6


@dataclass(frozen=True)
class KubbBuild:
    """One Kubb build: the field, the pieces' production values, paper and languages."""

    field: KubbField
    production: KubbProduction
    name: str
    counts: SetCounts = SetCounts()
    paper: str = "A4"
    languages: tuple[str, ...] = ("nl", "en")
    publisher: PublisherMark | None = None

    @cached_property
    def solids(self) -> dict[str, cq.Solid]:
        p = self.production
        return {
            "kubb": parts.kubb_solid(p),
            "king": parts.king_solid(p),
            "baton": parts.baton_solid(p),
            "stake": parts.stake_solid(p),
        }

    def volumes(self) -> dict[str, float]:
        return {key: float(solid.Volume()) for key, solid in self.solids.items()}

    def _step(self, key: str) -> Callable[[Path], None]:
        def write(path: Path) -> None:
            from plywright.cad.step import write_step

            write_step(self.solids[key], path, name=f"{self.name} {key}")

        return write

    def _stl(self, key: str) -> Callable[[Path], None]:
        def write(path: Path) -> None:
            from plywright.cad.stl import write_stl

            write_stl(self.solids[key], path, tolerance=self.production.stl_tolerance)

        return write

    def _dxf(self, profile: parts.Profile) -> Callable[[Path], None]:
        def write(path: Path) -> None:
            from plywright.cad.dxf import write_dxf

            write_dxf(parts.profile_plan(profile, self.name), path)

        return write

    def display(self, t: Texts) -> str:
        """The set's name at the head of a page, in ``t``'s words (never the file's name)."""
        return display_name(t, self.field.length, self.field.width)

    def _crown(self, lang: str) -> Callable[[Path], None]:
        def write(path: Path) -> None:
            t = Texts(lang)
            write_crown_template(path, self.production, t, self.paper, publisher=self.publisher)

        return write

    def write_bom(self, path: Path) -> None:
        write_bom(path, bom_rows(self.production, self.counts, self.volumes()))

    def write_cut_list(self, path: Path) -> None:
        path.write_text(cut_list_csv(self.production, self.counts), encoding="utf-8")

    def write_field_svg(self, path: Path) -> None:
        t = Texts("en" if "en" in self.languages else self.languages[0])
        path.write_text(field_plan_svg(self.field, t, f"{self.name} field plan") + "\n", "utf-8")

    def write_preview(self, path: Path) -> None:
        t = Texts("en" if "en" in self.languages else self.languages[0])
        path.write_text(preview_svg(self.field, t, f"{self.name} preview") + "\n", "utf-8")

    def _field_pdf(self, lang: str) -> Callable[[Path], None]:
        def write(path: Path) -> None:
            t = Texts(lang)
            write_field_plan_pdf(
                path, self.field, t, self.paper, self.display(t), publisher=self.publisher
            )

        return write

    def artifacts(self) -> list[Artifact]:
        p, f, paper = self.production, self.field, self.paper
        sizes = {
            "kubb": f"kubb {mm(p.kubb_width)} x {mm(p.kubb_width)} x {mm(p.kubb_height)} mm, "
            f"{mm(p.kubb_chamfer)} mm end chamfers",
            "king": f"king {mm(p.king_width)} x {mm(p.king_width)} x {mm(p.king_height)} mm, "
            f"crown of {p.crown_points} points per face",
            "baton": f"baton D{mm(p.baton_diameter)} x {mm(p.baton_length)} mm",
            "stake": f"marker stake {mm(p.stake_width)} x {mm(p.stake_width)} x "
            f"{mm(p.stake_length)} mm, pointed",
        }
        out: list[Artifact] = []
        for key in PIECES:
            out.append(
                Artifact(
                    "cad/step",
                    f"cad/{key}.step",
                    f"{sizes[key]}; solid in mm, foot at Z=0",
                    in_folder(self._step(key)),
                )
            )
            out.append(
                Artifact(
                    "cad/stl",
                    f"cad/{key}.stl",
                    f"{sizes[key]}; binary STL, chord tolerance {mm(p.stl_tolerance)} mm",
                    in_folder(self._stl(key)),
                )
            )
        for profile in parts.profiles(p):
            out.append(
                Artifact(
                    "cad/dxf",
                    f"cad/{profile.key}.dxf",
                    f"saw profile: {profile.title}; one layer per operation, mm",
                    in_folder(self._dxf(profile)),
                )
            )
        out += [
            Artifact(
                "layout/svg",
                "layout/field-plan.svg",
                f"field plan {f.length:g} x {f.width:g} m at 1:50 (paper mm): stakes, "
                f"baselines, centre line, king, base kubbs, diagonal {f.diagonal:.2f} m",
                in_folder(self.write_field_svg),
            ),
            Artifact(
                "preview/svg",
                "preview.svg",
                "the field set up for play (pieces drawn larger than life)",
                in_folder(self.write_preview),
            ),
            Artifact(
                "bom/csv",
                "bom.csv",
                "bill of materials: pieces per set, stock lengths, sets per length, mass",
                in_folder(self.write_bom),
            ),
            Artifact(
                "bom/csv",
                "cut-list.csv",
                f"cut list of one set: every piece on its stock length, kerf {mm(p.kerf)} mm",
                in_folder(self.write_cut_list),
            ),
        ]
        for lang in self.languages:
            out.append(
                Artifact(
                    "print/template",
                    f"print/crown-template-{lang}-{paper.lower()}.pdf",
                    f"king crown template at true size (1:1) on one {paper} page, with the "
                    f"100 mm scale check ({lang})",
                    in_folder(self._crown(lang)),
                    lang=lang,
                )
            )
            out.append(
                Artifact(
                    "print/sheet",
                    f"print/field-plan-{lang}.pdf",
                    f"field plan to scale on {paper} with marking-out steps ({lang})",
                    in_folder(self._field_pdf(lang)),
                    lang=lang,
                )
            )
        return out


def kubb_build(variant: Variant) -> KubbBuild:
    from plywright.plugins.kubb.options import KubbRules

    rules, production = variant.table(KubbRules), variant.table(KubbProduction)
    return KubbBuild(
        field=KubbField.from_rules(rules),
        production=production,
        name=variant.name,
        counts=SetCounts(rules.kubbs_per_team, rules.batons),
        paper=variant.print.paper,
        languages=tuple(variant.print.languages),
        publisher=variant_mark(variant),
    )


def kubb_artifacts(variant: Variant) -> list[Artifact]:
    """Every Kubb file except the rulebooks; solids are built once, on first use."""
    return kubb_build(variant).artifacts()
