"""The check report: verdict and reasons, seat win rates with intervals, game lengths, the
branching factor over a game, strong play (skill ladder, strong self-play, probes), metrics,
static checks and the variant's parameters."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from plywright.report.document import (
    Block,
    Bullets,
    Heading,
    Plot,
    Report,
    TableBlock,
    Text,
    rows_of,
    write_report,
)
from plywright.report.rows import (
    cells,
    confidence_label,
    fairness_text,
    metric_rows,
    probe_rows,
    skill_rows,
    strong_rows,
)
from plywright.simulate.report_types import CheckReport
from plywright.simulate.table import GameTable
from plywright.variant import Variant


def parameter_rows(variant: Variant) -> tuple[tuple[str, ...], ...]:
    """``[table] field`` / value rows of the variant's rules, production and check tables."""
    data = variant.as_json()
    pairs: list[tuple[str, Any]] = [("game", variant.game), ("preset", variant.preset or "-")]
    for table in ("rules", "production", "check"):
        pairs += [(f"{table}.{key}", value) for key, value in data[table].items()]
    return rows_of(pairs)


def verdict_blocks(report: CheckReport) -> list[Block]:
    tone = {"playable": "good", "inconclusive": "open"}.get(report["verdict"], "bad")
    blocks: list[Block] = [Text(f"Verdict: {report['verdict']}", tone)]
    if report["reasons"]:
        blocks.append(Bullets(tuple(report["reasons"])))
    elif report["verdict"] == "inconclusive":
        undecided = report.get("undecided", [])
        blocks.append(Text("Nothing failed, but these ended undecided:"))
        blocks.append(Bullets(tuple(undecided)))
        if report.get("decide"):
            blocks.append(Text(f"To decide them: {report['decide']}"))
    else:
        blocks.append(Text("Every static check passed and every threshold of [check] is met."))
    if report.get("notes"):
        blocks.append(Bullets(tuple(f"note: {note}" for note in report["notes"])))
    fairness = report["metrics"].get("seat_fairness")
    if fairness:
        blocks.append(
            Text(
                f"Seat fairness (chi-square test of the seats' wins against equal seats): "
                f"{fairness_text(fairness)}. A small p-value means the seats are not equal."
            )
        )
    return blocks


def strong_play_blocks(report: CheckReport) -> list[Block]:
    """The "Strong play" section: the skill ladder as a plot and a table, the strong
    self-play's metrics and the probes (nothing when the check played no strong play)."""
    metrics = report["metrics"]
    strong = metrics.get("strong")
    if not strong:
        return []
    from plywright.report import plots

    rungs = metrics.get("skill", [])
    level = f"{report.get('confidence', 0.95) * 100:g} %"
    label = confidence_label(report)
    blocks: list[Block] = [
        Heading("Strong play"),
        Text(
            f"Probes: {report.get('probe_level', 'quick')}. The skill ladder plays each agent in "
            "one seat against the agent below it in the others, the seat rotated over the "
            "games; a rung beats the one below when its share of the won games is above an "
            "equal share (one-sided exact binomial test)."
        ),
    ]
    if rungs:
        blocks.append(
            Plot(lambda: plots.skill_ladder(rungs, level), f"Win rate of each rung; bars: {label}.")
        )
        blocks.append(
            TableBlock(
                ("agent", "against", "games", "win rate", label, "beats"),
                cells(skill_rows(report)),
                (2, 2, 1, 1, 2, 2),
            )
        )
    blocks.append(
        Text(f"Strong self-play: {strong['agent']} in every seat, {strong['games']} games.")
    )
    blocks.append(TableBlock(("metric", "value", label), cells(strong_rows(report))))
    if report.get("probes"):
        blocks.append(
            Text(
                "Spoiler probes: the strong agent, playing only so that one seat (the victim) "
                "does not win, takes one seat against the default agents. An exploit keeps "
                "the victim from winning in the games the spoiler does not win itself."
            )
        )
        blocks.append(
            TableBlock(("probe", "games", "result"), cells(probe_rows(report)), (2, 1, 6))
        )
    return blocks


def check_report_document(report: CheckReport, variant: Variant, games: GameTable) -> Report:
    """The document of a check report; ``games`` feed the plots (and the branching profile,
    when the check kept one)."""
    metrics = report["metrics"]
    rates = metrics["seat_win_rates"]
    decided = sum(metrics["seat_fairness"]["wins"]) / report["games"] if report["games"] else 0
    fair = decided / len(rates) if rates else None
    lengths = games.moves.tolist()
    level = report.get("confidence", 0.95) * 100
    profile = games.profile
    from plywright.report import plots

    blocks: list[Block] = [
        Heading("Verdict"),
        *verdict_blocks(report),
        Heading("Seats"),
        Plot(
            lambda: plots.seat_win_rates(
                rates, metrics["intervals"]["seat_win_rates"], fair, f"{level:g} %"
            ),
            f"Outright wins per seat; bars: {confidence_label(report)} (Wilson); dashed: "
            "the rate of every seat if the seats were equal.",
        ),
        Heading("Games"),
        Plot(lambda: plots.game_lengths(lengths), "Player moves per game (chance excluded)."),
    ]
    if profile is not None and len(profile.sums):
        blocks.append(
            Plot(
                lambda: plots.branching_profile(*profile.means()),
                "Legal actions at each move, averaged over the games still running.",
            )
        )
    blocks += strong_play_blocks(report)
    blocks += [
        Heading("Metrics"),
        TableBlock(("metric", "value", confidence_label(report)), cells(metric_rows(metrics))),
        Heading("Static checks"),
        TableBlock(
            ("check", "result", "message"),
            tuple(
                (c["name"], "ok" if c["ok"] else c["severity"], c["message"])
                for c in report["static_checks"]
            ),
            (3, 1, 6),
        )
        if report["static_checks"]
        else Text("This game has no static checks."),
        Heading("Variant"),
        TableBlock(("parameter", "value"), parameter_rows(variant), (1, 1)),
    ]
    subtitle = (
        f"{variant.game}, {report['games']} games, agents {', '.join(report['agents'])}, "
        f"seed {report['seed']}"
    )
    return Report(f"Playability of {variant.name}", subtitle, tuple(blocks), variant.print.paper)


def write_check_report(path: Path, report: CheckReport, variant: Variant, games: GameTable) -> None:
    """Write the check report to ``path`` (``.pdf`` or ``.html``)."""
    write_report(path, check_report_document(report, variant, games))
