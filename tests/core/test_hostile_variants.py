"""Hostile variant values: every field of every game's ``plywright new`` template attacked.

A number field takes no boolean and no text, a yes/no field no number, a list no scalar and
not 10,000 items; no field takes 1e308; each refusal is one short line naming the table and
the field. The corpus is built from the templates, so a new field or a new game is attacked
without a change here.
"""

from __future__ import annotations

import tomllib
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import write
from plywright.api import PrintOptions, StrictModel, kind_problem
from plywright.errors import InputError
from plywright.registry import Registry, load_registry
from plywright.sweep.grid import parse_axis
from plywright.sweep.run import sweep_variants
from plywright.template import variant_template
from plywright.variant import MAX_FILE_BYTES, TABLES, load_variant, parse_variant

HUGE_TEXT = "x" * 5_000_000
LONGEST_MESSAGE = 400
"""A refusal quotes at most a short excerpt of the value: its line stays this short."""


def _template_fields() -> Iterator[tuple[str, str, str, Any]]:
    """``(game, table, field, value)`` of every field of every game's default template."""
    registry = load_registry()
    for game in sorted(registry.games):
        data = tomllib.loads(variant_template(registry.games[game], None))
        for table in TABLES:
            for field, value in data.get(table, {}).items():
                yield game, table, field, value


def _attacks(value: Any) -> list[Any]:
    """Values of the wrong kind (or absurd size) for a field whose good value is ``value``."""
    if isinstance(value, bool):
        return [1, 0, "true", "yes", [value]]
    if isinstance(value, int | float):
        return [True, False, str(value), "1e308", 1e308, -1e308, [value], {"x": value}]
    if isinstance(value, str):
        return [True, 1, 1.5, HUGE_TEXT, [value]]
    if isinstance(value, list):
        first = value[0] if value else 1
        wrong = [True] if not isinstance(first, bool) else [1]
        return [wrong, [str(first)] if not isinstance(first, str) else [7], first, value * 10_000]
    raise AssertionError(f"no attacks for {value!r}")


CORPUS = [
    pytest.param(game, table, field, attack, id=f"{game}-{table}.{field}-{number}")
    for game, table, field, value in _template_fields()
    for number, attack in enumerate(_attacks(value))
]


def test_the_corpus_covers_every_game_and_table() -> None:
    covered = {(game, table) for game, table, _, _ in _template_fields()}
    for game in load_registry().games:
        assert (game, "rules") in covered and (game, "check") in covered
    assert len(CORPUS) > 500


@pytest.mark.parametrize(("game", "table", "field", "attack"), CORPUS)
def test_every_field_refuses_wrong_kinds_in_one_short_line(
    registry: Registry, game: str, table: str, field: str, attack: Any
) -> None:
    data = {"game": game, "name": "hostile", table: {field: attack}}
    with pytest.raises(InputError) as caught:
        parse_variant(data, registry, source="hostile.toml")
    message = str(caught.value)
    assert message.startswith(f"hostile.toml: [{table}] {field}"), message
    assert "\n" not in message and len(message) < LONGEST_MESSAGE, message[:500]


@pytest.mark.parametrize(
    ("table", "field", "value", "wanted"),
    [
        ("rules", "kubbs_per_team", True, "must be an integer, not a boolean, got true"),
        ("rules", "length", "10.0", "must be a number, not text, got '10.0'"),
        ("rules", "opening_batons", ["6"], "item 1 must be an integer, not text"),
        ("print", "languages", ["en", "en"], "'en' listed twice (each language once)"),
    ],
)
def test_the_line_says_what_the_field_wants(
    registry: Registry, table: str, field: str, value: Any, wanted: str
) -> None:
    with pytest.raises(InputError, match=rf"\[{table}\] {field}: ") as caught:
        parse_variant({"game": "kubb", table: {field: value}}, registry)
    assert wanted in str(caught.value)


def test_good_values_of_every_kind_still_pass(registry: Registry) -> None:
    """Arrays are lists in TOML and tuples in the models; whole floats reach int fields."""
    kubb = parse_variant(
        {"game": "kubb", "rules": {"opening_batons": [2, 4, 6], "skill": ["club", 0.5]}},
        registry,
    )
    assert kubb.rules.opening_batons == (2, 4, 6)  # type: ignore[attr-defined]
    halma = parse_variant({"game": "halma", "production": {"pitch": 25}}, registry)
    assert halma.production.pitch == 25.0  # type: ignore[attr-defined]
    assert parse_variant({"game": "cardtrack", "rules": {"decks": 2.0}}, registry)


def test_the_print_table_of_a_game_without_texts_takes_only_the_core_language(
    registry: Registry,
) -> None:
    for language in ("../../ESCAPE_MARK", "fr", ""):
        with pytest.raises(InputError, match=r"\[print\] languages"):
            parse_variant({"game": "tictactoe", "print": {"languages": [language]}}, registry)
    assert PrintOptions().languages == ("en",)


def test_kind_problem_reads_unions_and_nested_lists() -> None:
    class Model(StrictModel):
        seats: tuple[int, ...] | None = None

    assert kind_problem(Model.model_fields["seats"].annotation, [0, True]) == (
        "item 2 must be an integer, not a boolean"
    )
    assert kind_problem(Model.model_fields["seats"].annotation, None) is None
    with pytest.raises(ValueError, match="item 2 must be an integer"):
        Model.model_validate({"seats": [0, True]})


@pytest.mark.parametrize("game", ["kubb", "halma", "cardtrack", "tictactoe"])
def test_a_sweep_of_booleans_over_a_number_field_is_refused(registry: Registry, game: str) -> None:
    data = tomllib.loads(variant_template(registry.games[game], None))
    numbers = [
        (table, field)
        for table in ("rules", "production")
        for field, value in data.get(table, {}).items()
        if isinstance(value, int | float) and not isinstance(value, bool)
    ]
    assert numbers
    for table, field in numbers:
        with pytest.raises(InputError, match=rf"\[{table}\] {field}: must be"):
            sweep_variants(
                registry, data, [f"{table}.{field}=true,false"], source="v", default_name="v"
            )


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_endless_devices_are_refused_after_a_bounded_read(registry: Registry, device: str) -> None:
    if not Path(device).exists():
        pytest.skip(f"no {device}")
    tracemalloc.start()
    try:
        with pytest.raises(InputError, match="larger than 1024 KiB"):
            load_variant(Path(device), registry)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 8 * MAX_FILE_BYTES


def test_a_large_file_is_refused(registry: Registry, tmp_path: Path) -> None:
    big = write(tmp_path / "big.toml", 'game = "halma"\n' + "# padding\n" * 200_000)
    with pytest.raises(InputError, match=r"big.toml: larger than"):
        load_variant(big, registry)


def test_huge_values_are_quoted_as_short_excerpts(registry: Registry) -> None:
    for data in (
        {"game": HUGE_TEXT},
        {"game": "halma", "name": HUGE_TEXT},
        {"game": "halma", "preset": HUGE_TEXT},
        {"game": "halma", HUGE_TEXT: 1},
        {"game": "halma", "rules": {HUGE_TEXT: 1}},
        {"game": "halma", "check": {"agent": HUGE_TEXT}},
    ):
        with pytest.raises(InputError) as caught:
            parse_variant(data, registry)
        assert len(str(caught.value)) < LONGEST_MESSAGE


@pytest.mark.parametrize(
    "spec",
    ["rules.max_turns=1..1000000000000", "rules.max_turns=0..1:1e-12", "rules.x=0..1:1e-7"],
)
def test_a_range_is_counted_before_it_is_expanded(spec: str) -> None:
    tracemalloc.start()
    try:
        with pytest.raises(InputError, match="values, at most 2,000"):
            parse_axis(spec)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000, f"{peak} bytes allocated: the range was expanded"


@pytest.mark.parametrize(
    ("spec", "wanted"),
    [
        ("rules.x=0..1e309:1", "too large"),
        ("rules.x=1.." + "9" * 5000, "more than 40 characters"),
        ("rules.x=" + "1," * 20_000, "longer than 20,000 characters"),
    ],
)
def test_absurd_ranges_are_one_short_line(spec: str, wanted: str) -> None:
    with pytest.raises(InputError, match=wanted) as caught:
        parse_axis(spec)
    assert len(str(caught.value)) < LONGEST_MESSAGE


def test_build_check_and_sweep_refuse_the_same_agent(registry: Registry) -> None:
    """One validation path: the variant itself is refused, whatever command reads it."""
    with pytest.raises(InputError, match=r"\[check\] agent: unknown agent 'nobody'"):
        parse_variant({"game": "halma", "check": {"agent": "nobody"}}, registry)
    with pytest.raises(InputError, match=r"\[check\] strong_agent: unknown agent"):
        parse_variant({"game": "halma", "check": {"strong_agent": "nobody"}}, registry)
    with pytest.raises(InputError, match=r"\[check\] agent: give one agent or one per seat"):
        parse_variant({"game": "halma", "check": {"agent": "random,random,random"}}, registry)
    assert parse_variant({"game": "halma", "check": {"agent": "random"}}, registry)
