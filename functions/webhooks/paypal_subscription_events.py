"""PayPal's subscription and sale events (issue 17 §1-3), applied to the charity's `Subscription`
and, for a completed sale, to one donation through the payment of the sale id
(`processing._payment`, the same path as Stripe's instalments: idempotent on the sale, so repeats
and out-of-order events never make two).

BILLING.SUBSCRIPTION.* events are notices: the subscription is read back from PayPal
(`GET /v1/billing/subscriptions/{id}?fields=plan`, which also gives the price) and that current
word is kept, so events arriving in any order end in PayPal's present state (the event's own
snapshot when PayPal cannot be asked). BILLING.SUBSCRIPTION.PAYMENT.FAILED records a failed
attempt (failing, count, reason) once per attempt. PAYMENT.SALE.COMPLETED with a
`billing_agreement_id` is an instalment; a sale before its subscription is known here fetches
the subscription from PayPal and creates it first, so no instalment is orphaned."""

from __future__ import annotations

import datetime as dt
from typing import Any

from functions.core import clock
from functions.gateways import paypal_api
from functions.gateways.models import GatewayAccount
from functions.subscriptions import emails, paypal, repository, sync
from functions.subscriptions.models import Subscription
from functions.webhooks import facts as f
from functions.webhooks.facts import Fact
from functions.webhooks.models import WebhookEvent

SUBSCRIPTION_TYPES = (
    "BILLING.SUBSCRIPTION.CREATED",
    "BILLING.SUBSCRIPTION.ACTIVATED",
    "BILLING.SUBSCRIPTION.RE-ACTIVATED",
    "BILLING.SUBSCRIPTION.UPDATED",
    "BILLING.SUBSCRIPTION.SUSPENDED",
    "BILLING.SUBSCRIPTION.CANCELLED",
    "BILLING.SUBSCRIPTION.EXPIRED",
)
FAILED = "BILLING.SUBSCRIPTION.PAYMENT.FAILED"
SALE = "PAYMENT.SALE.COMPLETED"
SALE_REFUNDED = "PAYMENT.SALE.REFUNDED"
HANDLED = (*SUBSCRIPTION_TYPES, FAILED, SALE, SALE_REFUNDED)


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def handles(provider: str, kind: str) -> bool:
    return provider == "paypal" and kind in HANDLED


def apply(event: WebhookEvent, payload: dict[str, Any], account: GatewayAccount | None) -> Any:
    from functions.webhooks.processing import Outcome

    kind = str(payload.get("event_type") or "")
    resource = _dict(payload.get("resource"))
    at = paypal.unix(payload.get("create_time")) or paypal.unix(resource.get("update_time"))
    mode = (account.mode if account is not None else None) or "test"
    if kind == SALE:
        return _sale(event, resource, account, mode, at)
    if kind == SALE_REFUNDED:
        return _sale_refunded(event, resource, account, at)
    snapshot = paypal.state_of(resource)
    if snapshot is None:
        return Outcome("ignored", f"ignored: {kind}")
    sub_id = snapshot.gateway_subscription_id
    claimed = snapshot.metadata.get("almoner_tenant")
    if claimed and claimed != event.tenant_id:
        return Outcome("rejected", "rejected: mismatch", business_key=sub_id)
    if kind == FAILED:
        subscription, fetched = _subscription(event.tenant_id, mode, sub_id, account, at, resource)
        info = _dict(resource.get("billing_info"))
        failed = _dict(info.get("last_failed_payment"))
        key = f"failed:{failed.get('time') or payload.get('create_time') or event.event_id}"
        attempt = int(f.int_or_none(info.get("failed_payments_count")) or 1)
        _, changed = sync.record_failure(
            subscription,
            key,
            attempt,
            paypal.failure_reason(resource),
            max(at, int(subscription.gateway_at or 0)),
        )
        words = ["subscription fetched from PayPal"] if fetched else []
        words.append("payment failure recorded" if changed else "no change")
        return Outcome("processed", "; ".join(words), business_key=sub_id)
    item, changed = _refresh(event.tenant_id, mode, sub_id, account, at, resource)
    emails.signed_up(item)  # the thank-you with the self-service link, once per subscription
    return Outcome(
        "processed", f"subscription {item.status}" if changed else "no change", business_key=sub_id
    )


def _refresh(
    tenant_id: str, mode: str, sub_id: str, account: GatewayAccount | None, at: int, snapshot: dict[str, Any]
) -> tuple[Subscription, bool]:
    """Keep the subscription to what PayPal says now (the event's snapshot when it cannot be asked)."""
    held = repository.of_gateway(tenant_id, "paypal", sub_id)
    resource, moment = snapshot, at
    if account is not None:
        try:
            resource, moment = paypal.fetch(account, sub_id), max(at, int(clock.now().timestamp()))
        except paypal_api.PayPalProblem as problem:
            if not snapshot.get("status"):
                if held is not None:
                    return held, False
                raise  # nothing to go by: retried later
            if not problem.rejected and held is None:
                raise  # PayPal unreachable and nothing known: retried later
    state = paypal.state_of(
        resource,
        int(held.amount or 0) if held is not None else 0,
        held.interval if held is not None else "month",
    )
    if state is None:
        raise RuntimeError("PayPal answered no subscription")
    state = paypal.with_pause(state, held.paused_until if held is not None else None)
    return sync.apply_state(tenant_id, "paypal", mode, state, at=moment)


def _subscription(
    tenant_id: str,
    mode: str,
    sub_id: str,
    account: GatewayAccount | None,
    at: int,
    snapshot: dict[str, Any] | None = None,
) -> tuple[Subscription, bool]:
    found = repository.of_gateway(tenant_id, "paypal", sub_id)
    if found is not None:
        return found, False
    if account is None:
        raise RuntimeError("a sale of a subscription not known here, and no PayPal account to ask")
    item, _ = _refresh(tenant_id, mode, sub_id, account, at, snapshot or {"id": sub_id})
    return item, True


def _sale(
    event: WebhookEvent, sale: dict[str, Any], account: GatewayAccount | None, mode: str, at: int
) -> Any:
    from functions.domain.imports.transforms import uk_date_of_utc
    from functions.webhooks.processing import Outcome
    from functions.webhooks.subscription_events import record_instalment

    sale_id = str(sale.get("id") or "")
    sub_id = str(sale.get("billing_agreement_id") or "")
    if not sale_id or not sub_id.startswith("I-"):
        return Outcome("ignored", "ignored: PAYMENT.SALE.COMPLETED (not a subscription's sale)")
    claimed, _ = paypal.custom_of(sale.get("custom"))
    if claimed and ":" in str(sale.get("custom")) and claimed != event.tenant_id:
        return Outcome("rejected", "rejected: mismatch", business_key=sale_id)
    if str(sale.get("state") or "completed").lower() != "completed":
        return Outcome("ignored", f"ignored: sale {sale.get('state')}", business_key=sale_id)
    subscription, fetched = _subscription(event.tenant_id, mode, sub_id, account, at)
    words = ["subscription fetched from PayPal"] if fetched else []
    amount = _dict(sale.get("amount"))
    gross = paypal._pence(amount.get("total") or amount.get("value"))
    if gross <= 0:
        return Outcome("ignored", "ignored: sale of nothing", business_key=sale_id)
    fee_value = _dict(sale.get("transaction_fee")).get("value")
    fee = paypal._pence(fee_value) if fee_value is not None else None
    sold_at = f.from_iso(sale.get("create_time")) or f.from_unix(at) or clock.now()
    paid_on = uk_date_of_utc(sold_at.astimezone(dt.UTC).replace(tzinfo=None)).isoformat()
    first, last = f.split_name(subscription.donor_name or "")
    fact = Fact(
        f.PAID,
        business_key=sale_id,
        at=f.from_unix(at) or sold_at,
        gross=gross,
        fee=fee,
        net=gross - fee if fee is not None else None,
        currency=str(amount.get("currency") or amount.get("currency_code") or "GBP").upper(),
        tenant_id=event.tenant_id,
        intent_id=subscription.intent_id,
        payer=f.Payer(first, last, subscription.donor_email or ""),
        created_at=sold_at,
    )
    outcome, after, changed = record_instalment(
        event,
        fact,
        account,
        subscription,
        paid_on,
        sale_id,
        gross,
        at,
        next_charge_date=_next_billing(account, sub_id),
    )
    if changed:
        words.append("instalment counted")
        emails.signed_up(after)  # a gift whose subscription events are late: its thank-you now
    if after.status == "failing" and account is not None:
        # PayPal clears its failure count with a paid cycle: its word says whether this sale
        # recovered the subscription (an older sale delivered late does not)
        refreshed, moved = _refresh(event.tenant_id, mode, sub_id, account, at, {"id": sub_id})
        if moved and refreshed.status != "failing":
            words.append(f"subscription {refreshed.status}")
    return Outcome(
        outcome.status,
        "; ".join([*words, outcome.result]),
        donation_id=outcome.donation_id,
        business_key=sale_id,
    )


def _next_billing(account: GatewayAccount | None, sub_id: str) -> str | None:
    """The subscription's next charge as PayPal has it after this sale (`billing_info.
    next_billing_time`); None when PayPal cannot be asked (the nightly reconciliation catches up)."""
    if account is None:
        return None
    try:
        resource = paypal.fetch(account, sub_id)
    except paypal_api.PayPalProblem:
        return None
    if str(resource.get("status") or "") != "ACTIVE":
        return None
    return paypal._day(_dict(resource.get("billing_info")).get("next_billing_time"))


def _sale_refunded(
    event: WebhookEvent, refund: dict[str, Any], account: GatewayAccount | None, at: int
) -> Any:
    """PAYMENT.SALE.REFUNDED (its resource the v1 refund, naming the sale by `sale_id`): applied
    to the sale's payment, the instalment's, as a one-off gift's refund is to its capture (each
    refund id counted once), then onto the subscription."""
    from functions.webhooks.processing import Outcome, _payment
    from functions.webhooks.subscription_events import record_refund

    sale_id, refund_id = str(refund.get("sale_id") or ""), str(refund.get("id") or "")
    if not sale_id or not refund_id:
        return Outcome("ignored", "ignored: PAYMENT.SALE.REFUNDED (no sale named)")
    claimed, _ = paypal.custom_of(refund.get("custom"))
    if claimed and ":" in str(refund.get("custom")) and claimed != event.tenant_id:
        return Outcome("rejected", "rejected: mismatch", business_key=sale_id)
    amount = _dict(refund.get("amount"))
    fact = Fact(
        f.REFUND,
        business_key=sale_id,
        at=f.from_unix(at) or clock.now(),
        refund_id=refund_id,
        refund_amount=paypal._pence(str(amount.get("total") or amount.get("value") or "0").lstrip("-")),
        currency=str(amount.get("currency") or amount.get("currency_code") or "GBP").upper(),
        tenant_id=event.tenant_id,
    )
    outcome = _payment(event, fact, account)
    words = [outcome.result, *record_refund(event.tenant_id, "paypal", sale_id)]
    return Outcome(outcome.status, "; ".join(w for w in words if w), outcome.donation_id, sale_id)
