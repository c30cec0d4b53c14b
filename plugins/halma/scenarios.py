"""Halma's scenario player: the rulebook's sentences played by the engine (``scenarios/*.toml``).

A scenario speaks the words of the engine and of the game records:

- ``setup``: ``start = true`` (every seat on its start triangle) or ``pegs``, one list of
  ``[q, r]`` holes per seat (seats beyond the list have no pegs), and ``seat``, the seat to
  move (default: the first seat).
- a step's ``action``: ``path = [[q, r], ...]`` (a step: two holes; a chain of jumps: every
  landing), or ``pass = true``; ``seat`` (optional) says who means to act, and
  ``what_if = true`` asks whether the move is allowed here without playing it (for a diagram
  that shows several moves from one position).
- ``expect``: the facts of :func:`facts`.

The move is judged as the engine identifies it, by ``(from, to)``: the engine's legal moves
decide, the target lock included (nothing here re-implements it). What the engine does not
see in ``(from, to)`` is checked on the path hop by hop: each hop is a step (the whole move)
or a jump over an occupied hole the engine lets the mover jump (:func:`movegen.jumpable`, the
engine's own rule) onto a free hole, and no hole is landed on twice; a refusal is named by
the first fault on the path, else by what the engine's refusal must be. Refusal codes:
``off-board``, ``not-your-turn``, ``not-own-peg``, ``no-step-or-jump``, ``occupied``,
``nothing-to-jump``, ``own-peg``, ``hole-twice``, ``back-to-start``, ``target-lock`` (the
engine refuses and the path leaves the target of a peg that started in it), ``refused`` (the
engine refuses otherwise), ``must-move`` (a pass with a move at hand) and ``game-over``.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from plywright.plugins.halma import movegen
from plywright.plugins.halma.geometry import DIRECTIONS, Hole, point_of
from plywright.plugins.halma.movegen import holes_of
from plywright.plugins.halma.options import HalmaRules
from plywright.plugins.halma.rules import HalmaGame, HalmaState, make_game
from plywright.scenarios import Scenario, ScenarioRun, StepOutcome

CENTRE = 6
"""What :func:`facts` calls the central hexagon among the points 0-5."""


def _holes(value: object, what: str) -> list[Hole]:
    if not isinstance(value, list) or not all(
        isinstance(h, list) and len(h) == 2 and all(isinstance(c, int) for c in h) for h in value
    ):
        raise ValueError(f"{what} must be a list of [q, r] holes")
    return [(h[0], h[1]) for h in value]


def initial_state(game: HalmaGame, setup: dict[str, Any]) -> HalmaState:
    """The position of a scenario's ``setup``."""
    if setup.get("start"):
        if "seat" not in setup:
            return game.new_initial_state()
        return game.state_from([holes_of(m) for m in game.start_masks], int(setup["seat"]))
    rows = setup.get("pegs", [])
    if not isinstance(rows, list) or len(rows) > game.players:
        raise ValueError(f"setup.pegs must list at most {game.players} seats")
    index = game.tables.board.index
    pegs: list[list[int]] = []
    for seat in range(game.players):
        holes = _holes(rows[seat], f"setup.pegs[{seat}]") if seat < len(rows) else []
        off = [list(h) for h in holes if h not in index]
        if off:
            raise ValueError(f"setup.pegs[{seat}]: {off} not on the board of n = {game.rules.n}")
        pegs.append([index[h] for h in holes])
    to_move = setup.get("seat")
    return game.state_from(pegs, None if to_move is None else int(to_move))


def _owner(state: HalmaState) -> dict[Hole, int]:
    holes = state.game.tables.board.holes
    return {holes[h]: s for s in range(state.game.players) for h in holes_of(state.pegs(s))}


def _path_fault(state: HalmaState, path: Sequence[Hole], *, final: bool) -> str | None:
    """What is wrong with ``path`` hop by hop (``None``: nothing): each hop a step (the whole
    move) or a jump over an occupied hole the engine lets the mover jump, onto a free hole
    (the last one only if ``final``: where a move ends is the engine's to say), no hole
    landed on twice."""
    game = state.game
    index = game.tables.board.index
    owner = _owner(state)
    start = path[0]
    del owner[start]  # the start hole is empty while the peg moves
    over_ok = movegen.jumpable(state.occupancy(), state.pegs(state.seat), game.rules.jump_own)
    landed: list[Hole] = []
    for hop, (a, b) in enumerate(pairwise(path), 1):
        dq, dr = b[0] - a[0], b[1] - a[1]
        if (dq, dr) in DIRECTIONS and len(path) == 2:
            pass
        elif dq % 2 == 0 and dr % 2 == 0 and (dq // 2, dr // 2) in DIRECTIONS:
            middle = (a[0] + dq // 2, a[1] + dr // 2)
            if middle not in owner:
                return "nothing-to-jump"
            if not over_ok >> index[middle] & 1:
                return "own-peg"
        else:
            return "no-step-or-jump"
        last = hop == len(path) - 1
        if b in owner and (final or not last):
            return "occupied"
        if b in landed:
            return "hole-twice"
        if b == start and not last:
            return "back-to-start"
        landed.append(b)
    return None


def judge(state: HalmaState, path: Sequence[Hole]) -> StepOutcome:
    """Whether the seat to act may move along ``path`` here, and if not, why: the engine
    decides the move ``(from, to)``, the path is checked for what ``(from, to)`` does not
    show (:func:`_path_fault`)."""
    game = state.game
    board = game.tables.board
    if any(h not in board.index for h in path):
        return StepOutcome(False, "off-board")
    seat = state.seat
    if len(path) < 2 or _owner(state).get(path[0]) != seat:
        return StepOutcome(False, "not-own-peg")
    start, end = path[0], path[-1]
    if state.peg_destinations(board.index[start]) >> board.index[end] & 1:
        fault = _path_fault(state, path, final=False)
        return StepOutcome(fault is None, fault)
    fault = _path_fault(state, path, final=True)
    if fault is not None:
        return StepOutcome(False, fault)
    if end == start:
        return StepOutcome(False, "back-to-start")
    target = game.rules.target_points()[seat]
    n = game.rules.n
    inside = point_of(*start, n) == target
    if game.rules.target_lock and inside and any(point_of(*h, n) != target for h in path):
        return StepOutcome(False, "target-lock")
    return StepOutcome(False, "refused")


def step(state: HalmaState, action: dict[str, Any]) -> StepOutcome:
    """Apply one scenario action to ``state`` if the rules allow it (``what_if``: only ask)."""
    unknown = set(action) - {"path", "pass", "seat", "what_if"}
    if unknown or ("path" in action) == bool(action.get("pass")):
        raise ValueError(f"an action is a path or pass = true, got {action}")
    if state.is_terminal():
        return StepOutcome(False, "game-over")
    if "seat" in action and int(action["seat"]) != state.seat:
        return StepOutcome(False, "not-your-turn")
    game = state.game
    if action.get("pass"):
        if game.pass_action not in state.legal_actions():
            return StepOutcome(False, "must-move")
        move = game.pass_action
    else:
        path = _holes(action["path"], "path")
        outcome = judge(state, path)
        if not outcome.legal:
            return outcome
        index = game.tables.board.index
        move = index[path[0]] * game.size + index[path[-1]]
    if not action.get("what_if"):
        state.apply_action(move)
    return StepOutcome(True)


def facts(state: HalmaState) -> dict[str, Any]:
    """What a scenario may expect: ``outcome`` ("playing", "win", "draw", "stalemate",
    "unfinished"), ``winners``, ``round``, ``seat`` (to act), ``completed`` (seats that
    completed this round), ``pegs`` (each seat's holes, sorted), ``peg_counts``,
    ``must_pass`` (the seat to act has no move), ``moves`` (its number of moves),
    ``triangles`` (each seat: the points its pegs stand on, 6 the hexagon), ``targets``
    (each seat's target point) and ``empty_targets`` (seats whose target holds no peg)."""
    game = state.game
    board = game.tables.board
    n = game.rules.n
    seats = range(game.players)
    pegs = [sorted(board.holes[h] for h in holes_of(state.pegs(s))) for s in seats]
    done = state.is_terminal()
    outcome = state.outcome() if done else None
    moves = 0 if done else sum(d.bit_count() for d in state.move_masks().values())
    points = board.points
    target_points = [game.tables.points.index(mask) for mask in game.target_masks]
    return {
        "outcome": outcome.result if outcome else "playing",
        "winners": list(outcome.winners) if outcome else [],
        "round": state.round,
        "seat": state.seat,
        "completed": list(state.completed()),
        "pegs": [[list(h) for h in row] for row in pegs],
        "peg_counts": [len(row) for row in pegs],
        "must_pass": not done and moves == 0,
        "moves": moves,
        "triangles": [
            sorted({CENTRE if (p := point_of(q, r, n)) is None else p for q, r in row})
            for row in pegs
        ],
        "targets": target_points,
        "empty_targets": [
            s
            for s in seats
            if not any(state.occupancy() >> h & 1 for h in points[target_points[s]])
        ],
    }


def play(scenario: Scenario, rules: HalmaRules) -> ScenarioRun:
    """The game's :data:`~plywright.scenarios.ScenarioPlayer`."""
    game = make_game(rules)
    state = initial_state(game, scenario.model.setup)
    run = ScenarioRun(states=[state.clone()])
    for written in scenario.model.steps:
        run.steps.append(step(state, written.action))
        run.states.append(state.clone())
    run.facts = facts(state)
    run.state = state
    return run
