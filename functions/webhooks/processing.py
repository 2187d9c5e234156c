"""Applies one verified, stored webhook event to the charity's data (ADR 0022): the `Payment` of
its business key, and through it the donor, declaration and donation. Called by the webhooks
queue's job and by a replay; idempotent on the business key, so running it twice changes nothing
the second time.

The contract with ingestion (functions/webhooks/ingest.py and jobs): `apply` returns an `Outcome`;
raising means "failed, retry" (the job reports the message failed; after the queue's
maxReceiveCount it is in the DLQ and the event shows as failed with its error)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from functions.webhooks.models import WebhookEvent

OutcomeStatus = Literal["processed", "ignored", "rejected"]


@dataclass(frozen=True)
class Outcome:
    status: OutcomeStatus
    result: str  # in words, shown on the webhook-calls screen ("donation created", "no change")
    donation_id: str | None = None
    business_key: str | None = None


def apply(event: WebhookEvent, payload: dict[str, Any]) -> Outcome:
    """`payload` is the parsed raw body the event was stored with."""
    return Outcome("ignored", f"ignored: {event.type} is not handled")
