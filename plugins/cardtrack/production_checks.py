"""Static checks of Konstruktsiia's ``[production]`` values: can the play aids be made?

The mat must fit large-format paper (and a sane number of tiled pages), the tokens must nest
on their board and sit on a card, the reference card's text must fit the card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from plywright.api import StaticCheck
from plywright.cad.plan import mm
from plywright.plugins.cardtrack.mat import Mat, printable_problem, sheet_page_size
from plywright.plugins.cardtrack.options import CardtrackRules
from plywright.plugins.cardtrack.parts import gap, nest_tokens
from plywright.plugins.cardtrack.production import CardtrackProduction
from plywright.plugins.cardtrack.refcard import MIN_FONT, card_sides, fitting_size
from plywright.plugins.cardtrack.rulebook import Texts
from plywright.plugins.cardtrack.tokens import token_set

if TYPE_CHECKING:
    from plywright.variant import Variant


def _check(
    name: str, ok: bool, good: str, bad: str, severity: Literal["error", "warning"] = "error"
) -> StaticCheck:
    return StaticCheck(f"production.{name}", ok, good if ok else bad, severity)


def mat_checks(mat: Mat, production: CardtrackProduction, paper: str) -> list[StaticCheck]:
    problem = printable_problem(mat, production, paper)
    width, length = sheet_page_size(mat)
    return [
        _check(
            "mat_printable",
            problem is None,
            f"the track mat fits one {mm(width)} x {mm(length)} mm large-format page and tiles "
            f"on {paper}",
            f"the mat cannot be printed: {problem}",
        )
    ]


def token_checks(rules: CardtrackRules, p: CardtrackProduction) -> list[StaticCheck]:
    tokens = token_set(rules.small_tokens, p)
    fits = nest_tokens(tokens, p) is not None
    pair = 2 * p.small_token
    return [
        _check(
            "tokens_fit_board",
            fits,
            f"{len(tokens)} tokens nest on one {mm(p.sheet_width)} x {mm(p.sheet_height)} mm board",
            f"{len(tokens)} tokens ({mm(p.big_token)} and {mm(p.small_token)} mm, "
            f"{mm(gap(p))} mm apart) do not fit a {mm(p.sheet_width)} x {mm(p.sheet_height)} mm "
            "board: enlarge the board or shrink the tokens",
        ),
        _check(
            "token_spacing",
            p.part_spacing >= p.tool_diameter,
            f"{mm(p.part_spacing)} mm between tokens for a {mm(p.tool_diameter)} mm cutter",
            f"part_spacing {mm(p.part_spacing)} mm is below the cutter diameter "
            f"{mm(p.tool_diameter)} mm: the tokens are spaced {mm(p.tool_diameter)} mm apart",
            "warning",
        ),
        _check(
            "small_tokens_share_card",
            pair <= p.w,
            f"two small tokens ({mm(pair)} mm) fit side by side on a {mm(p.w)} mm card",
            f"two small tokens ({mm(pair)} mm) do not fit side by side on a {mm(p.w)} mm wide "
            "card: tokens of one colour sharing a card will overlap",
            "warning",
        ),
    ]


def refcard_checks(
    rules: CardtrackRules, p: CardtrackProduction, languages: tuple[str, ...]
) -> list[StaticCheck]:
    out = []
    for lang in languages:
        sizes = [fitting_size(side, p) for side in card_sides(Texts(lang), rules)]
        ok = all(size is not None for size in sizes)
        smallest = min((s for s in sizes if s is not None), default=0.0)
        out.append(
            _check(
                f"refcard_{lang}",
                ok,
                f"the {lang} reference card text fits a {mm(p.w)} x {mm(p.h)} mm card at "
                f"{smallest:g} pt",
                f"the {lang} reference card text does not fit a {mm(p.w)} x {mm(p.h)} mm card "
                f"even at {MIN_FONT:g} pt: use larger cards",
            )
        )
    return out


def cardtrack_production_checks(variant: Variant) -> list[StaticCheck]:
    """Every production check of a Konstruktsiia variant."""
    from plywright.plugins.cardtrack.artifacts import cardtrack_build

    build = cardtrack_build(variant)
    return [
        *mat_checks(build.mat, build.production, build.paper),
        *token_checks(build.rules, build.production),
        *refcard_checks(build.rules, build.production, build.languages),
    ]
