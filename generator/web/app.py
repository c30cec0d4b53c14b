"""The variant designer web app (Starlette): games page, designer page per game, live
preview, upload and download of variant files, background checks, sweeps and builds.

Every value goes through the core's validation; nothing the user sends becomes a path (jobs
and build files are found by server-made ids and manifest indices). The routes are in
:mod:`plywright.web.routes`, what they share in :class:`~plywright.web.state.Designer`.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from plywright.registry import Registry, load_registry
from plywright.web.errors import HANDLERS
from plywright.web.routes import jobs, pages, results, variants
from plywright.web.state import Designer, Limits

__all__ = ["LOCAL_HOSTS", "Limits", "create_app"]

STATIC = Path(__file__).parent / "static"
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]", "testserver")

ROUTES = [
    Route("/", pages.games_page),
    Route("/games/{game}", pages.designer_page),
    Route("/games/{game}/evaluate", variants.evaluate, methods=["POST"]),
    Route("/games/{game}/variant.toml", variants.download, methods=["POST"]),
    Route("/games/{game}/upload", variants.upload, methods=["POST"]),
    Route("/games/{game}/{kind:str}", jobs.start_job, methods=["POST"]),
    Route("/jobs/{job}", jobs.job_status),
    Route("/jobs/{job}/cancel", jobs.cancel_job, methods=["POST"]),
    Route("/jobs/{job}/build.zip", results.build_zip),
    Route("/jobs/{job}/files/{index:int}", results.build_file),
    Route("/jobs/{job}/report.{suffix}", results.check_report),
    Route("/jobs/{job}/sweep/{name}", results.sweep_file),
    Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
]


@asynccontextmanager
async def lifespan(app: Starlette) -> AsyncIterator[None]:
    """Warm the previews while answering (``plywright serve`` warms them before it
    listens), and end the workers and jobs when the server stops."""
    designer: Designer = app.state.designer
    warming = designer.warm_meanwhile()
    yield
    for task in warming:
        task.cancel()
    designer.close()


def create_app(
    registry_factory: Callable[[], Registry] = load_registry,
    limits: Limits | None = None,
    *,
    allowed_hosts: tuple[str, ...] | None = LOCAL_HOSTS,
) -> Starlette:
    """The designer app. ``registry_factory`` must be a module-level function: job processes
    call it to load the same plugins; ``allowed_hosts`` ``None`` accepts any Host header."""
    designer = Designer.create(registry_factory, limits or Limits())
    middleware = []
    if allowed_hosts is not None:
        middleware.append(Middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts)))
    app = Starlette(
        routes=ROUTES, middleware=middleware, exception_handlers=HANDLERS, lifespan=lifespan
    )
    app.state.designer = designer
    # the parts tests look at, by their own names too (the routes use ``designer`` only)
    app.state.registry = designer.registry
    app.state.jobs, app.state.previews = designer.jobs, designer.previews
    return app
