# ruff: noqa: F811  (the fixtures `stripe`, `paypal`, `charity` and `origin` are imported from their modules)
"""What each paid instalment does to its subscription beyond its donation (issue 17 items 1-2):
the next charge date moves on with it (Stripe: the period the invoice paid for; PayPal: the
subscription's `next_billing_time` after the sale), never backwards, whatever order the events
come in — through the local fakes over HTTP, the webhook route and the webhooks job."""

from __future__ import annotations

from tests.functional.helpers import SignedIn
from tests.functional.subscriptions_helpers import subscriptions
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
