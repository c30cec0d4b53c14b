"""How the designer answers what went wrong: ``{"error": ...}`` for the page's own script, an
error page for a link a person opened, and one plain line (never a traceback) for anything
unforeseen, whose details go to the server's log."""

from __future__ import annotations

import logging
from collections.abc import Mapping

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from plywright.build import plywright_version

LOG = logging.getLogger("plywright.web")
SERVER_FAILED = (
    "something went wrong on the server; the page is still usable (the server's log has "
    "the details)"
)


class BadRequest(Exception):
    """A request the page answers with ``{"error": ...}`` and ``status``."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


class InvalidVariant(Exception):
    """Form values that are not a variant: answered 422 with the form's errors, per field."""

    def __init__(self, error: str | None, field_errors: Mapping[str, str]) -> None:
        super().__init__(error)
        self.error, self.field_errors = error, dict(field_errors)


def error_json(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def wants_page(request: Request) -> bool:
    """A link the person opened (not the page's own script asking for JSON)."""
    accept = request.headers.get("accept", "")
    return request.method == "GET" and "text/html" in accept and "json" not in accept


def error_page(request: Request, message: str, status: int) -> Response:
    templates = request.app.state.designer.templates
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
    return error_json(str(exc), exc.status)


async def invalid_variant(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, InvalidVariant)
    return JSONResponse({"error": exc.error, "field_errors": exc.field_errors}, status_code=422)


async def http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    wants_json = request.method != "GET" or "application/json" in request.headers.get("accept", "")
    if wants_json:
        return error_json(exc.detail, exc.status_code)
    return error_page(request, exc.detail, exc.status_code)


async def server_error(request: Request, exc: Exception) -> Response:
    """Anything unforeseen: a plain line for the person, the traceback for the log."""
    LOG.error("%s %s failed", request.method, request.url.path, exc_info=exc)
    if wants_page(request):
        return error_page(request, SERVER_FAILED, 500)
    return error_json(SERVER_FAILED, 500)


HANDLERS = {
    BadRequest: bad_request,
    InvalidVariant: invalid_variant,
    HTTPException: http_error,
    Exception: server_error,
}
"""The app's exception handlers."""
