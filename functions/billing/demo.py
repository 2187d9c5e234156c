"""Demo gateway payments for the local stack's demo charity (chalicelocal/seed.py): the charity's
most recent Stripe and PayPal donations as the payments they came from, with fees, grouped into
weekly payouts, and one payment without a donation, so Payments and its reconciliation groups
show something on first start. Idempotent: skipped when the charity has any payment. Writes no
donation (the other demo data and the tests that count it stay as they are)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from functions.core import keys
from functions.donations.models import Donation
from functions.webhooks import payments
from functions.webhooks.models import Payment
from functions.webhooks.processing import NO_DONOR

MAX_DEMO = 24


def _fee(provider: str, gross: int) -> int:
    """Stripe UK cards 1.5% + 20p; PayPal charity rate 1.4% + 20p (rounded to the penny)."""
    rate = Decimal("0.015") if provider == "stripe" else Decimal("0.014")
    return int((Decimal(gross) * rate).to_integral_value()) + 20


def seed_payments(tenant_id: str) -> bool:
    if any(True for _ in Payment.gsi1.query(keys.payments_pk(tenant_id), limit=1)):
        return False
    found: list[Donation] = []
    for item in Donation.gsi1.query(keys.donations_by_date_pk(tenant_id), scan_index_forward=False):
        if (
            isinstance(item, Donation)
            and item.payment_method in ("stripe", "paypal")
            and item.status == "received"
        ):
            found.append(item)
            if len(found) >= MAX_DEMO:
                break
    for number, donation in enumerate(found, start=1):
        provider = str(donation.payment_method)
        day = dt.date.fromisoformat(donation.donation_date)
        at = dt.datetime(day.year, day.month, day.day, 10, number % 60, tzinfo=dt.UTC)
        gross = int(donation.amount * 100)
        fee = _fee(provider, gross)
        monday = day + dt.timedelta(days=7 - day.weekday())  # paid out the following Monday
        key = f"pi_demo{number:04d}" if provider == "stripe" else f"DEMO{number:04d}CAPTURE"
        payment = Payment(
            *Payment.key(tenant_id, provider, key),
            tenant_id=tenant_id,
            provider=provider,
            business_key=key,
            mode="test",
            status="succeeded",
            payment_state="succeeded",
            gross=gross,
            fee=fee,
            net=gross - fee,
            created_at=at,
            applied_at=at,
            donation_id=donation.donation_id,
            donor_name=donation.donor_name,
            payout_id=f"po_demo{monday:%Y%m%d}" if provider == "stripe" else None,
            payout_date=monday.isoformat() if provider == "stripe" else None,
        )
        payments.save(payment)
    now = dt.datetime.now(dt.UTC).replace(microsecond=0)
    payments.save(
        Payment(
            *Payment.key(tenant_id, "stripe", "pi_demo_unmatched"),
            tenant_id=tenant_id,
            provider="stripe",
            business_key="pi_demo_unmatched",
            mode="test",
            status="succeeded",
            payment_state="succeeded",
            gross=1500,
            fee=43,
            net=1457,
            created_at=now,
            applied_at=now,
            unmatched_reason=NO_DONOR,
        )
    )
    return True
