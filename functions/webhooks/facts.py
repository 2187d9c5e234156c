"""What one provider event says about one payment, in the provider's neutral terms (pure).

`stripe_events.read` and `paypal_events.read` turn a raw event into a `Fact`; processing applies
facts to the `Payment` of their business key. Money in pence."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

PAID, PENDING, FAILED, REFUND, DISPUTE, PAYOUT, TEST = (
    "paid",
    "pending",
    "failed",
    "refund",
    "dispute",
    "payout",
    "test",
)
# The payment states an event can set, in the order that wins a tie of provider times:
# "succeeded" beats "failed" beats "pending" (the same second says where the payment ended).
STATE_OF = {PAID: "succeeded", PENDING: "pending", FAILED: "failed"}
STATE_RANK = {"unknown": -1, "pending": 0, "failed": 1, "succeeded": 2}
DISPUTE_RANK = {None: -1, "open": 0, "won": 1, "lost": 1}


@dataclass(frozen=True)
class Payer:
    first_name: str = ""
    last_name: str = ""
    email: str = ""


@dataclass(frozen=True)
class Fact:
    kind: str  # paid | pending | failed | refund | dispute | payout | test
    business_key: str = ""
    at: dt.datetime = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)  # the provider's time of the event
    gross: int | None = None  # pence
    currency: str = "GBP"
    fee: int | None = None
    net: int | None = None
    refunded_total: int | None = None  # Stripe: cumulative amount refunded
    refund_id: str | None = None  # PayPal: one refund, counted once
    refund_amount: int | None = None
    dispute_status: str | None = None  # open | won | lost
    tenant_id: str | None = None  # from the payment's metadata / custom_id
    intent_id: str | None = None
    mode: str | None = None  # what the metadata says (Stripe almoner_mode)
    livemode: bool | None = None  # what the event says (Stripe)
    charge_id: str | None = None
    payer: Payer = field(default_factory=Payer)
    payout_id: str | None = None
    payout_date: str | None = None
    created_at: dt.datetime | None = None  # the payment's own time when the event carries it


def from_unix(value: object) -> dt.datetime | None:
    try:
        return dt.datetime.fromtimestamp(int(str(value)), tz=dt.UTC)
    except (TypeError, ValueError, OverflowError, OSError):
        return None


def from_iso(value: object) -> dt.datetime | None:
    if not isinstance(value, str) or not value:
        return None
    try:
        parsed = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=dt.UTC)


def pence_of(value: object) -> int | None:
    """ "10.00" (PayPal) → 1000; None or nonsense → None."""
    if value is None:
        return None
    try:
        amount = Decimal(str(value))
    except InvalidOperation:
        return None
    if not amount.is_finite():
        return None
    return int((amount * 100).to_integral_value())


def int_or_none(value: object) -> int | None:
    if isinstance(value, bool) or value is None:
        return None
    try:
        return int(str(value))
    except ValueError:
        return None


def split_name(name: str) -> tuple[str, str]:
    parts = (name or "").strip().split()
    if not parts:
        return "", ""
    if len(parts) == 1:
        return "", parts[0]
    return " ".join(parts[:-1]), parts[-1]
