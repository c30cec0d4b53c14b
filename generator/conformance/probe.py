"""``plywright-kit-probe``: a tiny game (Nim: take 1 to 3 sticks, who takes the last wins)
that the conformance kit registers beside the game under test, so that it has a variant of
another game to show that game's plugin."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import Field

from plywright.api import GameDefinition, GameRegistrar, StrictModel, hookimpl
from plywright.engine import TERMINAL, GameInfo, Outcome
from plywright.records import RecordError, split_record

NAME = "plywright-kit-probe"


class ProbeRules(StrictModel):
    """``[rules]`` of the probe game."""

    sticks: int = Field(7, ge=1, le=50, description="sticks on the table at the start")


class ProbeGame:
    def __init__(self, rules: ProbeRules) -> None:
        self.rules = rules

    def info(self) -> GameInfo:
        return GameInfo(2, -1.0, 1.0, max_length=self.rules.sticks)

    def parameters(self) -> dict[str, Any]:
        return self.rules.model_dump(mode="json")

    def new_initial_state(self) -> ProbeState:
        return ProbeState(self)

    def record_header(self) -> dict[str, Any]:
        return {"sticks": self.rules.sticks}


class ProbeState:
    def __init__(self, game: ProbeGame) -> None:
        self.game = game
        self.left = game.rules.sticks
        self.moves: list[int] = []

    def current_player(self) -> int:
        return TERMINAL if self.left == 0 else len(self.moves) % 2

    def legal_actions(self) -> list[int]:
        return list(range(1, min(3, self.left) + 1))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return []

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"cannot take {action} of {self.left} sticks")
        self.left -= action
        self.moves.append(action)

    def is_terminal(self) -> bool:
        return self.left == 0

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        winner = (len(self.moves) - 1) % 2
        return [1.0 if seat == winner else -1.0 for seat in (0, 1)]

    def clone(self) -> ProbeState:
        copy = ProbeState(self.game)
        copy.left, copy.moves = self.left, list(self.moves)
        return copy

    def history(self) -> list[int]:
        return list(self.moves)

    def outcome(self) -> Outcome:
        if not self.is_terminal():
            return Outcome("unfinished")
        return Outcome("win", ((len(self.moves) - 1) % 2,), (len(self.moves) + 1) // 2)

    def action_record(self, action: int) -> dict[str, Any]:
        return {"take": action}

    def __str__(self) -> str:
        return f"{self.left} sticks"


def check_record(lines: Sequence[Mapping[str, Any]]) -> Outcome:
    """Replay a record (header, ``{"player", "take"}`` lines, result) and return its outcome."""
    # no game name checked: the kit's own tests register copies of this game under other names
    parts = split_record(lines, action_keys=frozenset({"player", "take"}))
    state = ProbeGame(
        ProbeRules.model_validate(parts.header.get("variant", {}))
    ).new_initial_state()
    for number, entry in parts.numbered():
        if entry.get("player") != state.current_player():
            raise RecordError(number, f"player {entry.get('player')!r} moves out of turn")
        try:
            state.apply_action(int(entry.get("take", 0)))
        except ValueError as exc:
            raise RecordError(number, str(exc)) from None
    outcome = state.outcome()
    result = parts.result
    if (result.get("result"), result.get("winners")) != (outcome.result, list(outcome.winners)):
        raise RecordError(parts.last, f"result {result} does not match the replay {outcome}")
    return outcome


GAME = GameDefinition(
    name=NAME,
    title="Conformance-kit probe (Nim)",
    description="Take 1 to 3 sticks; who takes the last one wins.",
    rules_model=ProbeRules,
    make_game=ProbeGame,
    record_checker=check_record,
)


@hookimpl
def plywright_register_games(register: GameRegistrar) -> None:
    register(GAME)
