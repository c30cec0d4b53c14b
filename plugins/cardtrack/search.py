"""``planner``: a Konstruktsiia agent that searches over the unseen cards.

The order of the draw pile is hidden, its composition is not: every future is a draw
sequence consistent with it (the chance node's own sampling, so the open pile's reshuffle is
in it too). One decision:

1. **candidates**: the legal actions that can matter (:func:`candidates`): every big-token
   move and king placement, discard; a low card's builds on the first empty slots of the own
   cheapest way (:func:`plywright.plugins.cardtrack.evaluation.route`), next to the own big token
   or on the bridge between the start columns, a high card's on the opponent's way or next to its
   big token; small-token moves onto the opponent's way, next to its big token, onto a
   starting joker or the cards round it (to lock the opponent out or to guard the own), and
   low cards built round the own joker (another way home);
2. **screen**: each candidate is scored by the race estimate of the position it leads to
   (:mod:`plywright.plugins.cardtrack.evaluation`), and the best :data:`WIDTH` go on;
3. **futures**: ``budget`` sampled futures per candidate (the same futures for every
   candidate: common random numbers), each played :data:`DEPTH` turned cards ahead (about
   four own decisions: each card goes to the seat of its colour) by a quick builder for both
   seats (:class:`plywright.plugins.cardtrack.rollout.Rollout`), then scored by the
   race estimate; the candidate with the best mean, averaged half and half with its screening
   score (:data:`SCREEN_WEIGHT`), is played.

The **budget** is the number of sampled futures (determinizations) per screened candidate;
budget 1 plays one future each (about :data:`WIDTH` · :data:`DEPTH` simulated cards a
decision).

**Objective**: the own chance of winning plus half the chance that nobody wins; as a spoiler
(``SearchSettings.victim``), one minus the victim's chance of winning (an end the victim did
not win is worth 1, also a game cut off by ``max_turns``). A small tempo term (:data:`TEMPO`)
breaks ties when the chances saturate: the own remaining cards (the victim's, for a spoiler).
When both jokers are locked (an opponent token on each: :func:`dead`) nobody can win while
the locks stay: the agent discards at once. An agent whose big token has not moved for
:data:`PATIENCE` decisions is stuck: it goes round the opponent's tokens.

**Restricted play** (``SearchSettings.forbid``, the kinds of
:mod:`plywright.plugins.cardtrack.kinds`): the candidates leave out the forbidden kind (every
allowed action is a candidate when none of the usual is left), and so does the agent's own play in
its futures; with nothing but that kind legal, the agent plays it.
"""

from __future__ import annotations

import random
from dataclasses import replace

from plywright.api import SearchSettings
from plywright.engine import Game, State
from plywright.plugins.cardtrack.cards import VALUES
from plywright.plugins.cardtrack.evaluation import STUCK, Odds, route
from plywright.plugins.cardtrack.geometry import ROW_STRIDE
from plywright.plugins.cardtrack.heuristics import BUILD_MAX, as_cardtrack
from plywright.plugins.cardtrack.movegen import neighbours_of
from plywright.plugins.cardtrack.rollout import Rollout
from plywright.plugins.cardtrack.rules import BUILD, DISCARD, SMALL, CardtrackGame, CardtrackState

BUDGET = 1
"""Default futures per screened candidate."""
WIDTH = 3
"""Candidates that survive the screen."""
DEPTH = 8
"""Turned cards a future is played ahead (about four own decisions: the cards go to each seat
at its share, about half)."""
SCREEN_WEIGHT = 0.5
"""Weight of a candidate's screening score beside the mean of its futures."""
ROUTE_SLOTS = 5
"""Empty slots (builds) and slots (small-token blocks) of a cheapest way that are candidates."""
TEMPO = 0.01
"""Weight of the tempo tie-break in the objective: few own remaining cards (many for the victim,
for a spoiler), so that a decided game is still played towards its end."""
TEMPO_CAP = 1000.0
"""Remaining turned cards beyond which the tempo tie-break sees no difference."""
PATIENCE = 12
"""Own decisions without a move of the own big token after which the agent is **stuck**: the
opponent's tokens count as walls that stay (:data:`plywright.plugins.cardtrack.evaluation.STUCK`),
and a player to win stops counting what its moves do to the opponent's way (two big tokens that
block each other head-on would otherwise both wait for ever)."""


def steps(a: int, b: int) -> int:
    """Slot steps between two slot indices on a full grid (rows plus sideways steps)."""
    row_a, part_a = divmod(a, ROW_STRIDE)
    row_b, part_b = divmod(b, ROW_STRIDE)
    return abs(row_a - row_b) + abs(part_a - part_b)


def candidates(state: CardtrackState, odds: Odds) -> list[int]:
    """The legal actions of the decision worth searching (see the module docstring)."""
    legal = state.legal_actions()
    if len(legal) <= 2:
        return legal
    seat = state.current_player()
    mine, theirs = state.big[seat], state.big[1 - seat]
    values = state.values
    starts = state.game.starts
    their_way = route(state, 1 - seat, odds)
    # a low card helps whoever walks on it: build it on the own way (or bridge the start
    # columns for the small tokens); a high card hinders: on the opponent's way
    if VALUES[state.card] <= BUILD_MAX:
        near, way = mine, route(state, seat, odds)
        bridge = min(starts) + 1  # H(0, 0); its row's H(0, r) above
        while bridge in values:
            bridge += ROW_STRIDE
        extra = {bridge}
    else:
        near, way, extra = theirs, their_way, set()
    rings = (set(neighbours_of(starts[seat])), set(neighbours_of(starts[1 - seat])))
    if VALUES[state.card] <= BUILD_MAX:
        extra |= rings[0]  # another way into the own joker
    slots = set([slot for slot in way if slot not in values][:ROUTE_SLOTS]) | extra
    # small tokens: onto the opponent's way, a starting joker, or round either joker (to
    # guard the ways into the own, to close the ways into the opponent's)
    blocks = set(their_way[:ROUTE_SLOTS]) | set(starts) | rings[0] | rings[1]
    out = []
    for action in legal:
        what = action & 7
        if what == BUILD:
            slot = action >> 3
            if slot in slots or steps(slot, near) <= 1:
                out.append(action)
        elif what == SMALL:
            dest = action >> 8
            if dest in blocks or steps(dest, theirs) <= 1:
                out.append(action)
        else:
            out.append(action)
    return out


def dead(state: CardtrackState) -> bool:
    """True when both seats are locked out (an opponent token on each joker): nobody can win
    while the locks stay, and whoever lifts its own lock only lets the other win."""
    starts, occ = state.game.starts, state.occ
    return starts[0] in occ[1] and starts[1] in occ[0]


class PlannerAgent:
    """Screens the candidates, then plays sampled futures of the best (module docstring)."""

    def __init__(
        self, game: CardtrackGame, seat: int, rng: random.Random, settings: SearchSettings
    ) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng
        self.budget = settings.budget
        self.victim = settings.victim
        self.forbid = settings.forbid
        """The kind of move this agent may not make (``None``: any)."""
        self.policy = Rollout(game, settings.forbid, seat)
        self.simulated = 0
        """Cards turned in futures so far (the effort spent)."""
        self.idle = 0
        """Own decisions since the own big token last moved."""
        self.last = (-1, False)

    def objective(self, state: CardtrackState, odds: Odds) -> float:
        """The value of ``state`` to this agent in ``[0, 1]`` (module docstring)."""
        chances, times = odds.estimate(state)
        victim = self.victim
        if victim is not None:
            value = 1.0 - chances[victim]
            tempo = min(times[victim], TEMPO_CAP) / TEMPO_CAP
        else:
            seat = self.seat
            value = chances[seat] + 0.5 * (1.0 - chances[0] - chances[1])
            tempo = 1.0 - min(times[seat], TEMPO_CAP) / TEMPO_CAP
        return (1.0 - TEMPO) * value + TEMPO * tempo

    def step(self, state: State) -> int:
        root = as_cardtrack(state)
        allowed = None if self.forbid is None else self.forbid.allowed(root, root.legal_actions())
        if dead(root) and (allowed is None or DISCARD in allowed):
            return DISCARD
        here = (root.big[self.seat], root.summited[self.seat])
        self.idle = self.idle + 1 if here == self.last else 0
        self.last = here
        odds = Odds.of(root)
        if self.idle >= PATIENCE:
            odds = replace(odds, walls=STUCK)
            if self.victim is None:
                other = 1 - self.seat
                odds = replace(odds, frozen=(other, odds.times(root)[other]))
        options = candidates(root, odds)
        if allowed is not None:
            free = set(allowed)
            options = [action for action in options if action in free] or allowed
        if len(options) == 1:
            return options[0]
        screened = []
        for order, action in enumerate(options):
            child = root.clone()
            child.apply_action(action)
            screened.append((-self.objective(child, odds), order, action, child))
        screened.sort(key=lambda item: item[:2])
        best = screened[: min(WIDTH, len(screened))]
        if len(best) == 1:
            return best[0][2]
        seeds = [self.rng.getrandbits(32) for _ in range(self.budget)]
        choice, top = best[0][2], -1.0
        for score, _, action, child in best:
            ahead = sum(self.objective(self.future(child, seed), odds) for seed in seeds)
            mean = SCREEN_WEIGHT * -score + (1.0 - SCREEN_WEIGHT) * ahead / len(seeds)
            if mean > top:
                choice, top = action, mean
        return choice

    def future(self, state: CardtrackState, seed: int) -> CardtrackState:
        """A copy of ``state`` played :data:`DEPTH` turned cards ahead on one sampled future."""
        rng = random.Random(seed)
        future = state.clone()
        policy = self.policy
        for _ in range(DEPTH):
            if future.result:
                break
            future.apply_action(future.sample_card(rng))
            self.simulated += 1
            if future.result:
                break
            future.apply_action(policy.step(future))
        return future


def planner(game: Game, seat: int, rng: random.Random, settings: SearchSettings) -> PlannerAgent:
    """The ``planner`` agent's search factory (``AgentSpec.search``)."""
    if not isinstance(game, CardtrackGame):
        raise TypeError("planner plays cardtrack only")
    return PlannerAgent(game, seat, rng, settings)
