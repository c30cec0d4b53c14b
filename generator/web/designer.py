"""What the designer page shows for the form's current values: field errors, static checks
(each next to its field where it names one) and the live preview picture."""

from __future__ import annotations

import base64
import logging
import re
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from plywright.api import GameDefinition, StaticCheck
from plywright.build import BuildError, collect_artifacts
from plywright.checks import static_checks
from plywright.registry import Registry
from plywright.variant import Variant
from plywright.web.forms import form_schema, form_values, read_form

LOG = logging.getLogger("plywright.web")

PREVIEW_KINDS = ("preview/svg", "layout/svg")
"""Artifact kinds that can serve as the live preview, best first."""
PICTURE_FAILED = (
    "the picture could not be drawn for these values; try other values "
    "(the server's log has the details)"
)
CHECKS_FAILED = (
    "the static checks could not run for these values (the server's log has the details)"
)


@dataclass(frozen=True)
class Preview:
    """The preview picture as a ``data:`` URL (shown in an ``<img>``: no script runs), or why
    there is none."""

    kind: str | None
    url: str | None
    error: str | None = None


def preview(registry: Registry, variant: Variant) -> Preview:
    """Write only the variant's preview artifact (never the whole build) and return it."""
    try:
        artifacts = collect_artifacts(registry, variant)
    except BuildError as exc:
        return Preview(None, None, str(exc))
    except Exception:  # a plugin failed: the details go to the server log, not the page
        LOG.exception("listing the files of %s failed", variant.game)
        return Preview(None, None, PICTURE_FAILED)
    for kind in PREVIEW_KINDS:
        found = [a for a in artifacts if a.kind == kind and a.path.endswith(".svg")]
        if not found:
            continue
        with tempfile.TemporaryDirectory(prefix="plywright-preview-") as folder:
            path = Path(folder) / "preview.svg"
            try:
                found[0].write(path)
                data = path.read_bytes()
            except Exception:  # a plugin's writer failed: details in the server log
                LOG.exception("drawing the %s picture of %s failed", kind, variant.game)
                return Preview(kind, None, PICTURE_FAILED)
        encoded = base64.b64encode(data).decode("ascii")
        return Preview(kind, f"data:image/svg+xml;base64,{encoded}")
    return Preview(None, None, "this game has no preview or layout picture")


def check_field(check: StaticCheck, definition: GameDefinition) -> str | None:
    """The form field (``table.field``) a static check is about, where it names one: an
    explicit ``field`` attribute, a name ``table.field`` or ``game-field``, or else the first
    field its message names."""
    explicit = getattr(check, "field", None)
    keys = {spec.key: spec for table in form_schema(definition) for spec in table.fields}
    if isinstance(explicit, str) and explicit in keys:
        return explicit
    if check.name in keys:
        return check.name
    parts = re.split(r"[.\-]", check.name)
    for spec in keys.values():
        if len(spec.name) >= 3 and spec.name in parts[1:]:
            return spec.key
    for word in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", check.message):
        for spec in keys.values():
            if word == spec.name and (len(word) >= 4 or "_" in word):
                return spec.key
    return None


def checks_json(checks: list[StaticCheck], definition: GameDefinition) -> list[dict[str, Any]]:
    """Static checks for the page, each with the field it belongs to (or ``None``)."""
    return [{**check.as_json(), "field": check_field(check, definition)} for check in checks]


def evaluate(
    registry: Registry, definition: GameDefinition, payload: Mapping[str, Any]
) -> dict[str, Any]:
    """The designer's answer for a form payload: valid or not, errors per field, static
    checks and the preview."""
    reading = read_form(registry, definition, payload)
    answer: dict[str, Any] = {
        "ok": reading.variant is not None,
        "error": reading.error,
        "field_errors": reading.field_errors,
        "field_plain": reading.field_plain,
        "values": {},
        "checks": [],
        "preview": None,
        "preview_kind": None,
        "preview_error": None,
    }
    if reading.variant is None:
        return answer
    try:
        checks = static_checks(registry, reading.variant)
    except Exception:  # a plugin's check crashed: say so plainly, details in the log
        LOG.exception("the static checks of %s failed", definition.name)
        checks = [StaticCheck("static-checks", False, CHECKS_FAILED)]
    answer["checks"] = checks_json(checks, definition)
    answer["values"] = form_values(reading.variant)
    picture = preview(registry, reading.variant)
    answer.update(preview=picture.url, preview_kind=picture.kind, preview_error=picture.error)
    return answer
