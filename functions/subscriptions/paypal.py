"""PayPal Subscriptions (issue 17 §1-4): the plans a recurring gift is made on, the start of a
subscription from the donation page, PayPal's subscription object in Almoner's terms, and the
staff actions on a PayPal subscription (PayPal first; its answer, read back, is what is kept).

Plans: one PayPal product per charity's PayPal app ("Donations to <charity>") and one plan per
amount and interval, created on first use and remembered here (`PayPalPlan`, keyed by the app's
client id, so a reconnected app gets its own); a plan PayPal no longer knows is made again.

Statuses (never guessed): ACTIVE→active (failing while PayPal counts consecutive failed payments),
SUSPENDED→paused, CANCELLED→cancelled, EXPIRED→expired, APPROVAL_PENDING/APPROVED→incomplete.

Staff actions: pause = suspend (PayPal has no timed pause: the months asked are kept as
`paused_until`, and `resume_due` activates the subscriptions whose date has come; the nightly
schedule calls it); resume = activate; amount = PATCH of the subscription's fixed price (from the
next cycle, no buyer approval needed); charge date: PayPal cannot move a subscription's billing
day, so 409 with a clear message; cancel = cancel with the reason."""

from __future__ import annotations

import dataclasses
import datetime as dt
from typing import Any

from pynamodb.attributes import UnicodeAttribute, UTCDateTimeAttribute

from functions.core import clock, keys
from functions.core.table import Entity
from functions.gateways import paypal_api
from functions.gateways.models import GatewayAccount
from functions.subscriptions.gateway import State

PAYPAL_STATUS = {
    "ACTIVE": "active",
    "SUSPENDED": "paused",
    "CANCELLED": "cancelled",
    "EXPIRED": "expired",
    "APPROVAL_PENDING": "incomplete",
    "APPROVED": "incomplete",
}
UNIT = {"month": "MONTH", "year": "YEAR"}
INTERVAL = {"MONTH": "month", "YEAR": "year"}
FAILURE_REASONS = {
    "PAYMENT_DENIED": "PayPal denied the payment.",
    "INTERNAL_SERVER_ERROR": "PayPal could not take the payment (an error at PayPal).",
    "PAYEE_ACCOUNT_RESTRICTED": "The charity's PayPal account is restricted.",
    "PAYER_ACCOUNT_RESTRICTED": "The donor's PayPal account is restricted.",
    "PAYER_CANNOT_PAY": "The donor's PayPal account cannot pay.",
    "SENDING_LIMIT_EXCEEDED": "The donor's PayPal sending limit was exceeded.",
    "TRANSACTION_RECEIVING_LIMIT_EXCEEDED": "The charity's PayPal receiving limit was exceeded.",
    "CURRENCY_MISMATCH": "The payment was in another currency.",
}


class PayPalPlan(Entity, discriminator="PayPalPlan"):
    """A PayPal product or plan made for the charity's PayPal app (remembered, reused)."""

    tenant_id = UnicodeAttribute()
    paypal_id = UnicodeAttribute()  # PROD-… or P-…
    created_at = UTCDateTimeAttribute()


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _pence(value: Any) -> int:
    text = str(value or "0").strip()
    whole, _, frac = text.partition(".")
    try:
        return int(whole or "0") * 100 + int((frac + "00")[:2])
    except ValueError:
        return 0


def _money(pence: int) -> str:
    return f"{pence // 100}.{pence % 100:02d}"


def _day(value: Any) -> str | None:
    moment = _moment(value)
    return moment.date().isoformat() if moment else None


def _moment(value: Any) -> dt.datetime | None:
    if not isinstance(value, str) or not value:
        return None
    try:
        moment = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)


def unix(value: Any) -> int:
    moment = _moment(value)
    return int(moment.timestamp()) if moment else 0


def custom_of(value: Any) -> tuple[str | None, str | None]:
    """(tenant, intent) from a custom_id "<tenant>:<intent>"."""
    tenant, _, intent = str(value or "").partition(":")
    return (tenant or None, intent or None)


# ------------------------------------------------------------------ the subscription object
def state_of(resource: dict[str, Any], held_amount: int = 0, held_interval: str = "month") -> State | None:
    """PayPal's subscription object (`fields=plan` for its price; else the amount held) in
    Almoner's terms; None without an id."""
    sub_id = str(resource.get("id") or "")
    if not sub_id.startswith("I-"):
        return None
    raw = str(resource.get("status") or "")
    status = PAYPAL_STATUS.get(raw, "incomplete")
    info = _dict(resource.get("billing_info"))
    if status == "active" and int(info.get("failed_payments_count") or 0) > 0:
        status = "failing"
    cycles = _dict(resource.get("plan")).get("billing_cycles") or []
    regular = next((_dict(c) for c in cycles if _dict(c).get("tenure_type") == "REGULAR"), {})
    price = _dict(_dict(regular.get("pricing_scheme")).get("fixed_price"))
    amount = _pence(price.get("value")) if price else held_amount
    unit = str(_dict(regular.get("frequency")).get("interval_unit") or "")
    ended = status in ("cancelled", "expired")
    subscriber = _dict(resource.get("subscriber"))
    name = _dict(subscriber.get("name"))
    tenant, intent = custom_of(resource.get("custom_id"))
    metadata = {
        "subscriber_name": " ".join(
            str(name.get(k) or "").strip() for k in ("given_name", "surname") if name.get(k)
        ),
        "subscriber_email": str(subscriber.get("email_address") or ""),
    }
    if tenant:
        metadata["almoner_tenant"] = tenant
    if intent:
        metadata["almoner_intent"] = intent
    return State(
        gateway_subscription_id=sub_id,
        status=status,
        amount=amount,
        interval=INTERVAL.get(unit, held_interval),
        method="paypal",
        started_on=_day(resource.get("start_time"))
        or _day(resource.get("create_time"))
        or clock.today().isoformat(),
        next_charge_date=None if ended or status == "paused" else _day(info.get("next_billing_time")),
        paused_until=None,
        cancelled_at=(_moment(resource.get("status_update_time")) or clock.now()).strftime(
            "%Y-%m-%dT%H:%M:%SZ"
        )
        if ended
        else None,
        cancel_reason=(str(resource.get("status_change_note") or "") or None) if ended else None,
        gateway_customer_id=str(subscriber.get("payer_id") or "") or None,
        item_id=None,
        currency=str(price.get("currency_code") or "GBP").upper(),
        metadata=metadata,
    )


def with_pause(state: State, paused_until: str | None) -> State:
    """PayPal knows no resume date: a suspended subscription keeps the one recorded here."""
    return dataclasses.replace(state, paused_until=paused_until if state.status == "paused" else None)


def fetch(account: GatewayAccount, sub_id: str) -> dict[str, Any]:
    """The subscription as PayPal has it now, with its plan (the price)."""
    return paypal_api.paypal_request(account, "GET", f"/v1/billing/subscriptions/{sub_id}?fields=plan")


def failure_reason(resource: dict[str, Any]) -> str:
    failed = _dict(_dict(resource.get("billing_info")).get("last_failed_payment"))
    code = str(failed.get("reason_code") or "")
    return FAILURE_REASONS.get(code) or (f"The payment failed ({code})." if code else "The payment failed.")


# ------------------------------------------------------------------ plans and the sign-up
def _remembered(tenant_id: str, what: str) -> str | None:
    try:
        return str(PayPalPlan.get(keys.tenant_pk(tenant_id), what).paypal_id)
    except PayPalPlan.DoesNotExist:
        return None


def _remember(tenant_id: str, what: str, paypal_id: str) -> None:
    PayPalPlan(
        keys.tenant_pk(tenant_id), what, tenant_id=tenant_id, paypal_id=paypal_id, created_at=clock.now()
    ).save()


def _product(account: GatewayAccount, charity: str) -> str:
    what = keys.paypal_product_sk(account.public_key)
    found = _remembered(account.tenant_id, what)
    if found:
        return found
    made = paypal_api.paypal_request(
        account,
        "POST",
        "/v1/catalogs/products",
        {"name": f"Donations to {charity}"[:127], "type": "SERVICE", "category": "CHARITY"},
    )
    if not made.get("id"):
        raise paypal_api.PayPalProblem("PayPal answered no product", rejected=False)
    _remember(account.tenant_id, what, str(made["id"]))
    return str(made["id"])


def plan_for(account: GatewayAccount, charity: str, pence: int, interval: str, *, fresh: bool = False) -> str:
    """The plan of this amount and interval on the charity's PayPal app (made once)."""
    what = keys.paypal_plan_sk(account.public_key, interval, pence)
    found = None if fresh else _remembered(account.tenant_id, what)
    if found:
        return found
    every = "Monthly" if interval == "month" else "Annual"
    made = paypal_api.paypal_request(
        account,
        "POST",
        "/v1/billing/plans",
        {
            "product_id": _product(account, charity),
            "name": f"{every} gift of £{_money(pence)}"[:127],
            "status": "ACTIVE",
            "billing_cycles": [
                {
                    "frequency": {"interval_unit": UNIT[interval], "interval_count": 1},
                    "tenure_type": "REGULAR",
                    "sequence": 1,
                    "total_cycles": 0,
                    "pricing_scheme": {"fixed_price": {"currency_code": "GBP", "value": _money(pence)}},
                }
            ],
            "payment_preferences": {"auto_bill_outstanding": True, "payment_failure_threshold": 3},
        },
    )
    if not made.get("id"):
        raise paypal_api.PayPalProblem("PayPal answered no plan", rejected=False)
    _remember(account.tenant_id, what, str(made["id"]))
    return str(made["id"])


def start(
    account: GatewayAccount,
    *,
    tenant_id: str,
    intent_id: str,
    charity: str,
    pence: int,
    interval: str,
    donor: dict[str, str],
    return_url: str,
    cancel_url: str,
) -> tuple[str, str]:
    """A PayPal subscription awaiting the donor's approval: (its id, the approval address)."""
    body: dict[str, Any] = {
        "custom_id": f"{tenant_id}:{intent_id}",
        "subscriber": {
            "name": {
                "given_name": donor.get("first_name", "")[:140],
                "surname": donor.get("last_name", "")[:140],
            },
            "email_address": donor.get("email", ""),
        },
        "application_context": {
            "brand_name": charity[:127],
            "shipping_preference": "NO_SHIPPING",
            "user_action": "SUBSCRIBE_NOW",
            "return_url": return_url,
            "cancel_url": cancel_url,
        },
    }
    try:
        made = paypal_api.paypal_request(
            account,
            "POST",
            "/v1/billing/subscriptions",
            {**body, "plan_id": plan_for(account, charity, pence, interval)},
        )
    except paypal_api.PayPalProblem as problem:
        if problem.status not in (400, 404, 422):
            raise
        # the remembered plan may be gone at PayPal (deleted, another sandbox): make it again
        plan_id = plan_for(account, charity, pence, interval, fresh=True)
        made = paypal_api.paypal_request(
            account, "POST", "/v1/billing/subscriptions", {**body, "plan_id": plan_id}
        )
    links = made.get("links") or []
    approve = next(
        (link.get("href") for link in links if isinstance(link, dict) and link.get("rel") == "approve"), None
    )
    if not made.get("id") or not approve:
        raise paypal_api.PayPalProblem("no approval address", rejected=False)
    return str(made["id"]), str(approve)
