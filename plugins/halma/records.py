"""Halma game records: rebuild the game from a record header and re-validate every move.

A record is JSON Lines (``docs/design.md``): a header with the ``[rules]`` table (``variant``, added
by the core), ``n`` and each seat's ``start`` and ``target`` holes as ``[q, r]`` lists (from
:meth:`HalmaGame.record_header`), one ``{"player": i, "path": [[q, r], ...]}`` line per turn
(an empty path is a pass) and a last ``{"result", "winners", "rounds"}`` line; the core's
:class:`~plywright.records.RecordBuilder` writes it, :func:`~plywright.records.split_record`
takes it apart.

:func:`check_record` (the game's record checker) checks each path hop by hop against the
rules text (steps, jumps over an occupied middle hole, no landing twice, never back on the
start, ``jump_own``, the target lock), independently of the engine's move generator, then
lets the engine apply the move.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Any

from pydantic import ValidationError

from plywright.engine import Outcome
from plywright.plugins.halma.geometry import DIRECTIONS, point_of
from plywright.plugins.halma.movegen import holes_of
from plywright.plugins.halma.options import HalmaRules
from plywright.plugins.halma.rules import HalmaGame, HalmaState, make_game
from plywright.records import RecordError, split_record


def _holes(value: object, line: int, what: str) -> list[tuple[int, int]]:
    if not isinstance(value, list) or not all(
        isinstance(h, list) and len(h) == 2 and all(isinstance(c, int) for c in h) for h in value
    ):
        raise RecordError(line, f"{what} must be a list of [q, r] pairs")
    return [(h[0], h[1]) for h in value]


def _point(holes: list[tuple[int, int]], n: int, line: int, what: str) -> int:
    points = {point_of(q, r, n) for q, r in holes}
    size = n * (n + 1) // 2
    if len(points) != 1 or None in points or len(set(holes)) != size:
        raise RecordError(line, f"{what} must be exactly the {size} holes of one point")
    point = points.pop()
    assert point is not None
    return point


def _rules_from_header(header: Mapping[str, Any], first_player: int | None) -> HalmaRules:
    """The rules the header states (``variant``: the ``[rules]`` table as the core writes it,
    or a whole variant with a ``rules`` table), else the ones its start and target holes imply
    with default options."""
    variant = header.get("variant")
    for table in (
        variant.get("rules", variant) if isinstance(variant, Mapping) else None,
        header.get("rules"),
        header.get("parameters"),
    ):
        if isinstance(table, Mapping):
            try:
                return HalmaRules.model_validate(dict(table))
            except ValidationError as exc:
                raise RecordError(
                    1, f"invalid rules in the header: {exc.errors()[0]['msg']}"
                ) from None
    n = header.get("n")
    if not isinstance(n, int):
        raise RecordError(1, "header has no board size 'n'")
    start = header.get("start")
    target = header.get("target")
    if not isinstance(start, list) or not isinstance(target, list) or len(start) != len(target):
        raise RecordError(1, "header needs 'start' and 'target' lists, one entry per seat")
    seating = tuple(_point(_holes(s, 1, "start"), n, 1, "start") for s in start)
    targets = tuple(_point(_holes(t, 1, "target"), n, 1, "target") for t in target)
    try:
        return HalmaRules(
            n=n,
            players=len(seating),
            seating=seating,
            targets=targets,
            first_seat=first_player or 0,
        )
    except ValidationError as exc:
        raise RecordError(1, f"inconsistent header: {exc.errors()[0]['msg']}") from None


def game_from_header(header: Mapping[str, Any], first_player: int | None = None) -> HalmaGame:
    """Rebuild the game of a record header and check its start and target holes."""
    if header.get("game", "halma") != "halma":
        raise RecordError(1, f"not a halma record (game = {header.get('game')!r})")
    game = make_game(_rules_from_header(header, first_player))
    expected = game.record_header()
    for key in ("n", "start", "target"):
        if key in header and header[key] != expected[key]:
            raise RecordError(1, f"header {key!r} does not match the rules")
    return game


def check_path(game: HalmaGame, state: HalmaState, path: list[tuple[int, int]], line: int) -> int:
    """Check one move path hop by hop from the rules text; return its action."""
    board = game.tables.board
    index = board.index
    n = game.rules.n
    seat = state.current_player()
    for hole in path:
        if hole not in index:
            raise RecordError(line, f"hole {list(hole)} is not on the board")
    start = path[0]
    owner = {board.holes[h]: s for s in range(game.players) for h in holes_of(state.pegs(s))}
    if owner.get(start) != seat:
        raise RecordError(line, f"player {seat} has no peg on {list(start)}")
    del owner[start]  # the start hole is empty during the move
    if len(path) < 2:
        raise RecordError(line, "a move path needs at least two holes")
    target_point = game.rules.target_points()[seat]
    locked = game.rules.target_lock and point_of(*start, n) == target_point
    visited = {start}
    for hop, (a, b) in enumerate(pairwise(path), start=1):
        dq, dr = b[0] - a[0], b[1] - a[1]
        if b in visited:
            raise RecordError(line, f"hop {hop} lands on {list(b)} twice or back on the start")
        if b in owner:
            raise RecordError(line, f"hop {hop} lands on the occupied hole {list(b)}")
        if locked and point_of(*b, n) != target_point:
            raise RecordError(line, f"hop {hop} leaves the target (target lock)")
        if (dq, dr) in DIRECTIONS:
            if len(path) != 2:
                raise RecordError(line, "a step must be the whole move")
        elif dq % 2 == 0 and dr % 2 == 0 and (dq // 2, dr // 2) in DIRECTIONS:
            middle = (a[0] + dq // 2, a[1] + dr // 2)
            if middle not in owner:
                raise RecordError(line, f"hop {hop} jumps over the empty hole {list(middle)}")
            if not game.rules.jump_own and owner[middle] == seat:
                raise RecordError(line, f"hop {hop} jumps over an own peg (jump_own = false)")
        else:
            raise RecordError(line, f"hop {hop} from {list(a)} to {list(b)} is no step or jump")
        visited.add(b)
    return index[start] * game.size + index[path[-1]]


ACTION_KEYS = frozenset({"player", "path"})
"""The keys of every move line."""


def check_record(lines: Sequence[Mapping[str, Any]]) -> Outcome:
    """Replay a record (header, actions, result) and return its outcome.

    Raises :class:`RecordError` (a ``ValueError``) naming the first bad line.
    """
    # the game is checked by game_from_header, which also takes a header without "game"
    parts = split_record(lines, action_keys=ACTION_KEYS)
    first = parts.actions[0].get("player") if parts.actions else None
    game = game_from_header(parts.header, first if isinstance(first, int) else None)
    state = game.new_initial_state()
    for number, entry in parts.numbered():
        if state.is_terminal():
            raise RecordError(number, "a move after the end of the game")
        if entry.get("player") != state.current_player():
            raise RecordError(
                number, f"player {entry.get('player')!r} moves, expected {state.current_player()}"
            )
        path = _holes(entry.get("path"), number, "path")
        if not path:
            if state.move_masks():
                raise RecordError(number, "a pass while a move is possible")
            action = game.pass_action
        else:
            action = check_path(game, state, path, number)
        try:
            state.apply_action(action)
        except ValueError as exc:
            raise RecordError(number, f"the engine rejects the move: {exc}") from None
    last = parts.last
    if not state.is_terminal():
        raise RecordError(last, "the moves do not finish the game")
    outcome = state.outcome()
    result = parts.result
    stated = (result.get("result"), result.get("winners"), result.get("rounds"))
    if stated != (outcome.result, list(outcome.winners), outcome.rounds):
        raise RecordError(
            last,
            f"result {stated} does not match the replay "
            f"({outcome.result}, {list(outcome.winners)}, {outcome.rounds})",
        )
    return outcome
