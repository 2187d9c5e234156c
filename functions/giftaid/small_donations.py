"""GASDS small donations in claims (GIFT_AID.md §5): the pool, the facts the caps read, joining and
leaving a claim, and the per-tax-year ledger that keeps two claims from passing a year's cap.

- Pool: donations in Gift Aid state `gasds` (GSI4), dated in the tax years a claim may carry, with
  no `claim_id`. A GASDS donation keeps that state in a claim (it is never Gift Aid); its
  `claim_id` says which claim holds it.
- Join (`attach`): `membership.join` with the donation's condition `gift_aid_state = gasds AND
  (claim_id absent OR claim_id = this claim)` and a `GASDS#<donation>` membership item: a small
  donation is in at most one claim.
- Caps: per tax year, `functions.domain.giftaid.gasds.plan` with the Gift Aid donations claimed
  that year (accepted claims' per-year totals and this claim's own, less reversed ones) and what
  other claims already carry (the `GasdsYear` ledger).
- Ledger: the claim's GASDS amounts are added to each year's ledger in one transaction with the
  claim's `gasds`, conditional on the totals read, and taken back when the claim is cancelled or
  rejected (`unreserve`, conditional on the claim's `gasds_reserved`).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from pynamodb.exceptions import TransactWriteError
from pynamodb.transactions import TransactWrite

from functions.core import keys
from functions.core.item_connection import shared
from functions.domain.giftaid import gasds, reasons
from functions.domain.giftaid.states import GiftAidState
from functions.domain.tax_year import tax_year_bounds, tax_year_of
from functions.donations.models import Donation, DonationGiftAid
from functions.giftaid import claim_reads, membership, repository
from functions.giftaid.models import ClaimGasds, ClaimItem, GasdsYear, Reversal

GASDS = GiftAidState.GASDS.value
ACCEPTED = "accepted"
RESERVE_ATTEMPTS = 5
ZERO = Decimal("0.00")


def small(donation: Donation) -> gasds.SmallDonation:
    return gasds.SmallDonation(
        donation.donation_id, dt.date.fromisoformat(donation.donation_date), donation.amount
    )


# ------------------------------------------------------------------ reads
def pool(tenant_id: str, claim_date: dt.date) -> list[Donation]:
    """Unclaimed GASDS donations a claim made on `claim_date` may carry (GSI4, date range)."""
    years = gasds.claim_years(claim_date)
    if not years:
        return []
    first = tax_year_bounds(years[0])[0].isoformat()
    found = Donation.gsi4.query(
        keys.gift_aid_state_pk(tenant_id, GASDS),
        Donation.gsi4sk.between(
            keys.gift_aid_state_sk(first, ""), keys.gift_aid_state_sk(claim_date.isoformat(), "~")
        ),
    )
    return [d for d in found if isinstance(d, Donation) and not d.claim_id]


def attached(tenant_id: str, claim_id: str) -> list[Donation]:
    """The GASDS donations that really carry this claim's id (membership items name them)."""
    members = ClaimGasds.query(
        keys.claim_pk(tenant_id, claim_id),
        ClaimGasds.sk.startswith(keys.claim_gasds_prefix()),
        consistent_read=True,
    )
    ids = [member.donation_id for member in members]
    return [d for d in repository.donations(tenant_id, ids) if d.claim_id == claim_id]


def gift_aided_by_year(donations: Iterable[repository.Candidate]) -> dict[int, Decimal]:
    """Gift Aid donations (received) per tax year (start year)."""
    totals: dict[int, Decimal] = defaultdict(lambda: ZERO)
    for donation in donations:
        if donation.status == "received":
            totals[tax_year_of(dt.date.fromisoformat(donation.donation_date))] += donation.amount
    return dict(totals)


def _reversed_by_year(tenant_id: str) -> dict[int, Decimal]:
    """Claimed donations later refunded or undeclared: they no longer count for the 10× rule."""
    found = Reversal.query(keys.tenant_pk(tenant_id), Reversal.sk.startswith(keys.reversal_prefix()))
    totals: dict[int, Decimal] = defaultdict(lambda: ZERO)
    for reversal in found:
        if isinstance(reversal, Reversal):
            totals[tax_year_of(dt.date.fromisoformat(reversal.donation_date))] += reversal.amount
    return dict(totals)


def accepted_gift_aid(tenant_id: str, exclude: str | None = None) -> dict[int, Decimal]:
    """Gift Aid donations per tax year in the charity's accepted claims, less reversed ones."""
    totals: dict[int, Decimal] = defaultdict(lambda: ZERO)
    for claim in claim_reads.all_claims(tenant_id):
        if claim.state != ACCEPTED or claim.claim_id == exclude:
            continue
        for year, amount in stored_by_year(claim).items():
            totals[year] += amount
    for year, amount in _reversed_by_year(tenant_id).items():
        totals[year] -= amount
    return {year: max(ZERO, amount) for year, amount in totals.items()}


def stored_by_year(claim: ClaimItem) -> dict[int, Decimal]:
    raw = claim.gift_aided_by_year.as_dict() if claim.gift_aided_by_year else {}
    return {int(year): Decimal(str(amount)) for year, amount in raw.items()}


def ledger(tenant_id: str, years: Iterable[int]) -> dict[int, GasdsYear | None]:
    found: dict[int, GasdsYear | None] = {}
    for year in years:
        try:
            found[year] = GasdsYear.get(*GasdsYear.key(tenant_id, year), consistent_read=True)
        except GasdsYear.DoesNotExist:
            found[year] = None
    return found


def facts(
    years: Iterable[int], gift_aided: dict[int, Decimal], held: dict[int, GasdsYear | None]
) -> dict[int, gasds.YearFacts]:
    return {
        year: gasds.YearFacts(
            year,
            gift_aided=gift_aided.get(year, ZERO),
            reserved=held[year].reserved if held.get(year) is not None else ZERO,  # type: ignore[union-attr]
        )
        for year in years
    }


# ------------------------------------------------------------------ joining and leaving a claim
def _attach_in(transaction: TransactWrite, claim: ClaimItem, donation: Donation) -> None:
    tenant_id, claim_id = claim.tenant_id, claim.claim_id
    item = DonationGiftAid(keys.tenant_pk(tenant_id), keys.donation_sk(donation.donation_id))
    transaction.update(
        item,
        actions=[
            DonationGiftAid.claim_id.set(claim_id),
            DonationGiftAid.gift_aid_reason.set(reasons.GASDS_IN_CLAIM),
            DonationGiftAid.version.add(1),  # a stale edit form must not drop the claim
        ],
        condition=DonationGiftAid.pk.exists()
        & (DonationGiftAid.gift_aid_state == GASDS)
        & (DonationGiftAid.claim_id.does_not_exist() | (DonationGiftAid.claim_id == claim_id)),
    )
    transaction.save(
        ClaimGasds(
            keys.claim_pk(tenant_id, claim_id),
            keys.claim_gasds_sk(donation.donation_id),
            donation_id=donation.donation_id,
            donation_date=donation.donation_date,
            amount=donation.amount,
        )
    )


def attach(claim: ClaimItem, token: str, donations: list[Donation]) -> list[str]:
    return membership.join(
        claim,
        token,
        donations,
        lambda transaction, donation: _attach_in(transaction, claim, donation),
        lambda donation: donation.donation_id,
    )


def _leave(tenant_id: str, claim_id: str, donation_id: str) -> bool:
    item = DonationGiftAid(keys.tenant_pk(tenant_id), keys.donation_sk(donation_id))
    # A one-item transaction: Model.update would refuse the item's own discriminator (Donation).
    try:
        with TransactWrite(connection=shared()) as transaction:
            transaction.update(
                item,
                actions=[DonationGiftAid.claim_id.remove(), DonationGiftAid.version.add(1)],
                condition=DonationGiftAid.claim_id == claim_id,
            )
    except TransactWriteError as exc:
        if _codes(exc)[:1] == ["ConditionalCheckFailed"]:
            return False
        raise
    return True


def _codes(exc: TransactWriteError) -> list[str | None]:
    return [r.code if r is not None else None for r in (exc.cancellation_reasons or [])]


def detach(tenant_id: str, claim_id: str, donation_ids: Iterable[str], *, forget: bool) -> int:
    """Hand GASDS donations back to the pool (only while they still carry this claim), then assess
    them again. `forget`: also delete their membership (a donation the build did not need)."""
    from functions.declarations import eligibility  # re-assessment, on this path only

    left = []
    for donation_id in donation_ids:
        if _leave(tenant_id, claim_id, donation_id):
            left.append(donation_id)
        if forget:
            ClaimGasds(keys.claim_pk(tenant_id, claim_id), keys.claim_gasds_sk(donation_id)).delete()
    if left:
        eligibility.recompute_donations(tenant_id, left)
    return len(left)


# ------------------------------------------------------------------ the ledger
def gasds_entries(plans: Iterable[gasds.YearPlan], held: dict[int, list[Donation]]) -> list[dict[str, Any]]:
    """What the claim stores in `gasds`: per tax year with an amount, its end year (as R68 names
    it), the amount and how many donations make it up."""
    return [
        {
            "tax_year_end": plan.tax_year_end,
            "amount": f"{plan.amount:.2f}",
            "donations": len(held.get(plan.tax_year, [])),
        }
        for plan in plans
        if plan.amount > 0
    ]


def _reserve_once(
    claim: ClaimItem, token: str, entries: list[dict[str, Any]], read: dict[int, GasdsYear | None]
) -> str:
    """One transaction: each year's ledger (conditional on the total read) and the claim's `gasds`.
    Returns "done", "stale" (a ledger moved: read again) or "closed"."""
    with_amount = [(int(e["tax_year_end"]) - 1, Decimal(e["amount"])) for e in entries]
    try:
        with TransactWrite(connection=shared()) as transaction:
            for year, amount in with_amount:
                current = read.get(year)
                condition = (
                    GasdsYear.pk.does_not_exist()
                    if current is None
                    else GasdsYear.reserved == current.reserved
                )
                transaction.update(
                    GasdsYear(*GasdsYear.key(claim.tenant_id, year)),
                    actions=[
                        GasdsYear.entity.set(GasdsYear),  # type: ignore[arg-type]
                        GasdsYear.tax_year.set(year),
                        GasdsYear.reserved.add(amount),
                    ],
                    condition=condition,
                )
            transaction.update(
                claim,
                actions=[ClaimItem.gasds.set(entries), ClaimItem.gasds_reserved.set(bool(with_amount))],
                condition=membership.finishing(token)
                & (ClaimItem.gasds_reserved.does_not_exist() | (ClaimItem.gasds_reserved == False)),  # noqa: E712
            )
    except TransactWriteError as exc:
        codes = _codes(exc)
        if codes and codes[-1] == "ConditionalCheckFailed":
            return "closed"
        if "ConditionalCheckFailed" in codes[:-1]:
            return "stale"
        raise
    return "done"


def take(claim: ClaimItem, token: str, claim_date: dt.date, own_gift_aid: dict[int, Decimal]) -> None:
    """The claim's GASDS: plan each tax year against the caps, attach the donations the amounts
    need, hand back those not needed, and count the amounts in the ledger. Resumable: a claim that
    already reserved keeps its `gasds`; a ledger moved by another claim means plan again."""
    if claim.gasds_reserved:
        return
    years = gasds.claim_years(claim_date)
    accepted = accepted_gift_aid(claim.tenant_id, exclude=claim.claim_id)
    gift_aided = {year: accepted.get(year, ZERO) + own_gift_aid.get(year, ZERO) for year in years}
    for _ in range(RESERVE_ATTEMPTS):
        held_ledger = ledger(claim.tenant_id, years)
        mine = attached(claim.tenant_id, claim.claim_id)
        free = pool(claim.tenant_id, claim_date)
        plans, outside = gasds.plan(
            claim_date,
            [small(d) for d in mine],
            [small(d) for d in free],
            facts(years, gift_aided, held_ledger),
        )
        detach(
            claim.tenant_id, claim.claim_id, [*outside, *(d for p in plans for d in p.detach)], forget=True
        )
        wanted = {d for p in plans for d in p.attach}
        attach(claim, token, [d for d in free if d.donation_id in wanted])
        # The amounts come from what really joined (another claim may have taken some first).
        now = attached(claim.tenant_id, claim.claim_id)
        by_year: dict[int, list[Donation]] = defaultdict(list)
        for donation in now:
            by_year[tax_year_of(dt.date.fromisoformat(donation.donation_date))].append(donation)
        final = [
            gasds.plan_year(
                p.tax_year,
                [small(d) for d in by_year.get(p.tax_year, [])],
                [],
                _fact(p, gift_aided, held_ledger),
            )
            for p in plans
        ]
        outcome = _reserve_once(claim, token, gasds_entries(final, by_year), held_ledger)
        if outcome == "done":
            return
        if outcome == "closed":
            fresh = repository.get_claim(claim.tenant_id, claim.claim_id)
            if fresh.gasds_reserved:
                return
            raise repository.ClaimClosed()
    raise RuntimeError("the GASDS ledger stayed contended")


def _fact(
    plan: gasds.YearPlan, gift_aided: dict[int, Decimal], held: dict[int, GasdsYear | None]
) -> gasds.YearFacts:
    return facts([plan.tax_year], gift_aided, held)[plan.tax_year]


def unreserve(claim: ClaimItem) -> bool:
    """A cancelled or rejected claim takes its GASDS amounts back out of the ledger (once)."""
    entries = [dict(e) for e in claim.gasds or []]
    try:
        with TransactWrite(connection=shared()) as transaction:
            transaction.update(
                claim,
                actions=[ClaimItem.gasds_reserved.set(False)],
                condition=ClaimItem.gasds_reserved == True,  # noqa: E712
            )
            for entry in entries:
                year = int(entry["tax_year_end"]) - 1
                transaction.update(
                    GasdsYear(*GasdsYear.key(claim.tenant_id, year)),
                    actions=[GasdsYear.reserved.add(-Decimal(str(entry["amount"])))],
                    condition=GasdsYear.pk.exists(),
                )
    except TransactWriteError as exc:
        codes = _codes(exc)
        if codes and codes[0] == "ConditionalCheckFailed":
            return False
        raise
    return True


def release(tenant_id: str, claim_id: str) -> int:
    """Every GASDS donation still in this (cancelled or rejected) claim goes back to the pool, and
    its amounts leave the ledger."""
    claim = repository.get_claim(tenant_id, claim_id)
    unreserve(claim)
    members = ClaimGasds.query(
        keys.claim_pk(tenant_id, claim_id),
        ClaimGasds.sk.startswith(keys.claim_gasds_prefix()),
        consistent_read=True,
    )
    return detach(tenant_id, claim_id, [m.donation_id for m in members], forget=False)
