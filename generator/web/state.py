"""The designer's state, held on ``app.state.designer``: the plugins, the limits of what a
visitor may ask, the page templates, the background jobs and the preview workers."""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.templating import Jinja2Templates

from plywright.api import GameDefinition
from plywright.registry import Registry
from plywright.variant import parse_variant
from plywright.web.errors import BadRequest
from plywright.web.forms import default_name, form_values
from plywright.web.jobs import Job, JobManager
from plywright.web.previews import Previews

HERE = Path(__file__).parent
LOG = logging.getLogger("plywright.web")
JOB_ID = re.compile(r"^[A-Za-z0-9_-]{8,40}$")


@dataclass(frozen=True)
class Limits:
    """What one visitor may ask of the server."""

    max_upload: int = 64 * 1024
    """Largest variant file (bytes) accepted by upload, and largest JSON request."""
    max_games: int = 2000
    """Most simulated games in one check, and per variant of a sweep."""
    max_sweep_games: int = 20_000
    """Most simulated games in one sweep, over all its variants."""
    default_games: int = 100
    max_running: int = 2
    """Background jobs (checks and builds) running at once."""
    abandon_after: float = 60.0
    """A running job nobody asks about for this long (seconds) is ended."""
    keep_after: float = 900.0
    """A finished job (its files) is kept this long after it was last asked about (an open
    page asks about its jobs every half minute)."""
    preview_workers: int = 2
    """Processes drawing previews side by side (0: one at a time, in the server)."""


@dataclass(frozen=True)
class Designer:
    """Everything the designer's routes share."""

    registry: Registry
    registry_factory: Callable[[], Registry]
    """A module-level function: job and preview processes call it to load the same plugins."""
    limits: Limits
    templates: Jinja2Templates
    jobs: JobManager
    previews: Previews

    @classmethod
    def create(cls, registry_factory: Callable[[], Registry], limits: Limits) -> Designer:
        registry = registry_factory()
        return cls(
            registry=registry,
            registry_factory=registry_factory,
            limits=limits,
            templates=Jinja2Templates(directory=str(HERE / "templates")),
            jobs=JobManager(
                max_running=limits.max_running,
                abandon_after=limits.abandon_after,
                keep_after=limits.keep_after,
            ),
            previews=Previews(registry, registry_factory, workers=limits.preview_workers),
        )

    def game(self, name: str) -> GameDefinition:
        """The game ``name``; an unknown one is a 404 naming the games there are."""
        if name not in self.registry.games:
            allowed = ", ".join(sorted(self.registry.games)) or "none registered"
            raise HTTPException(404, f"game: unknown game {name!r} (allowed: {allowed})")
        return self.registry.games[name]

    def job(self, job_id: str) -> Job:
        """The job ``job_id`` (server-made ids only); a forgotten one says it expired."""
        job = self.jobs.get(job_id) if JOB_ID.match(job_id) else None
        if job is None:
            minutes = round(self.limits.keep_after / 60)
            raise BadRequest(
                "this result has expired: the server keeps a check, sweep or build while "
                f"the page that started it is open and for {minutes} minutes after; run it "
                "again from the designer page",
                404,
            )
        return job

    def start_payload(
        self, definition: GameDefinition, preset: str | None = None
    ) -> dict[str, Any]:
        """What the designer page sends first: its starting name, preset and values."""
        data: dict[str, Any] = {"game": definition.name}
        if preset is not None:
            data["preset"] = preset
        start = parse_variant(data, self.registry, default_name=default_name(definition))
        return {"name": start.name, "preset": start.preset or "", "values": form_values(start)}

    def first_payloads(self) -> list[dict[str, Any]]:
        """Each game's first request (``{"game", "payload"}``), broken plugins left out."""
        warm = []
        for name, definition in sorted(self.registry.games.items()):
            try:
                warm.append({"game": name, "payload": self.start_payload(definition)})
            except Exception:  # a broken plugin shows its error on its own page
                LOG.exception("the starting variant of %s is broken", name)
        return warm

    async def warm_one(self, item: dict[str, Any]) -> None:
        """The first answer of a game's page, made before anyone asks (then cached)."""
        try:
            await self.previews.answer(self.registry.games[item["game"]], item["payload"])
        except Exception:
            LOG.exception("warming the preview of %s failed", item["game"])

    async def warm_up(self) -> int:
        """Start the preview workers and draw every game's first preview now, into the
        cache (``plywright serve`` runs this before it listens); returns how many."""
        warm = self.first_payloads()
        self.previews.start(warm)
        await asyncio.gather(*(self.warm_one(item) for item in warm))
        return len(warm)

    def warm_meanwhile(self) -> list[asyncio.Task[None]]:
        """Start the preview workers and warm every game's first preview while the server
        answers (a server not warmed first; the cache makes repeats free)."""
        warm = self.first_payloads()
        self.previews.start(warm)
        return [asyncio.create_task(self.warm_one(item)) for item in warm]

    def close(self) -> None:
        """End the preview workers and every job (their folders go too)."""
        self.previews.close()
        self.jobs.close()


def designer(request: Request) -> Designer:
    """The designer's state of the app answering ``request``."""
    state = request.app.state.designer
    assert isinstance(state, Designer)
    return state
