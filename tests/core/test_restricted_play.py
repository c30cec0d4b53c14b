"""Restricted play (Jaffe et al., "Evaluating competitive game balance with restricted
play"): the strong agent without one kind of move in one seat, against the strong agent;
how far that seat's win rate falls tells a rule nobody needs from a dominant move."""

from __future__ import annotations

import random
from typing import Any

import pytest
import strong_games

import sample_games
from plywright.api import Forbid, SearchSettings
from plywright.registry import Registry, load_registry
from plywright.simulate.mcts import MctsAgent
from plywright.simulate.runner import run_check
from plywright.variant import parse_variant


@pytest.fixture(scope="module")
def games() -> Registry:
    return load_registry(extra_plugins=[("cardrace", sample_games), ("strong-games", strong_games)])


def _grip(registry: Registry, grip: float) -> Any:
    check = {"agent": "random", "strong_agent": "mcts:40", "probe_games": 24}
    return parse_variant({"game": "grip", "rules": {"grip": grip}, "check": check}, registry)


def test_a_forbidden_kind_is_never_played_unless_nothing_else_is_legal(games: Registry) -> None:
    game = _grip(games, 1.0).engine()
    state = game.new_initial_state()
    forbid = Forbid("play", strong_games.grip_kind)
    assert forbid.allowed(state, [0, 1]) == [1]
    assert Forbid("pick", strong_games.grip_kind).allowed(state, [0, 1]) == [0, 1]
    for seed in range(5):  # playing to win, seat 1 always plays; without "play" it spoils
        free = MctsAgent(game, 0, random.Random(seed), SearchSettings(60))
        held = MctsAgent(game, 0, random.Random(seed), SearchSettings(60, forbid=forbid))
        assert free.step(state.clone()) == 0 and held.step(state.clone()) == 1
    spec = games.agent("grip", "mcts").configured(SearchSettings(40, forbid=forbid))
    assert spec.name == "mcts:40/no-play"


def test_restricted_play_finds_the_dominant_move_and_the_needless_one(games: Registry) -> None:
    report = run_check(games, _grip(games, 1.0), seed=2, jobs=1, probes="full")
    restricted = {(p["seat"], p["kind"]): p for p in report["probes"] if p["probe"] == "restricted"}
    assert set(restricted) == {(0, "play"), (0, "spoil"), (1, "play"), (1, "spoil")}
    dominant = restricted[0, "play"]
    assert dominant["finding"] == "dominant" and dominant["wins"] == 0
    assert dominant["reason"].endswith("'play' alone decides the game (a dominant move)")
    assert dominant["drop"] > 0.3 and dominant["decision"] == "ok"
    for key in ((0, "spoil"), (1, "play"), (1, "spoil")):
        assert restricted[key]["finding"] == "needless", restricted[key]["reason"]
        assert restricted[key]["reason"].endswith("a rule nobody needs")
    assert dominant["reason"] in report["notes"]
    assert not any(p["exploit"] for p in restricted.values())
    assert all("restricted" not in item for item in report.get("undecided", []))
