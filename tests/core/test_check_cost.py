"""The user sets the cost of a check: ``--games N`` bounds every stage, the plan is known before
the first game, and a time budget (``--budget`` / ``[check] budget``) stops every stage, the
check ending inconclusive where a stage could not finish. Time is a fake clock here (the
games played so far): nothing depends on how fast this machine is."""

from __future__ import annotations

from typing import Any

import pytest
import strong_games

import sample_games
from plywright.registry import Registry, load_registry
from plywright.simulate.estimate import check_outline, move_cost, outline_lines
from plywright.simulate.runner import planned_games, run_check
from plywright.simulate.strong import plan
from plywright.variant import parse_variant


@pytest.fixture(scope="module")
def games() -> Registry:
    return load_registry(extra_plugins=[("cardrace", sample_games), ("strong-games", strong_games)])


def _grip(registry: Registry, **check: object) -> Any:
    options = {"agent": "random", "strong_agent": "mcts:40", "probe_games": 24, **check}
    return parse_variant({"game": "grip", "rules": {"grip": 0.5}, "check": options}, registry)


def test_games_bound_every_stage_in_proportion_with_a_minimum(games: Registry) -> None:
    variant = _grip(games)
    options = variant.check
    assert options.games == 200 and options.probe_games == 24
    assert plan.probe_budget(options, "quick") == 24
    assert plan.probe_budget(options, "full") == 96
    assert plan.probe_budget(options, "quick", 100) == 12, "half the games, half the probes"
    assert plan.probe_budget(options, "full", 100) == 48
    assert plan.probe_budget(options, "quick", 5) == plan.MIN_PROBE_GAMES
    assert plan.probe_budget(options, "quick", 1) == 1, "never more than N"
    assert plan.probe_budget(options, "quick", 10_000) == 24, "N never raises a budget"
    found = plan.matchups(games, variant, (games.agent("grip", "random"),), "full", 3, 5)
    assert all(m.games <= 5 for m in found) and {m.kind for m in found} >= {"strong", "seat"}
    assert planned_games(games, variant, 5, None, "quick") <= 5 + 5 * 5
    report = run_check(games, variant, games=5, seed=1, jobs=1, probes="quick")
    assert report["games"] == 5
    assert all(probe["games"] <= 5 for probe in report["probes"])
    assert report["metrics"]["strong"]["games"] <= 5


class GameClock:
    """A fake clock: ten milliseconds for every game finished (fed by the progress
    callback)."""

    def __init__(self) -> None:
        self.games = 0

    def __call__(self) -> float:
        return self.games * 0.01

    def progress(self, count: int) -> None:
        self.games += count


def test_a_time_budget_cuts_the_check_s_own_games(games: Registry) -> None:
    clock = GameClock()
    variant = _grip(games)
    report = run_check(
        games, variant, seed=1, jobs=1, probes="quick", budget=0.5, clock=clock,
        progress=clock.progress,
    )  # fmt: skip
    assert report["verdict"] in ("inconclusive", "unplayable")
    assert 50 <= report["games"] < 200, "stopped in the round after half a second of games"
    assert (
        f"the check's games: {report['games']} of 200 (time budget spent)"
        in report.get("undecided", [])
        or report["reasons"]
    )
    assert "probes" not in report


def test_a_time_budget_cuts_the_probes_and_names_the_command(games: Registry) -> None:
    clock = GameClock()
    variant = _grip(games, probe_games=200)
    report = run_check(
        games, variant, seed=1, jobs=1, probes="quick", budget=2.1, clock=clock,
        progress=clock.progress,
    )  # fmt: skip
    assert report["games"] == 200, "the check's own games took 2 s of the 2.1"
    assert report["verdict"] == "inconclusive", report["reasons"]
    assert any(item.startswith("strong self-play: 8 of its games") for item in report["undecided"])
    assert "--probes quick --budget 4.2 --seed 1" in report["decide"]
    # the same check without a budget plays strong self-play to its end
    whole = run_check(games, variant, seed=1, jobs=1, probes="quick")
    assert whole["metrics"]["strong"]["games"] == 200


def test_the_budget_comes_from_the_variant_too(games: Registry) -> None:
    clock = GameClock()
    variant = _grip(games, budget=0.5)
    report = run_check(
        games, variant, seed=1, jobs=1, probes="none", clock=clock, progress=clock.progress
    )
    assert report["games"] < 200 and report["verdict"] in ("inconclusive", "unplayable")


def test_the_plan_lists_every_stage_with_measured_moves(games: Registry) -> None:
    variant = _grip(games)
    outline = check_outline(games, variant, 100, None, "quick", 2)
    names = [stage.name for stage in outline.stages]
    assert names[0] == "the check's games" and outline.stages[0].games == 100
    assert any(name.startswith("spoiler probes (2 matchups)") for name in names)
    assert {"random", "mcts:40"} <= set(outline.move_seconds)
    assert outline.moves == 2, "a grip game has two decisions"
    lines = outline_lines(outline, 30)
    assert lines[0].startswith("plan: at most ") and "on 2 worker(s)" in lines[0]
    assert any("time budget: 30 s" in line for line in lines)
    # the time is the measured cost of a move: a fake clock that takes 1 s a decision
    ticks = iter(range(100))
    game = variant.engine()
    state = game.new_initial_state()
    cost = move_cost(games.agent("grip", "random"), game, [state], clock=lambda: next(ticks))
    assert cost == 1.0
