"""The rulebook's worked examples and diagrams, drawn from scenarios the engine plays.

Each example replays one scenario of ``scenarios/`` (:func:`plywright.scenarios.replay`)
under the variant's own rules and takes its position, path and caption numbers from the run:
a rule broken in the engine makes the replay, and so the rulebook's build, fail with
:class:`~plywright.scenarios.ScenarioError`. A variant too small for the examples (fewer than
:data:`LEAST_SMALL_TOKENS` small tokens or shorter small-token moves than
:data:`LEAST_STEPS`) is shown them under the standard rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from plywright import scenarios as sc
from plywright.plugins.cardtrack import cards
from plywright.plugins.cardtrack.diagrams import Mark, Scene, TokenAt, grid_empty, way_home
from plywright.plugins.cardtrack.geometry import (
    Slot,
    in_columns,
    neighbours,
    slot_index,
    slot_of_index,
)
from plywright.plugins.cardtrack.options import CardtrackRules
from plywright.plugins.cardtrack.rules import CardtrackState
from plywright.plugins.cardtrack.scenario_book import BOOK
from plywright.plugins.cardtrack.scenarios import parse_slot
from plywright.plugins.cardtrack.tokens import Player

LEAST_SMALL_TOKENS = 3
"""Small tokens the block example puts on the track for Black."""
LEAST_STEPS = 3
"""Steps the king example's new token takes."""

START = "start"
BUILD = "build-touch"
CLIMB = "big-token-climb"
KING = "king-enters"
BLOCK = "block-last-free-card"
BLOCK_JOKER = "block-barred-joker"
SCENARIO_IDS = (START, BUILD, CLIMB, KING, BLOCK, BLOCK_JOKER)
"""Every scenario a rulebook draws from (each example names one)."""


@dataclass(frozen=True)
class Example:
    """A diagram and the values its caption cites, both from one scenario's run."""

    scenario: str
    scene: Scene
    words: dict[str, Any] = field(default_factory=dict)


def base_rules(rules: CardtrackRules) -> CardtrackRules | None:
    """The rules the examples are played under: the variant's, or None (the scenarios' own,
    the standard rules) when the variant cannot hold them."""
    fits = rules.small_tokens >= LEAST_SMALL_TOKENS and rules.small_max_steps >= LEAST_STEPS
    return rules if fits else None


def replay(scenario_id: str, rules: CardtrackRules) -> tuple[sc.ScenarioRun, sc.Scenario]:
    """The run of ``scenario_id`` under ``rules``, or under the standard rules when the
    variant cannot hold it (ScenarioError when the engine does not play it as written)."""
    base = base_rules(rules)
    found = sc.example_run(BOOK, [scenario_id], base) if base is not None else None
    if found is not None:
        return found[1], found[0]
    return sc.replay(BOOK, scenario_id), sc.find(BOOK.scenarios, scenario_id)


def card_name(kind: int) -> str:
    """A scene's card name: the record name, jokers ``"X"``."""
    return "X" if cards.is_joker(kind) else cards.NAMES[kind]


def state_cards(state: CardtrackState) -> tuple[tuple[Slot, str], ...]:
    """The cards of an engine state, in slot order."""
    return tuple((slot_of_index(i), card_name(k)) for i, k in sorted(state.track.items()))


SEAT_PLAYERS: tuple[Player, Player] = ("black", "red")


def state_tokens(state: CardtrackState) -> tuple[TokenAt, ...]:
    """The tokens of an engine state: both big tokens, then the small ones."""
    tokens = [TokenAt(slot_of_index(state.big[s]), SEAT_PLAYERS[s], "big") for s in (0, 1)]
    for seat in (0, 1):
        tokens.extend(
            TokenAt(slot_of_index(i), SEAT_PLAYERS[seat], "small") for i in state.smalls[seat]
        )
    return tuple(tokens)


def state_scene(
    state: CardtrackState,
    rows: tuple[int, ...],
    *,
    cols: tuple[int, ...] = (0, 1),
    path: tuple[Slot, ...] = (),
    crossed: tuple[Slot, ...] = (),
    new: tuple[Slot, str] | None = None,
    mark: Mark = "",
) -> Scene:
    """The scene of an engine state, the start columns' free slots of ``rows`` dashed."""
    track = state_cards(state)
    empty = grid_empty(track, rows, cols)
    if new is not None:
        empty = tuple(s for s in empty if s != new[0])
    return Scene(track, empty, state_tokens(state), new, mark, path, crossed)


def _slots(texts: list[str]) -> tuple[Slot, ...]:
    return tuple(parse_slot(text) for text in texts)


def start(rules: CardtrackRules) -> Example:
    """The start: the jokers and big tokens; dashed, every place the first card may go."""
    run, _ = replay(START, rules)
    state = run.states[0]
    scene = Scene(state_cards(state), _slots(run.facts["open_slots"]), state_tokens(state))
    return Example(START, scene)


def builds(rules: CardtrackRules) -> tuple[Example, Example]:
    """(allowed, not allowed): the scenario's legal build and its refused one, each on the
    position before them."""
    run, scenario = replay(BUILD, rules)
    state = run.states[0]
    out: dict[bool, Example] = {}
    for step, outcome in zip(scenario.model.steps, run.steps, strict=True):
        legal = outcome.legal
        if legal in out or outcome.reason not in (None, "no-contact"):
            continue
        new = (parse_slot(step.action["build"]), str(step.action["card"]))
        scene = state_scene(state, (0, 1, 2), new=new, mark="ok" if legal else "bad")
        beside = [name for slot, name in scene.cards if slot in neighbours(new[0])]
        out[legal] = Example(BUILD, scene, {"card": new[1], "beside": beside[0] if beside else ""})
    return out[True], out[False]


def climb(rules: CardtrackRules) -> Example:
    """Black's big token climbing one card a turn: its path and the values it needed."""
    run, _ = replay(CLIMB, rules)
    path: list[Slot] = []
    for outcome, step_path in zip(run.steps, run.facts["paths"], strict=True):
        if outcome.legal:
            slots = _slots(step_path)
            path.extend(slots if not path else slots[1:])
    first = run.states[0]
    values = [cards.VALUES[first.track[slot_index(s)]] for s in path[1:]]
    scene = state_scene(first, (0, 1, 2, 3), path=tuple(path))
    moves = sum(outcome.legal for outcome in run.steps)
    return Example(CLIMB, scene, {"values": values, "moves": moves, "row": path[-1].r})


def king(rules: CardtrackRules) -> Example:
    """A king's new token: its path from the own joker, crossed where it could not go (the
    ace above the ten), and the card Red's big token keeps free."""
    run, scenario = replay(KING, rules)
    steps = list(zip(scenario.model.steps, run.steps, run.facts["paths"], strict=True))
    path = next(_slots(p) for _, outcome, p in steps if outcome.legal)
    crossed = tuple(
        parse_slot(step.action["king"])
        for step, outcome, _ in steps
        if outcome.reason == "too-high"
    )
    final = run.states[-1]
    scene = state_scene(final, (0, 1, 2), path=path, crossed=crossed)
    free = parse_slot(run.facts["free"]["red"][0])
    words = {
        "stop": card_name(final.track[slot_index(path[-1])]),
        "free": card_name(final.track[slot_index(free)]),
    }
    return Example(KING, scene, words)


def block(rules: CardtrackRules) -> Example:
    """The move the block rule refuses: its path, crossed at the last free card."""
    run, _ = replay(BLOCK, rules)
    index = next(i for i, o in enumerate(run.steps) if o.reason == "full-block")
    path = _slots(run.facts["paths"][index])
    scene = state_scene(run.states[index], (0, 1, 2, 3), path=path, crossed=(path[-1],))
    return Example(BLOCK, scene)


def joker_block(rules: CardtrackRules) -> Example | None:
    """The block beside the mover's protected joker: the joker is no free card, so the move
    onto the last other card is refused (``via``: the cards Red's big token came by from its
    joker); None where the variant lets tokens stop there or
    its table has no column left of Black's."""
    scenario = sc.find(BOOK.scenarios, BLOCK_JOKER)
    if not sc.applies(scenario, rules) or not in_columns(Slot("H", -1, 1), rules.max_columns):
        return None
    run, _ = replay(BLOCK_JOKER, rules)
    index = next(i for i, o in enumerate(run.steps) if o.reason == "full-block")
    path = _slots(run.facts["paths"][index])
    state = run.states[index]
    scene = state_scene(state, (0, 1, 2, 3), cols=(-1, 0, 1), path=path, crossed=(path[-1],))
    red = next(t for t in scene.tokens if t.player == "red" and t.kind == "big")
    way = way_home(scene, red)
    if way is None:  # check_scene refuses such a scene already
        raise ValueError("no cards lead Red's big token from its joker")
    cards_of = scene.card_map()
    return Example(BLOCK_JOKER, scene, {"via": [cards_of[s] for s in way[1:-1]]})
