"""The routes anyone may call to change something, signed in or not, are exactly these: signing up
and in, the password and email links, the payment providers' webhooks (verified by signature, ADR
0022) and the public giving page's checkout and PayPal capture (rate-limited), and a donor's self-service
link to a regular gift (a token, rate-limited). A new public write
route fails here until it is added on purpose."""

from __future__ import annotations

from typing import Any

from functions.areas import AREAS
from functions.core.access import ACCESS_ATTRIBUTE

PUBLIC_WRITES = {
    ("POST", "/api/register"),
    ("POST", "/api/login"),
    ("POST", "/api/password/email"),
    ("POST", "/api/password/reset"),
    ("POST", "/api/email/verify/{user_id}"),
    ("POST", "/api/webhooks/stripe/{tenant_id}"),
    ("POST", "/api/webhooks/paypal/{tenant_id}"),
    ("POST", "/api/give/{slug}/checkout"),
    ("POST", "/api/give/{slug}/intents/{intent_id}/capture"),
    # a donor's self-service link (a 256-bit token, 7 days; rate-limited; issue 17)
    ("POST", "/api/give/manage/{action}"),
}
GIVING = {route for route in PUBLIC_WRITES if route[1].startswith("/api/give/")}


def public_writes(app: Any) -> set[tuple[str, str]]:
    return {
        (method, path)
        for path, methods in app.routes.items()
        for method, entry in methods.items()
        if method != "GET" and getattr(entry.view_function, ACCESS_ATTRIBUTE)[0] == "public"
    }


def test_the_public_write_routes_are_exactly_the_pinned_ones(app: Any) -> None:
    found = public_writes(app)
    assert not found - PUBLIC_WRITES, f"public write routes not pinned here: {sorted(found - PUBLIC_WRITES)}"
    # the giving area's two routes are pinned before that area is merged; once it is, all of them
    expected = PUBLIC_WRITES if "giving" in AREAS else PUBLIC_WRITES - GIVING
    assert found == expected, f"pinned public write routes missing: {sorted(expected - found)}"
