"""The hand-written Konstruktsiia strategies: ``random``, ``builder`` and ``blocker``.

- ``random``: a legal action uniformly at random (drawn by rejection without listing every
  action: :meth:`CardtrackState.sample_action`).
- ``builder``: climbs the own column: moves the big token along its route when the card
  allows, otherwise builds the next empty slot of the route (or of the column above) with a
  low card, otherwise discards. The route is straight up the column to the summit row, then
  back down to the own joker; when an opponent token stands on it, a short search over the
  cards and the buildable slots finds a way round (a horizontal bridge to the next column).
  Kings put the small token on the own joker and leave it there.
- ``blocker``: a builder that also plays small tokens: kings and small-token moves go onto the
  next card of the opponent's route (the no-full-block rule still holds: the engine refuses a
  full block), and spare low cards build a bridge between the two start columns so small
  tokens can reach the opponent's column.

Agents read the engine's fields and check single actions with ``state.is_legal`` instead of
listing every legal action, which keeps self-play fast.
"""

from __future__ import annotations

import heapq
import random

from plywright.engine import State
from plywright.plugins.cardtrack.cards import BLACK_JOKER, KINGS, VALUES
from plywright.plugins.cardtrack.geometry import ROW_STRIDE
from plywright.plugins.cardtrack.rules import (
    DISCARD,
    CardtrackGame,
    CardtrackState,
    big_action,
    build_action,
    king_action,
    neighbours_of,
    small_action,
)

BUILD_MAX = 9
"""Highest card value the builder builds into its route (higher cards make moving hard)."""
SEARCH_COLUMNS = 3
"""Columns on each side of the big token the detour search looks at."""


def as_cardtrack(state: State) -> CardtrackState:
    if not isinstance(state, CardtrackState):
        raise TypeError("cardtrack agents play cardtrack states only")
    return state


class RandomAgent:
    """A legal action uniformly at random."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def step(self, state: State) -> int:
        return as_cardtrack(state).sample_action(self.rng)


def route_step(state: CardtrackState, seat: int) -> int | None:
    """The next slot the big token of ``seat`` should enter (a card or an empty slot), or None
    when no way is known."""
    big = state.big[seat]
    theirs = state.occ[1 - seat]
    if not big & 1:
        if not state.summited[seat]:
            up = big + ROW_STRIDE
            if up not in theirs:
                return up
        elif big % ROW_STRIDE == state.game.starts[seat] % ROW_STRIDE and big >= ROW_STRIDE:
            down = big - ROW_STRIDE
            if down not in theirs:
                return down
    return detour(state, seat)


def detour(state: CardtrackState, seat: int) -> int | None:
    """First slot of the cheapest way to the goal: entering a card costs 1, an empty slot 2
    (build, then move), opponent tokens are walls; a few columns round the token."""
    game = state.game
    big = state.big[seat]
    track, theirs = state.track, state.occ[1 - seat]
    height = game.rules.height
    summited = state.summited[seat]
    home = game.starts[seat]
    part = big % ROW_STRIDE
    low, high = part - 4 * SEARCH_COLUMNS - 1, part + 4 * SEARCH_COLUMNS + 1
    top = (height + 1) * ROW_STRIDE
    best: dict[int, int] = {big: 0}
    first: dict[int, int] = {}
    queue: list[tuple[int, int]] = [(0, big)]
    while queue:
        cost, here = heapq.heappop(queue)
        if cost > best.get(here, 1 << 30):
            continue
        if here != big:
            if summited and here == home:
                return first[here]
            if not summited and not here & 1 and here >= height * ROW_STRIDE:
                return first[here]
        for nb in neighbours_of(here):
            if nb >= top or not low <= nb % ROW_STRIDE <= high or nb in theirs:
                continue
            if nb in track:
                step = 1
            elif game.on_table(nb):
                step = 2
            else:
                continue
            new = cost + step
            if new < best.get(nb, 1 << 30):
                best[nb] = new
                first[nb] = first.get(here, nb) if here != big else nb
                heapq.heappush(queue, (new, nb))
    return None


class BuilderAgent:
    """Builds and climbs the own column (see the module docstring)."""

    def __init__(self, game: CardtrackGame, seat: int, rng: random.Random) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng

    def step(self, state: State) -> int:
        s = as_cardtrack(state)
        kind = s.card
        if KINGS[kind] and s.reserve[self.seat] > 0:
            return self.king(s)
        special = self.special(s)
        if special is not None:
            return special
        return self.advance(s)

    def special(self, state: CardtrackState) -> int | None:
        """An action taken before advancing (none for the builder)."""
        return None

    def king(self, state: CardtrackState) -> int:
        stay = king_action(self.game.starts[self.seat])
        if state.is_legal(stay):
            return stay
        return state.legal_actions()[0]

    def advance(self, state: CardtrackState) -> int:
        seat = self.seat
        kind = state.card
        value = state.move_value()
        buildable = kind < BLACK_JOKER and not KINGS[kind]
        cheap = buildable and VALUES[kind] <= BUILD_MAX
        nxt = route_step(state, seat)
        if nxt is not None:
            card = state.track.get(nxt)
            if card is not None:
                if VALUES[card] <= value:
                    action = big_action(nxt)
                    if state.is_legal(action):
                        return action
            elif cheap and nxt in state.frontier:
                return build_action(nxt)
        if cheap and not state.summited[seat]:
            ahead = self.column_gap(state)
            if ahead is not None:
                return build_action(ahead)
        return DISCARD

    def column_gap(self, state: CardtrackState) -> int | None:
        """The first empty slot above the big token's column up to the summit row, if
        buildable now."""
        big = state.big[self.seat]
        if big & 1:
            return None
        top = self.game.rules.height * ROW_STRIDE
        slot = big + ROW_STRIDE
        while slot in state.track:
            slot += ROW_STRIDE
        if slot <= top + (big % ROW_STRIDE) and slot in state.frontier:
            return slot
        return None


class BlockerAgent(BuilderAgent):
    """A builder that also blocks the opponent's route with small tokens."""

    def king(self, state: CardtrackState) -> int:
        target = route_step(state, 1 - self.seat)
        if target is not None and target in state.track:
            action = king_action(target)
            if state.is_legal(action):
                return action
        return super().king(state)

    def special(self, state: CardtrackState) -> int | None:
        seat = self.seat
        target = route_step(state, 1 - seat)
        mine = state.occ[seat]
        worth = target is not None and target in state.track and target not in mine
        if worth and (
            state.progress(1 - seat) >= state.progress(seat) or not self.can_advance(state)
        ):
            assert target is not None
            seen: set[int] = set()
            for token, here in enumerate(state.smalls[seat]):
                if here in seen or here == state.big[seat]:
                    continue
                seen.add(here)
                action = small_action(token, target)
                if state.is_legal(action):
                    return action
        kind = state.card
        cheap = kind < BLACK_JOKER and not KINGS[kind] and VALUES[kind] <= BUILD_MAX
        has_smalls = state.reserve[seat] + len(state.smalls[seat]) > 0
        if cheap and has_smalls and not self.can_advance(state):
            bridge = self.bridge(state)
            if bridge is not None:
                return build_action(bridge)
        return None

    def can_advance(self, state: CardtrackState) -> bool:
        return self.advance(state) != DISCARD

    def bridge(self, state: CardtrackState) -> int | None:
        """The lowest empty buildable bridge between the two start columns."""
        left = min(self.game.starts)
        for row in range(self.game.rules.height + 1):
            slot = left + 1 + row * ROW_STRIDE
            if slot not in state.track:
                return slot if slot in state.frontier else None
        return None
