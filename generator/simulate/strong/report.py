"""The probes' report: :class:`ProbeJudge` steps the rounds (which matchups play on, which
second stages start) and gives ``skill``, ``strong`` and ``probes`` of the report."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from plywright import atomic
from plywright.simulate.metrics import compute_metrics
from plywright.simulate.report_types import (
    Probe,
    ProbeLevel,
    RestrictedProbe,
    SkillRung,
    SpoilerProbe,
    StrongMetrics,
    StrongPlay,
)
from plywright.simulate.strong.judge import PairGames, pair_status
from plywright.simulate.strong.plan import Matchup, second_stage
from plywright.simulate.strong.probes import restricted_probe, rung_entry, seat_probe, spoiler_probe
from plywright.simulate.table import GameTable
from plywright.variant import Variant

ByKind = dict[tuple[str, int, int | None], tuple[Matchup, GameTable]]
"""Matchups and their games by ``(kind, seat, victim)``."""


def strong_metrics(variant: Variant, strong: GameTable, agent: str, seats: int) -> StrongMetrics:
    """``metrics.strong``: the strong self-play games measured like the check's own."""
    definition = variant.definition
    metrics = compute_metrics(
        strong,
        seats,
        variant.check.confidence,
        definition.pooled_metrics,
        definition.opener_metric,
    )
    return {"agent": agent, "games": len(strong), **metrics}


class ProbeJudge:
    """Decides, after every round, which matchups play on and which second stages start; a
    pair or rung, once decided, keeps its entry (later games of its references do not reopen
    it). A function of the games so far only: the same games give the same rounds."""

    def __init__(self, variant: Variant, baseline: GameTable, level: ProbeLevel) -> None:
        self.variant, self.baseline, self.level = variant, baseline, level
        self.seats = variant.engine().info().num_players
        self.options = variant.check
        self.pairs: dict[tuple[int, int], SpoilerProbe] = {}
        self.rungs: dict[int, SkillRung] = {}
        self.restricted: dict[str, RestrictedProbe] = {}

    def _pair_games(self, matchup: Matchup, by_kind: ByKind) -> PairGames:
        """The pair's games from the matchups played so far."""
        key = (matchup.seat, matchup.victim)
        table = by_kind[("spoiler", *key)][1]
        victim = by_kind.get(("victim", *key))
        duel = by_kind.get(("duel", *key))
        base = by_kind.get(("duel-base", *key))
        played = (duel[0], base[1], duel[1]) if duel is not None and base is not None else None
        return PairGames(matchup, table, victim[1] if victim else None, played)

    def step(
        self, found: Sequence[Matchup], tables: Sequence[GameTable]
    ) -> tuple[set[str], list[Matchup]]:
        """``(labels that play on, matchups to add)`` after a round."""
        active: set[str] = set()
        new: list[Matchup] = []
        played = list(zip(found, tables, strict=True))
        by_kind: ByKind = {(m.kind, m.seat, m.victim): (m, t) for m, t in played}
        strong = next((t for m, t in played if m.kind == "strong"), None)
        groups: dict[int, list[tuple[Matchup, GameTable]]] = {}
        for m, t in played:
            if m.kind in ("strong", "seat"):
                active.add(m.label)
            elif m.kind == "restrict" and m.label not in self.restricted:
                restricted = restricted_probe(m, t, strong, self.seats, self.options)
                if restricted["decision"] == "undecided":
                    active.add(m.label)
                else:
                    self.restricted[m.label] = restricted
            elif m.kind == "ladder":
                groups.setdefault(m.rung, []).append((m, t))
        for rung, group in groups.items():
            if rung in self.rungs:
                continue
            entry = rung_entry(
                [m for m, _ in group], [t for _, t in group], self.seats, self.options
            )
            if entry["decided"]:
                self.rungs[rung] = entry
            else:
                active |= {m.label for m, _ in group}
        for m, _ in played:
            if m.kind != "spoiler" or (m.seat, m.victim) in self.pairs:
                continue
            assert m.victim is not None
            games = self._pair_games(m, by_kind)
            status = pair_status(games, self.baseline, self.seats, self.options, strong)
            if status.decision is not None:
                self.pairs[m.seat, m.victim] = spoiler_probe(
                    m, games.table, self.baseline, self.seats, self.options, games.victim,
                    games.duel, strong,
                )  # fmt: skip
                continue
            kinds = set(status.wants)
            if status.start:
                stage = second_stage(m, self.variant)
                new += stage
                active |= {s.label for s in stage}
            for kind in kinds:
                for sub in ("duel", "duel-base") if kind == "duel" else (kind,):
                    if (sub, m.seat, m.victim) in by_kind:
                        active.add(by_kind[sub, m.seat, m.victim][0].label)
        return active, new

    def report(self, found: Sequence[Matchup], tables: Sequence[GameTable]) -> StrongPlay:
        """``skill``, ``strong`` and ``probes`` of the report: the decided entries as they
        were decided, the others from every game played."""
        played = list(zip(found, tables, strict=True))
        by_kind: ByKind = {(m.kind, m.seat, m.victim): (m, t) for m, t in played}
        strong_pairs = [(m, t) for m, t in played if m.kind == "strong"]
        strong_matchup, strong = strong_pairs[0]
        groups: dict[int, list[tuple[Matchup, GameTable]]] = {}
        for m, t in played:
            if m.kind == "ladder":
                groups.setdefault(m.rung, []).append((m, t))
        skill = [
            self.rungs.get(rung)
            or rung_entry([m for m, _ in group], [t for _, t in group], self.seats, self.options)
            for rung, group in sorted(groups.items())
        ]
        probes: list[Probe] = []
        for m, _ in played:
            if m.kind != "spoiler":
                continue
            assert m.victim is not None
            entry = self.pairs.get((m.seat, m.victim))
            if entry is None:
                games = self._pair_games(m, by_kind)
                entry = spoiler_probe(
                    m, games.table, self.baseline, self.seats, self.options, games.victim,
                    games.duel, strong,
                )  # fmt: skip
            probes.append(entry)
        seat = seat_probe(found, tables, self.seats, self.options)
        if seat is not None:
            probes.append(seat)
        for m, t in played:
            if m.kind == "restrict":
                probes.append(
                    self.restricted.get(m.label)
                    or restricted_probe(m, t, strong, self.seats, self.options)
                )
        return {
            "level": self.level,
            "skill": skill,
            "strong": strong_metrics(
                self.variant, strong, strong_matchup.agents[0].name, self.seats
            ),
            "probes": probes,
        }


def strong_play_report(
    variant: Variant,
    found: Sequence[Matchup],
    tables: Sequence[GameTable],
    baseline: GameTable,
    level: ProbeLevel,
) -> StrongPlay:
    """``skill``, ``strong`` and ``probes`` of the report from the matchups' games, judged at
    the end (no rounds: every entry from every game played)."""
    return ProbeJudge(variant, baseline, level).report(found, tables)


def clear_probe_records(records: Path) -> None:
    """Remove the probe records of an earlier check from ``records/probes``."""
    folder = records / "probes"
    if not folder.is_dir():
        return
    for sub in folder.iterdir():
        if sub.is_dir():
            temps = sub.glob(f".game-*.jsonl{atomic.TEMP_MARK}*")
            for stale in [*sub.glob("game-*.jsonl"), *temps]:
                stale.unlink()
            if not any(sub.iterdir()):
                sub.rmdir()
    if not any(folder.iterdir()):
        folder.rmdir()
