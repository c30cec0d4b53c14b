"""Background jobs: start a check, sweep or build of the form's variant, ask how it goes,
cancel it."""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from plywright.web.bodies import read_json, same_origin
from plywright.web.errors import BadRequest
from plywright.web.jobrequest import KINDS, job_spec
from plywright.web.jobs import Busy
from plywright.web.state import designer


async def start_job(request: Request) -> Response:
    """202 and the job's status, or why it cannot start (422, or 503 when too many run)."""
    state = designer(request)
    definition = state.game(request.path_params["game"])
    kind = request.path_params["kind"]
    if kind not in KINDS:
        raise HTTPException(404, f"no such action {kind!r} (allowed: {', '.join(KINDS)})")
    spec = job_spec(state, definition, kind, await read_json(request))
    try:
        job = state.jobs.submit(spec)
    except Busy as exc:
        raise BadRequest(str(exc), 503) from None
    return JSONResponse(job.status(), status_code=202)


async def job_status(request: Request) -> Response:
    return JSONResponse(designer(request).job(request.path_params["job"]).status())


async def cancel_job(request: Request) -> Response:
    same_origin(request)
    state = designer(request)
    job = state.job(request.path_params["job"])
    state.jobs.cancel(job.id)
    return JSONResponse({"id": job.id, "cancelled": True})
