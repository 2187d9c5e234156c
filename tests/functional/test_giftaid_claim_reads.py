"""A claim reads each donation once (issue 18, "claims"; ADR 0024): the plan's GSI4 read of the
claimable donations is the build's only read of them; the chunks attach them on the version read
(their membership lines keep what the claim is built from) and finishing and sealing read the
lines, not the donations again. Counted through the real path, the way test_webhook_costs does:
every AWS call of the claims queue's messages, and the donation items their reads return."""

from __future__ import annotations

import json
from collections import Counter
from decimal import Decimal
from typing import Any

import boto3
import pytest

from functions.core import jobs as core_jobs
from functions.donations.models import Donation
from functions.giftaid import jobs as claim_jobs
from functions.giftaid import pipeline, repository
from functions.giftaid.repository import IN_CLAIM
from tests.functional.giftaid_helpers import claim_of, donor_and_donations, drain
from tests.functional.helpers import SignedIn, lambda_event
from tests.functional.test_giftaid_claims_invariants import charity  # noqa: F401  (the fixture)

N = 250
SMALL_CONSTANT = 5  # reads of a donation that changed between the plan and its chunk


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """AWS calls by `service.Operation`, and `item:<kind>` for each item a read returned (its
    sort key's first part: DONATION, DONOR, LINE…)."""
    from botocore.client import BaseClient

    counted: Counter[str] = Counter()
    original = BaseClient._make_api_call

    def counting(self: Any, operation: str, kwargs: Any) -> Any:
        counted[f"{self.meta.service_model.service_name}.{operation}"] += 1
        answer = original(self, operation, kwargs)
        found: list[dict[str, Any]] = []
        if operation == "GetItem" and "Item" in answer:
            found = [answer["Item"]]
        elif operation == "BatchGetItem":
            found = [item for items in answer.get("Responses", {}).values() for item in items]
        elif operation in ("Query", "Scan"):
            found = answer.get("Items", [])
        for item in found:
            # the sort key's first part; a projection without it: the entity (Donation → DONATION)
            sort_key = item.get("SK", {}).get("S") or item.get("entity", {}).get("S", "?").upper()
            counted["item:" + sort_key.split("#", 1)[0]] += 1
        return answer

    monkeypatch.setattr(BaseClient, "_make_api_call", counting)
    return counted


def _xml(tenant_id: str, claim_id: str) -> str:
    from functions.core import config

    claim = repository.get_claim(tenant_id, claim_id)
    key = claim.stored_files()["r68-claim.xml"]
    return boto3.client("s3").get_object(Bucket=config.files_bucket(), Key=key)["Body"].read().decode()


def test_a_claim_of_every_claimable_donation_reads_each_donation_once(
    aws: dict,
    charity: SignedIn,  # noqa: F811  (the fixture imported above)
    reads: Counter[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # GIVEN 250 claimable donations, in three chunks (production's are of 490)
    monkeypatch.setattr(pipeline, "CHUNK_SIZE", 100)
    _, donation_ids = donor_and_donations(charity, N)
    reads.clear()
    # WHEN a claim of all of them is built, sealed and its files written
    reply = charity.post("/api/gift-aid/claims", {"all": True})
    assert reply.status == 202, reply
    drain(aws)
    # THEN each donation item was read once, and the donor once
    assert reads["item:DONATION"] <= N + SMALL_CONSTANT, dict(reads)
    assert reads["item:DONOR"] <= 1 + SMALL_CONSTANT, dict(reads)
    # ... and the claim is what the user expects: sealed with every donation and its total
    claim = claim_of(charity, reply.json["claim_id"])
    assert (claim["state"], claim["counts"]["donations"]) == ("sealed", N)
    expected = sum((Decimal(f"{n % 40 + 1}.25") for n in range(N)), Decimal("0.00"))
    assert Decimal(claim["donation_total"]) == expected
    assert _xml(charity.tenant_id, reply.json["claim_id"]).count("<GAD>") == N


def _deliver_next(aws: dict) -> dict[str, Any]:
    sqs = boto3.client("sqs", region_name="eu-west-2")
    message = sqs.receive_message(QueueUrl=aws["ClaimsQueue"], MaxNumberOfMessages=1)["Messages"][0]
    answer = core_jobs.sqs_handler(claim_jobs.handle)(lambda_event([message]), None)
    assert not answer["batchItemFailures"]
    sqs.delete_message(QueueUrl=aws["ClaimsQueue"], ReceiptHandle=message["ReceiptHandle"])
    return dict(json.loads(message["Body"]))


def test_a_donation_changed_after_the_plan_read_it_joins_as_it_is_now(
    aws: dict,
    charity: SignedIn,  # noqa: F811  (the fixture imported above)
) -> None:
    # GIVEN 3 claimable donations, and a claim of all of them planned (the plan has read them)
    _, donation_ids = donor_and_donations(charity, 3)
    reply = charity.post("/api/gift-aid/claims", {"all": True})
    assert _deliver_next(aws)["payload"]["step"] == "plan"
    # WHEN one is changed before its chunk attaches it (marked sponsored: a new version)
    item = Donation.get(*Donation.key(charity.tenant_id, donation_ids[1]))
    item.update(actions=[Donation.sponsored.set(True)])
    drain(aws)
    # THEN the claim holds all three, and the schedule states the donation as it is now
    claim = claim_of(charity, reply.json["claim_id"])
    assert (claim["state"], claim["counts"]["donations"]) == ("sealed", 3)
    assert _xml(charity.tenant_id, reply.json["claim_id"]).count("<Sponsored>yes</Sponsored>") == 1
    # ... and the finisher's projected read of the lines gives the donations the lines hold
    tenant_id, claim_id = charity.tenant_id, reply.json["claim_id"]
    joined = repository.attached_as_joined(tenant_id, claim_id)
    fields = ("donation_id", "donation_date", "amount", "donor_id", "sponsored", "status")
    lines = [tuple(getattr(line, name) for name in fields) for line in repository.lines(tenant_id, claim_id)]
    assert [tuple(getattr(d, name) for name in fields) for d in joined] == lines
    assert sorted(line[0] for line in lines) == sorted(donation_ids)
    assert {(d.claim_id, d.gift_aid_state, d.tenant_id) for d in joined} == {(claim_id, IN_CLAIM, tenant_id)}
    assert [line[4] for line in lines].count(True) == 1


def test_a_claim_reads_only_what_its_lines_take_from_each_donor(aws: dict) -> None:
    # GIVEN donors of every shape a schedule line handles: overseas with an address, in the UK
    # with and without a title, no country stored, lower-case postcode, missing names
    from functions.donors.models import Donor
    from functions.giftaid import claimdata

    tenant_id = "tenant-donor-fields"
    shapes = [
        {"title": "Dr", "first_name": "Zoë", "last_name": "Müller", "house": "3", "postcode": "ba1 1aa"},
        {"first_name": "Ann", "last_name": "Lee", "house": "Flat 2, The Long House With A Long Name"},
        {
            "first_name": "Seán",
            "last_name": "O'Brien",
            "house": "12",
            "address_line1": "Rue de la Paix",
            "town": "Paris",
            "country": "FR",
            "postcode": "75002",
            "email": "sean@example.org",
            "notes": "not read by a claim",
        },
        {"last_name": "Only", "country": "gb", "postcode": "EH1 1YZ", "phone": "0123"},
        {"company_name": "Acme", "donor_type": "organisation"},
    ]
    ids = []
    for n, shape in enumerate(shapes):
        donor_id = f"donor-{n}"
        Donor(*Donor.key(tenant_id, donor_id), donor_id=donor_id, tenant_id=tenant_id, **shape).save()
        ids.append(donor_id)
    # WHEN the claim reads them for its lines (projected) and in full
    projected = repository.donors(tenant_id, ids, claimdata.LINE_DONOR_FIELDS)
    whole = repository.donors(tenant_id, ids)
    # THEN each gives the same schedule line details, and the projection left the rest out
    assert sorted(projected) == sorted(whole) == ids
    assert {k: claimdata.line_donor(v) for k, v in projected.items()} == {
        k: claimdata.line_donor(v) for k, v in whole.items()
    }
    assert whole["donor-2"].email and projected["donor-2"].email is None
