"""A fake PayPal (REST API v1/v2) for the local stack and the tests (issue 16, ADR 0022).

Served under `/fake-paypal/` by `chalicelocal.web` (not behind the API lock). A plain `requests`
client talks to it at the base `<origin>/fake-paypal` as it would to https://api-m.paypal.com:

- `POST /v1/oauth2/token` (Basic client_id:secret, grant_type=client_credentials) → access_token;
  a bad client: 401 {"error": "invalid_client", "error_description": …};
- `POST /v2/checkout/orders`, `GET /v2/checkout/orders/{id}`, `POST /v2/checkout/orders/{id}/capture`
  (the capture; PAYMENT.CAPTURE.COMPLETED, or PAYMENT.CAPTURE.PENDING when the buyer chose
  "Pending (eCheck)"); `GET /v2/payments/captures/{id}`; `POST /v2/payments/captures/{id}/refund`
  (PAYMENT.CAPTURE.REFUNDED); `PayPal-Request-Id` honoured on POSTs;
- `POST/GET /v1/notifications/webhooks`, `DELETE /v1/notifications/webhooks/{id}`;
  `POST /v1/notifications/simulate-event {webhook_id, event_type}` (a signed mock event);
  `GET /v1/notifications/webhooks-events(/{id})`, `POST …/{id}/resend`;
- errors as PayPal's {name, message, debug_id, details: [{field, issue, description}]}.

Apps: `register_app(client_id, secret, name)` (the seed, tests) or the dashboard create one; an
unknown client id with a secret (both at least 10 letters, digits, "-" or "_") creates its app on
first use, as the fake Stripe does for keys; a known client id with another secret is refused.

The approval page `GET /fake-paypal/checkoutnow?token={order_id}` offers "Pay with PayPal",
"Pending (eCheck)" and "Cancel", then redirects to the order's return_url or cancel_url with
`token=<order id>` (and `PayerID`) appended, as PayPal does.

Deliveries are signed as PayPal signs: PAYPAL-TRANSMISSION-SIG = base64 RSA-SHA256 (PKCS#1 v1.5)
over "<transmission id>|<transmission time>|<webhook id>|<crc32 of the raw body, decimal>", with a
leaf certificate issued by an intermediate under a root CA generated at start (kept for the
process). PAYPAL-CERT-URL points at `GET /fake-paypal/certs/{name}.pem` (leaf then intermediate).
`ROOT_PEM` is what the local stack trusts (ALMONER_PAYPAL_TRUST_ROOTS). Fee: 1.4% + 20p (PayPal's
UK charity rate) on the capture's seller_receivable_breakdown.

The dashboard `GET /fake-paypal/` lists apps with their credentials, webhooks (add one), captures
(refund, reverse, complete or deny a pending one) and events with their deliveries ("Resend").
State is in memory under one lock and lost on restart (the seed registers again).
"""

from __future__ import annotations

import base64
import binascii
import datetime as dt
import json
import re
import secrets
import threading
import uuid
import zlib
from dataclasses import asdict, dataclass, field
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa
from cryptography.x509.oid import NameOID

from chalicelocal.fake_common import (
    Answer,
    Delivery,
    button_form,
    decimal_string,
    deliver_in_background,
    esc,
    join_deliveries,
    json_answer,
    page,
    percent_fee,
    pounds,
    redirect,
    refund_form,
    same_target,
    table,
)

PREFIX = "/fake-paypal"
FEE_BASIS_POINTS = 140  # 1.4%
FEE_FIXED = 20  # pence
CERT_NAME = "fake-paypal-webhook"
CREDENTIAL = re.compile(r"^[A-Za-z0-9_-]{10,128}$")
MONEY = re.compile(r"^\d{1,7}(\.\d{2})?$")
EVENT_TYPES = {
    "PAYMENT.CAPTURE.COMPLETED": "A payment capture completes.",
    "PAYMENT.CAPTURE.PENDING": "The state of a payment capture changes to pending.",
    "PAYMENT.CAPTURE.DENIED": "A payment capture is denied.",
    "PAYMENT.CAPTURE.REFUNDED": "A merchant refunds a payment capture.",
    "PAYMENT.CAPTURE.REVERSED": "PayPal reverses a payment capture.",
    "CHECKOUT.ORDER.APPROVED": "A buyer approved a checkout order.",
    "CHECKOUT.ORDER.COMPLETED": "A checkout order is processed.",
}


class PayPalError(Exception):
    def __init__(
        self, status: int, name: str, message: str, issue: str = "", description: str = "", field_: str = ""
    ) -> None:
        super().__init__(message)
        self.status, self.name, self.message = status, name, message
        self.issue, self.description, self.field = issue, description, field_

    def answer(self) -> Answer:
        body: dict[str, Any] = {"name": self.name, "message": self.message, "debug_id": secrets.token_hex(7)}
        if self.issue:
            detail: dict[str, Any] = {"issue": self.issue, "description": self.description or self.message}
            if self.field:
                detail.update(field=self.field, location="body")
            body["details"] = [detail]
        return json_answer(self.status, body)


def _unprocessable(issue: str, description: str, field_: str = "") -> PayPalError:
    return PayPalError(
        422,
        "UNPROCESSABLE_ENTITY",
        "The requested action could not be performed, semantically incorrect, or failed business validation.",
        issue,
        description,
        field_,
    )


def _invalid(issue: str, description: str, field_: str = "") -> PayPalError:
    return PayPalError(
        400,
        "INVALID_REQUEST",
        "Request is not well-formed, syntactically incorrect, or violates schema.",
        issue,
        description,
        field_,
    )


def _not_found(kind: str, resource_id: str) -> PayPalError:
    return PayPalError(
        404,
        "RESOURCE_NOT_FOUND",
        "The specified resource does not exist.",
        "INVALID_RESOURCE_ID",
        f"Specified resource ID does not exist. Please check the resource ID and try again. "
        f"({kind} {resource_id})",
    )


# ---------------------------------------------------------------- certificates


@dataclass(frozen=True)
class Signer:
    root_pem: str
    chain_pem: str  # leaf then intermediate
    key: rsa.RSAPrivateKey

    def sign(self, message: bytes) -> str:
        return base64.b64encode(self.key.sign(message, padding.PKCS1v15(), hashes.SHA256())).decode("ascii")


def make_signer() -> Signer:
    """A root CA, an intermediate CA and the leaf that signs deliveries, valid for a year."""
    now = dt.datetime.now(dt.UTC)

    def name(common: str) -> x509.Name:
        return x509.Name(
            [
                x509.NameAttribute(NameOID.COUNTRY_NAME, "GB"),
                x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Almoner local fake PayPal"),
                x509.NameAttribute(NameOID.COMMON_NAME, common),
            ]
        )

    def cert(
        subject: x509.Name, key: rsa.RSAPrivateKey, issuer: x509.Name, signer: rsa.RSAPrivateKey, ca: bool
    ) -> x509.Certificate:
        builder = (
            x509.CertificateBuilder()
            .subject_name(subject)
            .issuer_name(issuer)
            .public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - dt.timedelta(days=1))
            .not_valid_after(now + dt.timedelta(days=365))
            .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
            .add_extension(
                x509.KeyUsage(
                    digital_signature=not ca,
                    content_commitment=False,
                    key_encipherment=False,
                    data_encipherment=False,
                    key_agreement=False,
                    key_cert_sign=ca,
                    crl_sign=ca,
                    encipher_only=False,
                    decipher_only=False,
                ),
                critical=True,
            )
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        )
        return builder.sign(signer, hashes.SHA256())

    root_key, mid_key, leaf_key = (
        rsa.generate_private_key(public_exponent=65537, key_size=2048) for _ in range(3)
    )
    root_name = name("Almoner Fake PayPal Root CA")
    mid_name = name("Almoner Fake PayPal Intermediate CA")
    root = cert(root_name, root_key, root_name, root_key, ca=True)
    mid = cert(mid_name, mid_key, root_name, root_key, ca=True)
    leaf = cert(name("messageverificationcerts.paypal.com"), leaf_key, mid_name, mid_key, ca=False)

    def pem(c: x509.Certificate) -> str:
        return c.public_bytes(serialization.Encoding.PEM).decode("ascii")

    return Signer(pem(root), pem(leaf) + pem(mid), leaf_key)


def signed_message(transmission_id: str, transmission_time: str, webhook_id: str, body: bytes) -> bytes:
    """What PayPal signs: "<transmission id>|<time>|<webhook id>|<crc32 of the body as unsigned decimal>"."""
    return f"{transmission_id}|{transmission_time}|{webhook_id}|{zlib.crc32(body) & 0xFFFFFFFF}".encode()


# ---------------------------------------------------------------- state


@dataclass
class Webhook:
    id: str
    url: str
    event_types: list[str]

    def wants(self, kind: str) -> bool:
        return "*" in self.event_types or kind in self.event_types

    def view(self, base: str) -> dict[str, Any]:
        return {
            "id": self.id,
            "url": self.url,
            "event_types": [
                {"name": t, "description": EVENT_TYPES.get(t, "ALL"), "status": "ENABLED"}
                for t in self.event_types
            ],
            "links": [
                {"href": f"{base}/v1/notifications/webhooks/{self.id}", "rel": "self", "method": "GET"},
                {"href": f"{base}/v1/notifications/webhooks/{self.id}", "rel": "delete", "method": "DELETE"},
            ],
        }


@dataclass
class App:
    client_id: str
    secret: str
    name: str
    sandbox: bool = True
    webhooks: list[Webhook] = field(default_factory=list)
    merchant_id: str = field(default_factory=lambda: secrets.token_hex(7).upper())


@dataclass
class StoredEvent:
    client_id: str
    event: dict[str, Any]
    deliveries: list[Delivery] = field(default_factory=list)


def _now_iso() -> str:
    return dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _pp_id(length: int = 17) -> str:
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"
    return "".join(secrets.choice(alphabet) for _ in range(length))


def _pence(value: str) -> int:
    whole, _, frac = value.partition(".")
    return int(whole) * 100 + int((frac + "00")[:2])


def _money(pence: int, currency: str = "GBP") -> dict[str, str]:
    return {"currency_code": currency, "value": decimal_string(pence)}


# The Subscriptions API lives beside (it uses the errors and helpers above).
from chalicelocal.fake_paypal_billing import SUBSCRIPTION_EVENTS, BillingMixin  # noqa: E402

EVENT_TYPES.update(SUBSCRIPTION_EVENTS)


class FakePayPal(BillingMixin):
    def __init__(self, signer: Signer | None = None) -> None:
        self.lock = threading.Lock()
        self._billing_init()
        self.signer = signer or make_signer()
        self.apps: dict[str, App] = {}
        self.tokens: dict[str, str] = {}  # access token -> client id
        self.orders: dict[str, dict[str, Any]] = {}
        self.captures: dict[str, dict[str, Any]] = {}
        self.refunds: dict[str, dict[str, Any]] = {}
        self.owner: dict[str, str] = {}  # order/capture/refund id -> client id
        self.events: list[StoredEvent] = []
        self.idempotent: dict[tuple[str, str], Answer] = {}
        self.threads: list[threading.Thread] = []
        # The origin deliveries name in PAYPAL-CERT-URL; set by the local stack (else the origin of
        # the request that last reached the fake).
        self.public_base = ""

    @property
    def root_pem(self) -> str:
        return self.signer.root_pem

    # ------------------------------------------------------------ in-process helpers

    def register_app(self, client_id: str, secret: str, name: str = "") -> None:
        if not CREDENTIAL.match(client_id) or not CREDENTIAL.match(secret):
            raise ValueError("client id and secret: 10+ letters, digits, '-' or '_'")
        with self.lock:
            app = self.apps.get(client_id)
            if app is None:
                self.apps[client_id] = App(client_id, secret, name or f"Fake PayPal app {len(self.apps) + 1}")
            else:
                app.secret = secret

    def add_webhook(
        self, client_id: str, url: str, event_types: tuple[str, ...] = ("*",), webhook_id: str = ""
    ) -> str:
        """Register a webhook on the app (replacing one with the same URL): its id (`webhook_id` when
        given, so a restart can restore a known one)."""
        with self.lock:
            app = self.apps[client_id]
            app.webhooks = [w for w in app.webhooks if not same_target(w.url, url)]
            webhook = Webhook(webhook_id or _pp_id(17), url, list(event_types))
            app.webhooks.append(webhook)
            return webhook.id

    def approve(self, order_id: str, pending: bool = False) -> None:
        """What the approval page's buttons do (tests)."""
        with self.lock:
            self._approve(order_id, pending)

    def complete_pending(self, capture_id: str, succeeded: bool = True) -> None:
        with self.lock:
            self._settle(capture_id, succeeded)

    def reverse(self, capture_id: str) -> None:
        with self.lock:
            self._reverse(capture_id)

    def snapshot(self) -> dict[str, Any]:
        """Everything but the signing keys and deliveries in flight (`chalicelocal.fake_state`)."""
        with self.lock:
            return json.loads(
                json.dumps(
                    {
                        "apps": [asdict(a) for a in self.apps.values()],
                        "tokens": self.tokens,
                        "orders": self.orders,
                        "captures": self.captures,
                        "refunds": self.refunds,
                        "owner": self.owner,
                        "products": self.products,
                        "plans": self.plans,
                        "subscriptions": self.subscriptions,
                        "sales": self.sales,
                        "events": [{"client_id": s.client_id, "event": s.event} for s in self.events[-1000:]],
                    }
                )
            )

    def restore(self, data: dict[str, Any]) -> None:
        with self.lock:
            for raw in data.get("apps", []):
                webhooks = [Webhook(**w) for w in raw.pop("webhooks", [])]
                self.apps[raw["client_id"]] = App(**raw, webhooks=webhooks)
            for name in (
                "tokens",
                "orders",
                "captures",
                "refunds",
                "owner",
                "products",
                "plans",
                "subscriptions",
                "sales",
            ):
                getattr(self, name).update(data.get(name, {}))
            self.events.extend(StoredEvent(e["client_id"], e["event"]) for e in data.get("events", []))

    def wait_for_deliveries(self, timeout: float = 20.0) -> bool:
        with self.lock:
            threads = list(self.threads)
        return join_deliveries(threads, timeout)

    # ------------------------------------------------------------ HTTP

    def handle(self, method: str, target: str, headers: dict[str, str], body: bytes) -> Answer:
        split = urlsplit(target)
        path = split.path[len(PREFIX) :] or "/"
        base = f"http://{headers.get('host') or '127.0.0.1'}{PREFIX}"
        try:
            if path.startswith(("/v1/", "/v2/")):
                return self._api(method, path, split.query, headers, body, base)
            match = re.fullmatch(r"/certs/([A-Za-z0-9_-]+)\.pem", path)
            if match and method in ("GET", "HEAD"):
                if match.group(1) != CERT_NAME:
                    return Answer(404, b"Not found\n", {"Content-Type": "text/plain; charset=utf-8"})
                return Answer(200, self.signer.chain_pem.encode(), {"Content-Type": "application/x-pem-file"})
            if path == "/checkoutnow" and method in ("GET", "HEAD"):
                with self.lock:
                    return self._approval_page(dict(parse_qsl(split.query)).get("token", ""))
            if path == "/checkoutnow" and method == "POST":
                return self._approval_action(_form(body))
            if path == "/webapps/billing/subscriptions" and method in ("GET", "HEAD"):
                with self.lock:
                    return self._subscription_page(dict(parse_qsl(split.query)).get("ba_token", ""))
            if path == "/webapps/billing/subscriptions" and method == "POST":
                return self._subscription_action(_form(body))
            if path.startswith("/test-helpers/"):
                return self._helper(method, path, _form(body))
            if path in ("/", "") and method in ("GET", "HEAD"):
                with self.lock:
                    return self._dashboard_page(dict(parse_qsl(split.query)).get("message", ""))
            if path.startswith("/dashboard/") and method == "POST":
                return self._dashboard_action(path[len("/dashboard/") :], _form(body), base)
            return Answer(404, b"Not found\n", {"Content-Type": "text/plain; charset=utf-8"})
        except PayPalError as error:
            return error.answer()

    def _api(
        self, method: str, path: str, query: str, headers: dict[str, str], body: bytes, base: str
    ) -> Answer:
        if path == "/v1/oauth2/token" and method == "POST":
            return self._token(headers.get("authorization", ""), body)
        with self.lock:
            if not self.public_base:
                self.public_base = base
            client_id = self._authorize(headers.get("authorization", ""))
            request_id = headers.get("paypal-request-id", "")
            if method == "POST" and request_id and (client_id, request_id) in self.idempotent:
                return self.idempotent[(client_id, request_id)]
            data: Any = {}
            if method in ("POST", "PATCH") and body.strip():
                try:
                    data = json.loads(body)
                except (ValueError, UnicodeDecodeError) as error:
                    raise _invalid(
                        "MALFORMED_REQUEST_JSON", "The request JSON is not well formed."
                    ) from error
                if method == "PATCH" and isinstance(data, list):
                    data = {"_ops": data}  # a JSON Patch document
                if not isinstance(data, dict):
                    raise _invalid("MALFORMED_REQUEST_JSON", "The request JSON is not an object.")
            answer = self._route(client_id, method, path, data, base, query)
            if method == "POST" and request_id:
                self.idempotent[(client_id, request_id)] = answer
            return answer

    def _route(
        self, client_id: str, method: str, path: str, data: dict[str, Any], base: str, query: str = ""
    ) -> Answer:
        parts = path.strip("/").split("/")
        if parts[:2] in (["v1", "billing"], ["v1", "catalogs"]) or parts[:3] == ["v1", "payments", "sale"]:
            return self._billing(client_id, method, parts, query, data, base)
        if parts[:3] == ["v2", "checkout", "orders"]:
            if len(parts) == 3 and method == "POST":
                return json_answer(201, self._create_order(client_id, data, base))
            if len(parts) == 4 and method == "GET":
                return json_answer(200, self._order_view(self._order(client_id, parts[3]), base))
            if len(parts) == 5 and parts[4] == "capture" and method == "POST":
                return json_answer(201, self._capture(client_id, parts[3], base))
        if parts[:3] == ["v2", "payments", "captures"] and len(parts) >= 4:
            capture = self._capture_of(client_id, parts[3])
            if len(parts) == 4 and method == "GET":
                return json_answer(200, self._capture_view(capture, base))
            if len(parts) == 5 and parts[4] == "refund" and method == "POST":
                return json_answer(201, self._refund(client_id, capture, data, base))
        if parts[:3] == ["v2", "payments", "refunds"] and len(parts) == 4 and method == "GET":
            refund = self.refunds.get(parts[3])
            if refund is None or self.owner.get(parts[3]) != client_id:
                raise _not_found("refund", parts[3])
            return json_answer(200, _public(refund))
        if parts[:3] == ["v1", "notifications", "webhooks"]:
            return self._webhooks(client_id, method, parts[3:], data, base)
        if parts[:3] == ["v1", "notifications", "simulate-event"] and method == "POST":
            return json_answer(202, self._simulate(client_id, data, base))
        if parts[:3] == ["v1", "notifications", "webhooks-events"]:
            return self._webhook_events(client_id, method, parts[3:])
        raise _not_found("path", path)

    # ------------------------------------------------------------ auth

    def _token(self, authorization: str, body: bytes) -> Answer:
        scheme, _, encoded = authorization.partition(" ")
        try:
            client_id, _, secret = base64.b64decode(encoded, validate=True).decode("utf-8").partition(":")
        except (binascii.Error, UnicodeDecodeError, ValueError):
            client_id, secret = "", ""
        grant = dict(parse_qsl(body.decode("utf-8", errors="replace"))).get("grant_type")
        if grant != "client_credentials":
            return json_answer(
                400, {"error": "unsupported_grant_type", "error_description": "Grant Type is NULL"}
            )
        with self.lock:
            app = self.apps.get(client_id)
            if (
                app is None
                and scheme.lower() == "basic"
                and CREDENTIAL.match(client_id)
                and CREDENTIAL.match(secret)
            ):
                app = self.apps[client_id] = App(client_id, secret, f"Fake PayPal app {len(self.apps) + 1}")
            if scheme.lower() != "basic" or app is None or not secrets.compare_digest(app.secret, secret):
                return json_answer(
                    401, {"error": "invalid_client", "error_description": "Client Authentication failed"}
                )
            token = f"A21AA{secrets.token_urlsafe(40)}"
            self.tokens[token] = client_id
        return json_answer(
            200,
            {
                "scope": "https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/applications/webhooks",
                "access_token": token,
                "token_type": "Bearer",
                "app_id": f"APP-{app.merchant_id}",
                "expires_in": 32400,
                "nonce": f"{_now_iso()}{secrets.token_urlsafe(16)}",
            },
        )

    def _authorize(self, authorization: str) -> str:
        scheme, _, token = authorization.partition(" ")
        client_id = self.tokens.get(token.strip()) if scheme.lower() == "bearer" else None
        if client_id is None:
            raise PayPalError(
                401,
                "AUTHENTICATION_FAILURE",
                "Authentication failed due to invalid authentication credentials or a missing "
                "Authorization header.",
                "INVALID_TOKEN",
                "Access Token not found in cache.",
            )
        return client_id

    # ------------------------------------------------------------ orders

    def _create_order(self, client_id: str, data: dict[str, Any], base: str) -> dict[str, Any]:
        intent = data.get("intent")
        if intent not in ("CAPTURE", "AUTHORIZE"):
            raise _invalid("INVALID_PARAMETER_VALUE", "intent must be CAPTURE or AUTHORIZE.", "/intent")
        if intent != "CAPTURE":
            raise _unprocessable("UNSUPPORTED_INTENT", "This fake supports intent CAPTURE only.", "/intent")
        units = data.get("purchase_units")
        if not isinstance(units, list) or len(units) != 1 or not isinstance(units[0], dict):
            raise _invalid(
                "MISSING_REQUIRED_PARAMETER", "Exactly one purchase unit is supported.", "/purchase_units"
            )
        unit = units[0]
        amount = unit.get("amount")
        if not isinstance(amount, dict) or amount.get("currency_code") != "GBP":
            raise _invalid(
                "INVALID_PARAMETER_VALUE",
                "amount.currency_code must be GBP here.",
                "/purchase_units/@reference_id=='default'/amount/currency_code",
            )
        value = amount.get("value")
        if not isinstance(value, str) or not MONEY.match(value) or _pence(value) <= 0:
            raise _invalid(
                "INVALID_PARAMETER_SYNTAX",
                "amount.value must be a positive decimal with 2 places.",
                "/purchase_units/@reference_id=='default'/amount/value",
            )
        custom_id = unit.get("custom_id", "")
        if not isinstance(custom_id, str) or len(custom_id) > 127:
            raise _invalid(
                "INVALID_STRING_LENGTH",
                "custom_id: at most 127 characters.",
                "/purchase_units/@reference_id=='default'/custom_id",
            )
        context = data.get("application_context") or {}
        source = ((data.get("payment_source") or {}).get("paypal") or {}).get("experience_context") or {}
        if not isinstance(context, dict) or not isinstance(source, dict):
            raise _invalid(
                "INVALID_PARAMETER_VALUE", "application_context / experience_context must be objects."
            )
        return_url = source.get("return_url") or context.get("return_url") or ""
        cancel_url = source.get("cancel_url") or context.get("cancel_url") or ""
        for name, url in (("return_url", return_url), ("cancel_url", cancel_url)):
            if not isinstance(url, str) or (url and urlsplit(url).scheme not in ("http", "https")):
                raise _invalid(
                    "INVALID_PARAMETER_SYNTAX", f"{name} must be a URL.", f"/application_context/{name}"
                )
        order_id = _pp_id(17)
        now = _now_iso()
        order = {
            "id": order_id,
            "intent": "CAPTURE",
            "status": "PAYER_ACTION_REQUIRED" if source else "CREATED",
            "purchase_units": [
                {
                    "reference_id": unit.get("reference_id") or "default",
                    "amount": {"currency_code": "GBP", "value": decimal_string(_pence(value))},
                    "payee": {"merchant_id": self.apps[client_id].merchant_id},
                    "custom_id": custom_id or None,
                    "description": unit.get("description") or None,
                }
            ],
            "create_time": now,
            "update_time": now,
            "_payment_source": bool(source),
            "_return_url": return_url,
            "_cancel_url": cancel_url,
            "_brand": (source.get("brand_name") or context.get("brand_name") or self.apps[client_id].name),
            "_pending": False,
            "_client": client_id,
        }
        self.orders[order_id] = order
        self.owner[order_id] = client_id
        view = self._order_view(order, base)
        return (
            {"id": view["id"], "status": view["status"], "links": view["links"]}
            if not source
            else {
                "id": view["id"],
                "status": view["status"],
                "payment_source": {"paypal": {}},
                "links": view["links"],
            }
        )

    def _order(self, client_id: str, order_id: str) -> dict[str, Any]:
        order = self.orders.get(order_id)
        if order is None or self.owner.get(order_id) != client_id:
            raise _not_found("order", order_id)
        return order

    def _order_view(self, order: dict[str, Any], base: str) -> dict[str, Any]:
        view = _public(order)
        for unit in view["purchase_units"]:
            unit.pop("custom_id", None) if unit.get("custom_id") is None else None
            unit.pop("description", None) if unit.get("description") is None else None
        captures = [self._capture_view(c, base) for c in self.captures.values() if c["_order"] == order["id"]]
        if captures:
            view["purchase_units"][0]["payments"] = {"captures": captures}
        if order["status"] in ("APPROVED", "COMPLETED"):
            view["payer"] = {
                "name": {"given_name": "Fake", "surname": "Buyer"},
                "email_address": "buyer@example.org",
                "payer_id": order.get("_payer_id", ""),
                "address": {"country_code": "GB"},
            }
        approve_rel = "payer-action" if order["_payment_source"] else "approve"
        view["links"] = [
            {"href": f"{base}/v2/checkout/orders/{order['id']}", "rel": "self", "method": "GET"},
            {"href": f"{base}/checkoutnow?token={order['id']}", "rel": approve_rel, "method": "GET"},
            {"href": f"{base}/v2/checkout/orders/{order['id']}", "rel": "update", "method": "PATCH"},
            {"href": f"{base}/v2/checkout/orders/{order['id']}/capture", "rel": "capture", "method": "POST"},
        ]
        return view

    def _approve(self, order_id: str, pending: bool) -> dict[str, Any]:
        order = self.orders.get(order_id)
        if order is None:
            raise _not_found("order", order_id)
        if order["status"] not in ("CREATED", "PAYER_ACTION_REQUIRED", "APPROVED"):
            raise _unprocessable("ORDER_ALREADY_COMPLETED", "The order cannot be approved again.")
        order.update(status="APPROVED", update_time=_now_iso(), _pending=pending)
        order.setdefault("_payer_id", _pp_id(13))
        return order

    def _capture(self, client_id: str, order_id: str, base: str) -> dict[str, Any]:
        order = self._order(client_id, order_id)
        if order["status"] == "COMPLETED":
            raise _unprocessable(
                "ORDER_ALREADY_CAPTURED",
                "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
            )
        if order["status"] != "APPROVED":
            raise _unprocessable(
                "ORDER_NOT_APPROVED",
                "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'"
                "approve' url returned as part of the HATEOAS links within the Create Order call or provide"
                " a valid payment_source in the request.",
            )
        unit = order["purchase_units"][0]
        gross = _pence(unit["amount"]["value"])
        fee = percent_fee(gross, FEE_BASIS_POINTS, FEE_FIXED)
        now = _now_iso()
        pending = order["_pending"]
        capture = {
            "id": _pp_id(17),
            "status": "PENDING" if pending else "COMPLETED",
            "amount": _money(gross),
            "final_capture": True,
            "seller_protection": {
                "status": "ELIGIBLE",
                "dispute_categories": ["ITEM_NOT_RECEIVED", "UNAUTHORIZED_TRANSACTION"],
            },
            "seller_receivable_breakdown": {
                "gross_amount": _money(gross),
                "paypal_fee": _money(fee),
                "net_amount": _money(gross - fee),
            },
            "custom_id": unit.get("custom_id"),
            "create_time": now,
            "update_time": now,
            "_order": order_id,
            "_refunded": 0,
        }
        if pending:
            capture["status_details"] = {"reason": "ECHECK"}
        if capture["custom_id"] is None:
            del capture["custom_id"]
        self.captures[capture["id"]] = capture
        self.owner[capture["id"]] = client_id
        order.update(status="COMPLETED", update_time=now)
        self._emit(
            client_id, "PAYMENT.CAPTURE.PENDING" if pending else "PAYMENT.CAPTURE.COMPLETED", capture, base
        )
        return self._order_view(order, base)

    def _capture_of(self, client_id: str, capture_id: str) -> dict[str, Any]:
        capture = self.captures.get(capture_id)
        if capture is None or self.owner.get(capture_id) != client_id:
            raise _not_found("capture", capture_id)
        return capture

    def _capture_view(self, capture: dict[str, Any], base: str) -> dict[str, Any]:
        view = _public(capture)
        view["links"] = [
            {"href": f"{base}/v2/payments/captures/{capture['id']}", "rel": "self", "method": "GET"},
            {
                "href": f"{base}/v2/payments/captures/{capture['id']}/refund",
                "rel": "refund",
                "method": "POST",
            },
            {"href": f"{base}/v2/checkout/orders/{capture['_order']}", "rel": "up", "method": "GET"},
        ]
        return view

    def _event_resource(self, capture: dict[str, Any], base: str) -> dict[str, Any]:
        resource = self._capture_view(capture, base)
        resource["supplementary_data"] = {"related_ids": {"order_id": capture["_order"]}}
        resource["payee"] = {"merchant_id": self.apps[self.owner[capture["id"]]].merchant_id}
        return resource

    def _settle(self, capture_id: str, succeeded: bool) -> None:
        capture = self.captures.get(capture_id)
        if capture is None or capture["status"] != "PENDING":
            raise _unprocessable("CAPTURE_NOT_PENDING", "Only a pending capture can be completed or denied.")
        capture.update(status="COMPLETED" if succeeded else "DECLINED", update_time=_now_iso())
        capture.pop("status_details", None)
        kind = "PAYMENT.CAPTURE.COMPLETED" if succeeded else "PAYMENT.CAPTURE.DENIED"
        self._emit(self.owner[capture_id], kind, capture, self.public_base)

    # ------------------------------------------------------------ refunds, reversals

    def _refund(
        self, client_id: str, capture: dict[str, Any], data: dict[str, Any], base: str
    ) -> dict[str, Any]:
        if capture["status"] not in ("COMPLETED", "PARTIALLY_REFUNDED"):
            raise _unprocessable(
                "CAPTURE_FULLY_REFUNDED" if capture["status"] == "REFUNDED" else "REFUND_NOT_ALLOWED",
                "This capture cannot be refunded.",
            )
        gross = _pence(capture["amount"]["value"])
        remaining = gross - capture["_refunded"]
        amount = data.get("amount")
        if amount is None:
            pence = remaining
        else:
            if (
                not isinstance(amount, dict)
                or amount.get("currency_code") != "GBP"
                or not isinstance(amount.get("value"), str)
                or not MONEY.match(amount["value"])
            ):
                raise _invalid(
                    "INVALID_PARAMETER_SYNTAX",
                    'amount must be {currency_code: GBP, value: "1.00"}.',
                    "/amount",
                )
            pence = _pence(amount["value"])
            if pence <= 0:
                raise _invalid(
                    "INVALID_PARAMETER_VALUE", "The refund amount must be positive.", "/amount/value"
                )
            if pence > remaining:
                raise _unprocessable(
                    "REFUND_AMOUNT_EXCEEDED",
                    "The refund amount must be less than or equal to the capture amount that has not yet "
                    "been refunded.",
                    "/amount/value",
                )
        return self._do_refund(
            client_id, capture, pence, "PAYMENT.CAPTURE.REFUNDED", data.get("note_to_payer"), base
        )

    def _do_refund(
        self, client_id: str, capture: dict[str, Any], pence: int, kind: str, note: Any, base: str
    ) -> dict[str, Any]:
        gross = _pence(capture["amount"]["value"])
        capture["_refunded"] += pence
        capture["status"] = "REFUNDED" if capture["_refunded"] >= gross else "PARTIALLY_REFUNDED"
        capture["update_time"] = now = _now_iso()
        refund_id = _pp_id(17)
        refund = {
            "id": refund_id,
            "status": "COMPLETED",
            "amount": _money(pence),
            "seller_payable_breakdown": {
                "gross_amount": _money(pence),
                "paypal_fee": _money(0),
                "net_amount": _money(pence),
                "total_refunded_amount": _money(capture["_refunded"]),
            },
            "create_time": now,
            "update_time": now,
            "links": [
                {"href": f"{base}/v2/payments/refunds/{refund_id}", "rel": "self", "method": "GET"},
                {"href": f"{base}/v2/payments/captures/{capture['id']}", "rel": "up", "method": "GET"},
            ],
        }
        if capture.get("custom_id"):
            refund["custom_id"] = capture["custom_id"]
        if isinstance(note, str) and note:
            refund["note_to_payer"] = note[:255]
        self.refunds[refund_id] = refund
        self.owner[refund_id] = client_id
        self._emit(client_id, kind, refund, base, resource_type="refund")
        return _public(refund)

    def _reverse(self, capture_id: str) -> None:
        capture = self.captures.get(capture_id)
        if capture is None or capture["status"] not in ("COMPLETED", "PARTIALLY_REFUNDED"):
            raise _unprocessable("REVERSAL_NOT_ALLOWED", "Only a completed capture can be reversed.")
        remaining = _pence(capture["amount"]["value"]) - capture["_refunded"]
        self._do_refund(
            self.owner[capture_id], capture, remaining, "PAYMENT.CAPTURE.REVERSED", None, self.public_base
        )
        capture["status"] = "REVERSED"

    # ------------------------------------------------------------ webhooks and events

    def _webhooks(
        self, client_id: str, method: str, rest: list[str], data: dict[str, Any], base: str
    ) -> Answer:
        app = self.apps[client_id]
        if not rest and method == "POST":
            url = data.get("url")
            if (
                not isinstance(url, str)
                or urlsplit(url).scheme not in ("http", "https")
                or not urlsplit(url).netloc
            ):
                raise _invalid("INVALID_PARAMETER_SYNTAX", "url must be an http(s) URL.", "/url")
            types = data.get("event_types")
            if (
                not isinstance(types, list)
                or not types
                or not all(isinstance(t, dict) and isinstance(t.get("name"), str) for t in types)
            ):
                raise _invalid("MISSING_REQUIRED_PARAMETER", "event_types: a list of {name}.", "/event_types")
            names = [t["name"] for t in types]
            unknown = [n for n in names if n != "*" and n not in EVENT_TYPES]
            if unknown:
                raise _invalid("INVALID_PARAMETER_VALUE", f"Unknown event type {unknown[0]}.", "/event_types")
            if any(w.url == url for w in app.webhooks):
                raise PayPalError(400, "WEBHOOK_URL_ALREADY_EXISTS", "Webhook URL already exists.")
            webhook = Webhook(_pp_id(17), url, names)
            app.webhooks.append(webhook)
            return json_answer(201, webhook.view(base))
        if not rest and method == "GET":
            return json_answer(200, {"webhooks": [w.view(base) for w in app.webhooks]})
        if len(rest) == 1:
            webhook = next((w for w in app.webhooks if w.id == rest[0]), None)
            if webhook is None:
                raise PayPalError(404, "INVALID_RESOURCE_ID", "Webhook ID does not exist.")
            if method == "GET":
                return json_answer(200, webhook.view(base))
            if method == "DELETE":
                app.webhooks.remove(webhook)
                return Answer(204)
        raise _not_found("path", "/v1/notifications/webhooks")

    def _simulate(self, client_id: str, data: dict[str, Any], base: str) -> dict[str, Any]:
        webhook_id, kind = data.get("webhook_id"), data.get("event_type")
        webhook = next((w for w in self.apps[client_id].webhooks if w.id == webhook_id), None)
        if webhook is None:
            raise _invalid("INVALID_PARAMETER_VALUE", "webhook_id does not exist.", "/webhook_id")
        if kind not in EVENT_TYPES:
            raise _invalid("INVALID_PARAMETER_VALUE", "event_type is not supported.", "/event_type")
        now = _now_iso()
        resource: dict[str, Any] = {
            "id": "0KG12345XY678901Z",
            "status": "COMPLETED",
            "amount": {"currency_code": "GBP", "value": "1.00"},
            "create_time": now,
            "update_time": now,
            "links": [],
        }
        event = self._event(
            kind, resource, base, "refund" if "REFUND" in kind or "REVERS" in kind else "capture"
        )
        event["summary"] = f"Mock event: {event['summary']}"
        stored = StoredEvent(client_id, event)
        self.events.append(stored)
        self._deliver(stored, only=webhook)
        return event

    def _webhook_events(self, client_id: str, method: str, rest: list[str]) -> Answer:
        mine = [s for s in self.events if s.client_id == client_id]
        if not rest and method == "GET":
            return json_answer(200, {"events": [s.event for s in reversed(mine)][:50], "count": len(mine)})
        stored = next((s for s in mine if rest and s.event["id"] == rest[0]), None)
        if stored is None:
            raise PayPalError(404, "INVALID_RESOURCE_ID", "Webhook event ID does not exist.")
        if len(rest) == 1 and method == "GET":
            return json_answer(200, stored.event)
        if len(rest) == 2 and rest[1] == "resend" and method == "POST":
            self._deliver(stored)
            return json_answer(202, stored.event)
        raise _not_found("path", "/v1/notifications/webhooks-events")

    def _event(self, kind: str, resource: dict[str, Any], base: str, resource_type: str) -> dict[str, Any]:
        event_id = f"WH-{_pp_id(17)}-{_pp_id(17)}"
        amount = resource.get("amount") or {}
        summary = {
            "PAYMENT.CAPTURE.COMPLETED": "Payment completed for",
            "PAYMENT.CAPTURE.PENDING": "Payment pending for",
            "PAYMENT.CAPTURE.DENIED": "Payment denied for",
            "PAYMENT.CAPTURE.REFUNDED": "A GBP refund of",
            "PAYMENT.CAPTURE.REVERSED": "A payment was reversed for",
        }.get(kind, kind)
        return {
            "id": event_id,
            "event_version": "1.0",
            "create_time": _now_iso(),
            "resource_type": resource_type,
            "resource_version": "2.0",
            "event_type": kind,
            "summary": f"{summary} {amount.get('value', '')} {amount.get('currency_code', '')}".strip(),
            "resource": resource,
            "links": [
                {
                    "href": f"{base}/v1/notifications/webhooks-events/{event_id}",
                    "rel": "self",
                    "method": "GET",
                },
                {
                    "href": f"{base}/v1/notifications/webhooks-events/{event_id}/resend",
                    "rel": "resend",
                    "method": "POST",
                },
            ],
        }

    def _emit(
        self, client_id: str, kind: str, obj: dict[str, Any], base: str, resource_type: str = "capture"
    ) -> None:
        base = self.public_base or base
        resource = self._event_resource(obj, base) if resource_type == "capture" else _public(obj)
        stored = StoredEvent(client_id, self._event(kind, resource, base, resource_type))
        self.events.append(stored)
        self._deliver(stored)

    def _deliver(self, stored: StoredEvent, only: Webhook | None = None) -> None:
        app = self.apps[stored.client_id]
        body = json.dumps(stored.event).encode("utf-8")
        cert_url = f"{self.public_base}/certs/{CERT_NAME}.pem"
        for webhook in [only] if only else app.webhooks:
            if only is None and not webhook.wants(stored.event["event_type"]):
                continue
            delivery = Delivery(webhook.url)
            stored.deliveries.append(delivery)

            def headers(webhook_id: str = webhook.id) -> dict[str, str]:
                transmission_id, moment = str(uuid.uuid4()), _now_iso()
                signature = self.signer.sign(signed_message(transmission_id, moment, webhook_id, body))
                return {
                    "Content-Type": "application/json",
                    "User-Agent": "PayPal/AUHD-214.0-58843671",
                    "PAYPAL-TRANSMISSION-ID": transmission_id,
                    "PAYPAL-TRANSMISSION-TIME": moment,
                    "PAYPAL-TRANSMISSION-SIG": signature,
                    "PAYPAL-CERT-URL": cert_url,
                    "PAYPAL-AUTH-ALGO": "SHA256withRSA",
                    "PAYPAL-AUTH-VERSION": "v2",
                }

            self.threads = [t for t in self.threads if t.is_alive()]
            self.threads.append(deliver_in_background(delivery, body, headers, self.lock))

    # ------------------------------------------------------------ pages

    def _approval_page(self, order_id: str) -> Answer:
        order = self.orders.get(order_id)
        if order is None:
            answer = page("PayPal", "<h1>PayPal</h1><p class='error'>This order does not exist.</p>")
            answer.status = 404
            return answer
        unit = order["purchase_units"][0]
        amount = pounds(_pence(unit["amount"]["value"]))
        if order["status"] not in ("CREATED", "PAYER_ACTION_REQUIRED"):
            body = f"<h1>{esc(order['_brand'])}</h1><p>This order is {esc(order['status'].lower())}.</p>"
            return page("PayPal", body)
        description = f"<p>{esc(unit['description'])}</p>" if unit.get("description") else ""
        body = f"""<h1>{esc(order["_brand"])}</h1><p class="notice">Sandbox: no real money moves.</p>
<div class="card"><p>Pay <strong>{amount}</strong> with PayPal</p>{description}
<form method="post" action="{PREFIX}/checkoutnow"><input type="hidden" name="token" value="{esc(order_id)}">
<button name="choice" value="pay">Pay with PayPal</button>
<button name="choice" value="pending">Pending (eCheck)</button>
<button name="choice" value="cancel">Cancel</button></form></div>
<p class="muted">Fake PayPal checkout ({esc(order_id)})</p>"""
        return page("Pay with PayPal", body)

    def _approval_action(self, form: dict[str, str]) -> Answer:
        order_id, choice = form.get("token", ""), form.get("choice", "")
        with self.lock:
            order = self.orders.get(order_id)
            if order is None or choice not in ("pay", "pending", "cancel"):
                return Answer(
                    400, b"Unknown order or choice\n", {"Content-Type": "text/plain; charset=utf-8"}
                )
            if choice == "cancel":
                target = order["_cancel_url"]
                params = {"token": order_id}
            else:
                try:
                    self._approve(order_id, pending=choice == "pending")
                except PayPalError as error:
                    return Answer(
                        409, error.description.encode(), {"Content-Type": "text/plain; charset=utf-8"}
                    )
                target = order["_return_url"]
                params = {"token": order_id, "PayerID": order["_payer_id"]}
        if not target:
            return page("PayPal", "<h1>Done</h1><p>You can close this window.</p>")
        return redirect(_append_query(target, params))

    def _dashboard_page(self, message: str) -> Answer:
        parts = ["<h1>Fake PayPal</h1>"]
        if message:
            parts.append(f'<p class="notice" role="status">{esc(message)}</p>')
        parts.append(
            f"<p class='muted'>A local stand-in for PayPal. Copy an app's credentials and a webhook id into "
            f"Almoner's Payment gateways page. API base: <code>{PREFIX}</code> on this server.</p>"
            f'<form method="post" action="{PREFIX}/dashboard/app"><label>New app name '
            '<input name="name" required maxlength="80"></label> <button>Create app</button></form>'
        )
        for app in self.apps.values():
            parts.append(self._app_section(app))
        return page("Fake PayPal", "\n".join(parts))

    def _app_section(self, app: App) -> str:
        board = f"{PREFIX}/dashboard"
        hooks = [
            [f"<code>{esc(w.id)}</code>", f"<code>{esc(w.url)}</code>", esc(", ".join(w.event_types))]
            for w in app.webhooks
        ]
        rows = []
        mine = (c for c in self.captures.values() if self.owner[c["id"]] == app.client_id)
        for capture in sorted(mine, key=lambda c: c["create_time"], reverse=True):
            hidden = {"capture": capture["id"]}
            actions = []
            if capture["status"] in ("COMPLETED", "PARTIALLY_REFUNDED"):
                actions.append(refund_form(f"{board}/refund", hidden))
                actions.append(button_form(f"{board}/reverse", "Reverse", hidden))
            if capture["status"] == "PENDING":
                for verdict, label in (("completed", "Complete pending"), ("denied", "Deny pending")):
                    actions.append(button_form(f"{board}/settle", label, hidden, ("verdict", verdict)))
            refunded = f" (refunded {pounds(capture['_refunded'])})" if capture["_refunded"] else ""
            custom = esc(capture.get("custom_id", ""))
            rows.append(
                [
                    f"<code>{esc(capture['id'])}</code><br><span class='muted'>{custom}</span>",
                    pounds(_pence(capture["amount"]["value"])),
                    f"{esc(capture['status'])}{refunded}",
                    "".join(actions),
                ]
            )
        events = [
            [
                f"<code>{esc(stored.event['id'])}</code>",
                esc(stored.event["event_type"]),
                ", ".join(f"{esc(d.url)}: {esc(d.last_status)}" for d in stored.deliveries)
                or "not delivered",
                button_form(f"{board}/resend", "Resend", {"event": stored.event["id"]}),
            ]
            for stored in reversed([s for s in self.events if s.client_id == app.client_id][-30:])
        ]
        return f"""<section class="card" aria-label="{esc(app.name)}"><h2>{esc(app.name)}</h2>
<p>Client ID <code>{esc(app.client_id)}</code><br>Secret <code>{esc(app.secret)}</code><br>Mode: sandbox</p>
<h3>Webhooks</h3>{table(["Webhook ID", "URL", "Events"], hooks)}
<form method="post" action="{board}/webhook"><input type="hidden" name="app" value="{esc(app.client_id)}">
<label>Webhook URL <input name="url" type="url" required size="50"></label>
<button>Add webhook</button></form>
<h3>Captures</h3>{table(["Capture", "Amount", "Status", ""], rows)}
<h3>Recent events</h3>{table(["Event", "Type", "Deliveries", ""], events)}
</section>"""

    def _dashboard_action(self, action: str, form: dict[str, str], base: str) -> Answer:
        try:
            with self.lock:
                if not self.public_base:
                    self.public_base = base
                message = self._do_dashboard_action(action, form, base)
        except PayPalError as error:
            message = error.description or error.message
        except KeyError:
            message = "Not found."
        return redirect(f"{PREFIX}/?message={quote(message)}")

    def _do_dashboard_action(self, action: str, form: dict[str, str], base: str) -> str:
        if action == "app":
            client_id, secret = f"A{secrets.token_urlsafe(30)}", f"E{secrets.token_urlsafe(30)}"
            self.apps[client_id] = App(client_id, secret, form.get("name", "")[:80] or "Fake PayPal app")
            return f"App {self.apps[client_id].name} created."
        if action == "webhook":
            app = self.apps[form.get("app", "")]
            url = form.get("url", "")
            if urlsplit(url).scheme not in ("http", "https"):
                return "Enter an http(s) URL."
            app.webhooks = [w for w in app.webhooks if w.url != url]
            webhook = Webhook(_pp_id(17), url, ["*"])
            app.webhooks.append(webhook)
            return f"Webhook added. Webhook ID: {webhook.id}"
        if action in ("refund", "reverse", "settle"):
            capture = self.captures[form.get("capture", "")]
            client_id = self.owner[capture["id"]]
            if action == "reverse":
                self._reverse(capture["id"])
                return "Payment reversed."
            if action == "settle":
                self._settle(capture["id"], form.get("verdict") == "completed")
                return "Pending payment settled."
            raw = form.get("amount", "").strip().lstrip("£")
            data: dict[str, Any] = {}
            if raw:
                if not re.fullmatch(r"\d{1,7}(\.\d{1,2})?", raw):
                    return "Enter the refund as pounds, e.g. 2.50."
                data["amount"] = _money(_pence(raw))
            refund = self._refund(client_id, capture, data, base)
            return f"Refunded {pounds(_pence(refund['amount']['value']))}."
        if action == "resend":
            stored = next((s for s in self.events if s.event["id"] == form.get("event")), None)
            if stored is None:
                return "No such event."
            self._deliver(stored)
            return f"Event {stored.event['id']} sent again."
        return "Unknown action."


def _append_query(url: str, params: dict[str, str]) -> str:
    split = urlsplit(url)
    query = f"{split.query}&{urlencode(params)}" if split.query else urlencode(params)
    return urlunsplit((split.scheme, split.netloc, split.path, query, split.fragment))


def _public(obj: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps({k: v for k, v in obj.items() if not k.startswith("_")}))


def _form(body: bytes) -> dict[str, str]:
    return dict(parse_qsl(body.decode("utf-8", errors="replace"), keep_blank_values=True))


_fake: FakePayPal | None = None
_fake_lock = threading.Lock()


def fake() -> FakePayPal:
    """The one instance the local stack serves (its keys are generated on first use)."""
    global _fake
    with _fake_lock:
        if _fake is None:
            _fake = FakePayPal()
        return _fake


def register_app(client_id: str, secret: str, name: str = "") -> None:
    fake().register_app(client_id, secret, name)


def add_webhook(client_id: str, url: str, event_types: tuple[str, ...] = ("*",), webhook_id: str = "") -> str:
    return fake().add_webhook(client_id, url, event_types, webhook_id)
