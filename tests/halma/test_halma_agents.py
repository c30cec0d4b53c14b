"""Halma agents: golden playthroughs, determinism, legality, strength and finishing."""

from __future__ import annotations

import random

import pytest

from plywright.engine import Outcome
from plywright.plugins.halma.agents import AGENTS, greedy, lookahead
from plywright.plugins.halma.evaluation import compass
from plywright.plugins.halma.movegen import holes_of
from plywright.plugins.halma.options import HalmaRules
from plywright.plugins.halma.rules import HalmaGame, HalmaState, make_game
from plywright.simulate.playout import play_game

# fmt: off
GREEDY_N4_2P = [
    379, 14261, 14, 14626, 501, 14141, 623, 13886, 1118, 12785, 996, 13743, 2097, 12644, 3457,
    13994, 777, 9741, 1975, 7260, 4839, 9562, 147, 8520, 4945, 7398, 2257, 13501, 9674, 12842,
    1731, 14369, 12821, 2061, 3193, 14516, 4533, 14270, 6842, 11091, 247, 9697, 613, 1941, 996,
    13656, 863, 12623, 2053, 6077, 3437, 4733, 3549, 13777, 4943, 12625, 6231, 8520, 7339,
    11212, 8468, 9749, 5988, 8350, 5744, 6090, 7208, 1700, 8461, 4975, 6964, 4869, 8104, 3511,
    8185, 3282, 9528, 2065, 9663, 1822, 10992, 1709, 12453, 1831, 12697, 1953, 12567, 2066
]
GREEDY_N2_3P = [
    5, 1252, 1015, 48, 1214, 1058, 80, 1176, 816, 239, 987, 610, 442, 944, 686, 197, 1095, 792,
    1331, 1133, 749, 659, 721, 81, 478, 682, 267
]
LOOKAHEAD_N3_2P = [
    229, 5099, 20, 5308, 101, 5227, 345, 4569, 150, 3833, 343, 5139, 1495, 2704, 2115, 5025,
    3931, 4911, 2627, 3248, 376, 4481, 749, 2632, 3784, 2119, 1455, 1460, 823, 2045, 4596, 3175,
    1489, 2649, 2153, 1544, 2671, 808
]
# fmt: on

GOLDEN = {
    "greedy-n4-2p": (HalmaRules(n=4, players=2), greedy, Outcome("win", (1,), 44), GREEDY_N4_2P),
    "greedy-n2-3p": (HalmaRules(n=2, players=3), greedy, Outcome("win", (2,), 9), GREEDY_N2_3P),
    "lookahead-n3-2p": (
        HalmaRules(n=3, players=2),
        lookahead,
        Outcome("win", (1,), 19),
        LOOKAHEAD_N3_2P,
    ),
}
"""Fixed-seed self-play games, generated once and checked by eye: in each, the winner's
target is full of its pegs and the loser is a few pegs short (see ``test_golden_...``)."""


def self_play(game: HalmaGame, factory: object, seed: str = "golden") -> HalmaState:
    assert callable(factory)
    agents = [factory(game, s, random.Random(f"{seed}:{s}")) for s in range(game.players)]
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(agents[state.current_player()].step(state))
    return state


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_playthrough(name: str) -> None:
    rules, factory, outcome, actions = GOLDEN[name]
    game = make_game(rules)
    state = self_play(game, factory)
    assert state.history() == actions
    assert state.outcome() == outcome
    winner = outcome.winners[0]
    target = game.target_masks[winner]
    assert state.pegs(winner) & target == target


def test_agents_are_deterministic_given_the_rng_and_vary_with_it() -> None:
    game = make_game(HalmaRules(n=3, players=2))
    first = self_play(game, greedy, "a").history()
    assert self_play(game, greedy, "a").history() == first
    others = {tuple(self_play(game, greedy, f"s{i}").history()) for i in range(6)}
    assert len(others) > 3


@pytest.mark.parametrize("factory", [greedy, lookahead])
def test_agents_play_legal_moves_and_pass_when_blocked(factory: object) -> None:
    assert callable(factory)
    game = make_game(HalmaRules(n=2))
    holes = [[game.hole(2, -4)], [game.hole(q, r) for q, r in ((2, -3), (1, -3), (2, -2), (0, -2))]]
    state = game.state_from(holes)
    agent = factory(game, 0, random.Random(0))
    assert agent.step(state) == game.pass_action
    game4 = make_game(HalmaRules(players=4))
    state = game4.new_initial_state()
    agents = [factory(game4, s, random.Random(s)) for s in range(4)]
    for _ in range(60):
        action = agents[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_greedy_takes_the_longest_chain() -> None:
    game = make_game(HalmaRules())
    # seat 0 (target P3, below) can chain (0,0) -> (0,2) -> (0,4) or step
    holes = [[game.hole(0, 0), game.hole(4, -8)], [game.hole(0, 1), game.hole(0, 3)]]
    state = game.state_from(holes)
    action = greedy(game, 0, random.Random(1)).step(state)
    assert divmod(action, game.size) == (game.hole(0, 0), game.hole(0, 4))


def test_greedy_does_not_undo_its_last_move() -> None:
    game = make_game(HalmaRules(n=2))
    # a lone peg on the tip of its target may only move inside it: every move loses ground,
    # and then stepping back onto the tip would be the best move
    tip, row = game.hole(-2, 4), {game.hole(-2, 3), game.hole(-1, 3)}
    state = game.state_from([[tip], [game.hole(2, -4)]])
    agent = greedy(game, 0, random.Random(3))
    start, to = divmod(agent.step(state), game.size)
    assert start == tip and to in row
    state.apply_action(start * game.size + to)
    state.apply_action(state.legal_actions()[0])
    assert divmod(agent.step(state), game.size) == (to, (row - {to}).pop())


def test_compass_points_at_the_target_tip() -> None:
    game = make_game(HalmaRules())
    c = compass(4, 3)
    tip = min(range(game.size), key=lambda h: c.dist[h])
    assert game.tables.board.holes[tip] == (-4, 8)
    inside = max(c.dist[h] for h in game.tables.board.points[3])
    outside = min(c.dist[h] for h in range(game.size) if h not in game.tables.board.points[3])
    assert inside < outside


def test_lookahead_beats_greedy() -> None:
    game = make_game(HalmaRules(n=4, players=2))
    score = 0.0
    for i in range(6):
        factories = [lookahead, greedy] if i % 2 == 0 else [greedy, lookahead]
        agents = [f(game, s, random.Random(f"duel:{i}:{s}")) for s, f in enumerate(factories)]
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(agents[state.current_player()].step(state))
        look = 0 if i % 2 == 0 else 1
        score += state.returns()[look]
    assert score >= 3  # of 6: in 40-game samples lookahead wins about 85%


def test_registered_specs_play_through_the_core() -> None:
    specs = {spec.name: spec for spec in AGENTS}
    assert set(specs) == {"greedy", "lookahead", "search"}
    assert specs["search"].searches and not specs["greedy"].searches
    assert all(spec.games == ("halma",) for spec in specs.values())
    game = make_game(HalmaRules(n=3, players=3))
    stats, record = play_game(game, [specs["greedy"]], seed=5, index=0, record_header={})
    assert stats.outcome.result in ("win", "draw") and record is not None


@pytest.mark.slow
@pytest.mark.parametrize("n", [4, 5])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_greedy_finishes_every_seating(n: int, players: int) -> None:
    game = make_game(HalmaRules(n=n, players=players))
    results = [self_play(game, greedy, f"finish:{i}").outcome().result for i in range(40)]
    assert all(r in ("win", "draw") for r in results)


def test_greedy_finishes_quick_sample() -> None:
    for n, players in ((4, 2), (4, 5), (5, 3)):
        game = make_game(HalmaRules(n=n, players=players))
        for i in range(3):
            assert self_play(game, greedy, f"quick:{i}").outcome().result in ("win", "draw")


def test_evaluate_measures_progress_toward_the_target() -> None:
    game = make_game(HalmaRules(n=4, players=2))
    state = game.new_initial_state()
    assert state.evaluate() == [0.0, 0.0]
    side_point = game.tables.board.points[1]  # seat 1 halfway round, seat 0 home
    seat0_done = game.state_from([holes_of(game.target_masks[0]), side_point])
    done, rival = seat0_done.evaluate()
    assert done > 0 > rival and done == -rival
    one_step = state.clone()
    one_step.apply_action(max(state.legal_actions(), key=lambda a: -_tip_distance(game, a)))
    ahead, behind = one_step.evaluate()
    assert ahead > 0 > behind and ahead == -behind


def _tip_distance(game: HalmaGame, action: int) -> int:
    dist = game.progress_tables[0][0]
    return dist[action % game.size]
