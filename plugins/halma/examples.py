"""The rulebook's diagrams, drawn from the game's scenarios as the engine plays them.

Each figure names the scenarios it can show (``scenarios/*.toml``), takes the first written for
the variant's board and options (:data:`DRAWN`) and replays it with
:func:`plywright.scenarios.replay` under those values: the pegs come from the engine's states,
the arrows from the scenario's paths, the ✓/✗ from the engine's verdicts. A rule broken in the
engine therefore fails the book's build (:class:`~plywright.scenarios.ScenarioError`) instead
of printing a figure the game no longer plays. A board size no scenario is written for shows
the first scenario on its own board.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from plywright.plugins.halma import diagrams
from plywright.plugins.halma.diagrams import Hop, Scene, Shape
from plywright.plugins.halma.geometry import StarBoard, opposite
from plywright.plugins.halma.movegen import holes_of
from plywright.plugins.halma.options import HalmaRules
from plywright.plugins.halma.rules import HalmaState
from plywright.plugins.halma.scenario_book import BOOK
from plywright.scenarios import Scenario, ScenarioRun, find, replay

DRAWN = ("n", "target_lock", "jump_own", "win_rule")
"""The variant's rule values a figure must be written for (the rest is the scenario's)."""
SETUPS = {2: "setup-two", 3: "setup-three", 4: "setup-four", 5: "setup-five", 6: "setup-six"}
STEP = ("step",)
JUMP = ("jump",)
CHAIN = ("chain", "chain-over-others")
LOCK = (
    "target-lock-standard",
    "target-lock-pro",
    "target-lock-off-standard",
    "target-lock-off-pro",
)
WIN = (
    "win-foreign-peg-standard",
    "win-foreign-peg-pro",
    "win-own-pegs-standard",
    "win-own-pegs-pro",
)
FIGURES = {"step": STEP, "jump": JUMP, "chain": CHAIN, "lock": LOCK, "win": WIN}
"""The scenarios each figure of the rules can show (besides one per seating)."""


@dataclass(frozen=True)
class Example:
    """A scenario as the engine played it for a figure."""

    scenario: Scenario
    run: ScenarioRun

    @property
    def board(self) -> StarBoard:
        return self.state(0).game.tables.board

    @property
    def rules(self) -> HalmaRules:
        return self.state(0).game.rules

    def state(self, index: int) -> HalmaState:
        state: HalmaState = self.run.states[index]
        return state

    def paths(self, *, what_if: bool) -> list[tuple[int, list[int], bool]]:
        """``(step index, path as hole indices, allowed)`` of the steps that only ask
        (``what_if``) or of those played."""
        index = self.board.index
        out = []
        for number, (step, outcome) in enumerate(
            zip(self.scenario.model.steps, self.run.steps, strict=True)
        ):
            action = step.action
            if "path" in action and bool(action.get("what_if")) == what_if:
                path = [index[(q, r)] for q, r in action["path"]]
                out.append((number, path, outcome.legal))
        return out

    def played(self) -> tuple[int, list[int]]:
        """The first played move: its step index and path."""
        number, path, _ = next(p for p in self.paths(what_if=False) if p[2])
        return number, path


def _base(rules: HalmaRules) -> HalmaRules:
    return HalmaRules(**{key: getattr(rules, key) for key in DRAWN})


def _written_for(scenario: Scenario, rules: HalmaRules) -> bool:
    values = scenario.model.rules
    return all(getattr(rules, key) == values[key] for key in DRAWN if key in values)


def example(rules: HalmaRules, ids: Sequence[str]) -> Example:
    """The first of ``ids`` written for ``rules``, replayed under them (else the first, on
    its own rules)."""
    scenarios = BOOK.scenarios
    base = _base(rules)
    for scenario_id in ids:
        scenario = find(scenarios, scenario_id)
        if _written_for(scenario, base):
            return Example(scenario, replay(BOOK, scenario_id, base=base))
    return Example(find(scenarios, ids[0]), replay(BOOK, ids[0]))


def seat_colours(state: HalmaState, point_colours: Sequence[str]) -> list[str]:
    """Each seat's colour: the colour of the pegs of its start triangle."""
    return [point_colours[p] for p in state.game.rules.seat_points()]


def pegs_of(
    state: HalmaState, colours: Sequence[str], holes: Sequence[int] | None = None
) -> tuple[tuple[int, str], ...]:
    """``(hole, colour)`` of every peg of ``state`` (on ``holes`` only, if given: a figure
    shows part of the board)."""
    shown = None if holes is None else set(holes)
    return tuple(
        (hole, colours[seat])
        for seat in range(state.game.players)
        for hole in holes_of(state.pegs(seat))
        if shown is None or hole in shown
    )


def setup(
    rules: HalmaRules, players: int, point_colours: Sequence[str], shape: Shape, edge: float
) -> tuple[Example, Scene]:
    """A seating's start position, seats numbered in turn order from the variant's first seat
    when it has that many players."""
    ex = example(rules, (SETUPS[players],))
    state = ex.state(0)
    seats = state.game.rules.seat_points()
    first = rules.first_seat if players == rules.players else 0
    numbered = tuple(
        (p, str((i - first) % players + 1), point_colours[p]) for i, p in enumerate(seats)
    )
    scene = Scene(
        holes=tuple(range(len(ex.board))),
        pegs=pegs_of(state, seat_colours(state, point_colours)),
        tints=tuple((p, point_colours[p] if p in seats else None) for p in range(6)),
        seats=numbered,
        shape=shape,
        edge=edge,
    )
    return ex, scene


def _centre_patch(board: StarBoard) -> tuple[int, ...]:
    return diagrams.patch(board, (0, 0), 2)


def step_figure(rules: HalmaRules, point_colours: Sequence[str]) -> tuple[Example, Scene]:
    """The steps the engine allows from the scenario's position (arrows to each)."""
    ex = example(rules, STEP)
    state = ex.state(0)
    hops = tuple(
        Hop(path[0], path[1])
        for _, path, legal in ex.paths(what_if=True)
        if legal and len(path) == 2
    )
    holes = _centre_patch(ex.board)
    colours = seat_colours(state, point_colours)
    scene = Scene(holes=holes, pegs=pegs_of(state, colours, holes), hops=hops)
    return ex, scene


def _move_scene(ex: Example, point_colours: Sequence[str], labels: bool) -> Scene:
    number, path = ex.played()
    state = ex.state(number)
    colours = seat_colours(state, point_colours)
    hops = tuple(
        Hop(a, b, label=str(i) if labels else "") for i, (a, b) in enumerate(pairwise(path), 1)
    )
    holes = _centre_patch(ex.board)
    return Scene(
        holes=holes,
        pegs=pegs_of(state, colours, holes),
        ghosts=((path[-1], colours[state.seat]),),
        hops=hops,
    )


def jump_figure(rules: HalmaRules, point_colours: Sequence[str]) -> tuple[Example, Scene]:
    """The scenario's played jump: the position before it, the arrow and where it lands."""
    ex = example(rules, JUMP)
    return ex, _move_scene(ex, point_colours, labels=False)


def chain_figure(rules: HalmaRules, point_colours: Sequence[str]) -> tuple[Example, Scene]:
    """The scenario's played chain, hop by hop numbered."""
    ex = example(rules, CHAIN)
    return ex, _move_scene(ex, point_colours, labels=True)


def _target(ex: Example) -> int:
    return ex.rules.target_points()[0]


def lock_figure(rules: HalmaRules, point_colours: Sequence[str]) -> tuple[Example, Scene]:
    """The moves the scenario asks about from inside the target, ✓ or ✗ as the engine said."""
    ex = example(rules, LOCK)
    state = ex.state(0)
    colours = seat_colours(state, point_colours)
    hops = tuple(
        Hop(path[0], path[-1], mark="ok" if legal else "bad")
        for _, path, legal in ex.paths(what_if=True)
    )
    target = _target(ex)
    holes = target_patch(ex.board, target, 2)
    scene = Scene(
        holes=holes,
        pegs=pegs_of(state, colours, holes),
        hops=hops,
        tints=((target, colours[0]),),
    )
    return ex, scene


def win_figure(rules: HalmaRules, point_colours: Sequence[str]) -> tuple[Example, Scene]:
    """The position after the scenario's first move: ✓ if the engine says the mover
    completed, ✗ if not."""
    ex = example(rules, WIN)
    state = ex.state(1)
    colours = seat_colours(state, point_colours)
    target = _target(ex)
    holes = target_patch(ex.board, target, 1)
    scene = Scene(
        holes=holes,
        pegs=pegs_of(state, colours, holes),
        tints=((target, colours[0]),),
        stamp="ok" if 0 in state.completed() else "bad",
    )
    return ex, scene


def target_patch(board: StarBoard, point: int, rows_before: int) -> tuple[int, ...]:
    """The bottom triangle and ``rows_before`` rows of the hexagon above it (the figures
    show seat 0's target, the bottom triangle)."""
    if point != opposite(0):
        raise ValueError(f"the figures show the bottom triangle as the target, not point {point}")
    return diagrams.target_patch(board, rows_before)


def favoured_seat(rules: HalmaRules) -> int | None:
    """The five-player seat whose target nobody starts from, as the engine sets it up."""
    facts: dict[str, Any] = example(rules, (SETUPS[5],)).run.facts
    empty = facts["empty_targets"]
    return int(empty[0]) if empty else None
