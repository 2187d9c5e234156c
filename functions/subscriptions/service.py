"""The subscriptions screen (issue 17 §1-5, docs/api.md "Subscriptions"): the list, the month's
summary, one subscription with its history and instalments, and the staff actions. Every action
asks the gateway first and changes the item only with the gateway's answer (the state it
returns); a gateway error changes nothing and shows the gateway's own message."""

from __future__ import annotations

import calendar
import datetime as dt
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from functions.core import audit, clock
from functions.core.access import Principal
from functions.core.deferred import deferred_imports
from functions.core.errors import AlmonerError, Conflict
from functions.core.messages import current_locale
from functions.core.money import money_text
from functions.core.pagination import decode_cursor, encode_cursor, page_body
from functions.core.table import Entity
from functions.donations.models import Donation
from functions.funds import repository as funds
from functions.gateways import repository as gateways
from functions.gateways import stripe_api
from functions.gateways.service import NAMES
from functions.subscriptions import gateway, repository, sync
from functions.subscriptions import messages as msgs
from functions.subscriptions.models import Subscription

with deferred_imports():  # pydantic: only a filtered list needs it (ADR 0011)
    from functions.subscriptions.schemas import SubscriptionFilters

if TYPE_CHECKING:
    from functions.subscriptions.list_queries import SubscriptionListQuery
    from functions.subscriptions.schemas import (
        SubscriptionAmountBody,
        SubscriptionCancelBody,
        SubscriptionChargeDateBody,
        SubscriptionPauseBody,
        SubscriptionVersionBody,
    )

DETAIL_ROWS = 50


class GatewayFailed(AlmonerError):
    """502: the gateway refused or could not be reached; `reason` is its own message."""

    status = 502
    message_key = "subscriptions.gateway_said"


def pounds(pence: int) -> str:
    return money_text(Decimal(int(pence)) / 100)


def _iso(value: dt.datetime | None) -> str | None:
    return clock.iso(value) if value is not None else None


def view(item: Subscription, names: dict[str, str] | None = None) -> dict[str, Any]:
    names = names or {}
    return {
        "id": item.subscription_id,
        "provider": item.provider,
        "mode": item.mode,
        "gateway_subscription_id": item.gateway_subscription_id,
        "gateway_customer_id": item.gateway_customer_id,
        "donor_id": item.donor_id,
        "donor_name": item.donor_name,
        "donor_email": item.donor_email,
        "amount": pounds(int(item.amount or 0)),
        "currency": item.currency or "GBP",
        "interval": item.interval,
        "method": item.method,
        "status": item.status,
        "started_on": item.started_on,
        "next_charge_date": item.next_charge_date,
        "paused_until": item.paused_until,
        "failure_count": int(item.failure_count or 0),
        "last_failure_reason": item.last_failure_reason,
        "failing_since": item.failing_since,
        "cancelled_at": item.cancelled_at,
        "cancel_reason": item.cancel_reason,
        "fund_id": item.fund_id,
        "fund_name": names.get(f"fund:{item.fund_id}") if item.fund_id else None,
        "project_id": item.project_id,
        "source_page_id": item.source_page_id,
        "declaration_id": item.declaration_id,
        "instalments": int(item.instalments or 0),
        "total_given": pounds(int(item.total_given or 0)),
        "created_at": _iso(item.created_at),
        "updated_at": _iso(item.updated_at),
        "version": item.version,
    }


def _names(tenant_id: str, items: list[Subscription]) -> dict[str, str]:
    fund_ids = {str(i.fund_id) for i in items if i.fund_id}
    return funds.names_of(tenant_id, fund_ids, set()) if fund_ids else {}


# ------------------------------------------------------------------ list and summary
def listing(who: Principal, query: SubscriptionListQuery) -> dict[str, Any]:
    wanted = query.filters_as(SubscriptionFilters)
    condition: Any = None
    for name in ("status", "provider", "interval"):
        value = getattr(wanted, name, None)
        if value:
            clause = getattr(Subscription, name) == value
            condition = clause if condition is None else condition & clause
    search = " ".join(query.search.split()).lower()
    if search:
        clause = Subscription.search_name.startswith(search) | Subscription.search_email.startswith(search)
        condition = clause if condition is None else condition & clause
    start = decode_cursor(query.cursor)
    offset = int(start.get("offset", 0)) if start else (query.page - 1) * query.length
    rows = list(repository.newest_first(who.tenant_id, condition))
    page = rows[offset : offset + query.length]
    more = offset + query.length < len(rows)
    names = _names(who.tenant_id, page)
    return page_body(
        [view(row, names) for row in page],
        total=len(rows),
        query=query,
        next_cursor=encode_cursor({"offset": offset + query.length}) if more else None,
    )


def _month_of(text: str | None) -> str:
    return (text or "")[:7]


def _monthly(item: Subscription) -> Decimal:
    amount = Decimal(int(item.amount or 0))
    return amount / 12 if item.interval == "year" else amount


def summary(who: Principal) -> dict[str, Any]:
    month = clock.today().isoformat()[:7]
    every = list(repository.newest_first(who.tenant_id))
    live = [i for i in every if i.status in ("active", "failing")]
    recovered = [
        h
        for i in every
        for h in (i.history or [])
        if h.get("kind") == "recovered" and _month_of(str(h.get("at") or "")) == month
    ]
    income = sum((_monthly(i) for i in live if i.status == "active"), Decimal(0))
    return {
        "active_donors": len(
            {i.donor_id or i.donor_email or i.subscription_id for i in live if i.status == "active"}
        ),
        "monthly_recurring_income": money_text((income / 100).quantize(Decimal("0.01"))),
        "new_this_month": sum(1 for i in every if _month_of(i.started_on) == month),
        "cancelled_this_month": sum(
            1 for i in every if i.status in ("cancelled", "expired") and _month_of(i.cancelled_at) == month
        ),
        "failing": sum(1 for i in every if i.status == "failing"),
        "recovered_this_month": len(recovered),
        "recovered_income_this_month": pounds(sum(int(h.get("amount") or 0) for h in recovered)),
        "needs_attention": _needs_attention(who.tenant_id),
    }


def _needs_attention(tenant_id: str) -> int:
    """The open "needs attention" items of the nightly reconciliation."""
    from functions.subscriptions import reconcile

    return reconcile.open_count(tenant_id)


# ------------------------------------------------------------------ detail
def _instalments(item: Subscription) -> list[dict[str, Any]]:
    refs = [r for r in (item.instalment_refs or []) if r.get("donation_id")][-DETAIL_ROWS:]
    wanted = [Donation.key(item.tenant_id, str(r["donation_id"])) for r in refs]
    found = {d.donation_id: d for d in Entity.batch_get(wanted) if isinstance(d, Donation)} if wanted else {}
    rows = []
    for ref in reversed(refs):
        donation = found.get(str(ref["donation_id"]))
        if donation is None:
            continue
        rows.append(
            {
                "donation_id": donation.donation_id,
                "date": donation.donation_date,
                "amount": money_text(donation.amount),
                "status": donation.status,
                "gift_aid_status": donation.gift_aid_state,
                "invoice_id": str(ref.get("invoice_id")),
            }
        )
    rows.sort(key=lambda r: (r["date"], r["invoice_id"]), reverse=True)
    return rows


def detail(item: Subscription) -> dict[str, Any]:
    history = [
        {
            "at": h.get("at"),
            "kind": h.get("kind"),
            "from": h.get("from"),
            "to": h.get("to"),
            "by": h.get("by") or "gateway",
            "reason": h.get("reason"),
        }
        for h in reversed(item.history or [])
    ][:DETAIL_ROWS]
    return {
        **view(item, _names(item.tenant_id, [item])),
        "history": history,
        "instalment_donations": _instalments(item),
    }


def show(who: Principal, subscription_id: str) -> dict[str, Any]:
    return detail(repository.get_or_404(who.tenant_id, subscription_id))


# ------------------------------------------------------------------ staff actions
ALLOWED = {
    "pause": ("active",),
    "resume": ("paused",),
    "amount": ("active", "paused", "failing"),
    "charge_date": ("active", "paused", "failing"),
    "cancel": ("active", "paused", "failing", "incomplete"),
}


def _label(table: dict[str, dict[str, str]], key: str) -> str:
    return table.get(key, {}).get(current_locale(), table.get(key, {}).get("en", key))


def _ready(who: Principal, subscription_id: str, version: int, action: str) -> Subscription:
    item = repository.get_or_404(who.tenant_id, subscription_id)
    if version != item.version:
        raise Conflict("subscriptions.stale")
    if item.status not in ALLOWED[action]:
        raise Conflict(
            "subscriptions.wrong_status",
            status=_label(msgs.STATUS_LABELS, item.status),
            action=_label(msgs.ACTION_LABELS, action),
        )
    if item.provider not in ("stripe", "paypal"):
        raise Conflict("subscriptions.not_supported", provider=NAMES.get(item.provider, item.provider))
    return item


def _stripe(item: Subscription, call: str, params: dict[str, Any]) -> dict[str, Any]:
    """One call to the charity's Stripe account about this subscription: its answer, or 502."""
    import stripe

    account = gateways.connected(item.tenant_id).get("stripe")
    if account is None:
        raise Conflict("subscriptions.no_gateway", provider="Stripe")
    client = stripe_api.stripe_client(account).v1.subscriptions
    try:
        if call == "retrieve":
            answer = client.retrieve(item.gateway_subscription_id)
        elif call == "cancel":
            answer = client.cancel(item.gateway_subscription_id, params=params)  # type: ignore[arg-type]
        else:
            answer = client.update(item.gateway_subscription_id, params=params)  # type: ignore[arg-type]
    except stripe.StripeError as error:
        raise GatewayFailed(reason=stripe_api.problem(error).reason) from error
    return dict(answer.to_dict())


def _confirmed(
    who: Principal,
    item: Subscription,
    answer: dict[str, Any],
    what: str,
    reason: str | None = None,
    action: str | None = None,
) -> dict[str, Any]:
    state = gateway.stripe_state(answer)
    if state is None:
        raise GatewayFailed(reason="Stripe answered no subscription")
    after, _ = sync.apply_state(
        item.tenant_id,
        item.provider,
        item.mode,
        state,
        at=int(clock.now().timestamp()),
        by=getattr(who, "by", "staff"),  # a donor's self-service link acts through here too
        reason=reason,
        action=action,
    )
    audit.record(
        who.tenant_id,
        f"subscription.{what}",
        actor_id=who.user_id,
        subscription_id=item.subscription_id,
        status=after.status,
    )
    return detail(after)


def _paypal() -> Any:
    """The PayPal actions (paypal_actions.py; imported on use, as it uses this module)."""
    from functions.subscriptions import paypal_actions

    return paypal_actions


def _add_months(day: dt.date, months: int) -> dt.date:
    index = day.month - 1 + months
    year, month = day.year + index // 12, index % 12 + 1
    return day.replace(year=year, month=month, day=min(day.day, calendar.monthrange(year, month)[1]))


def _noon(day: dt.date) -> int:
    return int(dt.datetime(day.year, day.month, day.day, 12, tzinfo=dt.UTC).timestamp())


def pause(who: Principal, subscription_id: str, body: SubscriptionPauseBody) -> dict[str, Any]:
    item = _ready(who, subscription_id, body.version, "pause")
    if item.provider == "paypal":
        return _paypal().pause(who, item, body)
    resumes = _add_months(clock.today(), body.months)
    answer = _stripe(item, "update", {"pause_collection": {"behavior": "void", "resumes_at": _noon(resumes)}})
    return _confirmed(who, item, answer, "paused", reason=f"{body.months} month(s)")


def resume(who: Principal, subscription_id: str, body: SubscriptionVersionBody) -> dict[str, Any]:
    item = _ready(who, subscription_id, body.version, "resume")
    if item.provider == "paypal":
        return _paypal().resume(who, item, body)
    answer = _stripe(item, "update", {"pause_collection": ""})
    return _confirmed(who, item, answer, "resumed")


def change_amount(who: Principal, subscription_id: str, body: SubscriptionAmountBody) -> dict[str, Any]:
    from functions.core.errors import Invalid

    pence = int((body.amount * 100).to_integral_value())
    if not 100 <= pence <= 1_000_000:
        raise Invalid.field("amount", "subscriptions.amount_range")
    item = _ready(who, subscription_id, body.version, "amount")
    if pence == int(item.amount or 0):
        raise Invalid.field("amount", "subscriptions.same_amount")
    if item.provider == "paypal":
        return _paypal().change_amount(who, item, pence)
    current = _stripe(item, "retrieve", {})
    data = (current.get("items") or {}).get("data") or [{}]
    price = data[0].get("price") or {}
    product = price.get("product")
    product_id = product.get("id") if isinstance(product, dict) else product
    answer = _stripe(
        item,
        "update",
        {
            "items": [
                {
                    "id": data[0].get("id"),
                    "price_data": {
                        "currency": str(price.get("currency") or "gbp"),
                        "product": product_id,
                        "unit_amount": pence,
                        "recurring": {"interval": item.interval},
                    },
                }
            ],
            "proration_behavior": "none",
        },
    )
    return _confirmed(who, item, answer, "amount_changed")


def change_charge_date(
    who: Principal, subscription_id: str, body: SubscriptionChargeDateBody
) -> dict[str, Any]:
    item = _ready(who, subscription_id, body.version, "charge_date")
    if item.provider == "paypal":
        return _paypal().change_charge_date(who, item)
    today = clock.today()
    target = today.replace(day=body.day)
    if target <= today:
        target = _add_months(target, 1)
    # Stripe moves a subscription's billing day with a free period until the new date
    answer = _stripe(item, "update", {"trial_end": _noon(target), "proration_behavior": "none"})
    return _confirmed(who, item, answer, "charge_date_changed", action="charge_date")


def cancel(who: Principal, subscription_id: str, body: SubscriptionCancelBody) -> dict[str, Any]:
    item = _ready(who, subscription_id, body.version, "cancel")
    if item.provider == "paypal":
        return _paypal().cancel(who, item, body)
    answer = _stripe(item, "cancel", {"cancellation_details": {"comment": body.reason}})
    return _confirmed(who, item, answer, "cancelled", reason=body.reason)
