"""Records for the game's record checker: the record of a played game, which it must replay
to the game's outcome, and tampered copies of it, which it must refuse with ``RecordError``.

The tampers: a changed action (an action line replaced by the record of an action that is not
legal at that point: for records in the core's one-line-an-action form), an action line said
to be played by another seat, a changed result line (another winner, or a win instead of a
draw) and a truncated game (the last action line dropped, the result line kept).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Mapping, Sequence
from typing import Any, cast

from plywright.api import RecordChecker
from plywright.conformance.engine_checks import raised
from plywright.engine import CHANCE, Game, Outcome, own_record
from plywright.records import Record, RecordError, check_header, record_of_actions

LOOKS = 12
"""Action lines a changed action is looked for at (each asks every legal action's record)."""
SEAT_KEYS = frozenset({"player", "chance"})
"""The core's keys of an action line that say who acted (the rest is ``action_record``)."""


def record_of(game: Game, name: str, rules: Mapping[str, Any], history: Sequence[int]) -> Record:
    """The record of playing ``history`` in ``game`` (the game ``name`` with ``rules``), with
    the header ``check --records`` writes."""
    players = game.info().num_players
    header = check_header(name, rules, seed=0, players=players, agents=["random"] * players)
    record = record_of_actions(game, history, header)
    try:  # as a records folder holds it: JSON (tuples become lists)
        return cast(Record, json.loads(json.dumps(record)))
    except (TypeError, ValueError) as exc:
        raise AssertionError(f"a game's record is not JSON: {raised(exc)}") from None


def _changed_action(
    game: Game, record: Record, history: Sequence[int], rng: random.Random
) -> Record | None:
    """``record`` with one action line replaced by the record of an action that is not
    legal at its point (another line's action that no legal action there writes alike), or
    ``None`` when the game writes its own record or no such line exists."""
    state = game.new_initial_state()
    if own_record(state) is not None or len(record) != len(history) + 2:
        return None
    lines = [{k: v for k, v in line.items() if k not in SEAT_KEYS} for line in record[1:-1]]
    tries: list[tuple[int, dict[str, Any]]] = []
    looked = set(rng.sample(range(len(history)), min(len(history), LOOKS)))
    for move, action in enumerate(history):
        if move in looked and state.current_player() != CHANCE:
            legal = [state.action_record(a) for a in state.legal_actions()]
            strangers = [line for line in lines if line and line not in legal]
            if strangers:
                tries.append((move, rng.choice(strangers)))
        state.apply_action(action)
    if not tries:
        return None
    move, stranger = rng.choice(tries)
    tampered = copy.deepcopy(record)
    seat = {k: v for k, v in record[move + 1].items() if k in SEAT_KEYS}
    tampered[move + 1] = {**seat, **stranger}
    return tampered


def _changed_player(record: Record, players: int, rng: random.Random) -> Record | None:
    """``record`` with one action line said to be played by another seat (``None``: one
    seat, or no line names its player)."""
    moves = [i for i, line in enumerate(record[1:-1], start=1) if "player" in line]
    if players < 2 or not moves:
        return None
    line = rng.choice(moves)
    tampered = copy.deepcopy(record)
    seat = tampered[line]["player"]
    if not isinstance(seat, int):
        return None
    tampered[line] = {**tampered[line], "player": (seat + 1) % players}
    return tampered


def _changed_result(record: Record, players: int) -> Record | None:
    """``record`` with its result line stating another outcome (``None``: no ``result`` and
    ``winners`` keys to change)."""
    result = record[-1]
    if not {"result", "winners"} <= set(result):
        return None
    winners = list(result["winners"])
    if result["result"] == "win" and winners and players > 1:
        other = {**result, "winners": [(winners[0] + 1) % players]}
    else:
        other = {**result, "result": "win", "winners": [0]}
    return [*copy.deepcopy(record[:-1]), other]


def _truncated(record: Record) -> Record | None:
    """``record`` without its last action line (``None``: it has none)."""
    if len(record) < 3:
        return None
    return [*copy.deepcopy(record[:-2]), copy.deepcopy(record[-1])]


def tampered_records(
    game: Game, record: Record, history: Sequence[int], rng: random.Random
) -> dict[str, Record]:
    """The tampered copies of ``record`` (the record of ``history``) that can be made, by
    what was changed."""
    made = {
        "a changed action": _changed_action(game, record, history, rng),
        "an action line of another seat": _changed_player(record, game.info().num_players, rng),
        "a changed result line": _changed_result(record, game.info().num_players),
        "a truncated game (the last action line dropped)": _truncated(record),
    }
    return {what: lines for what, lines in made.items() if lines is not None}


def check_replays(checker: RecordChecker, record: Record, outcome: Outcome, what: str) -> None:
    """The checker replays ``record`` to ``outcome``."""
    try:
        got = checker(record)
    except RecordError as exc:
        raise AssertionError(f"{what}: the record checker refuses a sound record: {exc}") from None
    assert got == outcome, f"{what}: the record checker replays it to {got}, the game {outcome}"


def check_refused(checker: RecordChecker, record: Record, what: str) -> None:
    """The checker raises ``RecordError`` on a tampered ``record``."""
    try:
        got = checker(record)
    except RecordError:
        return
    except Exception as exc:  # the wrong error type is the failure this check is for
        raise AssertionError(
            f"a record with {what}: the record checker raised {raised(exc)} (it must raise "
            "plywright.records.RecordError naming the line)"
        ) from None
    raise AssertionError(
        f"a record with {what} is accepted: the record checker replays it to {got} "
        "(it must raise plywright.records.RecordError naming the line)"
    )
