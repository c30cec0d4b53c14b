"""The Kubb throw model: what chance decides when a team throws (simulation only).

Agents choose aims; this model turns an aim into the probabilities of the chance outcomes.
Every parameter is a field of the ``[rules]`` table (defaults below) or a named constant here.

**Batons.** A baton thrown at a target ``d`` metres ahead of the throwing line (the straight-line
distance along the field: the thrower stands on the line in front of the target) fells it with

    p(d) = min(max_hit, erf(erfinv(s) * D / d)),   D = REFERENCE_DISTANCE = 8 m,

where ``s`` is the team's ``skill``: the probability of felling a base kubb at 8 m. This is the
hit chance of a throw whose sideways error grows in proportion to the distance (a fixed angular
error, normal with a spread set by ``s``) against a target of fixed width: at 8 m it is ``s``
exactly, closer it rises towards ``max_hit`` (even a 2 m throw sometimes misses), farther it
falls (club player, ``s = 0.42``: 73 % at 4 m, 34 % at 10 m). Skill levels (published figures):
``beginner`` 0.25, ``club`` 0.42 (a competitive club player), ``advanced`` 0.65.

**Groups.** Field kubbs thrown in close together are one wider target, and they fall
together. A baton aimed at a kubb passes it at a sideways offset ``e``, normal, with the spread
that makes ``P(|e| < hit_reach) = p(d)``; it strikes a kubb whose centre lies within
``hit_reach`` of its path (0.1 m: half a kubb plus half a baton, and a little for the tumble),
the one nearest the thrower when several do. Every standing kubb within ``neighbour_radius``
of the aimed one counts (:func:`strike_shares`); the chance of striking the group at all is
capped at ``max_hit``. A lone kubb is struck with ``p(d)`` exactly. The struck kubb then takes
standing kubbs near it along: the nearest other standing kubb within ``neighbour_radius`` falls
with chance ``neighbour_chance * (1 - gap / neighbour_radius)``; if it falls, the next nearest
is tried the same way, and so on (the fall spreads outward and stops at the first kubb that
stays up, :func:`spread_chain`). Base kubbs 1 m apart are never a group with the default radius
of 0.7 m (a kubb falls 15 cm, a struck baton tumbles on about half a metre).

**King.** A baton that misses a kubb standing ``r < king_radius`` from the king fells the king
with chance ``king_chance * (1 - r / king_radius)``. A throw at the king fells it with
``p(d)`` from the baseline, ``d`` half the field length.

**Throw-ins.** A felled kubb is thrown in from the baseline at an aim point in the other half,
``d`` metres along the field. It lands at the aim plus an error: along the field normal with
spread ``sx = throw_in_spread * (d / D) * erfinv(0.42) / erfinv(s)`` (the club player's spread
``throw_in_spread`` at 8 m, scaled by the team's precision), across the field ``LATERAL_RATIO *
sx``. The normal errors are discretised by Gauss-Hermite nodes: 5 along (0, +-1.36, +-2.86 sd)
by 3 across (0, +-1.73 sd), 15 landing outcomes whose weights match the normal's moments. A
landing outside the target half (short of the centre line, past the baseline, beside the field)
is out, and any throw-in also rolls out with chance ``throw_in_fail``. A kubb that lands within
``MIN_GAP`` of a standing kubb is stood beside it (moved ``MIN_GAP`` across the field). A
landing within ``THROW_IN_KING_REACH`` of the king fells the king (outcome ``THROW_IN_KING``):
the throwing team loses, as the seed's "whoever fells the king before all kubbs are gone loses"
says of any means. The same landing spread that decides outs decides it, so only a kubb aimed
close in front of the king risks it, and a scenario reaches it by aiming there. The agents'
aims stay beside the king: over 300 self-play games per preset (seed 7) ``basic`` and
``tactical`` (100 games) never fell the king with a throw-in, ``random`` once on the seed field.

**Defaults and why.** ``max_hit`` 0.97 (even a 2 m throw sometimes misses); ``hit_reach``
0.1 m; ``neighbour_radius`` 0.7 m and ``neighbour_chance`` 1.0 (touching kubbs nearly always
fall together, one 0.35 m away half the time); ``king_radius`` 1.0 m and ``king_chance`` 0.15
(early-king losses stay rare, as in club play, but a field kubb by the king is a real risk);
``throw_in_spread`` 0.3 m (a club player lands a 6 m throw-in within about +-0.5 m of the
aim); ``throw_in_fail`` 0.05. Hit and group outcomes rarer than ``rules.NEGLIGIBLE`` (0.1 %) are
folded into their neighbours to keep chance nodes small. With these defaults the statistics
of ``tests/kubb/test_kubb_throws.py`` and ``benchmarks/kubb_bench.py --table`` meet the published
anchors:

- base-kubb hit rates at 8 m equal ``s`` (25 / 42 / 65 %); a club player's six batons at 8 m
  miss all 3.8 % and fell three or more 49.7 % of the time (base kubbs stand alone);
- *first-baton efficiency* (published: 38-47 % for competitive teams, the quarter-finalists of
  the 2015 US championship, counted as field kubbs felled by the first baton over field kubbs
  inkasted). Here: over every turn whose first baton faces standing field kubbs (thrown in
  this turn, left standing, or penalty kubbs), the field kubbs that baton fells divided by the
  field kubbs standing then, summed over all such turns of all games (the check report's
  pooled ``first_baton_field_rate``, the ratio of the game metrics ``first_baton_field_felled``
  and ``first_baton_field_kubbs``; not the mean of the per-game ``first_baton_field_share``,
  which weighs short games alike and reads some 4 points higher), in self-play of two
  ``tactical`` teams at ``club`` skill, the competitive team: 40.0 % on the ``seed`` field
  (10 m) and 46.2 % on the ``world`` field (8 m) over 1,000 games (seed 2024); longer throws
  make the 10 m figure lower. Beginners 31 / 37 %, advanced
  47 / 57 %; ``basic`` teams 34 / 41 % at club level. Before a group was a wider target (and
  with the neighbour defaults 0.5 m and 0.8) club play reached only 26 / 28 %: a lone-kubb hit
  chance from 4.4-5.4 m and short runs of falling neighbours cannot fell 40 % of a group of four.

Self-play of ``tactical`` teams, 1,000 games a row (``kubb_bench.py --table 1000 --agent
tactical``; ``basic`` in brackets):

=========  ========  =============  =================  ===========================
preset     skill     turns (mean)   first team wins    first-baton efficiency
=========  ========  =============  =================  ===========================
seed       beginner  17.2 (19.8)    57 % (57 %)        31 % (24 %)
seed       club      9.5 (10.5)     64 % (63 %)        40 % (34 %)
seed       advanced  5.0 (5.2)      76 % (77 %)        47 % (43 %)
world      beginner  13.0 (14.6)    53 % (51 %)        37 % (27 %)
world      club      7.3 (7.8)      58 % (60 %)        46 % (41 %)
world      advanced  4.7 (4.8)      67 % (67 %)        57 % (53 %)
=========  ========  =============  =================  ===========================

The starting team wins more the better the players, less with the 2-4-6 opening of the world
preset; early-king losses stay at or below 1.4 % and no game reaches ``max_turns``.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from functools import cache

REFERENCE_DISTANCE = 8.0
"""``D``: the distance (m) at which ``skill`` is the base-kubb hit probability."""
SKILL_LEVELS: dict[str, float] = {"beginner": 0.25, "club": 0.42, "advanced": 0.65}
"""Base-kubb hit probability at 8 m of each named level (published anchors)."""
CLUB_SKILL = SKILL_LEVELS["club"]
"""The level whose throw-in spread is ``throw_in_spread``."""
MIN_SKILL, MAX_SKILL = 0.01, 0.99
"""Bounds of a numeric ``skill``."""
MIN_HIT = 1e-3
"""Floor of ``p(d)`` (very long throws still hit now and then)."""
MAX_HIT = 0.97
NEIGHBOUR_RADIUS = 0.7
NEIGHBOUR_CHANCE = 1.0
HIT_REACH = 0.1
"""Default ``hit_reach`` (m): a baton passing this close sideways to a kubb's centre strikes it."""
KING_RADIUS = 1.0
KING_CHANCE = 0.15
THROW_IN_SPREAD = 0.3
THROW_IN_FAIL = 0.05
LATERAL_RATIO = 0.6
"""Sideways landing spread of a throw-in as a share of its spread along the field."""
MIN_GAP = 0.1
"""Closest two standing kubbs may stand (m); a kubb landing closer is moved across."""

ALONG_NODES: tuple[tuple[float, float], ...] = (
    (-2.856970013872806, 0.011257411327720691),
    (-1.355626179974266, 0.22207592200561266),
    (0.0, 0.5333333333333333),
    (1.355626179974266, 0.22207592200561266),
    (2.856970013872806, 0.011257411327720691),
)
"""5-point Gauss-Hermite nodes (in standard deviations) and weights of a normal."""
ACROSS_NODES: tuple[tuple[float, float], ...] = (
    (-math.sqrt(3.0), 1 / 6),
    (0.0, 2 / 3),
    (math.sqrt(3.0), 1 / 6),
)
"""3-point Gauss-Hermite nodes and weights of a normal."""
LANDINGS = len(ALONG_NODES) * len(ACROSS_NODES)
"""Landing outcomes of a throw-in; outcome ``LANDINGS`` is *out*."""
THROW_IN_KING = LANDINGS + 1
"""Throw-in outcome: the kubb landed against the king and felled it (the throwing team loses)."""
THROW_IN_KING_REACH = 0.15
"""A thrown-in kubb whose landing point lies this close (m) to the king's centre fells the
king: half a kubb's length (7.5 cm) plus half the king's width (4.5 cm), and a little for the
tumble."""


@cache
def erfinv(p: float) -> float:
    """Inverse error function on ``(0, 1)`` (bisection on ``math.erf``, exact to 1e-15)."""
    if not 0.0 < p < 1.0:
        raise ValueError(f"erfinv needs 0 < p < 1, got {p}")
    lo, hi = 0.0, 6.0
    for _ in range(80):
        mid = (lo + hi) / 2
        if math.erf(mid) < p:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def precision(skill: float) -> float:
    """``erfinv(s) * D``: with it ``p(d) = erf(precision / d)``."""
    return erfinv(skill) * REFERENCE_DISTANCE


def hit_probability(distance: float, skill: float, max_hit: float = MAX_HIT) -> float:
    """``p(d)``: the chance that a baton fells a kubb (or the king) ``distance`` m ahead."""
    if distance <= 0:
        return max_hit
    return max(MIN_HIT, min(max_hit, math.erf(precision(skill) / distance)))


def strike_shares(
    lateral: Sequence[float], depth: Sequence[float], scale: float, reach: float
) -> list[float]:
    """Chance that a baton strikes each kubb of a group first.

    The baton passes the group at a sideways offset ``e`` from the aimed kubb with
    ``P(|e| < u) = erf(scale * u)`` (normal, ``scale = 1 / (sd * sqrt 2)``); it strikes a kubb
    whose ``lateral`` offset lies within ``reach`` of ``e``, the one of smallest ``depth``
    (nearest the thrower; ties: the earlier one) when several do. Returns one chance per kubb;
    their sum is the chance of striking the group at all. A lone kubb gets
    ``erf(scale * reach)``."""
    edges = sorted({e for u in lateral for e in (u - reach, u + reach)})
    shares = [0.0] * len(lateral)
    erf = math.erf
    below = erf(scale * edges[0])
    for lo, hi in itertools.pairwise(edges):
        above = erf(scale * hi)
        middle = (lo + hi) / 2
        struck = -1
        for j, u in enumerate(lateral):
            if abs(middle - u) < reach and (struck < 0 or depth[j] < depth[struck]):
                struck = j
        if struck >= 0:
            shares[struck] += (above - below) / 2
        below = above
    return shares


def neighbour_probability(gap: float, radius: float, chance: float) -> float:
    """Chance that a standing kubb ``gap`` m from a falling one falls with it."""
    if gap >= radius or radius <= 0:
        return 0.0
    return chance * (1.0 - gap / radius)


def spread_chain(probabilities: Sequence[float], floor: float = 0.0) -> list[float]:
    """Chances of ``k = 0, 1, ...`` extra kubbs falling when the fall spreads outward through
    neighbours falling with ``probabilities`` (nearest first) and stops at the first that
    stays up. A longer run that would have a chance below ``floor`` is not made: the fall
    stops before it (the chances still sum to 1)."""
    out = []
    reach = 1.0
    for q in probabilities:
        if reach * q < floor:
            break
        out.append(reach * (1.0 - q))
        reach *= q
    out.append(reach)
    return out


def king_accident_probability(gap: float, radius: float, chance: float) -> float:
    """Chance that a baton missing a kubb ``gap`` m from the king fells the king."""
    if gap >= radius or radius <= 0:
        return 0.0
    return chance * (1.0 - gap / radius)


def throw_in_spread(distance: float, skill: float, spread: float = THROW_IN_SPREAD) -> float:
    """Standard deviation (m) along the field of a throw-in landing ``distance`` m away."""
    return spread * (distance / REFERENCE_DISTANCE) * erfinv(CLUB_SKILL) / erfinv(skill)


def landing_offsets(
    distance: float, skill: float, spread: float
) -> list[tuple[float, float, float]]:
    """The ``LANDINGS`` landing outcomes of a throw-in over ``distance`` m: ``(along, across,
    weight)`` offsets from the aim point (``along`` positive = farther from the thrower)."""
    along_sd = throw_in_spread(distance, skill, spread)
    across_sd = LATERAL_RATIO * along_sd
    return [
        (a * along_sd, c * across_sd, wa * wc) for a, wa in ALONG_NODES for c, wc in ACROSS_NODES
    ]
