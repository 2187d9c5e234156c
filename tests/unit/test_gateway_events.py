"""Gateway events read into facts (functions/webhooks/{stripe,paypal}_events.py): what each
provider's real payload says about its payment, and nothing at all from a payload of the wrong
shape (a verified event with odd content must never crash processing)."""

from __future__ import annotations

from typing import Any

import pytest

from functions.webhooks import facts, paypal_events, stripe_events


def test_stripe_reads_the_payment_intent_from_a_string_or_an_expanded_object() -> None:
    base = {"type": "charge.refunded", "created": 1_700_000_000, "livemode": False}
    for pi in ("pi_1", {"id": "pi_1", "object": "payment_intent"}):
        obj = {"id": "ch_1", "amount": 2000, "amount_refunded": 500, "payment_intent": pi, "currency": "gbp"}
        fact = stripe_events.read({**base, "data": {"object": obj}})
        assert fact is not None
        assert (fact.kind, fact.business_key, fact.gross, fact.refunded_total, fact.charge_id) == (
            facts.REFUND,
            "pi_1",
            2000,
            500,
            "ch_1",
        )


def test_stripe_checkout_paid_unpaid_and_dispute_states() -> None:
    def session(status: str) -> dict[str, Any]:
        return {
            "type": "checkout.session.completed",
            "created": 1,
            "data": {"object": {"payment_intent": "pi_2", "payment_status": status, "amount_total": 500}},
        }

    assert stripe_events.read(session("paid")).kind == facts.PAID  # type: ignore[union-attr]
    assert stripe_events.read(session("unpaid")).kind == facts.PENDING  # type: ignore[union-attr]
    assert stripe_events.read(session("no_payment_required")) is None
    closed = {
        "type": "charge.dispute.closed",
        "data": {"object": {"payment_intent": "pi_2", "status": "lost"}},
    }
    assert stripe_events.read(closed).dispute_status == "lost"  # type: ignore[union-attr]


def test_paypal_refund_names_its_capture_by_the_up_link() -> None:
    payload = {
        "event_type": "PAYMENT.CAPTURE.REFUNDED",
        "create_time": "2026-11-20T12:00:00Z",
        "resource": {
            "id": "RF-1",
            "amount": {"value": "7.50", "currency_code": "GBP"},
            "custom_id": "tenant-a:intent-b",
            "links": [
                {"rel": "self", "href": "https://api-m.paypal.com/v2/payments/refunds/RF-1"},
                {"rel": "up", "href": "https://api-m.paypal.com/v2/payments/captures/CAP-7"},
            ],
        },
    }
    fact = paypal_events.read(payload)
    assert fact is not None
    assert (fact.business_key, fact.refund_id, fact.refund_amount, fact.tenant_id, fact.intent_id) == (
        "CAP-7",
        "RF-1",
        750,
        "tenant-a",
        "intent-b",
    )


@pytest.mark.parametrize(
    "payload",
    [
        {},
        {"type": "checkout.session.completed", "data": []},
        {"type": "checkout.session.completed", "data": {"object": "x"}},
        {"type": "payment_intent.succeeded", "data": {"object": {"amount": "lots", "metadata": []}}},
        {"type": "charge.refunded", "created": "soon", "data": {"object": {"payment_intent": 7}}},
        {"type": "payout.paid", "data": {"object": {"id": None, "arrival_date": 10**20}}},
    ],
)
def test_a_stripe_payload_of_the_wrong_shape_reads_as_nothing_or_harmless(payload: dict[str, Any]) -> None:
    fact = stripe_events.read(payload)
    assert fact is None or isinstance(fact.business_key, str)


@pytest.mark.parametrize(
    "payload",
    [
        {},
        {"event_type": "PAYMENT.CAPTURE.COMPLETED", "resource": "x"},
        {"event_type": "PAYMENT.CAPTURE.COMPLETED", "resource": {"id": "C", "amount": {"value": "NaN"}}},
        {"event_type": "PAYMENT.CAPTURE.REFUNDED", "resource": {"id": "R", "links": ["up"]}},
    ],
)
def test_a_paypal_payload_of_the_wrong_shape_reads_as_nothing_or_harmless(payload: dict[str, Any]) -> None:
    fact = paypal_events.read(payload)
    assert fact is None or (fact.business_key and fact.gross is None)
