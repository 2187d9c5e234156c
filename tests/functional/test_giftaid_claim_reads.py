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
from functions.core import keys
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
    claim_id = reply.json["claim_id"]
    drain(aws)
    # THEN each donation item was read once, and the donor once
    assert reads["item:DONATION"] <= N + SMALL_CONSTANT, dict(reads)
    assert reads["item:DONOR"] <= 1 + SMALL_CONSTANT, dict(reads)
    # ... and the claim is what the user expects: sealed with every donation and its total
    claim = claim_of(charity, claim_id)
    assert (claim["state"], claim["counts"]["donations"]) == ("sealed", N)
    expected = sum((Decimal(f"{n % 40 + 1}.25") for n in range(N)), Decimal("0.00"))
    assert Decimal(claim["donation_total"]) == expected
    assert _xml(charity.tenant_id, claim_id).count("<GAD>") == N


def _deliver_next(aws: dict) -> dict[str, Any]:
    sqs = boto3.client("sqs", region_name="eu-west-2")
    message = sqs.receive_message(QueueUrl=aws["ClaimsQueue"], MaxNumberOfMessages=1)["Messages"][0]
    answer = core_jobs.sqs_handler(claim_jobs.handle)(lambda_event([message]), None)
    assert not answer["batchItemFailures"]
    sqs.delete_message(QueueUrl=aws["ClaimsQueue"], ReceiptHandle=message["ReceiptHandle"])
    return dict(json.loads(message["Body"]))


def _planned_claim_of_all(aws: dict, who: SignedIn, count: int) -> tuple[list[str], str]:
    """`count` claimable donations, and a claim of all of them whose plan has read them (its
    chunks not yet delivered): the donations' ids and the claim's."""
    _, donation_ids = donor_and_donations(who, count)
    reply = who.post("/api/gift-aid/claims", {"all": True})
    assert reply.status == 202, reply
    assert _deliver_next(aws)["payload"]["step"] == "plan"
    return donation_ids, str(reply.json["claim_id"])


def test_a_donation_changed_after_the_plan_read_it_joins_as_it_is_now(
    aws: dict,
    charity: SignedIn,  # noqa: F811  (the fixture imported above)
) -> None:
    # GIVEN 3 claimable donations, and a claim of all of them planned (the plan has read them)
    donation_ids, claim_id = _planned_claim_of_all(aws, charity, 3)
    # WHEN one is changed before its chunk attaches it (marked sponsored: a new version)
    item = Donation.get(*Donation.key(charity.tenant_id, donation_ids[1]))
    item.update(actions=[Donation.sponsored.set(True)])
    drain(aws)
    # THEN the claim holds all three, and the schedule states the donation as it is now
    claim = claim_of(charity, claim_id)
    assert (claim["state"], claim["counts"]["donations"]) == ("sealed", 3)
    assert _xml(charity.tenant_id, claim_id).count("<Sponsored>yes</Sponsored>") == 1
    # ... and what the finisher reads (the chunks' record of what they attached, or the lines'
    # projected read) is what the lines hold, the changed donation as it joined
    tenant_id = charity.tenant_id
    fields = ("donation_id", "donation_date", "amount", "donor_id", "sponsored", "status")
    lines = [tuple(getattr(line, name) for name in fields) for line in repository.lines(tenant_id, claim_id)]
    from_chunks = repository.attached_as_joined(tenant_id, claim_id, 1)
    from_lines = repository.attached_as_joined(tenant_id, claim_id)
    for joined in (from_chunks, from_lines):
        assert [tuple(getattr(d, name) for name in fields) for d in joined] == lines
    assert sorted(line[0] for line in lines) == sorted(donation_ids)
    assert [line[4] for line in lines].count(True) == 1
    donations = {d.donation_id: d for d in repository.donations(tenant_id, donation_ids)}
    assert {(d.claim_id, d.gift_aid_state) for d in donations.values()} == {(claim_id, IN_CLAIM)}


def test_a_donation_excluded_after_the_plan_read_it_is_left_out_of_the_claim_and_its_totals(
    aws: dict,
    charity: SignedIn,  # noqa: F811  (the fixture imported above)
) -> None:
    # GIVEN 4 claimable donations, and a claim of all of them planned (the plan has read them)
    donation_ids, claim_id = _planned_claim_of_all(aws, charity, 4)
    # WHEN two are excluded from Gift Aid before the chunk attaches them
    gone = donation_ids[1:3]
    excluded = charity.post("/api/donations/gift-aid/bulk-exclude", {"ids": gone, "reason": "paid twice"})
    assert excluded.status == 200, excluded
    drain(aws)
    # THEN the claim holds the other two, its totals and schedule are theirs alone, and the two
    # are listed as skipped, still excluded and in no claim
    tenant_id = charity.tenant_id
    claim = claim_of(charity, claim_id)
    kept = [donation_ids[0], donation_ids[3]]
    assert (claim["state"], claim["counts"]["donations"]) == ("sealed", 2)
    found = {d.donation_id: d for d in repository.donations(tenant_id, donation_ids)}
    assert Decimal(claim["donation_total"]) == sum((found[d].amount for d in kept), Decimal("0.00"))
    assert _xml(tenant_id, claim_id).count("<GAD>") == 2
    assert sorted(line.donation_id for line in repository.lines(tenant_id, claim_id)) == sorted(kept)
    item = repository.get_claim(tenant_id, claim_id)
    assert sorted((s["donation_id"], s["reason"]) for s in item.skipped) == sorted(
        (d, "not_claimable") for d in gone
    )
    assert {found[d].claim_id for d in gone} == {None}


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


@pytest.mark.parametrize("ranges", [1, 3, 4, 7, 200])
def test_the_plan_reads_every_claimable_donation_once_in_date_order_whatever_the_ranges(
    aws: dict, ranges: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # GIVEN claimable donations over three months (several a day, on the first and last days
    # too), others in another state and another charity's
    from tests.functional.giftaid_helpers import put_donations

    tenant_id = "tenant-ranges"
    put_donations(tenant_id, "donor-1", 90)
    put_donations(tenant_id, "donor-1", 5, state="needs_attention", start=90)
    put_donations("tenant-other", "donor-2", 10)
    monkeypatch.setattr(repository, "CLAIMABLE_RANGES", ranges)
    # WHEN the plan reads them in date ranges side by side
    found = repository.claimable_candidates(tenant_id)
    # THEN it has each claimable donation once, in GSI4's order, as one Query reads them
    whole = [d for d in Donation.gsi4.query(keys.gift_aid_state_pk(tenant_id, "claimable"))]
    assert [c.donation_id for c in found] == [d.donation_id for d in whole]
    assert len(found) == 90
    assert [(c.donation_date, c.amount, c.version) for c in found] == [
        (d.donation_date, d.amount, d.version) for d in whole
    ]


def test_date_ranges_cover_every_day_once(aws: dict) -> None:
    spans = repository._date_ranges("2025-12-30", "2026-01-05", 3)
    assert spans == [
        ("2025-12-30", "2026-01-01#\uffff"),
        ("2026-01-02", "2026-01-04#\uffff"),
        ("2026-01-05", "2026-01-05#\uffff"),
    ]
    assert repository._date_ranges("2026-01-05", "2026-01-05", 4) == [("2026-01-05", "2026-01-05#\uffff")]
    assert repository._date_ranges("not a date", "2026-01-05", 4) == [None]
    # ... and a partition whose first key is not a date is read whole, in one Query
    from tests.functional.giftaid_helpers import put_donations

    put_donations("tenant-odd-keys", "donor-1", 3)
    odd = Donation.get(*Donation.key("tenant-odd-keys", "d000000"))
    odd.update(actions=[Donation.gsi4sk.set("0000#d000000")])
    found = repository.claimable_candidates("tenant-odd-keys")
    assert sorted(c.donation_id for c in found) == ["d000000", "d000001", "d000002"]
