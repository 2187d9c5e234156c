"""Old donations get their default split (ADR 0019 "Backfill"): a charity whose donations predate
funds ends, once its default fund is created on the first read of its funds and the queued job
has run, with General's balance equal to the sum of its received donations, each donation split
to General; running the backfill again (the command) changes nothing, and a donation edited
meanwhile is not counted twice."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from functions.core import keys
from functions.domain.funds import DEFAULT_FUND_ID
from functions.donations.models import Donation
from functions.funds import backfill
from functions.funds import repository as fund_repository
from functions.funds.models import Fund, FundBalance
from tests.functional.giftaid_helpers import drain


def _old_donation(tenant_id: str, n: int, amount: str, status: str = "received") -> str:
    """A donation as it was stored before funds: no split, no ledger line."""
    donation_id = f"old{n:04d}"
    day = (dt.date(2024, 4, 6) + dt.timedelta(days=n * 9)).isoformat()
    item = Donation(
        *Donation.key(tenant_id, donation_id),
        donation_id=donation_id,
        tenant_id=tenant_id,
        amount=Decimal(amount),
        donation_date=day,
        payment_method="cash",
        status=status,
        refunded_at=day if status == "refunded" else None,
        gsi1pk=keys.donations_by_date_pk(tenant_id),
        gsi1sk=keys.dated_sk(day, donation_id),
    )
    item.save()
    raw = item.to_dynamodb_dict()
    assert not raw.get("allocations", {}).get("L")
    return donation_id


def _balance(who, fund_id: str = DEFAULT_FUND_ID) -> str:
    return str(who.get(f"/api/funds/{fund_id}").json["balance"])


def _forget_default_fund(tenant_id: str) -> None:
    """The charity as it was before funds: no default fund."""
    Fund(*Fund.key(tenant_id, DEFAULT_FUND_ID)).delete(add_version_condition=False)
    FundBalance(*FundBalance.key(tenant_id, DEFAULT_FUND_ID)).delete()
    fund_repository.FundName(*fund_repository.name_key(tenant_id, "General")).delete()


def test_donations_older_than_funds_get_their_default_split_once(owner, aws):
    # GIVEN a charity older than funds: 45 donations (over two transactions' worth), 3 refunded
    _forget_default_fund(owner.tenant_id)
    amounts = [f"{n % 7 + 1}.{n % 100:02d}" for n in range(45)]
    statuses = ["refunded" if n % 15 == 0 else "received" for n in range(45)]
    ids = [_old_donation(owner.tenant_id, n, amounts[n], statuses[n]) for n in range(45)]
    received = sum(
        (Decimal(a) for a, s in zip(amounts, statuses, strict=True) if s == "received"), Decimal(0)
    )
    # WHEN its funds are first read (the default fund is created) and the queued job runs
    assert _balance(owner) == "0.00"
    assert drain(aws) >= 1
    # THEN General holds every received donation, each split to General (flagged defaulted)
    assert _balance(owner) == f"{received:.2f}"
    for donation_id in ids[:3]:
        shown = owner.get(f"/api/donations/{donation_id}").json
        assert [(line["fund_id"], line["amount"]) for line in shown["allocations"]] == [
            (DEFAULT_FUND_ID, shown["amount"])
        ]
    lines = fund_repository.lines_of(owner.tenant_id, DEFAULT_FUND_ID)
    assert len(lines) == 42 and {line.reason for line in lines} == {backfill.REASON}
    # WHEN the command runs the backfill again THEN nothing changes
    assert backfill.main([owner.tenant_id]) == 0
    drain(aws)
    assert _balance(owner) == f"{received:.2f}"
    assert len(fund_repository.lines_of(owner.tenant_id, DEFAULT_FUND_ID)) == 42


def test_a_donation_edited_before_the_backfill_reaches_it_is_counted_once(owner, aws):
    _forget_default_fund(owner.tenant_id)
    donation_id = _old_donation(owner.tenant_id, 1, "12.00")
    _old_donation(owner.tenant_id, 2, "3.00")
    # GIVEN the default fund created and the job queued
    assert _balance(owner) == "0.00"
    # WHEN the donation is edited first (its edit gives it its split and its line)
    shown = owner.get(f"/api/donations/{donation_id}").json
    body = {k: shown[k] for k in ("amount", "date", "payment_method", "sponsored")}
    edited = owner.put(
        f"/api/donations/{donation_id}", {**body, "notes": "found the envelope", "version": shown["version"]}
    )
    assert edited.status == 200, edited
    drain(aws)
    # THEN General counts it once
    assert _balance(owner) == "15.00"
