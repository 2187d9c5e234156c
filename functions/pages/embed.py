"""The donation widget's side of the landing pages (issue 17 item 9, ADR 0025): the websites a
charity allows to frame its published pages, and the frame document itself.

The widget's iframe loads `GET /api/public/pages/{charity}/{slug}/frame`: the published page's
HTML shell (the built `page.html`, fetched from the site and kept for a minute) answered with a
`Content-Security-Policy` whose `frame-ancestors` names this charity's websites — a per-charity
header that a static file behind CloudFront cannot carry. The page's own JavaScript then fetches
the page as on `/p/…` and, in a frame, posts its height to the widget."""

from __future__ import annotations

import json
import threading
import time
import urllib.parse
import urllib.request
from typing import TYPE_CHECKING, Any

from functions.core import audit, clock, config, csp
from functions.core.access import Principal
from functions.core.errors import AlmonerError, NotFound
from functions.core.messages import t
from functions.pages import messages as _messages  # noqa: F401  (registers the messages)
from functions.pages import repository, slugs
from functions.pages.models import PageEmbedSettings

if TYPE_CHECKING:
    from functions.pages.schemas import EmbedSettingsBody

# The frame's policy before the published page's additions (functions/core/csp.py: the two video
# players, the files bucket's images) and the charity's `frame-ancestors`: the site's own, without
# its frame-ancestors 'none'.
FRAME_BASE_POLICY = csp.render(
    (name, found) for name, found in csp.parse(csp.site()) if name != "frame-ancestors"
)
SHELL_SECONDS = 60
SHELL_TIMEOUT_SECONDS = 5
_shell: dict[str, Any] = {"html": None, "at": 0.0}
_shell_lock = threading.Lock()


class FrameUnavailable(AlmonerError):
    status = 503
    message_key = "pages.frame_unavailable"


# ------------------------------------------------------------------ settings
def origins(tenant_id: str) -> list[str]:
    try:
        found = PageEmbedSettings.get(*PageEmbedSettings.key(tenant_id))
        return [str(origin) for origin in found.origins or []]
    except PageEmbedSettings.DoesNotExist:
        return []


def settings(who: Principal) -> dict[str, Any]:
    return {"origins": origins(who.tenant_id)}


def save_settings(who: Principal, body: EmbedSettingsBody) -> dict[str, Any]:
    before = origins(who.tenant_id)
    PageEmbedSettings(
        *PageEmbedSettings.key(who.tenant_id), origins=list(body.origins), updated_at=clock.now()
    ).save()
    audit.record(
        who.tenant_id, "page.embed_origins_changed", actor_id=who.user_id, before=before, after=body.origins
    )
    return {"origins": list(body.origins)}


# ------------------------------------------------------------------ the frame document
def shell_url() -> str:
    """Where the built page.html is read from: the site itself (CloudFront, or the local stack)."""
    base = config.env("ALMONER_PUBLIC_URL", config.app_url()).rstrip("/")
    return config.env("ALMONER_PAGE_SHELL_URL", f"{base}/page.html")


def fetch_shell(url: str) -> str:
    if urllib.parse.urlsplit(url).scheme not in ("http", "https"):
        raise FrameUnavailable()
    with urllib.request.urlopen(url, timeout=SHELL_TIMEOUT_SECONDS) as answer:  # noqa: S310 (http(s) only)
        return str(answer.read(1_000_000).decode("utf-8"))


def shell() -> str:
    """The page.html shell, kept for a minute (a deploy shows within it); the last good copy
    while the site does not answer."""
    with _shell_lock:
        cached, at = _shell["html"], float(_shell["at"])
        if cached is not None and time.monotonic() - at < SHELL_SECONDS:
            return str(cached)
        try:
            html = fetch_shell(shell_url())
        except (OSError, ValueError):
            if cached is not None:
                return str(cached)
            raise FrameUnavailable() from None
        if "<html" not in html.lower():
            raise FrameUnavailable()
        _shell.update(html=html, at=time.monotonic())
        return html


def files_origin() -> str:
    """The origin presigned image URLs point at (the page shows its images from there)."""
    url = repository.image_url("origin-probe")
    parts = urllib.parse.urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def frame_policy(allowed: list[str]) -> str:
    page = csp.published_page(FRAME_BASE_POLICY, [files_origin()])
    return csp.with_sources(page, "frame-ancestors", ["'self'", *allowed])


def _page_status(tenant_id: str, page_slug: str) -> bool:
    """Whether `page_slug` is (or redirects to) a published page of the charity."""
    pointer = repository.slug_item(tenant_id, page_slug)
    if pointer is None:
        return False
    try:
        page = repository.page(tenant_id, pointer.page_id)
    except NotFound:
        return False
    return page.status == "published" and page.published_version is not None


def frame(charity: str, page_slug: str) -> tuple[int, str, dict[str, str | list[str]]]:
    """The frame document: (status, HTML, headers). A published page: 200; a page that is not
    (or no longer) published: 404 with the same shell, so that the widget says the appeal is
    closed; an unknown charity: 404 that no website may frame."""
    from functions.giving import repository as giving_repository

    tenant_id = None
    if len(charity) <= slugs.MAX_LENGTH and len(page_slug) <= slugs.MAX_LENGTH:
        tenant_id = giving_repository.slug_owner(charity)
    if tenant_id is None:  # the API's own error shape (nothing to frame: no website may)
        closed = {"Content-Type": "application/json", "Cache-Control": "no-store"}
        body = json.dumps({"message": t("pages.unknown")})
        return 404, body, {**closed, "Content-Security-Policy": "frame-ancestors 'none'"}
    status = 200 if _page_status(tenant_id, page_slug) else 404
    headers: dict[str, str | list[str]] = {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "no-store",
        "Content-Security-Policy": frame_policy(origins(tenant_id)),
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "strict-origin-when-cross-origin",
    }
    return status, shell(), headers
