"""The staff actions on a PayPal subscription (issue 17 §4, docs/api.md "Subscriptions"), called
by `service` once the item, its version and its status are checked. PayPal is asked first; the
subscription is then read back from PayPal and that answer is what is kept (a PayPal error: 502
with PayPal's message, nothing changed).

- pause: `POST …/suspend`. PayPal has no timed pause, so the months asked are kept as
  `paused_until` and `resume_due` (run by the nightly schedule) activates the subscription when
  that day comes;
- resume: `POST …/activate`;
- amount: `PATCH` of `/plan/billing_cycles/@sequence==1/pricing_scheme/fixed_price` (from the
  next cycle; PayPal needs no new approval from the donor for it);
- charge date: PayPal cannot move a subscription's billing day: 409 with a message saying so;
- cancel: `POST …/cancel` with the reason."""

from __future__ import annotations

from typing import Any

from functions.core import audit, clock
from functions.core.access import Principal
from functions.core.errors import Conflict
from functions.core.messages import CATALOG
from functions.core.observability import logger
from functions.gateways import paypal_api
from functions.gateways import repository as gateways
from functions.gateways.models import GatewayAccount
from functions.subscriptions import paypal, repository, service, sync
from functions.subscriptions.models import Subscription
from functions.subscriptions.schemas import (
    SubscriptionCancelBody,
    SubscriptionPauseBody,
    SubscriptionVersionBody,
)

MESSAGES: dict[str, dict[str, str]] = {
    "subscriptions.paypal_charge_date": {
        "en": "PayPal does not let a subscription's charge date be changed. The donor can cancel it and "
        "start a new monthly gift on the day they prefer.",
        "es": "PayPal no permite cambiar la fecha de cobro de una suscripción. El donante puede cancelarla "
        "y empezar una nueva donación mensual el día que prefiera.",
    },
}
CATALOG.update(MESSAGES)
PATCH_PATH = "/plan/billing_cycles/@sequence==1/pricing_scheme/fixed_price"


def _account(item: Subscription) -> GatewayAccount:
    account = gateways.connected(item.tenant_id).get("paypal")
    if account is None:
        raise Conflict("subscriptions.no_gateway", provider="PayPal")
    return account


def _call(account: GatewayAccount, method: str, path: str, body: Any = None) -> dict[str, Any]:
    try:
        return paypal_api.paypal_request(account, method, path, body)
    except paypal_api.PayPalProblem as problem:
        raise service.GatewayFailed(reason=problem.reason) from problem


def _path(item: Subscription, action: str = "") -> str:
    return f"/v1/billing/subscriptions/{item.gateway_subscription_id}" + (f"/{action}" if action else "")


def _read_back(
    item: Subscription,
    account: GatewayAccount,
    *,
    paused_until: str | None = None,
    by: str = "staff",
    reason: str | None = None,
) -> Subscription:
    fetched = _call(account, "GET", f"{_path(item)}?fields=plan")
    state = paypal.state_of(fetched, int(item.amount or 0), item.interval)
    if state is None:
        raise service.GatewayFailed(reason="PayPal answered no subscription")
    state = paypal.with_pause(state, paused_until)
    after, _ = sync.apply_state(
        item.tenant_id, "paypal", item.mode, state, at=int(clock.now().timestamp()), by=by, reason=reason
    )
    return after


def _by(who: Principal) -> str:
    """Who acted, for the history: staff, or the donor through a self-service link."""
    return str(getattr(who, "by", "staff"))


def _done(who: Principal, after: Subscription, what: str) -> dict[str, Any]:
    audit.record(
        who.tenant_id,
        f"subscription.{what}",
        actor_id=who.user_id,
        subscription_id=after.subscription_id,
        status=after.status,
    )
    return service.detail(after)


def pause(who: Principal, item: Subscription, body: SubscriptionPauseBody) -> dict[str, Any]:
    account = _account(item)
    resumes = service._add_months(clock.today(), body.months)
    note = f"Paused by the charity until {resumes.isoformat()}"
    _call(account, "POST", _path(item, "suspend"), {"reason": note})
    after = _read_back(
        item, account, paused_until=resumes.isoformat(), by=_by(who), reason=f"{body.months} month(s)"
    )
    return _done(who, after, "paused")


def resume(who: Principal, item: Subscription, body: SubscriptionVersionBody) -> dict[str, Any]:
    account = _account(item)
    _call(account, "POST", _path(item, "activate"), {"reason": "Resumed by the charity"})
    return _done(who, _read_back(item, account, by=_by(who)), "resumed")


def change_amount(who: Principal, item: Subscription, pence: int) -> dict[str, Any]:
    account = _account(item)
    value = {"currency_code": "GBP", "value": f"{pence // 100}.{pence % 100:02d}"}
    _call(account, "PATCH", _path(item), [{"op": "replace", "path": PATCH_PATH, "value": value}])  # type: ignore[arg-type]
    after = _read_back(item, account, paused_until=item.paused_until, by=_by(who))
    return _done(who, after, "amount_changed")


def change_charge_date(who: Principal, item: Subscription) -> dict[str, Any]:
    raise Conflict("subscriptions.paypal_charge_date")


def cancel(who: Principal, item: Subscription, body: SubscriptionCancelBody) -> dict[str, Any]:
    account = _account(item)
    _call(account, "POST", _path(item, "cancel"), {"reason": body.reason[:128]})
    return _done(who, _read_back(item, account, by=_by(who), reason=body.reason), "cancelled")


def resume_due(tenant_id: str) -> int:
    """Activate the charity's PayPal subscriptions whose timed pause has ended (the nightly
    schedule); a PayPal refusal is logged and tried again the next night. How many resumed."""
    today = clock.today().isoformat()
    resumed = 0
    due = Subscription.provider == "paypal"
    for item in repository.newest_first(tenant_id, due & (Subscription.status == "paused")):
        if not item.paused_until or item.paused_until > today:
            continue
        try:
            account = _account(item)
            _call(account, "POST", _path(item, "activate"), {"reason": "The pause has ended"})
            _read_back(item, account, by="staff", reason="the pause ended")
        except (service.GatewayFailed, Conflict):
            logger.warning("paypal subscription not resumed", extra={"subscription_id": item.subscription_id})
            continue
        resumed += 1
    return resumed
