"""Shared set-up of the Gift Aid claims tests: a charity with complete Gift Aid settings, donations
put straight into a Gift Aid state (the eligibility rules are tested on their own), and a queue
drain that behaves like Lambda: failed records stay and come back, delivered ones are deleted."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import boto3
from aws_lambda_powertools.utilities.batch.exceptions import BatchProcessingError

from functions.core import jobs as core_jobs
from functions.core import keys
from functions.donations.models import Donation
from functions.giftaid import jobs as claim_jobs
from functions.giftaid import repository
from tests.functional.donations_helpers import make_donor
from tests.functional.helpers import SignedIn, lambda_event

SETTINGS = {
    "hmrc_reference": "AB12345",
    "regulator": "CCEW",
    "regulator_number": "1234567",
    "official": {
        "title": "Mr",
        "first_name": "John",
        "last_name": "Official",
        "postcode": "BA1 1AA",
        "overseas": False,
        "phone": "01632 960000",
    },
    "gateway_user_id": "323412300001",
    "gateway_password": "testing1",
    "vendor_id": "1234",
}


def configure(who: SignedIn, **overrides: Any) -> dict[str, Any]:
    reply = who.put("/api/gift-aid/settings", {**SETTINGS, **overrides})
    assert reply.status == 200, reply
    return reply.json


def put_donations(
    tenant_id: str, donor_id: str, count: int, *, state: str = "claimable", start: int = 0, **fields: Any
) -> list[str]:
    """Donation items written directly, already assessed as `state`."""
    made = []
    for n in range(start, start + count):
        donation_id = f"d{n:06d}"
        day = f"2026-0{1 + n % 3}-{1 + n % 28:02d}"
        item = Donation(
            *Donation.key(tenant_id, donation_id),
            donation_id=donation_id,
            tenant_id=tenant_id,
            donor_id=donor_id,
            donor_name="Jane Smith",
            amount=Decimal(f"{n % 40 + 1}.25"),
            donation_date=day,
            payment_method="cash",
            gift_aid_state=state,
            gift_aid_amount=(Decimal(f"{n % 40 + 1}.25") / 4).quantize(Decimal("0.01")),
            gsi4pk=keys.gift_aid_state_pk(tenant_id, state),
            gsi4sk=keys.gift_aid_state_sk(day, donation_id),
            **fields,
        )
        item.save()
        made.append(donation_id)
    return made


def donor_and_donations(who: SignedIn, count: int, **fields: Any) -> tuple[str, list[str]]:
    donor = make_donor(who)
    return donor["id"], put_donations(who.tenant_id, donor["id"], count, **fields)


def _queue_url(aws: dict[str, Any]) -> str:
    return str(aws["ClaimsQueue"])


def _deliver_one(handler: Callable[[dict, Any], Any], message: dict[str, Any]) -> bool:
    try:
        answer = handler(lambda_event([message]), None)
    except BatchProcessingError:  # a batch whose every record failed: Lambda retries them all
        return False
    return not answer["batchItemFailures"]


def _deliver_into(results: list[bool], handler: Callable[[dict, Any], Any], message: dict[str, Any]) -> None:
    results.append(_deliver_one(handler, message))


_MOTO_WRITES = threading.RLock()


def serialise_moto_writes() -> None:
    """moto (in-process) rolls a failed transaction back by restoring a snapshot of the whole
    table taken before it began, erasing writes that other threads committed meanwhile; real
    DynamoDB does not. Concurrent tests therefore make moto's writes atomic with one lock; the
    application code still interleaves freely between writes."""
    from moto.dynamodb.models import DynamoDBBackend

    for name in ("transact_write_items", "update_item", "put_item", "delete_item"):
        original = getattr(DynamoDBBackend, name)
        if getattr(original, "_serialised", False):
            continue

        def locked(self: Any, *args: Any, _original: Any = original, **kwargs: Any) -> Any:
            with _MOTO_WRITES:
                return _original(self, *args, **kwargs)

        locked._serialised = True  # type: ignore[attr-defined]
        setattr(DynamoDBBackend, name, locked)


def drain(
    aws: dict[str, Any], *, times: int = 1, concurrent: bool = False, workers: int = 2, rounds: int = 400
) -> int:
    """Deliver every waiting claims message until the queue is empty. `times`: each message is
    delivered that many times (a duplicate); `concurrent`: those deliveries run at once on
    separate workers (each its own handler, as separate Lambda containers would be)."""
    if concurrent:
        serialise_moto_writes()
    sqs = boto3.client("sqs", region_name="eu-west-2")
    delivered = 0
    for _ in range(rounds):
        answer = sqs.receive_message(QueueUrl=_queue_url(aws), MaxNumberOfMessages=10, VisibilityTimeout=0)
        messages = answer.get("Messages", [])
        if not messages:
            return delivered
        for message in messages:
            handlers = [core_jobs.sqs_handler(claim_jobs.handle) for _ in range(max(workers, times))]
            results: list[bool] = []
            if concurrent:
                threads = [
                    threading.Thread(target=_deliver_into, args=(results, handler, message))
                    for handler in handlers[:times]
                ]
                for thread in threads:
                    thread.start()
                for thread in threads:
                    thread.join()
            else:
                results = [_deliver_one(handlers[n % len(handlers)], message) for n in range(times)]
            delivered += 1
            if all(results):
                sqs.delete_message(QueueUrl=_queue_url(aws), ReceiptHandle=message["ReceiptHandle"])
    raise AssertionError("the claims queue did not drain")


def claim_of(who: SignedIn, claim_id: str) -> dict[str, Any]:
    reply = who.get(f"/api/gift-aid/claims/{claim_id}?length=500")
    assert reply.status == 200, reply
    return reply.json


def assert_invariants(tenant_id: str, claim_ids: list[str], donation_ids: list[str]) -> dict[str, set[str]]:
    """Every donation in at most one claim (its `claim_id`), its membership line and its state
    agreeing; none lost (not in a claim → still claimable); each claim's totals equal to the sum
    of the donations attached to it."""
    found = {d.donation_id: d for d in repository.donations(tenant_id, donation_ids)}
    assert set(found) == set(donation_ids)
    members: dict[str, set[str]] = {}
    for claim_id in claim_ids:
        lines = {line.donation_id for line in repository.lines(tenant_id, claim_id)}
        carrying = {d for d, item in found.items() if item.claim_id == claim_id}
        assert lines == carrying, (claim_id, lines ^ carrying)
        members[claim_id] = carrying
        claim = repository.get_claim(tenant_id, claim_id)
        assert int(claim.donations_count) == len(carrying)
        assert claim.donation_total == sum((found[d].amount for d in carrying), Decimal("0.00"))
    every = [d for ids in members.values() for d in ids]
    assert len(every) == len(set(every)), "a donation is in two claims"
    for donation_id, item in found.items():
        if item.claim_id is None:
            assert item.gift_aid_state == "claimable", (donation_id, item.gift_aid_state)
            assert item.gsi4pk == keys.gift_aid_state_pk(tenant_id, "claimable")
        else:
            assert item.claim_id in members, (donation_id, item.claim_id)
            assert item.gift_aid_state in ("in_claim", "claimed")
    return members


def job_body(message: dict[str, Any]) -> dict[str, Any]:
    return json.loads(message["Body"])
