"""PayPal's side of the nightly reconciliation (issue 17 item 5; `reconcile` runs it for a charity
with PayPal connected and keeps the "needs attention" items).

Each PayPal subscription not ended here is read from PayPal (`GET /v1/billing/subscriptions/{id}
?fields=plan`, as the staff actions read it back) and compared on status, amount, interval and
next charge date; each subscription, ended here within the window too, has its last 7 days of
transactions read (`GET /v1/billing/subscriptions/{id}/transactions?start_time=&end_time=`), and
every completed one must have its donation here (an instalment is keyed by its sale id, the
transaction's id). A subscription PayPal cannot be asked about keeps its open items as they are.

"Apply the gateway's state": a subscription mismatch reads the subscription back and applies it
through `sync.apply_state` (as a webhook would); a missing donation stores the transaction as a
PAYMENT.SALE.COMPLETED event (`WH-reconcile-<sale id>`) and applies it at once through the
webhooks' own processing, which makes one donation per sale id: the real event arriving later,
or applying twice, never doubles it."""

from __future__ import annotations

import datetime as dt
from typing import Any

from functions.core import clock
from functions.core.errors import Conflict
from functions.gateways import paypal_api
from functions.gateways.models import GatewayAccount
from functions.subscriptions import paypal, repository, sync
from functions.subscriptions.models import Subscription
from functions.subscriptions.reconcile import (
    ENDED,
    INVOICE_DAYS,
    AttentionItem,
    Findings,
    _differences,
    _pounds,
    apply_fetched,
    has_donation,
)

PAID = ("COMPLETED", "PARTIALLY_REFUNDED", "REFUNDED")  # a sale refunded since was still given first


def _stamp(moment: dt.datetime) -> str:
    return moment.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%S.000Z")


def transactions(
    account: GatewayAccount, sub_id: str, since: dt.datetime, until: dt.datetime
) -> list[dict[str, Any]]:
    """The subscription's transactions between `since` and `until` (PayPal's own list)."""
    answer = paypal_api.paypal_request(
        account,
        "GET",
        f"/v1/billing/subscriptions/{sub_id}/transactions?start_time={_stamp(since)}&end_time={_stamp(until)}",
    )
    rows = answer.get("transactions") or []
    return [r for r in rows if isinstance(r, dict)]


def _gross(transaction: dict[str, Any]) -> tuple[int, str]:
    gross = (transaction.get("amount_with_breakdown") or {}).get("gross_amount") or {}
    return paypal._pence(gross.get("value")), str(gross.get("currency_code") or "GBP").upper()


def _state(sub: Subscription, resource: dict[str, Any]) -> Any:
    state = paypal.state_of(resource, int(sub.amount or 0), sub.interval)
    return paypal.with_pause(state, sub.paused_until) if state is not None else None


def check(tenant_id: str, account: GatewayAccount, findings: Findings) -> tuple[int, int]:
    """Note each PayPal mismatch: (subscriptions checked, transactions read)."""
    since = findings.now - dt.timedelta(days=INVOICE_DAYS)
    checked = read = 0
    for sub in repository.newest_first(tenant_id, Subscription.provider == "paypal"):
        ended = sub.status in ENDED
        if ended and (sub.cancelled_at or "") < since.strftime("%Y-%m-%dT%H:%M:%SZ"):
            continue  # ended before the window: no payment of it left to check
        gateway_id = sub.gateway_subscription_id
        try:
            if not ended:
                checked += 1
                state = _state(sub, paypal.fetch(account, gateway_id))
                for kind, held, said in _differences(sub, state) if state is not None else []:
                    findings.note("paypal", kind, sub.subscription_id, sub, gateway_id, held=held, said=said)
            paid = transactions(account, gateway_id, since, findings.now)
        except paypal_api.PayPalProblem:
            findings.unasked.add(gateway_id)  # asked again next time; what is open stays open
            continue
        read += len(paid)
        for transaction in paid:
            sale_id = str(transaction.get("id") or "")
            gross, _ = _gross(transaction)
            if str(transaction.get("status") or "") not in PAID or not sale_id or gross <= 0:
                continue
            if has_donation(sub, sale_id):
                continue
            findings.note(
                "paypal",
                "missing_donation",
                sale_id,
                sub,
                gateway_id,
                invoice_id=sale_id,
                held=None,
                said=_pounds(gross),
            )
    return checked, read


def apply(tenant_id: str, item: AttentionItem) -> None:
    """PayPal's present word onto Almoner (see the module's docstring); 502 with PayPal's message
    when it cannot be asked, nothing changed."""
    from functions.gateways import repository as gateways
    from functions.subscriptions.service import GatewayFailed

    account = gateways.connected(tenant_id).get("paypal")
    if account is None:
        raise Conflict("subscriptions.no_gateway", provider="PayPal")
    held = repository.of_gateway(tenant_id, "paypal", item.gateway_subscription_id)
    if held is None:
        raise Conflict("subscriptions.attention_gone")
    try:
        if item.kind == "missing_donation":
            since = item.found_at - dt.timedelta(days=INVOICE_DAYS + 1)
            found = [
                t
                for t in transactions(account, held.gateway_subscription_id, since, clock.now())
                if str(t.get("id") or "") == item.invoice_id
            ]
            if not found:
                raise Conflict("subscriptions.attention_gone")
            _record_sale(tenant_id, account, held.gateway_subscription_id, found[0])
            return
        state = _state(held, paypal.fetch(account, held.gateway_subscription_id))
    except paypal_api.PayPalProblem as problem:
        raise GatewayFailed(reason=problem.reason) from problem
    if state is None:
        raise Conflict("subscriptions.attention_gone")
    sync.apply_state(
        tenant_id,
        "paypal",
        str(account.mode or "test"),
        state,
        at=max(int(clock.now().timestamp()), int(held.gateway_at or 0)),
        reason="reconciliation",
    )


def _record_sale(tenant_id: str, account: GatewayAccount, sub_id: str, transaction: dict[str, Any]) -> None:
    """The transaction as a PAYMENT.SALE.COMPLETED event, stored once and applied now by the
    webhooks' own processing (one donation per sale id)."""
    sale_id = str(transaction["id"])
    gross, currency = _gross(transaction)
    breakdown = transaction.get("amount_with_breakdown") or {}
    fee = (breakdown.get("fee_amount") or {}).get("value")
    moment = str(transaction.get("time") or "") or clock.now().strftime("%Y-%m-%dT%H:%M:%SZ")
    sale: dict[str, Any] = {
        "id": sale_id,
        "state": "completed",
        "amount": {"total": _pounds(gross), "currency": currency},
        "billing_agreement_id": sub_id,
        "create_time": moment,
        "update_time": moment,
    }
    if fee is not None:
        sale["transaction_fee"] = {"value": str(fee), "currency": currency}
    event_id = f"WH-reconcile-{sale_id}"
    payload = {
        "id": event_id,
        "event_version": "1.0",
        "create_time": moment,
        "resource_type": "sale",
        "event_type": "PAYMENT.SALE.COMPLETED",
        "summary": "A sale found by the reconciliation with PayPal.",
        "resource": sale,
    }
    apply_fetched("paypal", tenant_id, account, event_id, payload)
