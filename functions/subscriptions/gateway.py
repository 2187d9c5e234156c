"""A gateway's subscription object in Almoner's terms (pure): status, amount, interval, dates,
method. Stripe's statuses are mapped, never guessed: active→active, past_due/unpaid→failing,
paused or collection paused→paused, canceled→cancelled, incomplete→incomplete,
incomplete_expired→expired."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

STRIPE_STATUS = {
    "active": "active",
    "trialing": "active",
    "past_due": "failing",
    "unpaid": "failing",
    "paused": "paused",
    "canceled": "cancelled",
    "incomplete": "incomplete",
    "incomplete_expired": "expired",
}


@dataclass(frozen=True)
class State:
    """What the gateway says of one subscription."""

    gateway_subscription_id: str
    status: str
    amount: int  # pence per charge
    interval: str  # month | year
    method: str  # card | bacs_debit | paypal
    started_on: str
    next_charge_date: str | None
    paused_until: str | None
    cancelled_at: str | None
    cancel_reason: str | None
    gateway_customer_id: str | None
    item_id: str | None
    currency: str
    metadata: dict[str, str]


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _id(value: Any) -> str:
    if isinstance(value, dict):
        value = value.get("id")
    return value if isinstance(value, str) else ""


def day_of(value: Any) -> str | None:
    try:
        return dt.datetime.fromtimestamp(int(str(value)), tz=dt.UTC).date().isoformat()
    except (TypeError, ValueError, OverflowError, OSError):
        return None


def moment_of(value: Any) -> str | None:
    try:
        moment = dt.datetime.fromtimestamp(int(str(value)), tz=dt.UTC)
    except (TypeError, ValueError, OverflowError, OSError):
        return None
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def stripe_state(obj: dict[str, Any]) -> State | None:
    """The state of a Stripe subscription object (an event's or the API's); None without an id."""
    sub_id = _id(obj)
    if not sub_id.startswith("sub_"):
        return None
    items = _dict(obj.get("items")).get("data") or []
    item = _dict(items[0]) if items else {}
    price = _dict(item.get("price"))
    amount = int(price.get("unit_amount") or 0) * int(item.get("quantity") or 1)
    interval = str(_dict(price.get("recurring")).get("interval") or "month")
    pause = _dict(obj.get("pause_collection"))
    raw = str(obj.get("status") or "")
    status = STRIPE_STATUS.get(raw, "incomplete")
    if status == "active" and pause:
        status = "paused"
    period_end = item.get("current_period_end") or obj.get("current_period_end")
    methods = _dict(obj.get("payment_settings")).get("payment_method_types") or []
    method = methods[0] if len(methods) == 1 and methods[0] in ("card", "bacs_debit") else "card"
    cancelled = status in ("cancelled", "expired")
    details = _dict(obj.get("cancellation_details"))
    return State(
        gateway_subscription_id=sub_id,
        status=status,
        amount=amount,
        interval=interval if interval in ("month", "year") else "month",
        method=method,
        started_on=day_of(obj.get("start_date") or obj.get("created")) or dt.date.today().isoformat(),
        next_charge_date=None if cancelled else day_of(pause.get("resumes_at") or period_end),
        paused_until=day_of(pause.get("resumes_at")) if status == "paused" else None,
        cancelled_at=moment_of(obj.get("canceled_at")) if cancelled else None,
        cancel_reason=(str(details.get("comment") or details.get("reason") or "") or None)
        if cancelled
        else None,
        gateway_customer_id=_id(obj.get("customer")) or None,
        item_id=_id(item) or None,
        currency=str(price.get("currency") or obj.get("currency") or "gbp").upper(),
        metadata={str(k): str(v) for k, v in _dict(obj.get("metadata")).items()},
    )


def invoice_subscription(invoice: dict[str, Any]) -> str:
    """The subscription an invoice bills (`subscription`, or `parent.subscription_details` since
    API 2025-03-31)."""
    found = _id(invoice.get("subscription"))
    if not found:
        details = _dict(_dict(invoice.get("parent")).get("subscription_details"))
        found = _id(details.get("subscription"))
    return found


def invoice_metadata(invoice: dict[str, Any]) -> dict[str, str]:
    details = _dict(_dict(invoice.get("parent")).get("subscription_details"))
    meta = _dict(details.get("metadata")) or _dict(invoice.get("subscription_details")).get("metadata") or {}
    return {str(k): str(v) for k, v in _dict(meta).items()}
