# ruff: noqa: F811  (the fixtures `stripe`, `paypal`, `charity` and `origin` are imported from their modules)
"""What each paid instalment does to its subscription beyond its donation (issue 17 items 1-2):
the next charge date moves on with it (Stripe: the period the invoice paid for; PayPal: the
subscription's `next_billing_time` after the sale), never backwards, whatever order the events
come in; and a refund of an instalment (Stripe `charge.refunded`, PayPal `PAYMENT.SALE.REFUNDED`)
refunds its donation as a one-off gift's would be, shown on the subscription — through the local
fakes over HTTP, the webhook route and the webhooks job."""

from __future__ import annotations

from typing import Any

from tests.functional.helpers import SignedIn
from tests.functional.subscriptions_helpers import detail, donations_of, subscriptions
from tests.functional.test_fake_providers import client as stripe_api
from tests.functional.test_fake_providers import origin  # noqa: F401  (module fixture)
from tests.functional.test_subscriptions import FAKE, Stripe, charity, stripe  # noqa: F401  (fixtures)
from tests.functional.test_subscriptions_paypal import PayPal, paypal  # noqa: F401  (fixture)


def _stripe_period_end(sub_id: str) -> str:
    from functions.subscriptions.gateway import day_of

    return str(day_of(FAKE.objects[sub_id]["items"]["data"][0]["current_period_end"]))


def test_a_stripe_renewal_moves_the_next_charge_date_and_an_older_one_never_moves_it_back(
    stripe: Stripe, charity: SignedIn
) -> None:
    sub_id = stripe.give_monthly("10.00")
    stripe.deliver(stripe.events())
    [row] = subscriptions(charity)
    first = row["next_charge_date"]
    assert first == _stripe_period_end(sub_id)
    FAKE.renew(sub_id)
    second_events, second = stripe.events(), _stripe_period_end(sub_id)
    FAKE.renew(sub_id)
    third_events, third = stripe.events(), _stripe_period_end(sub_id)
    assert first < second < third
    stripe.deliver(third_events)  # only Stripe's invoice.paid says the period moved on
    assert subscriptions(charity)[0]["next_charge_date"] == third
    stripe.deliver(second_events)  # the older renewal, delivered late: counted, the date kept
    [row] = subscriptions(charity)
    assert (row["next_charge_date"], row["instalments"], row["total_given"]) == (third, 3, "30.00")


def test_a_paypal_sale_moves_the_next_charge_date_to_paypals_next_billing_time(
    paypal: PayPal, charity: SignedIn
) -> None:
    sub_id = paypal.give_monthly("10.00")
    paypal.deliver(paypal.events())
    [row] = subscriptions(charity)
    first = row["next_charge_date"]
    assert first == paypal.fake.subscriptions[sub_id]["_next"][:10]
    paypal.fake.renew(sub_id)
    second_events, second = paypal.events(), paypal.fake.subscriptions[sub_id]["_next"][:10]
    paypal.fake.renew(sub_id)
    third_events, third = paypal.events(), paypal.fake.subscriptions[sub_id]["_next"][:10]
    assert first < second < third
    paypal.deliver(third_events)
    assert subscriptions(charity)[0]["next_charge_date"] == third
    paypal.deliver(second_events)  # the older sale, delivered late: counted, the date kept
    [row] = subscriptions(charity)
    assert (row["next_charge_date"], row["instalments"], row["total_given"]) == (third, 3, "30.00")


def _by_ref(who: SignedIn) -> dict[str, dict[str, Any]]:
    return {d["external_ref"]: d for d in donations_of(who)}


def test_a_refunded_stripe_instalment_is_refunded_like_a_one_off_gift_and_shown_on_its_subscription(
    stripe: Stripe, charity: SignedIn, origin: str
) -> None:
    sub_id = stripe.give_monthly("10.00")
    stripe.deliver(stripe.events())
    invoice_id = FAKE.renew(sub_id)
    stripe.deliver(stripe.events())
    first = next(ref for ref in _by_ref(charity) if ref != invoice_id)
    assert {d["gift_aid"]["state"] for d in donations_of(charity)} == {"claimable"}
    intent_id = FAKE.objects[invoice_id]["payment_intent"]
    refunds = stripe_api(origin, stripe.secret).v1.refunds
    refunds.create(params={"payment_intent": intent_id, "amount": 400})
    partly = stripe.events()
    stripe.deliver(partly + partly)  # delivered twice: counted once
    shown = _by_ref(charity)
    assert (shown[invoice_id]["status"], shown[invoice_id]["amount"]) == ("received", "6.00")
    [row] = subscriptions(charity)
    assert (row["instalments"], row["total_given"]) == (2, "16.00")
    refunds.create(params={"payment_intent": intent_id})  # the rest
    stripe.deliver(stripe.events())
    shown = _by_ref(charity)
    assert (shown[invoice_id]["status"], shown[invoice_id]["gift_aid"]["state"]) == (
        "refunded",
        "not_eligible",
    )
    assert (shown[first]["status"], shown[first]["amount"], shown[first]["gift_aid"]["state"]) == (
        "received",
        "10.00",
        "claimable",
    )
    assert len(shown) == 2  # the refund made no payment or donation of its own
    sub = detail(charity, row["id"])
    assert (sub["instalments"], sub["total_given"], sub["status"]) == (2, "10.00", "active")
    rows = {r["invoice_id"]: r["status"] for r in sub["instalment_donations"]}
    assert rows == {invoice_id: "refunded", first: "received"}
    assert [(h["from"], h["to"]) for h in sub["history"] if h["kind"] == "refunded"] == [
        ("6.00", "0.00"),
        ("10.00", "6.00"),
    ]


def test_a_refunded_paypal_sale_refunds_its_instalment_once_whatever_the_order(
    paypal: PayPal, charity: SignedIn
) -> None:
    from functions.gateways import paypal_api
    from functions.gateways import repository as gateways

    sub_id = paypal.give_monthly("10.00")
    paypal.deliver(paypal.events())
    account = gateways.connected(charity.tenant_id)["paypal"]
    paypal.fake.renew(sub_id)
    sold = paypal.events()
    [sale] = [e["resource"] for e in sold if e["event_type"] == "PAYMENT.SALE.COMPLETED"]
    paypal_api.paypal_request(account, "POST", f"/v1/payments/sale/{sale['id']}/refund", {})
    refunded = paypal.events()
    assert [e["event_type"] for e in refunded] == ["PAYMENT.SALE.REFUNDED"]
    paypal.deliver(refunded)  # the refund before its sale: kept until the sale comes
    assert sale["id"] not in _by_ref(charity)
    paypal.deliver(sold + refunded)
    shown = _by_ref(charity)
    assert (shown[sale["id"]]["status"], shown[sale["id"]]["gift_aid"]["state"]) == (
        "refunded",
        "not_eligible",
    )
    assert len(shown) == 2
    [row] = subscriptions(charity)
    sub = detail(charity, row["id"])
    assert (sub["instalments"], sub["total_given"]) == (2, "10.00")
    assert {r["invoice_id"]: r["status"] for r in sub["instalment_donations"]}[sale["id"]] == "refunded"
    assert [h["kind"] for h in sub["history"]].count("refunded") == 1
    paypal.fake.renew(sub_id)  # the next sale: a donation as usual
    paypal.deliver(paypal.events())
    [row] = subscriptions(charity)
    assert (row["instalments"], row["total_given"]) == (3, "20.00")
