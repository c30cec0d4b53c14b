"""The variant on the designer page: its live answer (field errors, static checks, preview),
its download as a variant file, and a variant file uploaded into the form."""

from __future__ import annotations

import tomllib
from pathlib import Path

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from plywright.errors import InputError
from plywright.variant import check_depth, parse_variant
from plywright.web.bodies import TOO_DEEP, parse_json, read_json, read_limited
from plywright.web.errors import BadRequest, InvalidVariant
from plywright.web.forms import download_toml, form_values, read_form
from plywright.web.headers import disposition
from plywright.web.state import designer


async def evaluate(request: Request) -> Response:
    """The answer to the form's values, drawn by the preview workers (cached by variant, a
    request seen before by its bytes): the event loop keeps answering meanwhile."""
    state = designer(request)
    definition = state.game(request.path_params["game"])
    body = await read_limited(request)
    answer, source = await state.previews.answer_body_from(definition, body, parse_json)
    timing = {"Server-Timing": f'preview;desc="{source}"'}
    return Response(answer, media_type="application/json", headers=timing)


async def download(request: Request) -> Response:
    """The form's values as a variant file (422 with the field errors if they are not one)."""
    state = designer(request)
    definition = state.game(request.path_params["game"])
    reading = read_form(state.registry, definition, await read_json(request))
    if reading.variant is None:
        raise InvalidVariant(reading.error, reading.field_errors)
    text = download_toml(state.registry, reading.variant)
    return Response(
        text,
        media_type="application/toml; charset=utf-8",
        headers={"Content-Disposition": disposition("attachment", f"{reading.variant.name}.toml")},
    )


async def upload(request: Request) -> Response:
    """A variant file of this game read as the CLI reads it, answered as the form's values."""
    state = designer(request)
    definition = state.game(request.path_params["game"])
    await read_limited(request)
    async with request.form(max_files=1, max_fields=4) as form:
        sent = form.get("file")
        if sent is None or isinstance(sent, str):
            raise BadRequest("no file: send the variant file as the form field 'file'")
        raw = await sent.read(state.limits.max_upload + 1)
        filename = sent.filename or "upload.toml"
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
        variant = parse_variant(data, state.registry, source=source, default_name=Path(source).stem)
    except InputError as exc:
        raise BadRequest(str(exc), 422) from None
    return JSONResponse(
        {"name": variant.name, "preset": variant.preset or "", "values": form_values(variant)}
    )
