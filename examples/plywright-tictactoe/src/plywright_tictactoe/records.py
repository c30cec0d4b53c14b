"""Tic-tac-toe game records: the game's record checker (``GameDefinition.record_checker``).

A record is JSON Lines, as ``plywright check --records DIR`` writes it: a header (the core's
keys, ``variant`` = the ``[rules]`` table, plus ``size`` from ``record_header()``), one
``{"player": p, "cell": [row, col]}`` line per move, and ``{"result", "winners", "rounds"}``.
:func:`check_record` takes it apart with :func:`plywright.records.split_record` (which checks
the shape: objects, a header of this game, the keys of every move line, a result line last),
reads each cell back from the rules (on the board, empty, the right player), lets the engine
play it and compares the stated result with the replay's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from plywright.engine import Outcome
from plywright.records import RecordError, split_record
from pydantic import ValidationError

from plywright_tictactoe import GAME_NAME
from plywright_tictactoe.options import TicTacToeRules
from plywright_tictactoe.rules import make_game


def _cell(entry: Mapping[str, Any], size: int, line: int) -> int:
    cell = entry.get("cell")
    if (
        not isinstance(cell, list)
        or len(cell) != 2
        or not all(isinstance(v, int) and 0 <= v < size for v in cell)
    ):
        raise RecordError(line, f"cell must be [row, col] with 0 <= row, col < {size}")
    return cell[0] * size + cell[1]


MOVE_KEYS = frozenset({"player", "cell"})
"""The keys of every move line."""


def check_record(lines: Sequence[Mapping[str, Any]]) -> Outcome:
    """Replay a record and return its outcome; :class:`RecordError` names the first bad line."""
    parts = split_record(lines, GAME_NAME, action_keys=MOVE_KEYS)
    try:
        rules = TicTacToeRules.model_validate(dict(parts.header.get("variant") or {}))
    except ValidationError as exc:
        raise RecordError(1, f"invalid rules in the header: {exc.errors()[0]['msg']}") from None
    state = make_game(rules).new_initial_state()
    for number, entry in parts.numbered():
        if entry.get("player") != state.current_player():
            raise RecordError(number, f"player {entry.get('player')!r} moves out of turn")
        try:
            state.apply_action(_cell(entry, rules.size, number))
        except ValueError as exc:
            raise RecordError(number, str(exc)) from None
    if not state.is_terminal():
        raise RecordError(parts.last, "the moves do not finish the game")
    outcome = state.outcome()
    result = parts.result
    stated = (result.get("result"), result.get("winners"), result.get("rounds"))
    if stated != (outcome.result, list(outcome.winners), outcome.rounds):
        raise RecordError(parts.last, f"result {stated} does not match the replay")
    return outcome
