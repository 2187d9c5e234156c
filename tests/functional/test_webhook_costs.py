"""What processing one webhook event costs in DynamoDB calls (issue 16 §9, ADR 0022 bench
addendum): the webhooks bench showed processing sharing moto and the CPU with the deliveries, so
each event is applied with as few reads and writes as its result needs. Counted through the real
path (`jobs.handle`: read the stored event, claim it, apply, record the outcome), for the events
of one gift made on the donation page: Checkout Session, PaymentIntent, full refund, and a
repeat of an event already applied."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from tests.functional.test_webhook_processing import (  # noqa: F401  (fixtures)
    NOW,
    charge,
    charity,
    donations_of,
    no_stripe_api,
    payment_intent,
    put_intent,
    session,
    stripe_event,
)

# calls per event, new donor: 2 (read, claim) + 2 (payment) + 1 (donation by reference) + 1 (the
# gift) + 2 (donor matching) + 2 (donor and its audit) + 4 (donation: donor totals, declarations,
# charity, transaction) + 1 (its audit) + 1 (the gift: donor, donation, status) + 1 (payment
# linked) + 1 (outcome)
BUDGET = {"checkout": 19, "intent": 6, "refund": 11, "again": 1}


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    from botocore.client import BaseClient

    counted: Counter[str] = Counter()
    original = BaseClient._make_api_call

    def counting(self: Any, operation: str, kwargs: Any) -> Any:
        counted[f"{self.meta.service_model.service_name}.{operation}"] += 1
        return original(self, operation, kwargs)

    monkeypatch.setattr(BaseClient, "_make_api_call", counting)
    return counted


def _stored(tenant_id: str, payload: dict[str, Any]) -> None:
    from functions.gateways.models import GatewayAccount
    from functions.webhooks import ingest

    account = GatewayAccount.get(*GatewayAccount.key(tenant_id, "stripe"))
    ingest.store("stripe", tenant_id, account, json.dumps(payload).encode(), {}, {"ok": True})


def test_each_event_of_a_gift_costs_no_more_calls_than_its_result_needs(
    charity: Any,  # noqa: F811  (the fixture imported above)
    calls: Counter[str],
) -> None:
    from functions.webhooks import jobs

    tid = charity.tenant_id
    for n in range(2):  # the second gift: the account and the charity's secret already known
        intent_id = put_intent(tid, gift_aid=False)
        pi = f"pi_cost{n}"
        events = {
            "checkout": stripe_event("checkout.session.completed", session(tid, pi, intent_id=intent_id)),
            "intent": stripe_event(
                "payment_intent.succeeded", payment_intent(tid, pi, intent_id=intent_id), at=NOW + 1
            ),
            "refund": stripe_event("charge.refunded", charge(pi, refunded=1000), at=NOW + 2),
        }
        events["again"] = events["refund"]
        for name, payload in events.items():
            if name != "again":
                _stored(tid, payload)
            calls.clear()
            jobs.handle({"tenant_id": tid, "provider": "stripe", "event_id": payload["id"]})
            assert sum(calls.values()) <= BUDGET[name] + (1 if n == 0 else 0), (name, dict(calls))
    # and the result is what those calls were for
    shown = {d["external_ref"]: d for d in donations_of(charity)}
    assert {ref: (d["status"], d["amount"]) for ref, d in shown.items()} == {
        "pi_cost0": ("refunded", "10.00"),
        "pi_cost1": ("refunded", "10.00"),
    }
    from functions.giving.models import GivingIntent
    from functions.webhooks import payments

    for n in range(2):
        paid = payments.get(tid, "stripe", f"pi_cost{n}")
        assert paid is not None and paid.donation_id == shown[f"pi_cost{n}"]["id"]
        intent = GivingIntent.get(*GivingIntent.key(tid, str(paid.intent_id)))
        assert (intent.status, intent.donation_id, intent.donor_id) == (
            "paid",
            paid.donation_id,
            shown[f"pi_cost{n}"]["donor_id"],
        )
