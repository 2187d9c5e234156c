"""Processing verified gateway events into payments and donations (issue 16 §3, ADR 0022):
`functions.webhooks.processing.apply` called with stored events in the providers' real payload
shapes; what it did is checked through the API a user reads (donations, donors, Gift Aid)."""

from __future__ import annotations

import datetime as dt
import threading
from typing import Any

import pytest

from tests.functional.helpers import SignedIn, sign_up_charity

NOW = int(dt.datetime(2026, 11, 20, 12, 0, tzinfo=dt.UTC).timestamp())
_serial = iter(range(1, 1_000_000))


# ------------------------------------------------------------------ provider payloads


def stripe_event(kind: str, obj: dict[str, Any], *, at: int = NOW, livemode: bool = False) -> dict[str, Any]:
    return {
        "id": f"evt_{next(_serial):06d}",
        "object": "event",
        "api_version": "2024-06-20",
        "created": at,
        "livemode": livemode,
        "type": kind,
        "data": {"object": obj},
    }


def metadata(tenant_id: str, intent_id: str | None = None, mode: str = "test") -> dict[str, str]:
    found = {"almoner_tenant": tenant_id, "almoner_mode": mode}
    if intent_id:
        found["almoner_intent"] = intent_id
    return found


def session(
    tenant_id: str,
    pi: str,
    *,
    paid: bool = True,
    amount: int = 1000,
    intent_id: str | None = None,
    **extra: Any,
) -> dict[str, Any]:
    return {
        "id": f"cs_test_{pi}",
        "object": "checkout.session",
        "mode": "payment",
        "amount_total": amount,
        "currency": "gbp",
        "client_reference_id": intent_id,
        "created": NOW - 60,
        "customer_details": {"email": "ada@example.org", "name": "Ada Lovelace"},
        "metadata": metadata(tenant_id, intent_id),
        "payment_intent": pi,
        "payment_status": "paid" if paid else "unpaid",
        "status": "complete",
        **extra,
    }


def payment_intent(
    tenant_id: str, pi: str, *, amount: int = 1000, intent_id: str | None = None
) -> dict[str, Any]:
    return {
        "id": pi,
        "object": "payment_intent",
        "amount": amount,
        "amount_received": amount,
        "currency": "gbp",
        "created": NOW - 60,
        "latest_charge": f"ch_{pi}",
        "metadata": metadata(tenant_id, intent_id),
        "receipt_email": "ada@example.org",
        "status": "succeeded",
    }


def charge(pi: str, *, amount: int = 1000, refunded: int = 0) -> dict[str, Any]:
    return {
        "id": f"ch_{pi}",
        "object": "charge",
        "amount": amount,
        "amount_refunded": refunded,
        "currency": "gbp",
        "created": NOW - 60,
        "metadata": {},
        "payment_intent": pi,
        "refunded": refunded >= amount,
    }


def dispute(pi: str, status: str) -> dict[str, Any]:
    return {
        "id": f"dp_{pi}",
        "object": "dispute",
        "amount": 1000,
        "charge": f"ch_{pi}",
        "currency": "gbp",
        "payment_intent": pi,
        "status": status,
    }


def paypal_event(kind: str, resource: dict[str, Any], *, at: str = "2026-11-20T12:00:00Z") -> dict[str, Any]:
    return {
        "id": f"WH-{next(_serial):06d}",
        "event_version": "1.0",
        "create_time": at,
        "resource_type": "capture" if "REFUND" not in kind else "refund",
        "event_type": kind,
        "resource": resource,
    }


def capture(tenant_id: str, capture_id: str, status: str, *, intent_id: str = "none") -> dict[str, Any]:
    return {
        "id": capture_id,
        "status": status,
        "amount": {"currency_code": "GBP", "value": "20.00"},
        "custom_id": f"{tenant_id}:{intent_id}",
        "seller_receivable_breakdown": {
            "gross_amount": {"currency_code": "GBP", "value": "20.00"},
            "paypal_fee": {"currency_code": "GBP", "value": "0.79"},
            "net_amount": {"currency_code": "GBP", "value": "19.21"},
        },
        "supplementary_data": {"related_ids": {"order_id": "5O190127TN364715T"}},
        "payer": {"name": {"given_name": "Grace", "surname": "Hopper"}, "email_address": "grace@example.org"},
        "create_time": "2026-11-20T11:59:00Z",
        "update_time": "2026-11-20T11:59:30Z",
    }


def refund(tenant_id: str, capture_id: str, refund_id: str, value: str) -> dict[str, Any]:
    return {
        "id": refund_id,
        "status": "COMPLETED",
        "amount": {"currency_code": "GBP", "value": value},
        "custom_id": f"{tenant_id}:none",
        "links": [
            {
                "rel": "self",
                "href": f"https://api-m.paypal.com/v2/payments/refunds/{refund_id}",
                "method": "GET",
            },
            {
                "rel": "up",
                "href": f"https://api-m.paypal.com/v2/payments/captures/{capture_id}",
                "method": "GET",
            },
        ],
    }


# ------------------------------------------------------------------ the stored side


def connect(tenant_id: str, provider: str = "stripe", mode: str = "test", **fields: Any) -> None:
    from functions.core import clock, secret_box
    from functions.gateways.models import GatewayAccount

    GatewayAccount(
        *GatewayAccount.key(tenant_id, provider),
        tenant_id=tenant_id,
        provider=provider,
        mode=mode,
        public_key=f"pk_{mode}_abc",
        secret=secret_box.seal(f"rk_{mode}_secret", tenant_id),
        secret_hint=f"rk_{mode}_…cret",
        connected_at=clock.now(),
        connected_by="test",
        **fields,
    ).save()


def run(tenant_id: str, provider: str, payload: dict[str, Any], *, test_event: bool = False) -> Any:
    from functions.core import clock
    from functions.webhooks.models import WebhookEvent
    from functions.webhooks.processing import apply

    event_id = str(payload["id"])
    event = WebhookEvent(
        *WebhookEvent.key(tenant_id, provider, event_id),
        tenant_id=tenant_id,
        provider=provider,
        event_id=event_id,
        type=str(payload.get("type") or payload.get("event_type")),
        first_received_at=clock.now(),
        last_received_at=clock.now(),
        test_event=test_event,
    )
    return apply(event, payload)


def put_intent(
    tenant_id: str, *, gift_aid: bool = True, fund_id: str | None = None, fee_cover: int = 0
) -> str:
    from functions.core import clock, ids
    from functions.giving.models import GivingIntent

    intent_id = ids.new_id()
    GivingIntent(
        *GivingIntent.key(tenant_id, intent_id),
        tenant_id=tenant_id,
        intent_id=intent_id,
        token_hash="0" * 64,
        provider="stripe",
        mode="test",
        amount=1000 - fee_cover,
        fee_cover=fee_cover,
        fund_id=fund_id,
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
        consents={"email": True, "post": False, "phone": False, "sms": False},
        gift_aid=(
            {
                "text": "I want to Gift Aid my donation and any donations I make in the future or "
                "have made in the past 4 years to Hope Trust.",
                "version": "hmrc-2024",
                "scope": "this_donation,past_4_years,future",
                "declared_at": "2026-11-20T11:58:00Z",
                "page_url": "http://127.0.0.1:8000/give/hope",
                "ip": "203.0.113.9",
            }
            if gift_aid
            else {}
        ),
        created_at=clock.now(),
        ip="203.0.113.9",
    ).save()
    return intent_id


def payment(tenant_id: str, provider: str, key: str) -> Any:
    from functions.webhooks import payments

    return payments.get(tenant_id, provider, key)


def donations_of(who: SignedIn) -> list[dict[str, Any]]:
    reply = who.get("/api/donations?length=100")
    assert reply.status == 200, reply
    return list(reply.json["data"])


def donation(who: SignedIn, donation_id: str) -> dict[str, Any]:
    reply = who.get(f"/api/donations/{donation_id}")
    assert reply.status == 200, reply
    return dict(reply.json)


@pytest.fixture
def charity(client: Any) -> SignedIn:
    who = sign_up_charity(client, "Hope Trust")
    connect(who.tenant_id)
    connect(who.tenant_id, "paypal")
    return who


@pytest.fixture(autouse=True)
def no_stripe_api(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fees come from the charity's Stripe account; unreachable here unless a test says so."""
    from functions.webhooks import processing

    def unreachable(account: Any) -> Any:
        raise ConnectionError("no Stripe in this test")

    monkeypatch.setattr(processing, "stripe_client", unreachable)


# ------------------------------------------------------------------ Stripe


def test_the_two_success_events_of_one_payment_make_one_donation_in_either_order(charity: SignedIn) -> None:
    tid = charity.tenant_id
    for first, second in (("session", "intent"), ("intent", "session")):
        pi = f"pi_{first}_first"
        events = {
            "session": stripe_event("checkout.session.completed", session(tid, pi)),
            "intent": stripe_event("payment_intent.succeeded", payment_intent(tid, pi), at=NOW + 1),
        }
        one = run(tid, "stripe", events[first])
        two = run(tid, "stripe", events[second])
        assert one.status == two.status == "processed"
        assert one.donation_id and one.donation_id == two.donation_id
        assert "donation created" in one.result and "donation created" not in two.result
        for payload in events.values():  # delivered again: nothing moves
            again = run(tid, "stripe", payload)
            assert again.result.startswith("no change") and again.donation_id == one.donation_id
    seen = donations_of(charity)
    assert sorted(d["external_ref"] for d in seen) == ["pi_intent_first", "pi_session_first"]
    shown = donation(charity, seen[0]["id"])
    assert (shown["amount"], shown["status"], shown["payment_method"], shown["source"]) == (
        "10.00",
        "received",
        "stripe",
        "Stripe",
    )
    assert shown["donor_name"] == "Ada Lovelace"
    assert payment(tid, "stripe", "pi_session_first").status == "succeeded"


def test_concurrent_events_for_one_payment_make_one_donation_and_one_donor(charity: SignedIn) -> None:
    from tests.functional.giftaid_helpers import serialise_moto_writes

    serialise_moto_writes()
    tid = charity.tenant_id
    intent_id = put_intent(tid)
    payloads = [
        stripe_event("checkout.session.completed", session(tid, "pi_race", intent_id=intent_id)),
        stripe_event(
            "payment_intent.succeeded", payment_intent(tid, "pi_race", intent_id=intent_id), at=NOW + 1
        ),
    ] * 3
    outcomes: list[Any] = []
    errors: list[BaseException] = []

    def deliver(payload: dict[str, Any]) -> None:
        try:
            outcomes.append(run(tid, "stripe", payload))
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    threads = [threading.Thread(target=deliver, args=(p,)) for p in payloads]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not errors, errors
    assert len({o.donation_id for o in outcomes}) == 1
    seen = donations_of(charity)
    assert len(seen) == 1 and seen[0]["amount"] == "10.00"
    donors = charity.get("/api/donors?length=100").json["data"]
    assert len(donors) == 1


def test_bacs_unpaid_is_a_pending_donation_not_claimable_until_the_money_arrives(charity: SignedIn) -> None:
    tid = charity.tenant_id
    intent_id = put_intent(tid)
    made = run(
        tid,
        "stripe",
        stripe_event("checkout.session.completed", session(tid, "pi_bacs", paid=False, intent_id=intent_id)),
    )
    assert "pending donation created" in made.result
    shown = donation(charity, made.donation_id)
    assert shown["status"] == "pending"
    assert shown["gift_aid"]["state"] != "claimable" and shown["gift_aid"]["reason"] == "giftaid.pending"
    assert shown["gift_aid"]["reason_text"] == "payment not yet received"
    assert payment(tid, "stripe", "pi_bacs").status == "pending"
    paid = run(
        tid,
        "stripe",
        stripe_event(
            "checkout.session.async_payment_succeeded",
            session(tid, "pi_bacs", paid=True, intent_id=intent_id),
            at=NOW + 3 * 86400,
        ),
    )
    assert paid.donation_id == made.donation_id and "donation received" in paid.result
    shown = donation(charity, made.donation_id)
    assert shown["status"] == "received" and shown["gift_aid"]["state"] == "claimable"
    # an older "unpaid" delivered late changes nothing
    late = run(
        tid,
        "stripe",
        stripe_event("checkout.session.completed", session(tid, "pi_bacs", paid=False, intent_id=intent_id)),
    )
    assert late.result == "no change (older than what was applied)"
    assert donation(charity, made.donation_id)["status"] == "received"


def test_a_pending_donation_is_edited_with_its_status_kept_but_nobody_makes_one_pending(
    charity: SignedIn,
) -> None:
    from tests.functional.donations_helpers import EDIT_FORM_FIELDS

    tid = charity.tenant_id
    made = run(tid, "stripe", stripe_event("checkout.session.completed", session(tid, "pi_keep", paid=False)))
    shown = donation(charity, made.donation_id)
    body = {field: shown[field] for field in EDIT_FORM_FIELDS}
    edited = charity.put(f"/api/donations/{made.donation_id}", {**body, "notes": "Bacs, expected Friday"})
    assert edited.status == 200, edited
    assert edited.json["status"] == "pending" and edited.json["notes"] == "Bacs, expected Friday"
    listed = charity.get('/api/donations?filters={"status":"pending"}')
    assert listed.status == 200 and [d["id"] for d in listed.json["data"]] == [made.donation_id]

    cash_gift = {"amount": "5.00", "date": "2026-11-20", "payment_method": "cash"}
    created = charity.post("/api/donations", {**cash_gift, "status": "pending"})
    assert created.status == 422 and "Only the payment gateway" in created.json["errors"]["status"][0]
    cash = charity.post("/api/donations", cash_gift)
    assert cash.status == 201, cash
    body = {field: cash.json[field] for field in EDIT_FORM_FIELDS}
    refused = charity.put(f"/api/donations/{cash.json['id']}", {**body, "status": "pending"})
    assert refused.status == 422 and "Only the payment gateway" in refused.json["errors"]["status"][0]
    assert donation(charity, cash.json["id"])["status"] == "received"


def test_bacs_that_fails_cancels_the_pending_donation_and_the_gift(charity: SignedIn) -> None:
    from functions.giving.models import GivingIntent

    tid = charity.tenant_id
    intent_id = put_intent(tid, gift_aid=False)
    made = run(
        tid,
        "stripe",
        stripe_event("checkout.session.completed", session(tid, "pi_fail", paid=False, intent_id=intent_id)),
    )
    failed = run(
        tid,
        "stripe",
        stripe_event(
            "checkout.session.async_payment_failed",
            session(tid, "pi_fail", paid=False, intent_id=intent_id),
            at=NOW + 60,
        ),
    )
    assert "donation cancelled (the payment failed)" in failed.result
    assert donation(charity, made.donation_id)["status"] == "cancelled"
    assert payment(tid, "stripe", "pi_fail").status == "failed"
    assert GivingIntent.get(*GivingIntent.key(tid, intent_id)).status == "failed"


def test_the_donation_is_dated_in_uk_time(charity: SignedIn) -> None:
    tid = charity.tenant_id
    late = int(dt.datetime(2026, 4, 5, 23, 30, tzinfo=dt.UTC).timestamp())  # 00:30 BST on 6 April
    obj = session(tid, "pi_late") | {"created": late}
    made = run(tid, "stripe", stripe_event("checkout.session.completed", obj, at=late + 5))
    assert donation(charity, made.donation_id)["date"] == "2026-04-06"


def test_a_failed_card_payment_makes_no_donation(charity: SignedIn) -> None:
    tid = charity.tenant_id
    obj = payment_intent(tid, "pi_declined") | {"status": "requires_payment_method"}
    outcome = run(tid, "stripe", stripe_event("payment_intent.payment_failed", obj))
    assert outcome.status == "processed" and outcome.donation_id is None
    assert payment(tid, "stripe", "pi_declined").status == "failed"
    assert donations_of(charity) == []


def _end_state(who: SignedIn, key: str) -> tuple[Any, ...]:
    found = [d for d in donations_of(who) if d["external_ref"] == key]
    assert len(found) == 1
    shown = donation(who, found[0]["id"])
    stored = payment(who.tenant_id, "stripe", key)
    return (shown["status"], shown["amount"], shown["gift_aid"]["state"], stored.status, stored.refunded)


def test_a_refund_delivered_before_the_payment_ends_as_when_it_comes_after(charity: SignedIn) -> None:
    tid = charity.tenant_id
    paid = stripe_event("checkout.session.completed", session(tid, "pi_after"))
    refunded = stripe_event("charge.refunded", charge("pi_after", refunded=1000), at=NOW + 600)
    run(tid, "stripe", paid)
    run(tid, "stripe", refunded)
    early_refund = stripe_event("charge.refunded", charge("pi_before", refunded=1000), at=NOW + 600)
    waiting = run(tid, "stripe", early_refund)
    assert waiting.donation_id is None and payment(tid, "stripe", "pi_before").refunded == 1000
    run(tid, "stripe", stripe_event("checkout.session.completed", session(tid, "pi_before")))
    after, before = _end_state(charity, "pi_after"), _end_state(charity, "pi_before")
    assert after == before == ("refunded", "10.00", "not_eligible", "refunded", 1000)


def test_partial_then_full_refund_reduces_then_refunds_and_is_idempotent_on_the_total(
    charity: SignedIn,
) -> None:
    tid = charity.tenant_id
    made = run(
        tid, "stripe", stripe_event("checkout.session.completed", session(tid, "pi_part", amount=5000))
    )
    partial = stripe_event("charge.refunded", charge("pi_part", amount=5000, refunded=1500), at=NOW + 60)
    assert "donation partly refunded (£35.00 kept)" in run(tid, "stripe", partial).result
    assert donation(charity, made.donation_id)["amount"] == "35.00"
    assert run(tid, "stripe", partial).result == "no change (older than what was applied)"
    assert donation(charity, made.donation_id)["amount"] == "35.00"
    assert payment(tid, "stripe", "pi_part").status == "partially_refunded"
    full = stripe_event("charge.refunded", charge("pi_part", amount=5000, refunded=5000), at=NOW + 120)
    assert "donation refunded" in run(tid, "stripe", full).result
    shown = donation(charity, made.donation_id)
    assert (shown["status"], shown["amount"]) == ("refunded", "35.00")
    assert payment(tid, "stripe", "pi_part").status == "refunded"


def test_refunding_a_claimed_donation_queues_its_gift_aid_reversal(charity: SignedIn) -> None:
    from functions.donations.models import Donation
    from functions.giftaid.models import Reversal

    tid = charity.tenant_id
    intent_id = put_intent(tid)
    made = run(
        tid,
        "stripe",
        stripe_event("checkout.session.completed", session(tid, "pi_claimed", intent_id=intent_id)),
    )
    assert donation(charity, made.donation_id)["gift_aid"]["state"] == "claimable"
    # the claims pipeline took it and HMRC accepted the claim
    stored = Donation.get(*Donation.key(tid, made.donation_id))
    stored.update(actions=[Donation.claim_id.set("claim-1"), Donation.gift_aid_state.set("claimed")])
    run(tid, "stripe", stripe_event("charge.refunded", charge("pi_claimed", refunded=1000), at=NOW + 60))
    assert donation(charity, made.donation_id)["status"] == "refunded"
    reversal = Reversal.get(*Reversal.key(tid, made.donation_id))
    assert reversal.donation_id == made.donation_id


def test_a_dispute_marks_the_payment_and_a_lost_one_refunds_the_donation(charity: SignedIn) -> None:
    tid = charity.tenant_id
    made = run(tid, "stripe", stripe_event("checkout.session.completed", session(tid, "pi_dispute")))
    opened = run(
        tid,
        "stripe",
        stripe_event("charge.dispute.created", dispute("pi_dispute", "needs_response"), at=NOW + 60),
    )
    assert "dispute open" in opened.result
    stored = payment(tid, "stripe", "pi_dispute")
    assert (stored.disputed, stored.status) == (True, "disputed")
    shown = donation(charity, made.donation_id)
    assert shown["status"] == "received" and "dispute open" in shown["notes"]
    lost = run(
        tid, "stripe", stripe_event("charge.dispute.closed", dispute("pi_dispute", "lost"), at=NOW + 120)
    )
    assert "dispute lost" in lost.result and "donation refunded" in lost.result
    shown = donation(charity, made.donation_id)
    assert shown["status"] == "refunded" and "the dispute was lost" in shown["notes"]


def test_the_fee_comes_from_the_charge_and_a_failure_to_fetch_it_does_not_stop_the_donation(
    charity: SignedIn, monkeypatch: pytest.MonkeyPatch
) -> None:
    from functions.webhooks import processing

    tid = charity.tenant_id
    made = run(tid, "stripe", stripe_event("payment_intent.succeeded", payment_intent(tid, "pi_nofee")))
    assert made.donation_id and payment(tid, "stripe", "pi_nofee").fee is None

    class Charges:
        def retrieve(self, charge_id: str, params: dict[str, Any]) -> dict[str, Any]:
            assert charge_id == "ch_pi_fee" and params == {"expand": ["balance_transaction"]}
            return {"id": charge_id, "balance_transaction": {"fee": 35, "net": 965}}

    class Client:
        class v1:  # noqa: N801
            charges = Charges()

    monkeypatch.setattr(processing, "stripe_client", lambda account: Client())
    run(tid, "stripe", stripe_event("payment_intent.succeeded", payment_intent(tid, "pi_fee")))
    stored = payment(tid, "stripe", "pi_fee")
    assert (stored.gross, stored.fee, stored.net) == (1000, 35, 965)


def test_a_payout_tags_its_payments(charity: SignedIn, monkeypatch: pytest.MonkeyPatch) -> None:
    from functions.webhooks import processing

    tid = charity.tenant_id
    for pi in ("pi_po1", "pi_po2"):
        run(tid, "stripe", stripe_event("checkout.session.completed", session(tid, pi)))

    class Listed:
        def auto_paging_iter(self) -> Any:
            return iter(
                [
                    {"id": "txn_1", "type": "charge", "source": {"id": "ch_1", "payment_intent": "pi_po1"}},
                    {"id": "txn_2", "type": "charge", "source": {"id": "ch_2", "payment_intent": "pi_po2"}},
                    {"id": "txn_3", "type": "payout", "source": "po_1"},
                ]
            )

    class BalanceTransactions:
        def list(self, params: dict[str, Any]) -> Listed:
            assert params["payout"] == "po_1"
            return Listed()

    class Client:
        class v1:  # noqa: N801
            balance_transactions = BalanceTransactions()

    monkeypatch.setattr(processing, "stripe_client", lambda account: Client())
    payout = {
        "id": "po_1",
        "object": "payout",
        "amount": 2000,
        "arrival_date": NOW + 2 * 86400,
        "status": "paid",
    }
    outcome = run(tid, "stripe", stripe_event("payout.paid", payout, at=NOW + 86400))
    assert outcome.result == "payout po_1: 2 payments tagged"
    assert {payment(tid, "stripe", pi).payout_id for pi in ("pi_po1", "pi_po2")} == {"po_1"}
    assert payment(tid, "stripe", "pi_po1").payout_date == "2026-11-22"


def test_unknown_types_mismatches_and_test_events_write_nothing(charity: SignedIn, client: Any) -> None:
    tid = charity.tenant_id
    other = sign_up_charity(client, "Other Trust")
    ignored = run(tid, "stripe", stripe_event("customer.created", {"id": "cus_1", "object": "customer"}))
    assert (ignored.status, ignored.result) == ("ignored", "ignored: customer.created")
    foreign = run(
        tid, "stripe", stripe_event("checkout.session.completed", session(other.tenant_id, "pi_foreign"))
    )
    assert (foreign.status, foreign.result) == ("rejected", "rejected: mismatch")
    live = run(
        tid, "stripe", stripe_event("checkout.session.completed", session(tid, "pi_live"), livemode=True)
    )
    assert (live.status, live.result) == ("rejected", "rejected: mismatch")
    obj = session(tid, "pi_test") | {"metadata": {"almoner_test": "1", "almoner_tenant": tid}}
    tested = run(tid, "stripe", stripe_event("checkout.session.completed", obj))
    assert (tested.status, tested.result) == ("processed", "test event received and verified")
    spoofed = session(tid, "pi_test2") | {
        "metadata": {"almoner_test": "1", "almoner_tenant": other.tenant_id}
    }
    assert run(tid, "stripe", stripe_event("checkout.session.completed", spoofed)).status == "rejected"
    flagged = run(
        tid,
        "paypal",
        paypal_event("PAYMENT.CAPTURE.COMPLETED", capture(tid, "CAP-T", "COMPLETED")),
        test_event=True,
    )
    assert flagged.result == "test event received and verified"
    assert donations_of(charity) == []
    for key in ("pi_foreign", "pi_live", "pi_test"):
        assert payment(tid, "stripe", key) is None
    assert payment(tid, "paypal", "CAP-T") is None


def test_a_payment_naming_no_donor_is_unmatched_with_its_reason(charity: SignedIn) -> None:
    tid = charity.tenant_id
    obj = session(tid, "pi_nobody") | {"customer_details": {}, "metadata": {}}
    outcome = run(tid, "stripe", stripe_event("checkout.session.completed", obj))
    assert outcome.donation_id is None and "unmatched" in outcome.result
    assert payment(tid, "stripe", "pi_nobody").unmatched_reason.startswith("no donor details")
    assert donations_of(charity) == []


# ------------------------------------------------------------------ the gift from the page


def test_the_gift_makes_its_donor_declaration_with_evidence_and_donation(charity: SignedIn) -> None:
    from functions.declarations.models import DeclarationRecord
    from functions.funds.models import Fund
    from functions.giving.models import GivingIntent

    tid = charity.tenant_id
    fund = charity.post("/api/funds", {"name": "Roof appeal", "fund_class": "restricted"})
    assert fund.status == 201, fund
    fund_id = fund.json["id"]
    existing = charity.post(
        "/api/donors",
        {"type": "individual", "first_name": "Mary", "last_name": "Somerville", "email": "mary@example.org"},
    ).json["id"]
    intent_id = put_intent(tid, fund_id=fund_id, fee_cover=30)
    made = run(
        tid,
        "stripe",
        stripe_event("checkout.session.completed", session(tid, "pi_gift", intent_id=intent_id)),
    )
    shown = donation(charity, made.donation_id)
    assert shown["donor_id"] == existing  # matched by email, not a second Mary
    assert shown["amount"] == "10.00" and "includes £0.30 to cover fees" in shown["notes"]
    assert shown["allocations"] == [{"fund_id": fund_id, "amount": "10.00"}]
    assert shown["gift_aid"]["state"] == "claimable"
    donor = charity.get(f"/api/donors/{existing}").json  # the address typed for Gift Aid, kept
    assert (donor["house"], donor["postcode"]) == ("12", "TD8 6AA")
    declarations = charity.get(f"/api/donors/{existing}/declarations").json["data"]
    assert len(declarations) == 1 and declarations[0]["method"] == "online"
    record = DeclarationRecord.get(*DeclarationRecord.key(tid, declarations[0]["id"]))
    evidence = record.evidence.as_dict()
    assert evidence["ip"] == "203.0.113.9" and evidence["version"] == "hmrc-2024"
    assert evidence["page_url"] == "http://127.0.0.1:8000/give/hope" and "Gift Aid" in evidence["text"]
    assert sorted(record.scopes) == ["future", "past_4_years", "this_donation"]
    intent = GivingIntent.get(*GivingIntent.key(tid, intent_id))
    assert (intent.donation_id, intent.donor_id, intent.declaration_id, intent.status) == (
        made.donation_id,
        existing,
        record.declaration_id,
        "paid",
    )
    assert Fund.get(*Fund.key(tid, fund_id)).fund_id == fund_id


# ------------------------------------------------------------------ PayPal


def test_paypal_completed_pending_refunded_and_reversed(charity: SignedIn) -> None:
    tid = charity.tenant_id
    pending = run(tid, "paypal", paypal_event("PAYMENT.CAPTURE.PENDING", capture(tid, "CAP-1", "PENDING")))
    assert donation(charity, pending.donation_id)["status"] == "pending"
    done = run(
        tid,
        "paypal",
        paypal_event(
            "PAYMENT.CAPTURE.COMPLETED", capture(tid, "CAP-1", "COMPLETED"), at="2026-11-20T12:05:00Z"
        ),
    )
    assert done.donation_id == pending.donation_id
    shown = donation(charity, done.donation_id)
    assert (shown["status"], shown["amount"], shown["source"], shown["donor_name"]) == (
        "received",
        "20.00",
        "PayPal",
        "Grace Hopper",
    )
    stored = payment(tid, "paypal", "CAP-1")
    assert (stored.gross, stored.fee, stored.net) == (2000, 79, 1921)
    first = paypal_event(
        "PAYMENT.CAPTURE.REFUNDED", refund(tid, "CAP-1", "RF-1", "5.00"), at="2026-11-20T13:00:00Z"
    )
    run(tid, "paypal", first)
    run(tid, "paypal", first)  # delivered twice: counted once
    assert donation(charity, done.donation_id)["amount"] == "15.00"
    run(
        tid,
        "paypal",
        paypal_event(
            "PAYMENT.CAPTURE.REVERSED", refund(tid, "CAP-1", "RV-1", "15.00"), at="2026-11-20T14:00:00Z"
        ),
    )
    assert donation(charity, done.donation_id)["status"] == "refunded"
    assert payment(tid, "paypal", "CAP-1").status == "refunded"
