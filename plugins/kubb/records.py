"""Kubb game records (``--records``): the format and an independent checker.

A record is JSON Lines. The header (written by the core) holds ``game``, ``variant`` (the
``[rules]`` table), ``seed``, ``game_index``, ``players``, ``agents`` and, from
:meth:`KubbGame.record_header`, ``field`` (``{"length": L, "width": W}``), ``king`` (``[x, y]``)
and ``base`` (each team's base kubbs as ``[x, y]`` lists; kubb ids ``0 .. K-1`` are team 0's in
this order, ``K .. 2K-1`` team 1's). Coordinates are metres: ``x`` along the length from team
0's baseline (0) to team 1's (L), ``y`` across from 0 to W. Then one line per throw
(:meth:`KubbState.record_lines`):

- a throw-in, one line per kubb thrown in: ``{"team", "turn", "throw": "in", "kubb", "attempt",
  "landed", "placed", "penalty"}`` — ``attempt`` is the attempt that landed (1-based; for a
  penalty kubb the attempts used), ``landed`` the landing point or ``null`` for a penalty
  kubb, ``placed`` where the kubb stands (moved across if it landed on another kubb; for a
  penalty kubb the defenders' spot); a kubb that landed against the king and felled it has
  ``landed`` and ``placed`` ``null``, ``penalty`` false, and ends the game: the throwing team
  loses (``throw_in_king``);
- a baton: ``{"team", "turn", "throw": "baton", "from_x", "aim": "field" | "base" | "king",
  "target", "felled", "king_felled", "raised"}`` — ``target`` is ``null`` for the king,
  ``felled`` every kubb the baton knocked over (the kubb it struck first: the target, or a kubb
  of the target's group, within ``neighbour_radius`` of it), ``raised`` the base kubbs stood
  up again because a field kubb still stands.

The last line is ``{"result": "win", "winners": [t], "turns": k, "reason": "king" |
"early_king" | "throw_in_king"}`` or ``{"result": "unfinished", "winners": [], "turns": k, "reason":
"max_turns"}``. ``turn`` counts the game's turns (1, 2, 3, ..., teams alternating).

:func:`check_record` replays a record's lines against the rules text, independently of the
engine: who throws when, throw-ins of exactly the kubbs lying in the thrower's half, landing
and penalty spots, the target order, raised base kubbs, the king rules, the advantage line and
the result.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from plywright.engine import Outcome
from plywright.plugins.kubb.geometry import KubbField
from plywright.plugins.kubb.options import KubbRules
from plywright.records import RecordError, split_record

IN_KEYS = frozenset({"team", "turn", "throw", "kubb", "attempt", "landed", "placed", "penalty"})
BATON_KEYS = frozenset(
    {"team", "turn", "throw", "from_x", "aim", "target", "felled", "king_felled", "raised"}
)
RESULT_KEYS = frozenset({"result", "winners", "turns", "reason"})
TOLERANCE = 1e-6


def rules_of(header: Mapping[str, Any]) -> KubbRules:
    """The ``[rules]`` of a record header (:func:`check_record` has checked its ``game``)."""
    try:
        return KubbRules.model_validate(dict(header.get("variant") or {}))
    except ValidationError as exc:
        raise RecordError(1, f"invalid rules in the header: {exc.errors()[0]['msg']}") from None


class _Replay:
    """Positions and standing of every kubb, as the lines say, checked against the rules."""

    def __init__(self, rules: KubbRules, header: Mapping[str, Any]) -> None:
        self.rules = rules
        self.geo = KubbField.from_rules(rules)
        geo = self.geo
        expected = {
            "field": {"length": geo.length, "width": geo.width},
            "king": list(geo.king),
            "base": [[list(p) for p in geo.base_positions(t)] for t in (0, 1)],
        }
        for key, value in expected.items():
            if header.get(key) != value:
                raise RecordError(1, f"header {key!r} is {header.get(key)!r}, expected {value!r}")
        base = [*geo.base_positions(0), *geo.base_positions(1)]
        self.pos = [list(p) for p in base]
        self.up = [True] * len(base)
        self.base = [True] * len(base)
        self.team = -1
        self.turn = 0
        self.batons = 0
        self.adv: float | None = None
        self.throwing = False
        self.first = -1
        self.pending: list[int] = []

    def half(self, kubb: int) -> int:
        return self.geo.half_of(self.pos[kubb][0])

    def begin(self, team: int, turn: int, line: int) -> None:
        if not self.turn:
            self.first = team if turn % 2 else 1 - team
        if turn <= self.turn or team != (self.first if turn % 2 else 1 - self.first):
            raise RecordError(line, f"turn {turn} of team {team} after turn {self.turn}")
        self.team, self.turn = team, turn
        self.batons = 0
        self.throwing = True
        self.pending = sorted(
            i for i in range(len(self.up)) if not self.up[i] and self.half(i) == team
        )
        fronts = [
            self.pos[i][0]
            for i in range(len(self.up))
            if self.up[i] and not self.base[i] and self.half(i) == team
        ]
        centre = self.geo.centre_x
        self.adv = min(fronts, key=lambda x: abs(x - centre)) if fronts else None

    def throw_in(self, entry: Mapping[str, Any], line: int) -> bool:
        """Check one throw-in; True when it felled the king (and so ended the game)."""
        if not self.throwing:
            raise RecordError(line, "a throw-in after the first baton of the turn")
        kubb = entry["kubb"]
        if not self.pending or kubb != self.pending[0]:
            raise RecordError(
                line, f"kubb {kubb} thrown in; the next felled kubb is {self.pending}"
            )
        self.pending.pop(0)
        other = 1 - self.team
        attempts = self.rules.throw_in_attempts
        if entry["placed"] is None and entry["landed"] is None and not entry["penalty"]:
            if not 1 <= entry["attempt"] <= attempts:
                raise RecordError(line, "a throw-in at the king within the attempts")
            return True
        placed = _point(entry["placed"], line)
        if not self.geo.in_half(other, placed):
            raise RecordError(line, f"kubb {kubb} placed at {list(placed)}, outside the half")
        if entry["penalty"]:
            if entry["landed"] is not None or entry["attempt"] != attempts:
                raise RecordError(line, "a penalty kubb follows every attempt missed")
            least = self.rules.penalty_min_distance - TOLERANCE
            if (
                math.dist(placed, self.geo.king) < least
                or self.geo.distance_to_stakes(placed) < least
            ):
                raise RecordError(line, f"penalty kubb at {list(placed)} too close to king/stake")
        else:
            landed = _point(entry["landed"], line)
            if not 1 <= entry["attempt"] <= attempts or not self.geo.landed(other, landed):
                raise RecordError(line, "a throw-in lands in the other half within the attempts")
        self.pos[kubb] = list(placed)
        self.up[kubb] = True
        self.base[kubb] = False
        return False

    def baton(self, entry: Mapping[str, Any], line: int) -> bool:
        """Check one baton; True when it ended the game."""
        if self.throwing:
            if self.pending:
                raise RecordError(line, f"batons before the throw-ins of {self.pending}")
            self.throwing = False
        self.batons += 1
        allowed = self.rules.batons_in_turn(self.turn)
        if self.batons > allowed:
            raise RecordError(line, f"baton {self.batons} in a turn of {allowed}")
        team, other = self.team, 1 - self.team
        field_up = [
            i
            for i in range(len(self.up))
            if self.up[i] and not self.base[i] and self.half(i) == other
        ]
        base_up = [
            i for i in range(len(self.up)) if self.up[i] and self.base[i] and self.half(i) == other
        ]
        aim, target = entry["aim"], entry["target"]
        baseline = self.geo.baseline_x(team)
        if aim == "king":
            king_ok = (
                not field_up
                and not base_up
                and (
                    self.turn > 1
                    if self.rules.king_rule == "world"
                    else allowed - self.batons + 1 >= self.rules.king_min_batons_left
                )
            )
            if not king_ok or target is not None or abs(entry["from_x"] - baseline) > TOLERANCE:
                raise RecordError(line, "a king shot that the rules do not allow here")
        elif aim == "field" and target not in field_up:
            raise RecordError(line, f"target {target} is no standing field kubb of the half")
        elif aim == "base" and (field_up or target not in base_up):
            raise RecordError(line, f"target {target} is not a base kubb that may be thrown at")
        elif aim not in ("field", "base"):
            raise RecordError(line, f"unknown aim {aim!r}")
        on_line = abs(entry["from_x"] - baseline) <= TOLERANCE or (
            self.adv is not None and abs(entry["from_x"] - self.adv) <= TOLERANCE
        )
        if aim != "king" and not on_line:
            raise RecordError(line, f"from_x {entry['from_x']} is no throwing line of team {team}")
        felled = list(entry["felled"])
        standing = set(field_up) | set(base_up)
        struck_ok = bool(felled) and (
            felled[0] == target
            or (
                target is not None
                and math.dist(self.pos[felled[0]], self.pos[target])
                < self.rules.neighbour_radius + TOLERANCE
            )
        )
        if felled and (not struck_ok or not set(felled) <= standing or aim == "king"):
            raise RecordError(
                line,
                f"felled {felled}: the struck kubb (the target or one of its group) first, "
                "then standing kubbs",
            )
        for i in felled:
            self.up[i] = False
        still = any(self.up[i] for i in field_up)
        raised = sorted(i for i in felled if self.base[i]) if still else []
        if sorted(entry["raised"]) != raised:
            raise RecordError(line, f"raised {entry['raised']}, the rules raise {raised}")
        for i in raised:
            self.up[i] = True
        return bool(entry["king_felled"])


def _point(value: object, line: int) -> tuple[float, float]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, (int, float)) for v in value)
    ):
        raise RecordError(line, f"expected an [x, y] point, got {value!r}")
    return (float(value[0]), float(value[1]))


def check_record(lines: Sequence[Mapping[str, Any]]) -> Outcome:
    """Replay a record against the rules (the game's record checker); returns its outcome
    (``rounds``: the turns played).

    Raises :class:`RecordError` (a ``ValueError``) naming the first bad line."""
    parts = split_record(
        lines,
        "kubb",
        action_keys={"in": IN_KEYS, "baton": BATON_KEYS},
        kind="throw",
        result_keys=RESULT_KEYS,
    )
    header, result = parts.header, parts.result
    replay = _Replay(rules_of(header), header)
    winner: int | None = None
    reason = "max_turns"
    for number, entry in parts.numbered():
        if winner is not None:
            raise RecordError(number, "a throw after the king fell")
        if (entry["team"], entry["turn"]) != (replay.team, replay.turn):
            replay.begin(entry["team"], entry["turn"], number)
        if entry["throw"] == "in":
            if replay.throw_in(entry, number):
                winner, reason = 1 - entry["team"], "throw_in_king"
        elif replay.baton(entry, number):
            early = entry["aim"] != "king"
            winner = 1 - entry["team"] if early else entry["team"]
            reason = "early_king" if early else "king"
    expected = (
        {"result": "win", "winners": [winner], "turns": replay.turn, "reason": reason}
        if winner is not None
        else {"result": "unfinished", "winners": [], "reason": reason}
    )
    last = parts.last
    for key, value in expected.items():
        if result[key] != value:
            raise RecordError(last, f"result {key} {result[key]!r}, the throws say {value!r}")
    if winner is None and result["turns"] != replay.rules.max_turns:
        raise RecordError(last, "an unfinished game stops at max_turns")
    return Outcome(result["result"], tuple(result["winners"]), result["turns"])
