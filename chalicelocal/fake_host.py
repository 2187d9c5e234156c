"""A charity's website for the donation widget's demo (issue 17 item 9), local only:
`GET /fake-host/` is a page of "another website" that embeds a published landing page with the
widget's embed code, under hostile CSS (the widget's closed shadow root keeps it out).

It is another origin than the app's in the only way one server can be: the widget script and its
frame come from the *other* loopback name (the page at http://localhost:8000/fake-host/ loads
http://127.0.0.1:8000/widget.js and the reverse), and the demo charity lists
`http://localhost:*` and `http://127.0.0.1:*` as its websites. `?page=<charity>/<slug>` picks
the page (default: the demo charity's monthly-friends); `?mode=button` shows the button."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

PREFIX = "/fake-host/"
PAGE = re.compile(r"^[a-z0-9-]{1,60}/[a-z0-9-]{1,60}$")
DEMO_PAGE_SLUG = "monthly-friends"
HOSTILE_CSS = """
  * { all: unset !important; }
  body { display: block !important; font: 16px Georgia, serif !important; padding: 24px !important; }
  h1, p { display: block !important; margin: 0 0 16px !important; }
  iframe { height: 10px !important; display: none !important; }
  button { display: none !important; }
  almoner-donate { font-size: 40px !important; color: red !important; }
"""


def other_origin(host: str) -> str:
    """The app's origin under the other loopback name of this Host header."""
    name, _, port = host.partition(":")
    other = "127.0.0.1" if name == "localhost" else "localhost"
    return f"http://{other}:{port}" if port else f"http://{other}"


def demo_page() -> str | None:
    """The demo charity's published page, as `<charity>/<slug>` (None without the demo)."""
    from chalicelocal.seed import OWNER_EMAIL
    from functions.auth import repository
    from functions.giving import repository as giving

    owner = repository.find_user_by_email(OWNER_EMAIL)
    found = giving.page(owner.tenant_id) if owner is not None else None
    return f"{found.slug}/{DEMO_PAGE_SLUG}" if found is not None and found.slug else None


def page_title(page: str) -> str | None:
    """The title of `<charity>/<slug>` (None for no such page): the button's label, as in the
    embed code that Website Integration gives for button mode."""
    from functions.core.errors import NotFound
    from functions.giving import repository as giving
    from functions.pages import repository

    charity, _, slug = page.partition("/")
    tenant_id = giving.slug_owner(charity)
    pointer = repository.slug_item(tenant_id, slug) if tenant_id is not None else None
    if tenant_id is None or pointer is None:
        return None
    try:
        return str(repository.page(tenant_id, pointer.page_id).title)
    except NotFound:
        return None


def answer(path: str, host: str) -> tuple[int, bytes]:
    query = parse_qs(urlsplit(path).query)
    page = (query.get("page") or [""])[0] or demo_page() or ""
    mode = "button" if (query.get("mode") or [""])[0] == "button" else "inline"
    if not PAGE.match(page):
        return 404, b"No published page to embed: pass ?page=<charity>/<slug>.\n"
    almoner = other_origin(host)
    link = html.escape(f"{almoner}/p/{page}", quote=True)
    title = page_title(page) if mode == "button" else None
    label = f' label="{html.escape(title, quote=True)}"' if title else ""
    body = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Riverside's own website</title>
<style>{HOSTILE_CSS}</style></head>
<body>
<h1>Riverside's own website</h1>
<p>This page is another website (hostile CSS included) showing the charity's landing page
through the donation widget, served from {html.escape(almoner)}.</p>
<script src="{html.escape(almoner, quote=True)}/widget.js" async></script>
<almoner-donate page="{page}" mode="{mode}"{label}></almoner-donate>
<noscript><a href="{link}">Donate</a></noscript>
<p>Footer of the host page.</p>
</body></html>
"""
    return 200, body.encode()
