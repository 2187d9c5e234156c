# ruff: noqa: F811  (the fixtures `paypal`, `charity` and `origin` are imported from their modules)
"""PayPal in the nightly reconciliation (issue 17 item 5): each PayPal subscription compared with
PayPal's (read over HTTP from the local fake PayPal), each sale of the last 7 days (the fake's
transactions list, made from what it really charged) checked for its donation, and "apply the
gateway's state" through the same paths as the events, so nothing is ever doubled."""

from __future__ import annotations

from typing import Any

import boto3

from tests.functional.helpers import SignedIn, lambda_event, receive
from tests.functional.subscriptions_helpers import detail, donations_of, subscriptions
from tests.functional.test_fake_providers import origin  # noqa: F401  (module fixture)
from tests.functional.test_subscriptions_paypal import PayPal, charity, paypal  # noqa: F401  (fixtures)


def reconcile_now(paypal: PayPal, charity: SignedIn) -> dict[str, Any]:
    """The staff's "check with the gateway now": a job on the subscriptions queue, run as Lambda
    would; the job's result."""
    from functions.subscriptions import reconcile

    reply = charity.post("/api/subscriptions/reconcile", {})
    assert reply.status == 202 and reply.json["job_id"], reply.json
    messages = receive(paypal.aws, "SubscriptionsQueue")
    assert len(messages) == 1
    answer = reconcile.handler(lambda_event(messages), None)
    assert not answer.get("batchItemFailures"), answer
    sqs = boto3.client("sqs", region_name="eu-west-2")
    for message in messages:
        sqs.delete_message(QueueUrl=paypal.aws["SubscriptionsQueue"], ReceiptHandle=message["ReceiptHandle"])
    job = charity.get(f"/api/jobs/{reply.json['job_id']}")
    return dict(job.json) if job.status == 200 else {}


def attention(charity: SignedIn) -> dict[str, dict[str, Any]]:
    reply = charity.get("/api/subscriptions/attention")
    assert reply.status == 200, reply.json
    return {f"{i['kind']}:{i['gateway_subscription_id']}": i for i in reply.json["data"]}


def needs_attention(charity: SignedIn) -> int:
    return int(charity.get("/api/subscriptions/summary").json["needs_attention"])


def test_a_paypal_status_mismatch_is_found_and_applying_it_takes_paypals_word(
    paypal: PayPal, charity: SignedIn
) -> None:
    kept, cancelled = paypal.give_monthly("10.00"), paypal.give_monthly("15.00")
    paypal.deliver(paypal.events())
    reconcile_now(paypal, charity)
    assert attention(charity) == {}  # all as PayPal has them
    paypal.fake.subscriptions[cancelled].update(status="CANCELLED", _note="Cancelled at PayPal")  # no event
    reconcile_now(paypal, charity)
    found = attention(charity)
    assert set(found) == {f"status:{cancelled}"}
    item = found[f"status:{cancelled}"]
    assert (item["provider"], item["held"], item["gateway"], item["donor_name"]) == (
        "paypal",
        "active",
        "cancelled",
        "Ada Lovelace",
    )
    assert needs_attention(charity) == 1
    from functions.core import clock
    from functions.subscriptions import repository

    held = repository.of_gateway(charity.tenant_id, "paypal", cancelled)
    assert held is not None
    held.gateway_at = int(clock.now().timestamp()) + 120  # an event stamped by a clock ahead of ours
    repository.save(held)
    applied = charity.post(f"/api/subscriptions/attention/{item['id']}/apply", {})
    assert applied.status == 200 and applied.json["state"] == "applied", applied.json
    rows = {r["gateway_subscription_id"]: r for r in subscriptions(charity)}
    assert (rows[cancelled]["status"], rows[cancelled]["cancel_reason"]) == (
        "cancelled",
        "Cancelled at PayPal",
    )
    assert rows[kept]["status"] == "active"
    reconcile_now(paypal, charity)
    assert attention(charity) == {} and needs_attention(charity) == 0


def test_a_paypal_sale_without_its_donation_is_applied_once_whatever_comes_after(
    paypal: PayPal, charity: SignedIn
) -> None:
    sub_id = paypal.give_monthly("20.00")
    paypal.deliver(paypal.events())
    [row] = subscriptions(charity)
    paypal.fake.renew(sub_id)  # charged at PayPal, its events lost
    lost = paypal.events()
    [sale] = [e["resource"] for e in lost if e["event_type"] == "PAYMENT.SALE.COMPLETED"]
    reconcile_now(paypal, charity)
    found = attention(charity)
    missing = found[f"missing_donation:{sub_id}"]
    assert (missing["provider"], missing["invoice_id"], missing["gateway"], missing["subscription_id"]) == (
        "paypal",
        sale["id"],
        "20.00",
        row["id"],
    )
    assert len(donations_of(charity)) == 1

    applied = charity.post(f"/api/subscriptions/attention/{missing['id']}/apply", {})
    assert applied.status == 200 and applied.json["state"] == "applied", applied.json
    made = donations_of(charity)
    assert len(made) == 2 and sale["id"] in {d["external_ref"] for d in made}
    assert {d["amount"] for d in made} == {"20.00"}
    again = charity.post(f"/api/subscriptions/attention/{missing['id']}/apply", {})
    assert again.status == 409
    paypal.deliver(lost)  # the real events arrive at last: still one donation for the sale
    made = donations_of(charity)
    assert len(made) == 2 and [d["external_ref"] for d in made].count(sale["id"]) == 1
    shown = detail(charity, row["id"])
    assert (shown["instalments"], shown["total_given"]) == (2, "40.00")
    reconcile_now(paypal, charity)
    assert attention(charity) == {} and needs_attention(charity) == 0


def test_a_paypal_mismatch_gone_by_the_next_run_is_closed_as_resolved(
    paypal: PayPal, charity: SignedIn
) -> None:
    from functions.subscriptions import reconcile

    sub_id = paypal.give_monthly("12.00")
    paypal.deliver(paypal.events())
    paypal.fake.renew(sub_id)
    late = paypal.events()
    paypal.fake.subscriptions[sub_id]["_price"] = "18.00"  # changed at PayPal, no event yet
    reconcile_now(paypal, charity)
    found = attention(charity)
    assert {f"amount:{sub_id}", f"missing_donation:{sub_id}"} <= set(found)
    assert (found[f"amount:{sub_id}"]["held"], found[f"amount:{sub_id}"]["gateway"]) == ("12.00", "18.00")
    paypal.deliver(late)  # the sale's webhook comes late; the amount is set back at PayPal
    paypal.fake.subscriptions[sub_id]["_price"] = "12.00"
    reconcile.handler({"detail-type": "Scheduled Event", "detail": {}}, None)  # the nightly run
    assert attention(charity) == {} and needs_attention(charity) == 0
    closed = {i.item_id: i.state for i in reconcile.all_items(charity.tenant_id)}
    assert closed[found[f"amount:{sub_id}"]["id"]] == "resolved"
    assert closed[found[f"missing_donation:{sub_id}"]["id"]] == "resolved"
    assert len(donations_of(charity)) == 2


def test_an_apply_paypal_refuses_shows_paypals_message_and_keeps_the_item(
    paypal: PayPal, charity: SignedIn
) -> None:
    sub_id = paypal.give_monthly("9.00")
    paypal.deliver(paypal.events())
    paypal.fake.subscriptions[sub_id].update(status="SUSPENDED")
    reconcile_now(paypal, charity)
    item = attention(charity)[f"status:{sub_id}"]
    held = paypal.fake.subscriptions.pop(sub_id)  # PayPal no longer finds it: it answers an error
    try:
        refused = charity.post(f"/api/subscriptions/attention/{item['id']}/apply", {})
    finally:
        paypal.fake.subscriptions[sub_id] = held
    assert refused.status == 502 and refused.json["message"] == "The specified resource does not exist."
    assert subscriptions(charity)[0]["status"] == "active"
    assert attention(charity)[f"status:{sub_id}"] == item
