"""Test-only games for strong play: ``duel`` (a spoiler can stop the other seat for good),
``coin`` (a game no skill can win: every action does the same) and ``grip`` (a spoiler whose
hold on the victim is a parameter: the probes' edge).

``duel``: two runners race to ``goal`` steps, taking turns. On a turn a runner either steps
forward (unless it was blocked: then the step is lost) or blocks the other runner's next
step. A runner that blocks on every turn never wins, and neither does the other: the probe
must call that an exploit. ``block = false`` removes blocking (the fair variant).
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from plywright.api import GameDefinition, GameRegistrar, Restrictable, StrictModel, hookimpl
from plywright.engine import CHANCE, TERMINAL, GameInfo, Outcome

STEP, BLOCK = 0, 1


class DuelRules(StrictModel):
    goal: int = Field(4, ge=1, le=20, description="steps to win")
    block: bool = Field(True, description="a runner may block the other's next step")


class DuelState:
    def __init__(self, game: DuelGame) -> None:
        self.game = game
        self.position = [0, 0]
        self.blocked = [False, False]
        self.player = 0
        self.actions: list[int] = []
        self.winner: int | None = None

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.player

    def is_terminal(self) -> bool:
        return self.winner is not None or len(self.actions) >= self.game.info().max_length

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []
        return [STEP, BLOCK] if self.game.rules.block else [STEP]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return []

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"illegal action {action}")
        me, other = self.player, 1 - self.player
        self.actions.append(action)
        if action == BLOCK:
            self.blocked[other] = True
        elif self.blocked[me]:
            self.blocked[me] = False
        else:
            self.position[me] += 1
            if self.position[me] >= self.game.rules.goal:
                self.winner = me
        self.player = other

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0 if seat == self.winner else -1.0 for seat in (0, 1)]

    def evaluate(self) -> list[float]:
        lead = (self.position[0] - self.position[1]) / self.game.rules.goal
        return [lead, -lead]

    def clone(self) -> DuelState:
        other = DuelState(self.game)
        other.position, other.blocked = list(self.position), list(self.blocked)
        other.player, other.actions, other.winner = self.player, list(self.actions), self.winner
        return other

    def history(self) -> list[int]:
        return list(self.actions)

    def outcome(self) -> Outcome:
        if self.winner is not None:
            return Outcome("win", (self.winner,), len(self.actions) // 2)
        return Outcome("unfinished", (), len(self.actions) // 2)

    def action_record(self, action: int) -> dict[str, Any]:
        return {"action": "step" if action == STEP else "block"}

    def __str__(self) -> str:
        return f"pos={self.position} blocked={self.blocked} to move={self.player}"


class DuelGame:
    def __init__(self, rules: DuelRules) -> None:
        self.rules = rules

    def info(self) -> GameInfo:
        return GameInfo(2, -1.0, 1.0, max_length=12 * self.rules.goal)

    def parameters(self) -> dict[str, Any]:
        return self.rules.model_dump(mode="json")

    def new_initial_state(self) -> DuelState:
        return DuelState(self)

    def record_header(self) -> dict[str, Any]:
        return {"goal": self.rules.goal}


class CoinRules(StrictModel):
    flips: int = Field(3, ge=1, le=10, description="coin flips; heads win for seat 1")


class CoinState:
    """Each seat in turn picks one of two equal actions; then a coin decides the winner."""

    def __init__(self, game: CoinGame) -> None:
        self.game = game
        self.actions: list[int] = []
        self.winner: int | None = None

    def _picks(self) -> int:
        return len(self.actions)

    def current_player(self) -> int:
        if self.winner is not None:
            return TERMINAL
        return CHANCE if self._picks() >= 2 * self.game.rules.flips else self._picks() % 2

    def is_terminal(self) -> bool:
        return self.winner is not None

    def legal_actions(self) -> list[int]:
        if self.winner is not None:
            return []
        return [0, 1]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(0, 0.5), (1, 0.5)] if self.current_player() == CHANCE else []

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"illegal action {action}")
        chance = self.current_player() == CHANCE
        self.actions.append(action)
        if chance:
            self.winner = action

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0 if seat == self.winner else -1.0 for seat in (0, 1)]

    def clone(self) -> CoinState:
        other = CoinState(self.game)
        other.actions, other.winner = list(self.actions), self.winner
        return other

    def history(self) -> list[int]:
        return list(self.actions)

    def outcome(self) -> Outcome:
        return (
            Outcome("win", (self.winner,), 1) if self.winner is not None else Outcome("unfinished")
        )

    def action_record(self, action: int) -> dict[str, Any]:
        return {"pick": action}

    def __str__(self) -> str:
        return f"actions={self.actions}"


class CoinGame:
    def __init__(self, rules: CoinRules) -> None:
        self.rules = rules

    def info(self) -> GameInfo:
        return GameInfo(2, -1.0, 1.0, turn_based=False, has_chance=True, max_length=100)

    def parameters(self) -> dict[str, Any]:
        return self.rules.model_dump(mode="json")

    def new_initial_state(self) -> CoinState:
        return CoinState(self)

    def record_header(self) -> dict[str, Any]:
        return {}


class GripRules(StrictModel):
    grip: float = Field(0.5, ge=0, le=1, description="chance that a spoiling move holds")


class GripState:
    """Seat 1 picks "play" (0) or "spoil" (1); seat 2 picks one of two equal actions; then
    chance decides: a fair coin names the winner, except that after "spoil" the game is drawn
    with probability ``grip`` (which costs seat 1 half a loss). Spoiling never helps seat 1 win;
    it only keeps seat 2 from
    winning: with ``grip = g`` seat 2 wins ``(1 - g) / (1 + g)`` of the games seat 1 does not
    win, against ``w / (1 - w)``, ``w = (2 - g) / 4``, when seat 1 picks at random."""

    def __init__(self, game: GripGame) -> None:
        self.game = game
        self.actions: list[int] = []
        self.result: int | None = None

    def current_player(self) -> int:
        if self.result is not None:
            return TERMINAL
        return CHANCE if len(self.actions) >= 2 else len(self.actions)

    def is_terminal(self) -> bool:
        return self.result is not None

    def legal_actions(self) -> list[int]:
        if self.result is not None:
            return []
        return [action for action, _ in self.chance_outcomes()] or [0, 1]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.current_player() != CHANCE:
            return []
        grip = self.game.rules.grip if self.actions[0] == 1 else 0.0
        outcomes = [(0, (1 - grip) / 2), (1, (1 - grip) / 2), (2, grip)]
        return [(action, p) for action, p in outcomes if p > 0]

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"illegal action {action}")
        chance = self.current_player() == CHANCE
        self.actions.append(action)
        if chance:
            self.result = action

    def returns(self) -> list[float]:
        if self.result is None:
            return [0.0, 0.0]
        if self.result == 2:  # a spoil that held costs the spoiler: playing to win never spoils
            return [-0.5, 0.0]
        return [1.0 if seat == self.result else -1.0 for seat in (0, 1)]

    def clone(self) -> GripState:
        other = GripState(self.game)
        other.actions, other.result = list(self.actions), self.result
        return other

    def history(self) -> list[int]:
        return list(self.actions)

    def outcome(self) -> Outcome:
        if self.result is None:
            return Outcome("unfinished")
        if self.result == 2:
            return Outcome("draw", (), 1)
        return Outcome("win", (self.result,), 1)

    def action_record(self, action: int) -> dict[str, Any]:
        return {"pick": action}

    def __str__(self) -> str:
        return f"actions={self.actions}"


def grip_kind(state: GripState, action: int) -> str:
    """The kind of a move of ``grip``: the first seat's "play" or "spoil", the second's
    "pick" (restricted play)."""
    return ("play", "spoil")[action] if not state.actions else "pick"


class GripGame:
    def __init__(self, rules: GripRules) -> None:
        self.rules = rules

    def info(self) -> GameInfo:
        return GameInfo(2, -1.0, 1.0, has_chance=True, max_length=10)

    def parameters(self) -> dict[str, Any]:
        return self.rules.model_dump(mode="json")

    def new_initial_state(self) -> GripState:
        return GripState(self)

    def record_header(self) -> dict[str, Any]:
        return {"grip": self.rules.grip}


@hookimpl
def plywright_register_games(register: GameRegistrar) -> None:
    register(
        GameDefinition(
            name="duel",
            title="Duel (test game)",
            description="Two runners race; a runner may block the other's next step.",
            rules_model=DuelRules,
            make_game=DuelGame,
        )
    )
    register(
        GameDefinition(
            name="coin",
            title="Coin (test game)",
            description="A coin decides; the players' choices do not matter.",
            rules_model=CoinRules,
            make_game=CoinGame,
        )
    )
    register(
        GameDefinition(
            name="grip",
            title="Grip (test game)",
            description="A coin decides; the first seat may spoil, and a spoil holds by chance.",
            rules_model=GripRules,
            make_game=GripGame,
            restrictable=Restrictable(("play", "spoil"), grip_kind),
        )
    )
