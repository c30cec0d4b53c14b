"""Konstruktsiia's move listing and path search, on a :class:`~.rules.CardtrackState`.

The state keeps the track as ``links`` (card -> neighbouring cards), ``values`` (card -> its
value) and ``low`` (``low[v]``: the cards a card of value ``v`` may enter); these functions
read them and the tokens and keep the state's search caches (``reach_cache``,
``build_list``). None of them changes the position.

- :func:`generate` lists the legal actions of a decision (in the order of
  ``legal_actions()``), with the paths of a king's new token;
- :func:`small_dests` / :func:`small_paths` / :func:`small_path` find where a small token may
  stop and by which canonical path; :func:`reach_table` is the turned-card rule's cached table
  (each reachable card and the lowest card value that reaches it), :func:`can_reach` asks
  about one destination;
- :func:`makes_block` is the no-full-block rule's test: a card to advance onto must stay
  beside the opponent's big token (not a gap, not the joker it may not stop on).

The home-joker rule (``CardtrackGame.barred``) is applied in every search: a token passes over
the barred slot but never stops on it.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING

from plywright.plugins.cardtrack import cards
from plywright.plugins.cardtrack.actions import BIG, BUILD, DISCARD, SMALL, king_action
from plywright.plugins.cardtrack.cards import KINGS, OWNERS, VALUES
from plywright.plugins.cardtrack.geometry import ROW_STRIDE

if TYPE_CHECKING:
    from plywright.plugins.cardtrack.rules import CardtrackState

DELTAS = (-ROW_STRIDE, ROW_STRIDE, -1, 1)
"""Index steps to the slot below, above, left and right (horizontal slots: left, right only)."""

ReachTable = tuple[frozenset[int], list[int], list[int], dict[int, int]]
"""Cards looked at (a change there makes the table stale), the lowest usable values and the
cards they reach, by value, and card -> lowest usable value."""

Paths = dict[int, tuple[int, ...]]
"""Destination (or action) -> path of slot indices, start first."""


def neighbours_of(index: int) -> tuple[int, ...]:
    """Neighbouring slot indices (same as :func:`geometry.neighbour_indices`)."""
    if index & 1:
        return (index - 1, index + 1)
    if index >= ROW_STRIDE:
        return (index - ROW_STRIDE, index + ROW_STRIDE, index - 1, index + 1)
    return (index + ROW_STRIDE, index - 1, index + 1)


def build_actions(state: CardtrackState) -> list[int]:
    """The build actions (sorted by slot); cached on the state until the next build."""
    builds = state.build_list
    if builds is None:
        builds = state.build_list = [slot << 3 | BUILD for slot in sorted(state.frontier)]
    return builds


# --- the no-full-block rule -------------------------------------------------------------


def makes_block(state: CardtrackState, seat: int, src: int, dest: int) -> bool:
    """True if moving one of ``seat``'s tokens from ``src`` (-1: a new token) to ``dest``
    leaves the opponent's big token no card to advance onto when it had one before.

    A card to advance onto is a neighbouring card that holds no token of ``seat`` and is not
    the slot the opponent may not stop on (``seat``'s protected starting joker); a gap (a slot
    with no card) is none. A big token with no neighbouring card it may stop on at all is not
    blocked by anyone."""
    target = state.big[1 - seat]
    around = neighbours_of(target)
    if dest not in around:
        return False
    track, occ = state.track, state.occ[seat]
    barred = state.game.barred[1 - seat]
    stops = [nb for nb in around if nb in track and nb != barred]
    if not stops:
        return False
    for nb in stops:
        count = occ.get(nb, 0) - (nb == src) + (nb == dest)
        if count <= 0:
            return False
    # blocked after; was it blocked before?
    return not all(occ.get(nb, 0) > 0 for nb in stops)


# --- small-token paths ------------------------------------------------------------------


def passable(state: CardtrackState, seat: int, value: int) -> set[int]:
    """Cards a token of ``seat`` may enter with a card of ``value``."""
    cells = state.low[min(value, cards.VALUES_UP_TO)]
    theirs = state.occ[1 - seat]
    return cells.difference(theirs) if not theirs.keys().isdisjoint(cells) else cells


def small_path(
    state: CardtrackState, seat: int, src: int, value: int, dest: int
) -> tuple[int, ...]:
    """The canonical path of a small-token move (``(src, dest)`` if there is none)."""
    if state.game.rules.small_path_rule == "stop_card":
        return small_paths(state, seat, src, value).get(dest, (src, dest))
    allowed = passable(state, seat, value)
    links = state.links
    parent = {src: src}
    level = [src]
    for _ in range(state.game.rules.small_max_steps):
        nxt = []
        for here in level:
            for nb in links[here]:
                if nb in parent or nb not in allowed:
                    continue
                parent[nb] = here
                if nb == dest:
                    path = [dest]
                    while path[-1] != src:
                        path.append(parent[path[-1]])
                    return tuple(reversed(path))
                nxt.append(nb)
        level = nxt
    return (src, dest)


def forget_reach(state: CardtrackState, seat: int, src: int, dest: int) -> None:
    """Drop ``seat``'s cached reach tables that an opponent token moving from ``src`` to
    ``dest`` may change."""
    cache = state.reach_cache[seat]
    stale = [key for key, entry in cache.items() if src in entry[0] or dest in entry[0]]
    if stale:
        cache = state.reach_cache[seat] = cache.copy()  # clones may share the old dict
        for key in stale:
            del cache[key]


def reach_table(state: CardtrackState, seat: int, src: int) -> tuple[list[int], list[int]]:
    """The cards a small token on ``src`` may reach and, for each, the lowest card value
    that lets it stop there (the highest card entered on the best path of at most
    ``small_max_steps`` steps), both ordered by that value; cached until a build or an
    opponent token moving near ``src``."""
    cache = state.reach_cache[seat]
    hit = cache.get(src)
    if hit is not None:
        return hit[1], hit[2]
    links, values = state.links, state.values
    theirs = state.occ[1 - seat]
    best = {src: 0}
    touched = {src}
    level = {src: 0}
    for _ in range(state.game.rules.small_max_steps):
        nxt: dict[int, int] = {}
        for here, bound in level.items():
            for nb in links[here]:
                touched.add(nb)
                if nb in theirs:
                    continue
                value = values[nb]
                if bound > value:
                    value = bound
                if value < best.get(nb, 1 << 20):
                    best[nb] = nxt[nb] = value
        if not nxt:
            break
        level = nxt
    del best[src]
    best.pop(state.game.barred[seat], None)  # passed through, never stopped on
    order = sorted(best, key=best.__getitem__)
    bounds = [best[dest] for dest in order]
    if len(cache) > 64:
        cache.clear()
    cache[src] = (frozenset(touched), bounds, order, best)
    return bounds, order


def small_dests(state: CardtrackState, seat: int, src: int, value: int) -> list[int]:
    """The cards a small token on ``src`` may stop on (sorted), without their paths."""
    if state.game.rules.small_path_rule == "stop_card":
        return sorted(small_paths(state, seat, src, value))
    # under the turned-card rule the best walk of at most k steps is a simple path
    bounds, order = reach_table(state, seat, src)
    return order[: bisect_right(bounds, value)]


def small_paths(state: CardtrackState, seat: int, src: int, value: int) -> Paths:
    """Destination -> canonical path (start first) of a small-token move from ``src``."""
    track = state.track
    theirs = state.occ[1 - seat]
    steps = state.game.rules.small_max_steps
    stop_rule = state.game.rules.small_path_rule == "stop_card"
    found: Paths = {}
    # breadth-first over simple paths (the first path found to a card is a shortest one);
    # entered cards <= value (turned-card rule, and a necessary bound under the stop-card
    # rule, which also needs every entered card <= the card it stops on)
    level: list[tuple[int, tuple[int, ...], int]] = [(src, (src,), 0)]
    for _ in range(steps):
        nxt: list[tuple[int, tuple[int, ...], int]] = []
        for here, path, highest in level:
            for nb in neighbours_of(here):
                kind = track.get(nb)
                if kind is None or nb in path or nb in theirs:
                    continue
                v = VALUES[kind]
                if v > value:
                    continue
                top = highest if highest > v else v
                new = (*path, nb)
                if (not stop_rule or top <= v) and nb not in found:
                    found[nb] = new
                nxt.append((nb, new, top))
        level = nxt
    found.pop(src, None)
    found.pop(state.game.barred[seat], None)  # passed through, never stopped on
    return found


def king_paths(state: CardtrackState, seat: int) -> Paths:
    """Destination -> path of a king's new token, from ``seat``'s joker (the joker left out)."""
    start = state.game.starts[seat]
    return small_paths(state, seat, start, cards.KING_VALUE)


def can_reach(state: CardtrackState, seat: int, src: int, value: int, dest: int) -> bool:
    """Whether a small token of ``seat`` on ``src`` may stop on ``dest`` with a card of
    ``value`` (a cached reach table if there is one, else a search that stops at ``dest``)."""
    entry = state.reach_cache[seat].get(src)
    if entry is not None and state.game.rules.small_path_rule == "turned_card":
        bound = entry[3].get(dest)
        return bound is not None and bound <= value
    if state.game.rules.small_path_rule == "stop_card":
        return dest in small_paths(state, seat, src, value)
    if dest == state.game.barred[seat]:
        return False
    links, values = state.links, state.values
    theirs = state.occ[1 - seat]
    seen = {src}
    level = [src]
    for _ in range(state.game.rules.small_max_steps):
        nxt = []
        for here in level:
            for nb in links[here]:
                if nb in seen:
                    continue
                seen.add(nb)
                if values[nb] > value or nb in theirs:
                    continue
                if nb == dest:
                    return True
                nxt.append(nb)
        level = nxt
    return False


# --- listing actions --------------------------------------------------------------------


def generate(state: CardtrackState) -> tuple[list[int], Paths, int]:
    """The legal actions of a decision in the order of ``legal_actions()``, the paths of a
    king's new token (by action) and how many actions the no-full-block rule refused."""
    kind = state.card
    seat = OWNERS[kind]
    out: list[int] = []
    paths: Paths = {}
    refused = 0
    if KINGS[kind] and state.reserve[seat] > 0:
        start = state.game.starts[seat]
        if start not in state.occ[1 - seat]:
            options = {start: (start,), **king_paths(state, seat)}
            for dest in sorted(options):
                if makes_block(state, seat, -1, dest):
                    refused += 1
                    continue
                action = king_action(dest)
                out.append(action)
                paths[action] = options[dest]
        if not out:
            out.append(DISCARD)
    else:
        value = state.move_value()
        if not KINGS[kind] and kind < cards.BLACK_JOKER:
            out.extend(build_actions(state))
        src = state.big[seat]
        theirs = state.occ[1 - seat]
        values = state.values
        around = set(neighbours_of(state.big[1 - seat]))  # only moves onto these can block
        barred = state.game.barred[seat]
        for nb in state.links[src]:
            if values[nb] > value or nb in theirs or nb == barred:
                continue
            if nb in around and makes_block(state, seat, src, nb):
                refused += 1
                continue
            out.append(nb << 3 | BIG)
        seen: set[int] = set()
        for token, here in enumerate(state.smalls[seat]):
            if here in seen:
                continue
            seen.add(here)
            dests = small_dests(state, seat, here, value)
            code = token << 3 | SMALL
            if around.isdisjoint(dests):
                out.extend([dest << 8 | code for dest in dests])
                continue
            for dest in dests:
                if dest in around and makes_block(state, seat, here, dest):
                    refused += 1
                    continue
                out.append(dest << 8 | code)
        out.append(DISCARD)
    return out, paths, refused
