"""What the local fake payment providers (`fake_stripe`, `fake_paypal`) share: the answer type,
the HTML shell of their pages, money formatting, and the background delivery of webhooks with a
few retries."""

from __future__ import annotations

import html
import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

# Each delivery is tried this many times; the waits between tries (seconds) are short so tests
# and the demo see a retried delivery promptly.
RETRY_WAITS = (0.5, 1.0, 2.0)
DELIVERY_TIMEOUT = 15

# The fakes' own pages: no script at all, inline styles only, framed by nobody.
PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'"


@dataclass
class Answer:
    status: int
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)


def json_answer(status: int, data: Any, headers: dict[str, str] | None = None) -> Answer:
    return Answer(status, json.dumps(data).encode(), {"Content-Type": "application/json", **(headers or {})})


def redirect(location: str) -> Answer:
    return Answer(303, b"", {"Location": location, "Cache-Control": "no-store"})


def page(title: str, body_html: str) -> Answer:
    document = f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>{esc(title)}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem;
  color: #1d2330; }}
table {{ border-collapse: collapse; width: 100%; margin: .5rem 0 1.5rem; }}
th, td {{ border-bottom: 1px solid #dde1e8; padding: .35rem .5rem; text-align: left; vertical-align: top; }}
code {{ background: #f1f3f7; padding: 0 .25rem; word-break: break-all; }}
form.inline {{ display: inline; }}
button {{ font: inherit; padding: .4rem .9rem; margin: .15rem .25rem .15rem 0; cursor: pointer; }}
.card {{ border: 1px solid #dde1e8; border-radius: .5rem; padding: 1rem 1.5rem; margin: 1rem 0; }}
.notice {{ background: #fff4d6; border: 1px solid #e6c35c; padding: .5rem 1rem; border-radius: .35rem; }}
.error {{ background: #fde8e8; border: 1px solid #d66; padding: .5rem 1rem; border-radius: .35rem; }}
.muted {{ color: #5b6475; font-size: .9rem; }}
</style></head><body>
{body_html}
</body></html>"""
    headers = {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "no-store",
        "Content-Security-Policy": PAGE_CSP,
        "X-Content-Type-Options": "nosniff",
    }
    return Answer(200, document.encode("utf-8"), headers)


def esc(value: Any) -> str:
    return html.escape(str(value), quote=True)


def pounds(pence: int) -> str:
    sign = "-" if pence < 0 else ""
    return f"{sign}£{abs(pence) // 100:,}.{abs(pence) % 100:02d}"


def decimal_string(pence: int) -> str:
    """Pence as PayPal's and Almoner's decimal strings: 1050 -> "10.50"."""
    sign = "-" if pence < 0 else ""
    return f"{sign}{abs(pence) // 100}.{abs(pence) % 100:02d}"


def percent_fee(pence: int, basis_points: int, fixed: int) -> int:
    """A provider's fee in pence, rounded half up: `basis_points` (150 = 1.5%) plus `fixed`."""
    return min(pence, (pence * basis_points + 5000) // 10000 + fixed)


@dataclass
class Delivery:
    """One webhook delivery to one URL: what was sent and what came back."""

    url: str
    attempts: list[dict[str, Any]] = field(default_factory=list)  # {at, status, error}
    done: bool = False

    @property
    def last_status(self) -> str:
        if not self.attempts:
            return "sending"
        last = self.attempts[-1]
        return str(last.get("status") or last.get("error") or "")

    @property
    def succeeded(self) -> bool:
        return any(200 <= int(a.get("status") or 0) < 300 for a in self.attempts)


def join_deliveries(threads: list[threading.Thread], timeout: float) -> bool:
    """Until every delivery thread given has finished (tests), at most `timeout` seconds in all:
    whether they all did."""
    deadline = time.monotonic() + timeout
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
    return not any(thread.is_alive() for thread in threads)


def deliver_in_background(
    delivery: Delivery, body: bytes, make_headers: Callable[[], dict[str, str]], lock: threading.Lock
) -> threading.Thread:
    """POST `body` to `delivery.url` from a daemon thread, retrying non-2xx answers and network
    errors after RETRY_WAITS; `make_headers` is called per attempt (fresh signature and time).
    The outcome of each attempt is appended to `delivery.attempts` under `lock`."""

    def run() -> None:
        waits = (0.0, *RETRY_WAITS)
        for wait in waits:
            if wait:
                time.sleep(wait)
            attempt: dict[str, Any] = {"at": time.time(), "status": None, "error": ""}
            request = urllib.request.Request(  # noqa: S310 (the URL an endpoint was registered with)
                delivery.url, data=body, method="POST", headers=make_headers()
            )
            try:
                with urllib.request.urlopen(request, timeout=DELIVERY_TIMEOUT) as response:  # noqa: S310
                    attempt["status"] = response.status
            except urllib.error.HTTPError as error:
                attempt["status"] = error.code
            except (OSError, ValueError) as error:
                attempt["error"] = f"{type(error).__name__}: {error}"
            with lock:
                delivery.attempts.append(attempt)
            if attempt["status"] and 200 <= attempt["status"] < 300:
                break
        with lock:
            delivery.done = True

    thread = threading.Thread(target=run, name="fake-provider-delivery", daemon=True)
    thread.start()
    return thread


def button_form(
    action: str, label: str, hidden: dict[str, str], choice: tuple[str, str] | None = None
) -> str:
    """A one-button form POSTing `hidden` (and the button's own name=value `choice`) to `action`."""
    fields = "".join(f'<input type="hidden" name="{esc(k)}" value="{esc(v)}">' for k, v in hidden.items())
    named = f' name="{esc(choice[0])}" value="{esc(choice[1])}"' if choice else ""
    return (
        f'<form class="inline" method="post" action="{esc(action)}">{fields}'
        f"<button{named}>{esc(label)}</button></form>"
    )


def refund_form(action: str, hidden: dict[str, str]) -> str:
    """A refund form: an optional amount in pounds (empty = the whole remainder)."""
    fields = "".join(f'<input type="hidden" name="{esc(k)}" value="{esc(v)}">' for k, v in hidden.items())
    return (
        f'<form class="inline" method="post" action="{esc(action)}">{fields}'
        '<label>£ <input name="amount" size="6" placeholder="all" aria-label="Refund amount"></label>'
        "<button>Refund</button></form>"
    )


def table(headings: list[str], rows: list[list[str]]) -> str:
    """An HTML table; cells are HTML already escaped by the caller."""
    head = "".join(f"<th>{esc(h)}</th>" for h in headings)
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def same_target(registered: str, url: str) -> bool:
    """Whether a webhook registered for `registered` is the one `url` replaces: the same URL, or
    the same path on this machine (the local stack on another port than last time)."""
    if registered == url:
        return True
    old, new = urlsplit(registered), urlsplit(url)
    local = ("127.0.0.1", "localhost")
    return old.hostname in local and new.hostname in local and old.path == new.path
