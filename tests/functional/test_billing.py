"""Website Integration (`/api/billings/accounts`) and Payments (`/api/billings/payments`, its CSV):
what a charity sees of its gateway accounts and payments, and never another charity's."""

from __future__ import annotations

import csv
import io
import json
from typing import Any
from urllib.parse import quote

import pytest

from tests.functional.helpers import SignedIn, add_user, sign_up_charity
from tests.functional.test_webhook_processing import (
    NOW,
    capture,
    connect,
    no_stripe_api,  # noqa: F401  (the fixture: no Stripe API here)
    paypal_event,
    run,
    session,
    stripe_event,
)


def filtered(path: str, **filters: Any) -> str:
    return f"{path}?filters={quote(json.dumps(filters))}"


@pytest.fixture
def charity(client: Any) -> SignedIn:
    who = sign_up_charity(client, "Hope Trust")
    fund = who.post("/api/funds", {"name": "Roof appeal"})
    assert fund.status == 201, fund
    connect(who.tenant_id, default_fund_id=fund.json["id"], account_name="Hope Trust (Stripe)")
    connect(who.tenant_id, "paypal")
    return who


def put_page(tenant_id: str, slug: str) -> None:
    from functions.giving.models import GivingPage

    GivingPage(*GivingPage.key(tenant_id), tenant_id=tenant_id, slug=slug).save()


def failed_event(tenant_id: str, provider: str, event_id: str, hours_ago: float) -> None:
    import datetime as dt

    from functions.core import clock, keys
    from functions.webhooks.models import WebhookEvent

    at = clock.now() - dt.timedelta(hours=hours_ago)
    event = WebhookEvent(
        *WebhookEvent.key(tenant_id, provider, event_id),
        tenant_id=tenant_id,
        provider=provider,
        event_id=event_id,
        type="checkout.session.completed",
        status="failed",
        first_received_at=at,
        last_received_at=at,
    )
    event.gsi1pk = keys.webhook_calls_pk(tenant_id)
    event.gsi1sk = keys.webhook_call_sk(clock.iso(at) or "", provider, event_id)
    event.save()


def test_website_integration_shows_each_account_its_health_page_and_embed_code(
    charity: SignedIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ALMONER_PUBLIC_URL", "http://127.0.0.1:8000")
    tid = charity.tenant_id
    put_page(tid, "hope-trust")
    failed_event(tid, "stripe", "evt_recent", hours_ago=2)
    failed_event(tid, "stripe", "evt_old", hours_ago=30)
    reply = charity.get("/api/billings/accounts")
    assert reply.status == 200, reply
    stripe, paypal = reply.json["data"]
    assert (stripe["provider"], stripe["mode"], stripe["status"]) == ("stripe", "test", "connected")
    assert (stripe["default_fund_name"], stripe["account_name"]) == ("Roof appeal", "Hope Trust (Stripe)")
    assert (stripe["failures_24h"], paypal["failures_24h"]) == (1, 0)
    assert stripe["page_url"] == "http://127.0.0.1:8000/give/hope-trust"
    assert stripe["embed_code"].startswith('<a href="http://127.0.0.1:8000/give/hope-trust"')
    assert stripe["embed_code"].endswith(">Donate</a>")
    assert paypal["provider"] == "paypal" and paypal["default_fund_id"] is None


def _payments(charity: SignedIn) -> None:
    tid = charity.tenant_id
    run(tid, "stripe", stripe_event("checkout.session.completed", session(tid, "pi_one")))
    run(
        tid,
        "stripe",
        stripe_event("checkout.session.completed", session(tid, "pi_two", amount=2500), at=NOW + 5),
    )
    nobody = session(tid, "pi_nobody") | {"customer_details": {}, "metadata": {}}
    run(tid, "stripe", stripe_event("checkout.session.completed", nobody, at=NOW + 9))
    run(tid, "paypal", paypal_event("PAYMENT.CAPTURE.COMPLETED", capture(tid, "CAP-9", "COMPLETED")))
    from functions.webhooks import payments

    for key in ("pi_one", "pi_two"):  # paid out together
        stored = payments.get(tid, "stripe", key)
        assert stored is not None
        stored.payout_id, stored.payout_date, stored.fee = "po_77", "2026-11-23", 35
        stored.net = int(stored.gross) - 35
        payments.save(stored)


def test_payments_list_their_figures_filters_and_payout_groups(charity: SignedIn) -> None:
    _payments(charity)
    reply = charity.get("/api/billings/payments")
    assert reply.status == 200, reply
    rows = reply.json["data"]
    assert reply.json["meta"]["total"] == 4
    by_key = {row["business_key"]: row for row in rows}
    assert (by_key["CAP-9"]["gross"], by_key["CAP-9"]["fee"], by_key["CAP-9"]["net"]) == (
        "20.00",
        "0.79",
        "19.21",
    )
    assert by_key["pi_two"]["donor_name"] == "Ada Lovelace" and by_key["pi_two"]["donation_id"]
    assert by_key["pi_nobody"]["donation_id"] is None
    assert by_key["pi_nobody"]["unmatched_reason"].startswith("no donor details")
    assert reply.json["meta"]["payouts"] == [
        {
            "payout_id": "po_77",
            "payout_date": "2026-11-23",
            "gross": "35.00",
            "fee": "0.70",
            "net": "34.30",
            "count": 2,
        }
    ]
    unmatched = charity.get(filtered("/api/billings/payments", unmatched=True)).json["data"]
    assert [row["business_key"] for row in unmatched] == ["pi_nobody"]
    paypal = charity.get(filtered("/api/billings/payments", provider="paypal")).json["data"]
    assert [row["business_key"] for row in paypal] == ["CAP-9"]
    payout = charity.get(filtered("/api/billings/payments", payout_id="po_77")).json["data"]
    assert sorted(row["business_key"] for row in payout) == ["pi_one", "pi_two"]
    window = charity.get(
        filtered("/api/billings/payments", **{"from": "2026-11-21", "to": "2026-11-30"})
    ).json
    assert window["data"] == [] and window["meta"]["payouts"] == []
    wrong = charity.get(filtered("/api/billings/payments", colour="red"))
    assert wrong.status == 422 and "filters.colour" in wrong.json["errors"]
    bad_status = charity.get(filtered("/api/billings/payments", status="lost"))
    assert bad_status.status == 422 and "filters.status" in bad_status.json["errors"]


def test_payments_csv_has_every_matching_payment_with_safe_cells(charity: SignedIn) -> None:
    from functions.webhooks import payments

    _payments(charity)
    stored = payments.get(charity.tenant_id, "stripe", "pi_nobody")
    assert stored is not None
    stored.unmatched_reason = '=HYPERLINK("http://evil.example")'
    payments.save(stored)
    reply = charity.get(filtered("/api/billings/payments.csv", provider="stripe"))
    assert reply.status == 200, reply
    assert reply.headers["Content-Type"].startswith("text/csv")
    assert "attachment" in reply.headers["Content-Disposition"]
    table = list(csv.reader(io.StringIO(reply.text)))
    assert table[0][:6] == ["Provider", "Payment reference", "Mode", "Status", "Date", "Gross"]
    assert sorted(row[1] for row in table[1:]) == ["pi_nobody", "pi_one", "pi_two"]
    evil = next(row for row in table[1:] if row[1] == "pi_nobody")
    assert not evil[-1].startswith("=")


def test_another_charity_and_users_without_the_permission_see_none_of_it(
    charity: SignedIn, client: Any
) -> None:
    _payments(charity)
    other = sign_up_charity(client, "Other Trust")
    assert other.get("/api/billings/payments").json["data"] == []
    assert other.get("/api/billings/accounts").json["data"] == []
    assert other.get(filtered("/api/billings/payments", payout_id="po_77")).json["data"] == []
    text = other.get("/api/billings/payments.csv")
    body = text.text
    assert "pi_one" not in body and len(body.strip().splitlines()) == 1
    staff = add_user(client, charity.tenant_id, "staff")
    assert isinstance(staff, SignedIn)
    for path in ("/api/billings/payments", "/api/billings/accounts", "/api/billings/payments.csv"):
        assert staff.get(path).status == 403, path


def test_the_demo_charity_has_payments_paid_out_weekly_and_one_unmatched(client: Any) -> None:
    from functions.billing.demo import seed_payments
    from functions.donations.demo import seed_demo

    who = sign_up_charity(client, "Riverside")
    seed_demo(who.tenant_id, donations=40)
    before = who.get("/api/donations?length=20").json["meta"]["total"]
    assert seed_payments(who.tenant_id) is True
    assert seed_payments(who.tenant_id) is False
    reply = who.get("/api/billings/payments?length=100").json
    rows = reply["data"]
    assert rows and rows[0]["business_key"] == "pi_demo_unmatched" and rows[0]["donation_id"] is None
    linked = [row for row in rows if row["donation_id"]]
    assert linked and all(row["provider"] in ("stripe", "paypal") for row in linked)
    for row in linked[:3]:
        shown = who.get(f"/api/donations/{row['donation_id']}").json
        assert shown["payment_method"] == row["provider"] and shown["amount"] == row["gross"]
    assert any(group["count"] >= 1 for group in reply["meta"]["payouts"])
    assert who.get("/api/donations?length=20").json["meta"]["total"] == before
