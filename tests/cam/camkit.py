"""Shared helpers of the CAM tests: the router parts of the example variants (read once) and
a machine profile with changed fields."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from plywright.cad.plan import MachiningPlan
from plywright.cam.machine import DEFAULT_MACHINE, Machine, parse_machine
from plywright.cam.source import Part, parts_of, variant_plans
from plywright.registry import load_registry
from plywright.variant import parse_variant, read_variant_file

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


@cache
def plans(name: str, **production: Any) -> tuple[MachiningPlan, ...]:
    """The router plans of ``examples/NAME.toml`` (``production`` fields overridden)."""
    data = read_variant_file(EXAMPLES / f"{name}.toml")
    if production:
        data = {**data, "production": {**data.get("production", {}), **production}}
    variant = parse_variant(data, load_registry(), source=name, default_name=name)
    return tuple(plan for _, plan in variant_plans(variant))


def parts(name: str, **production: Any) -> list[Part]:
    return parts_of(plans(name, **production))


def machine(**tables: Any) -> Machine:
    """The built-in profile with ``tables`` (``{"motion": {...}}``, top-level fields) merged."""
    data = DEFAULT_MACHINE.model_dump(mode="json")
    for key, value in tables.items():
        data[key] = {**data[key], **value} if isinstance(value, dict) else value
    return parse_machine(data, "test.toml")
