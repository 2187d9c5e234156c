"""A tiny stand-in for the Stripe and PayPal APIs in the providers' documented shapes (GET
/v1/account, POST /v1/checkout/sessions; POST /v1/oauth2/token, POST /v2/checkout/orders and its
capture), served on a local port so the product's real HTTP clients talk to it. It records every
request; a key containing "bad" is refused as the provider refuses it, and `fail_next` makes the
next checkout answer a provider error."""

from __future__ import annotations

import base64
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qsl

import pytest


class FakeProviders:
    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.fail_next: str | None = None  # "stripe" | "paypal": the next create answers 500
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def made(self, method: str, path: str) -> list[dict[str, Any]]:
        return [r for r in self.requests if r["method"] == method and r["path"] == path]


def _handler(fake: FakeProviders) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:  # quiet
            pass

        def _answer(self, status: int, body: dict[str, Any]) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _record(self) -> dict[str, Any]:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length).decode() if length else ""
            entry = {
                "method": self.command,
                "path": self.path.split("?")[0],
                "headers": dict(self.headers),
                "raw": raw,
            }
            if "json" in (self.headers.get("Content-Type") or ""):
                entry["json"] = json.loads(raw or "{}")
            else:
                entry["form"] = dict(parse_qsl(raw))
            fake.requests.append(entry)
            return entry

        def do_GET(self) -> None:  # noqa: N802
            entry = self._record()
            if entry["path"] == "/stripe/v1/account":
                key = (self.headers.get("Authorization") or "").removeprefix("Bearer ")
                if "bad" in key:
                    self._answer(
                        401,
                        {
                            "error": {
                                "message": f"Invalid API Key provided: {key[:8]}****{key[-4:]}",
                                "type": "invalid_request_error",
                            }
                        },
                    )
                    return
                self._answer(
                    200,
                    {
                        "id": "acct_1Test",
                        "object": "account",
                        "email": "finance@hope.example",
                        "settings": {"dashboard": {"display_name": "Hope Trust (Stripe)"}},
                    },
                )
                return
            self._answer(
                404, {"error": {"message": "Unrecognized request URL", "type": "invalid_request_error"}}
            )

        def do_POST(self) -> None:  # noqa: N802
            entry = self._record()
            path = entry["path"]
            if path == "/stripe/v1/checkout/sessions":
                if fake.fail_next == "stripe":
                    fake.fail_next = None
                    self._answer(
                        500, {"error": {"message": "An unknown error occurred", "type": "api_error"}}
                    )
                    return
                number = len(fake.made("POST", path))
                self._answer(
                    200,
                    {
                        "id": f"cs_test_{number}",
                        "object": "checkout.session",
                        "url": f"https://checkout.stripe.com/c/pay/cs_test_{number}",
                        "payment_status": "unpaid",
                        "status": "open",
                    },
                )
                return
            if path == "/paypal/v1/oauth2/token":
                basic = (self.headers.get("Authorization") or "").removeprefix("Basic ")
                client_id, _, secret = base64.b64decode(basic).decode().partition(":")
                if "bad" in secret:
                    self._answer(
                        401, {"error": "invalid_client", "error_description": "Client Authentication failed"}
                    )
                    return
                self._answer(
                    200,
                    {
                        "scope": "https://uri.paypal.com/services/payments/payment",
                        "access_token": f"A21AA-{client_id}",
                        "token_type": "Bearer",
                        "app_id": "APP-80W284485P519543T",
                        "expires_in": 32400,
                    },
                )
                return
            if path == "/paypal/v2/checkout/orders":
                if fake.fail_next == "paypal":
                    fake.fail_next = None
                    self._answer(503, {"name": "SERVICE_UNAVAILABLE", "message": "Service Unavailable."})
                    return
                number = len(fake.made("POST", path))
                order_id = f"5O190127TN36471{number}T"
                self._answer(
                    200,
                    {
                        "id": order_id,
                        "status": "PAYER_ACTION_REQUIRED",
                        "links": [
                            {"href": f"/v2/checkout/orders/{order_id}", "rel": "self", "method": "GET"},
                            {
                                "href": f"https://www.sandbox.paypal.com/checkoutnow?token={order_id}",
                                "rel": "payer-action",
                                "method": "GET",
                            },
                        ],
                    },
                )
                return
            if path.startswith("/paypal/v2/checkout/orders/") and path.endswith("/capture"):
                order_id = path.split("/")[-2]
                self._answer(
                    201,
                    {
                        "id": order_id,
                        "status": "COMPLETED",
                        "purchase_units": [
                            {"payments": {"captures": [{"id": "3C679366HH908993F", "status": "COMPLETED"}]}}
                        ],
                    },
                )
                return
            self._answer(404, {"name": "RESOURCE_NOT_FOUND", "message": "not found"})

    return Handler


@pytest.fixture
def providers(aws: dict, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeProviders]:
    fake = FakeProviders()
    monkeypatch.setenv("ALMONER_STRIPE_API_BASE", f"{fake.base}/stripe")
    monkeypatch.setenv("ALMONER_PAYPAL_API_BASE", f"{fake.base}/paypal")
    monkeypatch.setenv("ALMONER_PUBLIC_URL", "http://almoner.test")
    try:
        yield fake
    finally:
        fake.stop()
