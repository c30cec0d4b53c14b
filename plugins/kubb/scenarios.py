"""The Kubb scenario player: a scenario file's position and throws, played by the engine.

``setup`` (the start of a turn, :meth:`KubbGame.position`; ``lag = true``: the game before the
lag, nothing else set): ``thrower`` (team 0 or 1, default
0), ``turn`` (the game's turn, default 1), ``first`` (the team that began; default: the one
whose turns are the odd ones), ``felled_base`` (base kubbs lying felled on their baseline),
``field`` (field kubbs, ``{ kubb, x, y, standing = true }``) and ``batons_thrown`` (batons of
this turn already out of hand).

Each step's ``action`` is one throw or choice, with the result chance gave it stated in the
file; the player picks the engine's chance outcome that is that result:

- ``{ baton = 7, fells = [7] }`` — a baton aimed at kubb 7 that fells kubb 7 (``fells = []``:
  a miss; ``fells_king = true``: it missed and the king fell); ``{ baton = "king",
  fells_king = true }`` — a baton at the king that fells it;
- ``{ throw_in = 3, at = [6.0, 1.5] }`` — kubb 3 thrown in, landing on the aim point (a point
  of the engine's aim grid); ``out = true``: it lands outside the half; ``fells_king = true``:
  it lands against the king;
- ``{ penalty = 3, at = [7.5, 4.0] }`` — the other team stands penalty kubb 3 there;
- ``{ line = "advantage" }`` or ``{ line = "baseline" }`` — where the team throws its batons;
- ``{ lag = [0.4, "king"] }`` — the lag: how far team 1's and team 2's batons lie from the
  king (m), ``"king"`` for one that touched him (:func:`~plywright.plugins.kubb.rules.lag_winner`; a
  tie leaves the game before the lag, to be thrown again).

A step is legal when the engine offers it: the throw is the engine's decision at that moment
(its target among the legal targets, its aim, its spot) and the result one of its chance
outcomes. A refused step leaves the state as it was; its reason is the engine's
(:meth:`KubbState.refusal`), or ``not-now`` (the engine waits for another kind of step),
``not-an-aim``, ``outcome-impossible``, ``penalty-too-close``, ``penalty-not-own-half`` (a
spot in the thrower's half: the engine offers spots only in the placing team's own half),
``no-advantage-line``
(``not-now`` while kubbs are still to be thrown in: the line is chosen after the throw-ins).

Facts (``expect``): ``winner`` (a team or ``"none"``), ``reason`` (``king``, ``early_king``,
``throw_in_king`` or ``"none"``), ``over``, ``king_standing``, ``to_throw`` and ``turn`` (whose
turn it is now), ``standing_base`` and ``standing_field`` (per half, the standing kubb ids
there), ``field_at`` (every field kubb's ``[x, y]``, by id), ``raised`` (base kubbs stood up
again by the last baton), ``lines`` (each baton's throwing line ``x``, in order),
``spots`` (each baton's throwing spot ``[x, y]``, :meth:`KubbState.throwing_spot`),
``throw_in_from`` (the ``x`` each throw-in attempt was thrown from), ``begins`` (the team that
began, ``"none"`` before the lag is won) and ``king_batons`` (``allowed`` and ``refused``: the
number within its turn of every baton aimed at the king).
"""

from __future__ import annotations

import math
from typing import Any

from plywright.plugins.kubb import throws
from plywright.plugins.kubb.options import KubbRules
from plywright.plugins.kubb.rules import (
    ADVANCE,
    ADVANTAGE,
    BASELINE,
    BATON_AIM,
    BATON_OUT,
    HIT,
    MISS,
    MISS_KING,
    PENALTY,
    START,
    THROW_AIM,
    THROW_LAND,
    KubbGame,
    KubbState,
    lag_winner,
    make_game,
)
from plywright.scenarios import Scenario, ScenarioError, ScenarioRun, StepOutcome

ON_GRID = 1e-6
"""How close (m) a file's point must be to a point of the engine's aim grid."""
CENTRE_NODE = (
    len(throws.ALONG_NODES) // 2 * len(throws.ACROSS_NODES) + len(throws.ACROSS_NODES) // 2
)
"""The landing outcome with no error: the kubb lands on the aim point."""


class _Turn:
    """The thrower's turn as the player follows it: whose, which, and batons still in hand."""

    def __init__(self, state: KubbState) -> None:
        self.team, self.turn, self.left = state.team, state.turn, state.batons_left

    def batons_total(self, game: KubbGame) -> int:
        return game.rules.batons_in_turn(self.turn)

    def probe(self, state: KubbState) -> KubbState:
        """The position as it stands, with this turn's thrower to throw (for the reason)."""
        probe = state.clone()
        probe.team, probe.turn, probe.batons_left = self.team, self.turn, self.left
        return probe


def _start(game: KubbGame, setup: dict[str, Any]) -> KubbState:
    if setup.get("lag"):
        return game.new_initial_state()
    team = int(setup.get("thrower", 0))
    turn = int(setup.get("turn", 1))
    first = int(setup.get("first", team if turn % 2 else 1 - team))
    field = {
        int(kubb["kubb"]): (float(kubb["x"]), float(kubb["y"]), bool(kubb.get("standing", True)))
        for kubb in setup.get("field", ())
    }
    return game.position(
        team,
        turn,
        field_kubbs=field,
        felled_base=tuple(int(k) for k in setup.get("felled_base", ())),
        first=first,
        batons_thrown=int(setup.get("batons_thrown", 0)),
    )


def _aim_index(game: KubbGame, half: int, point: Any) -> int | None:
    if point is None:
        return None
    x, y = float(point[0]), float(point[1])
    for index, (ax, ay) in enumerate(game.aims[half]):
        if math.hypot(ax - x, ay - y) < ON_GRID:
            return index
    return None


def _baton(state: KubbState, turn: _Turn, action: dict[str, Any], run: ScenarioRun) -> StepOutcome:
    """A baton of the team whose turn the engine is in; refused, the reason is the one the
    engine gives for the last turn played (its thrower, its batons)."""
    game = state.game
    king = game.kubbs
    target = king if action["baton"] == "king" else int(action["baton"])
    fells = sorted(int(k) for k in action.get("fells", ()))
    fells_king = bool(action.get("fells_king", False))
    offered = (state.phase == BATON_AIM and target in state.targets) or (
        state.phase == BATON_OUT and state.aim == target
    )
    if offered:
        now = _Turn(state)
        number = now.batons_total(game) - now.left + 1
    else:
        number = turn.batons_total(game) - turn.left + 1
    if target == king:
        run.facts["king_batons"]["allowed" if offered else "refused"].append(number)
    if not offered:
        if turn.left <= 0:
            return StepOutcome(False, "no-batons-left")
        return StepOutcome(False, turn.probe(state).refusal(target) or "not-now")
    probe = state.clone()
    if probe.phase == BATON_AIM:
        probe.apply_action(target)
    chosen = None
    for outcome, _ in probe.outcomes:
        if outcome == MISS:
            result: tuple[list[int], bool] = ([], False)
        elif outcome == MISS_KING or target == king:
            result = ([], True)
        else:
            result = (sorted(probe.chain[outcome - HIT]), False)
        if result == (fells, fells_king):
            chosen = outcome
            break
    if chosen is None:
        return StepOutcome(False, "outcome-impossible")
    turn.team, turn.turn, turn.left = now.team, now.turn, now.left - 1
    run.facts["spots"].append([round(v, 6) for v in state.throwing_spot(target)])
    if state.phase == BATON_AIM:
        state.apply_action(target)
    state.apply_action(chosen)
    return StepOutcome(True)


def _throw_in(state: KubbState, action: dict[str, Any]) -> StepOutcome:
    game = state.game
    kubb = int(action["throw_in"])
    if state.phase != THROW_AIM or not state.queue or state.queue[0] != kubb:
        return StepOutcome(False, "not-now")
    half = 1 - state.team
    aim = _aim_index(game, half, action.get("at"))
    if aim is None:
        if "at" in action or not action.get("out"):
            return StepOutcome(False, "not-an-aim")
        aim = 0
    outcomes = {outcome for outcome, _ in game.landings[state.team][aim][0]}
    if action.get("fells_king"):
        wanted = throws.THROW_IN_KING
    elif action.get("out"):
        wanted = throws.LANDINGS
    else:
        wanted = CENTRE_NODE
    if wanted not in outcomes:
        return StepOutcome(False, "outcome-impossible")
    state.apply_action(aim)
    state.apply_action(wanted)
    return StepOutcome(True)


def _penalty(state: KubbState, action: dict[str, Any]) -> StepOutcome:
    game = state.game
    kubb = int(action["penalty"])
    if state.phase != PENALTY or state.queue[0] != kubb:
        return StepOutcome(False, "not-now")
    point = action.get("at")
    spot = _aim_index(game, 1 - state.team, point)
    if spot is None and point is not None and game.field.half_of(float(point[0])) == state.team:
        # the engine offers penalty spots only in the placing team's own half
        return StepOutcome(False, "penalty-not-own-half")
    if spot is None:
        return StepOutcome(False, "not-an-aim")
    if spot not in game.spots[1 - state.team]:
        return StepOutcome(False, "penalty-too-close")
    state.apply_action(spot)
    return StepOutcome(True)


def _line(state: KubbState, action: dict[str, Any]) -> StepOutcome:
    if state.phase in (THROW_AIM, THROW_LAND, PENALTY):
        return StepOutcome(False, "not-now")
    if state.phase != ADVANTAGE:
        return StepOutcome(False, "no-advantage-line")
    state.apply_action(ADVANCE if action["line"] == "advantage" else BASELINE)
    return StepOutcome(True)


def _lag_result(value: Any) -> float | None:
    """One baton of the lag as the file gives it: metres from the king, or ``"king"``."""
    if value == "king":
        return None
    return float(value)


def _lag(state: KubbState, action: dict[str, Any]) -> StepOutcome:
    """The lag: the team :func:`lag_winner` names begins (the start node's outcome); a tie
    leaves the game before the lag."""
    if state.phase != START:
        return StepOutcome(False, "not-now")
    first, second = (_lag_result(value) for value in action["lag"])
    winner = lag_winner(first, second)
    if winner is not None:
        state.apply_action(winner)
    return StepOutcome(True)


def _facts(state: KubbState, run: ScenarioRun) -> None:
    game = state.game
    kubbs = range(game.kubbs)

    def half(i: int) -> int:
        return game.field.half_of(state.xs[i]) if not state.base[i] else i // (game.kubbs // 2)

    lines = state.record_lines()
    batons = [line for line in lines if line["throw"] == "baton"]
    run.facts.update(
        {
            "winner": state.winner if state.winner >= 0 else "none",
            "reason": state.reason if state.winner >= 0 else "none",
            "over": state.is_terminal(),
            "king_standing": state.king_up,
            "to_throw": state.team,
            "turn": state.turn,
            "standing_base": [
                [i for i in kubbs if state.base[i] and state.up[i] and half(i) == h] for h in (0, 1)
            ],
            "standing_field": [
                [i for i in kubbs if not state.base[i] and state.up[i] and half(i) == h]
                for h in (0, 1)
            ],
            "field_at": {
                str(i): [round(state.xs[i], 6), round(state.ys[i], 6)]
                for i in kubbs
                if not state.base[i]
            },
            "raised": batons[-1]["raised"] if batons else [],
            "lines": [line["from_x"] for line in batons],
            "throw_in_from": [
                game.throw_in_from[line["team"]] for line in lines if line["throw"] == "in"
            ],
            "begins": state.first if state.first >= 0 else "none",
        }
    )


def play(scenario: Scenario, rules: KubbRules) -> ScenarioRun:
    """Set up the scenario's position, play its steps in the engine and report the facts."""
    game = make_game(rules)
    setup = scenario.model.setup
    if setup.get("lag") and len(setup) > 1:
        extra = sorted(set(setup) - {"lag"})
        raise ScenarioError(f"{scenario.path}: setup: a game before the lag has no {extra}")
    state = _start(game, setup)
    run = ScenarioRun()
    run.facts["king_batons"] = {"allowed": [], "refused": []}
    run.facts["spots"] = []
    run.states.append(state.clone())
    # the turn last played: the setup's (the engine may have passed it on at once)
    turn = _Turn(state)
    turn.team, turn.turn = int(setup.get("thrower", 0)), int(setup.get("turn", 1))
    turn.left = rules.batons_in_turn(turn.turn) - int(setup.get("batons_thrown", 0))
    for step in scenario.model.steps:
        action = step.action
        if state.is_terminal():
            outcome = StepOutcome(False, "game-over")
        elif "baton" in action:
            outcome = _baton(state, turn, action, run)
        else:
            now = _Turn(state)
            if "throw_in" in action:
                outcome = _throw_in(state, action)
            elif "penalty" in action:
                outcome = _penalty(state, action)
            elif "line" in action:
                outcome = _line(state, action)
            elif "lag" in action:
                outcome = _lag(state, action)
            else:
                outcome = StepOutcome(False, "unknown-action")
            if outcome.legal:
                turn = now
        run.steps.append(outcome)
        run.states.append(state.clone())
    _facts(state, run)
    run.state = state
    return run
