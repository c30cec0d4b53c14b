"""Precomputed lattice tables and bitset move generation for star halma.

A position is a set of Python ``int`` bitsets in the hole order of
:func:`plywright.plugins.halma.geometry.star_board` (bit ``h`` = hole ``h``). Everything here is
pure: tables are built once per board size from the geometry model and never change.

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

from plywright.plugins.halma.geometry import POINT_COUNT, StarBoard, star_board

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


def jumpable(occ: int, own: int, jump_own: bool) -> int:
    """The holes a jump may go over: every peg, or (``jump_own`` off) other players' pegs."""
    return occ if jump_own else occ ^ own


def jump_reach(
    t: Tables, sources: int, over: int, free: int, layers: list[int] | None = None
) -> int:
    """Bitset of the holes chains of jumps from the holes of ``sources`` can land on: the one
    jump search of the engine (moves, and the fewest-hop path of a move).

    A jump from ``h`` goes over a hole of ``over`` and lands on a hole of ``free``; no hole is
    landed on twice. The search is breadth first: ``layers``, if given, receives the bitsets of
    the holes first reached after 1, 2, 3... jumps.
    """
    landings, jump_over = t.landings, t.jump_over
    reached = 0
    frontier = sources
    while frontier:
        new = 0
        while frontier:
            low = frontier & -frontier
            frontier ^= low
            h = low.bit_length() - 1
            new |= landings[h][over & jump_over[h]]
        new &= free
        if not new:
            break
        free ^= new
        reached |= new
        if layers is not None:
            layers.append(new)
        frontier = new
    return reached


def move_masks(t: Tables, occ: int, own: int, jump_own: bool, lock: int) -> dict[int, int]:
    """``{from: destinations}`` of every own peg that can move, pegs ascending.

    The target lock is applied here and nowhere else: ``lock`` is the mover's target bitset
    when the lock is on, else 0, and a peg that starts inside ``lock`` may only land inside it
    (its jump graph keeps the target's holes).
    """
    free_all = t.full ^ occ
    free_lock = free_all & lock
    over = jumpable(occ, own, jump_own)
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
                component = first | jump_reach(t, first, over, free ^ first)
                components.append(component)
            dest |= component
            firsts &= ~component
        if dest:
            out[s] = dest
    return out


def count_moves(t: Tables, occ: int, own: int, jump_own: bool, lock: int) -> int:
    """Number of distinct ``(from, to)`` moves: the bits of every :func:`move_masks` mask."""
    return sum(dest.bit_count() for dest in move_masks(t, occ, own, jump_own, lock).values())


def chain_path(t: Tables, start: int, to: int, over: int, landable: int) -> list[int] | None:
    """A chain of jumps from ``start`` to ``to`` with the fewest hops (start first), landing on
    holes of ``landable`` only (the peg's destinations from :func:`move_masks`: every landing
    of a chain is a place it may stop, so the target lock is already in them).

    ``None`` if no chain reaches ``to``. Ties go to the lowest hole at each hop, counted back
    from ``to``, so the path is deterministic.
    """
    layers: list[int] = []
    if not jump_reach(t, 1 << start, over, landable & ~(1 << start), layers) >> to & 1:
        return None
    landings, jump_over = t.landings, t.jump_over
    path = [to]
    hops = next(k for k, layer in enumerate(layers) if layer >> to & 1)
    for layer in reversed(layers[:hops]):
        bit = 1 << path[-1]
        candidates = layer
        while True:
            low = candidates & -candidates
            candidates ^= low
            h = low.bit_length() - 1
            if landings[h][over & jump_over[h]] & bit:
                path.append(h)
                break
    path.append(start)
    path.reverse()
    return path
