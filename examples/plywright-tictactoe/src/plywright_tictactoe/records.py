"""Tic-tac-toe game records: the game's record checker (``GameDefinition.record_checker``).

A record is JSON Lines, as ``plywright check --records DIR`` writes it: a header (the core's
keys, ``variant`` = the ``[rules]`` table, plus ``size`` from ``record_header()``), one
``{"player": p, "cell": [row, col]}`` line per move, and ``{"result", "winners", "rounds"}``.
:func:`check_record` reads each cell back from the rules (on the board, empty, the right
player), lets the engine play it and compares the stated result with the replay's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from generator.engine import Outcome
from generator.records import RecordError
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


def check_record(lines: Sequence[Mapping[str, Any]]) -> Outcome:
    """Replay a record and return its outcome; :class:`RecordError` names the first bad line."""
    if len(lines) < 2:
        raise RecordError(len(lines) or 1, "a record needs a header and a result line")
    header, moves, result = lines[0], lines[1:-1], lines[-1]
    if header.get("game") != GAME_NAME:
        raise RecordError(1, f"not a {GAME_NAME} record (game = {header.get('game')!r})")
    try:
        rules = TicTacToeRules.model_validate(dict(header.get("variant") or {}))
    except ValidationError as exc:
        raise RecordError(1, f"invalid rules in the header: {exc.errors()[0]['msg']}") from None
    state = make_game(rules).new_initial_state()
    for number, entry in enumerate(moves, start=2):
        if entry.get("player") != state.current_player():
            raise RecordError(number, f"player {entry.get('player')!r} moves out of turn")
        try:
            state.apply_action(_cell(entry, rules.size, number))
        except ValueError as exc:
            raise RecordError(number, str(exc)) from None
    if not state.is_terminal():
        raise RecordError(len(lines), "the moves do not finish the game")
    outcome = state.outcome()
    stated = (result.get("result"), result.get("winners"), result.get("rounds"))
    if stated != (outcome.result, list(outcome.winners), outcome.rounds):
        raise RecordError(len(lines), f"result {stated} does not match the replay")
    return outcome
