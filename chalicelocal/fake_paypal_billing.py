"""The fake PayPal's Subscriptions API (issue 17), mixed into `FakePayPal` (chalicelocal/fake_paypal.py):

- `POST/GET /v1/catalogs/products(/{id})`; `POST/GET /v1/billing/plans(/{id})` (one REGULAR cycle
  of MONTH or YEAR, a GBP fixed price);
- `POST /v1/billing/subscriptions {plan_id, custom_id, subscriber, application_context}` →
  APPROVAL_PENDING with an `approve` link to the fake's hosted page
  `GET /fake-paypal/webapps/billing/subscriptions?ba_token=…` ("Subscribe" or "Cancel"); approving
  activates it and charges the first cycle at once (BILLING.SUBSCRIPTION.ACTIVATED,
  PAYMENT.SALE.COMPLETED), then redirects to the return_url with `subscription_id`, `ba_token` and
  `token` appended as PayPal does;
- `GET /v1/billing/subscriptions/{id}` (`?fields=plan` adds the plan with the subscription's own
  price); `POST …/{id}/suspend`, `…/activate`, `…/cancel` (`{reason}`, 204, the reason kept as
  `status_change_note`); `PATCH …/{id}` replacing
  `/plan/billing_cycles/@sequence==1/pricing_scheme/fixed_price` (the amount revised from the next
  cycle, no buyer approval; BILLING.SUBSCRIPTION.UPDATED);
- `GET /v1/billing/subscriptions/{id}/transactions?start_time=&end_time=` (both required): the
  sales the fake made for it in that window, as PayPal lists them (`id` = the sale id, `status`,
  `amount_with_breakdown`, `payer_name`, `payer_email`, `time`);
- `POST /v1/payments/sale/{id}/refund` (`{}` for all that is left, or `{amount: {total, currency}}`):
  PAYMENT.SALE.REFUNDED, its resource the v1 refund naming the sale (`sale_id`);
- test helpers (fake-only): `POST /fake-paypal/test-helpers/subscriptions/{id}/renew`
  (form `outcome=paid|failed`: a sale PAYMENT.SALE.COMPLETED with `billing_agreement_id`, or a
  failed attempt BILLING.SUBSCRIPTION.PAYMENT.FAILED; at the plan's failure threshold the
  subscription is SUSPENDED), `…/{id}/expire` (EXPIRED), and
  `POST /fake-paypal/test-helpers/fail-next` (form `client_id`, `message`: the app's next change of
  a subscription answers 422 with that message). In process: `approve_subscription`, `renew`,
  `expire`, `fail_next`.

Every event is BILLING.SUBSCRIPTION.CREATED/ACTIVATED/UPDATED/SUSPENDED/CANCELLED/EXPIRED/
PAYMENT.FAILED (resource: the subscription) or PAYMENT.SALE.COMPLETED (resource: the v1 sale)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qsl

from chalicelocal.fake_common import (
    Answer,
    decimal_string,
    esc,
    json_answer,
    page,
    percent_fee,
    pounds,
    redirect,
)

SUBSCRIPTION_EVENTS = {
    "BILLING.SUBSCRIPTION.CREATED": "A billing subscription is created.",
    "BILLING.SUBSCRIPTION.ACTIVATED": "A billing subscription is activated.",
    "BILLING.SUBSCRIPTION.UPDATED": "A billing subscription is updated.",
    "BILLING.SUBSCRIPTION.SUSPENDED": "A billing subscription is suspended.",
    "BILLING.SUBSCRIPTION.CANCELLED": "A billing subscription is cancelled.",
    "BILLING.SUBSCRIPTION.EXPIRED": "A billing subscription expires.",
    "BILLING.SUBSCRIPTION.PAYMENT.FAILED": "Payment failed on a subscription.",
    "PAYMENT.SALE.COMPLETED": "A sale completes.",
    "PAYMENT.SALE.REFUNDED": "A merchant refunds a sale.",
}
UNITS = ("MONTH", "YEAR")


def _iso(moment: dt.datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def _later(moment: dt.datetime, unit: str) -> dt.datetime:
    months = 12 if unit == "YEAR" else 1
    index = moment.month - 1 + months
    year, month = moment.year + index // 12, index % 12 + 1
    return moment.replace(year=year, month=month, day=min(moment.day, 28))


class BillingMixin:
    """Products, plans and subscriptions; needs FakePayPal's lock, owner, apps, _emit."""

    products: dict[str, dict[str, Any]]
    plans: dict[str, dict[str, Any]]
    subscriptions: dict[str, dict[str, Any]]
    sales: dict[str, dict[str, Any]]
    failing_next: dict[str, str]
    owner: dict[str, str]
    apps: dict[str, Any]
    public_base: str

    # the fake's own event emitter (chalicelocal/fake_paypal.py): (client_id, kind, obj, base,
    # resource_type="")
    _emit: Callable[..., None]

    def _billing_init(self) -> None:
        self.products, self.plans, self.subscriptions, self.sales = {}, {}, {}, {}
        self.failing_next = {}

    # ------------------------------------------------------------ in-process helpers (tests)

    def approve_subscription(self, subscription_id: str) -> None:
        with self.lock:  # type: ignore[attr-defined]
            self._activate_first(subscription_id)

    def renew(self, subscription_id: str, paid: bool = True) -> dict[str, Any]:
        with self.lock:  # type: ignore[attr-defined]
            return self._renew(subscription_id, paid)

    def expire(self, subscription_id: str) -> None:
        with self.lock:  # type: ignore[attr-defined]
            self._set_status(self._sub_any(subscription_id), "EXPIRED", "", "BILLING.SUBSCRIPTION.EXPIRED")

    def fail_next(self, client_id: str, message: str) -> None:
        with self.lock:  # type: ignore[attr-defined]
            self.failing_next[client_id] = message

    # ------------------------------------------------------------ routes

    def _billing(
        self, client_id: str, method: str, parts: list[str], query: str, data: dict[str, Any], base: str
    ) -> Answer:
        from chalicelocal.fake_paypal import _not_found

        if parts[:3] == ["v1", "catalogs", "products"]:
            if len(parts) == 3 and method == "POST":
                return json_answer(201, self._create_product(client_id, data, base))
            if len(parts) == 4 and method == "GET":
                return json_answer(200, self._mine(self.products, client_id, parts[3], "product"))
        if parts[:3] == ["v1", "billing", "plans"]:
            if len(parts) == 3 and method == "POST":
                return json_answer(201, self._create_plan(client_id, data, base))
            if len(parts) == 4 and method == "GET":
                return json_answer(200, self._mine(self.plans, client_id, parts[3], "plan"))
        if parts[:3] == ["v1", "billing", "subscriptions"]:
            if len(parts) == 3 and method == "POST":
                return json_answer(201, self._create_subscription(client_id, data, base))
            if len(parts) >= 4:
                sub = self._sub(client_id, parts[3])
                if len(parts) == 5 and parts[4] == "transactions" and method == "GET":
                    return json_answer(200, self._transactions(sub, dict(parse_qsl(query))))
                if len(parts) == 4 and method == "GET":
                    fields = dict(parse_qsl(query)).get("fields", "")
                    return json_answer(200, self._sub_view(sub, base, with_plan="plan" in fields.split(",")))
                if (len(parts) == 4 and method == "PATCH") or (len(parts) == 5 and method == "POST"):
                    self._maybe_fail(client_id)
                if len(parts) == 4 and method == "PATCH":
                    self._patch(sub, data)
                    return Answer(204)
                if len(parts) == 5 and method == "POST" and parts[4] in ("suspend", "activate", "cancel"):
                    self._change(sub, parts[4], data)
                    return Answer(204)
        if parts[:3] == ["v1", "payments", "sale"] and len(parts) == 5 and parts[4] == "refund":
            if method == "POST":
                return json_answer(201, self._refund_sale(client_id, parts[3], data, base))
        raise _not_found("path", "/" + "/".join(parts))

    def _helper(self, method: str, path: str, form: dict[str, str]) -> Answer:
        """`/test-helpers/…` (fake-only; the local stack's and the tests' way to move time)."""
        from chalicelocal.fake_paypal import PayPalError

        parts = path.strip("/").split("/")
        try:
            with self.lock:  # type: ignore[attr-defined]
                if parts == ["test-helpers", "fail-next"] and method == "POST":
                    if form.get("client_id", "") not in self.apps:
                        return json_answer(404, {"name": "RESOURCE_NOT_FOUND", "message": "No such app."})
                    self.failing_next[form["client_id"]] = form.get("message") or "Fake failure."
                    return json_answer(200, {"client_id": form["client_id"]})
                if len(parts) == 4 and parts[:2] == ["test-helpers", "subscriptions"] and method == "POST":
                    if parts[3] == "renew":
                        outcome = form.get("outcome", "paid")
                        if outcome not in ("paid", "failed"):
                            return json_answer(
                                400, {"name": "INVALID_REQUEST", "message": "outcome: paid|failed"}
                            )
                        return json_answer(200, self._renew(parts[2], outcome == "paid"))
                    if parts[3] == "expire":
                        sub = self._sub_any(parts[2])
                        self._set_status(sub, "EXPIRED", "", "BILLING.SUBSCRIPTION.EXPIRED")
                        return json_answer(200, self._sub_view(sub, self.public_base))
        except PayPalError as error:
            return error.answer()
        return Answer(404, b"Not found\n", {"Content-Type": "text/plain; charset=utf-8"})

    # ------------------------------------------------------------ catalog and plans

    def _mine(
        self, store: dict[str, dict[str, Any]], client_id: str, obj_id: str, kind: str
    ) -> dict[str, Any]:
        from chalicelocal.fake_paypal import _not_found, _public

        found = store.get(obj_id)
        if found is None or self.owner.get(obj_id) != client_id:
            raise _not_found(kind, obj_id)
        return _public(found)

    def _create_product(self, client_id: str, data: dict[str, Any], base: str) -> dict[str, Any]:
        from chalicelocal.fake_paypal import _invalid, _now_iso, _pp_id

        name = data.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 127:
            raise _invalid("INVALID_STRING_LENGTH", "name: 1 to 127 characters.", "/name")
        if data.get("type") not in ("PHYSICAL", "DIGITAL", "SERVICE"):
            raise _invalid("INVALID_PARAMETER_VALUE", "type must be PHYSICAL, DIGITAL or SERVICE.", "/type")
        product_id = f"PROD-{_pp_id(17)}"
        now = _now_iso()
        product = {
            "id": product_id,
            "name": name,
            "type": data["type"],
            "category": data.get("category") or None,
            "create_time": now,
            "update_time": now,
            "links": [{"href": f"{base}/v1/catalogs/products/{product_id}", "rel": "self", "method": "GET"}],
        }
        self.products[product_id] = product
        self.owner[product_id] = client_id
        return dict(product)

    def _create_plan(self, client_id: str, data: dict[str, Any], base: str) -> dict[str, Any]:
        from chalicelocal.fake_paypal import MONEY, _invalid, _now_iso, _pence, _pp_id

        product_id = data.get("product_id")
        if not isinstance(product_id, str) or self.owner.get(product_id) != client_id:
            raise _invalid("INVALID_PARAMETER_VALUE", "product_id does not exist.", "/product_id")
        cycles = data.get("billing_cycles")
        if not isinstance(cycles, list) or len(cycles) != 1 or not isinstance(cycles[0], dict):
            raise _invalid(
                "INVALID_PARAMETER_VALUE", "One REGULAR billing cycle is supported.", "/billing_cycles"
            )
        cycle = cycles[0]
        frequency = cycle.get("frequency") or {}
        price = ((cycle.get("pricing_scheme") or {}).get("fixed_price")) or {}
        if frequency.get("interval_unit") not in UNITS or frequency.get("interval_count", 1) != 1:
            raise _invalid(
                "INVALID_PARAMETER_VALUE",
                "interval_unit: MONTH or YEAR, count 1.",
                "/billing_cycles/0/frequency",
            )
        value = price.get("value")
        if price.get("currency_code") != "GBP" or not isinstance(value, str) or not MONEY.match(value):
            raise _invalid(
                "INVALID_PARAMETER_VALUE",
                'fixed_price must be {currency_code: GBP, value: "1.00"}.',
                "/billing_cycles/0/pricing_scheme/fixed_price",
            )
        if cycle.get("tenure_type") != "REGULAR":
            raise _invalid(
                "INVALID_PARAMETER_VALUE", "tenure_type must be REGULAR.", "/billing_cycles/0/tenure_type"
            )
        plan_id = f"P-{_pp_id(24)}"
        now = _now_iso()
        preferences = data.get("payment_preferences") or {}
        plan = {
            "id": plan_id,
            "product_id": product_id,
            "name": str(data.get("name") or "Plan")[:127],
            "status": "ACTIVE" if data.get("status", "ACTIVE") == "ACTIVE" else "CREATED",
            "billing_cycles": [
                {
                    "frequency": {"interval_unit": frequency["interval_unit"], "interval_count": 1},
                    "tenure_type": "REGULAR",
                    "sequence": 1,
                    "total_cycles": int(cycle.get("total_cycles") or 0),
                    "pricing_scheme": {
                        "fixed_price": {"currency_code": "GBP", "value": decimal_string(_pence(value))}
                    },
                }
            ],
            "payment_preferences": {
                "auto_bill_outstanding": bool(preferences.get("auto_bill_outstanding", True)),
                "payment_failure_threshold": int(preferences.get("payment_failure_threshold") or 3),
            },
            "create_time": now,
            "update_time": now,
            "links": [{"href": f"{base}/v1/billing/plans/{plan_id}", "rel": "self", "method": "GET"}],
        }
        self.plans[plan_id] = plan
        self.owner[plan_id] = client_id
        return dict(plan)

    # ------------------------------------------------------------ subscriptions

    def _create_subscription(self, client_id: str, data: dict[str, Any], base: str) -> dict[str, Any]:
        from urllib.parse import urlsplit

        from chalicelocal.fake_paypal import _invalid, _now_iso, _pp_id

        plan_id = data.get("plan_id")
        if not isinstance(plan_id, str) or self.owner.get(plan_id) != client_id:
            raise _invalid("INVALID_PARAMETER_VALUE", "plan_id does not exist.", "/plan_id")
        custom_id = data.get("custom_id", "")
        if not isinstance(custom_id, str) or len(custom_id) > 127:
            raise _invalid("INVALID_STRING_LENGTH", "custom_id: at most 127 characters.", "/custom_id")
        context = data.get("application_context") or {}
        if not isinstance(context, dict):
            raise _invalid("INVALID_PARAMETER_VALUE", "application_context must be an object.")
        for name in ("return_url", "cancel_url"):
            url = context.get(name) or ""
            if not isinstance(url, str) or (url and urlsplit(url).scheme not in ("http", "https")):
                raise _invalid(
                    "INVALID_PARAMETER_SYNTAX", f"{name} must be a URL.", f"/application_context/{name}"
                )
        subscriber = data.get("subscriber") or {}
        name = (subscriber.get("name") or {}) if isinstance(subscriber, dict) else {}
        plan = self.plans[plan_id]
        now = _now_iso()
        sub_id = f"I-{_pp_id(12)}"
        sub: dict[str, Any] = {
            "id": sub_id,
            "plan_id": plan_id,
            "status": "APPROVAL_PENDING",
            "status_update_time": now,
            "custom_id": custom_id or None,
            "quantity": "1",
            "plan_overridden": False,
            "subscriber": {
                "name": {
                    "given_name": str(name.get("given_name") or "Fake"),
                    "surname": str(name.get("surname") or "Buyer"),
                },
                "email_address": str(subscriber.get("email_address") or "buyer@example.org")
                if isinstance(subscriber, dict)
                else "buyer@example.org",
                "payer_id": _pp_id(13),
            },
            "create_time": now,
            "update_time": now,
            "_price": plan["billing_cycles"][0]["pricing_scheme"]["fixed_price"]["value"],
            "_unit": plan["billing_cycles"][0]["frequency"]["interval_unit"],
            "_threshold": plan["payment_preferences"]["payment_failure_threshold"],
            "_ba_token": f"BA-{_pp_id(17)}",
            "_return_url": context.get("return_url") or "",
            "_cancel_url": context.get("cancel_url") or "",
            "_brand": str(context.get("brand_name") or self.apps[client_id].name),
            "_cycles": 0,
            "_failed": 0,
            "_last_payment": None,
            "_last_failed": None,
            "_next": None,
            "_note": None,
        }
        self.subscriptions[sub_id] = sub
        self.owner[sub_id] = client_id
        self._emit(client_id, "BILLING.SUBSCRIPTION.CREATED", self._sub_view(sub, base), base, "subscription")
        return self._sub_view(sub, base)

    def _sub(self, client_id: str, sub_id: str) -> dict[str, Any]:
        from chalicelocal.fake_paypal import _not_found

        sub = self.subscriptions.get(sub_id)
        if sub is None or self.owner.get(sub_id) != client_id:
            raise _not_found("subscription", sub_id)
        return sub

    def _sub_any(self, sub_id: str) -> dict[str, Any]:
        from chalicelocal.fake_paypal import _not_found

        sub = self.subscriptions.get(sub_id)
        if sub is None:
            raise _not_found("subscription", sub_id)
        return sub

    def _sub_view(self, sub: dict[str, Any], base: str, with_plan: bool = False) -> dict[str, Any]:
        from chalicelocal.fake_paypal import _money, _pence, _public

        view = _public(sub)
        if view.get("custom_id") is None:
            view.pop("custom_id", None)
        price = _money(_pence(sub["_price"]))
        if sub["status"] in ("ACTIVE", "SUSPENDED"):
            info: dict[str, Any] = {
                "outstanding_balance": _money(_pence(sub["_price"]) if sub["_failed"] else 0),
                "cycle_executions": [
                    {
                        "tenure_type": "REGULAR",
                        "sequence": 1,
                        "cycles_completed": sub["_cycles"],
                        "cycles_remaining": 0,
                        "total_cycles": 0,
                    }
                ],
                "failed_payments_count": sub["_failed"],
            }
            if sub["_last_payment"]:
                info["last_payment"] = sub["_last_payment"]
            if sub["_last_failed"]:
                info["last_failed_payment"] = sub["_last_failed"]
            if sub["status"] == "ACTIVE" and sub["_next"]:
                info["next_billing_time"] = sub["_next"]
            view["billing_info"] = info
            view["start_time"] = sub.get("_start") or sub["create_time"]
        if sub["_note"]:
            view["status_change_note"] = sub["_note"]
        if with_plan:
            plan = self.plans[sub["plan_id"]]
            view["plan"] = {
                "product_id": plan["product_id"],
                "name": plan["name"],
                "billing_cycles": [
                    {**plan["billing_cycles"][0], "pricing_scheme": {"fixed_price": price}},
                ],
                "payment_preferences": plan["payment_preferences"],
            }
        links = [{"href": f"{base}/v1/billing/subscriptions/{sub['id']}", "rel": "self", "method": "GET"}]
        if sub["status"] == "APPROVAL_PENDING":
            links.insert(
                0,
                {
                    "href": f"{base}/webapps/billing/subscriptions?ba_token={sub['_ba_token']}",
                    "rel": "approve",
                    "method": "GET",
                },
            )
        view["links"] = links
        return view

    def _maybe_fail(self, client_id: str) -> None:
        from chalicelocal.fake_paypal import _unprocessable

        message = self.failing_next.pop(client_id, None)
        if message is not None:
            error = _unprocessable("SUBSCRIPTION_STATUS_INVALID", message)
            error.message = message
            raise error

    def _set_status(self, sub: dict[str, Any], status: str, note: str, kind: str) -> None:
        from chalicelocal.fake_paypal import _now_iso

        now = _now_iso()
        sub.update(status=status, status_update_time=now, update_time=now)
        if note:
            sub["_note"] = note[:128]
        base = self.public_base
        self._emit(self.owner[sub["id"]], kind, self._sub_view(sub, base), base, "subscription")

    def _change(self, sub: dict[str, Any], action: str, data: dict[str, Any]) -> None:
        from chalicelocal.fake_paypal import _invalid, _unprocessable

        reason = data.get("reason")
        if not isinstance(reason, str) or not 1 <= len(reason) <= 128:
            raise _invalid("MISSING_REQUIRED_PARAMETER", "reason: 1 to 128 characters.", "/reason")
        allowed = {"suspend": ("ACTIVE",), "activate": ("SUSPENDED",), "cancel": ("ACTIVE", "SUSPENDED")}[
            action
        ]
        if sub["status"] not in allowed:
            raise _unprocessable(
                "SUBSCRIPTION_STATUS_INVALID",
                f"Invalid subscription status for {action} action; subscription status is {sub['status']}.",
            )
        status = {"suspend": "SUSPENDED", "activate": "ACTIVE", "cancel": "CANCELLED"}[action]
        if status == "ACTIVE":
            now = dt.datetime.now(dt.UTC)
            sub["_failed"] = 0
            sub["_next"] = _iso(
                _later(now, sub["_unit"])
                if not sub["_next"]
                else max(dt.datetime.fromisoformat(sub["_next"].replace("Z", "+00:00")), now)
            )
        self._set_status(
            sub, status, reason, f"BILLING.SUBSCRIPTION.{status if status != 'ACTIVE' else 'ACTIVATED'}"
        )

    def _patch(self, sub: dict[str, Any], data: Any) -> None:
        from chalicelocal.fake_paypal import MONEY, _invalid, _pence, _unprocessable

        ops = data if isinstance(data, list) else data.get("_ops") if isinstance(data, dict) else None
        wanted = "/plan/billing_cycles/@sequence==1/pricing_scheme/fixed_price"
        if not isinstance(ops, list) or len(ops) != 1 or not isinstance(ops[0], dict):
            raise _invalid("INVALID_PATCH_REQUEST", "One replace operation is supported.")
        op = ops[0]
        value = op.get("value") or {}
        if op.get("op") != "replace" or op.get("path") != wanted:
            raise _invalid("INVALID_PARAMETER_VALUE", f"Only replace {wanted} is supported.", "/0/path")
        if (
            value.get("currency_code") != "GBP"
            or not isinstance(value.get("value"), str)
            or not MONEY.match(value["value"])
            or _pence(value["value"]) <= 0
        ):
            raise _invalid(
                "INVALID_PARAMETER_VALUE", 'value must be {currency_code: GBP, value: "1.00"}.', "/0/value"
            )
        if sub["status"] not in ("ACTIVE", "SUSPENDED"):
            raise _unprocessable(
                "SUBSCRIPTION_STATUS_INVALID",
                f"Subscription status is {sub['status']}: it cannot be updated.",
            )
        sub["_price"] = decimal_string(_pence(value["value"]))
        sub["plan_overridden"] = True
        self._set_status(sub, sub["status"], "", "BILLING.SUBSCRIPTION.UPDATED")

    def _activate_first(self, sub_id: str) -> dict[str, Any]:
        from chalicelocal.fake_paypal import _unprocessable

        sub = self._sub_any(sub_id)
        if sub["status"] != "APPROVAL_PENDING":
            raise _unprocessable("SUBSCRIPTION_STATUS_INVALID", "The subscription is not awaiting approval.")
        now = dt.datetime.now(dt.UTC)
        sub["_start"] = _iso(now)
        sub["_next"] = _iso(now)
        self._set_status(sub, "ACTIVE", "", "BILLING.SUBSCRIPTION.ACTIVATED")
        self._renew(sub_id, True)
        return sub

    def _renew(self, sub_id: str, paid: bool) -> dict[str, Any]:
        """One billing cycle now: a completed sale, or a failed attempt."""
        from chalicelocal.fake_paypal import _money, _now_iso, _pence, _pp_id, _unprocessable

        sub = self._sub_any(sub_id)
        if sub["status"] != "ACTIVE":
            raise _unprocessable("SUBSCRIPTION_STATUS_INVALID", f"The subscription is {sub['status']}.")
        client_id, base = self.owner[sub_id], self.public_base
        gross = _pence(sub["_price"])
        now = dt.datetime.now(dt.UTC)
        if not paid:
            sub["_failed"] += 1
            sub["_last_failed"] = {
                "amount": _money(gross),
                "time": _iso(now),
                "reason_code": "PAYMENT_DENIED",
            }
            sub["update_time"] = _iso(now)
            self._emit(
                client_id,
                "BILLING.SUBSCRIPTION.PAYMENT.FAILED",
                self._sub_view(sub, base),
                base,
                "subscription",
            )
            if sub["_failed"] >= sub["_threshold"]:
                self._set_status(
                    sub, "SUSPENDED", "Payment failure threshold reached", "BILLING.SUBSCRIPTION.SUSPENDED"
                )
            return self._sub_view(sub, base)
        fee = percent_fee(gross, 140, 20)
        sale_id = _pp_id(17)
        sale = {
            "id": sale_id,
            "state": "completed",
            "amount": {
                "total": decimal_string(gross),
                "currency": "GBP",
                "details": {"subtotal": decimal_string(gross)},
            },
            "payment_mode": "INSTANT_TRANSFER",
            "protection_eligibility": "ELIGIBLE",
            "transaction_fee": {"value": decimal_string(fee), "currency": "GBP"},
            "billing_agreement_id": sub_id,
            "create_time": _now_iso(),
            "update_time": _now_iso(),
            "links": [
                {"href": f"{base}/v1/payments/sale/{sale_id}", "rel": "self", "method": "GET"},
                {"href": f"{base}/v1/payments/sale/{sale_id}/refund", "rel": "refund", "method": "POST"},
            ],
        }
        if sub.get("custom_id"):
            sale["custom"] = sub["custom_id"]
        self.sales[sale_id] = sale
        self.owner[sale_id] = client_id
        sub["_cycles"] += 1
        sub["_failed"] = 0
        sub["_last_failed"] = None
        sub["_last_payment"] = {"amount": _money(gross), "time": _iso(now)}
        # the cycle due is paid: the next one is a period after it (not after today)
        due = dt.datetime.fromisoformat(sub["_next"].replace("Z", "+00:00")) if sub["_next"] else now
        sub["_next"] = _iso(_later(due, sub["_unit"]))
        sub["update_time"] = _iso(now)
        self._emit(client_id, "PAYMENT.SALE.COMPLETED", sale, base, "sale")
        return dict(sale)

    # ------------------------------------------------------------ transactions and sale refunds

    def _transactions(self, sub: dict[str, Any], params: dict[str, str]) -> dict[str, Any]:
        """`GET /v1/billing/subscriptions/{id}/transactions?start_time=&end_time=`: the sales the
        fake really made for this subscription in that window (PayPal requires both times)."""
        from chalicelocal.fake_paypal import _invalid, _money, _pence

        window = []
        for name in ("start_time", "end_time"):
            try:
                moment = dt.datetime.fromisoformat(params.get(name, "").replace("Z", "+00:00"))
            except ValueError:
                raise _invalid(
                    "INVALID_PARAMETER_SYNTAX", f"{name} must be an ISO date and time.", name
                ) from None
            window.append(moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC))
        start, end = window
        if end < start:
            raise _invalid("INVALID_PARAMETER_VALUE", "end_time must be after start_time.", "end_time")
        name = sub["subscriber"]["name"]
        rows = []
        for sale in self.sales.values():
            made = dt.datetime.fromisoformat(sale["create_time"].replace("Z", "+00:00"))
            if sale["billing_agreement_id"] != sub["id"] or not start <= made <= end:
                continue
            gross = _pence(sale["amount"]["total"])
            fee = _pence(sale["transaction_fee"]["value"])
            rows.append(
                {
                    "id": sale["id"],
                    "status": "REFUNDED" if sale["state"] == "refunded" else "COMPLETED",
                    "amount_with_breakdown": {
                        "gross_amount": _money(gross),
                        "fee_amount": _money(fee),
                        "net_amount": _money(gross - fee),
                    },
                    "payer_name": dict(name),
                    "payer_email": sub["subscriber"]["email_address"],
                    "time": sale["create_time"],
                }
            )
        rows.sort(key=lambda row: str(row["time"]))
        return {"transactions": rows, "total_items": len(rows), "total_pages": 1}

    def _refund_sale(self, client_id: str, sale_id: str, data: dict[str, Any], base: str) -> dict[str, Any]:
        """`POST /v1/payments/sale/{id}/refund` (in full, or `{amount: {total, currency}}`):
        PAYMENT.SALE.REFUNDED, its resource the v1 refund naming the sale (`sale_id`)."""
        from chalicelocal.fake_paypal import (
            MONEY,
            _invalid,
            _not_found,
            _now_iso,
            _pence,
            _pp_id,
            _unprocessable,
        )

        sale = self.sales.get(sale_id)
        if sale is None or self.owner.get(sale_id) != client_id:
            raise _not_found("sale", sale_id)
        gross = _pence(sale["amount"]["total"])
        refunded = int(sale.get("_refunded") or 0)
        asked = (data.get("amount") or {}) if isinstance(data, dict) else {}
        total = asked.get("total") if isinstance(asked, dict) else None
        if total is not None and (not isinstance(total, str) or not MONEY.match(total) or _pence(total) <= 0):
            raise _invalid(
                "INVALID_PARAMETER_VALUE", 'amount must be {total: "1.00", currency: GBP}.', "amount"
            )
        pence = _pence(total) if total is not None else gross - refunded
        if pence <= 0 or refunded + pence > gross:
            raise _unprocessable("TRANSACTION_REFUSED", "The refund amount exceeds what is left of the sale.")
        sale["_refunded"] = refunded + pence
        sale["state"] = "refunded" if sale["_refunded"] >= gross else "partially_refunded"
        now = _now_iso()
        refund_id = _pp_id(17)
        refund = {
            "id": refund_id,
            "state": "completed",
            "amount": {"total": decimal_string(pence), "currency": "GBP"},
            "sale_id": sale_id,
            "billing_agreement_id": sale["billing_agreement_id"],
            "create_time": now,
            "update_time": now,
            "links": [
                {"href": f"{base}/v1/payments/refund/{refund_id}", "rel": "self", "method": "GET"},
                {"href": f"{base}/v1/payments/sale/{sale_id}", "rel": "sale", "method": "GET"},
            ],
        }
        if sale.get("custom"):
            refund["custom"] = sale["custom"]
        self.owner[refund_id] = client_id
        self._emit(client_id, "PAYMENT.SALE.REFUNDED", refund, base, "refund")
        return dict(refund)

    # ------------------------------------------------------------ the approval page

    def _subscription_page(self, ba_token: str) -> Answer:
        sub = next((s for s in self.subscriptions.values() if s["_ba_token"] == ba_token), None)
        if sub is None:
            answer = page("PayPal", "<h1>PayPal</h1><p class='error'>This subscription does not exist.</p>")
            answer.status = 404
            return answer
        if sub["status"] != "APPROVAL_PENDING":
            return page(
                "PayPal",
                f"<h1>{esc(sub['_brand'])}</h1><p>This subscription is {esc(sub['status'].lower())}.</p>",
            )
        every = "month" if sub["_unit"] == "MONTH" else "year"
        from chalicelocal.fake_paypal import PREFIX, _pence

        body = f"""<h1>{esc(sub["_brand"])}</h1><p class="notice">Sandbox: no real money moves.</p>
<div class="card"><p>Give <strong>{pounds(_pence(sub["_price"]))}</strong> every {every} with PayPal</p>
<form method="post" action="{PREFIX}/webapps/billing/subscriptions">
<input type="hidden" name="ba_token" value="{esc(ba_token)}">
<button name="choice" value="subscribe">Subscribe</button>
<button name="choice" value="cancel">Cancel</button></form></div>
<p class="muted">Fake PayPal subscription ({esc(sub["id"])})</p>"""
        return page("Subscribe with PayPal", body)

    def _subscription_action(self, form: dict[str, str]) -> Answer:
        from chalicelocal.fake_paypal import PayPalError, _append_query

        token, choice = form.get("ba_token", ""), form.get("choice", "")
        with self.lock:  # type: ignore[attr-defined]
            sub = next((s for s in self.subscriptions.values() if s["_ba_token"] == token), None)
            if sub is None or choice not in ("subscribe", "cancel"):
                return Answer(
                    400, b"Unknown subscription or choice\n", {"Content-Type": "text/plain; charset=utf-8"}
                )
            if choice == "cancel":
                target, params = sub["_cancel_url"], {"ba_token": token, "token": sub["_ba_token"]}
            else:
                try:
                    self._activate_first(sub["id"])
                except PayPalError as error:
                    return Answer(
                        409, error.description.encode(), {"Content-Type": "text/plain; charset=utf-8"}
                    )
                target = sub["_return_url"]
                params = {"subscription_id": sub["id"], "ba_token": token, "token": sub["_ba_token"]}
        if not target:
            return page("PayPal", "<h1>Done</h1><p>You can close this window.</p>")
        return redirect(_append_query(target, params))
