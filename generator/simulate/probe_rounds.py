"""The probes' rounds: every matchup whose evidence is undecided plays a batch more games.

A :class:`Session` is one variant's strong play under way (its
:class:`~plywright.simulate.strong.report.ProbeJudge`, matchups, plans and games so far);
:func:`play_rounds` plays the sessions together (a check has one, a sweep one per point):
each round the judge of every session names the matchups that play on and the second stages
that start, and every such matchup plays its next :attr:`Matchup.batch` games (game indices
continue where the last round stopped, so the games are those a single long run would play).
The rounds end when no matchup wants games (decided, or at its budget) or when ``stop()``
says the time is up (before a round starts).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from plywright.registry import Registry
from plywright.simulate.executors import Backend
from plywright.simulate.strong.plan import BATCH, Matchup, matchup_plans
from plywright.simulate.strong.report import ProbeJudge
from plywright.simulate.table import GameTable
from plywright.variant import Variant

Stop = Callable[[], bool]
"""Asked before each round: ``True`` ends the rounds (the time budget is spent)."""


@dataclass
class Session:
    """One variant's strong play under way."""

    registry: Registry
    variant: Variant
    judge: ProbeJudge
    seed: int
    records: Path | None = None
    engine: str = "auto"
    found: list[Matchup] = field(default_factory=list)
    plans: list[Any] = field(default_factory=list)
    parts: list[list[GameTable]] = field(default_factory=list)
    played: list[int] = field(default_factory=list)

    def add(self, matchups: Sequence[Matchup]) -> None:
        """Start ``matchups`` (no games yet)."""
        self.found += matchups
        self.plans += matchup_plans(
            self.registry, self.variant, matchups, self.seed, self.records, self.engine
        )
        self.parts += [[] for _ in matchups]
        self.played += [0 for _ in matchups]

    def tables(self) -> list[GameTable]:
        """Every matchup's games so far, in game order."""
        return [GameTable.concat(part) for part in self.parts]

    def left(self, k: int) -> int:
        return self.found[k].games - self.played[k]


def play_rounds(
    sessions: Sequence[Session],
    backend: Backend,
    progress: Any = None,
    stop: Stop | None = None,
) -> set[tuple[int, str]]:
    """Play rounds until every session is decided or at its budgets, or ``stop()``; the
    ``(session, label)`` of every matchup that still wanted games when ``stop`` ended them."""
    from plywright.simulate.games import grow_progress, simulate_many

    planned = sum(m.games for s in sessions for m in s.found)
    cut: set[tuple[int, str]] = set()
    while True:
        todo: list[tuple[int, int]] = []
        for number, session in enumerate(sessions):
            active, new = session.judge.step(session.found, session.tables())
            if new:
                session.add(new)
                grow_progress(progress, sum(m.games for m in new))
                planned += sum(m.games for m in new)
            todo += [
                (number, k)
                for k, matchup in enumerate(session.found)
                if matchup.label in active and session.left(k) > 0
            ]
        if not todo:
            break
        if stop is not None and stop():
            cut = {(number, sessions[number].found[k].label) for number, k in todo}
            break
        plans = [sessions[n].plans[k] for n, k in todo]
        counts = [min(sessions[n].found[k].batch, sessions[n].left(k)) for n, k in todo]
        starts = [sessions[n].played[k] for n, k in todo]
        tables = simulate_many(plans, counts, backend, progress, largest=BATCH, starts=starts)
        for (n, k), table in zip(todo, tables, strict=True):
            sessions[n].parts[k].append(table)
            sessions[n].played[k] += len(table)
    played = sum(sum(s.played) for s in sessions)
    grow_progress(progress, played - planned)  # the games that decided matchups did not need
    return cut
