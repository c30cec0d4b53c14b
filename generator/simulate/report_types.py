"""The shape of a check report (``plywright check --json``), declared once.

TypedDicts, so the JSON keys are exactly the dictionaries' keys and nothing changes at run
time: mypy checks every producer (:mod:`plywright.simulate.metrics`,
:mod:`plywright.simulate.strong`, :mod:`plywright.simulate.runner`) and every consumer
(:mod:`plywright.simulate.verdict`, :mod:`plywright.report`, the designer's jobs) against the
same names. Intervals are ``[low, high]`` lists; seats are 0-based. See docs/design.md,
"Check report".
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

Interval = list[float]
"""``[low, high]``."""


class SeatFairness(TypedDict):
    """``metrics.seat_fairness``: chi-square test of the seats' outright wins."""

    test: Literal["chi-square"]
    statistic: float
    dof: int
    p_value: float
    wins: list[int]


class Opener(TypedDict):
    """``metrics.opener``: the side that began against the other (games that draw it)."""

    metric: str
    wins: list[int]
    share: float
    interval: Interval
    balance: float
    balance_interval: Interval
    p_value: float


class Intervals(TypedDict):
    """``metrics.intervals``: the interval of every rate, of the balance and of the length."""

    completion: Interval
    drawishness: Interval
    timeouts: Interval
    stalemates: Interval
    balance: Interval
    seat_win_rates: list[Interval]
    duration_mean: Interval
    game: NotRequired[dict[str, Interval]]


class CoreMetrics(TypedDict):
    """The metrics of one set of games (the check's own, or the strong self-play's)."""

    completion: float
    balance: float
    drawishness: float
    timeouts: float
    stalemates: float
    duration_mean: float
    duration_sd: float
    branching_mean: float
    decision_moves: float
    seat_win_rates: list[float]
    intervals: Intervals
    seat_fairness: SeatFairness
    opener: NotRequired[Opener]
    game: NotRequired[dict[str, float]]


class SkillRung(TypedDict):
    """One rung of ``metrics.skill``: ``agent`` in one seat against ``against``."""

    agent: str
    against: str
    games: int
    win_rate: float
    low: float
    high: float
    draw_rate: float
    share: float
    llr: float
    """The SPRT's log likelihood ratio when it decided (or when the rung's games ran out)."""
    decided: bool
    beats: bool
    """The SPRT decided that ``agent`` beats ``against``."""


class StrongMetrics(CoreMetrics):
    """``metrics.strong``: the strong agent in every seat."""

    agent: str
    games: int


class Metrics(CoreMetrics):
    """``metrics`` of a check report; ``skill`` and ``strong`` with strong play only."""

    skill: NotRequired[list[SkillRung]]
    strong: NotRequired[StrongMetrics]


class StrongVictim(TypedDict):
    """``strong_victim`` of a spoiler probe: the victim played by the strong agent."""

    agent: str
    games: int
    victim_wins: int
    open_games: int
    open_share: float
    baseline_open_share: float
    """The victim's share of the games the spoiler's seat does not win in the games it is
    judged against (the check's, or strong self-play with two seats)."""
    completion: float
    baseline_completion: float
    kept_out: bool


class DuelResult(TypedDict):
    """``duel`` of a spoiler probe: the spoiler and the victim alone, both in the strong agent's
    hands (the lock-out test of three or more seats)."""

    variant: str
    agent: str
    games: int
    spoiler_wins: int
    victim_wins: int
    open_games: int
    open_share: float
    baseline_open_share: float
    completion: float
    baseline_completion: float
    locked_out: bool


Decision = Literal["exploit", "kingmaking", "ok", "undecided"]
"""What a probe concluded; ``undecided``: its budget ended before its sequential test did."""


class SpoilerProbe(TypedDict):
    """A ``probes`` entry of kind ``spoiler``: seat ``seat`` plays only so ``victim`` loses."""

    probe: Literal["spoiler"]
    seat: int
    victim: int
    agent: str
    games: int
    limit: int | None
    victim_wins: int
    victim_win_rate: float
    victim_interval: Interval
    baseline_win_rate: float
    baseline_interval: Interval
    spoiler_wins: int
    open_games: int
    kept_from_winning: int
    open_share: float
    baseline_open_share: float
    completion: float
    completion_interval: Interval
    llr: float
    """The share test's log likelihood ratio (SPRT) when it decided, or after the last game."""
    decision: Decision
    exploit: bool
    kingmaking: bool
    strong_victim: StrongVictim | None
    """A :class:`StrongVictim` (built as a plain dict by the probe)."""
    reason: str
    duel: NotRequired[DuelResult | None]


class StrongSeatProbe(TypedDict):
    """The ``probes`` entry of kind ``strong-seat`` (``full``): the strong agent by seat."""

    probe: Literal["strong-seat"]
    seat: int
    agent: str
    games: int
    win_rates: list[float]
    intervals: list[Interval]
    p_value: float
    decision: Decision
    exploit: bool
    favoured: bool
    reason: str


class RestrictedProbe(TypedDict):
    """A ``probes`` entry of kind ``restricted``: seat ``seat`` played by the strong agent
    without moves of ``kind``, against the strong agent (Jaffe et al.'s restricted play)."""

    probe: Literal["restricted"]
    seat: int
    kind: str
    agent: str
    games: int
    wins: int
    win_rate: float
    interval: Interval
    baseline_win_rate: float
    """The seat's win rate in strong self-play."""
    drop: float
    llr: float
    decision: Decision
    exploit: bool
    finding: Literal["needless", "dominant", ""]
    """``needless``: the kind changes nothing (a rule nobody needs); ``dominant``: without it
    the seat cannot win (the kind alone decides the game)."""
    reason: str


Probe = SpoilerProbe | StrongSeatProbe | RestrictedProbe
"""One entry of ``probes``; ``probe`` says which."""

ProbeLevel = Literal["none", "quick", "full"]


class StrongPlay(TypedDict):
    """What the strong play adds to a check
    (:func:`plywright.simulate.strong.report.strong_play_report`)."""

    level: ProbeLevel
    skill: list[SkillRung]
    strong: StrongMetrics
    probes: list[Probe]


class StaticCheckEntry(TypedDict):
    """One entry of ``static_checks``."""

    name: str
    ok: bool
    severity: Literal["error", "warning"]
    message: str


Verdict = Literal["playable", "unplayable", "inconclusive"]
"""``inconclusive``: nothing failed, but a probe or stage ended undecided (its budget of games
or of time ran out); ``undecided`` names them and ``decide`` is the command that decides."""


class ReportHead(TypedDict):
    """The first keys of a check report: the verdict and what it rests on."""

    verdict: Verdict
    reasons: list[str]
    notes: list[str]
    probe_level: ProbeLevel
    undecided: NotRequired[list[str]]
    """What ended undecided, in words (``spoiler seat 2 → victim seat 1``, ...)."""
    decide: NotRequired[str]
    """The command that would decide them (``plywright check FILE --probes full --seed 2``)."""
    probes: NotRequired[list[Probe]]


class CheckReport(ReportHead):
    """The whole check report (``plywright check --json``), keys in the order written."""

    games: int
    seed: int
    agents: list[str]
    engine: str
    confidence: float
    metrics: Metrics
    static_checks: list[StaticCheckEntry]
    seconds: NotRequired[float]
    """Absent from a sweep's reports (a time would make them differ between runs)."""
