"""Kubb ``[production]``: bounds, the small set, BOM arithmetic and the production checks."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from conftest import CliRunner
from plywright.bom import bom_csv
from plywright.plugins.kubb.bom import bom_rows, cut_list_csv, pieces_per_length, stock_use
from plywright.plugins.kubb.production import SMALL_SET, KubbProduction
from plywright.plugins.kubb.production_checks import crown_angle, production_checks


@dataclass(frozen=True)
class Rules:
    kubbs_per_team: int = 5
    batons: int = 6


def failed(p: KubbProduction, penalty: float | None = None) -> dict[str, str]:
    return {c.name: c.severity for c in production_checks(p, Rules(), penalty) if not c.ok}


def test_defaults_are_the_world_championship_sizes() -> None:
    p = KubbProduction()
    assert (p.kubb_width, p.kubb_height) == (70, 150)
    assert (p.king_width, p.king_height) == (90, 300)
    assert (p.baton_diameter, p.baton_length) == (44, 300)
    assert failed(p, 0.3) == {}


def test_small_set_is_king_75_kubb_60_baton_40() -> None:
    p = KubbProduction(**SMALL_SET)
    assert (p.king_width, p.kubb_width, p.baton_diameter) == (75, 60, 40)
    assert "production.stick_length" in failed(p, 0.3)  # its baton is 27 cm, not 30
    assert failed(p, 0.27) == {}


@pytest.mark.parametrize(
    "change",
    [
        {"kubb_width": float("nan")},
        {"kubb_height": -150.0},
        {"king_height": float("inf")},
        {"kerf": -1.0},
        {"crown_points": 1},
        {"kubb_chamfer": 40.0},  # more than half the kubb
        {"crown_height": 200.0},  # deeper than half the king
        {"baton_chamfer": 25.0},
        {"stake_point": 200.0},
        {"colour": "red"},  # unknown field
    ],
)
def test_bad_values_are_refused(change: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        KubbProduction(**change)  # type: ignore[arg-type]


def test_pieces_per_length_with_kerf_and_trim() -> None:
    # 2400 - 2 * 5 = 2390 usable; 15 * 150 + 14 * 3 = 2292 fits, 16 * 150 + 15 * 3 = 2445 not
    assert pieces_per_length(2400, 150, 3, 5) == 15
    assert pieces_per_length(2292 + 10, 150, 3, 5) == 15  # exactly fits
    assert pieces_per_length(2291 + 10, 150, 3, 5) == 14  # one mm short
    assert pieces_per_length(150 + 10, 150, 3, 5) == 1
    assert pieces_per_length(149 + 10, 150, 3, 5) == 0


@given(
    stock=st.floats(100, 6000),
    piece=st.floats(20, 1000),
    kerf=st.floats(0, 10),
    trim=st.floats(0, 50),
)
def test_pieces_per_length_is_the_most_that_fit(
    stock: float, piece: float, kerf: float, trim: float
) -> None:
    n = pieces_per_length(stock, piece, kerf, trim)
    usable = stock - 2 * trim
    if n:
        assert n * piece + (n - 1) * kerf <= usable + 1e-6
    assert (n + 1) * piece + n * kerf > usable - 1e-6


def test_sets_per_stock_length_and_stock_for_ten_sets() -> None:
    uses = {u.stock.key: u for u in stock_use(KubbProduction(), Rules())}
    assert (uses["kubb"].pieces, uses["kubb"].sets) == (15, 1)
    assert (uses["king"].pieces, uses["king"].sets) == (3, 3)  # 1200 mm lengths
    assert (uses["baton"].pieces, uses["baton"].sets) == (7, 1)
    assert uses["kubb"].lengths_for(10) == 7  # 100 kubbs, 15 per length
    assert uses["king"].lengths_for(10) == 4
    rows = list(csv.DictReader(io.StringIO(bom_csv(bom_rows(KubbProduction(), Rules())))))
    ten = [r for r in rows if r["section"] == "stock for 10 sets"]
    assert [int(r["quantity"]) for r in ten] == [7, 4, 9, 9]


def test_bom_counts_read_as_english_and_the_set_rows_stand_together() -> None:
    volumes = {"kubb": 1e6, "king": 2e6, "baton": 5e5, "stake": 1e5}
    rows = bom_rows(KubbProduction(), Rules(), volumes)
    sections = [r.section for r in rows]
    assert sections[:5] == ["set"] * 5 and sections.count("set") == 5
    assert rows[4].item == "mass of one set" and rows[4].quantity == 10140  # g at 650 kg/m3
    text = bom_csv(rows)
    for wrong in ("1 full sets", "1 kings", "1 sets", "stock for 1 sets"):
        assert wrong not in text
    assert "; 1 full set per length" in text and "; 3 full sets per length" in text
    one = {r.item.split(",")[0]: r.detail for r in rows if r.section == "stock for 1 set"}
    assert one["square timber 90 x 90 mm"] == "1 king"
    assert one["square timber 70 x 70 mm"] == "10 kubbs"
    baton = bom_rows(KubbProduction(), Rules(batons=1))
    assert any(r.detail == "1 baton" for r in baton)


def test_cut_list_positions_add_up() -> None:
    p = KubbProduction(kerf=4.0, end_trim=10.0)
    rows = list(csv.DictReader(io.StringIO(cut_list_csv(p, Rules(kubbs_per_team=10)))))
    kubbs = [r for r in rows if r["item"] == "kubb"]
    assert len(kubbs) == 20
    per_length = pieces_per_length(p.kubb_stock_length, p.kubb_height, 4.0, 10.0)
    assert max(int(r["position"]) for r in kubbs) == per_length
    for row in kubbs:
        k = int(row["position"]) - 1
        assert float(row["start_mm"]) == pytest.approx(10 + k * (p.kubb_height + 4))
        assert float(row["end_mm"]) <= p.kubb_stock_length - 10
    assert cut_list_csv(p, Rules()) == cut_list_csv(p, Rules())


@pytest.mark.parametrize(
    ("change", "name", "severity"),
    [
        ({"kubb_stock_section": 60.0}, "production.kubb_section", "error"),
        ({"king_stock_section": 80.0}, "production.king_section", "error"),
        ({"dowel_diameter": 40.0}, "production.baton_section", "error"),
        ({"stake_stock_section": 20.0}, "production.stake_section", "error"),
        ({"kubb_stock_length": 150.0}, "production.kubb_stock_length", "error"),
        ({"king_stock_length": 300.0}, "production.king_stock_length", "error"),
        ({"dowel_length": 250.0}, "production.baton_stock_length", "error"),
        ({"kubb_stock_section": 95.0}, "production.kubb_oversize", "warning"),
        ({"crown_points": 8, "crown_height": 60.0}, "production.crown_notches", "warning"),
        ({"king_height": 140.0, "crown_height": 20.0}, "production.king_height", "warning"),
        ({"kubb_height": 300.0}, "production.kubb_stands", "warning"),
        ({"king_width": 60.0, "king_stock_section": 60.0}, "production.king_thicker", "warning"),
    ],
)
def test_production_checks_flag(change: dict[str, object], name: str, severity: str) -> None:
    result = failed(KubbProduction(**change))  # type: ignore[arg-type]
    assert result.get(name) == severity


def test_section_tolerance_allows_planed_stock() -> None:
    assert "production.kubb_section" not in failed(KubbProduction(kubb_stock_section=69.6))
    assert "production.kubb_section" in failed(KubbProduction(kubb_stock_section=69.4))


def test_crown_angle() -> None:
    # 3 points on 90 mm: notches 45 mm wide, 40 mm deep: 2 * atan(22.5 / 40) = 58.7 degrees
    assert crown_angle(KubbProduction()) == pytest.approx(58.7, abs=0.1)


def test_bad_production_values_exit_2_through_the_cli(run_cli: CliRunner, tmp_path: Path) -> None:
    for line, field in [
        ("kubb_width = -70.0", "kubb_width"),
        ("kerf = nan", "kerf"),
        ("crown_points = 1", "crown_points"),
    ]:
        variant = tmp_path / "bad.toml"
        variant.write_text(f'game = "kubb"\n[production]\n{line}\n', encoding="utf-8")
        done = run_cli("check", str(variant), "--probes", "none", "--games", "2")
        assert done.returncode == 2, done.stderr
        assert field in done.stderr and "Traceback" not in done.stderr
        assert len(done.stderr.strip().splitlines()) <= 3
