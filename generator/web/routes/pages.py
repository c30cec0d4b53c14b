"""The designer's two pages: the games, and one game's designer."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from plywright.api import GameDefinition
from plywright.build import plywright_version
from plywright.variant import parse_variant
from plywright.web.firstscreen import Control, table_title, words
from plywright.web.forms import form_schema, form_values
from plywright.web.gate import FORCE_BOXES
from plywright.web.state import Designer, designer

IN_PANEL = frozenset({"check.games", "check.agent", "check.probes"})
"""Fields shown in the check panel, not in the form."""


def script_json(value: object) -> str:
    """JSON safe to put inside a ``<script>`` element."""
    return json.dumps(value).replace("<", "\\u003c")


async def games_page(request: Request) -> Response:
    state = designer(request)
    games = []
    for name in sorted(state.registry.games):
        definition = state.registry.games[name]
        said = words(definition)
        url = request.url_for("designer_page", game=name)
        presets = [
            {"label": label, "url": f"{url}?preset={quote(preset)}"}
            for preset, label in said.presets.items()
        ]
        games.append(
            {"definition": definition, "summary": said.summary, "presets": presets, "url": url}
        )
    return state.templates.TemplateResponse(
        request,
        "games.html",
        {"games": games, "failures": state.registry.failures, "version": plywright_version()},
    )


async def designer_page(request: Request) -> Response:
    state = designer(request)
    definition = state.game(request.path_params["game"])
    chosen = request.query_params.get("preset")
    if chosen is not None and chosen not in definition.presets:
        allowed = ", ".join(definition.presets) or "none"
        raise HTTPException(
            404,
            f"preset: {definition.title} has no preset {chosen[:40]!r} (allowed: {allowed})",
        )
    return state.templates.TemplateResponse(
        request, "designer.html", designer_context(state, definition, chosen)
    )


def designer_context(
    state: Designer, definition: GameDefinition, chosen: str | None
) -> dict[str, Any]:
    """What the designer page shows: the first screen, the form's tables, the check panel,
    the starting values and every preset's values."""
    start = state.start_payload(definition, chosen)
    presets = {
        name: form_values(parse_variant({"game": definition.name, "preset": name}, state.registry))
        for name in definition.presets
    }
    if definition.default_preset is None:  # '' = no preset, the tables' defaults
        presets[""] = start["values"]
    said = words(definition)
    controls = {c.name: c for c in said.first if isinstance(c, Control)}
    shown_first = {c.spec.key for c in said.first if not isinstance(c, Control)} | IN_PANEL
    schema = form_schema(definition)
    tables = [
        {
            "name": table.name,
            "title": table_title(table.name, table.title),
            "fields": [f for f in table.fields if f.key not in shown_first],
        }
        for table in schema
    ]
    specs = {f.key: f for table in schema for f in table.fields}
    return {
        "definition": definition,
        "first": said.first,
        "control_current": {
            name: c.current(presets, start["values"]) for name, c in controls.items()
        },
        "controls_json": script_json({name: c.values(presets) for name, c in controls.items()}),
        "tables": [table for table in tables if table["fields"]],
        "panel": {key: specs[key] for key in IN_PANEL if key in specs},
        "values": start["values"],
        "name": start["name"],
        "preset": start["preset"],
        "preset_labels": said.presets,
        "agent_labels": {name: w.label for name, w in said.agents if w.label},
        "agents_json": script_json({name: w.as_json() for name, w in said.agents if w.slow}),
        "presets_json": script_json(presets),
        "agents": [a.name for a in state.registry.agents_for(definition.name)],
        "limits": state.limits,
        "force_boxes": FORCE_BOXES,
        "version": plywright_version(),
    }
