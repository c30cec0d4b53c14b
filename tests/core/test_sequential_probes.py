"""Sequential probes: one verdict at every probe level. The probes' tests are SPRTs decided by
their first crossing along seeded games, so ``quick`` and ``full`` agree wherever both decide;
a probe undecided at its budget makes the check inconclusive (exit 3) with the command that
decides it."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
import strong_games

import sample_games
from conftest import EXAMPLES, ROOT, CliRunner
from plywright.registry import Registry, load_registry
from plywright.simulate.runner import run_check
from plywright.simulate.sprt import Sprt
from plywright.variant import parse_variant

OPPOSITE = {("playable", "unplayable"), ("unplayable", "playable")}


@pytest.fixture(scope="module")
def games() -> Registry:
    return load_registry(extra_plugins=[("cardrace", sample_games), ("strong-games", strong_games)])


def _grip(registry: Registry, grip: float, probe_games: int = 8) -> Any:
    check = {"agent": "random", "strong_agent": "mcts:40", "probe_games": probe_games}
    return parse_variant({"game": "grip", "rules": {"grip": grip}, "check": check}, registry)


def _spoilers(report: Any) -> dict[tuple[int, int], Any]:
    return {(p["seat"], p["victim"]): p for p in report["probes"] if p["probe"] == "spoiler"}


def test_the_sprt_decides_by_its_first_crossing() -> None:
    test = Sprt(0.5, 0.1, 0.05, 0.05)
    assert test.scan([False] * 5).decision is None, "five losses do not reach log(19)"
    held = test.scan([False] * 6 + [True] * 50)
    assert (held.decision, held.used) == ("h1", 6), "what follows the crossing is not read"
    assert test.scan([True, True]).decision == "h0"
    assert test.scan([]).decision is None
    # error rates: under H0 (p = 0.5) the test rarely decides H1
    import random

    rng = random.Random(0)
    wrong = sum(
        test.scan(rng.random() < 0.5 for _ in range(200)).decision == "h1" for _ in range(2000)
    )
    assert wrong / 2000 < 0.05 / 0.95 + 0.01, wrong


@pytest.mark.parametrize("seed", range(6))
def test_a_probe_on_the_edge_never_gets_opposite_verdicts(games: Registry, seed: int) -> None:
    """``grip = 0.5`` puts the victim's share right between the share test's hypotheses: some
    seeds decide at once, some need more games. Whatever ``quick`` decides, ``full`` decides
    the same (same decision, after the same games); where ``quick`` is undecided the check is
    inconclusive, not playable."""
    variant = _grip(games, 0.5)
    quick = run_check(games, variant, seed=seed, jobs=1, probes="quick")
    full = run_check(games, variant, seed=seed, jobs=1, probes="full")
    assert (quick["verdict"], full["verdict"]) not in OPPOSITE
    for pair, probe in _spoilers(quick).items():
        later = _spoilers(full)[pair]
        if probe["decision"] != "undecided":
            assert later["decision"] == probe["decision"] and later["games"] == probe["games"]
    undecided = [p for p in _spoilers(quick).values() if p["decision"] == "undecided"]
    if undecided:
        assert quick["verdict"] in ("inconclusive", "unplayable")
    if quick["verdict"] == "inconclusive":
        assert quick["reasons"] == []
        assert quick["undecided"] == ["spoiler seat 1 → victim seat 2 (after 8 games)"]
        assert quick["decide"] == f"plywright check '<variant>' --probes full --seed {seed}"


def test_the_edge_is_inconclusive_at_quick_and_decided_at_full(games: Registry) -> None:
    variant = _grip(games, 0.5)
    quick = run_check(games, variant, seed=1, jobs=1, probes="quick")
    full = run_check(games, variant, seed=1, jobs=1, probes="full")
    assert quick["verdict"] == "inconclusive" and full["verdict"] == "playable"
    edge = _spoilers(full)[0, 1]
    assert edge["decision"] == "ok" and 8 < edge["games"] <= 32
    assert _spoilers(quick)[0, 1]["reason"].startswith("undecided after 8 games")
    again = run_check(games, variant, seed=1, jobs=2, probes="full")
    assert again["probes"] == full["probes"] and again["metrics"] == full["metrics"]


@pytest.mark.parametrize(("grip", "verdict"), [(0.0, "playable"), (1.0, "unplayable")])
def test_far_from_the_edge_both_levels_decide_at_once(
    games: Registry, grip: float, verdict: str
) -> None:
    variant = _grip(games, grip)
    for level in ("quick", "full"):
        report = run_check(games, variant, seed=3, jobs=1, probes=level)
        assert report["verdict"] == verdict, (level, report["reasons"], report.get("undecided"))
        assert _spoilers(report)[0, 1]["games"] == 8, "decided in the first round"


def test_an_inconclusive_check_exits_3_and_names_the_command(
    run_cli: CliRunner, tmp_path: Path
) -> None:
    variant = tmp_path / "edge.toml"
    variant.write_text(
        'game = "grip"\n[rules]\ngrip = 0.5\n[check]\nagent = "random"\n'
        'strong_agent = "mcts:40"\nprobe_games = 8\n',
        encoding="utf-8",
    )
    env = {"PLYWRIGHT_PLUGINS": "strong_games", "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'tests'}"}
    done = run_cli("check", str(variant), "--seed", "1", "--jobs", "1", "--json", "r.json", env=env)
    assert done.returncode == 3, done.stderr + done.stdout
    command = f"plywright check {variant} --probes full --seed 1"
    assert "inconclusive" in done.stdout and command in done.stdout.replace("\n", " ")
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert report["verdict"] == "inconclusive" and report["decide"] == command
    assert "plan: at most" in done.stderr and "a move:" in done.stderr


@pytest.mark.slow
def test_konstruktsiia_seed_2_gets_one_verdict_at_both_levels() -> None:
    """The issue's case: the default Konstruktsiia, seed 2, was playable at quick and
    unplayable at full."""
    registry = load_registry()
    from plywright.variant import read_variant_file

    data = read_variant_file(EXAMPLES / "konstruktsiia.toml")  # the rules, the default path
    data["rules"]["small_path_rule"] = "turned_card"
    variant = parse_variant(data, registry, default_name="konstruktsiia")
    quick = run_check(registry, variant, seed=2, probes="quick")
    full = run_check(registry, variant, seed=2, probes="full")
    assert (quick["verdict"], full["verdict"]) not in OPPOSITE, (quick["reasons"], full["reasons"])
    for pair, probe in _spoilers(quick).items():
        if probe["decision"] != "undecided":
            assert _spoilers(full)[pair]["decision"] == probe["decision"]
