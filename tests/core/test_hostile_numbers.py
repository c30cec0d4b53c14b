"""Numbers at the edge of the float range in every float field of every game.

The smallest subnormal (5e-324), a tiny normal number (1e-300), the largest float, negative
zero and the smallest and largest values each field's bounds admit: every one either loads
and checks cleanly (static checks, the engine built, one game played, the verdict judged;
for a ``[rules]`` field also a few games of every rung of the game's skill ladder) or is
refused in one line naming the field. The fields are read from the registered games'
pydantic models, so a new field or a new game is walked without a change here.
"""

from __future__ import annotations

import itertools
import math
import sys
import types
import typing
from collections.abc import Iterator
from typing import Any

import pytest
from annotated_types import Ge, Gt, Le, Lt
from pydantic.fields import FieldInfo

from conftest import CliRunner, write
from plywright.agents import agent_spec, strong_agent
from plywright.api import CheckOptions, StrictModel
from plywright.errors import InputError
from plywright.registry import Registry, load_registry
from plywright.simulate.playout import play_game
from plywright.simulate.runner import run_check
from plywright.simulate.strong.plan import ladder_agents
from plywright.variant import parse_variant

EDGES = (5e-324, 1e-300, sys.float_info.max, -0.0)
"""Legal floats every field is tried with, besides its own bounds."""
LADDER_GAMES = 2
"""Games of each ladder pairing (each seat order) a ``[rules]`` value is played with."""
LADDER_MOVES = 300
"""Player moves a ladder game may last (a probe game has a bound too)."""


def _float_metadata(annotation: Any) -> list[Any] | None:
    """The constraints of the float in ``annotation`` (a plain, annotated or union float)."""
    if annotation is float:
        return []
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        base, *metadata = typing.get_args(annotation)
        return metadata if base is float else None
    if origin in (typing.Union, types.UnionType):
        for member in typing.get_args(annotation):
            found = _float_metadata(member)
            if found is not None:
                return found
    return None


def _bounds(metadata: list[Any]) -> tuple[float | None, float | None]:
    """The smallest and largest value the constraints admit (``None``: unbounded)."""
    low = high = None
    for item in metadata:
        if isinstance(item, FieldInfo):
            inner = _bounds(list(item.metadata))
            low = inner[0] if inner[0] is not None else low
            high = inner[1] if inner[1] is not None else high
        elif isinstance(item, Ge):
            low = float(item.ge)  # type: ignore[arg-type]
        elif isinstance(item, Gt):
            low = math.nextafter(float(item.gt), math.inf)  # type: ignore[arg-type]
        elif isinstance(item, Le):
            high = float(item.le)  # type: ignore[arg-type]
        elif isinstance(item, Lt):
            high = math.nextafter(float(item.lt), -math.inf)  # type: ignore[arg-type]
    return low, high


def float_fields(model: type[StrictModel]) -> Iterator[tuple[str, list[float]]]:
    """``(field, values to try)`` of every float field of ``model``."""
    for name, field in model.model_fields.items():
        metadata = _float_metadata(field.annotation)
        if metadata is None:
            continue
        low, high = _bounds(list(field.metadata) + metadata)
        values = [*EDGES, *(bound for bound in (low, high) if bound is not None)]
        yield name, list(dict.fromkeys(values))


def _cases() -> Iterator[Any]:
    registry = load_registry()
    for game in sorted(registry.games):
        definition = registry.games[game]
        models: dict[str, type[StrictModel]] = {
            "rules": definition.rules_model,
            "production": definition.production_model,
            "print": definition.print_model,
            "check": CheckOptions,
        }
        for table, model in models.items():
            for field, values in float_fields(model):
                for value in values:
                    yield pytest.param(
                        game, table, field, value, id=f"{game}-{table}.{field}-{value!r}"
                    )


CASES = list(_cases())


def test_the_walk_covers_every_game_and_the_known_failure() -> None:
    walked = {(game, table, field) for game, table, field, _ in (case.values for case in CASES)}
    assert {game for game, _, _ in walked} == set(load_registry().games)
    assert ("kubb", "rules", "hit_reach") in walked
    assert ("kubb", "rules", "skill") in walked, "a float inside a union is walked too"
    assert ("halma", "production", "stl_tolerance") in walked
    assert len(CASES) > 500


def _ladder_games(registry: Registry, variant: Any) -> None:
    """A few games of every rung of the skill ladder against the rung below, both ways round,
    each searching agent on its smallest budget (the probes play these pairings)."""
    default = agent_spec(
        registry, variant.game, variant.definition.default_agent, "agent", variant.source
    )
    strong = strong_agent(registry, variant)
    rungs = [
        agent_spec(registry, variant.game, f"{spec.name}:1", "agent", variant.source)
        if spec.searches
        else spec
        for spec in ladder_agents(registry, variant, default, strong)
    ]
    game = variant.engine()
    seats = game.info().num_players
    for low, high in itertools.pairwise(rungs):
        for seat in range(seats):
            agents = [high if s == seat else low for s in range(seats)]
            for index in range(LADDER_GAMES):
                play_game(game, agents, 0, index, None, LADDER_MOVES)


@pytest.mark.parametrize(("game", "table", "field", "value"), CASES)
def test_an_edge_number_checks_cleanly_or_is_refused_naming_the_field(
    registry: Registry, game: str, table: str, field: str, value: float
) -> None:
    try:
        variant = parse_variant(
            {"game": game, "name": "edge", table: {field: value}}, registry, source="edge.toml"
        )
    except InputError as refused:
        message = str(refused)
        assert "\n" not in message, message
        # a field's own bound names it first; a rule between fields names it in its words
        assert message.startswith(f"edge.toml: [{table}]") and field in message, message
        return
    report = run_check(registry, variant, games=1, jobs=1, probes="none")
    assert report["verdict"] in ("playable", "unplayable")
    assert all(check["message"] for check in report["static_checks"])
    if table == "rules":
        _ladder_games(registry, variant)


@pytest.mark.parametrize(
    ("game", "table", "field", "value", "bound"),
    [
        ("kubb", "rules", "hit_reach", 5e-324, "0.01"),
        ("kubb", "rules", "hit_reach", 1e-300, "0.01"),
        ("halma", "production", "stl_tolerance", 5e-324, "0.01"),
        ("kubb", "production", "stl_tolerance", 1e-300, "0.01"),
        ("halma", "production", "hole_depth", 5e-324, "1"),
    ],
)
def test_nonsense_sizes_are_refused_by_a_stated_bound(
    registry: Registry, game: str, table: str, field: str, value: float, bound: str
) -> None:
    """A reach of 5e-324 m divided the throw model by zero in the probes; a chord tolerance of
    5e-324 mm made the STL mesher fail; a hole 5e-324 mm deep was drilled: each bound is
    stated, and the line says what it means."""
    model = registry.games[game].rules_model if table == "rules" else None
    model = model or registry.games[game].production_model
    description = model.model_fields[field].description
    assert description and f"at least {bound}" in description
    with pytest.raises(InputError) as caught:
        parse_variant({"game": game, table: {field: value}}, registry)
    message = str(caught.value)
    assert f"[{table}] {field}: Input should be greater than or equal to {bound}," in message
    assert message.endswith(f" — {description}"), message


def test_the_command_refuses_a_subnormal_reach_in_one_line(
    tmp_path: Any, run_cli: CliRunner
) -> None:
    variant = write(tmp_path / "tiny.toml", 'game = "kubb"\n[rules]\nhit_reach = 5e-324\n')
    done = run_cli("check", str(variant), "--games", "1", "--probes", "none", "-q")
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "[rules] hit_reach:" in lines[0], done.stderr
    assert "at least 0.01 m" in lines[0]
