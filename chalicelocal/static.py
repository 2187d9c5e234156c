"""The built SPA from `frontend/dist/`, served the way CloudFront serves it in production:
hashed assets cached for a year, `index.html` never cached, history-mode fallback (a path that is
not a file gets `index.html`, so deep links like /donors/42 load the app; under /give/ it gets
`give.html`, the public donation page's own small bundle; under /p/ it gets `page.html`, the
published landing pages' bundle), and no way out of dist.
"""

from __future__ import annotations

import mimetypes
import posixpath
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit

from functions.core import csp

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "frontend" / "dist"

CSP = csp.site()  # the deployed policy (template.yaml), without a files bucket
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}


def security_headers(files_origin: str = "") -> dict[str, str]:
    """The headers of every SPA response. `files_origin` (the S3 endpoint that presigned URLs point
    at) joins connect-src, as the files bucket does in template.yaml's CloudFront policy: the SPA
    PUTs and POSTs uploads straight to it; and img-src, for the page builder's uploaded images."""
    headers = dict(SECURITY_HEADERS)
    headers["Content-Security-Policy"] = csp.site([files_origin])
    return headers


PUBLIC_PAGE = "give.html"
LANDING_PAGE = "page.html"
IMMUTABLE = "public, max-age=31536000, immutable"
# mimetypes depends on the machine's /etc/mime.types; these must not vary.
TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".woff": "font/woff",
    ".txt": "text/plain; charset=utf-8",
    ".webmanifest": "application/manifest+json",
}

MISSING_BUILD = b"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Almoner</title></head>
<body><h1>Almoner</h1><p>The frontend is not built yet. Run <code>make run</code> (it builds
<code>frontend/dist/</code>) or <code>cd frontend &amp;&amp; npm ci &amp;&amp; npm run build</code>.</p>
<p>The API is up under <a href="/api/user">/api/</a>.</p></body></html>
"""


@dataclass
class StaticResponse:
    status: int
    body: bytes
    headers: dict[str, str] = field(default_factory=dict)


def content_type(path: Path) -> str:
    suffix = path.suffix.lower()
    return TYPES.get(suffix) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"


def resolve(dist: Path, request_path: str) -> tuple[Path | None, bool]:
    """The file for a URL path, and whether it is the history fallback. None: a missing asset."""
    raw = unquote(urlsplit(request_path).path)
    clean = posixpath.normpath("/" + raw.replace("\\", "/")).lstrip("/")
    root = dist.resolve()
    # Build reports (.vite/modules.json) and other dot-files are not part of the site.
    hidden = any(part.startswith(".") for part in clean.split("/"))
    if clean and "\x00" not in clean and not hidden:
        candidate = (root / clean).resolve()
        if candidate.is_relative_to(root) and candidate.is_file():
            return candidate, False
    # Hashed assets never fall back: HTML served as JavaScript only hides the real error.
    if clean.startswith("assets/"):
        return None, False
    # The public donation page is a separate entry that loads no admin code (ARCHITECTURE §8).
    if (clean == "give" or clean.startswith("give/")) and (root / PUBLIC_PAGE).is_file():
        return root / PUBLIC_PAGE, True
    if clean.startswith("p/") and (root / LANDING_PAGE).is_file():
        return root / LANDING_PAGE, True
    return root / "index.html", True


def landing_page_csp(policy: str, files_origin: str) -> str:
    """The published page's CSP: the SPA's, plus the two video players and the bucket's images
    (functions/core/csp.py, the same rule as template.yaml's PageHeadersPolicy)."""
    return csp.published_page(policy, [files_origin])


def serve(request_path: str, dist: Path = DIST, files_origin: str = "") -> StaticResponse:
    headers = security_headers(files_origin)
    index = dist / "index.html"
    if not index.is_file():
        headers.update({"Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache"})
        return StaticResponse(200, MISSING_BUILD, headers)
    path, _fallback = resolve(dist, request_path)
    if path is None:
        headers.update({"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache"})
        return StaticResponse(404, b"Not found\n", headers)
    relative = path.relative_to(dist.resolve()).as_posix()
    if relative == LANDING_PAGE:
        headers["Content-Security-Policy"] = landing_page_csp(
            headers["Content-Security-Policy"], files_origin
        )
    headers["Content-Type"] = content_type(path)
    headers["Cache-Control"] = IMMUTABLE if relative.startswith("assets/") else "no-cache"
    return StaticResponse(200, path.read_bytes(), headers)
