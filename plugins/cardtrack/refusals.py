"""Why the Konstruktsiia engine refuses an action, in the rules' words (a refusal code).

The engine only says *whether* an action is legal (:meth:`CardtrackState.legal_actions`); the
scenarios (:mod:`plywright.plugins.cardtrack.scenarios`) also say *why not*. :func:`refusal` names
the first rule an action breaks, looking at the same position; it never decides legality (the
engine does), so a rule broken in the engine still shows as a scenario that plays otherwise.

Codes: ``king-must-be-placed``, ``king-cannot-build``, ``joker-cannot-build``, ``slot-taken``,
``no-contact``, ``outside-table``, ``no-card``, ``not-adjacent``, ``start-card``, ``too-far``,
``too-high``,
``opponent-token``, ``opponent-joker``, ``no-token``, ``not-a-king``, ``no-reserve``,
``joker-taken``, ``full-block``; ``illegal`` when none of them applies.
"""

from __future__ import annotations

from collections.abc import Callable

from plywright.plugins.cardtrack import cards, movegen
from plywright.plugins.cardtrack.actions import BIG, BUILD, DISCARD, KING, SMALL
from plywright.plugins.cardtrack.cards import KINGS, OWNERS, VALUES
from plywright.plugins.cardtrack.rules import CardtrackState

Path = tuple[int, ...]


def king_turn(state: CardtrackState) -> bool:
    """A king turned while its player still has a small token in reserve."""
    return KINGS[state.card] and state.reserve[OWNERS[state.card]] > 0


def paths(state: CardtrackState, src: int, entered: Callable[[int], bool]) -> dict[int, Path]:
    """Destination -> a shortest simple path from ``src`` of at most ``small_max_steps``
    steps over cards, entering only cards for which ``entered`` holds."""
    found: dict[int, Path] = {}
    level: list[Path] = [(src,)]
    for _ in range(state.game.rules.small_max_steps):
        nxt: list[Path] = []
        for path in level:
            for nb in state.links.get(path[-1], ()):
                if nb in path or not entered(nb):
                    continue
                new = (*path, nb)
                found.setdefault(nb, new)
                nxt.append(new)
        level = nxt
    found.pop(src, None)
    return found


def small_attempt(state: CardtrackState, seat: int, src: int, value: int, dest: int) -> Path:
    """The path a small-token move from ``src`` to ``dest`` would take by the values and
    tokens alone (the block rule and the barred joker left out); ``()`` if there is none."""
    theirs = state.occ[1 - seat]
    values = state.values
    if state.game.rules.small_path_rule == "stop_card":
        stop = values.get(dest, 99)
        allowed = stop <= value
        found = paths(state, src, lambda nb: nb not in theirs and values[nb] <= stop)
        return found.get(dest, ()) if allowed else ()
    return paths(state, src, lambda nb: nb not in theirs and values[nb] <= value).get(dest, ())


def _small(state: CardtrackState, seat: int, src: int, value: int, dest: int, mover: int) -> str:
    """Why a small token on ``src`` may not stop on ``dest`` with a card of ``value``
    (``mover``: the card the token leaves, -1 for a king's new token)."""
    if dest not in state.track:
        return "no-card"
    if dest == src:
        return "start-card"  # a move ends elsewhere: the token never returns where it began
    theirs = state.occ[1 - seat]
    if dest not in paths(state, src, lambda nb: True):
        return "too-far"
    if dest in theirs or dest not in paths(state, src, lambda nb: nb not in theirs):
        return "opponent-token"
    if not small_attempt(state, seat, src, value, dest):
        return "too-high"
    if dest == state.game.barred[seat]:
        return "opponent-joker"
    if movegen.makes_block(state, seat, mover, dest):
        return "full-block"
    return "illegal"


def refusal(state: CardtrackState, action: int) -> str:
    """The refusal code of an ``action`` the engine does not allow on the turned card."""
    what, payload = action & 7, action >> 3
    kind = state.card
    seat = OWNERS[kind]
    if king_turn(state) and what != KING:
        return "king-must-be-placed"
    if what == DISCARD:
        return "illegal"
    if what == BUILD:
        if KINGS[kind]:
            return "king-cannot-build"
        if cards.is_joker(kind):
            return "joker-cannot-build"
        if payload in state.track:
            return "slot-taken"
        if not any(nb in state.track for nb in movegen.neighbours_of(payload)):
            return "no-contact"
        if not state.game.on_table(payload):
            return "outside-table"
        return "illegal"
    value = state.move_value()
    if what == BIG:
        src = state.big[seat]
        if payload not in movegen.neighbours_of(src):
            return "not-adjacent"
        if payload not in state.track:
            return "no-card"
        if payload in state.occ[1 - seat]:
            return "opponent-token"
        if VALUES[state.track[payload]] > value:
            return "too-high"
        if payload == state.game.barred[seat]:
            return "opponent-joker"
        if movegen.makes_block(state, seat, src, payload):
            return "full-block"
        return "illegal"
    if what == SMALL:
        token, dest = payload & 31, payload >> 5
        if token >= len(state.smalls[seat]):
            return "no-token"
        src = state.smalls[seat][token]
        return _small(state, seat, src, value, dest, src)
    if what == KING:
        if not KINGS[kind]:
            return "not-a-king"
        if state.reserve[seat] <= 0:
            return "no-reserve"
        start = state.game.starts[seat]
        if start in state.occ[1 - seat]:
            return "joker-taken"
        if payload == start:
            return "full-block" if movegen.makes_block(state, seat, -1, start) else "illegal"
        return _small(state, seat, start, cards.KING_VALUE, payload, -1)
    return "illegal"
