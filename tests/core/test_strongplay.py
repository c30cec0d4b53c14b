"""Strong play in ``check``: the generic ``mcts`` agent, the skill ladder, strong self-play
and the spoiler probes, on small games whose answers are known."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import strong_games

import sample_games
from conftest import EXAMPLES, CliRunner
from plywright.agents import agent_spec
from plywright.api import Duel, SearchSettings
from plywright.errors import InputError
from plywright.registry import Registry, load_registry
from plywright.simulate.mcts import REFERENCE_BRANCHING, MctsAgent
from plywright.simulate.runner import run_check
from plywright.simulate.strong.judge import PairGames, ends_less_often, pair_status
from plywright.simulate.strong.plan import Matchup, second_stage
from plywright.simulate.strong.probes import spoiler_probe
from plywright.simulate.strong.report import clear_probe_records
from plywright.simulate.table import RESULT_CODE, GameTable
from plywright.simulate.verdict import judge_strong
from plywright.variant import parse_variant


@pytest.fixture
def games() -> Registry:
    return load_registry(extra_plugins=[("cardrace", sample_games), ("strong-games", strong_games)])


def _variant(registry: Registry, game: str, **check: object) -> object:
    return parse_variant({"game": game, "check": check}, registry)


def _ttt(registry: Registry) -> object:
    return parse_variant({"game": "tictactoe"}, registry)


def test_mcts_self_play_draws_every_tictactoe_game(games: Registry) -> None:
    report = run_check(games, _ttt(games), games=16, seed=3, jobs=2, agent="mcts", probes="none")
    assert report["metrics"]["drawishness"] == 1.0, report["metrics"]["seat_win_rates"]


def test_mcts_takes_a_win_and_blocks_a_loss(games: Registry) -> None:
    game = _ttt(games).engine()  # type: ignore[attr-defined]
    state = game.new_initial_state()
    for action in (0, 3, 1, 4):  # X: 0, 1; O: 3, 4 -- X to move: 2 wins, else O wins at 5
        state.apply_action(action)
    for seed in range(5):
        agent = MctsAgent(game, 0, random.Random(seed), SearchSettings(50))
        assert agent.step(state.clone()) == 2
    state = game.new_initial_state()
    for action in (0, 4, 1):  # O to move: must block at 2 (and then holds the draw)
        state.apply_action(action)
    for seed in range(5):
        agent = MctsAgent(game, 1, random.Random(seed), SearchSettings(200))
        assert agent.step(state.clone()) == 2


def test_the_solver_stops_a_decided_search_early(games: Registry) -> None:
    game = _ttt(games).engine()  # type: ignore[attr-defined]
    state = game.new_initial_state()
    for action in (0, 3, 1, 4, 8):  # O to move wins at 5: the root is decided at once
        state.apply_action(action)
    root = MctsAgent(game, 1, random.Random(0), SearchSettings(5000)).search(state)
    assert root.proven is not None and root.visits < 200, (root.proven, root.visits)


def test_the_budget_scales_to_the_board(games: Registry) -> None:
    """3 x 3: the whole budget of playouts is grown; 5 x 5 with five in a row: the budget
    scaled to its 25 empty cells, and still one playout per root action at a tiny budget."""
    small = _ttt(games).engine()  # type: ignore[attr-defined]
    agent = MctsAgent(small, 0, random.Random(0), SearchSettings(300))
    assert agent.search(small.new_initial_state()).visits == 300
    large = parse_variant({"game": "tictactoe", "rules": {"size": 5, "k_in_row": 5}}, games)
    game = large.engine()  # type: ignore[attr-defined]
    agent = MctsAgent(game, 0, random.Random(0), SearchSettings(300))
    assert agent.search(game.new_initial_state()).visits == 300 * REFERENCE_BRANCHING // 25
    tiny = MctsAgent(game, 0, random.Random(0), SearchSettings(10))
    assert tiny.search(game.new_initial_state()).visits == 10
    late = game.new_initial_state()
    for action in range(17):  # 8 empty cells left: the whole budget again
        late.apply_action(action)
    assert not late.is_terminal()
    assert agent.playouts(late) == 300


def test_budget_is_parsed_and_bounded(games: Registry) -> None:
    spec = agent_spec(games, "tictactoe", "mcts:37")
    assert spec.name == "mcts:37" and spec.settings == SearchSettings(37)
    assert spec.spoiling(1).name == "mcts:37/spoil-seat-2"
    assert spec.spoiling(1).settings == SearchSettings(37, victim=1)
    for bad, words in (
        ("mcts:0", "whole number"),
        ("mcts:-3", "whole number"),
        ("mcts:1.5", "whole number"),
        ("mcts:", "whole number"),
        ("mcts:2000000", "whole number"),
        ("random:5", "takes no budget"),
        ("genius:5", "unknown agent"),
    ):
        with pytest.raises(InputError, match=words):
            agent_spec(games, "tictactoe", bad)


def test_tictactoe_is_drawish_under_strong_play_and_spoilable(games: Registry) -> None:
    report = run_check(games, _ttt(games), games=200, seed=1, jobs=2, probes="quick")
    assert report["verdict"] == "unplayable"
    assert report["probe_level"] == "quick"
    strong = report["metrics"]["strong"]
    assert strong["agent"] == "mcts:1000" or strong["agent"] == "mcts"
    assert strong["drawishness"] == 1.0 and strong["games"] == 24
    assert any("under strong play" in r and "drawishness" in r for r in report["reasons"])
    (rung,) = report["metrics"]["skill"]
    assert (rung["agent"], rung["against"]) == ("mcts", "random")
    assert rung["beats"] and rung["win_rate"] > 0.7 and rung["low"] <= rung["win_rate"]
    spoilers = [p for p in report["probes"] if p["probe"] == "spoiler"]
    assert {(p["seat"], p["victim"]) for p in spoilers} == {(0, 1), (1, 0)}
    assert all(p["victim_wins"] == 0 for p in spoilers), "a perfect spoiler never lets random win"


def test_a_spoiler_that_blocks_forever_is_an_exploit(games: Registry) -> None:
    variant = _variant(games, "duel", agent="random", strong_agent="mcts:200", probe_games=8)
    report = run_check(games, variant, games=200, seed=2, jobs=2, probes="quick")
    assert report["verdict"] == "unplayable"
    exploits = [p for p in report["probes"] if p["exploit"]]
    # the second runner can only stall the first; the first may simply win (skill, not spoiling)
    assert (1, 0) in {(p["seat"], p["victim"]) for p in exploits}
    first = next(p for p in report["probes"] if p["seat"] == 0)
    assert first["exploit"] or first["spoiler_wins"] == first["games"]
    # two strong runners block each other for good: no game ends
    assert report["metrics"]["strong"]["completion"] == 0.0
    assert any(r.startswith("under strong play") and "completion" in r for r in report["reasons"])
    for probe in exploits:
        assert probe["victim_wins"] == 0 and probe["completion"] < 0.5
        assert probe["reason"].startswith(
            f"exploit: seat {probe['seat'] + 1} playing only to spoil keeps seat "
            f"{probe['victim'] + 1} from winning in 100 % ["
        )
        assert probe["reason"] in report["reasons"]


def test_without_blocking_no_spoiler_stops_a_runner(games: Registry) -> None:
    data = {"game": "duel", "rules": {"block": False}, "check": {"agent": "random"}}
    variant = parse_variant(data, games)
    report = run_check(games, variant, games=50, seed=2, jobs=1, probes="quick")
    assert not any(p["exploit"] for p in report["probes"])
    assert not any(r.startswith("exploit") for r in report["reasons"])


def test_a_game_of_pure_chance_is_flagged_as_little_skill(games: Registry) -> None:
    variant = _variant(games, "coin", strong_agent="mcts:30", probe_games=120)
    report = run_check(games, variant, games=200, seed=4, jobs=2, probes="quick")
    assert report["metrics"]["skill"][-1]["decided"], "the ladder's test decides, then stops"
    top = report["metrics"]["skill"][-1]
    assert top["agent"] == "mcts:30" and top["against"] == "random" and not top["beats"]
    assert any(note.startswith("little skill: mcts:30") for note in report["notes"])
    assert not any(p["exploit"] for p in report["probes"])


def _table(winners: list[int | None]) -> GameTable:
    n = len(winners)
    return GameTable.from_columns(
        index=np.arange(n, dtype=np.int64),
        result=np.array(
            [RESULT_CODE["win"] if w is not None else RESULT_CODE["unfinished"] for w in winners],
            np.int64,
        ),
        winners=np.array([1 << w if w is not None else 0 for w in winners], np.int64),
        rounds=np.ones(n, np.int64),
        moves=np.full(n, 10, np.int64),
        branching_total=np.full(n, 20, np.int64),
        decisions=np.full(n, 10, np.int64),
    )


def test_spoiler_probe_separates_spoiling_from_skill(games: Registry) -> None:
    options = _variant(games, "duel").check  # type: ignore[attr-defined]
    agents = (games.agent("duel", "random"),) * 3
    matchup = Matchup("spoiler", "s", agents, 20, 20, seat=1, victim=2)
    baseline = _table([0, 1, 2] * 20)  # three seats, each wins a third
    stalled = spoiler_probe(matchup, _table([0, None] * 10), baseline, 3, options)
    assert stalled["exploit"] and stalled["open_games"] == 20 and stalled["victim_wins"] == 0
    assert stalled["baseline_open_share"] == pytest.approx(0.5)
    assert stalled["decision"] == "exploit" and "the games stall" in stalled["reason"]
    held = spoiler_probe(matchup, _table([0] * 20), baseline, 3, options)
    assert held["decision"] == "undecided", "held with three seats: the second stage decides"
    outplayed = spoiler_probe(matchup, _table([1] * 20), baseline, 3, options)
    assert not outplayed["exploit"] and outplayed["decision"] == "undecided"
    assert outplayed["reason"].startswith("undecided after 20 games")
    fair = spoiler_probe(matchup, _table([0, 2] * 5 + [1] * 10), baseline, 3, options)
    assert not fair["exploit"] and fair["open_share"] == pytest.approx(0.5)
    few = spoiler_probe(matchup, _table([0, 0, 1, 1]), baseline, 3, options)
    assert not few["exploit"], "two games without the victim winning prove nothing"


def test_a_victim_that_escapes_when_it_plays_well_was_kingmade(games: Registry) -> None:
    """Three seats: the spoiler hands every game to the third seat. When the victim, played by
    the strong agent, then wins its share, it was slowed, not locked out: kingmaking (a note);
    when it still cannot win, when the games stall, or with two seats, an exploit."""
    options = _variant(games, "duel").check  # type: ignore[attr-defined]
    spoiler = games.agent("duel", "mcts").spoiling(2)
    agents = (games.agent("duel", "random"), spoiler, games.agent("duel", "random"))
    matchup = Matchup("spoiler", "spoiler-seat2-victim3", agents, 20, 20, seat=1, victim=2)
    baseline = _table([0, 1, 2] * 20)
    kept = _table([0] * 20)
    status = pair_status(PairGames(matchup, kept), baseline, 3, options)
    assert status.start and status.decision is None
    [again] = second_stage(matchup, _variant(games, "duel"))  # type: ignore[arg-type]
    assert again.kind == "victim" and again.label == "strong-victim-seat2-victim3"
    assert again.agents[2].name == "mcts:1000" and again.agents[1] == spoiler
    made = spoiler_probe(matchup, kept, baseline, 3, options, _table([0, 2] * 10))
    assert made["kingmaking"] and not made["exploit"]
    assert made["reason"].startswith("kingmaking: seat 2 playing only to spoil keeps seat 3")
    assert made["strong_victim"]["open_share"] == pytest.approx(0.5)
    locked = spoiler_probe(matchup, kept, baseline, 3, options, _table([0] * 20))
    assert locked["exploit"] and not locked["kingmaking"]
    stalled_games = _table([0, None] * 10)
    stalled = spoiler_probe(matchup, stalled_games, baseline, 3, options, _table([0, 2] * 10))
    assert stalled["exploit"] and not stalled["kingmaking"]
    fair = _table([0, 2] * 10)
    assert pair_status(PairGames(matchup, fair), baseline, 3, options).decision == "ok"
    duel = Matchup("spoiler", "s", agents[:2], 20, 20, seat=0, victim=1)
    blocked = PairGames(duel, _table([None] * 20))
    assert not pair_status(blocked, _table([0, 1] * 20), 2, options).start
    alone = spoiler_probe(duel, _table([None] * 20), _table([0, 1] * 20), 2, options)
    assert alone["exploit"] and not alone["kingmaking"]
    reasons, notes = judge_strong({"probes": [made]}, options)
    assert reasons == [] and notes == [made["reason"]]


def test_a_two_seat_spoiler_that_simply_wins_meets_a_strong_victim(games: Registry) -> None:
    """Two seats: a spoiler that wins most games itself leaves too few to judge it against a
    weak victim, so the pair is played again with the victim in the strong agent's hands and
    judged against strong self-play: a victim held out even then is an exploit."""
    options = _variant(games, "duel").check  # type: ignore[attr-defined]
    spoiler = games.agent("duel", "mcts").spoiling(1)
    agents = (spoiler, games.agent("duel", "random"))
    matchup = Matchup("spoiler", "spoiler-seat1-victim2", agents, 20, 20, seat=0, victim=1)
    baseline, self_play = _table([0, 1] * 20), _table([0, 1] * 10)
    outplayed = _table([0] * 20)
    assert pair_status(PairGames(matchup, outplayed), baseline, 2, options).start
    [again] = second_stage(matchup, _variant(games, "duel"))  # type: ignore[arg-type]
    assert again.kind == "victim" and again.agents[1].name == "mcts:1000"
    status = pair_status(PairGames(matchup, _table([0, 1] * 10)), baseline, 2, options)
    assert not status.start and status.decision == "ok"
    escaped = spoiler_probe(
        matchup, outplayed, baseline, 2, options, _table([0, 1] * 10), strong_baseline=self_play
    )
    assert not escaped["exploit"] and escaped["strong_victim"]["open_share"] == 1.0
    assert "against seat 2 playing well, it wins 100 % of the 10 games" in escaped["reason"]
    held = _table([0] * 10 + [None] * 10)  # the strong victim never wins; half the games stall
    locked = spoiler_probe(
        matchup, outplayed, baseline, 2, options, held, strong_baseline=self_play
    )
    assert locked["exploit"] and locked["strong_victim"]["kept_out"]
    assert locked["reason"].startswith(
        "exploit: seat 1 playing only to spoil keeps seat 2 from winning even when it plays well"
    )
    # judged against strong self-play, not the weak check's games (where seat 2 wins little
    # and half the games do not end)
    weak = _table([0] * 18 + [1] * 2 + [None] * 20)
    little = _table([None, 0] * 8 + [1, 1, 0, 0])
    judged = spoiler_probe(matchup, outplayed, weak, 2, options, little, strong_baseline=self_play)
    assert judged["exploit"] and judged["strong_victim"]["baseline_open_share"] == 1.0


def test_a_stall_is_judged_by_its_sequential_test() -> None:
    """The stall SPRT: one unfinished game in 24 is no stall beside a baseline that ended all
    of its 24; every other game unfinished is. The first crossing decides: games that end at
    first decide "no stall" before later stalls are seen."""
    options = parse_variant({"game": "tictactoe"}, load_registry()).check
    ended = _table([0, 1] * 12)
    assert not ends_less_often(_table([0, 1] * 11 + [0, None]), ended, options)
    assert ends_less_often(_table([0, None] * 12), ended, options)
    assert not ends_less_often(_table([0] * 12 + [None] * 12), ended, options)
    # the baseline's 24 ended games are a sample, not a stall rate of 0: two stalls in the
    # first three games do not decide (judged against 0 % they would)
    assert not ends_less_often(_table([None, 0, None] + [0] * 9), ended, options)


def test_a_duel_tells_a_lock_out_from_kingmaking(games: Registry) -> None:
    """Three seats, the victim kept out: a game that offers a duel (two seats alone) plays the
    pair's duel, both in the strong agent's hands (a baseline playing to win, then the spoiler
    against the victim), instead of the strong-victim games. A victim that wins its share of
    the duel games the spoiler does not win was slowed (kingmaking); one that does not, or
    duel games that stall, was locked out (an exploit)."""
    seen: list[tuple[int, int]] = []

    def alone(variant: Any, spoiler: int, victim: int) -> Duel:
        seen.append((spoiler, victim))
        return Duel(replace(variant, name="two-seats"), 1, 0)

    variant = _variant(games, "duel")
    with_duel = replace(variant, definition=replace(variant.definition, duel=alone))
    options = variant.check
    spoiler = games.agent("duel", "mcts").spoiling(2)
    agents = (games.agent("duel", "random"), spoiler, games.agent("duel", "random"))
    matchup = Matchup("spoiler", "spoiler-seat2-victim3", agents, 20, 30, seat=1, victim=2)
    baseline, kept = _table([0, 1, 2] * 20), _table([0] * 20)
    assert pair_status(PairGames(matchup, kept), baseline, 3, options).start
    base, duel = second_stage(matchup, with_duel)
    assert seen == [(1, 2)]
    assert (base.kind, base.label, duel.kind, duel.label) == (
        "duel-base", "duel-base-seat2-victim3", "duel", "duel-seat2-victim3"
    )  # fmt: skip
    assert base.variant is not None and base.variant.name == "two-seats" and base.local == (1, 0)
    assert [a.name for a in base.agents] == ["mcts:1000", "mcts:1000"]
    assert [a.name for a in duel.agents] == ["mcts:1000", "mcts:1000/spoil-seat-1"]
    assert (duel.seat, duel.victim, duel.limit) == (1, 2, 20), "same rounds as the probe"
    even = _table([0, 1] * 10)  # the baseline: each seat wins half
    slowed = spoiler_probe(matchup, kept, baseline, 3, options, duel=(duel, even, even))
    assert slowed["kingmaking"] and not slowed["exploit"], slowed["reason"]
    assert slowed["duel"]["open_games"] == 10 and slowed["duel"]["open_share"] == 1.0
    assert "alone with it cannot lock it out" in slowed["reason"]
    locked_games = _table([1] * 10 + [None] * 10)  # never wins when the spoiler does not
    locked = spoiler_probe(matchup, kept, baseline, 3, options, duel=(duel, even, locked_games))
    assert locked["exploit"] and not locked["kingmaking"] and locked["duel"]["locked_out"]
    assert "when the two are alone: seat 3 wins 0 of the 10 duel games" in locked["reason"]
    # the duel decides, not the strong victim's games: a victim that escaped in the big game
    # but is locked out alone is still an exploit
    both = spoiler_probe(matchup, kept, baseline, 3, options, even, (duel, even, locked_games))
    assert both["exploit"]
    # the crowd's share test still undecided (few games): the duel starts at once, an escape
    # alone clears the pair, a lock-out alone leaves it open (the crowd must hold the victim)
    crowd = _table([0, 2, 0, 0] * 3)
    assert pair_status(PairGames(matchup, crowd), baseline, 3, options).start
    free = spoiler_probe(matchup, crowd, baseline, 3, options, duel=(duel, even, even))
    assert free["decision"] == "ok" and not free["kingmaking"] and not free["exploit"]
    assert free["reason"].startswith("seat 2 spoiling cannot lock seat 3 out: alone with it")
    open_ = spoiler_probe(matchup, crowd, baseline, 3, options, duel=(duel, even, locked_games))
    assert open_["decision"] == "undecided" and not open_["exploit"], open_["reason"]
    assert (
        pair_status(PairGames(matchup, _table([0, 2] * 10)), baseline, 3, options).decision == "ok"
    )


def test_probe_records_are_marked_and_replay(games: Registry, tmp_path: Path) -> None:
    variant = _variant(games, "duel", agent="random", strong_agent="mcts:20", probe_games=4)
    run_check(games, variant, games=6, seed=2, jobs=1, probes="quick", records=tmp_path)
    assert len(list(tmp_path.glob("game-*.jsonl"))) == 6
    folders = sorted(p.name for p in (tmp_path / "probes").iterdir())
    assert "strong" in folders and "spoiler-seat1-victim2" in folders
    assert any(name.startswith("ladder1-seat") for name in folders)
    game = variant.engine()  # type: ignore[attr-defined]
    for record in (tmp_path / "probes" / "spoiler-seat1-victim2").glob("game-*.jsonl"):
        lines = [json.loads(line) for line in record.read_text().splitlines()]
        assert lines[0]["purpose"] == "spoiler-seat1-victim2"
        assert lines[0]["agents"] == ["mcts:20/spoil-seat-2", "random"]
        state = game.new_initial_state()
        for line in lines[1:-1]:
            state.apply_action(0 if line["action"] == "step" else 1)
        assert lines[-1]["result"] == state.outcome().result or not state.is_terminal()
    run_check(games, variant, games=3, seed=2, jobs=1, probes="none", records=tmp_path)
    assert not (tmp_path / "probes").exists(), "stale probe records are removed"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--probes", "most"], "'most' is not one of 'none', 'quick', 'full'"),
        (["--agent", "mcts:zero"], "whole number"),
    ],
)
def test_bad_probe_options_exit_2(run_cli: CliRunner, args: list[str], words: str) -> None:
    done = run_cli("check", str(EXAMPLES / "tictactoe.toml"), "-n", "2", *args)
    assert done.returncode == 2 and words in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("check", "words"),
    [
        ('probes = "always"', "[check] probes"),
        ("probe_games = 1", "[check] probe_games"),
        ("exploit_ratio = 1.5", "[check] exploit_ratio"),
        ("probe_alpha = 0", "[check] probe_alpha"),
        ('strong_agent = "random"', "does not search"),
        ('strong_agent = "mcts:0"', "whole number"),
    ],
)
def test_bad_probe_thresholds_exit_2(
    run_cli: CliRunner, tmp_path: Path, check: str, words: str
) -> None:
    variant = tmp_path / "v.toml"
    variant.write_text(f'game = "tictactoe"\n[check]\n{check}\n', encoding="utf-8")
    done = run_cli("check", str(variant), "-n", "2")
    assert done.returncode == 2 and words in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1


def test_sweep_with_probes_writes_strong_columns(run_cli: CliRunner, tmp_path: Path) -> None:
    variant = tmp_path / "v.toml"
    variant.write_text(
        'game = "tictactoe"\n[check]\nprobe_games = 8\n',
        encoding="utf-8",
    )
    done = run_cli(
        "sweep", str(variant), "--set", "rules.size=3,4", "-n", "20", "--probes", "quick",
        "--out", "sw",
    )  # fmt: skip
    assert done.returncode == 1, done.stderr  # no tic-tac-toe survives strong play
    import csv

    rows = list(csv.DictReader((tmp_path / "sw" / "sweep.csv").open(encoding="utf-8")))
    assert [row["strong_agent"] for row in rows] == ["mcts", "mcts"]
    assert rows[0]["probes"] == "2" and rows[0]["strong_drawishness"] == "1.0"
    low, high = float(rows[1]["strong_balance_low"]), float(rows[1]["strong_balance_high"])
    assert 0 <= low <= float(rows[1]["strong_balance"]) <= high <= 1
    report = json.loads((tmp_path / "sw" / "sweep.json").read_text(encoding="utf-8"))
    assert report["variants"][0]["report"]["probe_level"] == "quick"


def test_clearing_probe_records_removes_games_and_their_temporary_files(tmp_path: Path) -> None:
    folder = tmp_path / "probes" / "strong"
    folder.mkdir(parents=True)
    (folder / "game-000000.jsonl").write_text("{}\n")
    (folder / ".game-000001.jsonl.plywright-tmp-1a2b3c4d.jsonl").write_text("{")
    clear_probe_records(tmp_path)
    assert not (tmp_path / "probes").exists()
    folder.mkdir(parents=True)
    (folder / "notes.txt").write_text("mine")
    (folder / "game-000002.jsonl").write_text("{}\n")
    clear_probe_records(tmp_path)
    assert [p.name for p in folder.iterdir()] == ["notes.txt"]
