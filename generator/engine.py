"""The rules-engine protocol every game plugin implements (OpenSpiel style).

A :class:`Game` is an immutable description of one variant; it creates :class:`State` objects.
A state is advanced with integer actions. Chance events (a die, a throw, a turned card) are
*chance nodes*: ``current_player()`` returns :data:`CHANCE` and ``chance_outcomes()`` lists
``(action, probability)`` pairs; the simulator samples one and applies it like any action.
Who acts after a chance node is whatever the state says: in Konstruktsiia the turned card
decides the next player, so turn order is never assumed by the core.

A state serialises as the game's parameters plus its action history (:func:`replay`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, runtime_checkable

CHANCE = -1
"""``current_player()`` of a chance node."""
TERMINAL = -4
"""``current_player()`` of a finished game."""

Result = Literal["win", "draw", "stalemate", "unfinished", "nowinner"]
"""How a game ended: one winner, a shared draw, nobody could move, the simulation bound was
hit, or the game ran out of material with no winner."""


@dataclass(frozen=True)
class Outcome:
    """The end of a finished game, as reports and records state it."""

    result: Result
    winners: tuple[int, ...] = ()
    """The winner of a win; the seats sharing a draw (empty when a draw is nobody's)."""
    rounds: int = 0
    """Game length in the game's own unit of a full turn cycle (rounds, turns, cards)."""


@dataclass(frozen=True)
class GameInfo:
    """Static facts the simulator and the conformance tests rely on."""

    num_players: int
    min_utility: float
    max_utility: float
    turn_based: bool = True
    """True when players act in a fixed order without chance (``plywright perft`` applies)."""
    has_chance: bool = False
    max_length: int = 100_000
    """An upper bound on the number of actions (player + chance) of any game."""


@runtime_checkable
class State(Protocol):
    """One position of a game. Mutable: ``apply_action`` advances it in place."""

    def current_player(self) -> int:
        """Seat to act (0-based), :data:`CHANCE` or :data:`TERMINAL`."""
        ...

    def legal_actions(self) -> list[int]:
        """Legal actions of the player to act (chance actions at a chance node); [] if terminal."""
        ...

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(action, probability)`` at a chance node; probabilities sum to 1."""
        ...

    def apply_action(self, action: int) -> None:
        """Play ``action``; raises ``ValueError`` if it is not legal."""
        ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> list[float]:
        """Utility of every seat (all zeros before the end)."""
        ...

    def clone(self) -> State: ...

    def history(self) -> list[int]:
        """Every action applied since the initial state, chance actions included."""
        ...

    def outcome(self) -> Outcome:
        """How the game ended; only meaningful when ``is_terminal()``."""
        ...

    def action_record(self, action: int) -> dict[str, Any]:
        """The JSON form of ``action`` in *this* state, for game records (before applying it)."""
        ...

    # Optional, found by duck typing: ``num_legal_actions() -> int`` (faster than listing them),
    # ``evaluate() -> list[float]`` (estimated returns of an unfinished game, for agents that
    # cut playouts short), ``perft(depth) -> int`` (fast move-tree counts),
    # ``game_metrics() -> dict[str, float]`` (the game's own numbers for one finished game,
    # averaged over a check as ``metrics["game"]``), ``record_lines() -> list[dict]`` (the
    # record's action lines in the game's own format, asked once of the final state, replacing
    # the core's one line per action) and ``record_result() -> dict`` (the record's last line).

    def __str__(self) -> str: ...


@runtime_checkable
class Game(Protocol):
    """An immutable variant of a game: parameters in, states out."""

    def info(self) -> GameInfo: ...

    def parameters(self) -> dict[str, Any]:
        """JSON-serialisable parameters that rebuild this game with the plugin's ``make_game``."""
        ...

    def new_initial_state(self) -> State: ...

    def record_header(self) -> dict[str, Any]:
        """Game-specific facts for a record header (e.g. start and target holes)."""
        ...


def is_chance(state: State) -> bool:
    """True when ``state`` waits for a chance outcome."""
    return state.current_player() == CHANCE


def num_legal_actions(state: State) -> int:
    """How many legal actions ``state`` has; engines may offer a faster
    ``num_legal_actions()`` than building the list."""
    fast = getattr(state, "num_legal_actions", None)
    return int(fast()) if callable(fast) else len(state.legal_actions())


def estimated_returns(state: State) -> list[float]:
    """``returns()`` of a finished game; before the end, the engine's optional ``evaluate()``
    estimate (same scale as the returns), or zeros for engines without one."""
    if not state.is_terminal():
        evaluate = getattr(state, "evaluate", None)
        if callable(evaluate):
            return [float(value) for value in evaluate()]
    return state.returns()


def replay(game: Game, history: Sequence[int]) -> State:
    """Rebuild a state from the game and an action history (the serialised form)."""
    state = game.new_initial_state()
    for action in history:
        state.apply_action(action)
    return state
