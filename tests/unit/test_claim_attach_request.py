"""The attach transaction written directly (`repository._Attach`) is the one PynamoDB's
`TransactWrite` builds from a `DonationGiftAid` update and a `ClaimLine` put per donation: the
same items in the same order, expressions, names and values, so moto and DynamoDB see the same
request (only the lines' `created_at` is taken once per transaction instead of once per line)."""

from __future__ import annotations

import datetime as dt
import random
from decimal import Decimal
from typing import Any

import pytest
from pynamodb.connection import Connection
from pynamodb.transactions import TransactWrite

from functions.core import keys
from functions.domain.giftaid import reasons
from functions.donations.models import DonationGiftAid
from functions.giftaid import repository
from functions.giftaid.models import BUILDING, ClaimItem, ClaimLine
from functions.giftaid.repository import CLAIMABLE, IN_CLAIM, Candidate


class _Captured(Connection):
    """A connection that keeps the request it would send."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[tuple[str, dict[str, Any]]] = []

    def dispatch(self, operation_name: str, operation_kwargs: dict[str, Any]) -> dict[str, Any]:
        self.sent.append((operation_name, operation_kwargs))
        return {}


def _joinable(claim_id: str, version: int | None) -> Any:
    free = DonationGiftAid.claim_id.does_not_exist() & (DonationGiftAid.gift_aid_state == CLAIMABLE)
    same = DonationGiftAid.version.does_not_exist() if version is None else DonationGiftAid.version == version
    return DonationGiftAid.pk.exists() & ((free & same) | (DonationGiftAid.claim_id == claim_id))


def _pynamodb_request(claim: ClaimItem, candidates: list[Candidate]) -> dict[str, Any]:
    """The attach transaction as it was built through PynamoDB's models and expressions."""
    connection = _Captured()
    tenant_id, claim_id = claim.tenant_id, claim.claim_id
    with TransactWrite(connection=connection) as transaction:
        transaction.condition_check(
            ClaimItem,
            claim.pk,
            claim.sk,
            condition=(ClaimItem.state == "draft") & (ClaimItem.build_status == BUILDING),
        )
        for candidate in candidates:
            donation = DonationGiftAid(keys.tenant_pk(tenant_id), keys.donation_sk(candidate.donation_id))
            transaction.update(
                donation,
                actions=[
                    DonationGiftAid.claim_id.set(claim_id),
                    DonationGiftAid.gift_aid_state.set(IN_CLAIM),
                    DonationGiftAid.gift_aid_reason.set(reasons.IN_CLAIM),
                    DonationGiftAid.gsi4pk.set(keys.gift_aid_state_pk(tenant_id, IN_CLAIM)),
                    DonationGiftAid.version.add(1),
                ],
                condition=_joinable(claim_id, candidate.version),
            )
            transaction.save(
                ClaimLine(
                    keys.claim_pk(tenant_id, claim_id),
                    keys.claim_line_sk(candidate.donation_id),
                    donation_id=candidate.donation_id,
                    donation_date=candidate.donation_date,
                    amount=candidate.amount,
                    donor_id=candidate.donor_id,
                    sponsored=candidate.sponsored,
                    status=candidate.status,
                    gsi1pk=keys.claim_lines_by_date_pk(tenant_id, claim_id),
                    gsi1sk=keys.claim_line_by_date_sk(candidate.donation_date, candidate.donation_id),
                )
            )
    [(operation, request)] = connection.sent
    assert operation == "TransactWriteItems"
    return request


def _candidates(rng: random.Random, count: int) -> list[Candidate]:
    amounts = ["0.01", "5", "12.50", "999999.99", "20.00", "3.1"]
    return [
        Candidate(
            f"01J{rng.randrange(10**12):012d}{n}",
            (dt.date(2022, 4, 6) + dt.timedelta(days=rng.randrange(900))).isoformat(),
            Decimal(rng.choice(amounts)),
            rng.choice([None, f"donor-{rng.randrange(50)}", "Seán Müller"]),
            rng.random() < 0.3,
            rng.choice([None, "completed", "pending", "refunded"]),
            rng.choice([None, 0, 1, 2, 17, 10**6]),
        )
        for n in range(count)
    ]


def _without_created_at(request: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    created = []
    for entry in request["TransactItems"]:
        if "Put" in entry:
            created.append(entry["Put"]["Item"].pop(ClaimLine.created_at.attr_name)["S"])
    return request, created


@pytest.mark.parametrize("seed", range(8))
def test_the_attach_request_is_the_one_pynamodb_builds(seed, monkeypatch):
    rng = random.Random(seed)  # noqa: S311
    claim = ClaimItem(*ClaimItem.key(f"tenant-{seed}", f"claim-{seed}"), claim_id=f"claim-{seed}")
    claim.tenant_id = f"tenant-{seed}"
    candidates = _candidates(rng, rng.randint(1, repository.TRANSACTION_DONATIONS))
    connection = _Captured()
    monkeypatch.setattr(repository, "transaction_connection", lambda: connection)

    repository._attach_transaction(claim, candidates)  # noqa: SLF001

    [(operation, ours)] = connection.sent
    assert operation == "TransactWriteItems"
    ours, created = _without_created_at(ours)
    theirs, their_created = _without_created_at(_pynamodb_request(claim, candidates))
    assert ours == theirs
    # the same JSON document, member order included (moto and botocore read it alike)
    assert repr(ours) == repr(theirs)
    assert len(created) == len(candidates) == len(their_created)
    assert {ClaimLine.created_at.deserialize(text).tzinfo is not None for text in created} == {True}
