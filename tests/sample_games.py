"""A test-only plugin: ``cardrace``, a tiny game whose turned card decides who acts next.

It has the shape of Konstruktsiia (chance nodes choose the acting player, a deck can run out
with no winner) so the core's protocol, simulator and conformance test are exercised on
chance games before the real card game exists.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from pydantic import Field

from plywright.api import (
    Artifact,
    GameDefinition,
    GameRegistrar,
    StaticCheck,
    StrictModel,
    hookimpl,
)
from plywright.engine import CHANCE, TERMINAL, GameInfo, Outcome

ADVANCE, DISCARD = 0, 1
VALUES = (1, 2, 3)


class CardRaceRules(StrictModel):
    goal: int = Field(6, ge=1, le=50, description="steps to win")
    copies: int = Field(2, ge=1, le=10, description="copies of each card per colour")


class CardRaceProduction(StrictModel):
    """Knobs that let tests make builds slow or failing."""

    write_delay: float = Field(0.0, ge=0, description="seconds each artifact writer sleeps")
    fail: bool = Field(False, description="make the second artifact fail")


def _card(action: int) -> tuple[int, int]:
    """Chance action -> (colour/player, value)."""
    return divmod(action, len(VALUES))[0], VALUES[action % len(VALUES)]


class CardRaceState:
    def __init__(self, game: CardRaceGame) -> None:
        self.game = game
        self.deck = [game.rules.copies] * (2 * len(VALUES))
        self.position = [0, 0]
        self.turned: int | None = None
        self.actions: list[int] = []
        self.winner: int | None = None
        self.cards = 0

    def current_player(self) -> int:
        if self.is_terminal():
            return TERMINAL
        return CHANCE if self.turned is None else _card(self.turned)[0]

    def is_terminal(self) -> bool:
        return self.winner is not None or (self.turned is None and not any(self.deck))

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []
        if self.turned is None:
            return [a for a, count in enumerate(self.deck) if count]
        return [ADVANCE, DISCARD]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.turned is not None or self.is_terminal():
            return []
        total = sum(self.deck)
        return [(a, count / total) for a, count in enumerate(self.deck) if count]

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"illegal action {action}")
        self.actions.append(action)
        if self.turned is None:
            self.deck[action] -= 1
            self.turned = action
            self.cards += 1
            return
        player, value = _card(self.turned)
        self.turned = None
        if action == ADVANCE:
            self.position[player] += value
            if self.position[player] >= self.game.rules.goal:
                self.winner = player

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0 if seat == self.winner else -1.0 for seat in (0, 1)]

    def clone(self) -> CardRaceState:
        other = CardRaceState(self.game)
        other.deck, other.position = list(self.deck), list(self.position)
        other.turned, other.actions = self.turned, list(self.actions)
        other.winner, other.cards = self.winner, self.cards
        return other

    def history(self) -> list[int]:
        return list(self.actions)

    def outcome(self) -> Outcome:
        if self.winner is not None:
            return Outcome("win", (self.winner,), self.cards)
        return Outcome("nowinner", (), self.cards)

    def action_record(self, action: int) -> dict[str, Any]:
        if self.turned is None:
            colour, value = _card(action)
            return {"card": [colour, value]}
        return {"action": "advance" if action == ADVANCE else "discard"}

    def __str__(self) -> str:
        return f"deck={self.deck} pos={self.position} turned={self.turned} winner={self.winner}"


class CardRaceGame:
    def __init__(self, rules: CardRaceRules) -> None:
        self.rules = rules

    def info(self) -> GameInfo:
        cards = 2 * len(VALUES) * self.rules.copies
        return GameInfo(2, -1.0, 1.0, turn_based=False, has_chance=True, max_length=2 * cards)

    def parameters(self) -> dict[str, Any]:
        return self.rules.model_dump(mode="json")

    def new_initial_state(self) -> CardRaceState:
        return CardRaceState(self)

    def record_header(self) -> dict[str, Any]:
        return {"goal": self.rules.goal}


@hookimpl
def plywright_register_games(register: GameRegistrar) -> None:
    register(
        GameDefinition(
            name="cardrace",
            title="Card race (test game)",
            description="Turned cards decide who moves; first to the goal wins.",
            rules_model=CardRaceRules,
            make_game=CardRaceGame,
            production_model=CardRaceProduction,
            presets={"short": {"rules": {"goal": 3}}, "long": {"rules": {"goal": 9}}},
            default_preset="short",
            static_checks=cardrace_checks,
            artifacts=cardrace_artifacts,
        )
    )


def cardrace_checks(variant: Any) -> list[StaticCheck]:
    rules = variant.rules
    reachable = rules.copies * sum(VALUES) >= rules.goal
    return [
        StaticCheck(
            "goal-reachable", reachable, f"one colour's cards sum to {rules.copies * sum(VALUES)}"
        )
    ]


def cardrace_artifacts(variant: Any) -> list[Artifact]:
    delay, fail = variant.production.write_delay, variant.production.fail

    def cards(path: Path) -> None:
        time.sleep(delay)
        lines = [f"{colour} {value}" for colour in ("black", "red") for value in VALUES]
        path.write_text("\n".join(lines * variant.rules.copies) + "\n", encoding="utf-8")

    def track(path: Path) -> None:
        time.sleep(delay)
        if fail:
            raise RuntimeError("the track writer failed on purpose")
        width = 20 * variant.rules.goal
        path.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}mm"/>\n')

    return [
        Artifact("print/sheet", "print/cards.txt", "card list", cards),
        Artifact("layout/svg", "layout/track.svg", "race track", track),
    ]
