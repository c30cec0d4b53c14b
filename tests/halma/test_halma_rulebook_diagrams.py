"""Rulebook diagrams: the rule figures are scenarios as the engine played them (every pictured
move is legal on the geometry model and in the engine); sizes and drawings."""

from __future__ import annotations

import math

import pytest
from reportlab.graphics.shapes import Group, String

from plywright.cad.geometry2d import point_in_polygon
from plywright.plugins.halma import diagrams, examples
from plywright.plugins.halma.geometry import DIRECTIONS, MAX_N, MIN_N, StarBoard, star_board
from plywright.plugins.halma.options import SEATINGS, HalmaRules
from plywright.plugins.halma.parts import marking_offset
from plywright.plugins.halma.production import HalmaProduction
from plywright.plugins.halma.rulebook import board_edge, board_size_mm, point_colours
from plywright.print.fonts import register_fonts

SIZES = range(MIN_N, MAX_N + 1)
HEXES = point_colours(HalmaProduction())
MOVER = HEXES[0]


def single_jump(board: StarBoard, start: int, end: int) -> int | None:
    """The hole jumped over when ``start -> end`` is one jump in a straight line, else None."""
    for d in range(len(DIRECTIONS)):
        over = board.neighbours[start][d]
        if over >= 0 and board.neighbours[over][d] == end:
            return over
    return None


def assert_legal_chain(
    board: StarBoard, scene: diagrams.Scene, hops: tuple[diagrams.Hop, ...], jump_own: bool
) -> None:
    """The rules of a jump chain, checked against the pegs of the diagram."""
    pegs = scene.peg_map()
    start = hops[0].start
    mover = pegs[start]
    occupied = set(pegs) - {start}  # the moving peg has left its hole
    visited = {start}
    here = start
    for hop in hops:
        assert hop.start == here, "hops must continue where the last one landed"
        over = single_jump(board, hop.start, hop.end)
        assert over is not None, f"{board.holes[hop.start]} -> {board.holes[hop.end]} is no jump"
        assert over in occupied, f"nothing to jump over at {board.holes[over]}"
        assert hop.end not in occupied, f"landing hole {board.holes[hop.end]} is taken"
        assert hop.end not in visited, "a chain never lands twice on the same hole"
        if not jump_own:
            assert pegs[over] != mover, "jumped an own peg although jump_own is off"
        visited.add(hop.end)
        here = hop.end


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("jump_own", [True, False])
def test_chain_jump_is_legal(n: int, jump_own: bool) -> None:
    ex, scene = examples.chain_figure(HalmaRules(n=n, jump_own=jump_own), HEXES)
    board = ex.board
    assert ex.rules.jump_own is jump_own
    assert len(scene.hops) == 3
    assert_legal_chain(board, scene, scene.hops, jump_own)
    assert [hop.label for hop in scene.hops] == ["1", "2", "3"]
    assert dict(scene.ghosts) == {scene.hops[-1].end: MOVER}
    jumped = [scene.peg_map()[single_jump(board, h.start, h.end) or -1] for h in scene.hops]
    assert (MOVER in jumped) is jump_own
    assert len(set(jumped) - {MOVER}) == 2, "pegs of two other colours are jumped"
    assert set(scene.holes) >= {h.end for h in scene.hops} | set(scene.peg_map())


@pytest.mark.parametrize("n", SIZES)
def test_step_and_jump_are_legal(n: int) -> None:
    ex, step = examples.step_figure(HalmaRules(n=n), HEXES)
    board = ex.board
    pegs = step.peg_map()
    assert len(step.hops) == 5  # six neighbours, one blocked
    for hop in step.hops:
        assert hop.end in board.neighbours[hop.start] and hop.end not in pegs
    _, jump = examples.jump_figure(HalmaRules(n=n), HEXES)
    assert_legal_chain(board, jump, jump.hops, jump_own=False)


@pytest.mark.parametrize("n", [4, 5])
@pytest.mark.parametrize("lock", [True, False])
def test_target_lock_diagram(n: int, lock: bool) -> None:
    ex, scene = examples.lock_figure(HalmaRules(n=n, target_lock=lock), HEXES)
    board = ex.board
    assert board.n == n and ex.rules.target_lock is lock
    target = set(board.points[3])  # the top player's target
    allowed, leaving = scene.hops
    pegs = scene.peg_map()
    assert allowed.start in target and pegs[allowed.start] == MOVER
    assert allowed.end in target and allowed.mark == "ok"
    assert leaving.end not in target
    assert leaving.mark == ("bad" if lock else "ok")
    for hop in scene.hops:  # each pictured move is a real step or jump
        is_step = hop.end in board.neighbours[hop.start] and hop.end not in pegs
        if not is_step:
            assert_legal_chain(board, scene, (hop,), jump_own=True)


def test_a_board_no_scenario_is_written_for_shows_the_first_on_its_own_board() -> None:
    ex, _ = examples.lock_figure(HalmaRules(n=6), HEXES)
    assert ex.board.n == 4 and ex.scenario.id == "target-lock-standard"


@pytest.mark.parametrize("n", [4, 5])
@pytest.mark.parametrize("rule", ["filled", "own"])
def test_win_diagram_shows_a_full_target_with_a_foreign_peg(n: int, rule: str) -> None:
    ex, scene = examples.win_figure(HalmaRules(n=n, win_rule=rule), HEXES)
    board = ex.board
    pegs = scene.peg_map()
    assert set(pegs) == set(board.points[3])
    owners = [pegs[h] for h in board.points[3]]
    assert owners.count(MOVER) == len(owners) - 1 and len(set(owners)) == 2
    assert scene.stamp == ("ok" if rule == "filled" else "bad")


@pytest.mark.parametrize("players", sorted(SEATINGS))
def test_setup_diagram_places_every_peg(players: int) -> None:
    board = star_board(4)
    _, scene = examples.setup(HalmaRules(), players, HEXES, "hexagon", 0.8)
    pegs = scene.peg_map()
    assert len(pegs) == players * 10
    for point in range(6):
        held = {pegs.get(h) for h in board.points[point]}
        assert held == ({HEXES[point]} if point in SEATINGS[players] else {None})
    assert len(scene.holes) == 121, "empty triangles stay visible"
    assert sorted(label for _, label, _ in scene.seats) == [str(i + 1) for i in range(players)]


def test_five_players_favour_the_seat_with_nobody_opposite() -> None:
    assert examples.favoured_seat(HalmaRules()) == 2  # the player on P2: P5 is empty


def test_the_board_figure_tints_are_strong() -> None:
    """Blue must print blue and black black (the native review): the board figure's fill is
    nearer the peg colour than the wood."""
    for colour in ("#1f5fbf", "#222222"):
        fill, _ = diagrams._tint(colour, diagrams.BOARD_TINT)
        assert fill is not None
        rgb = fill.rgb()
        near_colour = math.dist(rgb, diagrams.colors.HexColor(colour).rgb())
        near_wood = math.dist(rgb, diagrams.colors.HexColor(diagrams.WOOD).rgb())
        assert near_colour < near_wood


def test_board_size_is_the_cad_outline() -> None:
    production = HalmaProduction()  # hexagon, pitch 25, hole 8.2, margin 15
    d = 8.2 / 2 + 15
    width, height = board_size_mm(4, production)
    assert width == pytest.approx(300 + 2 * d)  # tips at x = ±6 pitches, rounded corners
    assert height == pytest.approx(200 * math.sqrt(3) + 2 * d)
    star = board_size_mm(4, production.model_copy(update={"outline": "star"}))
    assert star == pytest.approx(
        (star_board(4).width(25) + 2 * d, star_board(4).height(25) + 2 * d)
    )
    circle = board_size_mm(5, production.model_copy(update={"outline": "circle"}))
    assert circle == pytest.approx((2 * (math.sqrt(3) * 5 * 25 + d),) * 2)
    assert board_size_mm(5, production)[0] > width


def test_offset_polygon_and_hull() -> None:
    square = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
    grown = diagrams.offset_polygon(square, 1.0)
    flat = [c for corner in sorted(grown) for c in corner]
    assert flat == pytest.approx([-1, -1, -1, 2, 2, -1, 2, 2])
    assert sorted(diagrams.convex_hull([*square, (0.5, 0.5)])) == sorted(square)


def strings(node: object) -> list[String]:
    if isinstance(node, String):
        return [node]
    if isinstance(node, Group):
        return [s for child in node.contents for s in strings(child)]
    return []


def test_render_keeps_the_width_and_uses_dejavu() -> None:
    board = star_board(4)
    _, scene = examples.setup(HalmaRules(), 6, HEXES, "star", 0.8)
    drawing = diagrams.render(board, scene, 150)
    assert drawing.width == 150 and 100 < drawing.height < 250
    labels = [s for node in drawing.contents for s in strings(node)]
    assert sorted(s.text for s in labels) == ["1", "2", "3", "4", "5", "6"]
    assert {s.fontName for s in labels} <= set(register_fonts())
    assert drawing.initialFontName == register_fonts()[0]


Outline = list[tuple[float, float]]


def _to_segment(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def _gap(a: Outline, b: Outline) -> float:
    """The smallest distance between two closed outlines that do not cross (pitch units)."""

    def one_way(points: Outline, other: Outline) -> float:
        edges = list(zip(other, [*other[1:], other[0]], strict=True))
        return min(_to_segment(p, s, e) for p in points for s, e in edges)

    return min(one_way(a, b), one_way(b, a))


@pytest.mark.parametrize("n", SIZES)
def test_triangles_are_drawn_as_engraved(n: int) -> None:
    """The figures' triangles are the engraved outlines (the fifth native review: the board was
    drawn three ways): half a row spacing round the holes with round corners, inside the board's
    edge and apart from each other, so no line of the large star crosses the board."""
    production = HalmaProduction()
    assert diagrams.MARKING_PAD * production.pitch == pytest.approx(marking_offset(production))
    board = star_board(n)
    outline = diagrams.board_polygon(board, "hexagon", board_edge(production))
    triangles = [diagrams.triangle_polygon(board, point) for point in range(6)]
    for point, triangle in enumerate(triangles):
        holes = [board.xy(h) for h in board.points[point]]
        reach = max(min(math.dist(p, h) for h in holes) for p in triangle)
        assert reach == pytest.approx(diagrams.MARKING_PAD, abs=1e-6), "corners are round"
        assert all(point_in_polygon(p, outline) for p in triangle), "on the board"
        assert _gap(triangle, outline) > 0.2, "set in from the board's edge"
        assert _gap(triangle, triangles[(point + 1) % 6]) > 0.05, "apart from the next one"
