"""The local fake Stripe and fake PayPal (chalicelocal/fake_stripe.py, fake_paypal.py) over HTTP on
the local web server, driven by the real `stripe` package and by `requests` as Almoner drives the
real providers: keys checked, Checkout paid on the hosted page, signed webhooks delivered to an
endpoint, refunds, disputes, payouts, the events list; PayPal tokens, orders approved and captured,
deliveries signed with a certificate that chains to the fake's root, refunds, simulated events."""

from __future__ import annotations

import base64
import json
import secrets
import threading
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
import requests
import stripe
from chalice import Chalice
from cryptography import x509
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding, rsa

from chalicelocal import fake_paypal, fake_state, fake_stripe, seed, web
from chalicelocal.__main__ import provider_environment

WAIT = 20  # seconds: a ceiling, never a pause


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes

    @property
    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class Receiver:
    """A webhook endpoint: every POST it gets, in order; answers `status` (a list: one per call,
    then 200)."""

    url: str
    calls: list[Received] = field(default_factory=list)
    statuses: list[int] = field(default_factory=list)
    changed: threading.Condition = field(default_factory=threading.Condition)

    def wait_for(self, count: int, predicate: Any = None) -> list[Received]:
        def matching() -> list[Received]:
            return [c for c in self.calls if predicate is None or predicate(c)]

        with self.changed:
            assert self.changed.wait_for(lambda: len(matching()) >= count, timeout=WAIT), [
                c.body[:200] for c in self.calls
            ]
            return matching()

    def events(self, kind: str) -> list[dict[str, Any]]:
        with self.changed:
            found = [c.json for c in self.calls]
        return [e for e in found if e.get("type", e.get("event_type")) == kind]


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    box: dict[str, Receiver] = {}

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            target = box["r"]
            with target.changed:
                status = target.statuses.pop(0) if target.statuses else 200
                if status == 200:
                    target.calls.append(Received(self.path, dict(self.headers), body))
                target.changed.notify_all()
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    box["r"] = Receiver(f"http://127.0.0.1:{server.server_address[1]}/hook")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield box["r"]
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def origin(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The local stack's web server (the fakes, the SPA) on a free port."""
    dist: Path = tmp_path_factory.mktemp("dist")
    (dist / "index.html").write_text("<!doctype html><p>spa</p>")
    httpd = web.make_server("127.0.0.1", 0, dist=dist, quiet=True)
    web.attach(httpd, Chalice(app_name="unused", configure_logs=False))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}"
    fake_paypal.fake().public_base = f"{url}/fake-paypal"
    try:
        yield url
    finally:
        httpd.shutdown()
        httpd.server_close()


def new_keys(mode: str = "test") -> tuple[str, str]:
    suffix = secrets.token_hex(12)
    return f"pk_{mode}_{suffix}", f"sk_{mode}_{suffix}"


def client(origin: str, secret: str) -> stripe.StripeClient:
    return stripe.StripeClient(secret, base_addresses={"api": f"{origin}/fake-stripe"}, max_network_retries=0)


def checkout(
    stripe_client: stripe.StripeClient, amount: int = 1000, methods: tuple[str, ...] = ("card",)
) -> stripe.checkout.Session:
    """A session as the giving area creates it (contract of issue 16)."""
    meta = {"almoner_tenant": "t-1", "almoner_intent": "int-1", "almoner_mode": "test"}
    return stripe_client.v1.checkout.sessions.create(
        params={
            "mode": "payment",
            "line_items": [
                {
                    "quantity": 1,
                    "price_data": {
                        "currency": "gbp",
                        "unit_amount": amount,
                        "product_data": {"name": "Donation to Hope Trust"},
                    },
                }
            ],
            "client_reference_id": "int-1",
            "metadata": meta,
            "payment_intent_data": {"metadata": meta},
            "customer_email": "ada@example.org",
            "success_url": "http://127.0.0.1:9/give/hope/thanks?intent=int-1&key=tok",
            "cancel_url": "http://127.0.0.1:9/give/hope?cancelled=1",
            "payment_method_types": list(methods),
        }
    )


def press(url: str, outcome: str) -> requests.Response:
    """A donor's button on the hosted checkout page."""
    form = requests.get(url, timeout=WAIT)
    assert form.status_code == 200
    assert f'value="{outcome}"' in form.text
    return requests.post(f"{url}/pay", data={"outcome": outcome}, allow_redirects=False, timeout=WAIT)


def verify(call: Received, secret: str) -> Any:
    return stripe.WebhookSignature.verify_header(
        call.body.decode(), call.headers["Stripe-Signature"], secret, 300
    )


# ------------------------------------------------------------------ Stripe


def test_stripe_refuses_a_malformed_or_publishable_key_and_knows_an_account_by_its_key(origin: str) -> None:
    with pytest.raises(stripe.AuthenticationError) as bad:
        client(origin, "sk_test_nope").v1.accounts.retrieve_current()
    assert bad.value.http_status == 401
    assert "Invalid API Key" in str(bad.value.user_message)
    publishable, secret = new_keys()
    with pytest.raises(stripe.AuthenticationError):
        client(origin, publishable).v1.accounts.retrieve_current()
    fake_stripe.register_account(publishable, secret, name="Hope Trust")
    account = client(origin, secret).v1.accounts.retrieve_current()
    assert account.object == "account"
    assert account.settings.dashboard.display_name == "Hope Trust"
    assert client(origin, secret).v1.accounts.retrieve_current().id == account.id
    # Basic auth with the key as the user name, as `curl -u sk_test_…:` sends it
    basic = requests.get(f"{origin}/fake-stripe/v1/account", auth=(secret, ""), timeout=WAIT)
    assert basic.json()["id"] == account.id
    # A new well-formed key is a new account of its own
    other = client(origin, new_keys()[1]).v1.accounts.retrieve_current()
    assert other.id != account.id


def test_stripe_checkout_paid_by_card_delivers_signed_events_and_redirects(
    origin: str, receiver: Receiver
) -> None:
    publishable, secret = new_keys()
    fake_stripe.register_account(publishable, secret, name="Hope Trust")
    signing = fake_stripe.add_endpoint(
        secret, receiver.url, ["checkout.session.completed", "payment_intent.succeeded"]
    )
    sc = client(origin, secret)
    session = checkout(sc)
    assert session.url == f"{origin}/fake-stripe/checkout/{session.id}"
    assert (session.status, session.payment_status, session.amount_total) == ("open", "unpaid", 1000)
    page = requests.get(session.url, timeout=WAIT)
    assert "Hope Trust" in page.text and "£10.00" in page.text
    assert "script" not in page.text and "script-src" not in page.headers["Content-Security-Policy"]

    paid = press(session.url, "card")

    assert paid.status_code == 303
    assert paid.headers["Location"] == "http://127.0.0.1:9/give/hope/thanks?intent=int-1&key=tok"
    calls = receiver.wait_for(2)
    kinds = sorted(c.json["type"] for c in calls)
    assert kinds == ["checkout.session.completed", "payment_intent.succeeded"]  # charge.succeeded not enabled
    for call in calls:
        assert verify(call, signing) is True
        assert call.json["id"].startswith("evt_")
    with pytest.raises(stripe.SignatureVerificationError):
        verify(calls[0], "whsec_someoneelse")
    completed = receiver.events("checkout.session.completed")[0]["data"]["object"]
    assert completed["payment_status"] == "paid"
    assert completed["client_reference_id"] == "int-1"
    assert completed["metadata"]["almoner_intent"] == "int-1"
    intent = sc.v1.payment_intents.retrieve(completed["payment_intent"])
    assert (intent.status, intent.amount_received, intent.metadata["almoner_tenant"]) == (
        "succeeded",
        1000,
        "t-1",
    )
    charge = sc.v1.charges.retrieve(intent.latest_charge, params={"expand": ["balance_transaction"]})
    assert charge.payment_intent == intent.id
    assert (charge.balance_transaction.fee, charge.balance_transaction.net) == (35, 965)  # 1.5% + 20p
    assert sc.v1.checkout.sessions.retrieve(session.id).status == "complete"
    # Another account cannot see this one's objects
    with pytest.raises(stripe.InvalidRequestError):
        client(origin, new_keys()[1]).v1.payment_intents.retrieve(intent.id)


def test_stripe_declined_card_can_retry_and_bacs_is_pending_until_settled(
    origin: str, receiver: Receiver
) -> None:
    publishable, secret = new_keys()
    fake_stripe.register_account(publishable, secret)
    fake_stripe.add_endpoint(secret, receiver.url, ["*"])
    sc = client(origin, secret)
    session = checkout(sc, methods=("card", "bacs_debit"))

    declined = press(session.url, "decline")
    assert declined.status_code == 303
    again = requests.get(origin + declined.headers["Location"], timeout=WAIT)
    assert "Your card was declined" in again.text
    failed = receiver.wait_for(1, lambda c: c.json["type"] == "payment_intent.payment_failed")[0].json
    assert failed["data"]["object"]["last_payment_error"]["code"] == "card_declined"

    assert press(session.url, "bacs").status_code == 303
    done = receiver.wait_for(1, lambda c: c.json["type"] == "checkout.session.completed")[0].json
    assert done["data"]["object"]["payment_status"] == "unpaid"
    assert sc.v1.payment_intents.retrieve(done["data"]["object"]["payment_intent"]).status == "processing"

    fake_stripe.FAKE.settle(session.id, succeeded=True)
    settled = receiver.wait_for(1, lambda c: c.json["type"] == "checkout.session.async_payment_succeeded")[
        0
    ].json
    assert settled["data"]["object"]["payment_status"] == "paid"
    assert settled["created"] > done["created"] > failed["created"]


def test_stripe_refunds_are_cumulative_and_bounded(origin: str, receiver: Receiver) -> None:
    publishable, secret = new_keys()
    fake_stripe.register_account(publishable, secret)
    fake_stripe.add_endpoint(secret, receiver.url, ["charge.refunded"])
    sc = client(origin, secret)
    session = checkout(sc, amount=1000)
    press(session.url, "card")
    intent_id = sc.v1.checkout.sessions.retrieve(session.id).payment_intent

    first = sc.v1.refunds.create(params={"payment_intent": intent_id, "amount": 300})
    assert (first.amount, first.status) == (300, "succeeded")
    with pytest.raises(stripe.InvalidRequestError) as too_much:
        sc.v1.refunds.create(params={"payment_intent": intent_id, "amount": 800})
    assert too_much.value.param == "amount"
    sc.v1.refunds.create(params={"payment_intent": intent_id})  # the rest

    calls = receiver.wait_for(2)
    refunded = sorted(
        (c.json["data"]["object"]["amount_refunded"], c.json["data"]["object"]["refunded"]) for c in calls
    )
    assert refunded == [(300, False), (1000, True)]
    assert all(c.json["data"]["object"]["payment_intent"] == intent_id for c in calls)


def test_stripe_events_list_filters_pages_and_keeps_lost_deliveries(origin: str, receiver: Receiver) -> None:
    publishable, secret = new_keys()
    fake_stripe.register_account(publishable, secret)
    fake_stripe.add_endpoint(secret, receiver.url, ["checkout.session.completed"])
    sc = client(origin, secret)
    fake_stripe.FAKE.pause_deliveries(secret)
    for _ in range(3):
        press(checkout(sc).url, "card")
    assert fake_stripe.FAKE.wait_for_deliveries(WAIT)
    assert receiver.calls == []  # lost: nothing delivered

    completed = sc.v1.events.list(params={"type": "checkout.session.completed", "limit": 2})
    assert len(completed.data) == 2 and completed.has_more
    rest = sc.v1.events.list(
        params={"type": "checkout.session.completed", "limit": 2, "starting_after": completed.data[-1].id}
    )
    assert len(rest.data) == 1 and not rest.has_more
    created = [e.created for e in [*completed.data, *rest.data]]
    assert created == sorted(created, reverse=True)  # newest first
    every = sc.v1.events.list(params={"limit": 100})
    assert {e.type for e in every.data} >= {"charge.succeeded", "payment_intent.succeeded"}
    later = sc.v1.events.list(params={"created": {"gte": created[0]}, "limit": 100})
    assert later.data and all(e.created >= created[0] for e in later.data)
    assert sc.v1.events.list(params={"created": {"gt": created[0] + 100}}).data == []

    fake_stripe.FAKE.resend(rest.data[0].id)
    assert receiver.wait_for(1)[0].json["id"] == rest.data[0].id
    assert fake_stripe.FAKE.wait_for_deliveries(WAIT)
    delivered = sc.v1.events.list(params={"delivery_success": "true"})
    assert [e.id for e in delivered.data] == [rest.data[0].id]
    missed = sc.v1.events.list(params={"delivery_success": "false"})  # only the type the endpoint wants
    assert [e.id for e in missed.data] == [e.id for e in completed.data]


def test_stripe_webhook_endpoints_api_rolled_secret_and_retries(origin: str, receiver: Receiver) -> None:
    publishable, secret = new_keys()
    fake_stripe.register_account(publishable, secret)
    sc = client(origin, secret)
    made = sc.v1.webhook_endpoints.create(
        params={"url": receiver.url, "enabled_events": ["payment_intent.succeeded"]}
    )
    assert made.secret.startswith("whsec_")
    listed = sc.v1.webhook_endpoints.list()
    assert [e.id for e in listed.data] == [made.id]
    assert "secret" not in listed.data[0]
    rolled = fake_stripe.FAKE.roll_secret(made.id)
    receiver.statuses = [500]  # the first try fails; the fake tries again

    press(checkout(sc).url, "card")

    call = receiver.wait_for(1)[0]
    assert verify(call, rolled) and verify(call, made.secret)  # both secrets sign while they overlap
    sc.v1.webhook_endpoints.delete(made.id)
    assert sc.v1.webhook_endpoints.list().data == []


def test_stripe_dispute_and_payout_tag_balance_transactions(origin: str, receiver: Receiver) -> None:
    publishable, secret = new_keys()
    fake_stripe.register_account(publishable, secret)
    fake_stripe.add_endpoint(
        secret, receiver.url, ["charge.dispute.created", "charge.dispute.closed", "payout.paid"]
    )
    sc = client(origin, secret)
    sessions = [checkout(sc, amount) for amount in (1000, 2000)]
    for session in sessions:
        press(session.url, "card")
    intent_id = sc.v1.checkout.sessions.retrieve(sessions[0].id).payment_intent

    dispute_id = fake_stripe.FAKE.dispute(intent_id)
    fake_stripe.FAKE.close_dispute(dispute_id, won=True)
    payout = sc.v1.payouts.create(params={"amount": 1, "currency": "gbp"})

    receiver.wait_for(3)
    created = receiver.events("charge.dispute.created")[0]["data"]["object"]
    assert (created["payment_intent"], created["status"]) == (intent_id, "needs_response")
    assert receiver.events("charge.dispute.closed")[0]["data"]["object"]["status"] == "won"
    paid = receiver.events("payout.paid")[0]["data"]["object"]
    assert (paid["id"], paid["amount"]) == (payout.id, (1000 - 35) + (2000 - 50))
    tagged = sc.v1.balance_transactions.list(params={"payout": payout.id, "limit": 100})
    charges = sorted(t.amount for t in tagged.data if t.type == "charge")
    assert charges == [1000, 2000]
    with pytest.raises(stripe.InvalidRequestError):  # nothing left to pay out
        sc.v1.payouts.create(params={"amount": 1, "currency": "gbp"})


def test_stripe_rejects_bad_checkout_input_with_the_param(origin: str) -> None:
    sc = client(origin, new_keys()[1])
    with pytest.raises(stripe.InvalidRequestError) as missing:
        sc.v1.checkout.sessions.create(params={"mode": "payment", "success_url": "http://x.test/"})
    assert missing.value.param == "line_items"
    reply = requests.post(
        f"{origin}/fake-stripe/v1/checkout/sessions",
        data={
            "mode": "payment",
            "success_url": "http://x.test/",
            "line_items[0][price_data][unit_amount]": "ten",
        },
        headers={"Authorization": f"Bearer {new_keys()[1]}"},
        timeout=WAIT,
    )
    assert reply.status_code == 400
    assert reply.json()["error"]["type"] == "invalid_request_error"


def test_stripe_dashboard_shows_keys_and_refunds_from_a_form(origin: str, receiver: Receiver) -> None:
    publishable, secret = new_keys()
    fake_stripe.register_account(publishable, secret, name="Dashboard Trust")
    fake_stripe.add_endpoint(secret, receiver.url, ["charge.refunded"])
    sc = client(origin, secret)
    session = checkout(sc, 1000)
    press(session.url, "card")
    intent_id = sc.v1.checkout.sessions.retrieve(session.id).payment_intent
    board = requests.get(f"{origin}/fake-stripe/", timeout=WAIT)
    assert "Dashboard Trust" in board.text and publishable in board.text and secret in board.text
    assert intent_id in board.text

    done = requests.post(
        f"{origin}/fake-stripe/dashboard/refund",
        data={"payment_intent": intent_id, "amount": "2.50"},
        timeout=WAIT,
    )
    assert "Refunded £2.50." in done.text
    assert receiver.wait_for(1)[0].json["data"]["object"]["amount_refunded"] == 250


# ------------------------------------------------------------------ PayPal


def paypal_token(origin: str, client_id: str, secret: str) -> requests.Response:
    return requests.post(
        f"{origin}/fake-paypal/v1/oauth2/token",
        auth=(client_id, secret),
        data={"grant_type": "client_credentials"},
        timeout=WAIT,
    )


@dataclass
class PayPalApp:
    origin: str
    client_id: str
    token: str

    def call(self, method: str, path: str, body: Any = None) -> requests.Response:
        headers = {"Authorization": f"Bearer {self.token}"}
        return requests.request(
            method, f"{self.origin}/fake-paypal{path}", json=body, headers=headers, timeout=WAIT
        )


@pytest.fixture
def paypal(origin: str, receiver: Receiver) -> tuple[PayPalApp, str]:
    client_id, secret = f"AcL{secrets.token_hex(10)}", f"EcS{secrets.token_hex(10)}"
    fake_paypal.register_app(client_id, secret, name="Hope Trust")
    answer = paypal_token(origin, client_id, secret)
    assert answer.status_code == 200
    assert answer.json()["token_type"] == "Bearer"
    app = PayPalApp(origin, client_id, answer.json()["access_token"])
    made = app.call(
        "POST", "/v1/notifications/webhooks", {"url": receiver.url, "event_types": [{"name": "*"}]}
    )
    assert made.status_code == 201
    return app, made.json()["id"]


def order(app: PayPalApp, value: str = "10.00") -> dict[str, Any]:
    answer = app.call(
        "POST",
        "/v2/checkout/orders",
        {
            "intent": "CAPTURE",
            "purchase_units": [
                {
                    "amount": {"currency_code": "GBP", "value": value},
                    "custom_id": "t-1:int-9",
                    "description": "Donation to Hope Trust",
                }
            ],
            "application_context": {
                "return_url": "http://127.0.0.1:9/give/hope/thanks?intent=int-9&key=tok&provider=paypal",
                "cancel_url": "http://127.0.0.1:9/give/hope?cancelled=1",
            },
        },
    )
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def approve(order_json: dict[str, Any], choice: str) -> requests.Response:
    link = next(link["href"] for link in order_json["links"] if link["rel"] == "approve")
    page = requests.get(link, timeout=WAIT)
    assert page.status_code == 200 and "£10.00" in page.text
    return requests.post(
        link.split("?")[0],
        data={"token": order_json["id"], "choice": choice},
        allow_redirects=False,
        timeout=WAIT,
    )


def verify_paypal(origin: str, call: Received, webhook_id: str) -> None:
    """What the webhooks area must do: the cert from the URL, chained to the fake's root, and the
    RSA-SHA256 signature over id|time|webhook id|crc32(body)."""
    headers = {k.upper(): v for k, v in call.headers.items()}
    assert headers["PAYPAL-AUTH-ALGO"] == "SHA256withRSA"
    assert headers["PAYPAL-CERT-URL"].startswith(f"{origin}/fake-paypal/certs/")
    chain = x509.load_pem_x509_certificates(requests.get(headers["PAYPAL-CERT-URL"], timeout=WAIT).content)
    root = x509.load_pem_x509_certificate(fake_paypal.fake().root_pem.encode())
    leaf, intermediate = chain
    leaf.verify_directly_issued_by(intermediate)
    intermediate.verify_directly_issued_by(root)
    message = "|".join(
        [
            headers["PAYPAL-TRANSMISSION-ID"],
            headers["PAYPAL-TRANSMISSION-TIME"],
            webhook_id,
            str(zlib.crc32(call.body) & 0xFFFFFFFF),
        ]
    ).encode()
    key = leaf.public_key()
    assert isinstance(key, rsa.RSAPublicKey)
    key.verify(
        base64.b64decode(headers["PAYPAL-TRANSMISSION-SIG"]), message, padding.PKCS1v15(), hashes.SHA256()
    )


def test_paypal_refuses_a_bad_client_and_a_bad_token(origin: str) -> None:
    client_id = f"AcL{secrets.token_hex(10)}"
    fake_paypal.register_app(client_id, "right-secret-123")
    refused = paypal_token(origin, client_id, "wrong-secret-123")
    assert refused.status_code == 401
    assert refused.json()["error"] == "invalid_client"
    assert paypal_token(origin, "short", "x").status_code == 401
    anonymous = requests.get(f"{origin}/fake-paypal/v1/notifications/webhooks", timeout=WAIT)
    assert anonymous.status_code == 401


def test_paypal_order_approved_captured_and_signed_delivery_verifies(
    origin: str, receiver: Receiver, paypal: tuple[PayPalApp, str]
) -> None:
    app, webhook_id = paypal
    made = order(app)
    assert made["status"] == "CREATED"
    early = app.call("POST", f"/v2/checkout/orders/{made['id']}/capture")
    assert early.status_code == 422
    assert early.json()["details"][0]["issue"] == "ORDER_NOT_APPROVED"

    back = approve(made, "pay")

    assert back.status_code == 303
    location = urlsplit(back.headers["Location"])
    query = parse_qs(location.query)
    assert location.path == "/give/hope/thanks"
    assert query["intent"] == ["int-9"] and query["key"] == ["tok"]  # ours, untouched
    assert query["token"] == [made["id"]] and query["PayerID"]  # what PayPal appends
    captured = app.call("POST", f"/v2/checkout/orders/{made['id']}/capture")
    assert captured.status_code == 201
    capture = captured.json()["purchase_units"][0]["payments"]["captures"][0]
    assert capture["status"] == "COMPLETED"
    assert capture["seller_receivable_breakdown"]["paypal_fee"] == {"currency_code": "GBP", "value": "0.34"}
    assert capture["seller_receivable_breakdown"]["net_amount"]["value"] == "9.66"
    assert app.call("POST", f"/v2/checkout/orders/{made['id']}/capture").status_code == 422  # only once
    call = receiver.wait_for(1)[0]
    event = call.json
    assert event["event_type"] == "PAYMENT.CAPTURE.COMPLETED"
    assert event["resource"]["id"] == capture["id"]
    assert event["resource"]["custom_id"] == "t-1:int-9"
    assert event["resource"]["supplementary_data"]["related_ids"]["order_id"] == made["id"]
    verify_paypal(origin, call, webhook_id)
    with pytest.raises(Exception):  # noqa: B017,PT011 (cryptography's InvalidSignature)
        verify_paypal(origin, call, "ANOTHERWEBHOOKID")


def test_paypal_refund_pending_and_simulated_events(
    origin: str, receiver: Receiver, paypal: tuple[PayPalApp, str]
) -> None:
    app, webhook_id = paypal
    made = order(app)
    approve(made, "pay")
    capture = app.call("POST", f"/v2/checkout/orders/{made['id']}/capture").json()
    capture_id = capture["purchase_units"][0]["payments"]["captures"][0]["id"]

    too_much = app.call(
        "POST",
        f"/v2/payments/captures/{capture_id}/refund",
        {"amount": {"currency_code": "GBP", "value": "11.00"}},
    )
    assert too_much.status_code == 422
    part = app.call(
        "POST",
        f"/v2/payments/captures/{capture_id}/refund",
        {"amount": {"currency_code": "GBP", "value": "4.00"}},
    )
    assert part.status_code == 201
    refunded = receiver.wait_for(1, lambda c: c.json["event_type"] == "PAYMENT.CAPTURE.REFUNDED")[0].json
    resource = refunded["resource"]
    assert resource["amount"]["value"] == "4.00" and resource["custom_id"] == "t-1:int-9"
    up = next(link["href"] for link in resource["links"] if link["rel"] == "up")
    assert up.endswith(f"/v2/payments/captures/{capture_id}")
    assert app.call("GET", f"/v2/payments/captures/{capture_id}").json()["status"] == "PARTIALLY_REFUNDED"

    pending_order = order(app)
    approve(pending_order, "pending")
    pending = app.call("POST", f"/v2/checkout/orders/{pending_order['id']}/capture").json()
    assert pending["purchase_units"][0]["payments"]["captures"][0]["status"] == "PENDING"
    receiver.wait_for(1, lambda c: c.json["event_type"] == "PAYMENT.CAPTURE.PENDING")

    simulated = app.call(
        "POST",
        "/v1/notifications/simulate-event",
        {"webhook_id": webhook_id, "event_type": "PAYMENT.CAPTURE.COMPLETED"},
    )
    assert simulated.status_code == 202
    call = receiver.wait_for(1, lambda c: c.json["id"] == simulated.json()["id"])[0]
    verify_paypal(origin, call, webhook_id)
    assert "custom_id" not in call.json["resource"]


def test_paypal_cancel_returns_to_the_cancel_url(origin: str, paypal: tuple[PayPalApp, str]) -> None:
    app, _ = paypal
    made = order(app)
    back = approve(made, "cancel")
    assert back.status_code == 303
    assert back.headers["Location"] == f"http://127.0.0.1:9/give/hope?cancelled=1&token={made['id']}"
    assert app.call("GET", f"/v2/checkout/orders/{made['id']}").json()["status"] == "CREATED"


def test_the_local_stack_points_the_app_at_the_fakes() -> None:
    environment = provider_environment("http://127.0.0.1:8123", fake_paypal.fake().root_pem)
    assert environment == {
        "ALMONER_STRIPE_API_BASE": "http://127.0.0.1:8123/fake-stripe",
        "ALMONER_PAYPAL_API_BASE": "http://127.0.0.1:8123/fake-paypal",
        "ALMONER_PAYPAL_CERT_HOSTS": "127.0.0.1:8123",
        "ALMONER_PAYPAL_TRUST_ROOTS": fake_paypal.fake().root_pem,
        "ALMONER_PUBLIC_URL": "http://127.0.0.1:8123",
    }
    assert x509.load_pem_x509_certificate(environment["ALMONER_PAYPAL_TRUST_ROOTS"].encode())


def test_the_web_server_still_serves_the_spa_beside_the_fakes(origin: str) -> None:
    spa = requests.get(f"{origin}/give/hope", timeout=WAIT)
    assert spa.status_code == 200 and "spa" in spa.text
    assert requests.get(f"{origin}/fake-paypal/", timeout=WAIT).text.count("Fake PayPal") >= 1
    assert requests.get(f"{origin}/fake-stripe/nowhere", timeout=WAIT).status_code == 404


# ------------------------------------------------------------------ the local stack's use


def test_the_fakes_state_survives_a_restart(
    origin: str, tmp_path: Path, paypal: tuple[PayPalApp, str]
) -> None:
    publishable, secret = new_keys()
    fake_stripe.register_account(publishable, secret, name="Kept Trust")
    sc = client(origin, secret)
    session = checkout(sc)
    press(session.url, "card")
    intent_id = sc.v1.checkout.sessions.retrieve(session.id).payment_intent
    app, webhook_id = paypal
    path = tmp_path / fake_state.FILE_NAME
    saver = fake_state.Saver(path)
    assert saver.save_if_changed()

    # A new process: fresh fakes, restored from the file
    data = json.loads(path.read_text())
    stripe_again, paypal_again = fake_stripe.FakeStripe(), fake_paypal.FakePayPal(fake_paypal.fake().signer)
    stripe_again.restore(data["stripe"])
    paypal_again.restore(data["paypal"])

    auth = {"authorization": f"Bearer {secret}", "host": "127.0.0.1"}
    answer = stripe_again.handle(
        "POST", "/fake-stripe/v1/refunds", auth, f"payment_intent={intent_id}".encode()
    )
    assert answer.status == 200, answer.body
    assert json.loads(answer.body)["amount"] == 1000
    account = json.loads(stripe_again.handle("GET", "/fake-stripe/v1/account", auth, b"").body)
    assert account["business_profile"]["name"] == "Kept Trust"
    hooks = paypal_again.handle(
        "GET", "/fake-paypal/v1/notifications/webhooks", {"authorization": f"Bearer {app.token}"}, b""
    )
    assert [w["id"] for w in json.loads(hooks.body)["webhooks"]] == [webhook_id]


def test_the_demo_charity_has_a_fake_stripe_account_and_paypal_app_at_every_start(origin: str) -> None:
    seed.demo_payment_providers("tenant-demo", "http://127.0.0.1:8000")
    seed.demo_payment_providers("tenant-demo", "http://127.0.0.1:8001")  # the next start, another port
    keys = seed.DEMO_STRIPE
    sc = client(origin, keys["secret_key"])
    assert sc.v1.accounts.retrieve_current().settings.dashboard.display_name == seed.CHARITY_NAME
    account = fake_stripe.FAKE.accounts[fake_stripe.FAKE.by_key[keys["secret_key"]]]
    assert [(e.url, e.secrets) for e in account.endpoints] == [
        ("http://127.0.0.1:8001/api/webhooks/stripe/tenant-demo", [keys["signing_secret"]])
    ]
    token = paypal_token(origin, seed.DEMO_PAYPAL["client_id"], seed.DEMO_PAYPAL["client_secret"])
    assert token.status_code == 200
    app = PayPalApp(origin, seed.DEMO_PAYPAL["client_id"], token.json()["access_token"])
    hooks = app.call("GET", "/v1/notifications/webhooks").json()["webhooks"]
    assert [(w["id"], w["url"]) for w in hooks] == [
        (seed.DEMO_PAYPAL["webhook_id"], "http://127.0.0.1:8001/api/webhooks/paypal/tenant-demo")
    ]


@pytest.mark.parametrize(
    ("method", "path", "body", "auth"),
    [
        ("POST", "/fake-stripe/v1/checkout/sessions", "a=1&a[b]=2", "stripe"),
        ("POST", "/fake-stripe/v1/checkout/sessions", "line_items=1&line_items[0][x]=2", "stripe"),
        (
            "POST",
            "/fake-stripe/v1/checkout/sessions",
            "line_items[0]=x&mode=payment&success_url=http://a.b/",
            "stripe",
        ),
        ("POST", "/fake-stripe/v1/refunds", "payment_intent=pi_nothing", "stripe"),
        ("GET", "/fake-stripe/v1/events?limit=1000", "", "stripe"),
        ("GET", "/fake-stripe/v1/events?created[gte]=soon", "", "stripe"),
        ("GET", "/fake-stripe/v1/events?delivery_success=maybe", "", "stripe"),
        ("POST", "/fake-stripe/v1/webhook_endpoints", "url=notaurl&enabled_events[]=*", "stripe"),
        ("POST", "/fake-stripe/checkout/cs_test_nothing/pay", "outcome=card", ""),
        ("POST", "/fake-paypal/v2/checkout/orders", "[1]", "paypal"),
        (
            "POST",
            "/fake-paypal/v2/checkout/orders",
            '{"intent": "CAPTURE", "purchase_units": [{"amount": 5}]}',
            "paypal",
        ),
        ("POST", "/fake-paypal/v2/payments/captures/NOPE/refund", "{}", "paypal"),
        ("POST", "/fake-paypal/v1/notifications/simulate-event", '{"webhook_id": 1}', "paypal"),
        ("POST", "/fake-paypal/v1/oauth2/token", "grant_type=client_credentials", "paypal-basic-garbage"),
        ("POST", "/fake-paypal/checkoutnow", "token=NOPE&choice=pay", ""),
    ],
)
def test_bad_requests_get_the_providers_client_errors(
    origin: str, paypal: tuple[PayPalApp, str], method: str, path: str, body: str, auth: str
) -> None:
    headers = {
        "stripe": {
            "Authorization": f"Bearer {new_keys()[1]}",
            "Content-Type": "application/x-www-form-urlencoded",
        },
        "paypal": {"Authorization": f"Bearer {paypal[0].token}", "Content-Type": "application/json"},
        "paypal-basic-garbage": {"Authorization": "Basic !!!"},
        "": {"Content-Type": "application/x-www-form-urlencoded"},
    }[auth]
    answer = requests.request(method, f"{origin}{path}", data=body.encode(), headers=headers, timeout=WAIT)
    assert 400 <= answer.status_code < 500, (answer.status_code, answer.text)
