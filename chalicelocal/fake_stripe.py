"""A fake Stripe for the local stack and the tests (issue 16, ADR 0022 "Local fakes").

Served under `/fake-stripe/` by `chalicelocal.web` (not behind the API lock: Almoner's API calls
it while holding that lock). The real `stripe` package talks to it with
`StripeClient(secret_key, base_addresses={"api": "<origin>/fake-stripe"})` (or `stripe.api_base`):

- form-encoded requests with nested `metadata[x]`, `line_items[0][price_data][...]`, `expand[]`;
  Bearer auth; errors as Stripe's `{"error": {type, message, code, param}}`, 401 for a bad key;
  `Idempotency-Key` honoured (the same key answers the same response);
- `GET /v1/account`; `POST/GET /v1/checkout/sessions(/{id})`; `GET /v1/payment_intents/{id}`;
  `GET /v1/charges/{id}` (`expand[]=balance_transaction`); `GET /v1/balance_transactions(?payout=)`;
  `POST /v1/refunds {payment_intent|charge, amount?}`; `GET /v1/events` (limit, starting_after,
  ending_before, created[gte|gt|lte|lt], type, types[], delivery_success; the last 30 days,
  newest first);
  `POST/GET/DELETE /v1/webhook_endpoints(/{id})` (the `secret` only in the create answer);
  `POST /v1/payouts` (pays out the whole available balance); `GET /v1/payouts/{id}`.
- subscriptions (issue 17): Checkout in `mode=subscription` (recurring `price_data`, metadata on
  `subscription_data`) makes, once paid, a customer, the subscription and its first invoice
  (`customer.subscription.created`, `payment_intent.succeeded` "Subscription creation",
  `invoice.paid`, `checkout.session.completed`; "Pay by Bacs" leaves the invoice open until
  settled); `GET/POST/DELETE /v1/subscriptions/{id}` (`pause_collection` or "" to resume, `items`
  with `price_data`, `trial_end` or `billing_cycle_anchor` as a timestamp, `cancellation_details`;
  each change emits `customer.subscription.updated`/`deleted` with `previous_attributes`);
  `GET /v1/invoices/{id}`, `GET /v1/invoice_payments` (`invoice`, `payment[payment_intent]`: the
  invoice a PaymentIntent paid), `GET /v1/customers/{id}`, the lists `GET /v1/subscriptions` (`status`
  incl. "all") and `GET /v1/invoices` (`status`, `subscription`, `created[gte]`…) for the nightly
  reconciliation; each invoice's `hosted_invoice_url` is the fake's page
  `/fake-stripe/invoices/{id}` ("Update card and pay" pays an open invoice: the failure email's
  link). Fake-only helpers (not Stripe's):
  `POST /fake-stripe/test-helpers/subscriptions/{id}/renew` (`outcome=paid|failed`; `renew()` in
  process) makes the next charge happen now (`invoice.paid`, or `invoice.payment_failed` and the
  subscription `past_due`; a failed invoice still open is retried instead), and
  `POST /fake-stripe/test-helpers/fail-next` (`key`, `message`; `fail_next()` in process) makes the
  account's next subscription change answer that Stripe error (402 card_error).

Accounts: one per distinct key pair. A well-formed secret or restricted key (`sk_test_…`,
`rk_test_…`, `_live_` for live mode, at least 10 letters or digits after the prefix) that the fake
has not seen creates its account on first use, with the publishable key `pk_<mode>_<same suffix>`;
`register_account(publishable, secret, name)` (the seed, tests) or the dashboard create one with
chosen keys. Anything else is a bad key: 401, as Stripe answers.

The hosted checkout page `GET /fake-stripe/checkout/{session_id}` shows the charity and the amount
and offers "Pay" (card: charge.succeeded, payment_intent.succeeded, checkout.session.completed
with payment_status "paid"), "Decline" (charge.failed, payment_intent.payment_failed; the page
says declined and the donor can retry) and "Pay by Bacs (pending)" (payment_intent.processing,
checkout.session.completed with payment_status "unpaid"; settled later from the dashboard or
`settle(session_id, succeeded)`: checkout.session.async_payment_succeeded / _failed plus the
payment intent's event). Paying redirects to the session's success_url ({CHECKOUT_SESSION_ID}
filled in, as Stripe does). Fee: 1.5% + 20p, on the charge's balance transaction.

Every event is stored (listed by `GET /v1/events`) and delivered to each of the account's webhook
endpoints whose enabled_events include its type (or "*"), signed as Stripe signs
(`Stripe-Signature: t=…,v1=…`, one v1 per current secret: two while a rolled secret overlaps),
POSTed by a background thread with a few retries. An account whose deliveries are paused still
records its events but sends nothing ("lost" deliveries, for "fetch missed events"); the dashboard
re-sends any event. Events of one action share one `created` second; a later action's events are
at least one second later, so their order is unambiguous.

The dashboard `GET /fake-stripe/` lists the accounts with their keys, webhook endpoints (add one,
roll its secret), payments (refund in full or in part, dispute, win or lose a dispute, settle a
Bacs payment), payouts ("Pay out") and events with their deliveries ("Resend").

State is in memory under one lock and lost on restart: the seed registers its accounts and
endpoints again (with the same keys and signing secrets) at every start.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import secrets
import threading
import time
from dataclasses import asdict, dataclass, field
from typing import Any
from urllib.parse import parse_qsl, quote, urlsplit

from chalicelocal.fake_common import (
    Answer,
    Delivery,
    button_form,
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

PREFIX = "/fake-stripe"
API_VERSION = "2026-10-28.endive"  # the stripe package pinned in requirements
FEE_BASIS_POINTS = 150  # 1.5%
FEE_FIXED = 20  # pence
EVENTS_KEPT_SECONDS = 30 * 24 * 3600
SECRET_KEY = re.compile(r"^(sk|rk)_(test|live)_([A-Za-z0-9]{10,})$")
PUBLISHABLE_KEY = re.compile(r"^pk_(test|live)_([A-Za-z0-9]{10,})$")
INTERVALS = ("day", "week", "month", "year")
CHECKOUT_EVENTS = (
    "checkout.session.completed",
    "checkout.session.async_payment_succeeded",
    "checkout.session.async_payment_failed",
)


class StripeError(Exception):
    def __init__(
        self, status: int, message: str, code: str = "", param: str = "", kind: str = "invalid_request_error"
    ) -> None:
        super().__init__(message)
        self.status, self.message, self.code, self.param, self.kind = status, message, code, param, kind

    def answer(self) -> Answer:
        error: dict[str, Any] = {"type": self.kind, "message": self.message}
        if self.code:
            error["code"] = self.code
        if self.param:
            error["param"] = self.param
        return json_answer(self.status, {"error": error})


def _missing(kind: str, object_id: str, param: str = "id") -> StripeError:
    return StripeError(404, f"No such {kind}: '{object_id}'", "resource_missing", param)


@dataclass
class Endpoint:
    id: str
    url: str
    enabled_events: list[str]
    secrets: list[str]  # newest first; two while a rolled secret overlaps
    created: int
    description: str = ""

    def wants(self, event_type: str) -> bool:
        return "*" in self.enabled_events or event_type in self.enabled_events

    def view(self, with_secret: bool = False, livemode: bool = False) -> dict[str, Any]:
        view: dict[str, Any] = {
            "id": self.id,
            "object": "webhook_endpoint",
            "api_version": None,
            "application": None,
            "created": self.created,
            "description": self.description or None,
            "enabled_events": list(self.enabled_events),
            "livemode": livemode,
            "metadata": {},
            "status": "enabled",
            "url": self.url,
        }
        if with_secret:
            view["secret"] = self.secrets[0]
        return view


@dataclass
class Account:
    id: str
    name: str
    publishable: str
    secret: str
    livemode: bool
    created: int
    endpoints: list[Endpoint] = field(default_factory=list)
    deliveries_paused: bool = False
    last_event_second: int = 0


@dataclass
class StoredEvent:
    account_id: str
    event: dict[str, Any]
    deliveries: list[Delivery] = field(default_factory=list)


def _id(prefix: str, livemode: bool | None = None) -> str:
    mode = "" if livemode is None else ("live_" if livemode else "test_")
    return f"{prefix}_{mode}{secrets.token_hex(12)}"


def parse_form(text: str) -> dict[str, Any]:
    """Stripe's form encoding into nested data: `a[b][0][c]=x` -> {"a": {"b": [{"c": "x"}]}};
    `expand[]=x` appends to a list."""
    root: dict[str, Any] = {}
    for key, value in parse_qsl(text, keep_blank_values=True):
        parts = re.findall(r"\[([^\]]*)\]", key)
        head = key.split("[", 1)[0]
        path = [head, *parts]
        node: Any = root
        for index, part in enumerate(path):
            last = index == len(path) - 1
            if part == "":  # `x[]`: append
                if not isinstance(node, list):
                    raise StripeError(400, f"Invalid array: {key}", "", head)
                if last:
                    node.append(value)
                else:
                    node.append({})
                    node = node[-1]
                continue
            nxt_is_list = not last and path[index + 1] == ""
            if not isinstance(node, dict):
                raise StripeError(400, f"Invalid hash: {key} conflicts with another parameter.", "", head)
            if last:
                node[part] = value
            else:
                node = node.setdefault(part, [] if nxt_is_list else {})
    return _lists(root)


def _lists(value: Any) -> Any:
    """Dicts whose keys are all small integers ("0", "1", …) become lists in that order."""
    if isinstance(value, dict):
        value = {k: _lists(v) for k, v in value.items()}
        if value and all(k.isdigit() for k in value):
            return [value[k] for k in sorted(value, key=int)]
        return value
    if isinstance(value, list):
        return [_lists(v) for v in value]
    return value


def _int(params: dict[str, Any], name: str, minimum: int = 0, required: bool = False) -> int | None:
    raw = params.get(name)
    if raw is None or raw == "":
        if required:
            raise StripeError(400, f"Missing required param: {name}.", "parameter_missing", name)
        return None
    if not isinstance(raw, str) or not re.fullmatch(r"-?\d{1,12}", raw):
        raise StripeError(400, f"Invalid integer: {raw}", "parameter_invalid_integer", name)
    number = int(raw)
    if number < minimum:
        raise StripeError(400, f"This value must be greater than or equal to {minimum}.", "", name)
    return number


def _str(params: dict[str, Any], name: str, required: bool = False) -> str:
    raw = params.get(name)
    if raw is None or raw == "":
        if required:
            raise StripeError(400, f"Missing required param: {name}.", "parameter_missing", name)
        return ""
    if not isinstance(raw, str):
        raise StripeError(400, f"Invalid string: {name}", "", name)
    return raw


def _metadata(params: dict[str, Any], name: str = "metadata") -> dict[str, str]:
    raw = params.get(name) or {}
    if raw == "":
        return {}
    if not isinstance(raw, dict) or not all(isinstance(v, str) for v in raw.values()):
        raise StripeError(400, "Invalid metadata: must be a hash of strings.", "", name)
    if len(raw) > 50 or any(len(k) > 40 or len(v) > 500 for k, v in raw.items()):
        raise StripeError(
            400, "Metadata can have up to 50 keys of 40 characters and values of 500.", "", name
        )
    return dict(raw)


def _list_of_str(params: dict[str, Any], name: str) -> list[str]:
    raw = params.get(name)
    if raw is None or raw == "":
        return []
    if isinstance(raw, str):
        return [raw]
    if isinstance(raw, list) and all(isinstance(v, str) for v in raw):
        return list(raw)
    raise StripeError(400, f"Invalid array: {name}", "", name)


class FakeStripe:
    """All accounts and their objects, behind one lock."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.accounts: dict[str, Account] = {}
        self.by_key: dict[str, str] = {}  # secret or publishable key -> account id
        self.objects: dict[str, dict[str, Any]] = {}  # Stripe object id -> JSON object
        self.owner: dict[str, str] = {}  # object id -> account id
        self.events: list[StoredEvent] = []  # oldest first
        self.idempotent: dict[tuple[str, str], Answer] = {}
        # account id -> the Stripe error message the next subscription change answers (tests)
        self.failing: dict[str, str] = {}
        self.threads: list[threading.Thread] = []

    # ------------------------------------------------------------ in-process helpers

    def register_account(self, publishable: str, secret: str, name: str = "") -> str:
        """The account of this key pair (created when new): its id. Idempotent."""
        mode = SECRET_KEY.match(secret)
        public = PUBLISHABLE_KEY.match(publishable)
        if not mode or not public or mode.group(2) != public.group(1):
            raise ValueError("keys must be pk_/sk_ (or rk_) of the same mode with 10+ letters or digits")
        with self.lock:
            return self._account_for(secret, publishable, name).id

    def add_endpoint(
        self, secret_key: str, url: str, events: list[str] | tuple[str, ...] = ("*",), secret: str = ""
    ) -> str:
        """Register a webhook endpoint on the key's account; its signing secret (`secret` when given,
        so a restart can restore a known one). An endpoint with the same URL is replaced."""
        with self.lock:
            account = self._authenticate_key(secret_key)
            account.endpoints = [e for e in account.endpoints if not same_target(e.url, url)]
            endpoint = Endpoint(_id("we"), url, list(events), [secret or _whsec()], int(time.time()))
            account.endpoints.append(endpoint)
            return endpoint.secrets[0]

    def roll_secret(self, endpoint_id: str) -> str:
        """A new signing secret for the endpoint; the previous one keeps signing alongside it."""
        with self.lock:
            endpoint = self._endpoint(endpoint_id)
            endpoint.secrets = [_whsec(), endpoint.secrets[0]]
            return endpoint.secrets[0]

    def pause_deliveries(self, secret_key: str, paused: bool = True) -> None:
        with self.lock:
            self._authenticate_key(secret_key).deliveries_paused = paused

    def pay(self, session_id: str, outcome: str = "card") -> None:
        """What the hosted page's buttons do: outcome "card", "decline" or "bacs"."""
        with self.lock:
            self._pay(session_id, outcome)

    def settle(self, session_id: str, succeeded: bool = True) -> None:
        with self.lock:
            self._settle(session_id, succeeded)

    def dispute(self, payment_intent_id: str) -> str:
        with self.lock:
            return self._dispute(payment_intent_id)

    def close_dispute(self, dispute_id: str, won: bool) -> None:
        with self.lock:
            self._close_dispute(dispute_id, won)

    def resend(self, event_id: str) -> None:
        with self.lock:
            stored = next((s for s in self.events if s.event["id"] == event_id), None)
            if stored is None:
                raise KeyError(event_id)
            self._deliver(stored, force=True)

    def snapshot(self) -> dict[str, Any]:
        """Everything but deliveries in flight, as JSON-ready data (`chalicelocal.fake_state`)."""
        with self.lock:
            return json.loads(
                json.dumps(
                    {
                        "accounts": [asdict(a) for a in self.accounts.values()],
                        "objects": self.objects,
                        "owner": self.owner,
                        "events": [{"account_id": s.account_id, "event": s.event} for s in self.events],
                    }
                )
            )

    def restore(self, data: dict[str, Any]) -> None:
        with self.lock:
            for raw in data.get("accounts", []):
                endpoints = [Endpoint(**e) for e in raw.pop("endpoints", [])]
                account = Account(**raw, endpoints=endpoints)
                self.accounts[account.id] = account
                self.by_key[account.secret] = self.by_key[account.publishable] = account.id
            self.objects.update(data.get("objects", {}))
            self.owner.update(data.get("owner", {}))
            oldest = int(time.time()) - EVENTS_KEPT_SECONDS
            self.events.extend(
                StoredEvent(e["account_id"], e["event"])
                for e in data.get("events", [])
                if e["event"]["created"] >= oldest
            )

    def wait_for_deliveries(self, timeout: float = 20.0) -> bool:
        """Until every delivery started so far has finished (tests): whether they all did."""
        with self.lock:
            threads = list(self.threads)
        return join_deliveries(threads, timeout)

    # ------------------------------------------------------------ HTTP

    def handle(self, method: str, target: str, headers: dict[str, str], body: bytes) -> Answer:
        """One request whose path starts with /fake-stripe. `headers` with lower-case names."""
        split = urlsplit(target)
        path = split.path[len(PREFIX) :] or "/"
        origin = f"http://{headers.get('host') or '127.0.0.1'}"
        try:
            if path.startswith("/v1/"):
                return self._api(method, path, split.query, headers, body, origin)
            if path in ("/", "") and method in ("GET", "HEAD"):
                with self.lock:
                    return self._dashboard_page(split.query)
            if path.startswith("/test-helpers/") and method == "POST":
                return self._test_helper(path[len("/test-helpers/") :], _form(body))
            if path.startswith("/dashboard/") and method == "POST":
                return self._dashboard_action(path[len("/dashboard/") :], _form(body))
            invoice = re.fullmatch(r"/invoices/([A-Za-z0-9_]+)(/pay)?", path)
            if invoice and method in ("GET", "HEAD") and not invoice.group(2):
                with self.lock:
                    return self._invoice_page(invoice.group(1))
            if invoice and method == "POST" and invoice.group(2):
                with self.lock:
                    return self._invoice_action(invoice.group(1))
            match = re.fullmatch(r"/checkout/([A-Za-z0-9_]+)(/pay)?", path)
            if match and method in ("GET", "HEAD") and not match.group(2):
                with self.lock:
                    return self._checkout_page(match.group(1), split.query)
            if match and method == "POST" and match.group(2):
                return self._checkout_action(match.group(1), _form(body))
            return Answer(404, b"Not found\n", {"Content-Type": "text/plain; charset=utf-8"})
        except StripeError as error:
            return error.answer()

    def _api(
        self, method: str, path: str, query: str, headers: dict[str, str], body: bytes, origin: str
    ) -> Answer:
        try:
            params = parse_form(query if method in ("GET", "DELETE") else body.decode("utf-8"))
        except UnicodeDecodeError as error:
            raise StripeError(400, "The request body is not valid form data.") from error
        with self.lock:
            account = self._authenticate(headers.get("authorization", ""))
            idem = headers.get("idempotency-key", "")
            if method == "POST" and idem and (account.id, idem) in self.idempotent:
                return self.idempotent[(account.id, idem)]
            answer = json_answer(200, self._route(account, method, path, params, origin))
            if method == "POST" and idem:
                self.idempotent[(account.id, idem)] = answer
            return answer

    def _route(
        self, account: Account, method: str, path: str, params: dict[str, Any], origin: str
    ) -> dict[str, Any]:
        parts = path.strip("/").split("/")[1:]  # after "v1"
        resource, rest = (parts[0] if parts else ""), parts[1:]
        if resource == "account" and not rest and method == "GET":
            return self._account_view(account)
        if resource == "checkout" and rest[:1] == ["sessions"]:
            if len(rest) == 1 and method == "POST":
                return self._create_session(account, params, origin)
            if len(rest) == 1 and method == "GET":
                return self._list(account, "checkout.session", params, "/v1/checkout/sessions")
            if len(rest) == 2 and method == "GET":
                return self._get(account, rest[1], "checkout.session", params)
        if resource == "payment_intents" and len(rest) == 1 and method == "GET":
            return self._get(account, rest[0], "payment_intent", params)
        if resource == "charges" and len(rest) == 1 and method == "GET":
            return self._get(account, rest[0], "charge", params)
        if resource == "balance_transactions":
            if not rest and method == "GET":
                return self._balance_transactions(account, params)
            if len(rest) == 1 and method == "GET":
                return self._get(account, rest[0], "balance_transaction", params)
        if resource == "refunds":
            if not rest and method == "POST":
                return self._refund(account, params)
            if len(rest) == 1 and method == "GET":
                return self._get(account, rest[0], "refund", params)
        if resource == "disputes" and len(rest) == 1 and method == "GET":
            return self._get(account, rest[0], "dispute", params)
        if resource == "events":
            if not rest and method == "GET":
                return self._list_events(account, params)
            if len(rest) == 1 and method == "GET":
                return self._get_event(account, rest[0])
        if resource == "webhook_endpoints":
            return self._webhook_endpoints(account, method, rest, params)
        if resource in ("subscriptions", "invoices") and not rest and method == "GET":
            return self._list_billing(account, resource, params)
        if resource == "subscriptions" and len(rest) == 1:
            if method == "GET":
                return self._get(account, rest[0], "subscription", params)
            if method == "POST":
                return self._update_subscription(account, rest[0], params)
            if method == "DELETE":
                return self._cancel_subscription(account, rest[0], params)
        if resource == "invoices" and len(rest) == 1 and method == "GET":
            return self._get(account, rest[0], "invoice", params)
        if resource == "invoice_payments" and not rest and method == "GET":
            return self._list_invoice_payments(account, params)
        if resource == "customers" and len(rest) == 1 and method == "GET":
            return self._get(account, rest[0], "customer", params)
        if resource == "payouts":
            if not rest and method == "POST":
                return self._payout(account)
            if not rest and method == "GET":
                return self._list(account, "payout", params, "/v1/payouts")
            if len(rest) == 1 and method == "GET":
                return self._get(account, rest[0], "payout", params)
        raise StripeError(404, f"Unrecognized request URL ({method}: {path}).")

    # ------------------------------------------------------------ accounts and auth

    def _authenticate(self, authorization: str) -> Account:
        scheme, _, key = authorization.partition(" ")
        if scheme.lower() == "basic":  # `curl -u sk_test_…:` as Stripe's docs show
            try:
                key = base64.b64decode(key, validate=True).decode("utf-8").partition(":")[0]
            except (binascii.Error, UnicodeDecodeError, ValueError):
                key = ""
        elif scheme.lower() != "bearer":
            key = ""
        if not key:
            raise StripeError(
                401,
                "You did not provide an API key. You need to provide your API key in the Authorization "
                "header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
            )
        return self._authenticate_key(key.strip())

    def _authenticate_key(self, key: str) -> Account:
        if key.startswith("pk_"):
            raise StripeError(
                401, "This API call cannot be made with a publishable API key. Please use a secret API key."
            )
        if not SECRET_KEY.match(key):
            raise StripeError(401, f"Invalid API Key provided: {_redact(key)}")
        return self._account_for(key, "", "")

    def _account_for(self, secret: str, publishable: str, name: str) -> Account:
        known = self.by_key.get(secret)
        if known:
            return self.accounts[known]
        match = SECRET_KEY.match(secret)
        assert match  # noqa: S101 (checked by the callers)
        livemode = match.group(2) == "live"
        publishable = publishable or f"pk_{match.group(2)}_{match.group(3)}"
        account_id = f"acct_{secrets.token_hex(8)}"
        account = Account(
            account_id,
            name or f"Fake Stripe account {len(self.accounts) + 1}",
            publishable,
            secret,
            livemode,
            int(time.time()),
        )
        self.accounts[account_id] = account
        self.by_key[secret] = account_id
        self.by_key[publishable] = account_id
        return account

    def _account_view(self, account: Account) -> dict[str, Any]:
        return {
            "id": account.id,
            "object": "account",
            "business_profile": {"name": account.name, "url": None, "support_email": None},
            "business_type": "non_profit",
            "charges_enabled": True,
            "payouts_enabled": True,
            "country": "GB",
            "created": account.created,
            "default_currency": "gbp",
            "details_submitted": True,
            "email": None,
            "settings": {"dashboard": {"display_name": account.name, "timezone": "Europe/London"}},
            "type": "standard",
        }

    # ------------------------------------------------------------ objects

    def _store(self, account: Account, obj: dict[str, Any]) -> dict[str, Any]:
        self.objects[obj["id"]] = obj
        self.owner[obj["id"]] = account.id
        return obj

    def _find(self, account: Account, object_id: str, kind: str) -> dict[str, Any]:
        obj = self.objects.get(object_id)
        if obj is None or obj.get("object") != kind or self.owner.get(object_id) != account.id:
            raise _missing(kind.replace("_", " "), object_id)
        return obj

    def _get(self, account: Account, object_id: str, kind: str, params: dict[str, Any]) -> dict[str, Any]:
        return self._expand(self._find(account, object_id, kind), _list_of_str(params, "expand"))

    def _expand(self, obj: dict[str, Any], expand: list[str]) -> dict[str, Any]:
        view = _public(obj)
        for path in expand:
            head, _, _rest = path.partition(".")
            value = view.get(head)
            if isinstance(value, str) and value in self.objects:
                view[head] = _public(self.objects[value])
            elif head not in view:
                raise StripeError(400, f"This property cannot be expanded ({path}).", "", "expand")
        return view

    def _list(self, account: Account, kind: str, params: dict[str, Any], url: str) -> dict[str, Any]:
        rows = [
            o for oid, o in self.objects.items() if o.get("object") == kind and self.owner[oid] == account.id
        ]
        rows.sort(key=lambda o: o["created"], reverse=True)
        for name in ("payment_intent",):
            wanted = _str(params, name)
            if wanted:
                rows = [o for o in rows if o.get(name) == wanted]
        return _page(rows, params, url)

    def _list_billing(self, account: Account, resource: str, params: dict[str, Any]) -> dict[str, Any]:
        """`GET /v1/subscriptions` (`status`: a status, or "all"; by default all but the ended
        ones, as Stripe lists) and `GET /v1/invoices` (`status`, `subscription`, `created[gte|gt|
        lte|lt]`), newest first."""
        kind = resource[:-1]
        rows = [
            o for oid, o in self.objects.items() if o.get("object") == kind and self.owner[oid] == account.id
        ]
        rows.sort(key=lambda o: (o["created"], o["id"]), reverse=True)
        status = _str(params, "status")
        if kind == "subscription" and not status:
            rows = [o for o in rows if o["status"] not in ("canceled", "incomplete_expired")]
        elif status and status != "all":
            rows = [o for o in rows if o["status"] == status]
        wanted = _str(params, "subscription")
        if wanted:
            rows = [o for o in rows if o.get("subscription") == wanted]
        created = params.get("created")
        if isinstance(created, dict):
            for op, test in (
                ("gte", lambda a, b: a >= b),
                ("gt", lambda a, b: a > b),
                ("lte", lambda a, b: a <= b),
                ("lt", lambda a, b: a < b),
            ):
                bound = _int(created, op)
                if bound is not None:
                    rows = [o for o in rows if test(int(o["created"]), bound)]
        return _page(rows, params, f"/v1/{resource}")

    def _list_invoice_payments(self, account: Account, params: dict[str, Any]) -> dict[str, Any]:
        """`GET /v1/invoice_payments` (`invoice`, or `payment[type]=payment_intent` with
        `payment[payment_intent]`): which invoice a PaymentIntent paid (Stripe's way since API
        2025-03-31, when charges and PaymentIntents lost their `invoice` field), newest first."""
        payment = params.get("payment")
        payment = payment if isinstance(payment, dict) else {}
        intent_id, invoice_id = _str(payment, "payment_intent"), _str(params, "invoice")
        rows = []
        for oid, invoice in self.objects.items():
            if invoice.get("object") != "invoice" or self.owner[oid] != account.id:
                continue
            if not invoice.get("payment_intent") or (intent_id and invoice["payment_intent"] != intent_id):
                continue
            if invoice_id and oid != invoice_id:
                continue
            paid = invoice["status"] == "paid"
            rows.append(
                {
                    "id": "inpay_" + oid.removeprefix("in_"),
                    "object": "invoice_payment",
                    "amount_paid": invoice["amount_paid"] if paid else None,
                    "amount_requested": invoice["amount_due"],
                    "created": invoice["created"],
                    "currency": invoice["currency"],
                    "invoice": oid,
                    "is_default": True,
                    "livemode": invoice["livemode"],
                    "payment": {"type": "payment_intent", "payment_intent": invoice["payment_intent"]},
                    "status": "paid" if paid else "open",
                    "status_transitions": {"paid_at": invoice["status_transitions"]["paid_at"]},
                }
            )
        rows.sort(key=lambda o: (o["created"], o["id"]), reverse=True)
        return _page(rows, params, "/v1/invoice_payments")

    # ------------------------------------------------------------ checkout

    def _create_session(self, account: Account, params: dict[str, Any], origin: str) -> dict[str, Any]:
        mode = _str(params, "mode", required=True)
        if mode not in ("payment", "subscription"):
            raise StripeError(
                400,
                f"Invalid mode: this fake supports only 'payment' and 'subscription', not {mode!r}.",
                "",
                "mode",
            )
        interval = ""
        success_url = _str(params, "success_url", required=True)
        cancel_url = _str(params, "cancel_url")
        for name, url in (("success_url", success_url), ("cancel_url", cancel_url)):
            if url and urlsplit(url).scheme not in ("http", "https"):
                raise StripeError(400, "Not a valid URL", "url_invalid", name)
        items = params.get("line_items")
        if not isinstance(items, list) or not items:
            raise StripeError(400, "Missing required param: line_items.", "parameter_missing", "line_items")
        amount, currency, names = 0, "", []
        for index, item in enumerate(items):
            where = f"line_items[{index}]"
            if not isinstance(item, dict) or not isinstance(item.get("price_data"), dict):
                raise StripeError(
                    400, "This fake needs price_data on each line item.", "", f"{where}[price_data]"
                )
            price = item["price_data"]
            unit = _int(price, "unit_amount", minimum=1, required=True) or 0
            quantity = _int(item, "quantity", minimum=1) or 1
            item_currency = _str(price, "currency", required=True).lower()
            if currency and item_currency != currency:
                raise StripeError(
                    400, "All line items must share one currency.", "", f"{where}[price_data][currency]"
                )
            currency = item_currency
            product = price.get("product_data")
            if not isinstance(product, dict) or not _str(product, "name"):
                raise StripeError(
                    400,
                    "Missing required param: product_data[name].",
                    "parameter_missing",
                    f"{where}[price_data]",
                )
            names.append(product["name"])
            amount += unit * quantity
            recurring = price.get("recurring")
            if mode == "subscription":
                if not isinstance(recurring, dict) or recurring.get("interval") not in INTERVALS:
                    raise StripeError(
                        400,
                        "In subscription mode each line item needs price_data[recurring][interval].",
                        "parameter_missing",
                        f"{where}[price_data][recurring]",
                    )
                interval = str(recurring["interval"])
            elif recurring:
                raise StripeError(
                    400,
                    "You specified `payment` mode but passed a recurring price.",
                    "",
                    f"{where}[price_data][recurring]",
                )
        if amount < 30:
            raise StripeError(
                400,
                "The Checkout Session's total amount due must add up to at least £0.30 gbp",
                "amount_too_small",
            )
        if amount > 99_999_999:
            raise StripeError(400, "The total amount is too large.", "amount_too_large")
        method_types = _list_of_str(params, "payment_method_types") or ["card"]
        unknown = [m for m in method_types if m not in ("card", "bacs_debit", "paypal", "link")]
        if unknown:
            raise StripeError(400, f"Invalid payment_method_types: {unknown[0]}", "", "payment_method_types")
        intent_data = params.get("payment_intent_data") or {}
        if not isinstance(intent_data, dict):
            raise StripeError(400, "Invalid payment_intent_data.", "", "payment_intent_data")
        subscription_data = params.get("subscription_data") or {}
        if not isinstance(subscription_data, dict) or (mode != "subscription" and subscription_data):
            raise StripeError(400, "Invalid subscription_data.", "", "subscription_data")
        if mode == "subscription" and intent_data:
            raise StripeError(
                400,
                "You can not pass `payment_intent_data` in `subscription` mode.",
                "",
                "payment_intent_data",
            )
        session_id = _id("cs", account.livemode)
        now = int(time.time())
        session = {
            "id": session_id,
            "object": "checkout.session",
            "amount_subtotal": amount,
            "amount_total": amount,
            "client_reference_id": _str(params, "client_reference_id") or None,
            "created": now,
            "currency": currency,
            "customer": None,
            "customer_details": None,
            "customer_email": _str(params, "customer_email") or None,
            "expires_at": now + 24 * 3600,
            "livemode": account.livemode,
            "metadata": _metadata(params),
            "mode": mode,
            "payment_intent": None,
            "subscription": None,
            "invoice": None,
            "payment_method_types": method_types,
            "payment_status": "unpaid",
            "status": "open",
            "success_url": success_url,
            "cancel_url": cancel_url or None,
            "submit_type": _str(params, "submit_type") or None,
            "url": f"{origin}{PREFIX}/checkout/{session_id}",
            # Not Stripe fields: what the hosted page shows and what the payment intent gets.
            "_names": names,
            "_intent_metadata": _metadata(intent_data),
            "_intent_description": _str(intent_data, "description"),
            "_interval": interval,
            "_subscription_metadata": _metadata(subscription_data),
        }
        self._store(account, session)
        return _public(session)

    def _session(self, session_id: str) -> tuple[Account, dict[str, Any]]:
        session = self.objects.get(session_id)
        if session is None or session.get("object") != "checkout.session":
            raise _missing("checkout session", session_id)
        return self.accounts[self.owner[session_id]], session

    def _pay(self, session_id: str, outcome: str) -> None:
        account, session = self._session(session_id)
        if session["status"] != "open":
            raise StripeError(400, "This Checkout Session is no longer open.", "checkout_session_not_open")
        if outcome == "bacs" and "bacs_debit" not in session["payment_method_types"]:
            raise StripeError(400, "This Checkout Session does not accept Bacs Direct Debit.")
        if session["mode"] == "subscription":
            self._pay_subscription(account, session, outcome)
            return
        created = self._event_second(account)
        intent = self._intent(account, session, created)
        email = session["customer_email"] or "donor@example.org"
        session["customer_details"] = {"email": email, "name": "Fake Donor", "address": None}
        if outcome == "decline":
            charge = self._charge(account, intent, created, "failed", "card", email)
            intent["status"] = "requires_payment_method"
            intent["last_payment_error"] = {
                "type": "card_error",
                "code": "card_declined",
                "decline_code": "generic_decline",
                "message": "Your card was declined.",
                "charge": charge["id"],
            }
            self._emit(account, created, "charge.failed", charge)
            self._emit(account, created, "payment_intent.payment_failed", intent)
            return
        method = "bacs_debit" if outcome == "bacs" else "card"
        charge = self._charge(
            account, intent, created, "pending" if method == "bacs_debit" else "succeeded", method, email
        )
        intent["latest_charge"] = charge["id"]
        intent["last_payment_error"] = None
        intent["payment_method_types"] = [method]
        session["status"] = "complete"
        if method == "bacs_debit":
            intent["status"] = "processing"
            self._emit(account, created, "charge.pending", charge)
            self._emit(account, created, "payment_intent.processing", intent)
            self._emit(account, created, "checkout.session.completed", _public(session))
            return
        intent["status"] = "succeeded"
        intent["amount_received"] = intent["amount"]
        session["payment_status"] = "paid"
        self._emit(account, created, "charge.succeeded", charge)
        self._emit(account, created, "payment_intent.succeeded", intent)
        self._emit(account, created, "checkout.session.completed", _public(session))

    def _settle(self, session_id: str, succeeded: bool) -> None:
        account, session = self._session(session_id)
        if session["mode"] == "subscription":
            self._settle_subscription(account, session, succeeded)
            return
        intent = self.objects.get(session["payment_intent"] or "")
        if intent is None or intent["status"] != "processing":
            raise StripeError(400, "Only a pending (Bacs) payment can be settled.")
        charge = self.objects[intent["latest_charge"]]
        created = self._event_second(account)
        if succeeded:
            charge.update(status="succeeded", paid=True, captured=True)
            charge["balance_transaction"] = self._charge_transaction(account, charge, created)["id"]
            intent.update(status="succeeded", amount_received=intent["amount"])
            session["payment_status"] = "paid"
            self._emit(account, created, "charge.succeeded", charge)
            self._emit(account, created, "payment_intent.succeeded", intent)
            self._emit(account, created, "checkout.session.async_payment_succeeded", _public(session))
        else:
            charge.update(status="failed", paid=False, failure_code="debit_not_authorized")
            charge["failure_message"] = "The customer's bank refused the Direct Debit."
            intent.update(status="requires_payment_method")
            intent["last_payment_error"] = {"type": "card_error", "code": "debit_not_authorized"}
            self._emit(account, created, "charge.failed", charge)
            self._emit(account, created, "payment_intent.payment_failed", intent)
            self._emit(account, created, "checkout.session.async_payment_failed", _public(session))

    def _intent(self, account: Account, session: dict[str, Any], created: int) -> dict[str, Any]:
        if session["payment_intent"]:
            return self.objects[session["payment_intent"]]
        intent = {
            "id": _id("pi"),
            "object": "payment_intent",
            "amount": session["amount_total"],
            "amount_received": 0,
            "currency": session["currency"],
            "created": created,
            "description": session["_intent_description"] or (session["_names"] or [None])[0],
            "latest_charge": None,
            "last_payment_error": None,
            "livemode": account.livemode,
            "metadata": dict(session["_intent_metadata"]),
            "payment_method_types": session["payment_method_types"],
            "receipt_email": session["customer_email"],
            "status": "requires_payment_method",
        }
        session["payment_intent"] = intent["id"]
        return self._store(account, intent)

    def _charge(
        self, account: Account, intent: dict[str, Any], created: int, status: str, method: str, email: str
    ) -> dict[str, Any]:
        charge = {
            "id": _id("ch"),
            "object": "charge",
            "amount": intent["amount"],
            "amount_captured": intent["amount"] if status == "succeeded" else 0,
            "amount_refunded": 0,
            "balance_transaction": None,
            "billing_details": {"email": email, "name": "Fake Donor", "address": None, "phone": None},
            "captured": status == "succeeded",
            "created": created,
            "currency": intent["currency"],
            "description": intent["description"],
            "disputed": False,
            "failure_code": "card_declined" if status == "failed" else None,
            "failure_message": "Your card was declined." if status == "failed" else None,
            "livemode": account.livemode,
            "metadata": dict(intent["metadata"]),
            "paid": status == "succeeded",
            "payment_intent": intent["id"],
            "payment_method_details": {"type": method},
            "receipt_email": email,
            "refunded": False,
            "status": status,
        }
        self._store(account, charge)
        if status == "succeeded":
            charge["balance_transaction"] = self._charge_transaction(account, charge, created)["id"]
        return charge

    def _charge_transaction(self, account: Account, charge: dict[str, Any], created: int) -> dict[str, Any]:
        fee = percent_fee(charge["amount"], FEE_BASIS_POINTS, FEE_FIXED)
        return self._transaction(account, "charge", charge["id"], charge["amount"], fee, created, "Payment")

    def _transaction(
        self, account: Account, kind: str, source: str, amount: int, fee: int, created: int, description: str
    ) -> dict[str, Any]:
        transaction = {
            "id": _id("txn"),
            "object": "balance_transaction",
            "amount": amount,
            "available_on": created,
            "created": created,
            "currency": "gbp",
            "description": description,
            "fee": fee,
            "fee_details": (
                [
                    {
                        "amount": fee,
                        "currency": "gbp",
                        "description": "Stripe processing fees",
                        "type": "stripe_fee",
                    }
                ]
                if fee
                else []
            ),
            "net": amount - fee,
            "reporting_category": kind,
            "source": source,
            "status": "available",
            "type": kind,
            "_payout": None,
        }
        return self._store(account, transaction)

    # ------------------------------------------------------------ subscriptions

    def renew(self, subscription_id: str, paid: bool = True) -> str:
        """The subscription's next charge, now (a fake-only test helper): its invoice's id. A
        subscription with a failed invoice open retries that invoice instead."""
        with self.lock:
            return self._renew(subscription_id, paid)

    def fail_next(self, secret_key: str, message: str = "Your card was declined.") -> None:
        """The account's next subscription change (update, pause, cancel) answers this error."""
        with self.lock:
            self.failing[self._authenticate_key(secret_key).id] = message

    def _test_helper(self, action: str, form: dict[str, str]) -> Answer:
        try:
            with self.lock:
                match = re.fullmatch(r"subscriptions/([A-Za-z0-9_]+)/renew", action)
                if match:
                    outcome = form.get("outcome", "paid")
                    if outcome not in ("paid", "failed"):
                        raise StripeError(400, "outcome is paid or failed", "", "outcome")
                    invoice_id = self._renew(match.group(1), outcome == "paid")
                    return json_answer(200, _public(self.objects[invoice_id]))
                if action == "fail-next":
                    account = self._authenticate_key(form.get("key", ""))
                    self.failing[account.id] = form.get("message") or "Your card was declined."
                    return json_answer(200, {"ok": True})
        except StripeError as error:
            return error.answer()
        return Answer(404, b"Not found\n", {"Content-Type": "text/plain; charset=utf-8"})

    def _pay_subscription(self, account: Account, session: dict[str, Any], outcome: str) -> None:
        created = self._event_second(account)
        email = session["customer_email"] or "donor@example.org"
        session["customer_details"] = {"email": email, "name": "Fake Donor", "address": None}
        if outcome == "decline":
            return  # nothing made: the page says declined and the donor may try again
        method = "bacs_debit" if outcome == "bacs" else "card"
        customer = self._store(
            account,
            {
                "id": _id("cus"),
                "object": "customer",
                "created": created,
                "email": email,
                "name": "Fake Donor",
                "livemode": account.livemode,
                "metadata": {},
            },
        )
        end = _next_period(created, session["_interval"])
        price = {
            "id": _id("price"),
            "object": "price",
            "currency": session["currency"],
            "product": _id("prod"),
            "recurring": {"interval": session["_interval"], "interval_count": 1},
            "type": "recurring",
            "unit_amount": session["amount_total"],
        }
        subscription = self._store(
            account,
            {
                "id": _id("sub"),
                "object": "subscription",
                "billing_cycle_anchor": created,
                "cancel_at": None,
                "cancel_at_period_end": False,
                "canceled_at": None,
                "cancellation_details": {"comment": None, "feedback": None, "reason": None},
                "collection_method": "charge_automatically",
                "created": created,
                "currency": session["currency"],
                "current_period_start": created,
                "current_period_end": end,
                "customer": customer["id"],
                "ended_at": None,
                "items": {
                    "object": "list",
                    "data": [
                        {
                            "id": _id("si"),
                            "object": "subscription_item",
                            "current_period_start": created,
                            "current_period_end": end,
                            "price": price,
                            "quantity": 1,
                        }
                    ],
                },
                "latest_invoice": None,
                "livemode": account.livemode,
                "metadata": dict(session["_subscription_metadata"]),
                "pause_collection": None,
                "payment_settings": {"payment_method_types": [method]},
                "start_date": created,
                "status": "active",
                "_email": email,
                "_method": method,
                "_origin": str(session["url"]).split(PREFIX, 1)[0],
            },
        )
        session.update(customer=customer["id"], subscription=subscription["id"], status="complete")
        self._emit(account, created, "customer.subscription.created", subscription)
        invoice = self._invoice(account, subscription, created, "subscription_create")
        session["invoice"] = invoice["id"]
        if method == "bacs_debit":  # the first Direct Debit clears later (settle)
            intent = self.objects[invoice["payment_intent"]]
            intent["status"] = "processing"
            self._emit(account, created, "payment_intent.processing", intent)
            self._emit(account, created, "checkout.session.completed", _public(session))
            return
        self._pay_invoice(account, subscription, invoice, created)
        session["payment_status"] = "paid"
        self._emit(account, created, "checkout.session.completed", _public(session))

    def _settle_subscription(self, account: Account, session: dict[str, Any], succeeded: bool) -> None:
        invoice = self.objects.get(session["invoice"] or "")
        if invoice is None or invoice["status"] != "open":
            raise StripeError(400, "Only a pending (Bacs) payment can be settled.")
        subscription = self.objects[invoice["_subscription"]]
        created = self._event_second(account)
        if succeeded:
            self._pay_invoice(account, subscription, invoice, created)
            session["payment_status"] = "paid"
            self._emit(account, created, "checkout.session.async_payment_succeeded", _public(session))
        else:
            self._fail_invoice(account, subscription, invoice, created)
            self._emit(account, created, "checkout.session.async_payment_failed", _public(session))

    def _invoice(
        self, account: Account, subscription: dict[str, Any], created: int, reason: str
    ) -> dict[str, Any]:
        item = subscription["items"]["data"][0]
        amount = int(item["price"]["unit_amount"]) * int(item["quantity"])
        description = "Subscription creation" if reason == "subscription_create" else "Subscription cycle"
        intent = self._store(
            account,
            {
                "id": _id("pi"),
                "object": "payment_intent",
                "amount": amount,
                "amount_received": 0,
                "currency": subscription["currency"],
                "created": created,
                "description": description,
                "latest_charge": None,
                "last_payment_error": None,
                "livemode": account.livemode,
                "metadata": {},
                "payment_method_types": [subscription["_method"]],
                "receipt_email": subscription["_email"],
                "status": "requires_payment_method",
            },
        )
        period = {"start": item["current_period_start"], "end": item["current_period_end"]}
        invoice = self._store(
            account,
            {
                "id": _id("in"),
                "object": "invoice",
                "amount_due": amount,
                "amount_paid": 0,
                "amount_remaining": amount,
                "attempt_count": 0,
                "billing_reason": reason,
                "charge": None,
                "collection_method": "charge_automatically",
                "created": created,
                "currency": subscription["currency"],
                "customer": subscription["customer"],
                "customer_email": subscription["_email"],
                "customer_name": "Fake Donor",
                "lines": {
                    "object": "list",
                    "data": [{"amount": amount, "period": period, "price": item["price"], "quantity": 1}],
                },
                "livemode": account.livemode,
                "metadata": {},
                "next_payment_attempt": None,
                "parent": {
                    "type": "subscription_details",
                    "subscription_details": {
                        "subscription": subscription["id"],
                        "metadata": dict(subscription["metadata"]),
                    },
                },
                "payment_intent": intent["id"],
                "period_start": period["start"],
                "period_end": period["end"],
                "status": "open",
                "status_transitions": {"finalized_at": created, "paid_at": None},
                "subscription": subscription["id"],
                "_subscription": subscription["id"],
            },
        )
        # where the donor updates the card and pays (the failure email's link)
        invoice["hosted_invoice_url"] = f"{subscription.get('_origin', '')}{PREFIX}/invoices/{invoice['id']}"
        subscription["latest_invoice"] = invoice["id"]
        return invoice

    def _pay_invoice(
        self, account: Account, subscription: dict[str, Any], invoice: dict[str, Any], created: int
    ) -> None:
        intent = self.objects[invoice["payment_intent"]]
        charge = self._charge(
            account, intent, created, "succeeded", subscription["_method"], subscription["_email"]
        )
        intent.update(status="succeeded", amount_received=intent["amount"], latest_charge=charge["id"])
        invoice["attempt_count"] += 1
        invoice.update(
            status="paid", amount_paid=invoice["amount_due"], amount_remaining=0, charge=charge["id"]
        )
        invoice["next_payment_attempt"] = None
        invoice["status_transitions"]["paid_at"] = created
        self._emit(account, created, "charge.succeeded", charge)
        self._emit(account, created, "payment_intent.succeeded", intent)
        self._emit(account, created, "invoice.paid", invoice)
        self._emit(account, created, "invoice.payment_succeeded", invoice)
        if subscription["status"] in ("past_due", "unpaid", "incomplete"):
            previous = {"status": subscription["status"]}
            subscription["status"] = "active"
            self._emit(account, created, "customer.subscription.updated", subscription, previous)

    def _fail_invoice(
        self, account: Account, subscription: dict[str, Any], invoice: dict[str, Any], created: int
    ) -> None:
        intent = self.objects[invoice["payment_intent"]]
        charge = self._charge(
            account, intent, created, "failed", subscription["_method"], subscription["_email"]
        )
        intent["status"] = "requires_payment_method"
        intent["last_payment_error"] = {
            "type": "card_error",
            "code": "card_declined",
            "message": "Your card was declined.",
            "charge": charge["id"],
        }
        invoice["attempt_count"] += 1
        invoice.update(charge=charge["id"], next_payment_attempt=created + 3 * 24 * 3600)
        self._emit(account, created, "charge.failed", charge)
        self._emit(account, created, "payment_intent.payment_failed", intent)
        self._emit(account, created, "invoice.payment_failed", invoice)
        if subscription["status"] != "past_due":
            previous = {"status": subscription["status"]}
            subscription["status"] = "past_due"
            self._emit(account, created, "customer.subscription.updated", subscription, previous)

    def _renew(self, subscription_id: str, paid: bool) -> str:
        subscription = self.objects.get(subscription_id)
        if subscription is None or subscription.get("object") != "subscription":
            raise _missing("subscription", subscription_id)
        if subscription["status"] in ("canceled", "incomplete_expired"):
            raise StripeError(400, "This subscription is canceled: it makes no more invoices.")
        if subscription["pause_collection"]:
            raise StripeError(400, "This subscription's collection is paused.")
        account = self.accounts[self.owner[subscription_id]]
        created = self._event_second(account)
        open_invoice = self.objects.get(subscription["latest_invoice"] or "")
        if open_invoice is not None and open_invoice["status"] == "open":
            invoice = open_invoice  # a retry of the failed one
        else:
            item = subscription["items"]["data"][0]
            start = item["current_period_end"]
            end = _next_period(start, item["price"]["recurring"]["interval"])
            item.update(current_period_start=start, current_period_end=end)
            subscription.update(current_period_start=start, current_period_end=end)
            invoice = self._invoice(account, subscription, created, "subscription_cycle")
        if paid:
            self._pay_invoice(account, subscription, invoice, created)
        else:
            self._fail_invoice(account, subscription, invoice, created)
        return str(invoice["id"])

    def _changeable(self, account: Account, subscription_id: str) -> dict[str, Any]:
        message = self.failing.pop(account.id, None)
        subscription = self._find(account, subscription_id, "subscription")
        if message is not None:
            raise StripeError(402, message, "card_declined", kind="card_error")
        if subscription["status"] in ("canceled", "incomplete_expired"):
            raise StripeError(
                400,
                "A canceled subscription can only update its cancellation_details and metadata.",
                "resource_missing",
            )
        return subscription

    def _update_subscription(
        self, account: Account, subscription_id: str, params: dict[str, Any]
    ) -> dict[str, Any]:
        subscription = self._changeable(account, subscription_id)
        previous: dict[str, Any] = {}
        changes: dict[str, Any] = {}
        if "pause_collection" in params:
            raw = params["pause_collection"]
            if raw == "":
                changes["pause_collection"] = None
            elif isinstance(raw, dict):
                behavior = _str(raw, "behavior", required=True)
                if behavior not in ("keep_as_draft", "mark_uncollectible", "void"):
                    raise StripeError(400, f"Invalid behavior: {behavior}", "", "pause_collection[behavior]")
                changes["pause_collection"] = {"behavior": behavior, "resumes_at": _int(raw, "resumes_at")}
            else:
                raise StripeError(400, "Invalid pause_collection.", "", "pause_collection")
        item = subscription["items"]["data"][0]
        new_item: dict[str, Any] | None = None
        if "items" in params:
            items = params["items"]
            if not isinstance(items, list) or len(items) != 1 or not isinstance(items[0], dict):
                raise StripeError(400, "Invalid array: items", "", "items")
            if _str(items[0], "id") != item["id"]:
                raise _missing("subscription item", _str(items[0], "id"), "items[0][id]")
            price = items[0].get("price_data")
            if not isinstance(price, dict):
                raise StripeError(400, "Missing required param: items[0][price_data].", "", "items[0]")
            recurring = price.get("recurring")
            if not isinstance(recurring, dict) or recurring.get("interval") not in INTERVALS:
                raise StripeError(400, "Invalid recurring interval.", "", "items[0][price_data][recurring]")
            new_item = {
                **item,
                "price": {
                    **item["price"],
                    "id": _id("price"),
                    "currency": _str(price, "currency", required=True).lower(),
                    "unit_amount": _int(price, "unit_amount", minimum=30, required=True),
                    "recurring": {"interval": recurring["interval"], "interval_count": 1},
                },
            }
        anchor = _int(params, "trial_end", minimum=1) or _int(params, "billing_cycle_anchor", minimum=1)
        if anchor is not None and anchor <= int(time.time()):
            raise StripeError(400, "The anchor must be in the future.", "", "trial_end")
        if "metadata" in params:
            changes["metadata"] = {**subscription["metadata"], **_metadata(params)}
        for name, value in changes.items():
            if subscription[name] != value:
                previous[name] = subscription[name]
                subscription[name] = value
        if new_item is not None and new_item["price"] != item["price"]:
            previous["items"] = json.loads(json.dumps(subscription["items"]))
            subscription["items"]["data"][0] = item = new_item
        if anchor is not None:
            previous["current_period_end"] = subscription["current_period_end"]
            item["current_period_end"] = subscription["current_period_end"] = anchor
            subscription["billing_cycle_anchor"] = anchor
        if previous:
            created = self._event_second(account)
            self._emit(account, created, "customer.subscription.updated", subscription, previous)
        return _public(subscription)

    def _cancel_subscription(
        self, account: Account, subscription_id: str, params: dict[str, Any]
    ) -> dict[str, Any]:
        subscription = self._changeable(account, subscription_id)
        details = params.get("cancellation_details") or {}
        comment = _str(details, "comment") if isinstance(details, dict) else ""
        created = self._event_second(account)
        subscription.update(status="canceled", canceled_at=created, ended_at=created)
        subscription["cancellation_details"] = {
            "comment": comment or None,
            "feedback": None,
            "reason": "cancellation_requested",
        }
        self._emit(account, created, "customer.subscription.deleted", subscription)
        return _public(subscription)

    # ------------------------------------------------------------ refunds, disputes, payouts

    def _refund(self, account: Account, params: dict[str, Any]) -> dict[str, Any]:
        intent_id, charge_id = _str(params, "payment_intent"), _str(params, "charge")
        if not intent_id and not charge_id:
            raise StripeError(400, "One of `charge` or `payment_intent` is required.", "parameter_missing")
        if intent_id:
            intent = self._find(account, intent_id, "payment_intent")
            charge = self.objects.get(intent["latest_charge"] or "")
            if charge is None or intent["status"] != "succeeded":
                raise StripeError(
                    400,
                    f"This PaymentIntent ({intent_id}) does not have a successful charge to refund.",
                    "charge_not_refundable",
                    "payment_intent",
                )
        else:
            charge = self._find(account, charge_id, "charge")
            if charge["status"] != "succeeded":
                raise StripeError(
                    400, f"Charge {charge_id} has not succeeded.", "charge_not_refundable", "charge"
                )
        remaining = charge["amount"] - charge["amount_refunded"]
        if remaining <= 0:
            raise StripeError(
                400, f"Charge {charge['id']} has already been refunded.", "charge_already_refunded"
            )
        amount = _int(params, "amount", minimum=1)
        amount = remaining if amount is None else amount
        if amount > remaining:
            raise StripeError(
                400,
                f"Refund amount ({pounds(amount)}) is greater than unrefunded amount on charge "
                f"({pounds(remaining)})",
                "amount_too_large",
                "amount",
            )
        return self._do_refund(account, charge, amount, _metadata(params), _str(params, "reason"))

    def _do_refund(
        self, account: Account, charge: dict[str, Any], amount: int, metadata: dict[str, str], reason: str
    ) -> dict[str, Any]:
        created = self._event_second(account)
        refund = self._store(
            account,
            {
                "id": _id("re"),
                "object": "refund",
                "amount": amount,
                "charge": charge["id"],
                "created": created,
                "currency": charge["currency"],
                "metadata": metadata,
                "payment_intent": charge["payment_intent"],
                "reason": reason or None,
                "status": "succeeded",
                "balance_transaction": None,
            },
        )
        refund["balance_transaction"] = self._transaction(
            account, "refund", refund["id"], -amount, 0, created, "REFUND FOR CHARGE"
        )["id"]
        charge["amount_refunded"] += amount
        charge["refunded"] = charge["amount_refunded"] >= charge["amount"]
        self._emit(account, created, "refund.created", refund)
        self._emit(account, created, "charge.refunded", charge)
        return _public(refund)

    def _dispute(self, intent_id: str) -> str:
        intent = self.objects.get(intent_id)
        if intent is None or intent.get("object") != "payment_intent" or intent["status"] != "succeeded":
            raise StripeError(400, "Only a succeeded payment can be disputed.")
        account = self.accounts[self.owner[intent_id]]
        charge = self.objects[intent["latest_charge"]]
        if charge["disputed"]:
            raise StripeError(400, "This charge is already disputed.")
        created = self._event_second(account)
        dispute = self._store(
            account,
            {
                "id": _id("dp"),
                "object": "dispute",
                "amount": charge["amount"] - charge["amount_refunded"],
                "charge": charge["id"],
                "created": created,
                "currency": charge["currency"],
                "is_charge_refundable": False,
                "livemode": account.livemode,
                "metadata": {},
                "payment_intent": intent_id,
                "reason": "fraudulent",
                "status": "needs_response",
            },
        )
        charge["disputed"] = True
        self._emit(account, created, "charge.dispute.created", dispute)
        return str(dispute["id"])

    def _close_dispute(self, dispute_id: str, won: bool) -> None:
        dispute = self.objects.get(dispute_id)
        if dispute is None or dispute.get("object") != "dispute" or dispute["status"] in ("won", "lost"):
            raise StripeError(400, "No open dispute with that id.")
        account = self.accounts[self.owner[dispute_id]]
        created = self._event_second(account)
        dispute["status"] = "won" if won else "lost"
        if not won:
            self._transaction(account, "dispute", dispute_id, -dispute["amount"], 1500, created, "Chargeback")
        self._emit(account, created, "charge.dispute.closed", dispute)

    def _payout(self, account: Account) -> dict[str, Any]:
        pending = [
            o
            for oid, o in self.objects.items()
            if o.get("object") == "balance_transaction"
            and self.owner[oid] == account.id
            and not o["_payout"]
            and o["type"] != "payout"
        ]
        total = sum(t["net"] for t in pending)
        if total <= 0:
            raise StripeError(
                400,
                "You have insufficient funds in your Stripe account for this transfer.",
                "balance_insufficient",
            )
        created = self._event_second(account)
        payout = self._store(
            account,
            {
                "id": _id("po"),
                "object": "payout",
                "amount": total,
                "arrival_date": created,
                "automatic": False,
                "balance_transaction": None,
                "created": created,
                "currency": "gbp",
                "description": "STRIPE PAYOUT",
                "livemode": account.livemode,
                "metadata": {},
                "method": "standard",
                "status": "paid",
                "type": "bank_account",
            },
        )
        own = self._transaction(account, "payout", payout["id"], -total, 0, created, "STRIPE PAYOUT")
        payout["balance_transaction"] = own["id"]
        for transaction in [*pending, own]:
            transaction["_payout"] = payout["id"]
        self._emit(account, created, "payout.created", payout)
        self._emit(account, created, "payout.paid", payout)
        return _public(payout)

    def _balance_transactions(self, account: Account, params: dict[str, Any]) -> dict[str, Any]:
        rows = [
            o
            for oid, o in self.objects.items()
            if o.get("object") == "balance_transaction" and self.owner[oid] == account.id
        ]
        payout = _str(params, "payout")
        if payout:
            self._find(account, payout, "payout")
            rows = [o for o in rows if o["_payout"] == payout]
        source = _str(params, "source")
        if source:
            rows = [o for o in rows if o["source"] == source]
        kind = _str(params, "type")
        if kind:
            rows = [o for o in rows if o["type"] == kind]
        rows.sort(key=lambda o: (o["created"], o["id"]), reverse=True)
        return _page(rows, params, "/v1/balance_transactions", expand=self._expand)

    # ------------------------------------------------------------ events and deliveries

    def _event_second(self, account: Account) -> int:
        second = max(int(time.time()), account.last_event_second + 1)
        account.last_event_second = second
        return second

    def _emit(
        self,
        account: Account,
        created: int,
        kind: str,
        obj: dict[str, Any],
        previous: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        data: dict[str, Any] = {"object": _public(obj)}
        if previous is not None:
            data["previous_attributes"] = json.loads(json.dumps(previous))
        event = {
            "id": _id("evt"),
            "object": "event",
            "api_version": API_VERSION,
            "created": created,
            "data": data,
            "livemode": account.livemode,
            "pending_webhooks": sum(1 for e in account.endpoints if e.wants(kind)),
            "request": {"id": None, "idempotency_key": None},
            "type": kind,
        }
        stored = StoredEvent(account.id, event)
        self.events.append(stored)
        self._deliver(stored)
        return event

    def _deliver(self, stored: StoredEvent, force: bool = False) -> None:
        account = self.accounts[stored.account_id]
        if account.deliveries_paused and not force:
            return
        body = json.dumps(stored.event, indent=2).encode("utf-8")
        for endpoint in account.endpoints:
            if not endpoint.wants(stored.event["type"]):
                continue
            delivery = Delivery(endpoint.url)
            stored.deliveries.append(delivery)

            def headers(endpoint: Endpoint = endpoint) -> dict[str, str]:
                with self.lock:
                    keys = list(endpoint.secrets)
                return {
                    "Content-Type": "application/json; charset=utf-8",
                    "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
                    "Stripe-Signature": sign(body, keys),
                }

            self.threads = [t for t in self.threads if t.is_alive()]
            self.threads.append(deliver_in_background(delivery, body, headers, self.lock))

    def _list_events(self, account: Account, params: dict[str, Any]) -> dict[str, Any]:
        oldest = int(time.time()) - EVENTS_KEPT_SECONDS
        rows = [
            s.event
            for s in reversed(self.events)
            if s.account_id == account.id and s.event["created"] >= oldest
        ]
        success = _str(params, "delivery_success")
        if success in ("true", "false"):
            delivered = {s.event["id"] for s in self.events if any(d.succeeded for d in s.deliveries)}
            if success == "true":
                rows = [e for e in rows if e["id"] in delivered]
            else:  # an endpoint wanted it and no delivery succeeded (failed, pending or lost)
                rows = [e for e in rows if e["pending_webhooks"] and e["id"] not in delivered]
        elif success:
            raise StripeError(400, "Invalid boolean: delivery_success", "", "delivery_success")
        types = _list_of_str(params, "types") or _list_of_str(params, "type")
        if types:
            rows = [e for e in rows if any(_type_matches(t, e["type"]) for t in types)]
        created = params.get("created")
        if isinstance(created, dict):
            for op, test in (
                ("gte", lambda a, b: a >= b),
                ("gt", lambda a, b: a > b),
                ("lte", lambda a, b: a <= b),
                ("lt", lambda a, b: a < b),
            ):
                bound = _int(created, op)
                if bound is not None:
                    rows = [e for e in rows if test(e["created"], bound)]
        elif isinstance(created, str) and created:
            exact = _int(params, "created")
            rows = [e for e in rows if e["created"] == exact]
        return _page(rows, params, "/v1/events")

    def _get_event(self, account: Account, event_id: str) -> dict[str, Any]:
        for stored in self.events:
            if stored.event["id"] == event_id and stored.account_id == account.id:
                return dict(stored.event)
        raise _missing("event", event_id)

    def _webhook_endpoints(
        self, account: Account, method: str, rest: list[str], params: dict[str, Any]
    ) -> dict[str, Any]:
        if not rest and method == "POST":
            url = _str(params, "url", required=True)
            if urlsplit(url).scheme not in ("http", "https") or not urlsplit(url).netloc:
                raise StripeError(400, "Invalid URL: URL must be publicly accessible.", "url_invalid", "url")
            events = _list_of_str(params, "enabled_events")
            if not events:
                raise StripeError(
                    400, "Missing required param: enabled_events.", "parameter_missing", "enabled_events"
                )
            endpoint = Endpoint(
                _id("we"), url, events, [_whsec()], int(time.time()), _str(params, "description")
            )
            account.endpoints.append(endpoint)
            return endpoint.view(with_secret=True, livemode=account.livemode)
        if not rest and method == "GET":
            rows = [e.view(livemode=account.livemode) for e in reversed(account.endpoints)]
            return _page(rows, params, "/v1/webhook_endpoints")
        if len(rest) == 1:
            endpoint = next((e for e in account.endpoints if e.id == rest[0]), None)
            if endpoint is None:
                raise _missing("webhook endpoint", rest[0])
            if method == "GET":
                return endpoint.view(livemode=account.livemode)
            if method == "DELETE":
                account.endpoints.remove(endpoint)
                return {"id": endpoint.id, "object": "webhook_endpoint", "deleted": True}
        raise StripeError(404, f"Unrecognized request URL ({method}: /v1/webhook_endpoints).")

    def _endpoint(self, endpoint_id: str) -> Endpoint:
        for account in self.accounts.values():
            for endpoint in account.endpoints:
                if endpoint.id == endpoint_id:
                    return endpoint
        raise KeyError(endpoint_id)

    # ------------------------------------------------------------ pages

    def _checkout_page(self, session_id: str, query: str) -> Answer:
        account, session = self._session(session_id)
        declined = "declined=1" in query.split("&")
        amount = (
            pounds(session["amount_total"])
            if session["currency"] == "gbp"
            else (f"{session['amount_total'] / 100:.2f} {session['currency'].upper()}")
        )
        lines = "".join(f"<li>{esc(name)}</li>" for name in session["_names"])
        mode = "" if account.livemode else '<p class="notice">Test mode: no real money moves.</p>'
        if session["status"] != "open":
            state = "pending (Bacs Direct Debit)" if session["payment_status"] == "unpaid" else "paid"
            body = (
                f"<h1>{esc(account.name)}</h1><p>This payment of <strong>{amount}</strong> is {state}.</p>"
                f'<p><a href="{esc(session["success_url"].replace("{CHECKOUT_SESSION_ID}", session_id))}">'
                "Return to the site</a></p>"
            )
            return page(f"Pay {account.name}", body)
        bacs = (
            '<button name="outcome" value="bacs">Pay by Bacs (pending)</button>'
            if "bacs_debit" in session["payment_method_types"]
            else ""
        )
        cancel = (
            f'<p><a href="{esc(session["cancel_url"])}">Cancel and go back</a></p>'
            if session["cancel_url"]
            else ""
        )
        error = '<p class="error" role="alert">Your card was declined. Try again.</p>' if declined else ""
        body = f"""<h1>{esc(account.name)}</h1>{mode}
<div class="card"><p>Pay <strong>{amount}</strong></p><ul>{lines}</ul>
<p class="muted">{esc(session["customer_email"] or "")}</p>{error}
<form method="post" action="{PREFIX}/checkout/{esc(session_id)}/pay">
<button name="outcome" value="card">Pay</button>
<button name="outcome" value="decline">Decline</button>
{bacs}</form></div>{cancel}
<p class="muted">Fake Stripe Checkout ({esc(session_id)})</p>"""
        return page(f"Pay {account.name}", body)

    def _hosted_invoice(self, invoice_id: str) -> dict[str, Any]:
        invoice = self.objects.get(invoice_id)
        if invoice is None or invoice.get("object") != "invoice":
            raise _missing("invoice", invoice_id)
        return invoice

    def _invoice_page(self, invoice_id: str) -> Answer:
        """Stripe's hosted invoice page: an open invoice offers "Update card and pay"."""
        invoice = self._hosted_invoice(invoice_id)
        account = self.accounts[self.owner[invoice_id]]
        amount = pounds(invoice["amount_due"])
        if invoice["status"] == "paid":
            body = f"<h1>{esc(account.name)}</h1><p>Invoice of <strong>{amount}</strong>: paid.</p>"
        else:
            body = f"""<h1>{esc(account.name)}</h1>
<div class="card"><p>Invoice of <strong>{amount}</strong>: the last payment failed.</p>
<form method="post" action="{PREFIX}/invoices/{esc(invoice_id)}/pay">
<label>Card number <input name="card" value="4242 4242 4242 4242"></label>
<button>Update card and pay</button></form></div>"""
        return page(f"Invoice {invoice_id}", body)

    def _invoice_action(self, invoice_id: str) -> Answer:
        invoice = self._hosted_invoice(invoice_id)
        if invoice["status"] == "open":
            account = self.accounts[self.owner[invoice_id]]
            subscription = self.objects[invoice["_subscription"]]
            subscription["_method"] = "card"  # the donor's new card
            self._pay_invoice(account, subscription, invoice, self._event_second(account))
        return redirect(f"{PREFIX}/invoices/{quote(invoice_id)}")

    def _checkout_action(self, session_id: str, form: dict[str, str]) -> Answer:
        outcome = form.get("outcome", "")
        if outcome not in ("card", "decline", "bacs"):
            return Answer(400, b"Unknown outcome\n", {"Content-Type": "text/plain; charset=utf-8"})
        try:
            with self.lock:
                _, session = self._session(session_id)
                self._pay(session_id, outcome)
                success = session["success_url"].replace("{CHECKOUT_SESSION_ID}", session_id)
        except StripeError as error:
            answer = page(
                "Payment not taken", f'<h1>Payment not taken</h1><p class="error">{esc(error.message)}</p>'
            )
            answer.status = error.status
            return answer
        if outcome == "decline":
            return redirect(f"{PREFIX}/checkout/{quote(session_id)}?declined=1")
        return redirect(success)

    def _dashboard_page(self, query: str) -> Answer:
        message = dict(parse_qsl(query)).get("message", "")
        parts = ["<h1>Fake Stripe</h1>"]
        if message:
            parts.append(f'<p class="notice" role="status">{esc(message)}</p>')
        parts.append(
            "<p class=\"muted\">A local stand-in for Stripe. Copy an account's keys into Almoner's "
            "Payment gateways page. API base: <code>"
            f"{esc(PREFIX)}</code> on this server.</p>"
            f'<form method="post" action="{PREFIX}/dashboard/account"><label>New account name '
            '<input name="name" required maxlength="80"></label> <label><input type="checkbox" '
            'name="live" value="1"> live mode</label> <button>Create account</button></form>'
        )
        for account in self.accounts.values():
            parts.append(self._account_section(account))
        return page("Fake Stripe", "\n".join(parts))

    def _account_section(self, account: Account) -> str:
        board = f"{PREFIX}/dashboard"
        paused = account.deliveries_paused
        endpoints = [
            [
                f"<code>{esc(e.url)}</code><br><span class='muted'>{esc(', '.join(e.enabled_events))}</span>",
                "<br>".join(f"<code>{esc(s)}</code>" for s in e.secrets),
                button_form(f"{board}/roll", "Roll secret", {"endpoint": e.id})
                + button_form(f"{board}/drop-previous", "Expire previous secret", {"endpoint": e.id}),
            ]
            for e in account.endpoints
        ]
        payments = []
        intents = [
            o
            for oid, o in self.objects.items()
            if o.get("object") == "payment_intent" and self.owner[oid] == account.id
        ]
        for intent in sorted(intents, key=lambda o: o["created"], reverse=True):
            charge = self.objects.get(intent["latest_charge"] or "") or {}
            related = [o for o in self.objects.values() if o.get("payment_intent") == intent["id"]]
            hidden = {"payment_intent": intent["id"]}
            actions = []
            if intent["status"] == "succeeded" and charge.get("amount_refunded", 0) < charge.get("amount", 0):
                actions.append(refund_form(f"{board}/refund", hidden))
            if intent["status"] == "succeeded" and not charge.get("disputed"):
                actions.append(button_form(f"{board}/dispute", "Dispute", hidden))
            for dispute in (o for o in related if o.get("object") == "dispute"):
                if dispute["status"] == "needs_response":
                    for verdict in ("won", "lost"):
                        actions.append(
                            button_form(
                                f"{board}/close-dispute",
                                f"Dispute {verdict}",
                                {"dispute": dispute["id"]},
                                ("verdict", verdict),
                            )
                        )
            session = next(
                (
                    o
                    for o in self.objects.values()
                    if o.get("object") == "checkout.session" and o.get("payment_intent") == intent["id"]
                ),
                None,
            )
            if intent["status"] == "processing" and session:
                for verdict, label in (
                    ("succeeded", "Settle Bacs: succeed"),
                    ("failed", "Settle Bacs: fail"),
                ):
                    actions.append(
                        button_form(
                            f"{board}/settle", label, {"session": session["id"]}, ("verdict", verdict)
                        )
                    )
            status = esc(intent["status"])
            if charge.get("amount_refunded"):
                status += f" (refunded {pounds(charge['amount_refunded'])})"
            if charge.get("disputed"):
                status += " disputed"
            almoner = esc(intent["metadata"].get("almoner_intent", ""))
            payments.append(
                [
                    f"<code>{esc(intent['id'])}</code><br><span class='muted'>{almoner}</span>",
                    pounds(intent["amount"]),
                    status,
                    "".join(actions),
                ]
            )
        events = [
            [
                f"<code>{esc(stored.event['id'])}</code>",
                esc(stored.event["type"]),
                ", ".join(f"{esc(d.url)}: {esc(d.last_status)}" for d in stored.deliveries)
                or "not delivered",
                button_form(f"{board}/resend", "Resend", {"event": stored.event["id"]}),
            ]
            for stored in reversed([s for s in self.events if s.account_id == account.id][-30:])
        ]
        own = {"account": account.id}
        pause = button_form(
            f"{board}/pause",
            "Resume deliveries" if paused else "Pause deliveries",
            own,
            ("paused", "0" if paused else "1"),
        )
        state = "<strong>paused</strong> (events are recorded, not sent)" if paused else "on"
        return f"""<section class="card" aria-label="{esc(account.name)}"><h2>{esc(account.name)}</h2>
<p>{"Live" if account.livemode else "Test"} mode · <code>{esc(account.id)}</code></p>
<p>Publishable key <code>{esc(account.publishable)}</code><br>
Secret key <code>{esc(account.secret)}</code></p>
<h3>Webhook endpoints</h3>{table(["URL", "Signing secrets (newest first)", ""], endpoints)}
<form method="post" action="{board}/endpoint"><input type="hidden" name="account" value="{esc(account.id)}">
<label>Endpoint URL <input name="url" type="url" required size="50"></label>
<button>Add endpoint</button></form>
<p>Deliveries are {state}. {pause}</p>
<h3>Payments</h3>{table(["Payment", "Amount", "Status", ""], payments)}
{button_form(f"{board}/payout", "Pay out", own)}
<h3>Recent events</h3>{table(["Event", "Type", "Deliveries", ""], events)}
</section>"""

    def _dashboard_action(self, action: str, form: dict[str, str]) -> Answer:
        message = "Done."
        try:
            with self.lock:
                message = self._do_dashboard_action(action, form)
        except StripeError as error:
            message = error.message
        except KeyError:
            message = "Not found."
        return redirect(f"{PREFIX}/?message={quote(message)}")

    def _do_dashboard_action(self, action: str, form: dict[str, str]) -> str:
        if action == "account":
            mode = "live" if form.get("live") == "1" else "test"
            suffix = secrets.token_hex(12)
            account = self._account_for(
                f"sk_{mode}_{suffix}", f"pk_{mode}_{suffix}", form.get("name", "")[:80]
            )
            return f"Account {account.name} created."
        if action == "endpoint":
            account = self.accounts[form.get("account", "")]
            url = form.get("url", "")
            if urlsplit(url).scheme not in ("http", "https"):
                return "Enter an http(s) URL."
            endpoint = Endpoint(_id("we"), url, ["*"], [_whsec()], int(time.time()))
            account.endpoints.append(endpoint)
            return f"Endpoint added. Signing secret: {endpoint.secrets[0]}"
        if action == "roll":
            endpoint = self._endpoint(form.get("endpoint", ""))
            endpoint.secrets = [_whsec(), endpoint.secrets[0]]
            return f"New signing secret: {endpoint.secrets[0]} (the previous one still signs too)."
        if action == "drop-previous":
            endpoint = self._endpoint(form.get("endpoint", ""))
            endpoint.secrets = endpoint.secrets[:1]
            return "The previous signing secret no longer signs."
        if action == "pause":
            self.accounts[form.get("account", "")].deliveries_paused = form.get("paused") == "1"
            return "Deliveries paused." if form.get("paused") == "1" else "Deliveries resumed."
        if action == "refund":
            intent_id = form.get("payment_intent", "")
            account = self.accounts[self.owner[intent_id]]
            params: dict[str, Any] = {"payment_intent": intent_id}
            raw = form.get("amount", "").strip().lstrip("£")
            if raw:
                if not re.fullmatch(r"\d{1,7}(\.\d{1,2})?", raw):
                    return "Enter the refund as pounds, e.g. 2.50."
                whole, _, frac = raw.partition(".")
                params["amount"] = str(int(whole) * 100 + int((frac + "00")[:2]))
            refund = self._refund(account, params)
            return f"Refunded {pounds(refund['amount'])}."
        if action == "dispute":
            return f"Dispute {self._dispute(form.get('payment_intent', ''))} opened."
        if action == "close-dispute":
            self._close_dispute(form.get("dispute", ""), form.get("verdict") == "won")
            return "Dispute closed."
        if action == "settle":
            self._settle(form.get("session", ""), form.get("verdict") == "succeeded")
            return "Bacs payment settled."
        if action == "payout":
            payout = self._payout(self.accounts[form.get("account", "")])
            return f"Paid out {pounds(payout['amount'])} ({payout['id']})."
        if action == "resend":
            stored = next((s for s in self.events if s.event["id"] == form.get("event")), None)
            if stored is None:
                return "No such event."
            self._deliver(stored, force=True)
            return f"Event {stored.event['id']} sent again."
        return "Unknown action."


def sign(body: bytes, keys: list[str], timestamp: int | None = None) -> str:
    """The Stripe-Signature header of `body`: one v1 per signing secret, as Stripe signs while a
    rolled secret overlaps."""
    import hashlib
    import hmac

    moment = int(time.time()) if timestamp is None else timestamp
    signed = f"{moment}.".encode() + body
    v1 = [hmac.new(k.encode(), signed, hashlib.sha256).hexdigest() for k in keys]
    return ",".join([f"t={moment}", *(f"v1={s}" for s in v1)])


def _next_period(start: int, interval: str) -> int:
    """The end of a billing period that starts at `start` (unix): a day, a week, the same day of
    the next month (the month's last day when shorter) or of the next year."""
    import calendar
    import datetime as dt

    moment = dt.datetime.fromtimestamp(start, tz=dt.UTC)
    if interval == "day":
        return start + 24 * 3600
    if interval == "week":
        return start + 7 * 24 * 3600
    months = 12 if interval == "year" else 1
    month0 = moment.month - 1 + months
    year, month = moment.year + month0 // 12, month0 % 12 + 1
    day = min(moment.day, calendar.monthrange(year, month)[1])
    return int(moment.replace(year=year, month=month, day=day).timestamp())


def _type_matches(pattern: str, kind: str) -> bool:
    if pattern.endswith(".*"):
        return kind.startswith(pattern[:-1])
    return pattern in ("*", kind)


def _page(rows: list[dict[str, Any]], params: dict[str, Any], url: str, expand: Any = None) -> dict[str, Any]:
    limit = _int(params, "limit", minimum=1) or 10
    if limit > 100:
        raise StripeError(400, "This value must be less than or equal to 100.", "", "limit")
    after, before = _str(params, "starting_after"), _str(params, "ending_before")
    ids = [r["id"] for r in rows]
    if after:
        if after not in ids:
            raise _missing("object", after, "starting_after")
        rows = rows[ids.index(after) + 1 :]
        window = rows[:limit]
    elif before:
        if before not in ids:
            raise _missing("object", before, "ending_before")
        rows = rows[: ids.index(before)]
        window = rows[-limit:]
    else:
        window = rows[:limit]
    expanded = [r.removeprefix("data.") for r in _list_of_str(params, "expand") if r.startswith("data.")]
    data = [expand(r, expanded) if expand and expanded else r for r in window]
    return {
        "object": "list",
        "data": [_public(r) for r in data],
        "has_more": len(rows) > limit,
        "url": url,
    }


def _public(obj: dict[str, Any]) -> dict[str, Any]:
    """A copy without the fake's own bookkeeping fields (those starting with "_")."""
    return json.loads(json.dumps({k: v for k, v in obj.items() if not k.startswith("_")}))


def _whsec() -> str:
    return f"whsec_{secrets.token_urlsafe(24).replace('-', 'A').replace('_', 'B')}"


def _redact(key: str) -> str:
    return f"{key[:8]}{'*' * 12}{key[-4:]}" if len(key) > 12 else "*" * len(key)


def _form(body: bytes) -> dict[str, str]:
    return dict(parse_qsl(body.decode("utf-8", errors="replace"), keep_blank_values=True))


# The one instance the local stack serves (chalicelocal.web) and the seed registers accounts with.
FAKE = FakeStripe()
register_account = FAKE.register_account
add_endpoint = FAKE.add_endpoint
