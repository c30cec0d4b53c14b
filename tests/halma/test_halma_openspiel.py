"""Cross-check of halma move generation against OpenSpiel's ``chinese_checkers``.

OpenSpiel (open-spiel 2.0.2) plays the same 121-hole board with the same seatings (2, 3, 4 or 6
players on points 0, 3 / 0, 2, 4 / 0, 1, 3, 4 / all, numbered clockwise from the top) but
encodes a move differently: one action per hop (``hole * 6 + direction``), a chain continuing
with further hop actions of the same player until it passes (action 726) or cannot go on. It
has no target lock and ends a game as soon as one player fills their target with own pegs.

So the comparison runs with ``target_lock = false`` and ``jump_own = true`` on positions of
random games (far from any finish) and compares *sets of reachable (from, to) pairs*: for
OpenSpiel every sequence of hop actions is expanded through ``clone()``. Its holes are mapped
to ours by the drawing position (row, doubled column) of its board rendering, not assumed.
"""

from __future__ import annotations

import random
import re
from itertools import pairwise
from typing import Any

import pytest

from plywright.plugins.halma.options import HalmaRules
from plywright.plugins.halma.rules import HalmaState, make_game

pyspiel = pytest.importorskip("pyspiel")

PASS = 726
MOVE = re.compile(r"^(\d+)(->|=>)(\d+)$")


def render_cells(state: Any) -> list[tuple[tuple[int, int], str]]:
    """``((row, column), mark)`` of every cell of OpenSpiel's rendering, in index order."""
    rows = str(state).split("\n")
    cells = []
    for row, line in enumerate(rows):
        if line.startswith("Player"):
            break
        cells += [((row, col), ch) for col, ch in enumerate(line) if ch != " "]
    return cells


def hole_map(os_state: Any, game: Any) -> list[int]:
    """``mapping[os_index] = our hole``, matched by drawing position."""
    board = game.tables.board
    ours = {}
    for h in range(len(board)):
        x, _ = board.xy(h)
        ours[(board.holes[h][1], round(2 * x))] = h
    top = min(r for r, _ in ours)
    left = min(c for _, c in ours)
    ours = {(r - top, c - left): h for (r, c), h in ours.items()}
    cells = render_cells(os_state)
    left_os = min(c for (_, c), _ in cells)
    mapping = [ours[(r, c - left_os)] for (r, c), _ in cells]
    assert sorted(mapping) == list(range(len(board)))
    return mapping


def os_pegs(os_state: Any, mapping: list[int], players: int) -> list[set[int]]:
    pegs: list[set[int]] = [set() for _ in range(players)]
    for i, (_, mark) in enumerate(render_cells(os_state)):
        if mark != ".":
            pegs[int(mark) - 1].add(mapping[i])
    return pegs


def parse(os_state: Any, player: int, action: int) -> tuple[int, int, bool]:
    match = MOVE.match(os_state.action_to_string(player, action))
    assert match, os_state.action_to_string(player, action)
    return int(match.group(1)), int(match.group(3)), match.group(2) == "=>"


def in_chain(os_state: Any) -> bool:
    return "hopping from" in str(os_state)


def os_moves(os_state: Any) -> set[tuple[int, int]]:
    """Every (from, to) OpenSpiel can reach: steps plus every expanded hop sequence."""
    player = os_state.current_player()
    found: set[tuple[int, int]] = set()

    def follow(state: Any, start: int) -> None:
        if not in_chain(state):
            return
        for action in state.legal_actions():
            if action == PASS:
                continue
            _, to, _ = parse(state, player, action)
            found.add((start, to))
            child = state.clone()
            child.apply_action(action)
            follow(child, start)

    for action in os_state.legal_actions():
        if action == PASS:
            continue
        start, to, hop = parse(os_state, player, action)
        found.add((start, to))
        if hop:
            child = os_state.clone()
            child.apply_action(action)
            follow(child, start)
    return found


def our_moves(state: HalmaState) -> set[tuple[int, int]]:
    size = state.game.size
    return {divmod(a, size) for a in state.legal_actions() if a != state.game.pass_action}


def play_on_openspiel(os_state: Any, path: list[int], inverse: dict[int, int]) -> None:
    """Apply our move (its path of holes) hop by hop to OpenSpiel."""
    player = os_state.current_player()
    if not path:
        os_state.apply_action(PASS)
        return
    for a, b in pairwise(path):
        want = (inverse[a], inverse[b])
        action = next(
            x
            for x in os_state.legal_actions()
            if x != PASS and parse(os_state, player, x)[:2] == want
        )
        os_state.apply_action(action)
    if in_chain(os_state):
        os_state.apply_action(PASS)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_reachable_moves_match_openspiel(players: int) -> None:
    game = make_game(HalmaRules(n=4, players=players, target_lock=False))
    os_game = pyspiel.load_game("chinese_checkers", {"players": players})
    rng = random.Random(f"openspiel:{players}")
    compared = chains = 0
    for _ in range(3):
        ours = game.new_initial_state()
        theirs = os_game.new_initial_state()
        mapping = hole_map(theirs, game)
        inverse = {h: i for i, h in enumerate(mapping)}
        for _ply in range(70):
            assert theirs.current_player() == ours.current_player()
            pegs = os_pegs(theirs, mapping, players)
            assert [ours.pegs(s) for s in range(players)] == [
                sum(1 << h for h in seat) for seat in pegs
            ]
            expected = {(mapping[a], mapping[b]) for a, b in os_moves(theirs)}
            assert our_moves(ours) == expected
            compared += 1
            action = rng.choice(ours.legal_actions())
            path = ours.move_path(action)
            chains += len(path) > 2 and not game.tables.steps[path[0]] >> path[1] & 1
            play_on_openspiel(theirs, path, inverse)
            ours.apply_action(action)
            if theirs.is_terminal() or ours.is_terminal():
                break
    assert compared >= 150 and chains > 0


def test_hole_numbering_is_the_same() -> None:
    """Both number holes row by row from the top, left to right: the map is the identity."""
    game = make_game(HalmaRules(n=4))
    os_state = pyspiel.load_game("chinese_checkers").new_initial_state()
    assert hole_map(os_state, game) == list(range(121))
    # OpenSpiel's player 0 starts in the top point like our seat 0
    assert os_pegs(os_state, list(range(121)), 2)[0] == set(game.tables.board.points[0])
