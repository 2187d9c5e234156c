"""Stripe's subscription and invoice events (issue 17 §1-3), applied to the charity's
`Subscription` and, for a paid invoice, to one donation through the payment of the invoice id
(`processing._payment`: idempotent on the invoice, so repeats and out-of-order events never make
two). A renewal that arrives before its subscription is known here fetches the subscription from
Stripe (`GET /v1/subscriptions/{id}`) and creates it first, so no instalment is orphaned."""

from __future__ import annotations

import dataclasses
from typing import Any

from functions.core import clock
from functions.gateways.models import GatewayAccount
from functions.subscriptions import emails, gateway, repository, sync
from functions.subscriptions.models import Subscription
from functions.webhooks import facts as f
from functions.webhooks.facts import Fact
from functions.webhooks.models import WebhookEvent

SUBSCRIPTION_TYPES = (
    "customer.subscription.created",
    "customer.subscription.updated",
    "customer.subscription.deleted",
    "customer.subscription.paused",
    "customer.subscription.resumed",
)
INVOICE_TYPES = ("invoice.paid", "invoice.payment_failed")
HANDLED = SUBSCRIPTION_TYPES + INVOICE_TYPES


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def handles(provider: str, kind: str) -> bool:
    return provider == "stripe" and kind in HANDLED


def apply(event: WebhookEvent, payload: dict[str, Any], account: GatewayAccount | None) -> Any:
    from functions.webhooks.processing import Outcome

    kind = str(payload.get("type") or "")
    obj = _dict(_dict(payload.get("data")).get("object"))
    at = int(f.int_or_none(payload.get("created")) or 0)
    mode = (account.mode if account is not None else None) or (
        "live" if payload.get("livemode") is True else "test"
    )
    if kind in SUBSCRIPTION_TYPES:
        state = gateway.stripe_state(obj)
        if state is None:
            return Outcome("ignored", f"ignored: {kind}")
        if _foreign(event, state.metadata, payload, account):
            return Outcome("rejected", "rejected: mismatch", business_key=state.gateway_subscription_id)
        known = repository.of_gateway(event.tenant_id, "stripe", state.gateway_subscription_id)
        if known is not None and at >= int(known.gateway_at or 0) and _differs(known, state):
            # A snapshot says otherwise than what is held: events and staff actions of the same
            # moments may come in any order, so the gateway's current word decides.
            current = _current(account, state.gateway_subscription_id)
            if current is not None:
                state, at = current, max(at, int(clock.now().timestamp()))
        item, changed = sync.apply_state(event.tenant_id, "stripe", mode, state, at=at)
        emails.signed_up(item)  # once per subscription
        said = f"subscription {item.status}" if changed else "no change"
        return Outcome("processed", said, business_key=state.gateway_subscription_id)
    sub_id = gateway.invoice_subscription(obj)
    invoice_id = str(obj.get("id") or "")
    if not sub_id or not invoice_id:
        return Outcome("ignored", f"ignored: {kind} (not a subscription's invoice)")
    if _foreign(event, gateway.invoice_metadata(obj), payload, account):
        return Outcome("rejected", "rejected: mismatch", business_key=invoice_id)
    subscription, fetched = _subscription(event.tenant_id, mode, sub_id, account, at)
    words = ["subscription fetched from Stripe"] if fetched else []
    if kind == "invoice.payment_failed":
        attempt = int(f.int_or_none(obj.get("attempt_count")) or 1)
        reason = _failure_reason(obj, attempt)
        failed, changed = sync.record_failure(subscription, invoice_id, attempt, reason, at)
        words.append("payment failure recorded" if changed else "no change")
        if changed and emails.payment_failed(failed, _str(obj.get("hosted_invoice_url")), reason):
            words.append("donor emailed")
        return Outcome("processed", "; ".join(words), business_key=invoice_id)
    return _paid(event, obj, account, subscription, invoice_id, at, words)


def _differs(item: Subscription, state: gateway.State) -> bool:
    held = (item.status, int(item.amount or 0), item.interval, item.paused_until, item.next_charge_date)
    said = (state.status, state.amount, state.interval, state.paused_until, state.next_charge_date)
    return held != said


def _current(account: GatewayAccount | None, sub_id: str) -> gateway.State | None:
    """The subscription as Stripe has it now; None when it cannot be asked (the event's own
    snapshot is applied then)."""
    if account is None:
        return None
    from functions.webhooks.processing import stripe_client

    try:
        return gateway.stripe_state(stripe_client(account).v1.subscriptions.retrieve(sub_id).to_dict())
    except Exception:  # noqa: BLE001
        return None


def _foreign(
    event: WebhookEvent, metadata: dict[str, str], payload: dict[str, Any], account: GatewayAccount | None
) -> bool:
    claimed = metadata.get("almoner_tenant")
    if claimed and claimed != event.tenant_id:
        return True
    livemode = payload.get("livemode")
    mode = account.mode if account is not None else None
    return bool(mode and isinstance(livemode, bool) and ("live" if livemode else "test") != mode)


def _subscription(
    tenant_id: str, mode: str, sub_id: str, account: GatewayAccount | None, at: int
) -> tuple[Subscription, bool]:
    found = repository.of_gateway(tenant_id, "stripe", sub_id)
    if found is not None:
        return found, False
    if account is None:
        raise RuntimeError("a renewal of a subscription not known here, and no Stripe account to ask")
    from functions.webhooks.processing import stripe_client

    fetched = stripe_client(account).v1.subscriptions.retrieve(sub_id)
    state = gateway.stripe_state(fetched.to_dict())
    if state is None:
        raise RuntimeError("Stripe answered no subscription")
    # the fetched state is the current one: it wins over the (older) events still on their way
    item, _ = sync.apply_state(tenant_id, "stripe", mode, state, at=max(at, int(clock.now().timestamp())))
    return item, True


def _failure_reason(invoice: dict[str, Any], attempt: int) -> str:
    error = _dict(invoice.get("last_finalization_error")) or _dict(invoice.get("last_payment_error"))
    message = str(error.get("message") or "")
    return message or f"The payment was refused (attempt {attempt})."


def _paid(
    event: WebhookEvent,
    invoice: dict[str, Any],
    account: GatewayAccount | None,
    subscription: Subscription,
    invoice_id: str,
    at: int,
    words: list[str],
) -> Any:
    from functions.webhooks.processing import Outcome

    amount = int(f.int_or_none(invoice.get("amount_paid")) or 0)
    paid_at = f.from_unix(_dict(invoice.get("status_transitions")).get("paid_at")) or f.from_unix(at)
    if amount <= 0:  # a £0 invoice (a pause's voided one, a trial): nothing given
        return Outcome("ignored", "ignored: invoice of nothing", business_key=invoice_id)
    from functions.domain.imports.transforms import uk_date_of_utc

    assert paid_at is not None  # noqa: S101
    paid_on = uk_date_of_utc(paid_at.replace(tzinfo=None)).isoformat()
    charge = invoice.get("charge")
    fact = Fact(
        f.PAID,
        business_key=invoice_id,
        at=f.from_unix(at) or paid_at,
        gross=amount,
        currency=str(invoice.get("currency") or "gbp").upper(),
        tenant_id=event.tenant_id,
        intent_id=subscription.intent_id,
        livemode=invoice.get("livemode") if isinstance(invoice.get("livemode"), bool) else None,
        charge_id=(charge if isinstance(charge, str) else _dict(charge).get("id")) or None,
        payer=f.Payer(
            *f.split_name(str(invoice.get("customer_name") or "")), str(invoice.get("customer_email") or "")
        ),
        created_at=paid_at,
    )
    outcome, paid, changed = record_instalment(
        event,
        fact,
        account,
        subscription,
        paid_on,
        invoice_id,
        amount,
        at,
        donor_email=str(invoice.get("customer_email") or "") or None,
        next_charge_date=_period_end(invoice),
    )
    if changed:
        words.append("instalment counted")
        emails.signed_up(paid)  # a gift not started on our page: its email known from now
    return Outcome(
        outcome.status,
        "; ".join([*words, outcome.result]),
        donation_id=outcome.donation_id,
        business_key=invoice_id,
    )


def _period_end(invoice: dict[str, Any]) -> str | None:
    """The day the period this invoice paid for ends: the subscription's next charge (its lines'
    `period.end`; the invoice's own `period_end` is the period before, for a renewal)."""
    lines = _dict(invoice.get("lines")).get("data") or []
    ends = [int(f.int_or_none(_dict(_dict(line).get("period")).get("end")) or 0) for line in lines]
    return gateway.day_of(max(ends)) if ends and max(ends) > 0 else None


def record_instalment(
    event: WebhookEvent,
    fact: Fact,
    account: GatewayAccount | None,
    subscription: Subscription,
    paid_on: str,
    business_key: str,
    amount: int,
    at: int,
    *,
    donor_email: str | None = None,
    next_charge_date: str | None = None,
) -> tuple[Any, Subscription, bool]:
    """One paid instalment of `subscription` (a Stripe invoice, a PayPal sale): its donation through
    the one-off gifts' payment path (idempotent on `business_key`), then the subscription's count,
    donor and declaration. The payment's outcome, the subscription as saved, whether it moved."""
    from functions.webhooks.processing import Instalment, _payment

    instalment = Instalment(
        subscription_id=subscription.subscription_id,
        gateway_subscription_id=subscription.gateway_subscription_id,
        paid_on=paid_on,
        donor_id=subscription.donor_id,
        declaration_id=subscription.declaration_id,
        fund_id=subscription.fund_id,
        project_id=subscription.project_id,
        source_page_id=subscription.source_page_id,
        interval=subscription.interval,
    )
    outcome = _payment(event, fact, account, instalment)
    donor_id = declaration_id = donor_name = None
    if outcome.donation_id:
        from functions.donations import repository as donations

        try:
            made = donations.get(event.tenant_id, outcome.donation_id)
            donor_id, donor_name = made.donor_id, made.donor_name
        except Exception:  # noqa: BLE001  (the link is completed by the next instalment)
            donor_id = donor_name = None
        declaration_id = _declaration_of(event.tenant_id, subscription)
    saved, changed = sync.record_paid(
        subscription,
        business_key,
        outcome.donation_id,
        amount,
        at,
        donor_id=donor_id,
        declaration_id=declaration_id,
        donor_name=donor_name,
        donor_email=donor_email,
        next_charge_date=next_charge_date,
    )
    if record_refund(event.tenant_id, event.provider, business_key):  # refunded before it was paid here
        saved = repository.get(event.tenant_id, saved.subscription_id) or saved
    return outcome, saved, changed


def _declaration_of(tenant_id: str, subscription: Subscription) -> str | None:
    """The declaration made at sign-up (its id derived as processing derives it), if it exists."""
    if subscription.declaration_id or not subscription.intent_id:
        return subscription.declaration_id
    from functions.giving.models import GivingIntent

    try:
        intent = GivingIntent.get(*GivingIntent.key(tenant_id, subscription.intent_id))
    except GivingIntent.DoesNotExist:
        return None
    return intent.declaration_id


# ------------------------------------------------------------------ refunds of instalments
def _invoice_paid_by(charge: dict[str, Any], fact: Fact, account: GatewayAccount | None) -> str:
    """The invoice a refunded charge paid, if it paid one: the charge's `invoice` (API versions
    before 2025-03-31), else, for a charge Stripe made for a subscription (its description, as
    `stripe_events.of_invoice` tells), Stripe's `GET /v1/invoice_payments?payment[payment_intent]=`.
    A one-off gift's charge (our metadata on it) is none."""
    from functions.webhooks.stripe_events import _id, of_invoice

    found = _id(charge.get("invoice"))
    if found or fact.intent_id or account is None or not of_invoice(charge):
        return found
    from functions.webhooks.processing import stripe_client

    listed = stripe_client(account).v1.invoice_payments.list(
        params={"payment": {"type": "payment_intent", "payment_intent": fact.business_key}, "limit": 1}
    )
    rows = [row.to_dict() for row in listed.data]
    return _id(rows[0].get("invoice")) if rows else ""


def refund_of_instalment(
    event: WebhookEvent, payload: dict[str, Any], fact: Fact, account: GatewayAccount | None
) -> Any | None:
    """A Stripe refund (`charge.refunded`, about a PaymentIntent) of an instalment, applied to the
    instalment's payment (keyed by its invoice, as its donation is) exactly as a one-off gift's
    refund is applied to its own; None when it is not an instalment's."""
    from functions.webhooks import payments
    from functions.webhooks.processing import Outcome, _payment
    from functions.webhooks.stripe_events import of_invoice

    charge = _dict(_dict(payload.get("data")).get("object"))
    if not fact.business_key or not (charge.get("invoice") or of_invoice(charge)):
        return None  # a one-off gift's charge (told without a call: most refunds are these)
    if payments.get(event.tenant_id, "stripe", fact.business_key) is not None:
        return None  # a one-off gift's payment after all
    invoice_id = _invoice_paid_by(charge, fact, account)
    if not invoice_id:
        return None
    outcome = _payment(event, dataclasses.replace(fact, business_key=invoice_id), account)
    words = [outcome.result, *record_refund(event.tenant_id, "stripe", invoice_id)]
    return Outcome(outcome.status, "; ".join(w for w in words if w), outcome.donation_id, invoice_id)


def record_refund(tenant_id: str, provider: str, business_key: str) -> list[str]:
    """What the instalment's payment now says was refunded, onto its subscription (the instalment
    row and the total given; history once per change). In words."""
    from functions.donations import repository as donations
    from functions.webhooks import payments

    payment = payments.get(tenant_id, provider, business_key)
    if payment is None or not payment.donation_id or not int(payment.refunded or 0):
        return []
    try:
        subscription_id = donations.get(tenant_id, payment.donation_id).subscription_id
    except Exception:  # noqa: BLE001  (the donation is gone: nothing to show on the subscription)
        return []
    subscription = repository.get(tenant_id, subscription_id) if subscription_id else None
    if subscription is None:
        return []
    _, changed = sync.record_refund(subscription, business_key, int(payment.refunded or 0))
    return ["instalment refund counted on the subscription"] if changed else []
