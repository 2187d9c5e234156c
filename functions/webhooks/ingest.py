"""Ingestion of one webhook delivery (ADR 0022, step 2): verify the raw body, store the event once,
enqueue it for processing, answer fast.

- Unverifiable (unknown tenant, provider not connected, forged, stale, re-serialised, signed by
  another account): `Rejected` → 400, nothing stored, nothing enqueued.
- Verified but not for this account (Stripe `livemode` against the account's mode, or the
  charity named in the event's metadata / PayPal `custom_id` is another one): stored with status
  "rejected" and result "rejected: mismatch", answered 200 (the provider must not retry it), not
  enqueued.
- Verified: a conditional put of the `WebhookEvent` (only if absent); a repeat delivery adds one
  to `deliveries` and is enqueued again only while still "received" or "failed" (never once
  processed, ignored or rejected).
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass
from typing import Any

from functions.core import aws, clock, config, secret_box
from functions.core.observability import logger
from functions.core.validation import MAX_JSON_BODY
from functions.gateways.models import GatewayAccount
from functions.webhooks import repository, verify
from functions.webhooks.models import WebhookEvent

PROVIDERS = ("stripe", "paypal")
MAX_BODY = MAX_JSON_BODY  # 256 kB: refused before anything is read further
TENANT_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
KEPT_HEADERS = (
    "content-type",
    "user-agent",
    "stripe-signature",
    "paypal-transmission-id",
    "paypal-transmission-time",
    "paypal-transmission-sig",
    "paypal-cert-url",
    "paypal-auth-algo",
)
REDACTED = "…"
MISMATCH = "rejected: mismatch"
REQUEUE_STATUSES = ("received", "failed")


class Rejected(Exception):
    """Answered 400: nothing stored."""


@dataclass(frozen=True)
class Ingested:
    event_id: str
    status: str
    new: bool
    enqueued: bool


def redact(headers: Any) -> dict[str, str]:
    """The headers worth keeping, signature values replaced by "…" (the Stripe timestamp kept)."""
    kept: dict[str, str] = {}
    for name in KEPT_HEADERS:
        value = headers.get(name)
        if value is None:
            continue
        value = str(value)[:500]
        if name == "stripe-signature":
            value = ",".join(
                part if part.strip().startswith("t=") else part.split("=", 1)[0] + "=" + REDACTED
                for part in value.split(",")
            )
        elif name == "paypal-transmission-sig":
            value = REDACTED
        kept[name] = value
    return kept


def _parse(raw: bytes) -> dict[str, Any]:
    try:
        value = json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        raise Rejected("the body is not JSON") from exc
    if not isinstance(value, dict):
        raise Rejected("the body is not a JSON object")
    return value


def _text(value: Any, limit: int = 200) -> str | None:
    return value[:limit] if isinstance(value, str) and value else None


@dataclass(frozen=True)
class Described:
    event_id: str
    type: str
    mode: str | None
    created_at: dt.datetime | None
    tenant_named: str | None  # the charity the event itself names, if it names one
    test_event: bool


def describe(provider: str, payload: dict[str, Any], account: GatewayAccount) -> Described:
    event_id = _text(payload.get("id"))
    if provider == "stripe":
        kind = _text(payload.get("type"))
        if not event_id or not kind:
            raise Rejected("the event has no id or type")
        livemode = payload.get("livemode")
        mode = "live" if livemode is True else "test" if livemode is False else None
        created = payload.get("created")
        created_at = (
            dt.datetime.fromtimestamp(created, dt.UTC)
            if isinstance(created, int) and 0 < created < 10**11
            else None
        )
        obj = (payload.get("data") or {}).get("object") if isinstance(payload.get("data"), dict) else None
        metadata = obj.get("metadata") if isinstance(obj, dict) else None
        metadata = metadata if isinstance(metadata, dict) else {}
        return Described(
            event_id,
            kind,
            mode,
            created_at,
            _text(metadata.get("almoner_tenant")),
            metadata.get("almoner_test") in ("1", 1, True),
        )
    kind = _text(payload.get("event_type"))
    if not event_id or not kind:
        raise Rejected("the event has no id or event_type")
    created_at = None
    if isinstance(payload.get("create_time"), str):
        try:
            created_at = dt.datetime.fromisoformat(payload["create_time"].replace("Z", "+00:00"))
            if created_at.tzinfo is None:
                created_at = created_at.replace(tzinfo=dt.UTC)
        except ValueError:
            created_at = None
    resource: dict[str, Any] = payload["resource"] if isinstance(payload.get("resource"), dict) else {}
    custom = _text(resource.get("custom_id"), 300) or ""
    named = custom.split(":", 1)[0] if ":" in custom else None
    return Described(event_id, kind, str(account.mode), created_at, named, False)


def _verify(
    provider: str, tenant_id: str, account: GatewayAccount, raw: bytes, headers: Any
) -> verify.Verification:
    if provider == "stripe":
        secrets = [
            secret_box.unseal_cached(str(sealed), tenant_id) for sealed in (account.signing_secrets or [])
        ]
        return verify.stripe_signature(raw, headers.get("stripe-signature"), secrets)
    return verify.paypal_signature(raw, headers, account.webhook_id)


def enqueue(tenant_id: str, provider: str, event_id: str) -> None:
    body = json.dumps({"tenant_id": tenant_id, "provider": provider, "event_id": event_id})
    aws.client("sqs").send_message(QueueUrl=config.queue_url("webhooks"), MessageBody=body)


def receive(provider: str, tenant_id: str, raw: bytes, headers: Any) -> Ingested:
    """Verify, store once, enqueue. `Rejected` when unverifiable (nothing stored)."""
    if provider not in PROVIDERS or not TENANT_ID.match(tenant_id or ""):
        raise Rejected("unknown endpoint")
    account = repository.account(tenant_id, provider, cached=True)
    if account is None:
        raise Rejected("the provider is not connected for this charity")
    try:
        verification = _verify(provider, tenant_id, account, raw, headers)
    except verify.Unverified as exc:
        raise Rejected(str(exc)) from exc
    return store(provider, tenant_id, account, raw, headers, verification.as_dict())


def store(
    provider: str,
    tenant_id: str,
    account: GatewayAccount,
    raw: bytes,
    headers: Any,
    verification: dict[str, Any],
    *,
    test_event: bool = False,
    delivered: bool = True,
) -> Ingested:
    """Store a verified delivery once and enqueue it (or count a repeat)."""
    described = describe(provider, _parse(raw), account)
    now = clock.now()
    if delivered:
        repository.touch_account(account, now)
    mismatch = (described.mode is not None and described.mode != account.mode) or (
        described.tenant_named is not None and described.tenant_named != tenant_id
    )
    is_test = test_event or described.test_event
    if provider == "paypal" and not is_test:
        is_test = repository.is_marked_test(tenant_id, provider, described.event_id)
    event = WebhookEvent(
        *WebhookEvent.key(tenant_id, provider, described.event_id),
        tenant_id=tenant_id,
        provider=provider,
        event_id=described.event_id,
        type=described.type,
        mode=described.mode,
        status="rejected" if mismatch else "received",
        result=MISMATCH if mismatch else None,
        deliveries=1,
        attempts=0,
        first_received_at=now,
        last_received_at=now,
        event_created_at=described.created_at,
        headers=redact(headers),
        verification=verification,
        test_event=is_test,
    )
    if repository.put_once(event, raw):
        if mismatch:
            logger.warning("webhook event rejected: mismatch", extra={"event_id": described.event_id})
            return Ingested(described.event_id, "rejected", True, False)
        enqueue(tenant_id, provider, described.event_id)
        return Ingested(described.event_id, "received", True, True)
    if not delivered:  # fetched from the provider's API: already here, nothing to count
        found = repository.get(tenant_id, provider, described.event_id)
        return Ingested(described.event_id, str(found.status), False, False)
    stored = repository.count_delivery(tenant_id, provider, described.event_id, now)
    again = stored.status in REQUEUE_STATUSES
    if again:
        enqueue(tenant_id, provider, described.event_id)
    return Ingested(described.event_id, str(stored.status), False, again)
