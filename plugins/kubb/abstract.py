"""Abstract Kubb: the game reduced to counts, solved exactly (the search's evaluation).

A position at the start of a team's turn is five counts, :data:`Counts`: the kubbs the team
throws in, its targets left standing from before (field kubbs in the other half), the other
team's standing base kubbs, the other team's leftovers standing in this team's half (they give
this team its advantage line) and this team's standing base kubbs. The counts sum to ``2K``.

A turn of the abstract game follows the throw model (:mod:`throws`) with the geometry reduced
to a few distances: every throw-in lands in one group at the shallowest aim depth ``e``; the
advantage line, when there is one, stands ``e`` inside the own half. A baton at a group of
``m`` field kubbs strikes it with the chance of a row of ``m`` kubbs
(:func:`throws.strike_shares`, the kubbs :func:`typical_gap` apart across the throw) and fells
the struck kubb with a run of neighbours, the ``k``-th falling with
``neighbour_probability(gap * sqrt(k))``; base kubbs stand alone; the king falls with ``p(d)``
from the baseline when the king rule allows. Throw-ins always land and no king falls early.

:class:`AbstractKubb` solves this game for both teams by value iteration (the opening turns of
``opening_batons`` by backward recursion from the stationary values): ``win_chance(team, turn,
counts)`` is the chance that ``team``, about to begin turn ``turn``, wins. Nothing is fitted,
yet it predicts the real game well: the first team's chance at the start is 65 % on the
``seed`` field and 58 % on the ``world`` field for club players (``tactical`` self-play: 64 %
and 58 %, the table of :mod:`throws`), 57 / 77 % for beginners / advanced players on the seed
field (57 / 76 %); over the turn starts of 3,000 ``basic``/``tactical`` games per preset and
skill its log-loss on the winner is within 0.013 of a logistic regression fitted to them.
Building it takes some 0.05 s per variant.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from functools import cache

import numpy as np
from scipy import sparse

from plywright.plugins.kubb import throws
from plywright.plugins.kubb.rules import MIN_DISTANCE, KubbGame

Counts = tuple[int, int, int, int, int]
"""``(throw_in, ahead, base, behind, own_base)`` at the start of a team's turn."""
Chains = tuple[tuple[tuple[int, float], ...], ...]
"""``chains[m]``: ``(kubbs felled, chance)`` when a baton strikes a group of ``m``."""
Ending = tuple[int, int]
"""A turn's end in the abstract game: ``(field kubbs left standing, base kubbs left)``."""
TOLERANCE = 1e-7
"""Value iteration stops when no value moves more than this."""
MAX_SWEEPS = 5000
"""Bound on the sweeps of value iteration (a game that goes on for ever converges slowly)."""


def typical_gap(game: KubbGame, team: int) -> float:
    """Usual distance (m) between neighbouring kubbs of a thrown-in group: the landing spread
    along the field (never below ``throws.MIN_GAP``)."""
    rules = game.rules
    distance = game.field.centre_x + shallowest_depth(game)
    spread = throws.throw_in_spread(distance, game.skills[team], rules.throw_in_spread)
    return max(throws.MIN_GAP, spread)


def shallowest_depth(game: KubbGame) -> float:
    """Depth (m) of the shallowest throw-in aim: where the abstract game's groups land."""
    x = game.aims[1][0][0]
    return game.field.depth(1, x)


class AbstractKubb:
    """The solved abstract game of one variant (build it once per game: :func:`abstract`)."""

    def __init__(self, game: KubbGame) -> None:
        self.game = game
        rules = game.rules
        self.kubbs = game.kubbs
        self.per_team = rules.kubbs_per_team
        centre = game.field.centre_x
        depth = shallowest_depth(game)
        self.depth = depth
        self.king_rule = rules.king_rule
        self.king_min = rules.king_min_batons_left
        self.opening = tuple(
            rules.batons_in_turn(t) for t in range(1, len(rules.opening_batons) + 1)
        )
        self.batons = rules.batons
        # per team; strikes and base hits per throwing line (0 baseline, 1 advantage line)
        self.strike: list[tuple[tuple[float, ...], tuple[float, ...]]] = []
        self.chain: list[Chains] = []
        self.base_hit: list[tuple[float, float]] = []
        self.king_hit: list[float] = []
        for team in (0, 1):
            gap = typical_gap(game, team)
            lateral = throws.LATERAL_RATIO * gap
            far, near = (
                row_strikes(game, team, d, lateral, self.kubbs) for d in (centre + depth, 2 * depth)
            )
            self.strike.append((far, near))
            self.chain.append(chains(game, gap, self.kubbs))
            self.base_hit.append(
                (game.hit_probability(team, 2 * centre), game.hit_probability(team, centre + depth))
            )
            self.king_hit.append(game.hit_probability(team, centre))
        self.turns: dict[tuple[int, int, int, bool, int, int], tuple[float, dict[Ending, float]]]
        self.turns = {}
        self.states = self._states()
        self.index = {s: i for i, s in enumerate(self.states)}
        self.values = self._solve()

    def king_from(self, turn: int, batons: int) -> int:
        """Fewest batons in hand that allow a throw at the king in turn ``turn`` (``batons + 1``:
        never)."""
        if self.king_rule == "world":
            return 1 if turn > 1 else batons + 1
        return self.king_min

    def group(self, team: int, advantage: bool, size: int) -> Group:
        """The abstract game's group of ``size`` thrown-in kubbs."""
        return Group(size, self.strike[team][advantage], self.chain[team])

    def turn(
        self, team: int, field: int, base: int, advantage: bool, turn: int
    ) -> tuple[float, dict[Ending, float]]:
        """One turn of ``team`` with ``field`` field kubbs and ``base`` base kubbs to fell:
        the chance to fell the king, and the chances of each ending."""
        batons = self.batons_of(turn)
        king_from = self.king_from(turn, batons)
        key = (team, field, base, advantage, batons, king_from)
        found = self.turns.get(key)
        if found is None:
            groups = [self.group(team, advantage, field)] if field else []
            side = int(advantage)
            result = play_turn(
                groups, base, self.base_hit[team][side], self.king_hit[team], batons, king_from
            )
            found = self.turns[key] = (result.win, result.endings)
        return found

    def batons_of(self, turn: int) -> int:
        """Batons of game turn ``turn``."""
        return self.opening[turn - 1] if turn <= len(self.opening) else self.batons

    # ------------------------------------------------------------- the abstract game

    def _states(self) -> list[Counts]:
        total, k = self.kubbs, self.per_team
        states = []
        for base in range(k + 1):
            for own in range(k + 1):
                rest = total - base - own
                for throw_in in range(rest + 1):
                    for ahead in range(rest - throw_in + 1):
                        states.append((throw_in, ahead, base, rest - throw_in - ahead, own))
        return states

    def successor(self, counts: Counts, ending: Ending) -> Counts:
        """The other team's counts at the start of its turn after ``ending``."""
        throw_in, ahead, base, behind, own = counts
        left, base_left = ending
        felled = throw_in + ahead - left + base - base_left
        return (felled, behind, own, left, base_left)

    def _matrices(self, team: int, turn: int) -> tuple[np.ndarray, sparse.csr_matrix]:
        """Win-this-turn chances and the transition matrix of ``team``'s turn ``turn``."""
        n = len(self.states)
        wins = np.zeros(n)
        rows: list[int] = []
        cols: list[int] = []
        data: list[float] = []
        for i, counts in enumerate(self.states):
            throw_in, ahead, base, behind, _ = counts
            win, endings = self.turn(team, throw_in + ahead, base, behind > 0, turn)
            wins[i] = win
            for ending, p in endings.items():
                rows.append(i)
                cols.append(self.index[self.successor(counts, ending)])
                data.append(p)
        return wins, sparse.csr_matrix((data, (rows, cols)), shape=(n, n))

    def _solve(self) -> dict[tuple[int, int], np.ndarray]:
        """``values[(team, turn class)]``: chance that ``team`` to begin its turn wins."""
        steady = len(self.opening) + 1 + (self.king_rule == "world")
        mats = {team: self._matrices(team, steady) for team in (0, 1)}
        values = {team: np.full(len(self.states), 0.5) for team in (0, 1)}
        for _ in range(MAX_SWEEPS):
            new = {
                team: mats[team][0] + mats[team][1] @ (1.0 - values[1 - team]) for team in (0, 1)
            }
            moved = max(float(np.max(np.abs(new[t] - values[t]))) for t in (0, 1))
            values = new
            if moved < TOLERANCE:
                break
        out = {(team, steady): values[team] for team in (0, 1)}
        for turn in range(steady - 1, 0, -1):
            for team in (0, 1):
                wins, moves = self._matrices(team, turn)
                out[(team, turn)] = wins + moves @ (1.0 - out[(1 - team, turn + 1)])
        self.steady = steady
        return out

    def win_chance(self, team: int, turn: int, counts: Counts) -> float:
        """Chance that ``team``, about to begin turn ``turn`` in ``counts``, wins."""
        return float(self.values[(team, min(turn, self.steady))][self.index[counts]])


@dataclass(frozen=True)
class Group:
    """Field kubbs that fall together: ``strikes[m]`` is the chance that a baton strikes the
    group while ``m`` of them stand, ``chains[m]`` the ``(kubbs felled, chance)`` of a strike,
    ``king`` the chance that a baton missing the group fells the king."""

    size: int
    strikes: tuple[float, ...]
    chains: Chains
    king: float = 0.0
    serial: int = dataclass_field(default=0, compare=False)
    """A number unique to this group among those of one :class:`layout.Shapes` (cache keys)."""


@dataclass(frozen=True)
class TurnResult:
    """The chances of a turn: the thrower fells the king, fells it early, or ends with
    ``endings[(field kubbs left standing, base kubbs left)]``."""

    win: float
    loss: float
    endings: dict[Ending, float]


def play_turn(
    groups: Sequence[Group],
    base: int,
    base_hit: float,
    king_hit: float,
    batons: int,
    king_from: int,
) -> TurnResult:
    """The rest of a turn: the groups felled in order, then ``base`` lone base kubbs (each
    felled with ``base_hit``), then the king (``king_hit``) while at least ``king_from``
    batons are in hand."""
    sizes = [g.size for g in groups]
    later = [sum(sizes[j + 1 :]) for j in range(len(groups))]
    count = len(groups)
    states: dict[tuple[int, int, int], float] = {(0, sizes[0] if groups else 0, base): 1.0}
    ended: dict[Ending, float] = defaultdict(float)
    win = loss = 0.0
    for left in range(batons, 0, -1):
        after: dict[tuple[int, int, int], float] = defaultdict(float)
        for (j, m, b), p in states.items():
            if j < count:
                group = groups[j]
                s = group.strikes[m]
                miss = p * (1.0 - s)
                loss += miss * group.king
                after[(j, m, b)] += miss * (1.0 - group.king)
                for k, q in group.chains[m]:
                    if m > k:
                        after[(j, m - k, b)] += p * s * q
                    else:
                        nxt = j + 1
                        after[(nxt, sizes[nxt] if nxt < count else 0, b)] += p * s * q
            elif b > 0:
                after[(j, 0, b - 1)] += p * base_hit
                after[(j, 0, b)] += p * (1.0 - base_hit)
            elif left >= king_from:
                win += p * king_hit
                after[(j, 0, 0)] += p * (1.0 - king_hit)
            else:
                ended[(0, 0)] += p
        states = after
    for (j, m, b), p in states.items():
        ended[(m + later[j] if j < count else 0, b)] += p
    return TurnResult(win, loss, dict(ended))


def row_strikes(
    game: KubbGame, team: int, distance: float, lateral_gap: float, most: int
) -> tuple[float, ...]:
    """``out[m]``: chance that a baton aimed at the middle of a row of ``m`` kubbs
    ``lateral_gap`` apart across the throw, ``distance`` m ahead, strikes one of them."""
    rules = game.rules
    reach = rules.hit_reach
    distance = max(distance, MIN_DISTANCE)
    scale = game.precisions[team] / (reach * distance)
    out = [0.0, game.hit_probability(team, distance)]
    for m in range(2, most + 1):
        offsets = [(i - (m - 1) / 2) * lateral_gap for i in range(m)]
        union = sum(throws.strike_shares(offsets, [distance] * m, scale, reach))
        out.append(max(throws.MIN_HIT, min(rules.max_hit, union)))
    return tuple(out)


def chains(game: KubbGame, gap: float, most: int) -> Chains:
    """``out[m]``: ``(kubbs felled, chance)`` when a baton strikes a group of ``m`` whose
    ``k``-th nearest neighbour stands ``gap * sqrt(k)`` away."""
    rules = game.rules
    radius, chance = rules.neighbour_radius, rules.neighbour_chance
    links = [
        throws.neighbour_probability(gap * math.sqrt(k), radius, chance) for k in range(1, most)
    ]
    out: list[tuple[tuple[int, float], ...]] = [()]
    for m in range(1, most + 1):
        shares = throws.spread_chain(links[: m - 1])
        out.append(tuple((k + 1, q) for k, q in enumerate(shares) if q > 0.0))
    return tuple(out)


@cache
def abstract(game: KubbGame) -> AbstractKubb:
    """The solved abstract game of ``game`` (cached per game and process)."""
    return AbstractKubb(game)
