"""Request bodies read within the designer's limits: from the designer page itself (same
origin), at most ``Limits.max_upload`` bytes, JSON objects at most ``MAX_DEPTH`` deep."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import Request

from plywright.errors import InputError
from plywright.variant import MAX_DEPTH, check_depth
from plywright.web.errors import BadRequest
from plywright.web.state import designer

TOO_DEEP = f"arrays or tables nested too deeply (at most {MAX_DEPTH} levels)"


def same_origin(request: Request) -> None:
    """Refuse a request another site's page sent (its ``Origin`` is not this server)."""
    origin = request.headers.get("origin")
    if origin and origin != "null" and urlsplit(origin).netloc != request.headers.get("host"):
        raise BadRequest("cross-site request refused: use the designer page itself", 403)


async def read_limited(request: Request) -> bytes:
    """The body, refused beyond ``max_upload`` bytes (as declared or as it streams)."""
    same_origin(request)
    limit = designer(request).limits.max_upload
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise BadRequest(f"too large: at most {limit // 1024} KiB", 413)
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise BadRequest(f"too large: at most {limit // 1024} KiB", 413)
    request._body = body  # the form parser reads the body again from here
    return body


def parse_json(body: bytes) -> dict[str, Any]:
    """A JSON object (an empty body is ``{}``), nested at most ``MAX_DEPTH`` levels."""
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


async def read_json(request: Request) -> dict[str, Any]:
    return parse_json(await read_limited(request))
