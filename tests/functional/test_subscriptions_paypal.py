"""Recurring giving through PayPal Subscriptions (issue 17 §1-4): the donation page's monthly or
annual gift makes a PayPal plan and subscription on the local fake PayPal (over HTTP), approved on
the fake's hosted page; the fake's events, signed as PayPal signs them, go through the real webhook
route (certificate fetched from the fake) and the webhooks queue's job; the staff actions ask PayPal
first."""

from __future__ import annotations

import datetime as dt
import json
import secrets
import uuid
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
import requests

from chalicelocal import fake_paypal
from tests.functional.helpers import SignedIn, sign_up_charity
from tests.functional.subscriptions_helpers import (
    detail,
    donations_of,
    drain_webhooks,
    subscriptions,
)
from tests.functional.test_fake_providers import origin  # noqa: F401  (module fixture)
from tests.functional.test_giving import gift, visitor
from tests.functional.webhooks_helpers import deliver

WEBHOOK_ID = "WH-7YX49823S2290830K-0JE13296W68552352"
WAIT = 20


class PayPal:
    """The charity's app on the fake PayPal, and the events it made delivered on demand."""

    def __init__(self, client: Any, aws: dict, charity: SignedIn, base: str) -> None:
        from functions.core import clock
        from functions.core.secret_box import seal
        from functions.gateways.models import GatewayAccount
        from functions.webhooks import repository

        self.client, self.aws, self.tenant_id, self.base = client, aws, charity.tenant_id, base
        self.client_id, secret = f"AcL{secrets.token_hex(12)}", f"EcS{secrets.token_hex(12)}"
        self.fake = fake_paypal.fake()
        self.fake.register_app(self.client_id, secret, "Hope Trust")
        GatewayAccount(
            *GatewayAccount.key(self.tenant_id, "paypal"),
            tenant_id=self.tenant_id,
            provider="paypal",
            mode="test",
            public_key=self.client_id,
            secret=seal(secret, self.tenant_id),
            secret_hint="…",
            webhook_id=WEBHOOK_ID,
            connected_at=clock.now(),
            connected_by="test",
            api_base=f"{base}/fake-paypal",
        ).save()
        repository.forget_accounts()
        self.seen = len(self.fake.events)

    def events(self) -> list[dict[str, Any]]:
        """The app's events since the last call, oldest first."""
        with self.fake.lock:
            stored = self.fake.events[self.seen :]
            self.seen = len(self.fake.events)
        return [json.loads(json.dumps(s.event)) for s in stored if s.client_id == self.client_id]

    def deliver(self, events: list[dict[str, Any]]) -> None:
        """Each event signed as the fake signs its deliveries, through the webhook route, then the
        webhooks queue to the worker until it is empty (as Lambda would)."""
        for event in events:
            raw = json.dumps(event).encode()
            transmission, moment = str(uuid.uuid4()), dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
            signature = self.fake.signer.sign(
                fake_paypal.signed_message(transmission, moment, WEBHOOK_ID, raw)
            )
            headers = {
                "PAYPAL-TRANSMISSION-ID": transmission,
                "PAYPAL-TRANSMISSION-TIME": moment,
                "PAYPAL-TRANSMISSION-SIG": signature,
                "PAYPAL-CERT-URL": f"{self.base}/fake-paypal/certs/{fake_paypal.CERT_NAME}.pem",
                "PAYPAL-AUTH-ALGO": "SHA256withRSA",
            }
            reply = deliver(self.client, "paypal", self.tenant_id, raw, headers)
            assert reply.status == 200, reply
        self.work()

    def work(self) -> None:
        drain_webhooks(self.aws)

    def slug(self) -> str:
        from functions.giving import service

        return service.page_of(self.tenant_id).slug

    def start(self, amount: str = "25.00", frequency: str = "monthly", **fields: Any) -> dict[str, Any]:
        reply = visitor(self.client).post(
            f"/api/give/{self.slug()}/checkout",
            gift(provider="paypal", amount=amount, frequency=frequency, **fields),
        )
        assert reply.status == 201, reply.json
        return dict(reply.json)

    def give_monthly(self, amount: str = "25.00", frequency: str = "monthly", **fields: Any) -> str:
        """A recurring gift approved on the fake's hosted page: its PayPal subscription id."""
        started = self.start(amount, frequency, **fields)
        form = requests.get(started["redirect_url"], timeout=WAIT)
        assert form.status_code == 200 and "Subscribe" in form.text, form.text
        token = parse_qs(urlsplit(started["redirect_url"]).query)["ba_token"][0]
        back = requests.post(
            started["redirect_url"].split("?")[0],
            data={"ba_token": token, "choice": "subscribe"},
            allow_redirects=False,
            timeout=WAIT,
        )
        assert back.status_code == 303, back.text
        query = parse_qs(urlsplit(back.headers["Location"]).query)
        assert query["intent"] == [started["intent_id"]] and query["key"] == [started["token"]]
        self.started = started
        return query["subscription_id"][0]


@pytest.fixture
def charity(client: Any) -> SignedIn:
    return sign_up_charity(client, "Hope Trust")


@pytest.fixture
def paypal(
    client: Any,
    aws: dict,
    charity: SignedIn,
    origin: str,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> PayPal:
    from functions.webhooks import verify

    monkeypatch.setenv("ALMONER_PAYPAL_CERT_HOSTS", urlsplit(origin).netloc)
    monkeypatch.setenv("ALMONER_PAYPAL_TRUST_ROOTS", fake_paypal.fake().root_pem)
    verify.clear_cache()
    return PayPal(client, aws, charity, origin)


def only(events: list[dict[str, Any]], *kinds: str) -> list[dict[str, Any]]:
    return [e for e in events if e["event_type"] in kinds]


# ------------------------------------------------------------------ the gift and its instalments


def test_the_page_offers_regular_gifts_with_paypal_and_one_plan_serves_equal_gifts(
    paypal: PayPal, charity: SignedIn
) -> None:
    page = visitor(paypal.client).get(f"/api/give/{paypal.slug()}")
    assert page.json["frequencies"] == ["once", "monthly", "annual"]
    first = paypal.start("10.00")
    paypal.start("10.00", first_name="Grace")
    annual = paypal.start("10.00", frequency="annual")
    assert first["redirect_url"].startswith(
        f"{paypal.base}/fake-paypal/webapps/billing/subscriptions?ba_token="
    )
    subs = [s for s in paypal.fake.subscriptions.values() if paypal.fake.owner[s["id"]] == paypal.client_id]
    assert len(subs) == 3 and subs[0]["custom_id"] == f"{paypal.tenant_id}:{first['intent_id']}"
    assert subs[0]["plan_id"] == subs[1]["plan_id"] != subs[2]["plan_id"]
    assert paypal.fake.plans[subs[2]["plan_id"]]["billing_cycles"][0]["frequency"]["interval_unit"] == "YEAR"
    # the thank-you page's capture call answers as the poll does, capturing nothing
    captured = visitor(paypal.client).post(
        f"/api/give/{paypal.slug()}/intents/{annual['intent_id']}/capture?token={annual['token']}", {}
    )
    assert captured.status == 200, captured.json
    assert (captured.json["status"], captured.json["received"]) == ("open", False)


def test_a_monthly_gift_makes_one_subscription_and_one_donation_per_sale(
    paypal: PayPal, charity: SignedIn
) -> None:
    sub_id = paypal.give_monthly("25.00")
    first = paypal.events()
    assert [e["event_type"] for e in first] == [
        "BILLING.SUBSCRIPTION.CREATED",
        "BILLING.SUBSCRIPTION.ACTIVATED",
        "PAYMENT.SALE.COMPLETED",
    ]
    paypal.deliver(first)
    [shown] = subscriptions(charity)
    assert (shown["status"], shown["amount"], shown["interval"], shown["provider"], shown["method"]) == (
        "active",
        "25.00",
        "month",
        "paypal",
        "paypal",
    )
    assert (shown["gateway_subscription_id"], shown["donor_name"], shown["instalments"]) == (
        sub_id,
        "Ada Lovelace",
        1,
    )
    assert shown["next_charge_date"] > dt.date.today().isoformat()
    poll = visitor(paypal.client).get(
        f"/api/give/{paypal.slug()}/intents/{paypal.started['intent_id']}?token={paypal.started['token']}"
    )
    assert (poll.json["status"], poll.json["received"]) == ("paid", True)
    paypal.fake.renew(sub_id)
    paypal.deliver(paypal.events())
    paypal.deliver(first)  # delivered again: nothing moves
    made = donations_of(charity)
    assert len(made) == 2 and {d["amount"] for d in made} == {"25.00"}
    assert all(d["gift_aid"]["state"] == "claimable" for d in made)
    assert len({d["donor_id"] for d in made}) == 1
    shown = detail(charity, shown["id"])
    assert (shown["instalments"], shown["total_given"], shown["donor_id"]) == (
        2,
        "50.00",
        made[0]["donor_id"],
    )
    assert sorted(r["donation_id"] for r in shown["instalment_donations"]) == sorted(d["id"] for d in made)
    assert {r["invoice_id"] for r in shown["instalment_donations"]} == {d["external_ref"] for d in made}
    assert shown["declaration_id"]


def test_a_sale_before_its_subscription_fetches_it_and_links_the_donation(
    paypal: PayPal, charity: SignedIn
) -> None:
    paypal.give_monthly("12.50", frequency="annual")
    events = paypal.events()
    paypal.deliver(only(events, "PAYMENT.SALE.COMPLETED"))  # the subscription's own events are late
    [shown] = subscriptions(charity)
    assert (shown["status"], shown["amount"], shown["interval"], shown["instalments"]) == (
        "active",
        "12.50",
        "year",
        1,
    )
    [made] = donations_of(charity)
    assert detail(charity, shown["id"])["instalment_donations"][0]["donation_id"] == made["id"]
    paypal.deliver(only(events, "BILLING.SUBSCRIPTION.CREATED", "BILLING.SUBSCRIPTION.ACTIVATED"))
    [again] = subscriptions(charity)
    assert (again["status"], again["instalments"]) == ("active", 1)
    assert len(donations_of(charity)) == 1


def test_out_of_order_and_repeated_sales_never_double(paypal: PayPal, charity: SignedIn) -> None:
    sub_id = paypal.give_monthly("10.00")
    paypal.deliver(paypal.events())
    paypal.fake.renew(sub_id)
    second = paypal.events()
    paypal.fake.renew(sub_id)
    third = paypal.events()
    paypal.deliver(third + second + third + second)
    [shown] = subscriptions(charity)
    assert (shown["instalments"], shown["total_given"]) == (3, "30.00")
    refs = [d["external_ref"] for d in donations_of(charity)]
    assert len(refs) == 3 and len(set(refs)) == 3


def test_a_failed_payment_marks_it_failing_and_a_later_sale_recovers_it(
    paypal: PayPal, charity: SignedIn
) -> None:
    sub_id = paypal.give_monthly("20.00")
    paypal.deliver(paypal.events())
    paypal.fake.renew(sub_id, paid=False)
    failed = paypal.events()
    paypal.deliver(failed + failed)
    [shown] = subscriptions(charity)
    assert (shown["status"], shown["failure_count"]) == ("failing", 1)
    assert shown["last_failure_reason"] == "PayPal denied the payment."
    assert shown["failing_since"] == dt.date.today().isoformat()
    paypal.fake.renew(sub_id, paid=True)
    paypal.deliver(paypal.events())
    shown = detail(charity, shown["id"])
    assert (shown["status"], shown["failing_since"], shown["last_failure_reason"]) == ("active", None, None)
    assert [h["kind"] for h in shown["history"]].count("recovered") == 1
    summary = charity.get("/api/subscriptions/summary").json
    assert (summary["failing"], summary["recovered_this_month"], summary["recovered_income_this_month"]) == (
        0,
        1,
        "20.00",
    )
    assert len(donations_of(charity)) == 2


def test_paypal_suspends_after_three_failures_and_an_expiry_ends_it(
    paypal: PayPal, charity: SignedIn
) -> None:
    sub_id = paypal.give_monthly("8.00")
    paypal.deliver(paypal.events())
    for _ in range(3):
        paypal.fake.renew(sub_id, paid=False)
    paypal.deliver(paypal.events())
    [shown] = subscriptions(charity)
    assert (shown["status"], shown["failure_count"]) == ("paused", 3)
    paypal.fake.expire(sub_id)
    paypal.deliver(paypal.events())
    [shown] = subscriptions(charity)
    assert shown["status"] == "expired" and shown["cancelled_at"]
    assert charity.get("/api/subscriptions/summary").json["cancelled_this_month"] == 1


# ------------------------------------------------------------------ Gift Aid per instalment


def test_each_instalment_is_checked_against_the_declaration_in_force_on_its_date(
    paypal: PayPal, charity: SignedIn
) -> None:
    from functions.giving.models import GivingIntent

    sub_id = paypal.give_monthly("10.00")
    events = paypal.events()
    signed_up, paid_one, cancelled_on = (dt.date.today() - dt.timedelta(days=d) for d in (8, 6, 3))
    intent = GivingIntent.get(*GivingIntent.key(paypal.tenant_id, paypal.started["intent_id"]))
    intent.gift_aid = {**intent.gift_aid.as_dict(), "declared_at": f"{signed_up.isoformat()}T10:00:00Z"}
    intent.save()  # signed up eight days ago
    for event in only(events, "PAYMENT.SALE.COMPLETED"):  # the first sale, as if six days ago
        event["resource"]["create_time"] = f"{paid_one.isoformat()}T12:00:00Z"
    paypal.deliver(events)
    [first] = donations_of(charity)
    assert (first["date"], first["gift_aid"]["state"]) == (paid_one.isoformat(), "claimable")
    [row] = subscriptions(charity)
    declaration_id = detail(charity, row["id"])["declaration_id"]
    cancelled = charity.post(
        f"/api/donors/{first['donor_id']}/declarations/{declaration_id}/cancel",
        {"cancelled_on": cancelled_on.isoformat(), "reason": "Stopped paying UK tax"},
    )
    assert cancelled.status == 200, cancelled.json
    paypal.fake.renew(sub_id)
    paypal.deliver(paypal.events())
    shown = {d["date"]: d for d in donations_of(charity)}
    assert shown[paid_one.isoformat()]["gift_aid"]["state"] == "claimable"
    assert shown[dt.date.today().isoformat()]["gift_aid"]["state"] != "claimable"


# ------------------------------------------------------------------ staff actions


def test_staff_actions_go_to_paypal_first_and_keep_a_history(paypal: PayPal, charity: SignedIn) -> None:
    from functions.subscriptions import paypal_actions

    sub_id = paypal.give_monthly("15.00")
    paypal.deliver(paypal.events())
    [row] = subscriptions(charity)
    paused = charity.post(f"/api/subscriptions/{row['id']}/pause", {"months": 2, "version": row["version"]})
    assert paused.status == 200, paused.json
    assert paused.json["status"] == "paused" and paused.json["paused_until"] > dt.date.today().isoformat()
    assert paypal.fake.subscriptions[sub_id]["status"] == "SUSPENDED"
    paypal.deliver(paypal.events())  # PayPal's own SUSPENDED event keeps the date
    after_event = detail(charity, row["id"])
    assert after_event["paused_until"] == paused.json["paused_until"]
    assert paypal_actions.resume_due(charity.tenant_id) == 0  # not due yet
    # staff act on the subscription as the screen shows it now (the event may have saved it again)
    resumed = charity.post(f"/api/subscriptions/{row['id']}/resume", {"version": after_event["version"]})
    assert resumed.status == 200 and resumed.json["status"] == "active", resumed.json
    assert (resumed.json["paused_until"], paypal.fake.subscriptions[sub_id]["status"]) == (None, "ACTIVE")
    changed = charity.post(
        f"/api/subscriptions/{row['id']}/amount", {"amount": "30.00", "version": resumed.json["version"]}
    )
    assert changed.status == 200 and changed.json["amount"] == "30.00", changed.json
    moved = charity.post(
        f"/api/subscriptions/{row['id']}/charge-date", {"day": 15, "version": changed.json["version"]}
    )
    assert moved.status == 409 and "charge date" in moved.json["message"], moved.json
    paypal.fake.renew(sub_id)  # the next cycle at the new amount
    cancelled = charity.post(
        f"/api/subscriptions/{row['id']}/cancel",
        {"reason": "Donor asked by phone", "version": changed.json["version"]},
    )
    assert cancelled.status == 200, cancelled.json
    assert (cancelled.json["status"], cancelled.json["cancel_reason"]) == (
        "cancelled",
        "Donor asked by phone",
    )
    assert paypal.fake.subscriptions[sub_id]["status"] == "CANCELLED"
    paypal.deliver(paypal.events())  # PayPal's own events of those changes add nothing
    shown = detail(charity, row["id"])
    kinds = [(h["kind"], h["by"]) for h in shown["history"]]
    assert kinds[:4] == [
        ("cancelled", "staff"),
        ("amount", "staff"),
        ("resumed", "staff"),
        ("paused", "staff"),
    ]
    assert ("amount", "gateway") not in kinds
    assert sorted(d["amount"] for d in donations_of(charity)) == ["15.00", "30.00"]


def test_a_timed_pause_ends_with_paypal_activating_it(paypal: PayPal, charity: SignedIn) -> None:
    from functions.subscriptions.models import Subscription

    sub_id = paypal.give_monthly("9.00")
    paypal.deliver(paypal.events())
    [row] = subscriptions(charity)
    paused = charity.post(f"/api/subscriptions/{row['id']}/pause", {"months": 1, "version": row["version"]})
    assert paused.status == 200, paused.json
    item = Subscription.get(*Subscription.key(charity.tenant_id, row["id"]))
    item.paused_until = dt.date.today().isoformat()  # a month later
    item.save()
    from functions.subscriptions import reconcile

    nightly = reconcile.handler({"detail-type": "Scheduled Event", "detail": {}}, None)  # the schedule
    assert nightly["resumed"] == 1
    assert paypal.fake.subscriptions[sub_id]["status"] == "ACTIVE"
    shown = detail(charity, row["id"])
    assert (shown["status"], shown["paused_until"], shown["history"][0]["kind"]) == (
        "active",
        None,
        "resumed",
    )


def test_a_paypal_error_changes_nothing_and_shows_paypals_message(paypal: PayPal, charity: SignedIn) -> None:
    sub_id = paypal.give_monthly("15.00")
    paypal.deliver(paypal.events())
    [row] = subscriptions(charity)
    before = detail(charity, row["id"])
    for path, body in (
        ("pause", {"months": 3}),
        ("amount", {"amount": "40.00"}),
        ("cancel", {"reason": "moving away"}),
    ):
        failed = requests.post(
            f"{paypal.base}/fake-paypal/test-helpers/fail-next",
            data={"client_id": paypal.client_id, "message": "Subscription is locked (fake)."},
            timeout=WAIT,
        )
        assert failed.status_code == 200
        reply = charity.post(f"/api/subscriptions/{row['id']}/{path}", {**body, "version": row["version"]})
        assert reply.status == 502 and reply.json["message"] == "Subscription is locked (fake).", reply.json
    assert detail(charity, row["id"]) == before
    assert paypal.fake.subscriptions[sub_id]["status"] == "ACTIVE"
    assert paypal.fake.subscriptions[sub_id]["_price"] == "15.00"
    renewed = requests.post(
        f"{paypal.base}/fake-paypal/test-helpers/subscriptions/{sub_id}/renew",
        data={"outcome": "failed"},
        timeout=WAIT,
    )
    assert renewed.status_code == 200 and renewed.json()["billing_info"]["failed_payments_count"] == 1
