"""Restricted play (Jaffe et al., "Evaluating competitive game balance with restricted
play"): the strong agent without one kind of move in one seat, against the strong agent;
how far that seat's win rate falls tells a rule nobody needs from a dominant move."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
import strong_games

import sample_games
from plywright.api import Forbid, SearchSettings
from plywright.registry import Registry, load_registry
from plywright.simulate.mcts import MctsAgent
from plywright.simulate.runner import run_check
from plywright.simulate.strong.plan import Matchup
from plywright.simulate.strong.probes import restricted_probe
from plywright.simulate.table import RESULT_CODE, GameTable
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


def _table(winners: list[int]) -> GameTable:
    n = len(winners)
    return GameTable.from_columns(
        index=np.arange(n),
        result=[RESULT_CODE["win"]] * n,
        winners=[1 << w for w in winners],
        rounds=[1] * n,
        moves=[10] * n,
        branching_total=[20] * n,
        decisions=[10] * n,
    )


@pytest.mark.parametrize(
    ("pattern", "finding", "ending"),
    [
        ([0, 1], "needless", "a rule nobody needs"),
        ([0, 1, 1, 1], "", "the seat wins less without 'jump', which does not decide the game"),
        ([1], "dominant", "'jump' alone decides the game (a dominant move)"),
    ],
)
def test_a_rule_is_needless_only_when_the_seat_wins_as_often_without_it(
    games: Registry, pattern: list[int], finding: str, ending: str
) -> None:
    """Seat 1 wins half its strong self-play games; without ``jump`` half again (needless),
    a quarter (it matters, yet does not decide: no finding) or none (dominant)."""
    options = _grip(games, 1.0).check
    agents = (games.agent("grip", "random"),) * 2
    matchup = Matchup("restrict", "r", agents, 96, seat=0, forbid="jump")
    baseline = _table([0, 1] * 50)
    entry = restricted_probe(matchup, _table(pattern * (96 // len(pattern))), baseline, 2, options)
    assert entry["finding"] == finding and entry["decision"] == "ok", entry["reason"]
    assert entry["reason"].endswith(ending)
