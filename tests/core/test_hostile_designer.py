"""The designer takes the command line's validation path: the same strict fields, the same
agents, and a sweep grid counted (against the game limit) before any combination is built."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pytest

with warnings.catch_warnings():  # Starlette suggests httpx2; httpx is what is installed
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from plywright.sweep import run
from plywright.web.app import create_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as test_client:
        yield test_client


def _form(values: dict[str, str], preset: str = "standard") -> dict[str, Any]:
    return {"name": "hostile", "preset": preset, "values": values}


@pytest.mark.parametrize(
    ("game", "preset", "values", "field"),
    [
        ("halma", "standard", {"production.pitch": "true"}, "production.pitch"),
        ("halma", "standard", {"rules.n": '"4"'}, "rules.n"),
        ("tictactoe", "classic", {"production.margin": "1e308"}, "production.margin"),
        ("kubb", "seed", {"rules.kubbs_per_team": "true"}, "rules.kubbs_per_team"),
    ],
)
def test_hostile_fields_are_refused_by_the_designer_too(
    client: TestClient, game: str, preset: str, values: dict[str, str], field: str
) -> None:
    answer = client.post(f"/games/{game}/check", json={"variant": _form(values, preset)})
    assert answer.status_code == 422, answer.json()
    assert field in answer.json()["field_errors"], answer.json()


@pytest.mark.parametrize(
    ("sets", "games", "words"),
    [
        (["rules.max_rounds=1..2000"], 100, "2000 variants × 100 games = 200000 games"),
        (["rules.max_rounds=1..1000000000000"], 5, "values, at most 2,000"),
        (["rules.max_rounds=0..1:1e-12"], 5, "values, at most 2,000"),
    ],
)
def test_a_huge_sweep_is_refused_before_any_combination_is_validated(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, sets: list[str], games: int, words: str
) -> None:
    built: list[object] = []
    real = run._validate_point

    def counting(*args: Any, **kwargs: Any) -> Any:
        built.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(run, "_validate_point", counting)
    body = {"variant": _form({}), "games": games, "sets": sets}
    answer = client.post("/games/halma/sweep", json=body)
    assert answer.status_code == 422, answer.json()
    assert words in answer.json()["error"]
    assert built == [], f"{len(built)} combinations validated before the refusal"
