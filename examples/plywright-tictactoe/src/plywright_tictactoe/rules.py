"""The tic-tac-toe rules engine (plywright's OpenSpiel-style protocol).

Two players take turns; seat 0 plays ``X`` and moves first, seat 1 plays ``O``. An action is the
number of an empty cell (see :mod:`plywright_tictactoe.geometry`). The first player with
``k_in_row`` marks in a row, column or diagonal wins; a full board without one is a draw.

``Outcome.rounds`` counts full rounds: a round is one move by each player, so a game of
``m`` moves lasts ``ceil(m / 2)`` rounds (a 3 x 3 win by X on move 5 is 3 rounds).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from plywright.engine import TERMINAL, GameInfo, Outcome

from plywright_tictactoe.geometry import row_col, winning_lines
from plywright_tictactoe.options import TicTacToeRules

PLAYERS = 2
EMPTY = -1
MARKS = ("X", "O")


@dataclass(frozen=True)
class TicTacToeGame:
    """One variant of the game, built from its validated ``[rules]`` table."""

    rules: TicTacToeRules

    @cached_property
    def lines_through(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """``lines_through[cell]``: the winning lines that contain ``cell``."""
        lines = winning_lines(self.rules.size, self.rules.k_in_row)
        return tuple(
            tuple(line for line in lines if cell in line) for cell in range(self.rules.max_moves)
        )

    def info(self) -> GameInfo:
        return GameInfo(
            num_players=PLAYERS,
            min_utility=-1,
            max_utility=1,
            turn_based=True,
            has_chance=False,
            max_length=self.rules.max_moves,
        )

    def parameters(self) -> dict[str, Any]:
        return self.rules.model_dump(mode="json")

    def new_initial_state(self) -> TicTacToeState:
        return TicTacToeState(self)

    def record_header(self) -> dict[str, Any]:
        """Board size, to read the ``[row, col]`` cells of the action lines."""
        return {"size": self.rules.size}


class TicTacToeState:
    """A position: the marks on the board, whose turn it is and the moves so far."""

    def __init__(self, game: TicTacToeGame) -> None:
        self.game = game
        self.board = [EMPTY] * game.rules.max_moves
        """``board[cell]``: the seat whose mark is on ``cell``, or ``EMPTY``."""
        self.moves: list[int] = []
        self.winner: int | None = None

    def _to_move(self) -> int:
        return len(self.moves) % PLAYERS

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self._to_move()

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []
        return [cell for cell, mark in enumerate(self.board) if mark == EMPTY]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return []

    def apply_action(self, action: int) -> None:
        if self.is_terminal():
            raise ValueError(f"game is over, cannot play cell {action}")
        if not 0 <= action < len(self.board) or self.board[action] != EMPTY:
            raise ValueError(f"illegal action {action}: not an empty cell")
        player = self._to_move()
        self.board[action] = player
        self.moves.append(action)
        for line in self.game.lines_through[action]:
            if all(self.board[cell] == player for cell in line):
                self.winner = player
                break

    def is_terminal(self) -> bool:
        return self.winner is not None or len(self.moves) == len(self.board)

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0] * PLAYERS
        return [1.0 if seat == self.winner else -1.0 for seat in range(PLAYERS)]

    def clone(self) -> TicTacToeState:
        copy = TicTacToeState.__new__(TicTacToeState)
        copy.game = self.game
        copy.board = self.board.copy()
        copy.moves = self.moves.copy()
        copy.winner = self.winner
        return copy

    def history(self) -> list[int]:
        return self.moves.copy()

    def outcome(self) -> Outcome:
        rounds = (len(self.moves) + 1) // 2
        if self.winner is not None:
            return Outcome("win", (self.winner,), rounds)
        if self.is_terminal():
            return Outcome("draw", (), rounds)
        return Outcome("unfinished", (), rounds)

    def action_record(self, action: int) -> dict[str, Any]:
        row, col = row_col(action, self.game.rules.size)
        return {"cell": [row, col]}

    def __str__(self) -> str:
        size = self.game.rules.size
        symbols = [MARKS[mark] if mark != EMPTY else "." for mark in self.board]
        return "\n".join(" ".join(symbols[row * size : (row + 1) * size]) for row in range(size))


def make_game(rules: TicTacToeRules) -> TicTacToeGame:
    """The engine factory plywright calls with the validated ``[rules]`` table."""
    return TicTacToeGame(rules)
