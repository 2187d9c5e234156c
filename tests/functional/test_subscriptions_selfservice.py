# ruff: noqa: F811  (the fixtures `stripe`, `charity` and `origin` are imported from their modules)
"""Recurring giving, part 2 (issue 17 items 3-4): the donor's failure email with the gateway's
card-update link (once per failing run, as the charity's setting allows), the sign-up thank-you
with a self-service link, and the donor's own pause / resume / amount / cancel through that link
(the gateway first, confirmation emails) — all through the fake Stripe over HTTP, the webhook
route and the webhooks job, and the public routes."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import requests

from functions.core import clock
from tests.functional.helpers import SignedIn
from tests.functional.test_fake_providers import origin  # noqa: F401  (module fixture)
from tests.functional.test_giving import gift, visitor
from tests.functional.test_subscriptions import (  # noqa: F401  (fixtures)
    FAKE,
    Stripe,
    charity,
    stripe,
    subscriptions,
)


def outbox(who: Any, to: str = "ada@example.org") -> list[dict[str, Any]]:
    """The emails sent to `to`, oldest first."""
    reply = who.get("/api/dev/outbox")
    assert reply.status == 200, reply.json
    return [m for m in reversed(reply.json["data"]) if m["to"] == to]


def link_in(text: str) -> str:
    found = re.search(r"https?://\S+/manage\?token=\S+", text)
    assert found, text
    return found.group(0)


def token_of(url: str) -> str:
    return parse_qs(urlsplit(url).query)["token"][0]


# ------------------------------------------------------------------ failure emails


def test_a_failing_run_emails_the_donor_once_with_a_card_update_link_that_pays(
    stripe: Stripe,
    charity: SignedIn,
    origin: str,  # noqa: F811
) -> None:
    sub_id = stripe.give_monthly("20.00")
    stripe.deliver(stripe.events())
    FAKE.renew(sub_id, paid=False)
    stripe.deliver(stripe.events())
    FAKE.renew(sub_id, paid=False)  # Stripe's retry of the same invoice fails again
    stripe.deliver(stripe.events())
    failed = [m for m in outbox(charity) if "did not go through" in m["subject"]]
    assert len(failed) == 1, [m["subject"] for m in outbox(charity)]
    assert "£20.00" in failed[0]["text"] and "Hope Trust" in failed[0]["subject"]
    card_url = re.search(r"http\S+/fake-stripe/invoices/in_\S+", failed[0]["text"])
    assert card_url, failed[0]["text"]
    page = requests.get(card_url.group(0), timeout=10)
    assert page.status_code == 200 and "Update card and pay" in page.text
    paid = requests.post(f"{card_url.group(0)}/pay", data={"card": "4242"}, timeout=10)
    assert paid.status_code == 200 and "paid" in paid.text
    stripe.deliver(stripe.events())
    [row] = subscriptions(charity)
    assert (row["status"], row["instalments"]) == ("active", 2)
    FAKE.renew(sub_id, paid=False)  # a new failing run: a new email
    stripe.deliver(stripe.events())
    assert len([m for m in outbox(charity) if "did not go through" in m["subject"]]) == 2


def test_the_charity_can_turn_failure_emails_off(stripe: Stripe, charity: SignedIn) -> None:
    shown = charity.get("/api/subscriptions/settings")
    assert shown.status == 200 and shown.json == {"failure_emails": True, "version": 0}
    bad = charity.put("/api/subscriptions/settings", {"failure_emails": "perhaps", "version": 0})
    assert bad.status == 422 and "failure_emails" in bad.json["errors"]
    saved = charity.put("/api/subscriptions/settings", {"failure_emails": False, "version": 0})
    assert saved.status == 200 and saved.json["failure_emails"] is False, saved.json
    stale = charity.put("/api/subscriptions/settings", {"failure_emails": True, "version": 0})
    assert stale.status == 409
    sub_id = stripe.give_monthly("20.00")
    stripe.deliver(stripe.events())
    FAKE.renew(sub_id, paid=False)
    stripe.deliver(stripe.events())
    assert subscriptions(charity)[0]["status"] == "failing"
    assert not [m for m in outbox(charity) if "did not go through" in m["subject"]]


def test_a_spanish_gift_gets_spanish_emails(stripe: Stripe, charity: SignedIn) -> None:
    slug = stripe._slug()
    reply = visitor(stripe.client).post(
        f"/api/give/{slug}/checkout", gift(frequency="monthly"), headers={"Accept-Language": "es"}
    )
    assert reply.status == 201, reply.json
    session_id = reply.json["redirect_url"].rsplit("/", 1)[1]
    FAKE.pay(session_id, "card")
    sub_id = str(FAKE.objects[session_id]["subscription"])
    stripe.deliver(stripe.events())
    FAKE.renew(sub_id, paid=False)
    stripe.deliver(stripe.events())
    subjects = [m["subject"] for m in outbox(charity)]
    assert subjects == [
        "Gracias por su donación mensual a Hope Trust",
        "Su donación mensual a Hope Trust: el pago no se ha podido cobrar",
    ]


# ------------------------------------------------------------------ the donor's link


def test_the_sign_up_email_carries_a_link_that_shows_the_gift(stripe: Stripe, charity: SignedIn) -> None:
    stripe.give_monthly("12.50")
    stripe.deliver(stripe.events())
    stripe.deliver(stripe.events())
    [welcome] = outbox(charity)
    assert welcome["subject"] == "Thank you for your monthly gift to Hope Trust"
    url = link_in(welcome["text"])
    assert f"/give/{stripe._slug()}/manage?token=" in url
    shown = visitor(stripe.client).get(f"/api/give/manage?token={token_of(url)}")
    assert shown.status == 200, shown.json
    assert {k: shown.json[k] for k in ("charity_name", "amount", "interval", "status", "actions")} == {
        "charity_name": "Hope Trust",
        "amount": "12.50",
        "interval": "month",
        "status": "active",
        "actions": ["pause", "amount", "cancel"],
    }
    assert shown.json["next_charge_date"]


def test_the_donor_pauses_resumes_changes_and_cancels_with_confirmations(
    stripe: Stripe, charity: SignedIn
) -> None:
    sub_id = stripe.give_monthly("10.00")
    stripe.deliver(stripe.events())
    token = token_of(link_in(outbox(charity)[0]["text"]))
    donor = visitor(stripe.client)
    paused = donor.post(f"/api/give/manage/pause?token={token}", {"months": 2})
    assert paused.status == 200, paused.json
    assert (paused.json["status"], paused.json["actions"]) == ("paused", ["resume", "amount", "cancel"])
    assert FAKE.objects[sub_id]["pause_collection"]["behavior"] == "void"
    resumed = donor.post(f"/api/give/manage/resume?token={token}", {})
    assert resumed.status == 200 and resumed.json["status"] == "active", resumed.json
    changed = donor.post(f"/api/give/manage/amount?token={token}", {"amount": "15.00"})
    assert changed.status == 200 and changed.json["amount"] == "15.00", changed.json
    assert FAKE.objects[sub_id]["items"]["data"][0]["price"]["unit_amount"] == 1500
    cancelled = donor.post(f"/api/give/manage/cancel?token={token}", {"reason": "Moving abroad"})
    assert cancelled.status == 200 and cancelled.json["status"] == "cancelled", cancelled.json
    subjects = [m["subject"] for m in outbox(charity)][1:]
    assert subjects == [
        f"Your monthly gift to Hope Trust: {what}"
        for what in (f"paused until {paused.json['paused_until']}", "resumed", "now £15.00", "cancelled")
    ]
    [row] = subscriptions(charity)
    history = charity.get(f"/api/subscriptions/{row['id']}").json["history"]
    assert [(h["kind"], h["by"]) for h in history[:4]] == [
        ("cancelled", "donor"),
        ("amount", "donor"),
        ("resumed", "donor"),
        ("paused", "donor"),
    ]
    assert row["cancel_reason"] == "Moving abroad"
    again = donor.get(f"/api/give/manage?token={token}")  # the gift has ended: the link with it
    assert again.status == 410 and "ended" in again.json["message"], again.json
    assert donor.post(f"/api/give/manage/resume?token={token}", {}).status == 410


def test_a_gateway_error_changes_nothing_and_the_donor_sees_its_message(
    stripe: Stripe, charity: SignedIn
) -> None:
    stripe.give_monthly("10.00")
    stripe.deliver(stripe.events())
    token = token_of(link_in(outbox(charity)[0]["text"]))
    donor = visitor(stripe.client)
    before = donor.get(f"/api/give/manage?token={token}").json
    [row] = subscriptions(charity)
    for action, body in (("pause", {"months": 1}), ("amount", {"amount": "30.00"}), ("cancel", {})):
        FAKE.fail_next(stripe.secret, "Stripe is resting (fake).")
        reply = donor.post(f"/api/give/manage/{action}?token={token}", body)
        assert reply.status == 502 and reply.json["message"] == "Stripe is resting (fake).", reply.json
    assert donor.get(f"/api/give/manage?token={token}").json == before
    assert subscriptions(charity) == [row]
    assert len(outbox(charity)) == 1  # the thank-you only: no confirmation of what did not happen
    paused = donor.post(f"/api/give/manage/pause?token={token}", {"months": 1})
    assert paused.status == 200
    FAKE.fail_next(stripe.secret, "Still resting.")
    resume = donor.post(f"/api/give/manage/resume?token={token}", {})
    assert resume.status == 502 and resume.json["message"] == "Still resting."
    assert donor.get(f"/api/give/manage?token={token}").json["status"] == "paused"


def test_bad_expired_and_single_purpose_links(stripe: Stripe, charity: SignedIn) -> None:
    stripe.give_monthly("10.00")
    stripe.deliver(stripe.events())
    [row] = subscriptions(charity)
    donor = visitor(stripe.client)
    made = charity.post(f"/api/subscriptions/{row['id']}/manage-link", {"purpose": "pause", "send": True})
    assert made.status == 201, made.json
    assert made.json["purpose"] == "pause" and made.json["sent"] is True
    sent = outbox(charity)[-1]
    assert sent["subject"] == "Manage your monthly gift to Hope Trust" and made.json["url"] in sent["text"]
    token = token_of(made.json["url"])
    assert donor.get(f"/api/give/manage?token={token}").json["actions"] == ["pause"]
    refused = donor.post(f"/api/give/manage/cancel?token={token}", {})
    assert refused.status == 403 and refused.json["message"].startswith("This link cannot do that")
    tampered = token[:-2] + ("AA" if not token.endswith("AA") else "BB")
    for bad in (tampered, "", "x" * 300):
        reply = donor.get(f"/api/give/manage?token={bad}")
        assert reply.status in (404, 422), (bad, reply.json)
    unknown = donor.get(f"/api/give/manage?token={tampered}")
    assert unknown.status == 404 and unknown.json["message"].startswith("This link is not valid")
    assert donor.post(f"/api/give/manage/explode?token={token}", {}).status == 404
    invalid = donor.post(f"/api/give/manage/pause?token={token}", {"months": 9})
    assert invalid.status == 422 and "months" in invalid.json["errors"]
    missing = donor.post(f"/api/give/manage/pause?token={token}", {})
    assert missing.status == 422 and "months" in missing.json["errors"]
    later = dt.datetime.now(dt.UTC) + dt.timedelta(days=7, minutes=1)
    clock.set_clock(lambda: later)
    try:
        expired = donor.get(f"/api/give/manage?token={token}")
        assert expired.status == 410 and "expired" in expired.json["message"], expired.json
        assert donor.post(f"/api/give/manage/pause?token={token}", {"months": 1}).status == 410
    finally:
        clock.set_clock(None)
    assert subscriptions(charity)[0]["status"] == "active"
    other = charity.post(f"/api/subscriptions/{row['id']}/manage-link", {"purpose": "everything"})
    assert other.status == 422 and "purpose" in other.json["errors"]


def test_the_donors_link_is_rate_limited_like_the_checkout(client: Any, still_clock: dt.datetime) -> None:
    donor = visitor(client, ip="198.51.100.23")
    answers = [donor.get("/api/give/manage?token=nothing").status for _ in range(31)]
    assert answers[:30] == [404] * 30 and answers[30] == 429
    assert visitor(client, ip="198.51.100.24").get("/api/give/manage?token=x").status == 404


# ------------------------------------------------------------------ nightly reconciliation


def _reconcile_now(stripe: Stripe, charity: SignedIn) -> None:
    """The staff's "reconcile now": a job on the subscriptions queue, run as Lambda would."""
    from functions.subscriptions import reconcile
    from tests.functional.helpers import lambda_event, receive

    reply = charity.post("/api/subscriptions/reconcile", {})
    assert reply.status == 202 and reply.json["job_id"], reply.json
    messages = receive(stripe.aws, "SubscriptionsQueue")
    assert len(messages) == 1
    answer = reconcile.handler(lambda_event(messages), None)
    assert not answer.get("batchItemFailures"), answer


def _attention(charity: SignedIn) -> dict[str, dict[str, Any]]:
    reply = charity.get("/api/subscriptions/attention")
    assert reply.status == 200, reply.json
    assert reply.json["meta"]["total"] == len(reply.json["data"])
    return {f"{i['kind']}:{i['gateway_subscription_id']}": i for i in reply.json["data"]}


def test_reconciliation_finds_each_mismatch_and_applying_fixes_it_without_doubling(
    stripe: Stripe, charity: SignedIn
) -> None:
    from functions.subscriptions import reconcile
    from tests.functional.subscriptions_helpers import donations_of

    renewed, changed, cancelled = (stripe.give_monthly(a) for a in ("10.00", "20.00", "30.00"))
    stripe.deliver(stripe.events())
    assert charity.get("/api/subscriptions/summary").json["needs_attention"] == 0
    FAKE.renew(renewed)  # paid at Stripe, its events lost
    lost = stripe.events()
    price = FAKE.objects[changed]["items"]["data"][0]["price"]
    price["unit_amount"], price["recurring"] = 4000, {"interval": "year", "interval_count": 1}
    FAKE.objects[cancelled]["status"] = "canceled"
    _reconcile_now(stripe, charity)
    found = _attention(charity)
    assert set(found) == {
        f"missing_donation:{renewed}",
        f"next_charge_date:{renewed}",
        f"amount:{changed}",
        f"interval:{changed}",
        f"status:{cancelled}",
    }
    assert (found[f"amount:{changed}"]["held"], found[f"amount:{changed}"]["gateway"]) == ("20.00", "40.00")
    assert (found[f"status:{cancelled}"]["held"], found[f"status:{cancelled}"]["gateway"]) == (
        "active",
        "cancelled",
    )
    assert charity.get("/api/subscriptions/summary").json["needs_attention"] == 5
    assert len(donations_of(charity)) == 3

    missing = found[f"missing_donation:{renewed}"]
    applied = charity.post(f"/api/subscriptions/attention/{missing['id']}/apply", {})
    assert applied.status == 200 and applied.json["state"] == "applied", applied.json
    assert len(donations_of(charity)) == 4
    again = charity.post(f"/api/subscriptions/attention/{missing['id']}/apply", {})
    assert again.status == 409
    stripe.deliver(lost)  # the lost events arrive at last: no second donation
    assert len(donations_of(charity)) == 4
    for key in (f"amount:{changed}", f"status:{cancelled}", f"next_charge_date:{renewed}"):
        assert charity.post(f"/api/subscriptions/attention/{found[key]['id']}/apply", {}).status == 200
    rows = {r["gateway_subscription_id"]: r for r in subscriptions(charity)}
    assert (rows[changed]["amount"], rows[changed]["interval"]) == ("40.00", "year")
    assert rows[cancelled]["status"] == "cancelled"
    assert rows[renewed]["next_charge_date"] == found[f"next_charge_date:{renewed}"]["gateway"]
    dismissed = charity.post(f"/api/subscriptions/attention/{found[f'interval:{changed}']['id']}/dismiss", {})
    assert dismissed.status == 200 and dismissed.json["state"] == "dismissed"
    assert charity.post("/api/subscriptions/attention/nope/apply", {}).status == 404

    reconcile.handler({"detail-type": "Scheduled Event", "detail": {}}, None)  # the nightly run
    assert _attention(charity) == {}  # fixed ones stay fixed, the dismissed one dismissed
    assert charity.get("/api/subscriptions/summary").json["needs_attention"] == 0
    assert len(donations_of(charity)) == 4


def test_reconciliation_is_for_staff_with_the_permission(
    client: Any, stripe: Stripe, charity: SignedIn
) -> None:
    from tests.functional.helpers import add_user

    staff = add_user(client, charity.tenant_id, "staff")
    assert staff.post("/api/subscriptions/reconcile", {}).status == 403
    assert staff.get("/api/subscriptions/attention").status == 403
    assert staff.post("/api/subscriptions/attention/x/dismiss", {}).status == 403
    assert staff.post("/api/subscriptions/x/manage-link", {}).status == 403
    assert staff.get("/api/subscriptions/settings").status == 403
