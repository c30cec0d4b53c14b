"""The ``search`` agent: exact search, legal moves, strength, the spoiler, the fast lane."""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from plywright.api import Agent, AgentSpec, SearchSettings
from plywright.engine import Game
from plywright.plugins.halma.agents import AGENTS
from plywright.plugins.halma.evaluation import MAX_DEPTH, SEARCH_BUDGET
from plywright.plugins.halma.fast.lane import HalmaFastLane, ensure_compiled, search_kernels
from plywright.plugins.halma.fast.plugin import covered, halma_fast_lane
from plywright.plugins.halma.fast.tables import FastTables, fast_tables
from plywright.plugins.halma.movegen import holes_of, mask_of, move_masks
from plywright.plugins.halma.options import HalmaRules
from plywright.plugins.halma.records import check_record
from plywright.plugins.halma.rules import make_game
from plywright.plugins.halma.search import SEARCH, make_search
from plywright.registry import Registry
from plywright.simulate.playout import play_game
from plywright.simulate.table import GameTable
from plywright.variant import parse_variant

Pegs = list[list[int]]


def header(rules: HalmaRules) -> dict[str, object]:
    return {"game": "halma", "variant": rules.model_dump(mode="json"), "seed": 1, "players": 2}


def wins(table: GameTable, seat: int) -> int:
    return sum(s.outcome.result == "win" and seat in s.outcome.winners for s in table)


def binomial_tail(k: int, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p)."""
    return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


def test_search_is_a_registered_searching_agent() -> None:
    assert SEARCH in AGENTS
    assert SEARCH.searches and SEARCH.plays("halma") and not SEARCH.plays("kubb")
    assert SEARCH.settings == SearchSettings(SEARCH_BUDGET)
    spoiler = SEARCH.with_budget(2).spoiling(1)
    assert spoiler.name == "search:2/spoil-seat-2" and covered(spoiler) and covered(SEARCH)
    game = make_game(HalmaRules(n=2))
    assert make_search(game, 0, random.Random(0), SearchSettings(10**6)).depth == MAX_DEPTH


def test_search_beats_lookahead() -> None:
    """40 fast-lane games, seats alternated: at least 36 wins, which rejects a win rate of
    75 % or less (one-sided binomial test, p < 0.02); 400-game samples give about 96 %."""
    rules = HalmaRules(n=4)
    first = HalmaFastLane(rules, ("search", "lookahead")).play(1, range(20))[0]
    second = HalmaFastLane(rules, ("lookahead", "search")).play(2, range(20))[0]
    won = wins(first, 0) + wins(second, 1)
    assert binomial_tail(36, 40, 0.75) < 0.02
    assert won >= 36, won


@pytest.mark.parametrize(
    ("options", "games"),
    [({"n": 4}, 30), ({"n": 3, "players": 3}, 10), ({"n": 4, "win_rule": "own"}, 12)],
)
def test_search_self_play_finishes(options: dict[str, object], games: int) -> None:
    """No endless stand-off (two seats each waiting for the other to open a jump)."""
    rules = HalmaRules.model_validate(options)
    table = HalmaFastLane(rules, ("search",) * rules.players).play(5, range(games))[0]
    assert {s.outcome.result for s in table} <= {"win", "draw"}
    assert max(s.moves for s in table) < 150 * rules.players


def random_position(rules: HalmaRules, rng: random.Random) -> Pegs:
    """Each seat's pegs on random holes, some of them inside targets (own or others')."""
    board = fast_tables(rules)
    size = board.size
    free = list(range(size))
    rng.shuffle(free)
    taken: set[int] = set()
    pegs = []
    for _ in range(rules.players):
        count = rng.randint(1, board.tgt.shape[1])
        inside = [int(h) for h in board.tgt[rng.randrange(rules.players)] if h not in taken]
        mine = rng.sample(inside, min(len(inside), rng.randint(0, count)))
        taken.update(mine)
        while len(mine) < count:
            h = free.pop()
            if h not in taken:
                taken.add(h)
                mine.append(h)
        pegs.append(mine)
    return pegs


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_search_plays_legal_moves_on_random_positions(data: st.DataObject) -> None:
    players = data.draw(st.integers(2, 6), "players")
    rules = HalmaRules(
        n=data.draw(st.integers(2, 5), "n"),
        players=players,
        seating=tuple(data.draw(st.permutations(range(6)), "seating")[:players]),
        targets=data.draw(st.none() | st.tuples(*[st.integers(0, 5)] * players), "targets"),
        target_lock=data.draw(st.booleans(), "target_lock"),
        jump_own=data.draw(st.booleans(), "jump_own"),
        win_rule=data.draw(st.sampled_from(["filled", "own"]), "win_rule"),
    )
    pegs = random_position(rules, random.Random(data.draw(st.integers(0, 2**32), "seed")))
    seat = data.draw(st.integers(0, players - 1), "seat")
    victim = data.draw(st.none() | st.integers(0, players - 1), "victim")
    budget = data.draw(st.integers(1, 3), "budget")
    game = make_game(rules)
    state = game.state_from(pegs, seat)
    agent = make_search(game, seat, random.Random(1), SearchSettings(budget, victim))
    action = agent.step(state)
    assert action in state.legal_actions()
    assert [holes_of(state.pegs(s)) for s in range(players)] == [sorted(p) for p in pegs]


def near_completion(rules: HalmaRules, rng: random.Random) -> Pegs:
    """Every seat one peg short of its full target, that peg a step or two outside it."""
    t = fast_tables(rules)
    pegs: Pegs = [[] for _ in range(rules.players)]
    taken: set[int] = set()
    for seat in range(rules.players):
        inside = [int(h) for h in t.tgt[seat] if h not in taken]
        pegs[seat] = rng.sample(inside, max(0, len(inside) - 1))
        taken.update(pegs[seat])
    for seat in range(rules.players):
        near = [h for h in range(t.size) if h not in taken and 1 <= t.reach[seat, h] <= 2]
        h = rng.choice(near or [h for h in range(t.size) if h not in taken])
        pegs[seat].append(h)
        taken.add(h)
    return pegs


# --- exact search: the kernel's move is a best move of a plain minimax in Python ----------


def reference_values(t: FastTables, pegs: Pegs, me: int, victim: int, depth: int) -> dict:
    """The searcher's value of each root move by an exhaustive best-reply minimax with the
    evaluation of :mod:`plywright.plugins.halma.fast.search` (written out again, here in Python)."""
    from plywright.plugins.halma.fast import search as k

    rules = t.rules
    game = make_game(rules)
    own_rule = rules.win_rule == "own"
    targets = [set(int(h) for h in row) for row in t.tgt]

    def rest(s: int, holes: Sequence[int]) -> int:
        return int(sum(t.cost[s, h] for h in holes) - t.packed[s])

    def completes(s: int, ps: Pegs) -> bool:
        mine = targets[s] & set(ps[s])
        if own_rule:
            return mine == targets[s]
        return bool(mine) and targets[s] <= {h for p in ps for h in p}

    def evaluate(ps: Pegs) -> int:
        focus = me if victim < 0 else victim
        others = [rest(s, ps[s]) for s in range(rules.players) if s != focus]
        if victim < 0:
            return min(others) - rest(me, ps[me])
        value = rest(victim, ps[victim]) - min(others)
        if own_rule:
            if targets[victim] & set(ps[me]):
                value += int(k.BLOCK)
            else:
                value -= k.APPROACH * min(int(t.reach[victim, h]) for h in ps[me])
        return value

    def moves(ps: Pegs, ply: int) -> list[tuple[int, int, int]]:
        if ply % 2 == 0:
            movers = [me]
        else:
            movers = [victim] if victim >= 0 else [s for s in range(rules.players) if s != me]
        occ = mask_of(h for p in ps for h in p)
        out = []
        for s in movers:
            lock = game.lock_masks[s]
            masks = move_masks(game.tables, occ, mask_of(ps[s]), rules.jump_own, lock)
            out += [(s, f, to) for f, dest in masks.items() for to in holes_of(dest)]
        return out

    def child(ps: Pegs, move: tuple[int, int, int], ply: int) -> int:
        s, f, to = move
        after = [list(p) for p in ps]
        if f >= 0:
            after[s][after[s].index(f)] = to
            if completes(s, after):
                mine = s == me if victim < 0 else s != victim
                return int(k.WIN) - ply if mine else ply - int(k.WIN)
        if ply + 1 == depth:
            return evaluate(after)
        return node(after, ply + 1)

    def node(ps: Pegs, ply: int) -> int:
        values = [child(ps, m, ply) for m in moves(ps, ply) or [(-1, -1, -1)]]
        return max(values) if ply % 2 == 0 else min(values)

    return {(f, to): child(pegs, (s, f, to), 0) for s, f, to in moves(pegs, 0)}


@pytest.mark.parametrize(
    ("options", "depth", "victim", "positions"),
    [
        ({"n": 2}, 1, None, 6),
        ({"n": 2, "win_rule": "own"}, 2, None, 6),
        ({"n": 2}, 3, None, 6),
        ({"n": 2, "players": 3}, 2, None, 6),
        ({"n": 2, "players": 3, "win_rule": "own"}, 4, None, 3),
        ({"n": 2, "players": 3}, 3, 1, 4),
        ({"n": 3}, 1, None, 6),
        ({"n": 3}, 2, None, 6),
        ({"n": 3}, 3, None, 4),
        ({"n": 3, "win_rule": "own"}, 3, 1, 4),
        ({"n": 2, "players": 3, "win_rule": "own"}, 3, 2, 3),
        ({"n": 2, "players": 3, "jump_own": False}, 3, None, 3),
        ({"n": 2, "players": 4, "target_lock": False}, 2, 0, 3),
    ],
)
def test_the_search_plays_a_best_move_of_an_exhaustive_minimax(
    options: dict[str, object], depth: int, victim: int | None, positions: int
) -> None:
    rules = HalmaRules.model_validate(options)
    t = fast_tables(rules)
    game = make_game(rules)
    rng = random.Random(f"{options}:{depth}")
    compared = 0
    while compared < positions:
        position = near_completion if rules.n == 2 and compared % 2 == 0 else random_position
        pegs = position(rules, rng)
        me = 0 if victim != 0 else 1
        state = game.state_from(pegs, me)
        if len(state.legal_actions()) < 2:
            continue
        values = reference_values(t, pegs, me, -1 if victim is None else victim, depth)
        top = max(values.values())
        best = {move for move, v in values.items() if v == top}
        picks = set()
        for seed in range(8):
            agent = make_search(game, me, random.Random(seed), SearchSettings(depth, victim))
            picks.add(divmod(agent.step(state), game.size))
        assert picks <= best, (pegs, picks, best)
        if len(best) <= 2:
            assert picks == best
        compared += 1


def played_position(rules: HalmaRules, rng: random.Random) -> Pegs:
    """The pegs after a random number of moves of greedy self-play (the rng's seeds)."""
    game = make_game(rules)
    greedy = next(spec for spec in AGENTS if spec.name == "greedy")
    agents = [greedy.factory(game, s, random.Random(rng.random())) for s in range(rules.players)]
    state = game.new_initial_state()
    for _ in range(rng.randint(0, 12 * rules.players * (rules.n + 1))):
        if state.is_terminal():
            break
        state.apply_action(agents[state.current_player()].step(state))
    return [holes_of(state.pegs(s)) for s in range(rules.players)]


@pytest.mark.parametrize(("depth", "positions"), [(3, 300), (5, 30)])
def test_the_pruning_never_changes_the_move(depth: int, positions: int) -> None:
    """The work the search skips (the spoiler's frontier, the searcher's best gain alone, the
    bound on the adversaries' children) leaves its move that of plain alpha-beta, seed for
    seed, on random positions under every rule set, playing to win and to spoil."""
    import numpy as np

    ensure_compiled()
    k = search_kernels()
    rng = random.Random(depth)
    for i in range(positions):
        players = rng.randint(2, 6 if depth == 3 else 3)
        rules = HalmaRules(
            n=rng.randint(2, 5 if depth == 3 else 3),
            players=players,
            jump_own=rng.random() < 0.5,
            target_lock=rng.random() < 0.7,
            win_rule=rng.choice(["filled", "own"]),
        )
        t = fast_tables(rules)
        if i % 3 == 0:
            pegs = (near_completion if i % 2 else random_position)(rules, rng)
        else:  # a position of a game: chains open up as the pegs meet
            pegs = played_position(rules, rng)
        me = rng.randrange(players)
        victim = rng.choice([-1, -1, *[s for s in range(players) if s != me]])
        last = np.full(players, -1, np.int64)
        picks = []
        for prune in (True, False):
            board, pos, peg, npegs = t.position(pegs)
            args = (*t.move_args(), *t.rule_args()[:4], *t.search_args(), last, last, t.dist)
            picks.append(
                k.search_probe(i, board, pos, peg, npegs, me, victim, depth, *args, 0, prune)
            )
        assert picks[0] == picks[1], (rules, pegs, me, victim)


def test_the_pruning_keeps_the_move_where_the_spoilers_reference_move_is_blocked() -> None:
    """A two-seat spoiler on the standard board whose best move the victim's replies often
    block: without a third seat nothing bounds those replies (a bound taken for one played
    a different move here)."""
    import numpy as np

    ensure_compiled()
    k = search_kernels()
    t = fast_tables(HalmaRules(n=4, target_lock=True, jump_own=True))
    pegs = [[1, 5, 6, 16, 29, 39, 50, 51, 59, 69], [41, 90, 91, 92, 103, 104, 106, 113, 118, 119]]
    last_from, last_to = np.array([8, 79], np.int64), np.array([69, 41], np.int64)
    picks = []
    for prune in (True, False):
        board, pos, peg, npegs = t.position(pegs)
        args = (*t.move_args(), *t.rule_args()[:4], *t.search_args(), last_from, last_to, t.dist)
        picks.append(tuple(k.search_probe(0, board, pos, peg, npegs, 0, 1, 3, *args, 0, prune)))
    assert picks[0] == picks[1] == (39, 102)


def test_the_search_sees_a_completion_two_own_moves_ahead() -> None:
    """``own``: nine pegs in the target, one two steps from the last hole, one far behind
    (whose step scores more): the searcher steps toward the last hole, to complete next."""
    rules = HalmaRules(n=4, win_rule="own")
    game = make_game(rules)
    t = fast_tables(rules)
    target = [int(h) for h in t.tgt[0]]
    deepest = max(int(t.dist[0, h]) for h in target)
    last = next(h for h in target if t.dist[0, h] == deepest and t.reach[0, h] == 0)
    nb = game.tables.board.neighbours
    door = next(m for m in nb[last] if m >= 0 and t.reach[0, m] == 1)
    near = next(a for a in nb[door] if a >= 0 and t.reach[0, a] == 2)
    behind = max(range(t.size), key=lambda h: (int(t.dist[0, h]), -h))
    other = min(int(h) for h in t.tgt[1] if h != behind)  # held in its target by the lock
    pegs = [[h for h in target if h != last] + [near, behind], [other]]
    state = game.state_from(pegs, 0)
    for depth in (3, 4):
        agent = make_search(game, 0, random.Random(0), SearchSettings(depth))
        start, to = divmod(agent.step(state), game.size)
        assert start == near and last in nb[to], (depth, start, to)


def test_same_seat_and_seed_give_the_same_decision() -> None:
    game = make_game(HalmaRules(n=4))
    state = game.new_initial_state()
    for _ in range(9):  # a position a few moves in
        state.apply_action(state.legal_actions()[len(state.history()) % 5])
    choices = {
        make_search(game, state.seat, random.Random(seed), SearchSettings(3)).step(state)
        for seed in (4, 4, 4)
    }
    assert len(choices) == 1


# --- the Python path and the fast lane -------------------------------------------------


def interval(values: Sequence[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.pstdev(values) / math.sqrt(len(values))
    return mean - half, mean + half


def test_python_path_and_fast_lane_agree_in_distribution() -> None:
    """Search against greedy on the 6-peg board: game length and the search seat's win rate
    within overlapping 95 % intervals (Python path 60 games, fast lane 400)."""
    rules = HalmaRules(n=3)
    game = make_game(rules)
    greedy = next(spec for spec in AGENTS if spec.name == "greedy")
    python = [play_game(game, [SEARCH, greedy], 5, i)[0] for i in range(60)]
    fast = list(HalmaFastLane(rules, ("search", "greedy")).play(5, range(400))[0])
    for key in ("moves", "won"):
        ours = [s.moves if key == "moves" else 0 in s.outcome.winners for s in fast]
        theirs = [s.moves if key == "moves" else 0 in s.outcome.winners for s in python]
        low_a, high_a = interval([float(v) for v in ours])
        low_b, high_b = interval([float(v) for v in theirs])
        assert low_a <= high_b and low_b <= high_a, (key, (low_a, high_a), (low_b, high_b))


def test_the_fast_lane_covers_search_lineups(registry: Registry) -> None:
    variant = parse_variant({"game": "halma", "preset": "standard"}, registry)
    lookahead = next(spec for spec in AGENTS if spec.name == "lookahead")
    lane = halma_fast_lane(variant, [SEARCH.with_budget(2).spoiling(1), lookahead])
    assert lane is not None
    assert lane.agents == ("search", "lookahead") and lane.budgets[0] == 2
    assert lane.victims == (1, -1)
    default = halma_fast_lane(variant, [SEARCH])
    assert default is not None and default.budgets == (SEARCH_BUDGET,) * 2
    impostor = AgentSpec("search", "elsewhere", SEARCH.factory, search=_impostor, budget=3)
    assert not covered(impostor)


def _impostor(game: Game, seat: int, rng: random.Random, settings: SearchSettings) -> Agent:
    return make_search(game, seat, rng, settings)


# --- the spoiler --------------------------------------------------------------------------


def final_pegs(rules: HalmaRules, record: list[dict[str, object]]) -> list[set[int]]:
    game = make_game(rules)
    state = game.new_initial_state()
    for line in record[1:-1]:
        path = line["path"]
        assert isinstance(path, list)
        if path:
            state.apply_action(game.hole(*path[0]) * game.size + game.hole(*path[-1]))
        else:
            state.apply_action(game.pass_action)
    return [set(holes_of(state.pegs(s))) for s in range(rules.players)]


@pytest.mark.parametrize("spoiler", [0, 1])
def test_the_spoiler_blocks_the_victims_target_under_own(spoiler: int) -> None:
    """Two players, ``own``: the spoiler keeps a peg in its start (the victim's target), so
    the victim never completes within the move limit; the victim wins without the spoiler."""
    rules = HalmaRules(n=4, win_rule="own")
    victim = 1 - spoiler
    victims = (victim, -1) if spoiler == 0 else (-1, victim)
    lane = HalmaFastLane(rules, ("search", "search"), victims=victims)
    table, records = lane.play(3, range(6), header(rules), limit=300)
    assert records is not None
    target = {int(h) for h in fast_tables(rules).tgt[victim]}
    for stats, record in zip(table, records, strict=True):
        assert stats.outcome.result == "unfinished" and stats.moves == 300, stats
        assert final_pegs(rules, record)[spoiler] & target
    fair = HalmaFastLane(rules, ("search", "search")).play(3, range(6), limit=300)[0]
    assert wins(fair, victim) >= 1


def test_the_spoiler_fails_under_filled() -> None:
    """Two players, ``filled``: foreign pegs fill the target, the victim still wins about as
    often as against a seat playing to win."""
    rules = HalmaRules(n=4)
    spoiled = HalmaFastLane(rules, ("search", "search"), victims=(-1, 0)).play(4, range(20))[0]
    fair = HalmaFastLane(rules, ("search", "search")).play(4, range(20))[0]
    assert wins(spoiled, 0) >= 6 and wins(spoiled, 0) >= wins(fair, 0) // 2


def test_a_six_player_spoiler_travels_to_block_under_own() -> None:
    """Six players, ``own``: a spoiler next to the victim sends a peg into the victim's target
    (a third seat's start) and keeps it there; the victim, the only other search seat, wins
    a third of its games without the spoiler and none with it."""
    rules = HalmaRules(n=4, players=6, win_rule="own")
    agents = ("search", "search", "greedy", "greedy", "greedy", "greedy")
    lane = HalmaFastLane(rules, agents, victims=(-1, 0, -1, -1, -1, -1))
    spoiled, records = lane.play(3, range(12), header(rules), limit=600)
    assert records is not None and wins(spoiled, 0) == 0
    target = {int(h) for h in fast_tables(rules).tgt[0]}
    assert sum(bool(final_pegs(rules, r)[1] & target) for r in records) >= 8
    assert wins(HalmaFastLane(rules, agents).play(3, range(12), limit=600)[0], 0) >= 3


# --- the move limit, records and the compile cache ---------------------------------------


def test_the_move_limit_cuts_games_as_unfinished() -> None:
    rules = HalmaRules(n=4)
    lane = HalmaFastLane(rules, ("search", "greedy"))
    whole = lane.play(6, range(6))[0]
    cut, records = lane.play(6, range(6), header(rules), limit=40)
    assert records is not None
    assert list(lane.play(6, range(6), limit=10_000)[0]) == list(whole)
    for stats, record, full in zip(cut, records, whole, strict=True):
        assert stats.moves == 40 and stats.outcome.result == "unfinished" and stats.hit_length_bound
        assert record[-1] == {"result": "unfinished", "winners": [], "rounds": 0}  # as the core
        assert len(record) == 42 and full.moves > 40
    zero = lane.play(6, range(2), limit=0)[0]
    assert list(zero.moves) == [0, 0]
    with pytest.raises(ValueError, match="limit"):
        lane.play(6, range(1), limit=-1)


@pytest.mark.parametrize(
    ("options", "agents", "victims"),
    [
        ({"n": 4}, ("search", "lookahead"), ()),
        ({"n": 3, "players": 3, "win_rule": "own"}, ("search", "greedy", "search"), (1, -1, -1)),
        ({"n": 2, "players": 6, "first_seat": 2}, ("search",) * 6, (-1, -1, -1, 0, -1, -1)),
        ({"n": 3, "jump_own": False, "target_lock": False}, ("random", "search"), (-1, 0)),
    ],
)
@pytest.mark.parametrize("budget", [2, 3])
def test_search_games_replay_through_the_python_engine(
    options: dict[str, object], agents: tuple[str, ...], victims: tuple[int, ...], budget: int
) -> None:
    ensure_compiled()
    rules = HalmaRules.model_validate(options)
    lane = HalmaFastLane(rules, agents, budgets=(budget,) * rules.players, victims=victims)
    table, records = lane.play(8, range(6), header(rules), limit=400)
    assert records is not None
    for stats, record in zip(table, records, strict=True):
        if stats.hit_length_bound:
            assert record[-1]["result"] == "unfinished"
        else:
            assert check_record(record) == stats.outcome
        assert stats.moves == len(record) - 2


def test_callers_of_other_files_kernels_know_what_they_were_compiled_against() -> None:
    """numba's cache checks a kernel's own file only: the search and game-loop modules record
    the sources they were compiled against, so an edit of the kernels they call recompiles
    them (see ``ensure_compiled``)."""
    from pathlib import Path

    from plywright.plugins.halma.fast import cache
    from plywright.plugins.halma.fast.lane import SOURCES, game_kernels, search_kernels

    ensure_compiled()
    folder = Path(cache.__file__).parent
    sources = [folder / name for name in SOURCES]
    assert cache.compiled_against(search_kernels(), cache.sources_key(sources[:2]))
    assert cache.compiled_against(game_kernels(), cache.sources_key(sources))
    assert not cache.compiled_against(game_kernels(), cache.sources_key(sources[:2]))
