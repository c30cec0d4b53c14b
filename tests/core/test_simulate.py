"""The simulator core: seeding, parallel workers, metrics, verdicts, records and perft."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import sample_games
from plywright.engine import Outcome, replay
from plywright.errors import InputError
from plywright.registry import Registry
from plywright.simulate.metrics import compute_metrics
from plywright.simulate.perft import generic_perft, perft_lines
from plywright.simulate.playout import GameStats
from plywright.simulate.runner import run_check
from plywright.variant import parse_variant


def _cardrace(registry: Registry, **check: object):  # type: ignore[no-untyped-def]
    return parse_variant({"game": "cardrace", "preset": "long", "check": check}, registry)


def test_results_do_not_depend_on_jobs(registry: Registry) -> None:
    variant = _cardrace(registry)
    one = run_check(registry, variant, probes="none", games=120, seed=7, jobs=1)
    two = run_check(registry, variant, probes="none", games=120, seed=7, jobs=2)
    assert one["metrics"] == two["metrics"]
    other_seed = run_check(registry, variant, probes="none", games=120, seed=8, jobs=1)
    assert other_seed["metrics"] != one["metrics"]


def test_report_has_the_design_fields(registry: Registry) -> None:
    report = run_check(registry, _cardrace(registry), probes="none", games=40, seed=1, jobs=1)
    assert set(report) >= {"verdict", "reasons", "games", "metrics", "static_checks", "seconds"}
    assert set(report["metrics"]) == {
        "completion", "balance", "drawishness", "timeouts", "stalemates", "duration_mean",
        "duration_sd", "branching_mean", "decision_moves", "seat_win_rates", "intervals",
        "seat_fairness",
    }  # fmt: skip
    intervals = report["metrics"]["intervals"]
    assert set(intervals) == {
        "completion", "drawishness", "timeouts", "stalemates", "balance", "seat_win_rates",
        "duration_mean",
    }  # fmt: skip
    for key in ("completion", "drawishness", "timeouts", "stalemates", "balance", "duration_mean"):
        low, high = intervals[key]
        assert low <= report["metrics"][key] <= high, key
    for rate, (low, high) in zip(
        report["metrics"]["seat_win_rates"], intervals["seat_win_rates"], strict=True
    ):
        assert low <= rate <= high
    fairness = report["metrics"]["seat_fairness"]
    assert fairness["test"] == "chi-square" and fairness["dof"] == 1
    assert 0 <= fairness["p_value"] <= 1 and sum(fairness["wins"]) <= 40
    assert report["games"] == 40
    assert report["static_checks"] == [
        {
            "name": "goal-reachable",
            "ok": True,
            "severity": "error",
            "message": "one colour's cards sum to 12",
        }
    ]
    # random agents on a long race with few cards: some games run out of cards
    assert 0 < report["metrics"]["completion"] < 1
    assert report["metrics"]["branching_mean"] == 2.0  # advance or discard, always


def test_thresholds_come_from_the_variant(registry: Registry) -> None:
    strict = run_check(
        registry, _cardrace(registry, min_completion=1.0), probes="none", games=40, jobs=1
    )
    assert strict["verdict"] == "unplayable"
    assert any(r.startswith("completion ") and "min_completion 1.0" in r for r in strict["reasons"])
    lenient = run_check(
        registry,
        _cardrace(registry, min_completion=0.0, max_stalemates=1.0),
        probes="none",
        games=40,
        jobs=1,
    )
    assert lenient["verdict"] == "playable", lenient["reasons"]


def test_failed_static_check_makes_a_variant_unplayable(registry: Registry) -> None:
    variant = parse_variant({"game": "cardrace", "rules": {"goal": 50, "copies": 1}}, registry)
    report = run_check(registry, variant, probes="none", games=5, jobs=1)
    assert report["verdict"] == "unplayable"
    assert "static check goal-reachable" in report["reasons"][0]


def test_unknown_agent_is_bad_input(registry: Registry) -> None:
    with pytest.raises(InputError, match=r"unknown agent 'genius' .*allowed: mc, mcts, random"):
        run_check(registry, _cardrace(registry), probes="none", games=1, agent="genius")
    with pytest.raises(InputError, match="one agent or one per seat"):
        run_check(
            registry, _cardrace(registry), probes="none", games=1, agent="random,random,random"
        )


def test_records_replay_to_the_reported_result(registry: Registry, tmp_path: Path) -> None:
    variant = _cardrace(registry)
    run_check(registry, variant, probes="none", games=9, seed=3, jobs=1, records=tmp_path)
    run_check(registry, variant, probes="none", games=6, seed=3, jobs=2, records=tmp_path)
    files = sorted(tmp_path.glob("*.jsonl"))
    assert len(files) == 6, "records of an earlier, longer check are replaced"
    lines = [json.loads(line) for line in files[0].read_text().splitlines()]
    header, actions, result = lines[0], lines[1:-1], lines[-1]
    assert header["game"] == "cardrace" and header["seed"] == 3 and header["players"] == 2
    assert header["variant"] == {"goal": 9, "copies": 2} and header["goal"] == 9
    assert set(result) == {"result", "winners", "rounds"}
    assert all(("player" in a) != ("chance" in a) for a in actions)
    # the record is enough to replay the game: card lines give the chance outcomes
    game = variant.engine()
    state = game.new_initial_state()
    for line in actions:
        legal = state.legal_actions()
        action = next(
            a
            for a in legal
            if state.action_record(a)
            == {k: v for k, v in line.items() if k not in ("player", "chance")}
        )
        state.apply_action(action)
    assert state.is_terminal()
    assert state.outcome().result == result["result"]
    assert list(state.outcome().winners) == result["winners"]
    assert replay(game, state.history()).outcome() == state.outcome()


def _stats(index: int, result: str, winners: tuple[int, ...], moves: int) -> GameStats:
    return GameStats(index, Outcome(result, winners, moves), moves, moves * 3, moves - 1)  # type: ignore[arg-type]


def test_metrics_are_computed_as_documented() -> None:
    stats = [
        _stats(0, "win", (0,), 10),
        _stats(1, "win", (0,), 20),
        _stats(2, "win", (1,), 30),
        _stats(3, "draw", (0, 1), 40),
        _stats(4, "unfinished", (), 50),
        _stats(5, "stalemate", (), 30),
    ]
    metrics = compute_metrics(stats, 2)
    assert metrics["completion"] == pytest.approx(4 / 6, abs=1e-6)
    assert metrics["drawishness"] == pytest.approx(1 / 6, abs=1e-6)
    assert metrics["timeouts"] == pytest.approx(1 / 6, abs=1e-6)
    assert metrics["stalemates"] == pytest.approx(1 / 6, abs=1e-6)
    assert metrics["seat_win_rates"] == [
        pytest.approx(2 / 6, abs=1e-6),
        pytest.approx(1 / 6, abs=1e-6),
    ]
    assert metrics["balance"] == pytest.approx(1 - 1 / 6, abs=1e-6)
    assert metrics["duration_mean"] == 30
    assert metrics["duration_sd"] == pytest.approx(12.9099, abs=1e-3)
    assert metrics["branching_mean"] == 3
    assert metrics["decision_moves"] == pytest.approx(174 / 180, abs=1e-6)


def test_generic_perft_counts_tictactoe(registry: Registry) -> None:
    game = parse_variant({"game": "tictactoe", "preset": "classic"}, registry).engine()
    counts = [count for _, count, _ in perft_lines(game, 6)]
    assert counts == [9, 72, 504, 3024, 15120, 54720]
    assert generic_perft(game.new_initial_state(), 0) == 1


def test_perft_refuses_chance_games(registry: Registry) -> None:
    with pytest.raises(InputError, match="turn-based only"):
        list(perft_lines(_cardrace(registry).engine(), 2))


def test_flat_monte_carlo_beats_random_play(registry: Registry) -> None:
    variant = parse_variant({"game": "tictactoe"}, registry)
    first = run_check(registry, variant, probes="none", games=60, seed=2, jobs=1, agent="mc,random")
    second = run_check(
        registry, variant, probes="none", games=60, seed=2, jobs=1, agent="random,mc"
    )
    assert first["metrics"]["seat_win_rates"][0] >= 0.85
    # a lopsided match fails the default balance threshold (0.3)
    assert first["verdict"] == "unplayable"
    assert any(r.startswith("balance ") and "min_balance 0.3" in r for r in first["reasons"])
    rates = second["metrics"]["seat_win_rates"]
    assert rates[1] > 0.5 > rates[0], "mc wins from the second seat too"


class _OwnRecordState(sample_games.CardRaceState):
    """Card race with its own record lines, result line and per-game metrics."""

    def record_lines(self) -> list[dict[str, object]]:
        return [{"turned": i + 1} for i in range(self.cards)]

    def record_result(self) -> dict[str, object]:
        return {"result": self.outcome().result, "cards": self.cards}

    def game_metrics(self) -> dict[str, float]:
        return {"cards": self.cards, "black_won": float(self.winner == 0)}

    def clone(self) -> _OwnRecordState:
        other = _OwnRecordState(self.game)
        other.deck, other.position = list(self.deck), list(self.position)
        other.turned, other.actions = self.turned, list(self.actions)
        other.winner, other.cards = self.winner, self.cards
        return other


class _OwnRecordGame(sample_games.CardRaceGame):
    def new_initial_state(self) -> _OwnRecordState:
        return _OwnRecordState(self)


def test_engines_may_write_their_own_record_lines_and_metrics(registry: Registry) -> None:
    from plywright.api import AgentSpec
    from plywright.simulate.generic_agents import RandomAgent
    from plywright.simulate.playout import play_game

    game = _OwnRecordGame(sample_games.CardRaceRules(goal=12, copies=2))
    agent = AgentSpec("random", "", lambda g, s, rng: RandomAgent(rng))
    stats, record = play_game(game, [agent], 3, 0, {"game": "cardrace"})
    assert record is not None
    header, *lines, last = record
    assert header == {"game": "cardrace", "game_index": 0, "goal": 12}
    assert lines == [{"turned": i + 1} for i in range(len(lines))]
    assert last == {"result": stats.outcome.result, "cards": len(lines)}
    assert stats.game_metrics["cards"] == len(lines)
    many = [play_game(game, [agent], 3, i)[0] for i in range(40)]
    metrics = compute_metrics(many, 2)
    cards = [s.game_metrics["cards"] for s in many]
    assert metrics["game"]["cards"] == pytest.approx(sum(cards) / 40)
    black = sum(s.outcome.winners == (0,) for s in many) / 40
    assert metrics["game"]["black_won"] == pytest.approx(black)
    assert "game" not in compute_metrics(many[:1] and [GameStats(0, Outcome("draw"), 1, 1, 0)], 2)


def test_an_interrupt_cancels_the_chunks_and_ends_the_workers(registry: Registry) -> None:
    import multiprocessing

    from plywright.errors import Interrupted
    from plywright.simulate.games import simulate
    from plywright.simulate.runner import check_plan

    plan = check_plan(registry, _cardrace(registry))
    finished: list[int] = []

    def progress(done: int) -> None:  # Ctrl-C arrives after the first chunk
        finished.append(done)
        raise KeyboardInterrupt

    for jobs in (2, 1):
        finished.clear()
        with pytest.raises(Interrupted) as stopped:
            simulate(plan, 5000, jobs, progress)
        assert (stopped.value.done, stopped.value.total) == (finished[0], 5000)
        assert str(stopped.value) == f"interrupted after {finished[0]} of 5000 games"
        assert isinstance(stopped.value.__cause__, KeyboardInterrupt)
        assert multiprocessing.active_children() == []


def test_sigterm_to_the_main_process_leaves_no_worker(tmp_path: Path) -> None:
    import os
    import signal
    import subprocess
    import sys
    import time

    import psutil

    variant = Path(__file__).resolve().parents[2] / "examples" / "halma-pro.toml"  # long chunks
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "plywright",
            "check",
            str(variant),
            "-n",
            "200000",
            "-j",
            "2",
            "--probes",
            "none",
        ],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        main = psutil.Process(process.pid)
        deadline = time.monotonic() + 60
        while len(main.children()) < 2:  # the pool's workers are running games
            assert process.poll() is None and time.monotonic() < deadline, process.stderr
            time.sleep(0.1)
        workers = main.children(recursive=True)
        time.sleep(0.5)
        os.kill(process.pid, signal.SIGTERM)  # the main process alone, as a service manager
        _, err = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 143, err
    assert "Traceback" not in err
    _, alive = psutil.wait_procs(
        workers, timeout=30
    )  # at once when idle; a loaded machine reaps late
    assert alive == [], "worker processes outlived the command"
    assert err.strip().splitlines()[-1].startswith("plywright: interrupted after "), err
