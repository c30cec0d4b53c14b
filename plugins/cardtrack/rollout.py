"""The quick play of both seats inside the ``planner``'s sampled futures."""

from __future__ import annotations

from plywright.api import Forbid
from plywright.plugins.cardtrack.cards import BLACK_JOKER, KINGS, OWNERS, VALUES
from plywright.plugins.cardtrack.geometry import ROW_STRIDE
from plywright.plugins.cardtrack.heuristics import BUILD_MAX
from plywright.plugins.cardtrack.rules import (
    DISCARD,
    CardtrackGame,
    CardtrackState,
    big_action,
    build_action,
    king_action,
)


class Rollout:
    """The play of both seats in a future: the builder's moves without its detour search (the
    big token goes straight up its column, then down and along row 0 home; cheap cards build
    the next slot or the column above), kings guard the own joker. ``forbid`` keeps seat
    ``seat`` off one kind of move (the restricted play of the searching agent): where its
    choice is of that kind, it plays the first allowed legal action instead."""

    def __init__(
        self, game: CardtrackGame, forbid: Forbid | None = None, seat: int | None = None
    ) -> None:
        self.starts = game.starts
        self.height = game.rules.height
        self.forbid = forbid
        self.seat = seat

    def step(self, state: CardtrackState) -> int:
        action = self.choose(state)
        forbid = self.forbid
        if forbid is None or OWNERS[state.card] != self.seat:
            return action
        if forbid.kind_of(state, action) != forbid.kind:
            return action
        return forbid.allowed(state, state.legal_actions())[0]

    def choose(self, state: CardtrackState) -> int:
        """The rollout's action for the seat of the turned card (see the class)."""
        kind = state.card
        seat = OWNERS[kind]
        if KINGS[kind] and state.reserve[seat] > 0:
            guard = king_action(self.starts[seat])
            return guard if state.is_legal(guard) else state.legal_actions()[0]
        value = state.move_value()
        cheap = kind < BLACK_JOKER and not KINGS[kind] and VALUES[kind] <= BUILD_MAX
        big = state.big[seat]
        values = state.values
        if big & 1:
            ways: tuple[int, ...] = (big - 1, big + 1)
        elif not state.summited[seat]:
            ways = (big + ROW_STRIDE,)
        elif big >= ROW_STRIDE:
            ways = (big - ROW_STRIDE,)
        else:
            ways = (big - 1,) if big > self.starts[seat] else (big + 1,)
        for nxt in ways:
            card = values.get(nxt)
            if card is None:
                if cheap and nxt in state.frontier:
                    return build_action(nxt)
            elif card <= value:
                action = big_action(nxt)
                if state.is_legal(action):
                    return action
        if cheap and not state.summited[seat] and not big & 1:
            slot = big + ROW_STRIDE
            while slot in values:
                slot += ROW_STRIDE
            if slot // ROW_STRIDE <= self.height and slot in state.frontier:
                return build_action(slot)
        return DISCARD
