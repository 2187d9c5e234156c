"""Recurring giving (issue 17 §1-4): subscriptions made by the donation page's Checkout in
subscription mode on the local fake Stripe (chalicelocal/fake_stripe.py, over HTTP), kept to the
gateway's word by its events (delivered through the real webhook route and applied by the webhooks
queue's job), their instalments as donations (one per invoice, Gift Aid per instalment), and the
staff screen's list, summary, detail and actions (the gateway first)."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest

from chalicelocal import fake_stripe
from tests.functional.browser import Browser
from tests.functional.helpers import SignedIn, add_user, sign_up_charity
from tests.functional.subscriptions_helpers import (
    detail,
    donations_of,
    drain_webhooks,
    subscriptions,
)
from tests.functional.test_fake_providers import new_keys, origin  # noqa: F401  (module fixture)
from tests.functional.test_giving import gift, visitor
from tests.functional.webhooks_helpers import SECRET, deliver, stripe_body, stripe_headers

FAKE = fake_stripe.FAKE


class Stripe:
    """The charity's account on the fake Stripe, and the events it made delivered on demand."""

    def __init__(self, client: Any, aws: dict, charity: SignedIn, base: str) -> None:
        from functions.core import clock
        from functions.core.secret_box import seal
        from functions.gateways.models import GatewayAccount
        from functions.webhooks import repository

        self.client, self.aws, self.tenant_id = client, aws, charity.tenant_id
        publishable, self.secret = new_keys()
        FAKE.register_account(publishable, self.secret, "Hope Trust")
        self.account_id = FAKE.by_key[self.secret]
        GatewayAccount(
            *GatewayAccount.key(self.tenant_id, "stripe"),
            tenant_id=self.tenant_id,
            provider="stripe",
            mode="test",
            public_key=publishable,
            secret=seal(self.secret, self.tenant_id),
            secret_hint="sk_test_…",
            signing_secrets=[seal(SECRET, self.tenant_id)],
            signing_hints=["whsec_…ests"],
            connected_at=clock.now(),
            connected_by="test",
            api_base=f"{base}/fake-stripe",
        ).save()
        repository.forget_accounts()
        self.seen = len(FAKE.events)

    def events(self) -> list[dict[str, Any]]:
        """The account's events since the last call, oldest first."""
        with FAKE.lock:
            stored = FAKE.events[self.seen :]
            self.seen = len(FAKE.events)
        return [json.loads(json.dumps(s.event)) for s in stored if s.account_id == self.account_id]

    def deliver(self, events: list[dict[str, Any]]) -> None:
        for event in events:
            raw = stripe_body(event)
            reply = deliver(self.client, "stripe", self.tenant_id, raw, stripe_headers(raw))
            assert reply.status == 200, reply
        self.work()

    def work(self) -> None:
        drain_webhooks(self.aws)

    def give_monthly(
        self, amount: str = "25.00", *, frequency: str = "monthly", outcome: str = "card", **fields: Any
    ) -> str:
        """A recurring gift on the donation page, paid on the fake's hosted page: its Stripe
        subscription id."""
        slug = self._slug()
        reply = visitor(self.client).post(
            f"/api/give/{slug}/checkout", gift(amount=amount, frequency=frequency, **fields)
        )
        assert reply.status == 201, reply.json
        self.session_id = reply.json["redirect_url"].rsplit("/", 1)[1]
        assert FAKE.objects[self.session_id]["mode"] == "subscription"
        FAKE.pay(self.session_id, outcome)
        return str(FAKE.objects[self.session_id]["subscription"])

    def _slug(self) -> str:
        from functions.giving import service

        return service.page_of(self.tenant_id).slug


@pytest.fixture
def charity(client: Any) -> SignedIn:
    return sign_up_charity(client, "Hope Trust")


@pytest.fixture
def stripe(client: Any, aws: dict, charity: SignedIn, origin: str) -> Stripe:  # noqa: F811
    return Stripe(client, aws, charity, origin)


def only(events: list[dict[str, Any]], *kinds: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] in kinds]


# ------------------------------------------------------------------ the gift and its instalments


def test_a_monthly_gift_makes_one_subscription_and_one_donation_per_paid_invoice(
    stripe: Stripe, charity: SignedIn
) -> None:
    sub_id = stripe.give_monthly("25.00")
    first = stripe.events()
    assert {"customer.subscription.created", "invoice.paid", "checkout.session.completed"} <= {
        e["type"] for e in first
    }
    stripe.deliver(first)
    [shown] = subscriptions(charity)
    assert (shown["status"], shown["amount"], shown["interval"], shown["provider"]) == (
        "active",
        "25.00",
        "month",
        "stripe",
    )
    assert (shown["gateway_subscription_id"], shown["donor_name"], shown["instalments"]) == (
        sub_id,
        "Ada Lovelace",
        1,
    )
    FAKE.renew(sub_id)
    stripe.deliver(stripe.events())
    stripe.deliver(first)  # delivered again: nothing moves
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
    assert shown["declaration_id"]
    summary = charity.get("/api/subscriptions/summary").json
    assert (summary["active_donors"], summary["monthly_recurring_income"], summary["new_this_month"]) == (
        1,
        "25.00",
        1,
    )


def test_a_renewal_before_its_subscription_fetches_it_and_links_the_donation(
    stripe: Stripe, charity: SignedIn
) -> None:
    stripe.give_monthly("12.50")
    events = stripe.events()
    created = only(events, "customer.subscription.created")
    stripe.deliver(only(events, "invoice.paid"))  # the subscription's own event is late
    [shown] = subscriptions(charity)
    assert (shown["status"], shown["amount"], shown["instalments"]) == ("active", "12.50", 1)
    [made] = donations_of(charity)
    assert detail(charity, shown["id"])["instalment_donations"][0]["donation_id"] == made["id"]
    stripe.deliver(created)  # arrives at last: older than what was applied
    [again] = subscriptions(charity)
    assert (again["status"], again["instalments"]) == ("active", 1)
    assert len(donations_of(charity)) == 1


def test_out_of_order_and_repeated_renewals_never_double(stripe: Stripe, charity: SignedIn) -> None:
    sub_id = stripe.give_monthly("10.00")
    stripe.deliver(stripe.events())
    FAKE.renew(sub_id)
    second = only(stripe.events(), "invoice.paid")
    FAKE.renew(sub_id)
    third = only(stripe.events(), "invoice.paid")
    stripe.deliver(third + second + third + second)
    [shown] = subscriptions(charity)
    assert (shown["instalments"], shown["total_given"]) == (3, "30.00")
    refs = [d["external_ref"] for d in donations_of(charity)]
    assert len(refs) == 3 and len(set(refs)) == 3


def test_a_failed_payment_marks_it_failing_and_a_later_success_recovers_it(
    stripe: Stripe, charity: SignedIn
) -> None:
    sub_id = stripe.give_monthly("20.00")
    stripe.deliver(stripe.events())
    FAKE.renew(sub_id, paid=False)
    stripe.deliver(stripe.events())
    [shown] = subscriptions(charity)
    assert (shown["status"], shown["failure_count"]) == ("failing", 1)
    assert shown["last_failure_reason"] and shown["failing_since"] == dt.date.today().isoformat()
    assert charity.get("/api/subscriptions/summary").json["failing"] == 1
    assert [s["id"] for s in subscriptions(charity, '?filters={"status":"failing"}')] == [shown["id"]]
    FAKE.renew(sub_id, paid=True)  # the retry of the failed invoice succeeds
    stripe.deliver(stripe.events())
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


def test_a_bacs_instalment_is_a_donation_only_once_paid_and_page_statistics_add_up(
    stripe: Stripe, charity: SignedIn
) -> None:
    from functions.core import keys
    from functions.core.table import Entity

    reply = visitor(stripe.client).get(f"/api/give/{stripe._slug()}")
    assert reply.json["frequencies"] == ["once", "monthly", "annual"]
    page_id = published_donation_page(charity)
    stripe.give_monthly("120.00", frequency="annual", outcome="bacs", page_id=page_id)
    stripe.deliver(stripe.events())
    [shown] = subscriptions(charity)
    assert (shown["status"], shown["interval"], shown["method"], shown["instalments"]) == (
        "active",
        "year",
        "bacs_debit",
        0,
    )
    assert shown["source_page_id"] == page_id and donations_of(charity) == []
    FAKE.settle(stripe.session_id, succeeded=True)  # the first Direct Debit clears
    stripe.deliver(stripe.events())
    [made] = donations_of(charity)
    assert (made["amount"], made["status"], made["gift_aid"]["state"]) == ("120.00", "received", "claimable")
    summary = charity.get("/api/subscriptions/summary").json
    assert summary["monthly_recurring_income"] == "10.00"  # £120 a year
    stats = Entity._get_connection().get_item(
        keys.tenant_pk(charity.tenant_id), keys.page_stats_sk(page_id), consistent_read=True
    )["Item"]
    assert {k: stats[k]["N"] for k in ("donations", "raised_pence", "gift_aid_donations")} == {
        "donations": "1",
        "raised_pence": "12000",
        "gift_aid_donations": "1",
    }


def published_donation_page(who: SignedIn, *, allow_annual: bool = True) -> str:
    """A published donation page of the charity (the "monthly" template: its form offers monthly
    and annual gifts, or monthly only)."""
    made = who.post("/api/pages", {"title": "Monthly friends", "type": "donation", "template": "monthly"})
    assert made.status == 201, made.json
    page = made.json
    if not allow_annual:
        content = [
            {**block, "props": {**block["props"], "allow_annual": False}}
            if block["type"] == "DonationForm"
            else block
            for block in page["data"]["content"]
        ]
        saved = who.put(
            f"/api/pages/{page['id']}/draft",
            {"data": {**page["data"], "content": content}, "version": page["version"]},
        )
        assert saved.status == 200, saved.json
        page = saved.json
    published = who.post(f"/api/pages/{page['id']}/publish", {"version": page["version"]})
    assert published.status == 200, published.json
    return str(page["id"])


def test_a_gift_on_a_landing_page_needs_the_page_published_and_offering_that_frequency(
    stripe: Stripe, charity: SignedIn
) -> None:
    slug = stripe._slug()
    monthly_only = published_donation_page(charity, allow_annual=False)
    annual = visitor(stripe.client).post(
        f"/api/give/{slug}/checkout", gift(frequency="annual", page_id=monthly_only)
    )
    assert annual.status == 422 and list(annual.json["errors"]) == ["frequency"], annual.json
    assert "does not offer" in annual.json["errors"]["frequency"][0]
    unknown = visitor(stripe.client).post(f"/api/give/{slug}/checkout", gift(page_id="no-such-page"))
    assert unknown.status == 422 and list(unknown.json["errors"]) == ["page_id"], unknown.json
    assert unknown.json["errors"]["page_id"] == ["This appeal is closed: its page is no longer published."]
    page = charity.get(f"/api/pages/{monthly_only}").json
    closed = charity.post(f"/api/pages/{monthly_only}/unpublish", {"version": page["version"]})
    assert closed.status == 200, closed.json
    after = visitor(stripe.client).post(
        f"/api/give/{slug}/checkout", gift(frequency="monthly", page_id=monthly_only)
    )
    assert after.status == 422 and list(after.json["errors"]) == ["page_id"], after.json
    assert FAKE.objects.get(after.json.get("intent_id", "")) is None


def test_the_list_searches_donor_names_and_emails_by_prefix(stripe: Stripe, charity: SignedIn) -> None:
    stripe.give_monthly("5.00")
    stripe.give_monthly("7.00", first_name="Grace", last_name="Hopper", email="grace@navy.example")
    stripe.deliver(stripe.events())
    assert [s["donor_name"] for s in subscriptions(charity, "?search=grace")] == ["Grace Hopper"]
    assert [s["amount"] for s in subscriptions(charity, "?search=ADA%40")] == ["5.00"]
    assert [s["amount"] for s in subscriptions(charity)] == ["7.00", "5.00"]
    assert subscriptions(charity, '?filters={"interval":"year"}') == []


def test_the_fakes_helpers_work_over_http_as_the_local_stack_uses_them(
    stripe: Stripe,
    charity: SignedIn,
    origin: str,  # noqa: F811
) -> None:
    import requests

    sub_id = stripe.give_monthly("9.00")
    stripe.deliver(stripe.events())
    renewed = requests.post(
        f"{origin}/fake-stripe/test-helpers/subscriptions/{sub_id}/renew",
        data={"outcome": "failed"},
        timeout=10,
    )
    assert renewed.status_code == 200 and renewed.json()["status"] == "open"
    failing = requests.post(
        f"{origin}/fake-stripe/test-helpers/fail-next",
        data={"key": stripe.secret, "message": "No."},
        timeout=10,
    )
    assert failing.status_code == 200
    stripe.deliver(stripe.events())
    [row] = subscriptions(charity)
    assert row["status"] == "failing"
    reply = charity.post(
        f"/api/subscriptions/{row['id']}/cancel", {"reason": "gone", "version": row["version"]}
    )
    assert reply.status == 502 and reply.json["message"] == "No."
    assert subscriptions(charity)[0]["status"] == "failing"


# ------------------------------------------------------------------ staff actions


def test_staff_actions_go_to_the_gateway_first_and_keep_a_history(stripe: Stripe, charity: SignedIn) -> None:
    sub_id = stripe.give_monthly("15.00")
    stripe.deliver(stripe.events())
    [row] = subscriptions(charity)
    paused = charity.post(f"/api/subscriptions/{row['id']}/pause", {"months": 2, "version": row["version"]})
    assert paused.status == 200, paused.json
    assert paused.json["status"] == "paused" and paused.json["paused_until"]
    assert FAKE.objects[sub_id]["pause_collection"]["behavior"] == "void"
    again = charity.post(
        f"/api/subscriptions/{row['id']}/pause", {"months": 1, "version": paused.json["version"]}
    )
    assert again.status == 409
    stale = charity.post(f"/api/subscriptions/{row['id']}/resume", {"version": row["version"]})
    assert stale.status == 409
    resumed = charity.post(f"/api/subscriptions/{row['id']}/resume", {"version": paused.json["version"]})
    assert resumed.status == 200 and resumed.json["status"] == "active"
    changed = charity.post(
        f"/api/subscriptions/{row['id']}/amount", {"amount": "30.00", "version": resumed.json["version"]}
    )
    assert changed.status == 200 and changed.json["amount"] == "30.00"
    assert FAKE.objects[sub_id]["items"]["data"][0]["price"]["unit_amount"] == 3000
    moved = charity.post(
        f"/api/subscriptions/{row['id']}/charge-date", {"day": 15, "version": changed.json["version"]}
    )
    assert moved.status == 200 and moved.json["next_charge_date"].endswith("-15")
    cancelled = charity.post(
        f"/api/subscriptions/{row['id']}/cancel",
        {"reason": "Donor asked by phone", "version": moved.json["version"]},
    )
    assert cancelled.status == 200, cancelled.json
    assert (cancelled.json["status"], cancelled.json["cancel_reason"]) == (
        "cancelled",
        "Donor asked by phone",
    )
    stripe.deliver(stripe.events())  # the gateway's own events of those changes add nothing
    shown = detail(charity, row["id"])
    kinds = [(h["kind"], h["by"]) for h in shown["history"]]
    assert kinds[:5] == [
        ("cancelled", "staff"),
        ("charge_date", "staff"),
        ("amount", "staff"),
        ("resumed", "staff"),
        ("paused", "staff"),
    ]
    assert kinds.count(("amount", "staff")) == 1 and ("amount", "gateway") not in kinds
    assert charity.get("/api/subscriptions/summary").json["cancelled_this_month"] == 1


def test_a_gateway_error_changes_nothing_and_shows_the_gateways_message(
    stripe: Stripe, charity: SignedIn
) -> None:
    stripe.give_monthly("15.00")
    stripe.deliver(stripe.events())
    [row] = subscriptions(charity)
    before = detail(charity, row["id"])
    for path, body in (
        ("pause", {"months": 3}),
        ("amount", {"amount": "40.00"}),
        ("cancel", {"reason": "moving away"}),
    ):
        FAKE.fail_next(stripe.secret, "Your card was declined (fake).")
        reply = charity.post(f"/api/subscriptions/{row['id']}/{path}", {**body, "version": row["version"]})
        assert reply.status == 502 and reply.json["message"] == "Your card was declined (fake).", reply.json
    assert detail(charity, row["id"]) == before


def test_action_bodies_are_validated_field_by_field(stripe: Stripe, charity: SignedIn) -> None:
    stripe.give_monthly("15.00")
    stripe.deliver(stripe.events())
    [row] = subscriptions(charity)
    for path, body, field in (
        ("pause", {"months": 7, "version": 1}, "months"),
        ("pause", {"version": 1}, "months"),
        ("amount", {"amount": "abc", "version": 1}, "amount"),
        ("amount", {"amount": "0.50", "version": 1}, "amount"),
        ("charge-date", {"day": 29, "version": 1}, "day"),
        ("cancel", {"reason": "", "version": 1}, "reason"),
        ("cancel", {"reason": "x" * 201, "version": 1}, "reason"),
        ("resume", {"version": 0}, "version"),
    ):
        reply = charity.post(f"/api/subscriptions/{row['id']}/{path}", body)
        assert reply.status == 422 and field in reply.json["errors"], (path, body, reply.json)
    bad = charity.get('/api/subscriptions?filters={"colour":"red"}')
    assert bad.status == 422 and "filters.colour" in bad.json["errors"]


# ------------------------------------------------------------------ access


def test_only_manage_subscriptions_sees_them_and_never_another_charitys(
    client: Any, stripe: Stripe, charity: SignedIn
) -> None:
    stripe.give_monthly("15.00")
    stripe.deliver(stripe.events())
    [row] = subscriptions(charity)
    other = sign_up_charity(client, "Other Trust")
    assert other.get(f"/api/subscriptions/{row['id']}").status == 404
    assert other.post(f"/api/subscriptions/{row['id']}/cancel", {"reason": "x", "version": 1}).status == 404
    assert subscriptions(other) == []
    staff = add_user(client, charity.tenant_id, "staff")  # the built-in staff role lacks the permission
    assert staff.get("/api/subscriptions").status == 403
    assert staff.get("/api/subscriptions/summary").status == 403
    assert staff.get(f"/api/subscriptions/{row['id']}").status == 403
    assert staff.post(f"/api/subscriptions/{row['id']}/resume", {"version": 1}).status == 403
    anonymous = Browser(client)
    assert anonymous.get("/api/subscriptions").status == 401


# ------------------------------------------------------------------ Gift Aid per instalment


def _event(kind: str, obj: dict[str, Any], at: int) -> dict[str, Any]:
    return {
        "id": f"evt_{kind}_{obj['id']}_{at}",
        "object": "event",
        "api_version": fake_stripe.API_VERSION,
        "created": at,
        "livemode": False,
        "type": kind,
        "data": {"object": obj},
    }


def _noon(day: dt.date) -> int:
    return int(dt.datetime(day.year, day.month, day.day, 12, tzinfo=dt.UTC).timestamp())


def test_each_instalment_is_checked_against_the_declaration_in_force_on_its_date(
    stripe: Stripe, charity: SignedIn
) -> None:
    from functions.core import ids
    from functions.giving.models import GivingIntent

    tid = charity.tenant_id
    today = dt.date.today()
    signed_up, paid_one, cancelled_on, paid_two = (today - dt.timedelta(days=d) for d in (8, 6, 4, 2))
    intent_id = ids.new_id()
    GivingIntent(
        *GivingIntent.key(tid, intent_id),
        tenant_id=tid,
        intent_id=intent_id,
        token_hash="0" * 64,
        provider="stripe",
        mode="test",
        amount=1000,
        frequency="monthly",
        donor={
            "first_name": "Mary",
            "last_name": "Somerville",
            "email": "mary@example.org",
            "house": "12",
            "address_line1": "High Street",
            "town": "Jedburgh",
            "postcode": "TD8 6AA",
            "overseas": False,
        },
        gift_aid={
            "text": "I want to Gift Aid my donation and any donations I make in the future.",
            "version": "hmrc-2024",
            "scope": "this_donation,past_4_years,future",
            "declared_at": f"{signed_up.isoformat()}T10:00:00Z",
            "page_url": "http://127.0.0.1:8000/give/hope",
            "ip": "203.0.113.9",
        },
        created_at=dt.datetime(signed_up.year, signed_up.month, signed_up.day, 10, tzinfo=dt.UTC),
    ).save()
    meta = {"almoner_tenant": tid, "almoner_intent": intent_id, "almoner_mode": "test"}
    subscription = {
        "id": "sub_giftaid1",
        "object": "subscription",
        "customer": "cus_1",
        "status": "active",
        "start_date": _noon(signed_up),
        "created": _noon(signed_up),
        "items": {
            "data": [
                {
                    "id": "si_1",
                    "price": {"unit_amount": 1000, "currency": "gbp", "recurring": {"interval": "month"}},
                    "quantity": 1,
                    "current_period_end": _noon(today + dt.timedelta(days=20)),
                }
            ]
        },
        "metadata": meta,
        "pause_collection": None,
        "payment_settings": {"payment_method_types": ["bacs_debit"]},
    }

    def invoice(invoice_id: str, day: dt.date) -> dict[str, Any]:
        return {
            "id": invoice_id,
            "object": "invoice",
            "amount_paid": 1000,
            "currency": "gbp",
            "customer_email": "mary@example.org",
            "customer_name": "Mary Somerville",
            "livemode": False,
            "status": "paid",
            "status_transitions": {"paid_at": _noon(day)},
            "parent": {
                "type": "subscription_details",
                "subscription_details": {"subscription": "sub_giftaid1", "metadata": meta},
            },
        }

    stripe.deliver(
        [
            _event("customer.subscription.created", subscription, _noon(signed_up)),
            _event("invoice.paid", invoice("in_one", paid_one), _noon(paid_one)),
        ]
    )
    [first] = donations_of(charity)
    assert (first["date"], first["gift_aid"]["state"]) == (paid_one.isoformat(), "claimable")
    [row] = subscriptions(charity)
    declaration_id = detail(charity, row["id"])["declaration_id"]
    cancelled = charity.post(
        f"/api/donors/{first['donor_id']}/declarations/{declaration_id}/cancel",
        {"cancelled_on": cancelled_on.isoformat(), "reason": "Stopped paying UK tax"},
    )
    assert cancelled.status == 200, cancelled.json
    stripe.deliver([_event("invoice.paid", invoice("in_two", paid_two), _noon(paid_two))])
    shown = {d["date"]: d for d in donations_of(charity)}
    assert shown[paid_one.isoformat()]["gift_aid"]["state"] == "claimable"
    assert shown[paid_two.isoformat()]["gift_aid"]["state"] != "claimable"
    assert detail(charity, row["id"])["method"] == "bacs_debit"
