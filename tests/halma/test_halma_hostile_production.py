"""Any [production] table either fails validation with an InputError or gives static checks
and a machining plan without crashing (no traceback reaches the user)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from plywright.checks import static_checks
from plywright.errors import InputError
from plywright.plugins.halma.geometry import star_board
from plywright.plugins.halma.parts import board_plan
from plywright.plugins.halma.production import HalmaProduction
from plywright.registry import load_registry
from plywright.variant import parse_variant

REGISTRY = load_registry()
SIZES = st.one_of(
    st.floats(min_value=-5, max_value=80),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0.0, 0.5, 8.2, 18.0, 25.0, 1e9]),
)
NUMERIC = [
    name
    for name, field in HalmaProduction.model_fields.items()
    if field.annotation is float and name != "stl_tolerance"
]


@settings(max_examples=120, deadline=None)
@given(
    values=st.dictionaries(st.sampled_from(NUMERIC), SIZES, max_size=6),
    outline=st.sampled_from(["hexagon", "star", "circle"]),
    marking=st.sampled_from(["engrave", "pocket", "none"]),
    n=st.integers(2, 7),
)
def test_production_values_never_crash(
    values: dict[str, float], outline: str, marking: str, n: int
) -> None:
    data = {
        "game": "halma",
        "rules": {"n": n},
        "production": {**values, "outline": outline, "marking": marking},
    }
    try:
        variant = parse_variant(data, REGISTRY)
    except InputError as error:
        assert "\n" not in str(error)
        return
    checks = static_checks(REGISTRY, variant)
    assert checks and all(check.message for check in checks)
    if all(check.ok or check.severity == "warning" for check in checks):
        plan = board_plan(star_board(n), variant.table(HalmaProduction), variant.name).plan
        assert plan.operations
