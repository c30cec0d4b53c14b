"""Tables drawn from a variant model's schema: Hypothesis strategies built from each field's
type and bounds (``ge``/``gt``/``le``/``lt``, ``Literal`` choices, tuple lengths), so the kit
plays values no preset uses. A drawn table is the model's to refuse (a cross-field rule); one
it accepts, the engine must play.

Also the field-level checks of a model: each field's own validation (type and bounds,
without the model's cross-field rules) as a function, :func:`field_validator_of`.
"""

from __future__ import annotations

import math
import types
import typing
from collections.abc import Callable
from typing import Any

import annotated_types as at
from hypothesis import strategies as st
from pydantic import BaseModel, TypeAdapter, ValidationError
from pydantic.fields import FieldInfo

MAX_ITEMS = 8
"""Longest drawn list (tuple fields); a field's own ``max_length`` may cut it shorter."""
SPAN = 1000
"""How far from its default an unbounded number is drawn."""


def _bounds(constraints: list[Any]) -> dict[str, Any]:
    """``ge``, ``gt``, ``le``, ``lt``, ``min_length``, ``max_length`` of annotated-types
    constraints (pydantic's ``Field`` metadata)."""
    found: dict[str, Any] = {}
    for item in constraints:
        if isinstance(item, FieldInfo):
            found.update(_bounds(list(item.metadata)))
        elif isinstance(item, at.Interval):
            found.update({k: v for k, v in vars(item).items() if v is not None})
        else:
            for key in ("ge", "gt", "le", "lt", "min_length", "max_length"):
                if hasattr(item, key) and getattr(item, key) is not None:
                    found[key] = getattr(item, key)
    return found


def _number(kind: type, bounds: dict[str, Any], default: Any) -> st.SearchStrategy[Any]:
    centre = default if isinstance(default, int | float) and not isinstance(default, bool) else 0
    low = bounds.get("ge", bounds.get("gt"))
    high = bounds.get("le", bounds.get("lt"))
    if kind is int:
        lo: int = int(centre) - SPAN if low is None else math.ceil(low)
        hi: int = int(centre) + SPAN if high is None else math.floor(high)
        lo += 1 if "gt" in bounds and "ge" not in bounds and lo == low else 0
        hi -= 1 if "lt" in bounds and "le" not in bounds and hi == high else 0
        ends = [v for v in (lo, hi) if lo <= v <= hi]
        return st.one_of(st.sampled_from(ends), st.integers(lo, hi)) if ends else st.nothing()
    lo_f = float(centre - SPAN) if low is None else float(low)
    hi_f = float(centre + SPAN) if high is None else float(high)
    open_low = "gt" in bounds and "ge" not in bounds
    open_high = "lt" in bounds and "le" not in bounds
    values = st.floats(
        lo_f, hi_f, exclude_min=open_low, exclude_max=open_high, allow_nan=False,
        allow_infinity=False,
    )  # fmt: skip
    edges = [v for v, is_open in ((lo_f, open_low), (hi_f, open_high)) if not is_open]
    return st.one_of(st.sampled_from(edges), values) if edges else values


def value_strategy(
    annotation: Any, constraints: list[Any] | None = None, default: Any = None
) -> st.SearchStrategy[Any] | None:
    """Values of a field's type within its bounds, as TOML gives them (tuples as lists), or
    ``None`` for a type the kit does not draw (the field keeps its default)."""
    constraints = list(constraints or [])
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is typing.Annotated:
        return value_strategy(args[0], [*args[1:], *constraints], default)
    if origin in (typing.Union, types.UnionType):
        members = [value_strategy(a, constraints, default) for a in args if a is not type(None)]
        drawn = [m for m in members if m is not None]
        if type(None) in args:
            drawn.append(st.none())
        return st.one_of(drawn) if drawn else None
    if origin is typing.Literal:
        return st.sampled_from(args)
    bounds = _bounds(constraints)
    if annotation is bool:
        return st.booleans()
    if annotation in (int, float):
        return _number(annotation, bounds, default)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = value_strategy(args[0])
            if item is None:
                return None
            low = int(bounds.get("min_length", 0))
            high = max(low, min(int(bounds.get("max_length", MAX_ITEMS)), low + MAX_ITEMS))
            return st.lists(item, min_size=low, max_size=high)
        items = [value_strategy(a) for a in args]
        if any(i is None for i in items):
            return None
        return st.tuples(*typing.cast(list[st.SearchStrategy[Any]], items)).map(list)
    return None


LEFT_OUT = object()
"""A drawn field that is left out of the table (the model's default applies)."""


def table_strategy(model: type[BaseModel]) -> st.SearchStrategy[dict[str, Any]]:
    """Tables of ``model``: each field left out or drawn within its type and bounds."""
    fields: dict[str, st.SearchStrategy[Any]] = {}
    for name, field in model.model_fields.items():
        default = None if field.default_factory is not None else field.default
        values = value_strategy(field.annotation, list(field.metadata), default)
        if values is not None:
            fields[name] = st.one_of(st.just(LEFT_OUT), values)
    return st.fixed_dictionaries(fields).map(
        lambda drawn: {k: v for k, v in drawn.items() if v is not LEFT_OUT}
    )


def field_validator_of(field: FieldInfo) -> Callable[[Any], object]:
    """The field's own validation (its type and bounds, none of the model's cross-field
    rules): returns the value, raises ``ValidationError``."""
    annotation: Any = field.annotation
    if field.metadata:
        annotation = typing.Annotated[(annotation, *field.metadata)]
    adapter: TypeAdapter[Any] = TypeAdapter(annotation)
    return adapter.validate_python


def outside(field: FieldInfo, value: Any) -> str | None:
    """Why ``value`` is outside the field's own type and bounds, or ``None``."""
    if isinstance(value, float) and not math.isfinite(value):
        return f"{value} is not finite"
    try:
        field_validator_of(field)(value)
    except ValidationError as exc:
        return "; ".join(str(error["msg"]) for error in exc.errors())
    return None
