"""The known cases of halma's strong play: under ``win_rule = "own"`` a player who keeps one
peg in its start triangle stops the seat aiming there from ever winning (the spoiler probe
must fail the variant, with 2 and with 6 players); under the seed's ``"filled"`` it cannot,
with 2 or with 6 players: there a spoiler in a six-player race can still slow one seat while
the others win (kingmaking), but alone with it (the duel) cannot lock it out."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from plywright.plugins.halma.records import check_record
from plywright.registry import Registry
from plywright.simulate.runner import planned_games, run_check
from plywright.variant import parse_variant


class Counter:
    """A progress callback that can grow, as the CLI's bar."""

    def __init__(self, total: int) -> None:
        self.total, self.done = total, 0

    def __call__(self, count: int) -> None:
        self.done += count

    def grow(self, count: int) -> None:
        self.total += count


def _check(
    registry: Registry,
    rules: dict[str, Any],
    records: Path | None = None,
    progress: Counter | None = None,
    **check: Any,
) -> dict[str, Any]:
    data = {"game": "halma", "preset": "standard", "rules": rules, "check": check}
    variant = parse_variant(data, registry)
    return run_check(
        registry, variant, games=100, seed=5, jobs=2, records=records, progress=progress
    )


def _exploits(report: dict[str, Any]) -> set[tuple[int, int]]:
    return {(p["seat"], p["victim"]) for p in report["probes"] if p["exploit"]}


def test_own_rule_with_two_players_is_spoiled(registry: Registry) -> None:
    report = _check(registry, {"players": 2, "win_rule": "own"})
    assert report["verdict"] == "unplayable"
    assert _exploits(report), report["probes"]
    assert any(r.startswith("exploit: seat ") for r in report["reasons"])
    assert report["engine"] == "halma-numba"


@pytest.mark.slow
def test_own_rule_with_six_players_is_spoiled_seat_by_seat(registry: Registry) -> None:
    report = _check(
        registry, {"players": 6, "win_rule": "own"}, strong_agent="search:1", probe_games=48
    )
    assert report["verdict"] == "unplayable"
    found = _exploits(report)
    # the seat aiming at the spoiler's start triangle is the one it can always block
    # (seating of six: point i aims at point i + 3)
    assert {(seat, (seat + 3) % 6) for seat in range(6)} & found, report["probes"]
    spoiled = next(p for p in report["probes"] if (p["seat"], p["victim"]) in found)
    assert spoiled["completion"] > 0.5, "the others still finish: completion alone misses it"
    for probe in report["probes"]:
        if probe["exploit"]:  # locked out alone too: the spoiler parks a peg in the target
            assert probe["duel"]["locked_out"] and probe["duel"]["completion"] < 0.5, probe
            assert probe["duel"]["variant"].startswith("variant-seats-")


@pytest.mark.slow
def test_filled_rule_with_six_players_is_kingmaking_not_a_lock_out(
    registry: Registry, tmp_path: Path
) -> None:
    rules = {"players": 6, "win_rule": "filled"}
    check = {"strong_agent": "search:1", "probe_games": 48}
    planned = planned_games(
        registry,
        parse_variant({"rules": rules, "check": check, "game": "halma"}, registry),
        100,
        None,
        None,
    )
    progress = Counter(planned)
    report = _check(registry, rules, tmp_path, progress, **check)
    # every game announced was played (probes stop early once decided, so the total may stay
    # below the plan's bound; the duels' games are announced as they are added)
    assert progress.done == progress.total
    assert any("duel" in p for p in report["probes"]), "the kept-out pairs' duels were played"
    assert not _exploits(report), [p["reason"] for p in report["probes"] if p["exploit"]]
    # never unplayable; at this budget the sequential tests of many pairs are still undecided
    # (a bigger budget decides them: the report names the command)
    assert report["verdict"] in ("playable", "inconclusive"), report["reasons"]
    if report["verdict"] == "inconclusive":
        assert "--probes full" in report["decide"], report["decide"]
    slowed = [p for p in report["probes"] if p.get("kingmaking")]
    for probe in slowed:
        duel = probe["duel"]
        assert not duel["locked_out"] and duel["completion"] == 1.0, duel
        assert duel["victim_wins"] > 0 and probe["reason"] in report["notes"]
    # the duels' records are two-seat games that replay through the Python rules
    duels = sorted((tmp_path / "probes").glob("duel-*"))
    dueled = [p for p in report["probes"] if p.get("duel")]
    assert len(duels) == 2 * len(dueled) and len(dueled) >= len(slowed), [d.name for d in duels]
    for probe in dueled:  # every pair is also tested alone, from its first round on
        if probe["duel"]["locked_out"]:  # a duel that stalled leaves its pair open, no more:
            assert probe["decision"] == "undecided", probe["reason"]  # the crowd must hold too
    # a victim that escapes alone clears its pair while the crowd's share test is undecided
    assert any(p["reason"].startswith(f"seat {p['seat'] + 1} spoiling cannot lock") for p in dueled)
    for folder in duels:
        for record in sorted(folder.glob("game-*.jsonl"))[:3]:
            lines = [json.loads(line) for line in record.read_text().splitlines()]
            assert lines[0]["purpose"] == folder.name and lines[0]["players"] == 2
            assert check_record(lines).result == lines[-1]["result"]


def test_filled_rule_passes_every_probe(registry: Registry) -> None:
    report = _check(registry, {"players": 2, "win_rule": "filled"})
    assert not _exploits(report), [p["reason"] for p in report["probes"]]
    assert report["verdict"] == "playable", report["reasons"]
    names = [rung["agent"] for rung in report["metrics"]["skill"]]
    assert names[0] == "greedy" and names[-1].startswith("search")
    top = report["metrics"]["skill"][-1]
    assert top["beats"], top
