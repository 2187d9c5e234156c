"""Webhook events and the gateway payments they describe (ADR 0022).

`WebhookEvent`: one item per provider event id, put once (conditional on absence) by ingestion;
later deliveries of the same event only count. `Payment`: one item per business key (Stripe
PaymentIntent id, PayPal capture id); every event about that payment converges on it, and an
event older than `applied_at` changes nothing (out-of-order delivery)."""

from __future__ import annotations

from pynamodb.attributes import (
    BooleanAttribute,
    ListAttribute,
    MapAttribute,
    NumberAttribute,
    UnicodeAttribute,
    UTCDateTimeAttribute,
    VersionAttribute,
)

from functions.core import keys
from functions.core.table import Entity

EVENT_STATUSES = ("received", "processed", "ignored", "rejected", "failed")
PAYMENT_STATUSES = ("pending", "succeeded", "failed", "refunded", "partially_refunded", "disputed")


class WebhookEvent(Entity, discriminator="WebhookEvent"):
    tenant_id = UnicodeAttribute()
    provider = UnicodeAttribute()
    event_id = UnicodeAttribute()
    type = UnicodeAttribute()
    mode = UnicodeAttribute(null=True)  # test | live, as the event says (Stripe livemode)
    status = UnicodeAttribute(default="received")
    deliveries = NumberAttribute(default=1)  # times the provider (or a replay) sent it
    attempts = NumberAttribute(default=0)  # times processing ran
    first_received_at = UTCDateTimeAttribute()
    last_received_at = UTCDateTimeAttribute()
    event_created_at = UTCDateTimeAttribute(null=True)  # the provider's time for the event
    headers = MapAttribute(default=dict)  # type: ignore[var-annotated]  # signatures redacted
    body = UnicodeAttribute(null=True)  # the raw body as received, when small enough
    body_key = UnicodeAttribute(null=True)  # else on S3 (keys.webhook_body_key)
    verification = MapAttribute(default=dict)  # type: ignore[var-annotated]
    result = UnicodeAttribute(null=True)  # what processing did, in words ("donation created")
    error = UnicodeAttribute(null=True)
    business_key = UnicodeAttribute(null=True)
    donation_id = UnicodeAttribute(null=True)
    test_event = BooleanAttribute(default=False)  # "send test event": outside totals and Gift Aid
    # Every replay: [{by, by_name, at, result}]
    replays = ListAttribute(default=list)  # type: ignore[var-annotated]

    @classmethod
    def key(cls, tenant_id: str, provider: str, event_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.webhook_event_sk(provider, event_id)


class Payment(Entity, discriminator="Payment"):
    tenant_id = UnicodeAttribute()
    provider = UnicodeAttribute()
    business_key = UnicodeAttribute()  # PaymentIntent id / capture id
    mode = UnicodeAttribute()
    status = UnicodeAttribute()
    currency = UnicodeAttribute(default="GBP")
    gross = NumberAttribute()  # pence
    fee = NumberAttribute(null=True)  # pence, once the provider says
    net = NumberAttribute(null=True)
    refunded = NumberAttribute(default=0)  # pence
    disputed = BooleanAttribute(default=False)
    payout_id = UnicodeAttribute(null=True)
    payout_date = UnicodeAttribute(null=True)  # ISO date
    created_at = UTCDateTimeAttribute()  # the provider's time of the payment
    applied_at = UTCDateTimeAttribute()  # the provider time of the newest event applied
    intent_id = UnicodeAttribute(null=True)  # the public page's gift it came from
    intent_synced = UnicodeAttribute(null=True)  # "<donation id>:<status>" last set on the intent
    donation_id = UnicodeAttribute(null=True)
    unmatched_reason = UnicodeAttribute(null=True)  # why no donation (shown on Payments)
    test_event = BooleanAttribute(default=False)
    # What processing keeps apart from the shown `status` (functions/webhooks/processing.py):
    # the payment's own state (unknown until an event says: a refund can come first), ordered by
    # `applied_at`; the refund ids already counted (PayPal refunds arrive one by one); the
    # dispute's state (open | won | lost); the charge whose balance transaction has the fee.
    payment_state = UnicodeAttribute(default="unknown")  # unknown | pending | failed | succeeded
    refund_ids = ListAttribute(of=UnicodeAttribute, default=list)  # type: ignore[arg-type]
    dispute_status = UnicodeAttribute(null=True)
    charge_id = UnicodeAttribute(null=True)
    donor_name = UnicodeAttribute(null=True)  # shown on Payments
    version = VersionAttribute()

    @classmethod
    def key(cls, tenant_id: str, provider: str, business_key: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.payment_sk(provider, business_key)


class WebhookTestMark(Entity, discriminator="WebhookTestMark"):
    """A PayPal event id that "send test event" asked the provider to simulate: its delivery is
    stored as a test event (PayPal's mock events carry no mark of their own). Expires in a day."""

    tenant_id = UnicodeAttribute()
    provider = UnicodeAttribute()
    event_id = UnicodeAttribute()

    @classmethod
    def key(cls, tenant_id: str, provider: str, event_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.webhook_test_mark_sk(provider, event_id)
