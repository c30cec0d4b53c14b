"""Fast uniform samplers of a Konstruktsiia decision, without listing every legal action.

Both give what a uniform pick from ``legal_actions()`` gives, in distribution;
:func:`pick_by_groups` even picks the same action for the same random number. They work under
the turned-card reading without a king turn (a king with tokens in reserve); elsewhere they
return None and the state lists its actions. :meth:`CardtrackState.random_action` and
:meth:`CardtrackState.sample_action` call them.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from typing import TYPE_CHECKING

from plywright.plugins.cardtrack import cards
from plywright.plugins.cardtrack.actions import BIG, DISCARD, SMALL
from plywright.plugins.cardtrack.cards import KINGS, OWNERS
from plywright.plugins.cardtrack.movegen import (
    build_actions,
    can_reach,
    makes_block,
    neighbours_of,
    reach_table,
)

if TYPE_CHECKING:
    from plywright.plugins.cardtrack.rules import CardtrackState

Group = tuple[int, list[int], int]
"""``(code, items, size)``: code -1, the items are actions; else each is ``item << 8 | code``."""


def _fast(state: CardtrackState) -> bool:
    """Whether the samplers apply: the turned-card reading and no king turn."""
    seat = OWNERS[state.card]
    king_turn = KINGS[state.card] and state.reserve[seat] > 0
    return not king_turn and state.game.rules.small_path_rule == "turned_card"


def _builds(state: CardtrackState) -> list[int]:
    kind = state.card
    return build_actions(state) if not KINGS[kind] and kind < cards.BLACK_JOKER else []


def _big_moves(state: CardtrackState, seat: int, value: int, around: tuple[int, ...]) -> list[int]:
    """The legal big-token moves (``around``: the cards beside the opponent's big token)."""
    src = state.big[seat]
    theirs = state.occ[1 - seat]
    values = state.values
    bigs = []
    barred = state.game.barred[seat]
    for nb in state.links[src]:
        if values[nb] > value or nb in theirs or nb == barred:
            continue
        if nb in around and makes_block(state, seat, src, nb):
            continue
        bigs.append(nb << 3 | BIG)
    return bigs


def fast_groups(state: CardtrackState) -> list[Group] | None:
    """The legal actions of a decision as ``(code, items, size)`` groups in the order of
    ``legal_actions()`` (code -1: items are actions; else ``item << 8 | code``), discard
    left out; None where only listing is exact (kings in reserve, the stop-card reading)."""
    if not _fast(state):
        return None
    seat = OWNERS[state.card]
    groups: list[Group] = []
    if not KINGS[state.card] and state.card < cards.BLACK_JOKER:
        builds = build_actions(state)
        groups.append((-1, builds, len(builds)))
    value = state.move_value()
    around = neighbours_of(state.big[1 - seat])
    bigs = _big_moves(state, seat, value, around)
    groups.append((-1, bigs, len(bigs)))
    seen: set[int] = set()
    for token, here in enumerate(state.smalls[seat]):
        if here in seen:
            continue
        seen.add(here)
        bounds, order = reach_table(state, seat, here)
        size = bisect_right(bounds, value)
        if not size:
            continue
        code = token << 3 | SMALL
        near = [nb for nb in around if nb in order[:size]]
        if near:  # list this token's moves, leaving out those the block rule refuses
            moves = [
                dest << 8 | code
                for dest in order[:size]
                if dest not in near or not makes_block(state, seat, here, dest)
            ]
            groups.append((-1, moves, len(moves)))
        else:
            groups.append((code, order, size))
    return groups


def pick_by_groups(state: CardtrackState, rng: random.Random) -> int | None:
    """``legal_actions()[int(rng.random() · n)]``, found by counting the legal actions of each
    group instead of listing them; None (no random number drawn) where it does not apply."""
    groups = fast_groups(state)
    if groups is None:
        return None
    total = 1 + sum(size for _, _, size in groups)
    pick = int(rng.random() * total)
    for code, items, size in groups:
        if pick < size:
            return items[pick] if code < 0 else items[pick] << 8 | code
        pick -= size
    return DISCARD


def region(state: CardtrackState, src: int) -> list[int]:
    """Cards within ``small_max_steps`` steps of ``src`` on the track (``src`` excluded),
    whatever their values and tokens; cached until the next build."""
    found = state.region_cache.get(src)
    if found is None:
        links = state.links
        seen = {src}
        level = [src]
        for _ in range(state.game.rules.small_max_steps):
            level = [nb for here in level for nb in links[here] if nb not in seen]
            level = list(dict.fromkeys(level))
            seen.update(level)
        seen.discard(src)
        found = state.region_cache[src] = sorted(seen)
    return found


def pick_by_rejection(state: CardtrackState, rng: random.Random) -> int | None:
    """A uniform pick among the builds, big moves, discard and, per small token, every card
    within ``small_max_steps`` steps of it (whatever the values and tokens); a small-token
    pick that is not legal is drawn again. Each legal action has one entry, so the accepted
    pick is uniform over them; only the picked token's reach is looked up. None (no random
    number drawn) where it does not apply."""
    if not _fast(state):
        return None
    seat = OWNERS[state.card]
    builds = _builds(state)
    value = state.move_value()
    around = neighbours_of(state.big[1 - seat])
    bigs = _big_moves(state, seat, value, around)
    tokens: list[tuple[int, int, list[int]]] = []
    seen: set[int] = set()
    for token, here in enumerate(state.smalls[seat]):
        if here not in seen:
            seen.add(here)
            tokens.append((token, here, region(state, here)))
    fixed = len(builds) + len(bigs)
    total = fixed + 1 + sum(len(cells) for _, _, cells in tokens)
    while True:
        pick = int(rng.random() * total)
        if pick < len(builds):
            return builds[pick]
        if pick < fixed:
            return bigs[pick - len(builds)]
        pick -= fixed
        for token, here, cells in tokens:
            if pick < len(cells):
                dest = cells[pick]
                usable = can_reach(state, seat, here, value, dest)
                if usable and (dest not in around or not makes_block(state, seat, here, dest)):
                    return (dest << 5 | token) << 3 | SMALL
                break
            pick -= len(cells)
        else:
            return DISCARD
