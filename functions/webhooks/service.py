"""The webhook-calls screen (manage-integrations): list, detail, replay, fetch missed Stripe events,
send a test event. Ingestion itself is functions/webhooks/ingest.py."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from typing import TYPE_CHECKING, Any

from functions.core import audit, clock, ids
from functions.core.access import Principal
from functions.core.deferred import deferred_imports
from functions.core.errors import Invalid, NotFound
from functions.core.identity import User
from functions.core.observability import logger
from functions.core.pagination import decode_cursor, encode_cursor, page_body
from functions.gateways.models import GatewayAccount
from functions.webhooks import ingest, repository
from functions.webhooks import messages as _messages  # noqa: F401 (registers the messages)
from functions.webhooks.models import WebhookEvent

with deferred_imports():  # pydantic: only a filtered list needs it (ADR 0011)
    from functions.webhooks.schemas import CallFilters

if TYPE_CHECKING:
    from functions.webhooks.list_queries import CallListQuery

FETCH_DAYS = 30
FETCH_MAX_EVENTS = 2000
PAYPAL_PUBLIC_BASES = {"live": "https://api-m.paypal.com", "test": "https://api-m.sandbox.paypal.com"}


def row(event: WebhookEvent) -> dict[str, Any]:
    return {
        "provider": event.provider,
        "event_id": event.event_id,
        "type": event.type,
        "mode": event.mode,
        "status": event.status,
        "deliveries": int(event.deliveries or 0),
        "attempts": int(event.attempts or 0),
        "first_received_at": clock.iso(event.first_received_at),
        "last_received_at": clock.iso(event.last_received_at),
        "donation_id": event.donation_id,
        "result": event.result,
        "error": event.error,
        "test_event": bool(event.test_event),
    }


def listing(who: Principal, query: CallListQuery) -> dict[str, Any]:
    wanted = query.filters_as(CallFilters)
    provider = (wanted.provider if wanted else None) or query.provider
    status = (wanted.status if wanted else None) or query.status
    kind = (wanted.type if wanted else None) or query.type
    date_from = (wanted.from_ if wanted else None) or query.from_
    date_to = (wanted.to if wanted else None) or query.to
    if date_from and date_to and date_to < date_from:
        raise Invalid.field("to", "webhooks.date_range")
    condition: Any = None
    for attribute, value in (
        (WebhookEvent.provider, provider),
        (WebhookEvent.status, status),
        (WebhookEvent.type, kind),
    ):
        if value:
            clause = attribute == value
            condition = clause if condition is None else condition & clause
    rows, last_key = repository.calls_page(
        who.tenant_id,
        filters=condition,
        date_from=date_from.isoformat() if date_from else None,
        date_to=date_to.isoformat() if date_to else None,
        length=query.length,
        start=decode_cursor(query.cursor),
    )
    return page_body(
        [row(item) for item in rows], total=len(rows), query=query, next_cursor=encode_cursor(last_key)
    )


def _names(tenant_id: str, user_ids: set[str]) -> dict[str, str]:
    wanted = sorted(user_id for user_id in user_ids if user_id)
    if not wanted:
        return {}
    return {user.user_id: user.name for user in User.batch_get([User.key(tenant_id, u) for u in wanted])}


def _event(who: Principal, provider: str, event_id: str) -> WebhookEvent:
    if provider not in ingest.PROVIDERS or not event_id or len(event_id) > 200:
        raise NotFound()
    return repository.get(who.tenant_id, provider, event_id)


def detail(who: Principal, provider: str, event_id: str) -> dict[str, Any]:
    event = _event(who, provider, event_id)
    return _detail(event)


def _detail(event: WebhookEvent) -> dict[str, Any]:
    replays = [dict(entry) if isinstance(entry, dict) else entry.as_dict() for entry in (event.replays or [])]
    names = _names(event.tenant_id, {str(entry.get("by") or "") for entry in replays})
    body = row(event)
    body.update(
        headers=dict(event.headers.as_dict() if hasattr(event.headers, "as_dict") else event.headers or {}),
        body=repository.body_text(event),
        verification=dict(
            event.verification.as_dict()
            if hasattr(event.verification, "as_dict")
            else event.verification or {}
        ),
        replays=[
            {
                "by_name": names.get(str(entry.get("by") or ""), entry.get("by_name")),
                "at": entry.get("at"),
                "result": entry.get("result"),
            }
            for entry in replays
        ],
        business_key=event.business_key,
        event_created_at=clock.iso(event.event_created_at),
    )
    return body


def replay(who: Principal, provider: str, event_id: str) -> dict[str, Any]:
    """Apply a stored, verified event again (processing is idempotent: an applied event reports
    "no change"); every replay is kept on the event and audited."""
    from functions.webhooks import jobs  # processing (donations and their models): on this path only

    event = _event(who, provider, event_id)
    if event.status == "rejected" or not (event.verification or {}):
        raise Invalid("webhooks.not_verified")
    if event.body is None and not event.body_key:
        raise Invalid("webhooks.not_stored")
    repository.update(event, [WebhookEvent.attempts.add(1)])
    try:
        outcome = jobs.apply(event)
    except Exception as error:  # noqa: BLE001 (shown on the screen, as the job does)
        text = jobs.error_text(error)
        status, result = "failed", text
        repository.update(event, [WebhookEvent.status.set("failed"), WebhookEvent.error.set(text)])
    else:
        status, result = outcome.status, outcome.result
        jobs.record(event, outcome)
    entry = {
        "by": who.user_id,
        "by_name": who.user.name,
        "at": clock.iso(clock.now()),
        "result": result[:300],
    }
    repository.update(event, [WebhookEvent.replays.set(WebhookEvent.replays.append([entry]))])
    audit.record(
        who.tenant_id,
        "webhook.replayed",
        actor_id=who.user_id,
        provider=provider,
        event_id=event_id,
        result=result[:300],
    )
    return {"status": status, "result": result}


# ------------------------------------------------------------------ provider calls
def _account(who: Principal, provider: str) -> GatewayAccount:
    found = repository.account(who.tenant_id, provider)
    if found is None:
        raise Invalid.field("provider", "webhooks.not_connected")
    return found


def _stripe_base(account: GatewayAccount) -> str | None:
    from functions.core import config

    return account.api_base or config.env("ALMONER_STRIPE_API_BASE") or None


def _stripe_client(account: GatewayAccount, tenant_id: str) -> Any:
    import stripe

    from functions.core.secret_box import unseal

    base = _stripe_base(account)
    key = unseal(str(account.secret), tenant_id)
    if base:
        return stripe.StripeClient(key, base_addresses={"api": base}, max_network_retries=1)
    return stripe.StripeClient(key, max_network_retries=1)


def fetch_missed(who: Principal, provider: str) -> dict[str, Any]:
    """Stripe's events of the last 30 days (GET /v1/events) through the same idempotent store:
    events not yet stored are stored ("fetched from Stripe's API") and enqueued."""
    import stripe

    account = _account(who, provider)
    client = _stripe_client(account, who.tenant_id)
    since = int(time.time()) - FETCH_DAYS * 86400
    fetched = new = 0
    params: dict[str, Any] = {"created": {"gte": since}, "limit": 100}
    try:
        while fetched < FETCH_MAX_EVENTS:
            page = client.v1.events.list(params=params)
            items = list(page.data)
            for item in items:
                fetched += 1
                raw = json.dumps(item.to_dict(), separators=(",", ":")).encode("utf-8")
                stored = ingest.store(
                    provider,
                    who.tenant_id,
                    account,
                    raw,
                    {},
                    {"method": "fetched from Stripe's API", "result": "verified"},
                    delivered=False,
                )
                new += 1 if stored.new else 0
            if not page.has_more or not items:
                break
            params = {**params, "starting_after": items[-1].id}
    except stripe.StripeError as exc:
        raise Invalid.field(
            "provider", "webhooks.provider_refused", reason=str(exc.user_message or exc)[:200]
        ) from exc
    audit.record(
        who.tenant_id,
        "webhook.fetched_missed",
        actor_id=who.user_id,
        provider=provider,
        fetched=fetched,
        new=new,
    )
    return {"fetched": fetched, "new": new}


def test_event(who: Principal, provider: str) -> dict[str, Any]:
    account = _account(who, provider)
    if provider == "stripe":
        answer = _stripe_test_event(who, account)
    else:
        answer = _paypal_test_event(who, account)
    audit.record(
        who.tenant_id,
        "webhook.test_event",
        actor_id=who.user_id,
        provider=provider,
        event_id=answer["event_id"],
    )
    return answer


def _stripe_test_event(who: Principal, account: GatewayAccount) -> dict[str, Any]:
    """An event built here and signed with the account's current signing secret, run through the
    very ingestion a delivery takes (verification included), then processed at once."""
    import stripe

    from functions.core.secret_box import unseal
    from functions.webhooks import jobs  # processing (donations and their models): on this path only

    if not account.signing_secrets:
        raise Invalid.field("provider", "webhooks.not_connected")
    secret = unseal(str(account.signing_secrets[0]), who.tenant_id)
    now = int(time.time())
    event_id = f"evt_test_{ids.new_id()}"
    payload = {
        "id": event_id,
        "object": "event",
        "api_version": "2024-06-20",
        "created": now,
        "livemode": account.mode == "live",
        "type": "checkout.session.completed",
        "data": {
            "object": {
                "id": f"cs_test_{ids.new_id()}",
                "object": "checkout.session",
                "mode": "payment",
                "payment_status": "paid",
                "amount_total": 100,
                "currency": "gbp",
                "metadata": {"almoner_test": "1", "almoner_tenant": who.tenant_id},
            }
        },
    }
    raw = json.dumps(payload, separators=(",", ":")).encode("utf-8")
    header = stripe.WebhookSignature.generate_signature_header(raw.decode("utf-8"), secret, timestamp=now)
    headers = {
        "stripe-signature": header,
        "content-type": "application/json",
        "user-agent": "Almoner test event",
    }
    try:
        ingest.receive("stripe", who.tenant_id, raw, headers)
    except ingest.Rejected as exc:
        raise Invalid.field("provider", "webhooks.provider_refused", reason=str(exc)) from exc
    event = repository.get(who.tenant_id, "stripe", event_id)
    if event.status in jobs.RETRYABLE:
        try:
            jobs.handle({"tenant_id": who.tenant_id, "provider": "stripe", "event_id": event_id})
        except Exception:  # noqa: BLE001 (the queue retries it; the answer says failed)
            logger.exception("test event processing failed")
        event = repository.get(who.tenant_id, "stripe", event_id)
    return {"event_id": event_id, "status": event.status, "result": event.result or event.error}


def _paypal_base(account: GatewayAccount) -> str:
    from functions.core import config

    return (
        account.api_base or config.env("ALMONER_PAYPAL_API_BASE") or PAYPAL_PUBLIC_BASES[str(account.mode)]
    ).rstrip("/")


def _paypal_call(url: str, *, data: bytes, headers: dict[str, str]) -> dict[str, Any]:
    request = urllib.request.Request(url, data=data, headers=headers, method="POST")  # noqa: S310
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:  # noqa: S310 (the account's API base)
            value = json.loads(answer.read() or b"{}")
    except urllib.error.HTTPError as exc:
        raise Invalid.field("provider", "webhooks.provider_refused", reason=f"HTTP {exc.code}") from exc
    except (urllib.error.URLError, TimeoutError, ValueError) as exc:
        raise Invalid.field("provider", "webhooks.provider_refused", reason=type(exc).__name__) from exc
    return value if isinstance(value, dict) else {}


def paypal_token(account: GatewayAccount, tenant_id: str) -> str:
    import base64

    from functions.core.secret_box import unseal

    secret = unseal(str(account.secret), tenant_id)
    basic = base64.b64encode(f"{account.public_key}:{secret}".encode()).decode("ascii")
    answer = _paypal_call(
        f"{_paypal_base(account)}/v1/oauth2/token",
        data=b"grant_type=client_credentials",
        headers={"Authorization": f"Basic {basic}", "Content-Type": "application/x-www-form-urlencoded"},
    )
    token = answer.get("access_token")
    if not isinstance(token, str) or not token:
        raise Invalid.field("provider", "webhooks.provider_refused", reason="no access token")
    return token


def _paypal_test_event(who: Principal, account: GatewayAccount) -> dict[str, Any]:
    """PayPal's simulator sends a signed mock event to the webhook; its id is marked so that
    ingestion stores it as a test event (PayPal's mock events carry no mark of their own)."""
    token = paypal_token(account, who.tenant_id)
    answer = _paypal_call(
        f"{_paypal_base(account)}/v1/notifications/simulate-event",
        data=json.dumps(
            {"webhook_id": account.webhook_id, "event_type": "PAYMENT.CAPTURE.COMPLETED"}
        ).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    event_id = answer.get("id")
    if not isinstance(event_id, str) or not event_id or len(event_id) > 200:
        raise Invalid.field("provider", "webhooks.provider_refused", reason="no event id")
    repository.mark_test(who.tenant_id, "paypal", event_id)
    event = repository.find(who.tenant_id, "paypal", event_id)
    if event is None:  # not delivered yet: it will be stored as a test event when it arrives
        return {"event_id": event_id, "status": "sent", "result": None}
    if not event.test_event:
        repository.update(event, [WebhookEvent.test_event.set(True)])
    return {"event_id": event_id, "status": event.status, "result": event.result or event.error}
