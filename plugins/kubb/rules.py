"""The Kubb rules engine (``docs/rules/kubb.md``) with the chance model of :mod:`throws`.

Players are the two teams (seat = team): team 0's baseline is ``x = 0``, team 1's
``x = length``. Kubb ids ``0 .. K-1`` are team 0's base kubbs (``y`` ascending), ``K .. 2K-1``
team 1's; a kubb keeps its id for the whole game, wherever it is thrown.

A turn of team ``T`` against ``O`` (``O = 1 - T``):

1. *Throw-in*: every kubb lying felled in T's half, in id order. Decision of T: an aim point
   (action = index into :attr:`KubbGame.aims`, a grid in O's half, :data:`AIM_STEP` apart).
   Chance: a landing (``0 .. LANDINGS-1``: the whole kubb in O's half, inside the field,
   :meth:`KubbField.landed`), *out* (``LANDINGS``) or *king* (``THROW_IN_KING``: the kubb
   landed against the king and felled it; T loses at once, ``throw_in_king``). After
   ``throw_in_attempts`` outs the kubb is a penalty kubb: decision of **O**, a spot (action =
   index into :attr:`KubbGame.spots`, the same grid less the points closer than
   ``penalty_min_distance`` to the king or a stake).
2. *Advantage line*: when field kubbs stand in T's half at the start of its turn (O did not
   clear them), T decides to throw its batons from the baseline (action 0) or from the line
   through the standing field kubb nearest the centre line (action 1).
3. *Batons*: ``opening_batons[turn - 1]`` (then ``batons``). Decision of T: the target — a kubb
   id or ``KING`` (``2K``); legal targets are the standing field kubbs in O's half, else O's
   standing base kubbs, else the king when the king rule allows (``"seed"``: at least
   ``king_min_batons_left`` batons in hand, this one included; ``"world"``: not in turn 1).
   A target that is the only legal one is taken without a decision node. With no legal target
   left the turn ends (the remaining batons are not thrown). Chance: :data:`MISS`,
   :data:`MISS_KING` (missed; the king fell) or ``HIT + i``: the baton struck a kubb of the
   target's group (the target or a standing kubb within ``neighbour_radius``,
   :func:`throws.strike_shares`) and it fell with a run of its nearest neighbours
   (:func:`throws.spread_chain`); :meth:`KubbState.baton_outcomes` lists what each ``i``
   fells. After the baton, base kubbs it felled while a field kubb still stands in O's half
   are raised again. Throws at the king are from the
   baseline; felling it legally wins, felling it otherwise loses at once (``early_king``).
   A baton is thrown from anywhere on its line between the side lines: the thrower stands
   level with the target (:meth:`KubbState.throwing_spot`); throw-ins are always from the
   baseline (:attr:`KubbGame.throw_in_from`).
:meth:`KubbState.refusal` says why a baton may not go at a target (the scenarios' reasons).

The game starts with a chance node: the lag, one baton of each team thrown at the king from
its baseline; :func:`lag_winner` says which result lets which team begin (a tie is thrown
again), and the node gives either team the start, 50/50.
After turn ``max_turns`` the game is *unfinished*. Returns: winner 1, loser -1; unfinished 0.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Any

from plywright.engine import CHANCE, TERMINAL, GameInfo, Outcome
from plywright.plugins.kubb import throws
from plywright.plugins.kubb.geometry import KubbField, Point
from plywright.plugins.kubb.options import KubbRules

WIN, LOSS = 1.0, -1.0
AIM_STEP = 0.5
"""Spacing (m) of the throw-in aim grid and of the penalty spots."""
MISS, MISS_KING, HIT = 0, 1, 2
"""Baton outcomes: missed; missed and the king fell; ``HIT + i``: the i-th set of kubbs felled."""
NEGLIGIBLE = 1e-3
"""Smallest chance of a hit outcome: a group kubb struck less often counts as a miss, and a run
of falling neighbours that would be rarer stops one kubb earlier (keeps chance nodes small)."""
MIN_DISTANCE = 0.05
"""Shortest throw (m) the group-strike spread is computed for (the advantage-line kubb is 0 m
from its own line)."""
AIM_FIELD, AIM_BASE, AIM_KING = range(3)
AIM_NAMES = ("field", "base", "king")
BASELINE, ADVANCE = 0, 1
"""Advantage-line decision: throw from the baseline or from the advantage line."""

START, THROW_AIM, THROW_LAND, PENALTY, ADVANTAGE, BATON_AIM, BATON_OUT, OVER = range(8)
Landing = tuple[list[tuple[int, float]], tuple[Point | None, ...]]
"""Chance outcomes of a throw-in and the landing point of each (``None``: out)."""
PHASES = ("start", "throw_in", "landing", "penalty", "advantage", "aim", "baton", "over")


def lag_winner(first: float | None, second: float | None) -> int | None:
    """The team that begins after the lag: ``first`` and ``second`` are how far team 0's and
    team 1's batons lie from the king (m), ``None`` for a baton that touched him. A baton that
    touches the king loses the lag; of two that do not, the closer wins. Both touching, or
    both equally close: ``None``, the lag is thrown again."""
    if first is None or second is None:
        if first is None and second is None:
            return None
        return 1 if first is None else 0
    if math.isclose(first, second, abs_tol=1e-9):
        return None
    return 0 if first < second else 1


def grid(extent: float, step: float, centred: bool) -> tuple[float, ...]:
    """Points ``step`` apart strictly inside ``(0, extent)``: centred on the extent, or from
    ``step`` on (at least one point, the middle, when the extent is shorter than 2 steps)."""
    count = max(1, math.ceil(extent / step - 1e-9) - 1)
    if count == 1:
        return (extent / 2,) if extent < 2 * step else (step,)
    first = (extent - (count - 1) * step) / 2 if centred else step
    return tuple(first + i * step for i in range(count))


@dataclass(frozen=True)
class KubbGame:
    """One Kubb variant: the validated ``[rules]`` plus everything derived from them."""

    rules: KubbRules
    field: KubbField = dataclass_field(init=False, repr=False, compare=False)
    kubbs: int = dataclass_field(init=False, repr=False, compare=False)
    """Number of kubbs ``2K``; also the action of a throw at the king."""
    skills: tuple[float, float] = dataclass_field(init=False, repr=False, compare=False)
    precisions: tuple[float, float] = dataclass_field(init=False, repr=False, compare=False)
    aims: tuple[tuple[Point, ...], tuple[Point, ...]] = dataclass_field(init=False, repr=False)
    """Throw-in aim points inside each half (index = action)."""
    spots: tuple[tuple[int, ...], tuple[int, ...]] = dataclass_field(init=False, repr=False)
    """Legal penalty spots of each half: indices into ``aims``."""
    landings: tuple[tuple[Landing, ...], ...] = dataclass_field(
        init=False, repr=False, compare=False
    )
    """``landings[thrower][aim]``: chance outcomes and landing points (None = out)."""
    throw_in_from: tuple[float, float] = dataclass_field(init=False, repr=False, compare=False)
    """``x`` each team throws its kubbs in from: its baseline, also in a turn whose batons
    have an advantage line (the landings are computed from there)."""
    max_batons: int = dataclass_field(init=False, repr=False, compare=False)
    lone_base: tuple[bool, ...] = dataclass_field(init=False, repr=False, compare=False)
    """Per kubb id: as a base kubb, no other base kubb within ``neighbour_radius`` and the king
    beyond ``king_radius`` (a baton at it fells it alone or nothing)."""

    def __post_init__(self) -> None:
        rules = self.rules
        geo = KubbField.from_rules(rules)
        skills = rules.team_skills()
        depths = grid(geo.centre_x, AIM_STEP, centred=False)
        across = grid(geo.width, AIM_STEP, centred=True)
        aims = tuple(
            tuple((geo.x_at_depth(half, d), y) for d in depths for y in across) for half in (0, 1)
        )
        spots = tuple(self._spots(geo, aims[half]) for half in (0, 1))
        origins = (geo.baseline_x(0), geo.baseline_x(1))
        landings = tuple(
            tuple(
                self._landing(geo, origins[thrower], thrower, point, skills[thrower])
                for point in aims[1 - thrower]
            )
            for thrower in (0, 1)
        )
        derived = {
            "field": geo,
            "kubbs": 2 * rules.kubbs_per_team,
            "skills": skills,
            "precisions": (throws.precision(skills[0]), throws.precision(skills[1])),
            "aims": aims,
            "spots": spots,
            "landings": landings,
            "throw_in_from": origins,
            "max_batons": max(rules.batons, *rules.opening_batons),
            "lone_base": tuple(
                rules.kubb_spacing >= rules.neighbour_radius
                and math.dist(point, geo.king) >= rules.king_radius
                for team in (0, 1)
                for point in geo.base_positions(team)
            ),
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)

    def _spots(self, geo: KubbField, points: tuple[Point, ...]) -> tuple[int, ...]:
        """Aim-grid points far enough from the king and every stake; if none is, the point
        farthest from them all (the static check reports such a variant)."""
        least = self.rules.penalty_min_distance
        far = [min(math.dist(p, geo.king), geo.distance_to_stakes(p)) for p in points]
        legal = tuple(i for i, d in enumerate(far) if d >= least)
        return legal or (max(range(len(points)), key=far.__getitem__),)

    def _landing(
        self, geo: KubbField, home: float, thrower: int, aim: Point, skill: float
    ) -> Landing:
        """The landings of ``thrower``'s kubb thrown in from ``x = home`` at ``aim``."""
        rules = self.rules
        distance = abs(aim[0] - home)
        sign = 1.0 if thrower == 0 else -1.0
        target = 1 - thrower
        keep = 1.0 - rules.throw_in_fail
        points: list[Point | None] = []
        outcomes: list[tuple[int, float]] = []
        out = rules.throw_in_fail
        king = 0.0
        for index, (along, across, weight) in enumerate(
            throws.landing_offsets(distance, skill, rules.throw_in_spread)
        ):
            point = (aim[0] + sign * along, aim[1] + across)
            if math.dist(point, geo.king) < throws.THROW_IN_KING_REACH:
                points.append(None)
                king += keep * weight
            elif geo.landed(target, point):
                points.append(point)
                outcomes.append((index, keep * weight))
            else:
                points.append(None)
                out += keep * weight
        if out > 0:
            outcomes.append((throws.LANDINGS, out))
        if king > 0:
            outcomes.append((throws.THROW_IN_KING, king))
        total = sum(p for _, p in outcomes)
        return [(a, p / total) for a, p in outcomes], tuple(points)

    def info(self) -> GameInfo:
        rules = self.rules
        per_turn = self.kubbs * (2 * rules.throw_in_attempts + 1) + 1 + 2 * self.max_batons
        return GameInfo(
            num_players=2,
            min_utility=LOSS,
            max_utility=WIN,
            turn_based=False,
            has_chance=True,
            max_length=1 + rules.max_turns * per_turn,
        )

    def parameters(self) -> dict[str, Any]:
        return self.rules.model_dump(mode="json")

    def new_initial_state(self) -> KubbState:
        return KubbState(self)

    def position(
        self,
        team: int,
        turn: int = 1,
        field_kubbs: dict[int, tuple[float, float, bool]] | None = None,
        felled_base: tuple[int, ...] = (),
        first: int | None = None,
        batons_thrown: int = 0,
    ) -> KubbState:
        """A state at the start of ``team``'s turn ``turn`` (for tests, diagrams and
        scenarios): ``field_kubbs`` maps kubb ids to ``(x, y, standing)`` field positions,
        ``felled_base`` lists base kubbs lying felled on their baseline; every other kubb
        stands on its base. With ``batons_thrown`` the turn is that far on: those batons are
        out of hand. Its history is empty: such a state does not replay."""
        state = KubbState(self)
        for kubb, (x, y, standing) in (field_kubbs or {}).items():
            if not self.field.inside((x, y)):
                raise ValueError(f"kubb {kubb} at ({x}, {y}) is off the field")
            state.xs[kubb], state.ys[kubb] = x, y
            state.up[kubb] = standing
            state.base[kubb] = False
        for kubb in felled_base:
            state.up[kubb] = False
        state.first = team if first is None else first
        state.team = team
        state.turn = turn
        state._begin_turn(batons_thrown)
        return state

    def record_header(self) -> dict[str, Any]:
        geo = self.field
        return {
            "field": {"length": geo.length, "width": geo.width},
            "king": list(geo.king),
            "base": [[list(p) for p in geo.base_positions(team)] for team in (0, 1)],
        }

    def hit_probability(self, team: int, distance: float) -> float:
        """``p(d)`` of ``team`` (see :mod:`throws`)."""
        if distance <= 0:
            return self.rules.max_hit
        p = math.erf(self.precisions[team] / distance)
        return max(throws.MIN_HIT, min(self.rules.max_hit, p))


def make_game(rules: KubbRules) -> KubbGame:
    """The engine of a validated ``[rules]`` table."""
    return KubbGame(rules)


class KubbState:
    """One position of a Kubb game. Mutable: ``apply_action`` advances it in place."""

    __slots__ = (
        "actions", "adv_x", "aim", "attempt", "base", "batons_left", "chain", "first", "game",
        "king_up", "line_x", "log", "outcomes", "phase", "queue", "reason", "stats", "targets",
        "team", "turn", "turn_field", "up", "winner", "xs", "ys",
    )  # fmt: skip

    def __init__(self, game: KubbGame) -> None:
        self.game = game
        geo = game.field
        base = geo.base_positions(0) + geo.base_positions(1)
        self.xs = [p[0] for p in base]
        self.ys = [p[1] for p in base]
        self.up = [True] * game.kubbs
        self.base = [True] * game.kubbs
        self.king_up = True
        self.phase = START
        self.team = -1
        self.turn = 0
        self.first = -1
        self.queue: list[int] = []
        """Kubbs still to throw in this turn, the current one first."""
        self.attempt = 0
        self.adv_x: float | None = None
        self.line_x = 0.0
        self.batons_left = 0
        self.targets: list[int] = []
        self.aim = -1
        self.outcomes: list[tuple[int, float]] = []
        self.chain: tuple[tuple[int, ...], ...] = ()
        """The kubbs each hit outcome of the current baton fells (``HIT + i``: ``chain[i]``)."""
        self.winner = -1
        self.reason = ""
        self.log: list[tuple[Any, ...]] = []
        """One tuple per throw-in kubb and per baton (see :meth:`record_lines`)."""
        self.actions: list[int] = []
        self.stats = [0] * len(STAT_NAMES)
        self.turn_field = 0
        """Field kubbs standing in the target half at this turn's first baton (-1: counted)."""

    # ---------------------------------------------------------------- protocol

    def current_player(self) -> int:
        phase = self.phase
        if phase in (START, THROW_LAND, BATON_OUT):
            return CHANCE
        if phase == OVER:
            return TERMINAL
        if phase == PENALTY:
            return 1 - self.team
        return self.team

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == BATON_AIM:
            return list(self.targets)
        if phase == THROW_AIM:
            return list(range(len(self.game.aims[1 - self.team])))
        if phase in (THROW_LAND, BATON_OUT):
            return sorted(a for a, _ in self.outcomes)
        if phase == PENALTY:
            return list(self.game.spots[1 - self.team])
        if phase == ADVANTAGE:
            return [BASELINE, ADVANCE]
        if phase == START:
            return [0, 1]
        return []

    def num_legal_actions(self) -> int:
        phase = self.phase
        if phase == BATON_AIM:
            return len(self.targets)
        if phase == THROW_AIM:
            return len(self.game.aims[1 - self.team])
        if phase in (THROW_LAND, BATON_OUT):
            return len(self.outcomes)
        if phase == PENALTY:
            return len(self.game.spots[1 - self.team])
        return 0 if phase == OVER else 2

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == START:
            return [(0, 0.5), (1, 0.5)]
        if self.phase == THROW_LAND or self.phase == BATON_OUT:
            return list(self.outcomes)
        return []

    def apply_action(self, action: int) -> None:
        phase = self.phase
        if phase == BATON_OUT:
            if not any(a == action for a, _ in self.outcomes):
                raise ValueError(f"{action} is not a baton outcome here")
            self.actions.append(action)
            self._baton(action)
        elif phase == BATON_AIM:
            if action not in self.targets:
                raise ValueError(f"{action} is not a legal target here (legal: {self.targets})")
            self.actions.append(action)
            self._aim(action)
        elif phase == THROW_AIM:
            if not 0 <= action < len(self.game.aims[1 - self.team]):
                raise ValueError(f"{action} is not a throw-in aim")
            self.actions.append(action)
            self.aim = action
            self.outcomes = self.game.landings[self.team][action][0]
            self.phase = THROW_LAND
        elif phase == THROW_LAND:
            if not any(a == action for a, _ in self.outcomes):
                raise ValueError(f"{action} is not a landing outcome here")
            self.actions.append(action)
            self._land(action)
        elif phase == PENALTY:
            if action not in self.game.spots[1 - self.team]:
                raise ValueError(f"{action} is not a legal penalty spot")
            self.actions.append(action)
            self._penalty(action)
        elif phase == ADVANTAGE:
            if action not in (BASELINE, ADVANCE):
                raise ValueError(f"{action} is not an advantage-line choice")
            self.actions.append(action)
            if action == ADVANCE:
                assert self.adv_x is not None
                self.line_x = self.adv_x
                self.stats[S_ADV_USED] += 1
            self._next_baton()
        elif phase == START:
            if action not in (0, 1):
                raise ValueError(f"{action} is not a starting team")
            self.actions.append(action)
            self.first = self.team = action
            self.turn = 1
            self._begin_turn()
        else:
            raise ValueError("the game is over")

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        if self.phase != OVER or self.winner < 0:
            return [0.0, 0.0]
        return [WIN, LOSS] if self.winner == 0 else [LOSS, WIN]

    def clone(self) -> KubbState:
        other = KubbState.__new__(KubbState)
        other.game = self.game
        other.xs = self.xs[:]
        other.ys = self.ys[:]
        other.up = self.up[:]
        other.base = self.base[:]
        other.king_up = self.king_up
        other.phase = self.phase
        other.team = self.team
        other.turn = self.turn
        other.first = self.first
        other.queue = self.queue[:]
        other.attempt = self.attempt
        other.adv_x = self.adv_x
        other.line_x = self.line_x
        other.batons_left = self.batons_left
        other.targets = self.targets[:]
        other.aim = self.aim
        other.outcomes = self.outcomes
        other.chain = self.chain
        other.winner = self.winner
        other.reason = self.reason
        other.log = self.log[:]
        other.actions = self.actions[:]
        other.stats = self.stats[:]
        other.turn_field = self.turn_field
        return other

    def history(self) -> list[int]:
        return list(self.actions)

    def outcome(self) -> Outcome:
        if self.phase != OVER:
            return Outcome("unfinished", (), self.turn)
        if self.winner < 0:
            return Outcome("unfinished", (), self.turn)
        return Outcome("win", (self.winner,), self.turn)

    def action_record(self, action: int) -> dict[str, Any]:
        phase = self.phase
        record: dict[str, Any] = {"phase": PHASES[phase], "team": self.team, "turn": self.turn}
        if phase == BATON_AIM:
            record["target"] = None if action == self.game.kubbs else action
        elif phase in (THROW_AIM, PENALTY):
            half = 1 - self.team
            record["kubb"] = self.queue[0] if self.queue else None
            record["point"] = list(self.game.aims[half][action])
        elif phase == ADVANTAGE:
            record["advance"] = action == ADVANCE
        elif phase == START:
            record["first"] = action
        else:
            record["outcome"] = action
        return record

    def __str__(self) -> str:
        if self.phase == START:
            return "kubb: before the starting draw"
        kubbs = " ".join(
            f"{i}{'B' if self.base[i] else 'F'}{'^' if self.up[i] else '_'}"
            f"({self.xs[i]:.2f},{self.ys[i]:.2f})"
            for i in range(self.game.kubbs)
        )
        return (
            f"kubb turn {self.turn} team {self.team} {PHASES[self.phase]} "
            f"batons {self.batons_left} line {self.line_x:.2f} "
            f"king {'up' if self.king_up else 'down'}"
            f" | {kubbs}"
            + (f" | winner {self.winner} ({self.reason})" if self.phase == OVER else "")
        )

    # ---------------------------------------------------------------- queries

    def standing_targets(self, team: int) -> tuple[list[int], list[int]]:
        """Standing field kubbs and standing base kubbs in the half ``team`` throws at."""
        centre = self.game.field.centre_x
        field_kubbs: list[int] = []
        base_kubbs: list[int] = []
        xs, up, base = self.xs, self.up, self.base
        for i in range(self.game.kubbs):
            if up[i] and (xs[i] > centre) == (team == 0):
                (base_kubbs if base[i] else field_kubbs).append(i)
        return field_kubbs, base_kubbs

    def king_allowed(self) -> bool:
        """May the team to throw aim at the king with its next baton (all its targets down)?"""
        return self.king_refusal() is None

    def king_refusal(self) -> str | None:
        """Why the king rule forbids the team to throw its next baton at the king (all its
        targets down): ``king-needs-batons`` (seed: fewer than ``king_min_batons_left`` in
        hand, this one included), ``king-not-in-first-turn`` (world); ``None``: it may."""
        rules = self.game.rules
        if rules.king_rule == "world":
            return None if self.turn > 1 else "king-not-in-first-turn"
        if self.batons_left >= rules.king_min_batons_left:
            return None
        return "king-needs-batons"

    def refusal(self, target: int) -> str | None:
        """Why the team to throw may not aim its next baton at ``target`` (a kubb id or
        ``KING``) in this position: ``field-kubbs-first``, ``kubbs-standing`` (the king while
        base kubbs stand), the king rule's reason or ``not-a-target``; ``None``: it may."""
        field_kubbs, base_kubbs = self.standing_targets(self.team)
        if target == self.game.kubbs:
            if field_kubbs:
                return "field-kubbs-first"
            return "kubbs-standing" if base_kubbs else self.king_refusal()
        if target in field_kubbs:
            return None
        if target in base_kubbs:
            return "field-kubbs-first" if field_kubbs else None
        return "not-a-target"

    def evaluate(self) -> list[float]:
        """Estimated returns: the difference of the kubbs each team still has to fell."""
        if self.phase == OVER:
            return self.returns()
        mine = sum(len(group) for group in self.standing_targets(0))
        theirs = sum(len(group) for group in self.standing_targets(1))
        value = 0.9 * (theirs - mine) / self.game.kubbs
        return [value, -value]

    def throwing_spot(self, target: int) -> Point:
        """Where the team to throw stands for a baton at ``target`` (a kubb or ``KING``): on
        its throwing line (the baseline or its advantage line; for the king always the
        baseline), level with the target. A thrower may stand anywhere on the line between the
        side lines, so the throw is straight down the field."""
        geo = self.game.field
        if target == self.game.kubbs:
            x, y = geo.baseline_x(self.team), geo.king[1]
        else:
            x, y = self.line_x, self.ys[target]
        return (x, min(max(y, 0.0), geo.width))

    def throw_distance(self, target: int) -> float:
        """Distance of the current team's baton to ``target`` (a kubb or ``KING``), from its
        :meth:`throwing_spot`."""
        aim = (
            self.game.field.king
            if target == self.game.kubbs
            else (self.xs[target], self.ys[target])
        )
        return math.dist(self.throwing_spot(target), aim)

    # ---------------------------------------------------------------- turn flow

    def _begin_turn(self, thrown: int = 0) -> None:
        team = self.team
        centre = self.game.field.centre_x
        mine = team == 0
        xs, up, base = self.xs, self.up, self.base
        queue = []
        nearest: float | None = None
        for i in range(self.game.kubbs):
            if (xs[i] < centre) != mine:
                continue
            if not up[i]:
                queue.append(i)
            elif not base[i] and (nearest is None or abs(xs[i] - centre) < abs(nearest - centre)):
                nearest = xs[i]
        self.queue = queue
        self.attempt = 0
        self.adv_x = nearest
        self.line_x = self.game.field.baseline_x(team)
        self.batons_left = self.game.rules.batons_in_turn(self.turn) - thrown
        self.turn_field = 0
        stats = self.stats
        stats[S_TURNS] += 1
        if nearest is not None:
            stats[S_ADV_TURNS] += 1
        if queue:
            self.phase = THROW_AIM
        else:
            self._after_throw_ins()

    def _after_throw_ins(self) -> None:
        if self.adv_x is not None:
            self.phase = ADVANTAGE
        else:
            self._next_baton()

    def _end_turn(self) -> None:
        if self.turn >= self.game.rules.max_turns:
            self.phase = OVER
            self.reason = "max_turns"
            return
        self.turn += 1
        self.team = 1 - self.team
        self._begin_turn()

    def _next_baton(self) -> None:
        if self.batons_left <= 0:
            self._end_turn()
            return
        field_kubbs, base_kubbs = self.standing_targets(self.team)
        if self.turn_field == 0:
            self.turn_field = -1
            if field_kubbs:
                self.stats[S_FIRST_FIELD] += len(field_kubbs)
                self.turn_field = len(field_kubbs)
        if field_kubbs:
            targets = field_kubbs
        elif base_kubbs:
            targets = base_kubbs
        elif self.king_allowed():
            targets = [self.game.kubbs]
        else:
            self._end_turn()
            return
        if len(targets) == 1:
            self._aim(targets[0])
        else:
            self.targets = targets
            self.phase = BATON_AIM

    def _aim(self, target: int) -> None:
        self.aim = target
        self.phase = BATON_OUT
        self.chain, self.outcomes = self.baton_outcomes(target)

    def baton_outcomes(
        self, target: int
    ) -> tuple[tuple[tuple[int, ...], ...], list[tuple[int, float]]]:
        """What a baton of the team to throw, aimed at ``target`` (a kubb or ``KING``), can do:
        the kubbs each hit outcome fells (``HIT + i`` fells ``sets[i]``: the struck kubb
        first, then its neighbours in the order they fall) and the chance outcomes."""
        game = self.game
        rules = game.rules
        team = self.team
        distance = self.throw_distance(target)
        if target == game.kubbs:
            p = game.hit_probability(team, distance)
            return ((),), [(MISS, 1.0 - p), (HIT, p)]
        tx, ty = self.xs[target], self.ys[target]
        p = game.hit_probability(team, distance)
        if self.base[target] and game.lone_base[target]:
            return ((target,),), [(MISS, 1.0 - p), (HIT, p)]
        radius = rules.neighbour_radius
        r2 = radius * radius
        xs, ys, up = self.xs, self.ys, self.up
        centre = game.field.centre_x
        side = tx > centre
        standing = [
            (i, xs[i], ys[i]) for i in range(game.kubbs) if up[i] and (xs[i] > centre) == side
        ]
        group = [target]
        group += [i for i, x, y in standing if i != target and (x - tx) ** 2 + (y - ty) ** 2 < r2]
        if len(group) == 1:
            strikes = [p]
        else:
            reach = rules.hit_reach
            scale = game.precisions[team] / (reach * max(distance, MIN_DISTANCE))
            line = self.line_x
            masses = throws.strike_shares(
                [ys[i] - ty for i in group], [abs(xs[i] - line) for i in group], scale, reach
            )
            union = sum(masses)
            p_group = max(throws.MIN_HIT, min(rules.max_hit, union))
            strikes = [m * p_group / union for m in masses]
            strikes = [q if q >= NEGLIGIBLE else 0.0 for q in strikes]
        kx, ky = game.field.king
        king = throws.king_accident_probability(
            math.hypot(tx - kx, ty - ky), rules.king_radius, rules.king_chance
        )
        miss = 1.0 - sum(strikes)
        outcomes = [(MISS, miss * (1.0 - king)), (MISS_KING, miss * king)]
        sets: list[tuple[int, ...]] = []
        chance = rules.neighbour_chance
        for struck, q in zip(group, strikes, strict=True):
            if q <= 0.0:
                continue
            sx, sy = xs[struck], ys[struck]
            near = [
                (d2, i)
                for i, x, y in standing
                if (d2 := (x - sx) ** 2 + (y - sy) ** 2) < r2 and i != struck
            ]
            near.sort()
            ids = [i for _, i in near]
            chances = [chance * (1.0 - math.sqrt(d2) / radius) for d2, _ in near]
            for k, share in enumerate(throws.spread_chain(chances, NEGLIGIBLE / q)):
                if share > 0.0:
                    outcomes.append((HIT + len(sets), q * share))
                    sets.append((struck, *ids[:k]))
        return tuple(sets), [(a, w) for a, w in outcomes if w > 0.0]

    def _baton(self, outcome: int) -> None:
        game = self.game
        team = self.team
        aim = self.aim
        self.batons_left -= 1
        stats = self.stats
        stats[S_BATONS] += 1
        at_king = aim == game.kubbs
        felled: list[int] = []
        raised: list[int] = []
        king_felled = False
        if at_king:
            stats[S_KING_SHOTS] += 1
            king_felled = outcome == HIT
        elif outcome == MISS_KING:
            king_felled = True
        elif outcome >= HIT:
            felled = list(self.chain[outcome - HIT])
            up = self.up
            for i in felled:
                up[i] = False
            base = self.base
            if any(base[i] for i in felled) and self.standing_targets(team)[0]:
                raised = [i for i in felled if base[i]]
                for i in raised:
                    up[i] = True
        if self.turn_field > 0:
            stats[S_FIRST_FELLED] += sum(1 for i in felled if not self.base[i])
            self.turn_field = -1
        line = self.throwing_spot(aim)[0]
        kind = AIM_KING if at_king else (AIM_BASE if self.base[aim] else AIM_FIELD)
        self.log.append(
            (1, team, self.turn, line, aim, kind, tuple(felled), king_felled, tuple(raised))
        )
        if king_felled:
            self.king_up = False
            self.phase = OVER
            if at_king:
                self.winner, self.reason = team, "king"
            else:
                self.winner, self.reason = 1 - team, "early_king"
            return
        self._next_baton()

    # ---------------------------------------------------------------- throw-ins

    def _land(self, outcome: int) -> None:
        game = self.game
        kubb = self.queue[0]
        self.attempt += 1
        if outcome < throws.LANDINGS:
            point = game.landings[self.team][self.aim][1][outcome]
            assert point is not None
            self._place(kubb, point, point, False)
        elif outcome == throws.THROW_IN_KING:
            self.stats[S_THROW_INS] += 1
            self.log.append((0, self.team, self.turn, kubb, self.attempt, None, None, False))
            self.king_up = False
            self.phase = OVER
            self.winner, self.reason = 1 - self.team, "throw_in_king"
        elif self.attempt >= game.rules.throw_in_attempts:
            self.phase = PENALTY
        else:
            self.phase = THROW_AIM

    def _penalty(self, spot: int) -> None:
        point = self.game.aims[1 - self.team][spot]
        self.stats[S_PENALTIES] += 1
        self._place(self.queue[0], None, point, True)

    def _place(self, kubb: int, landed: Point | None, point: Point, penalty: bool) -> None:
        x, y = self._free_spot(kubb, point)
        self.xs[kubb] = x
        self.ys[kubb] = y
        self.up[kubb] = True
        self.base[kubb] = False
        self.stats[S_THROW_INS] += 1
        self.log.append((0, self.team, self.turn, kubb, self.attempt, landed, (x, y), penalty))
        self.queue.pop(0)
        self.attempt = 0
        if self.queue:
            self.phase = THROW_AIM
        else:
            self._after_throw_ins()

    def _free_spot(self, kubb: int, point: Point) -> Point:
        """``point``, or the nearest point across the field ``MIN_GAP`` steps away that keeps
        ``MIN_GAP`` from every standing kubb and stays on the field's width."""
        x, y = point
        gap = throws.MIN_GAP
        width = self.game.field.width
        xs, ys, up = self.xs, self.ys, self.up
        others = [
            (xs[i], ys[i])
            for i in range(self.game.kubbs)
            if up[i] and i != kubb and abs(xs[i] - x) < gap
        ]
        if not others:
            return point
        for step in range(0, 2 * int(width / gap) + 2):
            shift = (step + 1) // 2 * gap * (1 if step % 2 else -1)
            cy = y + shift
            if 0.0 <= cy <= width and all(math.hypot(ox - x, oy - cy) >= gap for ox, oy in others):
                return (x, cy)
        return point

    # ---------------------------------------------------------------- records and metrics

    def record_lines(self) -> list[dict[str, Any]]:
        """One line per throw-in kubb and per baton, in the issue's format."""
        lines: list[dict[str, Any]] = []
        kubbs = self.game.kubbs
        for entry in self.log:
            if entry[0] == 0:
                _, team, turn, kubb, attempt, landed, placed, penalty = entry
                lines.append(
                    {
                        "team": team,
                        "turn": turn,
                        "throw": "in",
                        "kubb": kubb,
                        "attempt": attempt,
                        "landed": _point(landed) if landed is not None else None,
                        "placed": _point(placed) if placed is not None else None,
                        "penalty": penalty,
                    }
                )
            else:
                _, team, turn, line, aim, kind, felled, king_felled, raised = entry
                lines.append(
                    {
                        "team": team,
                        "turn": turn,
                        "throw": "baton",
                        "from_x": _round(line),
                        "aim": AIM_NAMES[kind],
                        "target": None if aim == kubbs else aim,
                        "felled": list(felled),
                        "king_felled": king_felled,
                        "raised": list(raised),
                    }
                )
        return lines

    def record_result(self) -> dict[str, Any]:
        """The record's last line."""
        if self.winner >= 0:
            return {
                "result": "win",
                "winners": [self.winner],
                "turns": self.turn,
                "reason": self.reason,
            }
        return {"result": "unfinished", "winners": [], "turns": self.turn, "reason": "max_turns"}

    def game_metrics(self) -> dict[str, float]:
        """This game's own numbers (averaged over a check as ``metrics["game"]``).

        The first-baton efficiency of :mod:`throws` (summed over all turns of all games) is
        the ratio of the means of ``first_baton_field_felled`` and ``first_baton_field_kubbs``
        (the report's pooled ``first_baton_field_rate``);
        the mean of ``first_baton_field_share`` (this game's ratio) weighs every game alike and
        reads higher, as short games with few field kubbs clear a larger share.
        ``first_turn_end`` is 1 when the game ended in turn 1, the starting team's first turn
        (its king shot, or a king felled too early): the rate the seed sheet's king rule is
        said to bring to zero, and does not."""
        stats = self.stats
        turns = max(1, stats[S_TURNS])
        return {
            "turns": float(self.turn),
            "batons": float(stats[S_BATONS]),
            "first_team_won": float(self.winner == self.first and self.winner >= 0),
            "early_king": float(self.reason in ("early_king", "throw_in_king")),
            "first_turn_end": float(self.winner >= 0 and self.turn == 1),
            "unfinished": float(self.winner < 0),
            "penalty_kubbs": float(stats[S_PENALTIES]),
            "throw_ins": float(stats[S_THROW_INS]),
            "king_shots": float(stats[S_KING_SHOTS]),
            "advantage_turn_share": stats[S_ADV_TURNS] / turns,
            "advantage_used_share": stats[S_ADV_USED] / turns,
            "first_baton_field_share": stats[S_FIRST_FELLED] / max(1, stats[S_FIRST_FIELD]),
            "first_baton_field_kubbs": float(stats[S_FIRST_FIELD]),
            "first_baton_field_felled": float(stats[S_FIRST_FELLED]),
        }


STAT_NAMES = (
    "turns", "batons", "penalties", "throw_ins", "king_shots", "adv_turns", "adv_used",
    "first_field", "first_felled",
)  # fmt: skip
(
    S_TURNS,
    S_BATONS,
    S_PENALTIES,
    S_THROW_INS,
    S_KING_SHOTS,
    S_ADV_TURNS,
    S_ADV_USED,
    S_FIRST_FIELD,
    S_FIRST_FELLED,
) = range(len(STAT_NAMES))


def _round(value: float) -> float:
    return round(value, 6)


def _point(point: Point) -> list[float]:
    return [_round(point[0]), _round(point[1])]
