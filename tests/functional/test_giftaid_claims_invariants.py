"""Never twice (GIFT_AID.md §9): claims are built in chunks through the claims queue; duplicated,
concurrent, retried and half-crashed deliveries, two workers and two overlapping claims never put
a donation in two claims nor lose one, and sealed totals equal the attached donations.

The sizes are scaled down, not the code paths: chunks of 10 donations (not 100) and attach
transactions of 5 (not 30), so ~25 donations still make three chunks, each attached in several
transactions, exactly as 250 donations do with the production sizes."""

from __future__ import annotations

from typing import Any

import pytest
from chalice.test import Client

from app import app
from functions.giftaid import pipeline, repository
from tests.functional.giftaid_helpers import (
    assert_invariants,
    claim_of,
    configure,
    donor_and_donations,
    drain,
)
from tests.functional.helpers import SignedIn, sign_up_charity

CHUNK = 10  # donations per build message (production: pipeline.CHUNK_SIZE = 490)
GROUP = 5  # donations per attach transaction (production: repository.TRANSACTION_DONATIONS = 49)


@pytest.fixture(autouse=True)
def small_sizes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pipeline, "CHUNK_SIZE", CHUNK)
    monkeypatch.setattr(repository, "TRANSACTION_DONATIONS", GROUP)


@pytest.fixture
def charity(aws: dict) -> Any:
    with Client(app) as client:
        who = sign_up_charity(client)
        configure(who)
        yield who


def _new_claim(who: SignedIn, body: dict[str, Any]) -> str:
    reply = who.post("/api/gift-aid/claims", body)
    assert reply.status == 202, reply
    return str(reply.json["claim_id"])


def test_claim_all_is_built_in_chunks_and_sealed_from_attached_donations(
    aws: dict, charity: SignedIn
) -> None:
    # GIVEN 25 claimable donations (three chunks) and 5 that are not
    _, donation_ids = donor_and_donations(charity, 25)
    donor_and_donations(charity, 5, state="not_eligible", start=900)
    # WHEN a claim of all claimable donations is built
    claim_id = _new_claim(charity, {"all": True})
    drain(aws)
    # THEN it holds exactly the 25, is sealed with matching totals, and its files exist
    claim = claim_of(charity, claim_id)
    assert claim["state"] == "sealed", claim["problems"]
    assert claim["progress"] == {"done": 3, "total": 3}
    assert claim["counts"]["donations"] == 25
    members = assert_invariants(charity.tenant_id, [claim_id], donation_ids)
    assert members[claim_id] == set(donation_ids)
    assert claim["lines"]["meta"]["total"] == 25
    assert claim["files_ready"]
    job = charity.get(f"/api/jobs/{claim['job_id']}").json
    assert job["status"] == "done"


@pytest.mark.parametrize("crash_after", [1, 2, 3])
def test_a_crash_after_any_chunk_loses_nothing(
    aws: dict, charity: SignedIn, monkeypatch: pytest.MonkeyPatch, crash_after: int
) -> None:
    _, donation_ids = donor_and_donations(charity, 25)
    crashed: list[int] = []

    def crash(claim_id: str, number: int) -> None:
        if number == crash_after and not crashed:
            crashed.append(number)
            raise RuntimeError("worker died after attaching, before marking the chunk done")

    monkeypatch.setattr(pipeline, "after_chunk", crash)
    claim_id = _new_claim(charity, {"all": True})
    drain(aws)
    assert crashed == [crash_after]
    claim = claim_of(charity, claim_id)
    assert claim["state"] == "sealed"
    assert claim["progress"] == {"done": 3, "total": 3}
    assert assert_invariants(charity.tenant_id, [claim_id], donation_ids)[claim_id] == set(donation_ids)


@pytest.mark.parametrize("concurrent", [False, True])
def test_every_message_delivered_twice(aws: dict, charity: SignedIn, concurrent: bool) -> None:
    _, donation_ids = donor_and_donations(charity, 22)
    claim_id = _new_claim(charity, {"all": True})
    drain(aws, times=2, concurrent=concurrent)
    claim = claim_of(charity, claim_id)
    assert claim["state"] == "sealed"
    assert claim["progress"] == {"done": 3, "total": 3}
    assert assert_invariants(charity.tenant_id, [claim_id], donation_ids)[claim_id] == set(donation_ids)


def test_two_overlapping_claims_on_two_workers(aws: dict, charity: SignedIn) -> None:
    # GIVEN two claims asking for overlapping donations, built at the same time on two workers
    _, donation_ids = donor_and_donations(charity, 25)
    first = _new_claim(charity, {"donation_ids": donation_ids[:16]})
    second = _new_claim(charity, {"donation_ids": donation_ids[9:]})
    drain(aws, times=2, concurrent=True)
    # THEN each donation is in exactly one of them and none is lost
    members = assert_invariants(charity.tenant_id, [first, second], donation_ids)
    assert members[first] | members[second] == set(donation_ids)
    assert not members[first] & members[second]
    assert members[first] >= set(donation_ids[:9])
    assert members[second] >= set(donation_ids[16:])
    skipped = claim_of(charity, first)["skipped"] + claim_of(charity, second)["skipped"]
    assert {s["reason"] for s in skipped} <= {"in_another_claim"}
    assert len(skipped) == 7  # the overlap was asked for twice and granted once


def test_a_donation_of_another_charity_or_not_claimable_is_skipped(aws: dict, charity: SignedIn) -> None:
    with Client(app) as client:
        other = sign_up_charity(client, "Other Trust")
    _, theirs = donor_and_donations(other, 2, start=500)
    _, mine = donor_and_donations(charity, 3)
    _, excluded = donor_and_donations(charity, 1, state="excluded", start=700)
    claim_id = _new_claim(charity, {"donation_ids": mine + theirs + excluded})
    drain(aws)
    claim = claim_of(charity, claim_id)
    assert claim["counts"]["donations"] == 3
    reasons = {s["donation_id"]: s["reason"] for s in claim["skipped"]}
    assert reasons == {theirs[0]: "not_found", theirs[1]: "not_found", excluded[0]: "not_claimable"}
    assert assert_invariants(other.tenant_id, [], theirs) == {}
