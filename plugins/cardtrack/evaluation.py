"""A race estimate of a Konstruktsiia position: each seat's expected remaining cards and the
chance that it finishes first.

**Costs** are counted in the seat's own cards (the cards of its colour), from the unseen
cards (draw pile and open pile, which is reshuffled into it) at the root of a search
(:class:`Odds`): entering a card of value ``v`` costs the expected wait for an own card that
moves that far, ``own / (own cards moving >= v)`` (kings move only once the reserve is
empty); an empty slot costs a build plus entering a low card; a card with an opponent token
costs extra (a wall that may move; more when the big tokens meet head-on, and for a searcher
stuck behind walls that do not move). Building does not take turns from moving in this
count, which the wait for a high card usually hides.

**Distance** (:func:`remaining`): the cheapest way to the summit row then back to the own
joker, over a window of columns round the start columns and the tokens, by row-wise dynamic
programming: within a row a slot reaches its neighbours sideways (``V(c) - H(c) - V(c+1)``),
between rows only vertical slots, upwards before the summit and downwards after it (a token
that must step down to get round a wall is not seen).

**Chances** (:meth:`Odds.estimate`): own cards turn up at the seat's share of the unseen cards,
so the remaining cards ``T`` are cost / share; a seat wins when its ``T`` is below the
opponent's and below the turns left before ``max_turns`` (normal approximations).

**Lock-out**: an opponent token on a seat's joker keeps it from ever coming home (nothing
removes a token, and the no-full-block rule does not help): a locked-out seat has no chance
(its remaining cards still count its way, for the tempo of a search). A seat whose joker holds
no own token while an opponent token could get there in one move is locked out with a fixed
chance (:func:`lock_risk`). The same holds for a seat whose every way into its joker (the cards
round it) holds an opponent token, and one with a single way left is at risk
(:func:`ring_risk`); a seat whose opponent is locked out only needs to finish in time.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from plywright.plugins.cardtrack.cards import (
    KINDS,
    KINGS,
    OWNERS,
    QUEEN_VALUE,
    VALUES,
    VALUES_UP_TO,
)
from plywright.plugins.cardtrack.geometry import ROW_STRIDE
from plywright.plugins.cardtrack.rules import CardtrackState, neighbours_of

INF = 1e9
EMPTY = -1
"""Grid value of an empty slot."""
OFF = -2
"""Grid value of a slot off the table (``max_columns``)."""
MOST = 40.0
"""Cap of one entering cost (own cards), for values no unseen card reaches."""
BUILT_VALUE = 4
"""The value an empty slot is assumed to be built with."""
WALL_SMALL = 8.0
"""Extra cost of a card holding an opponent small token (own cards)."""
WALL_BIG = 6.0
"""Extra cost of the card holding the opponent's big token (it moves on soon)."""
WALL_HEAD_ON = 20.0
"""... unless the two big tokens meet head-on (side by side, one on its way up, the other on
its way down): then neither may give way."""
STUCK = 8.0
"""The factor on the walls for a searcher whose big token has not moved for a long time (the
opponent keeps its tokens where they are: go round them)."""
RISK_SMALL = 0.8
"""Chance of being locked out when an opponent small token can reach the unguarded own joker."""
RISK_KING = 0.4
"""Chance of being locked out when an opponent king would place a token that can reach it."""
RISK_RING = 0.3
"""Chance of being locked out when opponent tokens hold all but one of the ways into the own
joker (:func:`ring_risk`)."""
RISK_RING_HELD = 0.1
"""... and when they hold at least one way, more being open."""
SPREAD = 0.5
"""Variance of the remaining turned cards per remaining turned card."""
SQRT2 = math.sqrt(2.0)


@dataclass(frozen=True)
class Odds:
    """Per-seat costs from the unseen cards of a position (the root of a search)."""

    enter: tuple[tuple[float, ...], tuple[float, ...]]
    """``enter[seat][value]``: own cards to wait for one that enters a card of ``value``."""
    empty: tuple[float, float]
    """Own cards to fill an empty slot and enter it."""
    share: tuple[float, float]
    """Each seat's share of the unseen cards."""
    walls: float = 1.0
    """Factor on the extra cost of cards holding opponent tokens (:data:`STUCK`: walls that do
    not move)."""
    frozen: tuple[int, float] | None = None
    """``(seat, remaining turned cards)``: that seat's remaining cards are taken as given (a
    searcher that stops counting what its moves do to the opponent's way)."""

    @classmethod
    def of(cls, state: CardtrackState, walls: float = 1.0) -> Odds:
        draw, open_pile = state.shoe_and_open()
        counts = [draw[k] + open_pile[k] for k in range(KINDS)]
        enter: list[tuple[float, ...]] = []
        own_total = [0, 0]
        for seat in (0, 1):
            movers = [0] * (VALUES_UP_TO + 2)  # movers[v]: own unseen cards moving exactly v
            for kind in range(KINDS):
                n = counts[kind]
                if not n or OWNERS[kind] != seat:
                    continue
                own_total[seat] += n
                if KINGS[kind]:
                    if state.reserve[seat] == 0:
                        movers[QUEEN_VALUE] += n
                elif VALUES[kind] == 0:  # a wild joker moves anywhere
                    movers[VALUES_UP_TO + 1] += n
                else:
                    movers[VALUES[kind]] += n
            total = max(own_total[seat], 1)
            costs = [MOST] * (VALUES_UP_TO + 1)
            reaching = movers[VALUES_UP_TO + 1]
            for value in range(VALUES_UP_TO, -1, -1):
                reaching += movers[value]
                if reaching:
                    costs[value] = min(MOST, total / reaching)
            enter.append(tuple(costs))
        everyone = max(own_total[0] + own_total[1], 1)
        share = (max(own_total[0], 1) / everyone, max(own_total[1], 1) / everyone)
        empty = (1.0 + enter[0][BUILT_VALUE], 1.0 + enter[1][BUILT_VALUE])
        return cls((enter[0], enter[1]), empty, share, walls)

    def slot_costs(self, seat: int) -> tuple[float, ...]:
        """``enter[seat]`` followed by the cost of a slot off the table and of an empty slot
        (indexed by :data:`OFF` and :data:`EMPTY`)."""
        return (*self.enter[seat], INF, self.empty[seat])

    def times(self, state: CardtrackState) -> tuple[float, float]:
        """Each seat's expected remaining turned cards."""
        grid = Grid.of(state)
        frozen = self.frozen
        t0, t1 = (
            frozen[1]
            if frozen and frozen[0] == seat
            else remaining(state, seat, self, grid) / self.share[seat]
            for seat in (0, 1)
        )
        return t0, t1

    def estimate(self, state: CardtrackState) -> tuple[tuple[float, float], tuple[float, float]]:
        """Each seat's estimated chance of winning (a finished game: 1 for the winner) and
        expected remaining turned cards (at the end: 0 for the winner, :data:`INF` for a seat
        that did not win)."""
        if state.result:
            won = (state.winner == 0, state.winner == 1)
            return (float(won[0]), float(won[1])), (0.0 if won[0] else INF, 0.0 if won[1] else INF)
        times = t0, t1 = self.times(state)
        starts, occ = state.game.starts, state.occ
        # the chance that each seat is (or gets) locked out, then the race of the others
        out0 = 1.0 if starts[0] in occ[1] else max(lock_risk(state, 0), ring_risk(state, 0))
        out1 = 1.0 if starts[1] in occ[0] else max(lock_risk(state, 1), ring_risk(state, 1))
        first = phi((t1 - t0) / math.sqrt(SPREAD * (t0 + t1) + 1.0))
        left = state.game.rules.max_turns - state.turned
        in_time0 = phi((left - t0) / math.sqrt(SPREAD * t0 + 1.0))
        in_time1 = phi((left - t1) / math.sqrt(SPREAD * t1 + 1.0))
        p0 = (1.0 - out0) * in_time0 * (out1 + (1.0 - out1) * first)
        p1 = (1.0 - out1) * in_time1 * (out0 + (1.0 - out0) * (1.0 - first))
        return (p0, p1), times


def lock_risk(state: CardtrackState, seat: int) -> float:
    """The chance that the opponent locks ``seat`` out by putting a token on its joker: 0 when
    the rules protect it, an own token guards it (or an opponent token is already there), else
    by what could get there in one move (a small token, or a king's new token from the
    opponent's joker)."""
    home = state.game.starts[seat]
    mine = state.occ[seat]
    if home in mine or home in state.occ[1 - seat] or state.game.barred[1 - seat] == home:
        return 0.0
    links = state.links
    smalls = state.smalls[1 - seat]
    their_start = state.game.starts[1 - seat]
    by_king = state.reserve[1 - seat] > 0 and their_start not in mine
    risk = 0.0
    seen = {home}
    level = [home]
    for _ in range(state.game.rules.small_max_steps):
        nxt = []
        for here in level:
            for nb in links[here]:
                if nb in seen or nb in mine:
                    continue
                seen.add(nb)
                if nb in smalls:
                    return RISK_SMALL
                if by_king and nb == their_start:
                    risk = RISK_KING
                nxt.append(nb)
        level = nxt
    return risk


def ring_risk(state: CardtrackState, seat: int) -> float:
    """The chance that ``seat`` never comes home because opponent tokens hold every way into
    its joker (the cards round it: nothing removes a token, and the no-full-block rule only
    looks at where the big token stands): 1 when no way is open (a way is a card without an
    opponent token, or an empty slot that can still be built), :data:`RISK_RING` when one is
    left and the opponent has small tokens to close it, :data:`RISK_RING_HELD` when the
    opponent holds at least one; 0 while an own token guards a way. A big token standing on
    the joker (the start) is not locked in."""
    home = state.game.starts[seat]
    if state.big[seat] == home and not state.summited[seat]:
        return 0.0
    mine, theirs = state.occ[seat], state.occ[1 - seat]
    values, frontier = state.values, state.frontier
    open_ways = held = 0
    for nb in neighbours_of(home):
        if nb in mine:
            return 0.0  # an own token guards a way: no opponent token may stop there
        if nb in values:
            if nb in theirs:
                held += 1
            else:
                open_ways += 1
        elif nb in frontier:
            open_ways += 1
    if not open_ways:
        return 1.0
    other = 1 - seat
    if not held or state.reserve[other] + len(state.smalls[other]) == 0:
        return 0.0
    return RISK_RING if open_ways == 1 else RISK_RING_HELD


def phi(z: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * (1.0 + math.erf(z / SQRT2))


@dataclass(frozen=True)
class Grid:
    """The slot values of the window searched: rows ``0 .. top`` by index parts
    ``low .. low + width - 1`` (the start columns and the big tokens' columns and one more
    column on each side; both ends vertical), :data:`EMPTY` or :data:`OFF` where no card
    lies."""

    low: int
    width: int
    top: int
    rows: list[list[int]]

    @classmethod
    def of(cls, state: CardtrackState) -> Grid:
        game = state.game
        ends = (*game.starts, *state.big)
        parts = [index % ROW_STRIDE for index in ends]
        low = 2 * ((min(parts) >> 1) - 1)
        high = 2 * ((max(parts) + 1 >> 1) + 1)
        bounds = game.allowed_columns
        if bounds is not None:
            low, high = max(low, bounds[0]), min(high, bounds[1])
        width = high - low + 1
        top = max(game.rules.height, *(index // ROW_STRIDE for index in state.big))
        get = state.values.get
        rows = [
            [get(index, EMPTY) for index in range(base, base + width)]
            for base in range(low, (top + 1) * ROW_STRIDE, ROW_STRIDE)
        ]
        if bounds is not None:
            off = [j for j in range(width) if not game.on_table(low + j)]
            for line in rows:
                for j in off:
                    if line[j] == EMPTY:
                        line[j] = OFF
        return cls(low, width, top, rows)


def remaining(state: CardtrackState, seat: int, odds: Odds, grid: Grid) -> float:
    """Own cards ``seat`` needs to finish (see the module docstring)."""
    costs = _costs(state, seat, odds, grid)
    width, top = grid.width, grid.top
    big_row, big_part = divmod(state.big[seat], ROW_STRIDE)
    here = big_part - grid.low
    base = state.game.starts[seat] % ROW_STRIDE - grid.low
    # up[row][j]: cost from the own joker up (and sideways) to slot j; the way back down from
    # slot j costs the same minus entering j plus entering the joker (the same cards, reversed)
    back = costs[0][base]
    if state.summited[seat]:
        up = _climb(costs, base, 0, big_row, width)
        return up[big_row][here] - costs[big_row][here] + back
    up = _climb(costs, base, 0, top, width)
    ahead = _climb(costs, here, big_row, top, width)[-1]
    last, cost = up[-1], costs[top]
    return min(ahead[j] + last[j] - cost[j] for j in range(0, width, 2)) + back


def route(state: CardtrackState, seat: int, odds: Odds) -> list[int]:
    """The slots of ``seat``'s cheapest way (:func:`remaining`) in order, from the one after its
    big token to its joker."""
    grid = Grid.of(state)
    costs = _costs(state, seat, odds, grid)
    low, width, top = grid.low, grid.width, grid.top
    big_row, big_part = divmod(state.big[seat], ROW_STRIDE)
    here = big_part - low
    home = state.game.starts[seat]
    base = home % ROW_STRIDE - low
    if state.summited[seat]:
        up = _climb(costs, base, 0, big_row, width)
        way = _trace(up, 0, big_row, here)[-2::-1]
    else:
        up = _climb(costs, base, 0, top, width)
        ahead = _climb(costs, here, big_row, top, width)
        last, cost = up[-1], costs[top]
        summit = min(range(0, width, 2), key=lambda j: ahead[-1][j] + last[j] - cost[j])
        way = _trace(ahead, big_row, top, summit) + _trace(up, 0, top, summit)[-2::-1]
    return [row * ROW_STRIDE + low + j for row, j in way] + [home]


def _trace(table: list[list[float]], row: int, r: int, j: int) -> list[tuple[int, int]]:
    """The way that reaches slot ``j`` of row ``r`` in a :func:`_climb` table started in
    ``row``, from the slot after the start to ``(r, j)``."""
    if table[r - row][j] >= INF:
        return []
    way = [(r, j)]
    width = len(table[0])
    while table[r - row][j] > 0.0:
        steps = [(r, k) for k in (j - 1, j + 1) if 0 <= k < width]
        if r > row and not j & 1:
            steps.append((r - 1, j))
        r, j = min(steps, key=lambda at: table[at[0] - row][at[1]])
        way.append((r, j))
    way.pop()
    way.reverse()
    return way


def _costs(state: CardtrackState, seat: int, odds: Odds, grid: Grid) -> list[list[float]]:
    """The cost of entering every slot of ``grid`` for ``seat`` (own cards)."""
    table = odds.slot_costs(seat)
    costs = [[table[value] for value in line] for line in grid.rows]
    low, width, top = grid.low, grid.width, grid.top
    small, big = WALL_SMALL * odds.walls, WALL_BIG * odds.walls
    their_big = state.big[1 - seat]
    if state.summited[0] != state.summited[1] and their_big in neighbours_of(state.big[seat]):
        big = max(big, WALL_HEAD_ON)
    for index in state.occ[1 - seat]:
        row, part = divmod(index, ROW_STRIDE)
        j = part - low
        if 0 <= j < width and row <= top:
            costs[row][j] += big if index == their_big else small
    return costs


def _climb(
    costs: list[list[float]], start: int, row: int, top: int, width: int
) -> list[list[float]]:
    """Cheapest costs from slot ``start`` of ``row`` to every slot of rows ``row .. top`` by
    steps up and sideways (entering a slot costs ``costs[row][j]``)."""
    line = [INF] * width
    line[start] = 0.0
    out = []
    for r in range(row, top + 1):
        cost = costs[r]
        if r > row:
            below = line
            line = [INF] * width
            for j in range(0, width, 2):
                line[j] = below[j] + cost[j]
        for j in range(1, width):
            through = line[j - 1] + cost[j]
            if through < line[j]:
                line[j] = through
        for j in range(width - 2, -1, -1):
            through = line[j + 1] + cost[j]
            if through < line[j]:
                line[j] = through
        out.append(line)
    return out
