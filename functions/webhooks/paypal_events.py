"""PayPal capture events as `Fact`s (pure): the capture id is the business key; a refund's or
reversal's resource names its capture by its `up` link (ADR 0022, contract18)."""

from __future__ import annotations

from typing import Any

from functions.webhooks import facts as f
from functions.webhooks.facts import Fact, Payer

HANDLED = (
    "PAYMENT.CAPTURE.COMPLETED",
    "PAYMENT.CAPTURE.PENDING",
    "PAYMENT.CAPTURE.REFUNDED",
    "PAYMENT.CAPTURE.REVERSED",
)


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _custom(resource: dict[str, Any]) -> tuple[str | None, str | None]:
    """(tenant, intent) from custom_id "<tenant>:<intent>"."""
    custom = str(resource.get("custom_id") or "")
    tenant, _, intent = custom.partition(":")
    return (tenant or None, intent or None)


def _capture_of(resource: dict[str, Any]) -> str:
    for link in resource.get("links") or []:
        link = _dict(link)
        href = str(link.get("href") or "")
        if link.get("rel") == "up" and "/captures/" in href:
            return href.rstrip("/").rsplit("/", 1)[-1]
    return ""


def read(payload: dict[str, Any]) -> Fact | None:
    kind = str(payload.get("event_type") or "")
    resource = _dict(payload.get("resource"))
    tenant, intent = _custom(resource)
    at = f.from_iso(payload.get("create_time")) or f.from_iso(resource.get("update_time")) or f.Fact.at
    amount = _dict(resource.get("amount"))
    common: dict[str, Any] = {
        "at": at,
        "tenant_id": tenant,
        "intent_id": intent,
        "currency": str(amount.get("currency_code") or "GBP").upper(),
    }
    if kind in ("PAYMENT.CAPTURE.COMPLETED", "PAYMENT.CAPTURE.PENDING"):
        breakdown = _dict(resource.get("seller_receivable_breakdown"))
        payer = _dict(resource.get("payer"))
        name = _dict(payer.get("name"))
        key = str(resource.get("id") or "")
        if not key:
            return None
        return Fact(
            f.PAID if kind.endswith("COMPLETED") else f.PENDING,
            business_key=key,
            gross=f.pence_of(amount.get("value")),
            fee=f.pence_of(_dict(breakdown.get("paypal_fee")).get("value")),
            net=f.pence_of(_dict(breakdown.get("net_amount")).get("value")),
            payer=Payer(
                str(name.get("given_name") or ""),
                str(name.get("surname") or ""),
                str(payer.get("email_address") or ""),
            ),
            created_at=f.from_iso(resource.get("create_time")),
            **common,
        )
    if kind in ("PAYMENT.CAPTURE.REFUNDED", "PAYMENT.CAPTURE.REVERSED"):
        key = _capture_of(resource)
        refund_id = str(resource.get("id") or "")
        if not key and kind.endswith("REVERSED") and resource.get("status") == "REVERSED":
            key = refund_id  # a reversal may carry the capture itself
        if not key or not refund_id:
            return None
        return Fact(
            f.REFUND,
            business_key=key,
            refund_id=refund_id,
            refund_amount=f.pence_of(amount.get("value")),
            **common,
        )
    return None
