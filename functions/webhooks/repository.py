"""Persistence of webhook events (docs/access-patterns.md "Webhook calls")."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from pynamodb.exceptions import PutError
from pynamodb.expressions.update import Action

from functions.core import aws, clock, config, keys
from functions.core.errors import NotFound
from functions.core.table import Entity
from functions.gateways import repository as gateways
from functions.gateways.models import GatewayAccount
from functions.webhooks.models import WebhookEvent, WebhookTestMark

MAX_BODY_ON_ITEM = 100 * 1024  # bytes of raw body kept on the item; larger bodies go to S3
TEST_MARK_SECONDS = 24 * 3600


def account(tenant_id: str, provider: str, *, cached: bool = False) -> GatewayAccount | None:
    """The charity's connected account of `provider`, or None. `cached`: a delivery may use what
    this process read in the last few seconds (`gateways.repository.recent`: a burst of
    deliveries reads it once; a new signing secret or a disconnection counts within seconds, and
    the provider retries what was refused meanwhile)."""
    found = gateways.recent(tenant_id, provider) if cached else gateways.get(tenant_id, provider)
    return found if found is not None and found.status == "connected" else None


def forget_accounts() -> None:
    gateways.forget()


TOUCH_SECONDS = 60  # `last_event_at` is "the newest delivery" to the minute: one write a minute


def touch_account(found: GatewayAccount, moment: dt.datetime) -> None:
    """`last_event_at` without the version check (a cheap write that must not race settings),
    skipped when the account's value is less than a minute old (a burst of deliveries writes it
    once)."""
    last = found.last_event_at
    if last is not None and (moment - last).total_seconds() < TOUCH_SECONDS:
        return
    try:
        # UpdateItem without PynamoDB's version increment: a delivery must not make the settings
        # form's next save a 409
        pk, sk = GatewayAccount.key(str(found.tenant_id), str(found.provider))
        GatewayAccount._get_connection().update_item(
            pk,
            range_key=sk,
            actions=[GatewayAccount.last_event_at.set(moment)],
            condition=GatewayAccount.pk.exists() & (GatewayAccount.status == "connected"),
        )
        found.last_event_at = moment
    except Exception:  # noqa: BLE001 (the delivery matters more than the timestamp)
        from functions.core.observability import logger

        logger.exception("last_event_at not updated")


def get(tenant_id: str, provider: str, event_id: str) -> WebhookEvent:
    try:
        return WebhookEvent.get(*WebhookEvent.key(tenant_id, provider, event_id), consistent_read=True)
    except WebhookEvent.DoesNotExist as exc:
        raise NotFound() from exc


def find(tenant_id: str, provider: str, event_id: str) -> WebhookEvent | None:
    try:
        return get(tenant_id, provider, event_id)
    except NotFound:
        return None


def put_once(event: WebhookEvent, raw: bytes) -> bool:
    """Store a new event with its body (on the item, or on S3 when large); False when an event
    of that id is already stored (nothing written)."""
    if len(raw) <= MAX_BODY_ON_ITEM:
        event.body = raw.decode("utf-8", errors="replace")
    else:
        key = keys.webhook_body_key(event.tenant_id, event.provider, event.event_id)
        aws.client("s3").put_object(Bucket=config.files_bucket(), Key=key, Body=raw)
        event.body_key = key
    event.gsi1pk = keys.webhook_calls_pk(event.tenant_id)
    event.gsi1sk = keys.webhook_call_sk(
        clock.iso(event.first_received_at) or "", event.provider, event.event_id
    )
    try:
        event.save(condition=WebhookEvent.pk.does_not_exist())
    except PutError as exc:
        if getattr(exc, "cause_response_code", None) == "ConditionalCheckFailedException":
            return False
        raise
    return True


def count_delivery(tenant_id: str, provider: str, event_id: str, moment: dt.datetime) -> WebhookEvent:
    """A repeat delivery: deliveries + 1 and the time; the event as it now is."""
    event = WebhookEvent(*WebhookEvent.key(tenant_id, provider, event_id))
    event.update(
        actions=[WebhookEvent.deliveries.add(1), WebhookEvent.last_received_at.set(moment)],
        condition=WebhookEvent.pk.exists(),
    )
    return event


def update(event: WebhookEvent, actions: list[Action]) -> None:
    event.update(actions=actions)


def body_text(event: WebhookEvent) -> str | None:
    if event.body is not None:
        return str(event.body)
    if event.body_key:
        data = aws.client("s3").get_object(Bucket=config.files_bucket(), Key=event.body_key)["Body"].read()
        return bytes(data).decode("utf-8", errors="replace")
    return None


def payload(event: WebhookEvent) -> dict[str, Any]:
    text = body_text(event)
    value = json.loads(text) if text else {}
    return value if isinstance(value, dict) else {}


def calls_page(
    tenant_id: str,
    *,
    filters: Any,
    date_from: str | None,
    date_to: str | None,
    length: int,
    start: dict[str, Any] | None,
) -> tuple[list[WebhookEvent], dict[str, Any] | None]:
    """A charity's events newest first: one Query of GSI1 (the date range as the key condition)."""
    prefix = keys.webhook_call_sk("", "", "").split("#")[0] + "#"
    low = f"{prefix}{date_from}" if date_from else prefix
    high = f"{prefix}{date_to}T~" if date_to else f"{prefix}~"
    result = WebhookEvent.gsi1.query(
        keys.webhook_calls_pk(tenant_id),
        Entity.gsi1sk.between(low, high),
        filter_condition=filters,
        scan_index_forward=False,
        limit=length,
        last_evaluated_key=start,
    )
    rows = [row for row in result if isinstance(row, WebhookEvent)]
    return rows, result.last_evaluated_key


def mark_test(tenant_id: str, provider: str, event_id: str) -> None:
    mark = WebhookTestMark(
        *WebhookTestMark.key(tenant_id, provider, event_id),
        tenant_id=tenant_id,
        provider=provider,
        event_id=event_id,
    )
    mark.expires_at = clock.now() + dt.timedelta(seconds=TEST_MARK_SECONDS)
    mark.save()


def is_marked_test(tenant_id: str, provider: str, event_id: str) -> bool:
    try:
        WebhookTestMark.get(*WebhookTestMark.key(tenant_id, provider, event_id), consistent_read=True)
    except WebhookTestMark.DoesNotExist:
        return False
    return True
