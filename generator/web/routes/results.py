"""A finished job's files: a build's zip and each of its files, a check's report with plots,
a sweep's outputs. Files are found by the job's id and the names its result lists, never by
a path from the URL."""

from __future__ import annotations

import mimetypes
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, Response

from plywright.web.errors import BadRequest
from plywright.web.headers import disposition, file_headers
from plywright.web.jobs import Job
from plywright.web.state import designer
from plywright.web.work import BUILD_FOLDER, REPORT_FILES, SWEEP_FILES, SWEEP_FOLDER, ZIP_NAME

INLINE_TYPES = {".pdf": "application/pdf", ".svg": "image/svg+xml"}
"""Build files the browser shows (the rest are downloaded)."""
SWEEP_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".csv": "text/csv; charset=utf-8",
    ".json": "application/json",
    ".toml": "text/plain; charset=utf-8",
}


def job_of(request: Request) -> Job:
    return designer(request).job(request.path_params["job"])


def result_of(job: Job, kind: str, what: str) -> dict[str, Any]:
    """The result of ``job`` if it is a finished ``kind``; else 409 "this job has no ``what``"."""
    if job.kind != kind or job.state != "done" or job.result is None:
        raise BadRequest(f"this job has no {what}", 409)
    return job.result


async def build_zip(request: Request) -> Response:
    job = job_of(request)
    result = result_of(job, "build", "finished build")
    return FileResponse(
        job.folder / ZIP_NAME, media_type="application/zip", filename=f"{result['name']}.zip"
    )


async def build_file(request: Request) -> Response:
    """File ``index`` of the build's manifest: PDFs and SVGs shown, the rest downloaded."""
    job = job_of(request)
    artifacts = result_of(job, "build", "finished build")["manifest"]["artifacts"]
    index = request.path_params["index"]
    if not 0 <= index < len(artifacts):
        raise BadRequest(f"no file {index} in this build (0 to {len(artifacts) - 1})", 404)
    relative = artifacts[index]["path"]  # from the manifest the build wrote, not the URL
    path = job.folder / BUILD_FOLDER / relative
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


async def check_report(request: Request) -> Response:
    """The check's report with plots, as a page or a PDF."""
    job = job_of(request)
    name = f"check-report.{request.path_params['suffix']}"
    if name not in REPORT_FILES:
        raise BadRequest("no such report (allowed: report.html, report.pdf)", 404)
    result = result_of(job, "check", "finished check report")
    if name not in result.get("report_files", ()):
        raise BadRequest("this check wrote no report with plots", 404)
    media = "text/html; charset=utf-8" if name.endswith(".html") else "application/pdf"
    headers = {
        **file_headers(name),
        "Content-Disposition": disposition("inline", f"{result['name']}-{name}"),
    }
    return FileResponse(job.folder / name, media_type=media, headers=headers)


async def sweep_file(request: Request) -> Response:
    """One of the sweep's outputs: its report shown, its tables and best variant downloaded."""
    job = job_of(request)
    name = request.path_params["name"]
    if name not in SWEEP_FILES:
        raise BadRequest(f"no such sweep file {name!r} (allowed: {', '.join(SWEEP_FILES)})", 404)
    result = result_of(job, "sweep", "finished sweep")
    if name not in result["files"]:
        raise BadRequest("no variant of this sweep is playable: no best.toml", 404)
    kind = "inline" if name.endswith(".html") else "attachment"
    headers = {
        **file_headers(name),
        "Content-Disposition": disposition(kind, f"{result['name']}-{name}"),
    }
    return FileResponse(
        job.folder / SWEEP_FOLDER / name, media_type=SWEEP_TYPES[Path(name).suffix], headers=headers
    )
