"""The Kubb cut list and bill of materials from standard stock.

Every piece is crosscut from a stock length: square timber for kubbs, king and marker stakes, a
round dowel for the batons. Each stock length first loses ``end_trim`` at both ends (squaring
the sawn or split ends); then pieces follow one another with one saw kerf between neighbours:

    pieces per stock length = floor((stock - 2 * end_trim + kerf) / (piece + kerf))

A set needs ``2 * kubbs_per_team`` kubbs, one king, ``batons`` batons and ``stakes`` stakes.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from plywright.bom import BomRow, csv_text
from plywright.cad.plan import mm
from plywright.plugins.kubb.production import KubbProduction

CUT_COLUMNS = ("stock", "length_no", "position", "item", "start_mm", "end_mm", "length_mm")
BATCH_SETS = (1, 5, 10)
"""Set counts the BOM gives stock totals for."""


class SetRules(Protocol):
    """What the BOM reads from ``[rules]`` (``KubbRules`` has these fields)."""

    @property
    def kubbs_per_team(self) -> int: ...
    @property
    def batons(self) -> int: ...


@dataclass(frozen=True)
class Stock:
    """One kind of stock and the piece crosscut from it."""

    key: str
    """``kubb``, ``king``, ``baton``, ``stake``."""
    piece: str
    """What the piece is, with its size."""
    per_set: int
    material: str
    """What the stock is, with its section."""
    stock_length: float
    piece_length: float
    section: float
    """Stock section side (square) or diameter (dowel), mm."""
    round: bool = False


def stocks(p: KubbProduction, rules: SetRules) -> list[Stock]:
    """The four stocks of one set, in BOM order."""
    return [
        Stock(
            "kubb",
            f"kubb {mm(p.kubb_width)} x {mm(p.kubb_width)} x {mm(p.kubb_height)} mm",
            2 * rules.kubbs_per_team,
            f"square timber {mm(p.kubb_stock_section)} x {mm(p.kubb_stock_section)} mm",
            p.kubb_stock_length,
            p.kubb_height,
            p.kubb_stock_section,
        ),
        Stock(
            "king",
            f"king {mm(p.king_width)} x {mm(p.king_width)} x {mm(p.king_height)} mm, crowned",
            1,
            f"square timber {mm(p.king_stock_section)} x {mm(p.king_stock_section)} mm",
            p.king_stock_length,
            p.king_height,
            p.king_stock_section,
        ),
        Stock(
            "baton",
            f"baton D{mm(p.baton_diameter)} x {mm(p.baton_length)} mm",
            rules.batons,
            f"round dowel D{mm(p.dowel_diameter)} mm",
            p.dowel_length,
            p.baton_length,
            p.dowel_diameter,
            round=True,
        ),
        Stock(
            "stake",
            f"marker stake {mm(p.stake_width)} x {mm(p.stake_width)} x {mm(p.stake_length)} mm",
            p.stakes,
            f"square lath {mm(p.stake_stock_section)} x {mm(p.stake_stock_section)} mm",
            p.stake_stock_length,
            p.stake_length,
            p.stake_stock_section,
        ),
    ]


def pieces_per_length(stock_length: float, piece: float, kerf: float, end_trim: float) -> int:
    """How many pieces one stock length gives (see the module docstring)."""
    usable = stock_length - 2 * end_trim
    if usable < piece:
        return 0
    return math.floor((usable + kerf) / (piece + kerf) + 1e-9)


def offcut(stock_length: float, piece: float, kerf: float, end_trim: float, count: int) -> float:
    """Wood left over after ``count`` pieces (trims and kerfs excluded), mm."""
    if count == 0:
        return stock_length
    return stock_length - 2 * end_trim - count * piece - (count - 1) * kerf


@dataclass(frozen=True)
class StockUse:
    """What one stock length yields for one piece."""

    stock: Stock
    pieces: int
    """Pieces per stock length."""
    waste: float
    """Offcut per stock length (mm)."""

    @property
    def sets(self) -> int:
        """Whole sets' worth of this piece per stock length."""
        return self.pieces // self.stock.per_set if self.stock.per_set else 0

    def lengths_for(self, sets: int) -> int:
        """Stock lengths needed for ``sets`` sets (0 pieces per length: impossible, -1)."""
        if self.pieces == 0:
            return -1
        return math.ceil(sets * self.stock.per_set / self.pieces)


def stock_use(p: KubbProduction, rules: SetRules) -> list[StockUse]:
    out = []
    for s in stocks(p, rules):
        count = pieces_per_length(s.stock_length, s.piece_length, p.kerf, p.end_trim)
        out.append(
            StockUse(s, count, offcut(s.stock_length, s.piece_length, p.kerf, p.end_trim, count))
        )
    return out


def _number(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _count(count: int, noun: str) -> str:
    """``1 king``, ``10 kubbs``: English nouns of the BOM take a plain ``s``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def bom_rows(
    p: KubbProduction, rules: SetRules, volumes: Mapping[str, float] | None = None
) -> list[BomRow]:
    """The BOM of one set; ``volumes`` (mm^3 per piece, from the solids) adds masses."""
    uses = stock_use(p, rules)
    rows: list[BomRow] = []
    total_mass = 0.0
    for use in uses:
        s = use.stock
        detail = f"from {s.material}"
        if volumes and s.key in volumes:
            mass = volumes[s.key] * 1e-9 * p.wood_density
            total_mass += mass * s.per_set
            detail += f"; {_number(mass * 1000)} g each at {_number(p.wood_density)} kg/m3"
        rows.append(BomRow("set", s.piece, s.per_set, "pcs", detail))
    if volumes:
        rows.append(
            BomRow(
                "set",
                "mass of one set",
                round(total_mass * 1000),
                "g",
                f"all pieces at {_number(p.wood_density)} kg/m3",
            )
        )
    for use in uses:
        s = use.stock
        rows.append(
            BomRow(
                "stock",
                f"{s.material}, {mm(s.stock_length)} mm lengths",
                use.pieces,
                "pcs per length",
                f"{s.key}s of {mm(s.piece_length)} mm, kerf {mm(p.kerf)} mm, "
                f"{mm(p.end_trim)} mm trimmed at each end, offcut {mm(use.waste)} mm; "
                f"{_count(use.sets, 'full set')} per length",
            )
        )
    for sets in BATCH_SETS:
        for use in uses:
            s = use.stock
            need = use.lengths_for(sets)
            rows.append(
                BomRow(
                    f"stock for {_count(sets, 'set')}",
                    f"{s.material}, {mm(s.stock_length)} mm lengths",
                    max(need, 0),
                    "lengths",
                    _count(sets * s.per_set, s.key)
                    + ("; does not fit the stock length" if need < 0 else ""),
                )
            )
    return rows


def cut_list_csv(p: KubbProduction, rules: SetRules) -> str:
    """Where every piece of one set lies on its stock lengths (mm from the stock's left end).

    Each stock length starts with its end trim; pieces follow with one kerf between them; the
    last row of a length is its offcut.
    """
    rows: list[tuple[object, ...]] = []
    for use in stock_use(p, rules):
        s = use.stock
        if use.pieces == 0:
            rows.append((s.material, 1, 0, f"{s.key} does not fit", "", "", ""))
            continue
        remaining, number = s.per_set, 0
        while remaining > 0:
            number += 1
            count = min(remaining, use.pieces)
            x = p.end_trim
            rows.append((s.material, number, 0, "end trim", "0", _number(x), _number(x)))
            for i in range(count):
                start, end = x, x + s.piece_length
                rows.append(
                    (
                        s.material,
                        number,
                        i + 1,
                        s.key,
                        _number(start),
                        _number(end),
                        _number(end - start),
                    )
                )
                x = end + p.kerf
            end = x - p.kerf
            rows.append(
                (
                    s.material,
                    number,
                    count + 1,
                    "offcut and end trim",
                    _number(end),
                    _number(s.stock_length),
                    _number(s.stock_length - end),
                )
            )
            remaining -= count
    return csv_text(CUT_COLUMNS, rows)
