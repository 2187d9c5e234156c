"""Stripe events as `Fact`s (pure): the payment they are about (the PaymentIntent id), what they
say of it and the Almoner metadata the Checkout Session carried (ADR 0022, contract18)."""

from __future__ import annotations

from typing import Any

from functions.webhooks import facts as f
from functions.webhooks.facts import Fact, Payer

HANDLED = (
    "checkout.session.completed",
    "checkout.session.async_payment_succeeded",
    "checkout.session.async_payment_failed",
    "payment_intent.succeeded",
    "payment_intent.payment_failed",
    "charge.refunded",
    "charge.dispute.created",
    "charge.dispute.closed",
    "payout.paid",
)


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _id(value: Any) -> str:
    """An expandable field: the id string, or the expanded object's id."""
    if isinstance(value, dict):
        value = value.get("id")
    return value if isinstance(value, str) else ""


def is_test(payload: dict[str, Any]) -> bool:
    obj = _dict(_dict(payload.get("data")).get("object"))
    return str(_dict(obj.get("metadata")).get("almoner_test") or "") == "1"


def tenant_of(payload: dict[str, Any]) -> str | None:
    obj = _dict(_dict(payload.get("data")).get("object"))
    return str(_dict(obj.get("metadata")).get("almoner_tenant") or "") or None


SUBSCRIPTION_DESCRIPTIONS = ("Subscription creation", "Subscription cycle", "Subscription update")


def of_invoice(obj: dict[str, Any]) -> bool:
    """A PaymentIntent Stripe made to pay a subscription's invoice (no Almoner metadata; an
    `invoice` field in API versions before 2025-03-31, Stripe's own description since)."""
    if _dict(obj.get("metadata")).get("almoner_intent"):
        return False
    return bool(obj.get("invoice")) or str(obj.get("description") or "") in SUBSCRIPTION_DESCRIPTIONS


def read(payload: dict[str, Any]) -> Fact | None:
    """The fact of a handled event; None for a type not handled (or one without its payment)."""
    kind = str(payload.get("type") or "")
    obj = _dict(_dict(payload.get("data")).get("object"))
    meta = _dict(obj.get("metadata"))
    common: dict[str, Any] = {
        "at": f.from_unix(payload.get("created")) or f.Fact.at,
        "livemode": payload.get("livemode") if isinstance(payload.get("livemode"), bool) else None,
        "tenant_id": meta.get("almoner_tenant") or None,
        "intent_id": meta.get("almoner_intent") or None,
        "mode": meta.get("almoner_mode") or None,
        "currency": str(obj.get("currency") or "gbp").upper(),
    }
    if kind.startswith("checkout.session."):
        details = _dict(obj.get("customer_details"))
        first, last = f.split_name(str(details.get("name") or ""))
        payer = Payer(first, last, str(details.get("email") or obj.get("customer_email") or ""))
        common.update(
            business_key=_id(obj.get("payment_intent")),
            gross=f.int_or_none(obj.get("amount_total")),
            payer=payer,
            intent_id=common["intent_id"] or obj.get("client_reference_id") or None,
            created_at=f.from_unix(obj.get("created")),
        )
        status = str(obj.get("payment_status") or "")
        if kind == "checkout.session.completed":
            which = {"paid": f.PAID, "unpaid": f.PENDING}.get(status)
        else:
            which = {
                "checkout.session.async_payment_succeeded": f.PAID,
                "checkout.session.async_payment_failed": f.FAILED,
            }.get(kind)
        if which is None or not common["business_key"]:
            return None
        return Fact(which, **common)
    if kind in ("payment_intent.succeeded", "payment_intent.payment_failed"):
        if of_invoice(obj):
            return None  # a subscription's instalment: its invoice's events make the donation
        charge = obj.get("latest_charge")
        billing = _dict(_dict(charge).get("billing_details"))
        first, last = f.split_name(str(billing.get("name") or ""))
        amount = obj.get("amount_received") if kind.endswith("succeeded") else obj.get("amount")
        return Fact(
            f.PAID if kind.endswith("succeeded") else f.FAILED,
            business_key=_id(obj),
            gross=f.int_or_none(amount) or f.int_or_none(obj.get("amount")),
            charge_id=_id(charge) or None,
            payer=Payer(first, last, str(obj.get("receipt_email") or billing.get("email") or "")),
            created_at=f.from_unix(obj.get("created")),
            **common,
        )
    if kind == "charge.refunded":
        key = _id(obj.get("payment_intent"))
        if not key:
            return None
        return Fact(
            f.REFUND,
            business_key=key,
            gross=f.int_or_none(obj.get("amount")),
            refunded_total=f.int_or_none(obj.get("amount_refunded")) or 0,
            charge_id=_id(obj) or None,
            created_at=f.from_unix(obj.get("created")),
            **common,
        )
    if kind in ("charge.dispute.created", "charge.dispute.closed"):
        key = _id(obj.get("payment_intent"))
        if not key:
            return None
        status = str(obj.get("status") or "")
        if kind == "charge.dispute.created":
            state = "open"
        else:
            state = {"won": "won", "lost": "lost", "warning_closed": "won"}.get(status, "won")
        return Fact(f.DISPUTE, business_key=key, dispute_status=state, **common)
    if kind == "payout.paid":
        arrival = f.from_unix(obj.get("arrival_date"))
        return Fact(
            f.PAYOUT,
            business_key=_id(obj),
            payout_id=_id(obj),
            payout_date=arrival.date().isoformat() if arrival else None,
            **common,
        )
    return None
