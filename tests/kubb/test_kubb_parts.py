"""Kubb piece profiles and solids for any valid ``[production]`` table (Hypothesis)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from plywright.cad.geometry2d import signed_area
from plywright.plugins.kubb import parts
from plywright.plugins.kubb.production import KubbProduction
from plywright.plugins.kubb.production_checks import production_checks


class Rules:
    kubbs_per_team = 5
    batons = 6


def productions() -> st.SearchStrategy[KubbProduction]:
    """Production tables over the whole valid range (invalid draws are skipped)."""

    @st.composite
    def build(draw: st.DrawFn) -> KubbProduction:
        values: dict[str, Any] = {
            "kubb_width": draw(st.floats(20, 300)),
            "kubb_height": draw(st.floats(30, 600)),
            "kubb_chamfer": draw(st.floats(0, 50)),
            "king_width": draw(st.floats(20, 400)),
            "king_height": draw(st.floats(50, 1200)),
            "crown_height": draw(st.floats(5, 300)),
            "crown_points": draw(st.integers(2, 8)),
            "king_chamfer": draw(st.floats(0, 50)),
            "baton_diameter": draw(st.floats(10, 150)),
            "baton_chamfer": draw(st.floats(0, 30)),
            "stake_width": draw(st.floats(8, 100)),
            "stake_length": draw(st.floats(100, 1500)),
            "stake_point": draw(st.floats(0, 500)),
        }
        try:
            return KubbProduction(**values)
        except ValidationError:
            from hypothesis import assume

            assume(False)
            raise

    return build()


def _simple(points: list[tuple[float, float]]) -> bool:
    """No two non-neighbouring edges of the closed polygon touch."""

    def cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    n = len(points)
    edges = [(points[i], points[(i + 1) % n]) for i in range(n)]
    for i in range(n):
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue
            (a, b), (c, d) = edges[i], edges[j]
            if cross(a, b, c) * cross(a, b, d) < 0 and cross(c, d, a) * cross(c, d, b) < 0:
                return False
    return True


@settings(max_examples=150, suppress_health_check=[HealthCheck.filter_too_much])
@given(productions())
def test_profiles_are_simple_ccw_polygons_of_the_piece_size(p: KubbProduction) -> None:
    cases = [
        (parts.kubb_profile(p), (p.kubb_width, p.kubb_height)),
        (parts.king_profile(p), (p.king_width, p.king_height)),
        (parts.stake_profile(p), (p.stake_width, p.stake_length)),
    ]
    for points, (width, height) in cases:
        assert parts.profile_bounds(points) == pytest.approx((0, 0, width, height))
        assert signed_area(points) > 0
        assert _simple(points)
    checks = production_checks(p, Rules(), 0.3)
    assert len({c.name for c in checks}) == len(checks) == 17  # 4 x (section, oversize, length)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(productions())
def test_solids_are_valid_and_the_size_of_the_piece(p: KubbProduction) -> None:
    for solid, size in [
        (parts.kubb_solid(p), (p.kubb_width, p.kubb_width, p.kubb_height)),
        (parts.king_solid(p), (p.king_width, p.king_width, p.king_height)),
        (parts.stake_solid(p), (p.stake_width, p.stake_width, p.stake_length)),
        (parts.baton_solid(p), (p.baton_diameter, p.baton_diameter, p.baton_length)),
    ]:
        assert solid.isValid()
        box = solid.BoundingBox(tolerance=1e-6)
        assert (box.xlen, box.ylen, box.zlen) == pytest.approx(size, abs=0.01)


def test_crown_points_and_notches() -> None:
    p = KubbProduction(crown_points=4, crown_height=30.0)
    points = parts.king_profile(p)
    tops = sorted(x for x, y in points if y == pytest.approx(p.king_height))
    assert tops == pytest.approx([0, 30, 60, 90])
    notches = sorted(x for x, y in points if y == pytest.approx(p.king_height - 30))
    assert notches == pytest.approx([15, 45, 75])


def test_crown_template_is_the_top_of_the_king_face() -> None:
    p = KubbProduction()
    plan = parts.crown_template_plan(p, "t")
    assert plan.size == pytest.approx((p.king_width, p.crown_height + parts.TEMPLATE_BAND))
    king = parts.king_profile(p)
    top = {
        (x, round(y - (p.king_height - p.crown_height - parts.TEMPLATE_BAND), 9)) for x, y in king
    }
    template = {(x, round(y, 9)) for x, y in parts.crown_template_profile(p)}
    crown = {pt for pt in template if pt[1] > parts.TEMPLATE_BAND - 1e-9}
    assert crown <= top


def test_profile_plans_have_one_cut_layer_each() -> None:
    for profile in parts.profiles(KubbProduction()):
        plan = parts.profile_plan(profile, "t")
        assert [op.kind for op in plan] == ["cut", "annotate"]
        assert plan.operations[0].layer.startswith("CUT_")
        assert plan.thickness == profile.thickness
