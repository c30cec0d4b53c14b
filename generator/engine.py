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
from functools import cache
from typing import Any, Literal, Protocol, cast, runtime_checkable

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
    first_player: int | None = None
    """The seat that moves first in a ``turn_based`` game (seats then move in rotation, one
    action each: seat ``s``, then ``(s + 1) % num_players``). ``None``: seat 0 with the rules'
    defaults and in every preset, and any seat where a ``[rules]`` field moves it (halma's
    ``first_seat``). Games that are not ``turn_based`` declare no order: the state decides."""
    utility_sum: float | None = None
    """What the returns of every finished game sum to (``0.0``: zero-sum); ``None``: no
    constant sum is declared."""


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

    # Optional capabilities are the small protocols below (CountsLegalActions, Evaluates,
    # HasGameMetrics, WritesOwnRecord, CountsPerft): a state class offers one by defining its
    # methods; the core asks through :func:`offers` and the helpers after it.

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


@runtime_checkable
class CountsLegalActions(Protocol):
    """Counts the legal actions faster than listing them."""

    def num_legal_actions(self) -> int: ...


@runtime_checkable
class Evaluates(Protocol):
    """Estimates the returns of an unfinished game (same scale as ``returns()``), for agents
    that cut playouts short."""

    def evaluate(self) -> list[float]: ...


@runtime_checkable
class HasGameMetrics(Protocol):
    """The game's own numbers for one finished game (averaged over a check as
    ``metrics["game"]``)."""

    def game_metrics(self) -> dict[str, float]: ...


@runtime_checkable
class WritesOwnRecord(Protocol):
    """Writes the game record in the game's own format, asked once of the final state:
    ``record_lines()`` replaces the core's one line per action, ``record_result()`` its last
    line."""

    def record_lines(self) -> list[dict[str, Any]]: ...

    def record_result(self) -> dict[str, Any]: ...


@runtime_checkable
class CountsPerft(Protocol):
    """Counts the legal-move tree to ``depth`` fast (``plywright perft``)."""

    def perft(self, depth: int) -> int: ...


@cache
def _class_offers(cls: Any, capability: Any) -> bool:
    return issubclass(cls, capability)


def offers(state: object, capability: type) -> bool:
    """True when ``state``'s class has every method of the ``capability`` protocol (asked once
    per class: a protocol ``isinstance`` costs microseconds, and playouts ask every move)."""
    cls: Any = type(state)  # a class is hashable (typeshed's ``type[object]`` says otherwise)
    return _class_offers(cls, capability)


def num_legal_actions(state: State) -> int:
    """How many legal actions ``state`` has (:class:`CountsLegalActions` if it offers it)."""
    if offers(state, CountsLegalActions):
        return int(cast(CountsLegalActions, state).num_legal_actions())
    return len(state.legal_actions())


def estimated_returns(state: State) -> list[float]:
    """``returns()`` of a finished game; before the end, the engine's :class:`Evaluates`
    estimate (same scale as the returns), or zeros for engines without one."""
    if not state.is_terminal() and offers(state, Evaluates):
        return [float(value) for value in cast(Evaluates, state).evaluate()]
    return state.returns()


def game_metrics(state: State) -> dict[str, float]:
    """The game's own numbers of a finished game (:class:`HasGameMetrics`), else none."""
    if offers(state, HasGameMetrics):
        return {k: float(v) for k, v in cast(HasGameMetrics, state).game_metrics().items()}
    return {}


def own_record(state: State) -> WritesOwnRecord | None:
    """``state`` as a :class:`WritesOwnRecord` if it writes its own record, else ``None``."""
    return cast(WritesOwnRecord, state) if offers(state, WritesOwnRecord) else None


def fast_perft(state: State) -> CountsPerft | None:
    """``state`` as a :class:`CountsPerft` if it counts its own move tree, else ``None``."""
    return cast(CountsPerft, state) if offers(state, CountsPerft) else None


def replay(game: Game, history: Sequence[int]) -> State:
    """Rebuild a state from the game and an action history (the serialised form)."""
    state = game.new_initial_state()
    for action in history:
        state.apply_action(action)
    return state
