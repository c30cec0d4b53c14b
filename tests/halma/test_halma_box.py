"""What is in the halma box: ``[production] box_colours``/``pegs_per_colour``, read alike by
the BOM, the rulebook and the static check."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest

from plywright.errors import InputError
from plywright.plugins.halma.bom import bom_csv, bom_rows
from plywright.plugins.halma.box import box_of
from plywright.plugins.halma.geometry import star_board
from plywright.plugins.halma.options import HalmaRules
from plywright.plugins.halma.plugin import GAME
from plywright.plugins.halma.production import HalmaProduction
from plywright.plugins.halma.production_checks import box_check, halma_production_checks
from plywright.plugins.halma.rulebook import write_rulebook
from plywright.print.rulebook import PrintSetup
from plywright.registry import load_registry
from plywright.template import variant_template
from plywright.variant import parse_variant
from tests.pdfread import page_texts

SEED_BOX: dict[str, Any] = {"box_colours": ("red", "green", "black"), "pegs_per_colour": 12}
"""The seed's "36 coloured wooden pegs" as three colours of 12 (two spares each)."""


@pytest.mark.parametrize(("n", "per_player"), [(4, 10), (5, 15)])
def test_the_default_box_fills_every_triangle(n: int, per_player: int) -> None:
    box = box_of(n, HalmaProduction())
    assert box.per_player == per_player
    assert box.pegs == tuple(
        (colour, per_player) for colour in ("red", "yellow", "green", "blue", "black", "white")
    )
    assert box.total == 6 * per_player and box.seats == 6
    assert box.player_range(HalmaRules(n=n)) == (2, 6)


def test_the_seeds_36_pegs_are_expressible() -> None:
    box = box_of(4, HalmaProduction(**SEED_BOX))
    assert box.total == 36
    assert box.seated_points == (0, 2, 4)  # red, green and black start on P0, P2, P4
    assert box.player_range(HalmaRules()) == (2, 3)
    assert box.count("blue") == 0
    six = box_of(4, HalmaProduction(pegs_per_colour=6))  # or six colours of six
    assert six.total == 36 and six.seats == 0


def test_a_variant_with_its_own_seating_offers_its_player_count_only() -> None:
    rules = HalmaRules(players=2, seating=(1, 4))
    assert box_of(4, HalmaProduction()).player_range(rules) == (2, 2)


def test_box_colours_must_be_point_colours_and_distinct() -> None:
    registry = load_registry()
    for colours, words in ((["orange"], "peg_colours"), (["red", "red"], "each colour once")):
        data = {"game": "halma", "production": {"box_colours": colours}}
        with pytest.raises(InputError) as caught:
            parse_variant(data, registry)
        message = str(caught.value)
        assert "[production] box_colours" in message and words in message, message


def checks(rules: dict[str, Any], production: dict[str, Any]) -> dict[str, tuple[bool, str]]:
    variant = parse_variant(
        {"game": "halma", "rules": rules, "production": production}, load_registry()
    )
    return {c.name: (c.ok, c.severity) for c in halma_production_checks(variant)}


def test_the_static_check_asks_for_enough_pegs() -> None:
    assert checks({}, {})["production.box_pegs"][0] is True
    assert checks({"players": 3}, SEED_BOX)["production.box_pegs"] == (False, "warning")
    assert checks({"players": 4}, SEED_BOX)["production.box_pegs"] == (False, "error")
    short = box_check(HalmaRules(players=4), HalmaProduction(**SEED_BOX))
    assert "seats 3 players, but [rules] players = 4" in short.message
    assert "add colours to box_colours" in short.message
    few = box_check(HalmaRules(), HalmaProduction(pegs_per_colour=6))
    assert not few.ok and "needs 10 pegs of one colour: raise pegs_per_colour" in few.message
    own_seating = {"players": 2, "seating": [0, 3]}
    two = {"box_colours": ["red", "blue"]}
    assert checks(own_seating, two)["production.box_pegs"][0] is True


def test_the_bom_reads_the_box() -> None:
    text = bom_csv(bom_rows(star_board(4), HalmaProduction(**SEED_BOX)))
    rows = list(csv.DictReader(io.StringIO(text)))
    box = [(r["item"], r["quantity"]) for r in rows if r["section"] == "pegs in the box"]
    assert box == [
        ("peg D8 x 25 mm, red", "12"),
        ("peg D8 x 25 mm, green", "12"),
        ("peg D8 x 25 mm, black", "12"),
        ("pegs in total", "36"),
    ]
    assert "2 spare" in rows[4]["detail"]
    four = next(r for r in rows if r["item"] == "4 players")
    assert four["quantity"] == "40" and "more than the box holds" in four["detail"]


@pytest.mark.parametrize(
    ("lang", "sentences"),
    [
        (
            "lv",
            (
                "Komplektā ir 36 koka tapiņas – pa 12 katrā krāsā.",
                "Šī komplekta tapiņu pietiek 2–3 spēlētājiem.",
                "ir spēle 2–3 spēlētājiem",
                "nav komplektā",
                "Tapiņas komplektā 36",
            ),
        ),
        (
            "en",
            (
                "The set has 36 wooden pegs, 12 of each colour.",
                "The pegs of this set are enough for 2–3 players.",
                "is a race for 2–3 players",
                "not in the set",
                "Pegs in the set 36",
            ),
        ),
    ],
)
def test_the_rulebook_reads_the_box(tmp_path: Path, lang: str, sentences: tuple[str, ...]) -> None:
    path = tmp_path / f"rulebook-{lang}.pdf"
    write_rulebook(path, lang, HalmaRules(), HalmaProduction(**SEED_BOX), PrintSetup("A4"))
    text = " ".join(page_texts(path))
    for sentence in sentences:
        assert sentence in text, sentence


def test_plywright_new_offers_the_box_fields() -> None:
    template = variant_template(GAME, "standard")
    assert "# box_colours =" in template and "# pegs_per_colour =" in template
