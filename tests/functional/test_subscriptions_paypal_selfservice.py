# ruff: noqa: F811  (the fixtures `paypal`, `charity` and `origin` are imported from their modules)
"""Donor self-service for a PayPal subscription (issue 17 item 4): the thank-you email's link lets
the donor pause, resume, change the amount or cancel through the public routes; each goes to the
(local fake) PayPal first, and a PayPal error is a 502 with PayPal's message and nothing changed."""

from __future__ import annotations

from tests.functional.helpers import SignedIn
from tests.functional.subscriptions_helpers import detail, subscriptions
from tests.functional.test_fake_providers import origin  # noqa: F401  (module fixture)
from tests.functional.test_giving import visitor
from tests.functional.test_subscriptions_paypal import PayPal, charity, paypal  # noqa: F401  (fixtures)
from tests.functional.test_subscriptions_selfservice import link_in, outbox, token_of


def test_the_donor_pauses_resumes_changes_and_cancels_a_paypal_gift(
    paypal: PayPal, charity: SignedIn
) -> None:
    sub_id = paypal.give_monthly("10.00")
    paypal.deliver(paypal.events())
    [welcome] = outbox(charity)
    token = token_of(link_in(welcome["text"]))
    donor = visitor(paypal.client)
    shown = donor.get(f"/api/give/manage?token={token}")
    assert shown.status == 200, shown.json
    assert (shown.json["status"], shown.json["amount"], shown.json["actions"]) == (
        "active",
        "10.00",
        ["pause", "amount", "cancel"],
    )
    paused = donor.post(f"/api/give/manage/pause?token={token}", {"months": 2})
    assert paused.status == 200, paused.json
    assert (paused.json["status"], paused.json["actions"]) == ("paused", ["resume", "amount", "cancel"])
    assert paused.json["paused_until"] and paypal.fake.subscriptions[sub_id]["status"] == "SUSPENDED"
    resumed = donor.post(f"/api/give/manage/resume?token={token}", {})
    assert resumed.status == 200 and resumed.json["status"] == "active", resumed.json
    assert paypal.fake.subscriptions[sub_id]["status"] == "ACTIVE"
    changed = donor.post(f"/api/give/manage/amount?token={token}", {"amount": "15.00"})
    assert changed.status == 200 and changed.json["amount"] == "15.00", changed.json
    assert paypal.fake.subscriptions[sub_id]["_price"] == "15.00"
    cancelled = donor.post(f"/api/give/manage/cancel?token={token}", {"reason": "Moving abroad"})
    assert cancelled.status == 200 and cancelled.json["status"] == "cancelled", cancelled.json
    assert paypal.fake.subscriptions[sub_id]["status"] == "CANCELLED"
    subjects = [m["subject"] for m in outbox(charity)][1:]
    assert subjects == [
        f"Your monthly gift to Hope Trust: {what}"
        for what in (f"paused until {paused.json['paused_until']}", "resumed", "now £15.00", "cancelled")
    ]
    [row] = subscriptions(charity)
    history = detail(charity, row["id"])["history"]
    assert [(h["kind"], h["by"]) for h in history[:4]] == [
        ("cancelled", "donor"),
        ("amount", "donor"),
        ("resumed", "donor"),
        ("paused", "donor"),
    ]
    assert row["cancel_reason"] == "Moving abroad"
    assert donor.get(f"/api/give/manage?token={token}").status == 410  # the gift has ended


def test_a_paypal_error_changes_nothing_and_the_donor_sees_paypals_message(
    paypal: PayPal, charity: SignedIn
) -> None:
    sub_id = paypal.give_monthly("10.00")
    paypal.deliver(paypal.events())
    token = token_of(link_in(outbox(charity)[0]["text"]))
    donor = visitor(paypal.client)
    before = donor.get(f"/api/give/manage?token={token}").json
    [row] = subscriptions(charity)
    for action, body in (("pause", {"months": 1}), ("amount", {"amount": "30.00"}), ("cancel", {})):
        paypal.fake.fail_next(paypal.client_id, "PayPal is resting (fake).")
        reply = donor.post(f"/api/give/manage/{action}?token={token}", body)
        assert reply.status == 502 and reply.json["message"] == "PayPal is resting (fake).", (
            action,
            reply.json,
        )
    assert donor.get(f"/api/give/manage?token={token}").json == before
    assert subscriptions(charity) == [row]
    assert (paypal.fake.subscriptions[sub_id]["status"], paypal.fake.subscriptions[sub_id]["_price"]) == (
        "ACTIVE",
        "10.00",
    )
    assert len(outbox(charity)) == 1  # the thank-you only: no confirmation of what did not happen
