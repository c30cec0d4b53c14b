"""The variant designer web app (Starlette): games page, designer page per game, live
preview, upload and download of variant files, background checks and builds.

Every value goes through the core's validation; nothing the user sends becomes a path (jobs
and build files are found by server-made ids and manifest indices).
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import mimetypes
import re
import tomllib
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from generator.api import GameDefinition
from generator.build import plywright_version
from generator.errors import InputError
from generator.registry import Registry, load_registry
from generator.simulate.runner import resolve_agents
from generator.simulate.strongplay import PROBE_LEVELS
from generator.sweep.grid import parse_axes
from generator.sweep.run import sweep_variants
from generator.variant import MAX_DEPTH, check_depth, parse_variant
from generator.web.firstscreen import Control, table_title, words
from generator.web.forms import (
    default_name,
    download_toml,
    form_schema,
    form_values,
    read_form,
    strip_source,
)
from generator.web.jobs import Busy, JobManager
from generator.web.previews import Previews
from generator.web.work import REPORT_FILES, SWEEP_FILES, SWEEP_FOLDER, ZIP_NAME, JobSpec

HERE = Path(__file__).parent
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]", "testserver")
JOB_ID = re.compile(r"^[A-Za-z0-9_-]{8,40}$")
INLINE_TYPES = {".pdf": "application/pdf", ".svg": "image/svg+xml"}
FILE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox"
LOG = logging.getLogger("plywright.web")
SERVER_FAILED = (
    "something went wrong on the server; the page is still usable (the server's log has "
    "the details)"
)
TOO_DEEP = f"arrays or tables nested too deeply (at most {MAX_DEPTH} levels)"


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


class BadRequest(Exception):
    """A request the page answers with ``{"error": ...}`` and ``status``."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def disposition(kind: str, filename: str) -> str:
    """A ``Content-Disposition`` value for any file name (names may be in any script)."""
    ascii_name = filename.encode("ascii", "replace").decode("ascii").replace("?", "_")
    return f"{kind}; filename=\"{ascii_name}\"; filename*=utf-8''{quote(filename)}"


def file_headers(name: str) -> dict[str, str]:
    """Headers of a served build or report file: pages and pictures may run no script and
    load nothing (Chrome's PDF viewer does not work in a sandbox, and PDFs run no script)."""
    headers = {"X-Content-Type-Options": "nosniff"}
    if not name.lower().endswith(".pdf"):
        headers["Content-Security-Policy"] = FILE_POLICY
    return headers


def _error(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def create_app(
    registry_factory: Callable[[], Registry] = load_registry,
    limits: Limits | None = None,
    *,
    allowed_hosts: tuple[str, ...] | None = LOCAL_HOSTS,
) -> Starlette:
    """The designer app. ``registry_factory`` must be a module-level function: job processes
    call it to load the same plugins; ``allowed_hosts`` ``None`` accepts any Host header."""
    limits = limits or Limits()
    registry = registry_factory()
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    jobs = JobManager(
        max_running=limits.max_running,
        abandon_after=limits.abandon_after,
        keep_after=limits.keep_after,
    )

    def game_of(request: Request) -> GameDefinition:
        name = request.path_params["game"]
        if name not in registry.games:
            allowed = ", ".join(sorted(registry.games)) or "none registered"
            raise HTTPException(404, f"game: unknown game {name!r} (allowed: {allowed})")
        return registry.games[name]

    def same_origin(request: Request) -> None:
        origin = request.headers.get("origin")
        if origin and origin != "null" and urlsplit(origin).netloc != request.headers.get("host"):
            raise BadRequest("cross-site request refused: use the designer page itself", 403)

    async def read_limited(request: Request) -> bytes:
        same_origin(request)
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > limits.max_upload:
            raise BadRequest(f"too large: at most {limits.max_upload // 1024} KiB", 413)
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > limits.max_upload:
                raise BadRequest(f"too large: at most {limits.max_upload // 1024} KiB", 413)
        request._body = body  # the form parser reads the body again from here
        return body

    async def read_json(request: Request) -> dict[str, Any]:
        return parse_json(await read_limited(request))

    def parse_json(body: bytes) -> dict[str, Any]:
        try:
            payload = json.loads(body or b"{}")
        except (ValueError, UnicodeDecodeError):
            raise BadRequest("the request is not JSON") from None
        except RecursionError:  # the parser recurses once per level of nesting
            raise BadRequest(f"the request: {TOO_DEEP}") from None
        if not isinstance(payload, dict):
            raise BadRequest("the request must be a JSON object")
        try:
            check_depth(payload, "the request")
        except InputError as exc:
            raise BadRequest(str(exc)) from None
        return payload

    def job_of(request: Request) -> Any:
        job_id = request.path_params["job"]
        job = jobs.get(job_id) if JOB_ID.match(job_id) else None
        if job is None:
            minutes = round(limits.keep_after / 60)
            raise BadRequest(
                "this result has expired: the server keeps a check, sweep or build while "
                f"the page that started it is open and for {minutes} minutes after; run it "
                "again from the designer page",
                404,
            )
        return job

    async def games_page(request: Request) -> Response:
        games = []
        for name in sorted(registry.games):
            definition = registry.games[name]
            said = words(definition)
            url = request.url_for("designer_page", game=name)
            presets = [
                {"label": label, "url": f"{url}?preset={quote(preset)}"}
                for preset, label in said.presets.items()
            ]
            games.append(
                {"definition": definition, "summary": said.summary, "presets": presets, "url": url}
            )
        return templates.TemplateResponse(
            request,
            "games.html",
            {"games": games, "failures": registry.failures, "version": plywright_version()},
        )

    def start_payload(definition: GameDefinition, preset: str | None = None) -> dict[str, Any]:
        """What the designer page sends first: its starting name, preset and values."""
        data = (
            {"game": definition.name}
            if preset is None
            else {"game": definition.name, "preset": preset}
        )
        start = parse_variant(data, registry, default_name=default_name(definition))
        return {"name": start.name, "preset": start.preset or "", "values": form_values(start)}

    async def designer_page(request: Request) -> Response:
        definition = game_of(request)
        chosen = request.query_params.get("preset")
        if chosen is not None and chosen not in definition.presets:
            allowed = ", ".join(definition.presets) or "none"
            raise HTTPException(
                404,
                f"preset: {definition.title} has no preset {chosen[:40]!r} (allowed: {allowed})",
            )
        start = start_payload(definition, chosen)
        presets = {
            name: form_values(parse_variant({"game": definition.name, "preset": name}, registry))
            for name in definition.presets
        }
        if definition.default_preset is None:  # '' = no preset, the tables' defaults
            presets[""] = start["values"]
        said = words(definition)
        controls = {c.name: c for c in said.first if isinstance(c, Control)}
        in_panel = {"check.games", "check.agent", "check.probes"}
        shown_first = {c.spec.key for c in said.first if not isinstance(c, Control)} | in_panel
        tables = [
            {
                "name": table.name,
                "title": table_title(table.name, table.title),
                "fields": [f for f in table.fields if f.key not in shown_first],
            }
            for table in form_schema(definition)
        ]
        specs = {f.key: f for table in form_schema(definition) for f in table.fields}
        agents = [a.name for a in registry.agents_for(definition.name)]
        return templates.TemplateResponse(
            request,
            "designer.html",
            {
                "definition": definition,
                "first": said.first,
                "control_current": {
                    name: c.current(presets, start["values"]) for name, c in controls.items()
                },
                "controls_json": json.dumps(
                    {name: c.values(presets) for name, c in controls.items()}
                ).replace("<", "\\u003c"),
                "tables": [table for table in tables if table["fields"]],
                "panel": {key: specs[key] for key in in_panel if key in specs},
                "values": start["values"],
                "name": start["name"],
                "preset": start["preset"],
                "preset_labels": said.presets,
                "agent_labels": {name: w.label for name, w in said.agents if w.label},
                "agents_json": json.dumps(
                    {name: w.as_json() for name, w in said.agents if w.slow}
                ).replace("<", "\\u003c"),
                "presets_json": json.dumps(presets).replace("<", "\\u003c"),
                "agents": agents,
                "limits": limits,
                "version": plywright_version(),
            },
        )

    async def evaluate_route(request: Request) -> Response:
        definition = game_of(request)
        body = await read_limited(request)
        # in worker processes (cached by variant, and a request seen before by its bytes):
        # the event loop keeps answering meanwhile
        answer, source = await previews.answer_body_from(definition, body, parse_json)
        timing = {"Server-Timing": f'preview;desc="{source}"'}
        return Response(answer, media_type="application/json", headers=timing)

    async def download_route(request: Request) -> Response:
        definition = game_of(request)
        reading = read_form(registry, definition, await read_json(request))
        if reading.variant is None:
            return JSONResponse(
                {"error": reading.error, "field_errors": reading.field_errors}, status_code=422
            )
        text = download_toml(registry, reading.variant)
        return Response(
            text,
            media_type="application/toml; charset=utf-8",
            headers={
                "Content-Disposition": disposition("attachment", f"{reading.variant.name}.toml")
            },
        )

    async def upload_route(request: Request) -> Response:
        definition = game_of(request)
        await read_limited(request)
        async with request.form(max_files=1, max_fields=4) as form:
            upload = form.get("file")
            if upload is None or isinstance(upload, str):
                raise BadRequest("no file: send the variant file as the form field 'file'")
            raw = await upload.read(limits.max_upload + 1)
            filename = upload.filename or "upload.toml"
        source = Path(filename).name[:80] or "upload.toml"
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise BadRequest(f"{source}: not UTF-8 text, expected a .toml variant file") from None
        try:
            data = tomllib.loads(text)
            check_depth(data, source)  # the CLI's guard (read_variant_file)
        except tomllib.TOMLDecodeError as exc:
            raise BadRequest(f"{source}: invalid TOML: {exc}", 422) from None
        except RecursionError:  # the parser recurses once per level of nested arrays
            raise BadRequest(f"{source}: invalid TOML: {TOO_DEEP}", 422) from None
        except InputError as exc:
            raise BadRequest(str(exc), 422) from None
        if data.get("game") != definition.name:
            raise BadRequest(
                f"{source}: game: this is a {data.get('game')!r} variant; open its designer "
                f"to edit it (this page designs {definition.name!r})",
                422,
            )
        try:
            variant = parse_variant(data, registry, source=source, default_name=Path(source).stem)
        except InputError as exc:
            raise BadRequest(str(exc), 422) from None
        return JSONResponse(
            {"name": variant.name, "preset": variant.preset or "", "values": form_values(variant)}
        )

    async def job_route(request: Request) -> Response:
        definition = game_of(request)
        kind = request.path_params["kind"]
        if kind not in ("check", "sweep", "build"):
            raise HTTPException(404, f"no such action {kind!r} (allowed: check, sweep, build)")
        payload = await read_json(request)
        reading = read_form(registry, definition, payload.get("variant") or {})
        if reading.variant is None:
            return JSONResponse(
                {"error": reading.error, "field_errors": reading.field_errors}, status_code=422
            )
        spec = JobSpec(kind, reading.data, jobs.root, registry_factory)
        if kind in ("check", "sweep"):
            games = payload.get("games", limits.default_games)
            if not isinstance(games, int) or isinstance(games, bool):
                games = -1
            if not 1 <= games <= limits.max_games:
                raise BadRequest(
                    f"games: {payload.get('games')!r} is out of range (allowed: 1 to "
                    f"{limits.max_games})",
                    422,
                )
            seed = payload.get("seed", 0)
            if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**31:
                raise BadRequest(f"seed: {seed!r} is not a whole number from 0 to 2^31-1", 422)
            agent = payload.get("agent") or None
            if agent is not None and not isinstance(agent, str):
                raise BadRequest("agent: expected a name", 422)
            try:
                resolve_agents(registry, reading.variant, agent)
            except InputError as exc:
                raise BadRequest(strip_source(exc), 422) from None
            probes = payload.get("probes") or None
            if probes is not None and probes not in PROBE_LEVELS:
                raise BadRequest(
                    f"probes: {str(probes)[:40]!r} is not a level (allowed: "
                    f"{', '.join(PROBE_LEVELS)})",
                    422,
                )
            sets: tuple[str, ...] = ()
            if kind == "sweep":
                sets = sweep_sets(reading.data, payload.get("sets"), games)
            spec = JobSpec(
                kind, reading.data, jobs.root, registry_factory, games, seed, agent,
                probes=probes, sets=sets,
            )  # fmt: skip
        else:
            spec = JobSpec(
                kind, reading.data, jobs.root, registry_factory, force=payload.get("force") is True
            )
        try:
            job = jobs.submit(spec)
        except Busy as exc:
            raise BadRequest(str(exc), 503) from None
        return JSONResponse(job.status(), status_code=202)

    def sweep_sets(data: dict[str, Any], given: object, games: int) -> tuple[str, ...]:
        """The swept parameters of a sweep request, every combination validated here (a bad
        value is a 422 before any job starts), within ``max_sweep_games`` in all."""
        if (
            not isinstance(given, list)
            or not 1 <= len(given) <= 2
            or not all(isinstance(item, str) and item.strip() for item in given)
        ):
            raise BadRequest(
                "sets: give one or two TABLE.FIELD=VALUES (e.g. rules.players=2,3,4)", 422
            )
        sets = tuple(item.strip() for item in given)
        try:
            # counted before any combination is validated: a huge grid costs nothing
            count = math.prod(len(axis.values) for axis in parse_axes(sets))
            total = games * count
            if total > limits.max_sweep_games:
                raise BadRequest(
                    f"{count} variants × {games} games = {total} games; at most "
                    f"{limits.max_sweep_games} in one sweep (fewer values or fewer games)",
                    422,
                )
            sweep_variants(registry, data, sets, source="designer", default_name="designer")
        except InputError as exc:
            raise BadRequest(strip_source(exc), 422) from None
        return sets

    async def job_status(request: Request) -> Response:
        return JSONResponse(job_of(request).status())

    async def job_cancel(request: Request) -> Response:
        same_origin(request)
        job = job_of(request)
        jobs.cancel(job.id)
        return JSONResponse({"id": job.id, "cancelled": True})

    def finished_build(request: Request) -> Any:
        job = job_of(request)
        if job.kind != "build" or job.state != "done" or job.result is None:
            raise BadRequest("this job has no finished build", 409)
        return job

    async def job_zip(request: Request) -> Response:
        job = finished_build(request)
        return FileResponse(
            job.folder / ZIP_NAME,
            media_type="application/zip",
            filename=f"{job.result['name']}.zip",
        )

    async def job_file(request: Request) -> Response:
        job = finished_build(request)
        artifacts = job.result["manifest"]["artifacts"]
        index = request.path_params["index"]
        if not 0 <= index < len(artifacts):
            raise BadRequest(f"no file {index} in this build (0 to {len(artifacts) - 1})", 404)
        relative = artifacts[index]["path"]  # from the manifest the build wrote, not the URL
        path = job.folder / "build" / relative
        suffix = Path(relative).suffix.lower()
        media = INLINE_TYPES.get(suffix) or mimetypes.guess_type(relative)[0]
        headers = file_headers(relative)
        if suffix in INLINE_TYPES:
            headers["Content-Disposition"] = disposition("inline", Path(relative).name)
            return FileResponse(path, media_type=media, headers=headers)
        return FileResponse(
            path,
            media_type=media or "application/octet-stream",
            filename=Path(relative).name,
            headers=headers,
        )

    async def job_report(request: Request) -> Response:
        job = job_of(request)
        name = f"check-report.{request.path_params['suffix']}"
        if name not in REPORT_FILES:
            raise BadRequest("no such report (allowed: report.html, report.pdf)", 404)
        if job.kind != "check" or job.state != "done" or job.result is None:
            raise BadRequest("this job has no finished check report", 409)
        if name not in job.result.get("report_files", ()):
            raise BadRequest("this check wrote no report with plots", 404)
        media = "text/html; charset=utf-8" if name.endswith(".html") else "application/pdf"
        headers = {
            **file_headers(name),
            "Content-Disposition": disposition("inline", f"{job.result['name']}-{name}"),
        }
        return FileResponse(job.folder / name, media_type=media, headers=headers)

    async def sweep_file(request: Request) -> Response:
        job = job_of(request)
        name = request.path_params["name"]
        if name not in SWEEP_FILES:
            allowed = ", ".join(SWEEP_FILES)
            raise BadRequest(f"no such sweep file {name!r} (allowed: {allowed})", 404)
        if job.kind != "sweep" or job.state != "done" or job.result is None:
            raise BadRequest("this job has no finished sweep", 409)
        if name not in job.result["files"]:
            raise BadRequest("no variant of this sweep is playable: no best.toml", 404)
        media = {
            ".html": "text/html; charset=utf-8",
            ".csv": "text/csv; charset=utf-8",
            ".json": "application/json",
            ".toml": "text/plain; charset=utf-8",
        }[Path(name).suffix]
        kind = "inline" if name.endswith(".html") else "attachment"
        headers = {
            **file_headers(name),
            "Content-Disposition": disposition(kind, f"{job.result['name']}-{name}"),
        }
        return FileResponse(job.folder / SWEEP_FOLDER / name, media_type=media, headers=headers)

    def wants_page(request: Request) -> bool:
        """A link the person opened (not the page's own script asking for JSON)."""
        accept = request.headers.get("accept", "")
        return request.method == "GET" and "text/html" in accept and "json" not in accept

    def error_page(request: Request, message: str, status: int) -> Response:
        return templates.TemplateResponse(
            request,
            "error.html",
            {"status": status, "message": message, "version": plywright_version()},
            status_code=status,
        )

    async def bad_request(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, BadRequest)
        if wants_page(request):
            return error_page(request, str(exc), exc.status)
        return _error(str(exc), exc.status)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        wants_json = request.method != "GET" or "application/json" in request.headers.get(
            "accept", ""
        )
        if wants_json:
            return _error(exc.detail, exc.status_code)
        return error_page(request, exc.detail, exc.status_code)

    async def server_error(request: Request, exc: Exception) -> Response:
        """Anything unforeseen: a plain line for the person, the traceback for the log."""
        LOG.error("%s %s failed", request.method, request.url.path, exc_info=exc)
        if wants_page(request):
            return error_page(request, SERVER_FAILED, 500)
        return _error(SERVER_FAILED, 500)

    previews = Previews(registry, registry_factory, workers=limits.preview_workers)

    async def warm_one(item: dict[str, Any]) -> None:
        """The first answer of a game's page, made before anyone asks (then cached)."""
        try:
            await previews.answer(registry.games[item["game"]], item["payload"])
        except Exception:
            LOG.exception("warming the preview of %s failed", item["game"])

    def first_payloads() -> list[dict[str, Any]]:
        """Each game's first request (``{"game", "payload"}``), broken plugins left out."""
        warm = []
        for name in sorted(registry.games):
            try:
                warm.append({"game": name, "payload": start_payload(registry.games[name])})
            except Exception:  # a broken plugin shows its error on its own page
                LOG.exception("the starting variant of %s is broken", name)
        return warm

    async def warm_up() -> int:
        """Start the preview workers and draw every game's first preview now, into the
        cache (``plywright serve`` runs this before it listens); returns how many."""
        warm = first_payloads()
        previews.start(warm)
        await asyncio.gather(*(warm_one(item) for item in warm))
        return len(warm)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # a server not warmed first warms while it answers (the cache makes repeats free)
        warm = first_payloads()
        previews.start(warm)
        warming = [asyncio.create_task(warm_one(item)) for item in warm]
        yield
        previews.close()
        for task in warming:
            task.cancel()
        jobs.close()

    routes = [
        Route("/", games_page),
        Route("/games/{game}", designer_page),
        Route("/games/{game}/evaluate", evaluate_route, methods=["POST"]),
        Route("/games/{game}/variant.toml", download_route, methods=["POST"]),
        Route("/games/{game}/upload", upload_route, methods=["POST"]),
        Route("/games/{game}/{kind:str}", job_route, methods=["POST"]),
        Route("/jobs/{job}", job_status),
        Route("/jobs/{job}/cancel", job_cancel, methods=["POST"]),
        Route("/jobs/{job}/build.zip", job_zip),
        Route("/jobs/{job}/files/{index:int}", job_file),
        Route("/jobs/{job}/report.{suffix}", job_report),
        Route("/jobs/{job}/sweep/{name}", sweep_file),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
    ]
    middleware = []
    if allowed_hosts is not None:
        middleware.append(Middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts)))
    app = Starlette(
        routes=routes,
        middleware=middleware,
        exception_handlers={
            BadRequest: bad_request,
            HTTPException: http_error,
            Exception: server_error,
        },
        lifespan=lifespan,
    )
    app.state.jobs = jobs
    app.state.registry = registry
    app.state.limits = limits
    app.state.previews = previews
    app.state.warm_up = warm_up
    return app
