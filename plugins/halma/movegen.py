"""Precomputed lattice tables and bitset move generation for star halma.

A position is a set of Python ``int`` bitsets in the hole order of
:func:`plugins.halma.geometry.star_board` (bit ``h`` = hole ``h``). Everything here is pure:
tables are built once per board size from the geometry model and never change.

The peg on ``start`` can move to the empty neighbours (steps) and to every hole a chain of
jumps can end on. A move is identified by ``(from, to)``, so the jump part is reachability in
the *jump graph* (free holes, linked when the hole between them is occupied):

- a chain that lands twice on a hole can be cut short at its first landing there, so "never
  land twice" does not change which holes are reachable, and the start hole (occupied in
  ``occ``, never free) is never a landing hole;
- the graph is undirected, so the holes a chain can reach are the connected components of
  the peg's first landings;
- every landing of a chain from ``start`` lies in the parity class of ``start`` (``start``
  plus twice a lattice vector), while a jump *over* ``start`` links two holes of another
  class. Vacating ``start`` therefore changes nothing the peg can use: all pegs of the mover
  share one jump graph, and each component is searched once per position (pegs held by the
  target lock, which may only land in their target, are searched on their own).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from plugins.halma.geometry import POINT_COUNT, StarBoard, star_board

Jump = tuple[int, int, int]
"""``(over_bit, land_bit, land_hole)`` of one jump from a hole."""


@dataclass(frozen=True)
class Tables:
    """Bitset tables of one board (built from the geometry model, cached per ``n``)."""

    board: StarBoard
    size: int
    """Number of holes ``H``."""
    full: int
    """Bitset of every hole."""
    steps: tuple[int, ...]
    """``steps[h]``: bitset of the neighbours of ``h``."""
    jumps: tuple[tuple[Jump, ...], ...]
    """``jumps[h]``: the on-board jumps from ``h``, one per direction that has one."""
    jump_over: tuple[int, ...]
    """``jump_over[h]``: bitset of the holes a jump from ``h`` can go over."""
    landings: tuple[dict[int, int], ...]
    """``landings[h][over & jump_over[h]]``: bitset of the holes the jumps from ``h`` over the
    holes of ``over`` land on; keyed by every subset of ``jump_over[h]`` (read-only)."""
    points: tuple[int, ...]
    """``points[p]``: bitset of the holes of point ``p``."""


def _landings(row: tuple[Jump, ...]) -> dict[int, int]:
    out: dict[int, int] = {}
    for k in range(len(row) + 1):
        for subset in combinations(row, k):
            out[sum(ob for ob, _, _ in subset)] = sum(lb for _, lb, _ in subset)
    return out


@cache
def tables(n: int) -> Tables:
    """The tables of the board with triangle size ``n``."""
    board = star_board(n)
    size = len(board)
    jumps: list[tuple[Jump, ...]] = []
    for h in range(size):
        row: list[Jump] = []
        for d in range(len(board.neighbours[h])):
            pair = board.jump(h, d)
            if pair is not None:
                over, land = pair
                row.append((1 << over, 1 << land, land))
        jumps.append(tuple(row))
    return Tables(
        board=board,
        size=size,
        full=(1 << size) - 1,
        steps=tuple(sum(1 << m for m in row if m >= 0) for row in board.neighbours),
        jumps=tuple(jumps),
        jump_over=tuple(sum(ob for ob, _, _ in row) for row in jumps),
        landings=tuple(_landings(row) for row in jumps),
        points=tuple(sum(1 << h for h in board.points[p]) for p in range(POINT_COUNT)),
    )


def mask_of(holes: Iterable[int]) -> int:
    """Bitset of some hole indices."""
    out = 0
    for h in holes:
        out |= 1 << h
    return out


def holes_of(mask: int) -> list[int]:
    """Hole indices of a bitset, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def destinations(t: Tables, start: int, over: int, free: int) -> int:
    """Bitset of the holes the peg on ``start`` can move to.

    ``over``: the holes it may jump over; ``free``: the empty holes it may land on (neither
    holds ``start``).
    """
    landings, jump_over = t.landings, t.jump_over
    dest = t.steps[start] & free
    stack = [start]
    while stack:
        h = stack.pop()
        new = free & landings[h][over & jump_over[h]]
        if new:
            free ^= new
            dest |= new
            while new:
                low = new & -new
                new ^= low
                stack.append(low.bit_length() - 1)
    return dest


def move_masks(t: Tables, occ: int, own: int, jump_own: bool, lock: int) -> dict[int, int]:
    """``{from: destinations}`` of every own peg that can move, pegs ascending.

    ``lock`` is the mover's target bitset when the target lock applies, else 0: a peg that
    starts inside ``lock`` may only land inside it (its jump graph keeps the target's holes).
    """
    free_all = t.full ^ occ
    free_lock = free_all & lock
    over = occ if jump_own else occ ^ own
    steps, landings, jump_over = t.steps, t.landings, t.jump_over
    out = {}
    # the components found so far in the jump graph of all free holes / of the target's
    unlocked: list[int] = []
    locked: list[int] = []
    m = own
    while m:
        low = m & -m
        m ^= low
        s = low.bit_length() - 1
        if lock & low:
            free = free_lock
            components = locked
        else:
            free = free_all
            components = unlocked
        dest = steps[s] & free
        firsts = free & landings[s][over & jump_over[s]]
        while firsts:
            first = firsts & -firsts
            for component in components:
                if component & first:
                    break
            else:
                component = first
                avail = free ^ first
                stack = [first.bit_length() - 1]
                while stack:
                    h = stack.pop()
                    new = avail & landings[h][over & jump_over[h]]
                    if new:
                        avail ^= new
                        component |= new
                        while new:
                            bit = new & -new
                            new ^= bit
                            stack.append(bit.bit_length() - 1)
                components.append(component)
            dest |= component
            firsts &= ~component
        if dest:
            out[s] = dest
    return out


def count_moves(t: Tables, occ: int, own: int, jump_own: bool, lock: int) -> int:
    """Number of distinct ``(from, to)`` moves: the bits of every :func:`move_masks` mask."""
    return sum(dest.bit_count() for dest in move_masks(t, occ, own, jump_own, lock).values())


def chain_path(t: Tables, start: int, to: int, over: int, free: int) -> list[int] | None:
    """A chain of jumps from ``start`` to ``to`` with the fewest hops (start first).

    ``None`` if no chain reaches ``to``. Ties are broken by hole and direction order, so the
    path is deterministic.
    """
    parent = {start: start}
    frontier = [start]
    while frontier and to not in parent:
        nxt = []
        for h in frontier:
            for ob, lb, land in t.jumps[h]:
                if free & lb and over & ob and land not in parent:
                    parent[land] = h
                    nxt.append(land)
        frontier = nxt
    if to == start or to not in parent:
        return None
    path = [to]
    while path[-1] != start:
        path.append(parent[path[-1]])
    path.reverse()
    return path
