"""The words of the probes' entries: percentages, rounded intervals, and the reason a spoiler
pair's entry gives for where it stands (seats counted from 1)."""

from __future__ import annotations

from collections.abc import Sequence

from plywright.simulate.report_types import DuelResult, StrongVictim
from plywright.simulate.stats import wilson


def rounded_interval(count: int, total: int, confidence: float) -> list[float]:
    """The Wilson interval of ``count`` in ``total``, to four places."""
    low, high = wilson(count, total, confidence)
    return [round(low, 4), round(high, 4)]


def pct(value: float) -> str:
    """A share as a whole percentage (``0.25`` is ``25``)."""
    return f"{value * 100:.0f}"


def spoiler_reason(
    why: str,
    spoiler: int,
    victim: int,
    games: int,
    wins: Sequence[int],
    *,
    reference: float,
    ending: float,
    base_ending: float,
    confidence: float,
    escaped: StrongVictim | None,
    alone: DuelResult | None,
) -> str:
    """The reason of a spoiler pair's entry for its status ``why`` (:attr:`PairStatus.why`):
    ``wins`` per seat in the pair's ``games``, ``reference`` the victim's share of the games
    the spoiler's seat does not win in the check's own games, ``ending`` and ``base_ending``
    the shares of games that end with and without the spoiler, ``escaped`` and ``alone`` the
    entry's strong-victim and duel parts (if played)."""
    open_games = games - wins[spoiler]
    rate = wins[victim] / open_games if open_games else 0.0
    kept_rate = 1 - wins[victim] / games if games else 0.0
    kept_pair = rounded_interval(games - wins[victim], games, confidence)
    kept_words = (
        f"keeps seat {victim + 1} from winning in {pct(kept_rate)} % [{pct(kept_pair[0])}, "
        f"{pct(kept_pair[1])}] of games"
    )
    spoils = f"seat {spoiler + 1} playing only to spoil"
    if why == "held":
        reason = (
            f"exploit: {spoils} {kept_words} (without the spoiler it wins {pct(reference)} % "
            f"of the games seat {spoiler + 1} does not win)"
        )
    elif why == "stalled":
        reason = (
            f"exploit: {spoils} {kept_words}, and the games stall: {pct(ending)} % end "
            f"({pct(base_ending)} % without the spoiler)"
        )
    elif why == "held-well":
        assert escaped is not None
        reason = (
            f"exploit: {spoils} keeps seat {victim + 1} from winning even when it plays well: "
            f"seat {victim + 1} wins {escaped['victim_wins']} of the {escaped['open_games']} "
            f"games the spoiler does not win ({pct(escaped['baseline_open_share'])} % in "
            f"strong self-play), {pct(escaped['completion'])} % of the games end "
            f"({pct(escaped['baseline_completion'])} % in strong self-play)"
        )
    elif why == "locked-duel":
        assert alone is not None
        reason = (
            f"exploit: {spoils} locks seat {victim + 1} out when the two are alone: seat "
            f"{victim + 1} wins {alone['victim_wins']} of the {alone['open_games']} duel games "
            f"the spoiler does not win ({pct(alone['baseline_open_share'])} % when both play "
            f"to win), {pct(alone['completion'])} % of the duel games end "
            f"({pct(alone['baseline_completion'])} %); with every seat it won {wins[victim]} "
            f"of the {open_games} games the spoiler did not win ({pct(reference)} % without "
            "the spoiler)"
        )
    elif why == "locked-victim":
        assert escaped is not None
        reason = (
            f"exploit: {spoils} keeps seat {victim + 1} from winning even when it plays well: "
            f"seat {victim + 1} wins {escaped['victim_wins']} of the {escaped['open_games']} "
            f"games the spoiler does not win ({pct(reference)} % without the spoiler)"
        )
    elif why == "kingmade-duel":
        assert alone is not None
        reason = (
            f"kingmaking: {spoils} {kept_words}, but alone with it cannot lock it out: seat "
            f"{victim + 1} wins {pct(alone['open_share'])} % of the {alone['open_games']} duel "
            "games the spoiler does not win: slowed while the others race, not locked out (any "
            "game of three or more allows this)"
        )
    elif why == "kingmade-victim":
        assert escaped is not None
        reason = (
            f"kingmaking: {spoils} {kept_words}, but seat {victim + 1} playing well wins "
            f"{pct(escaped['open_share'])} % of the {escaped['open_games']} games the spoiler "
            "does not win: slowed, not locked out (any game of three or more allows this)"
        )
    elif why == "escaped-duel":
        assert alone is not None
        reason = (
            f"seat {spoiler + 1} spoiling cannot lock seat {victim + 1} out: alone with it, seat "
            f"{victim + 1} wins {pct(alone['open_share'])} % of the {alone['open_games']} duel "
            f"games the spoiler does not win ({pct(alone['baseline_open_share'])} % when both "
            f"play to win); with every seat, {wins[victim]} of the {open_games} games the "
            f"spoiler does not win ({pct(reference)} % without it): at most kingmaking"
        )
    elif why == "escaped-victim":
        assert escaped is not None
        reason = (
            f"seat {spoiler + 1} spoiling cannot lock seat {victim + 1} out: playing well, seat "
            f"{victim + 1} wins {pct(escaped['open_share'])} % of the {escaped['open_games']} "
            f"games the spoiler does not win ({pct(reference)} % without the spoiler): at most "
            "kingmaking"
        )
    elif why == "nothing":
        reason = (
            f"seat {spoiler + 1} spoiling: seat {victim + 1} wins only {pct(reference)} % of "
            f"the games seat {spoiler + 1} does not win even without it: nothing to spoil"
        )
    elif why == "free":
        reason = (
            f"seat {spoiler + 1} spoiling: seat {victim + 1} still wins {pct(rate)} % of the "
            f"{open_games} games the spoiler does not win ({pct(reference)} % without it)"
        )
    elif why == "escaped-well":
        assert escaped is not None
        reason = (
            f"seat {spoiler + 1} spoiling wins {wins[spoiler]} of {games} games itself (skill, "
            f"not spoiling); against seat {victim + 1} playing well, it wins "
            f"{pct(escaped['open_share'])} % of the {escaped['open_games']} games the spoiler "
            f"does not win ({pct(escaped['baseline_open_share'])} % in strong self-play), and "
            f"{pct(escaped['completion'])} % of the games end"
        )
    else:
        reason = (
            f"undecided after {games} games: with seat {spoiler + 1} spoiling, seat "
            f"{victim + 1} wins {wins[victim]} of the {open_games} games the spoiler does not "
            f"win ({pct(reference)} % without it)"
        )
        if escaped is not None:
            reason += (
                f"; playing well, {escaped['victim_wins']} of {escaped['open_games']} in "
                f"{escaped['games']} games"
            )
        if alone is not None:
            reason += (
                f"; alone with it, {alone['victim_wins']} of {alone['open_games']} in "
                f"{alone['games']} duel games"
            )
        reason += ": the probe needs more games"
    return reason
