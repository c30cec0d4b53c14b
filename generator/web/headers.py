"""Headers of the files the designer serves: their names in any script, and pages and
pictures that may run no script and load nothing."""

from __future__ import annotations

from urllib.parse import quote

FILE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox"


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
