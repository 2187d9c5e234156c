"""Reversals of over-claimed tax and the adjustment of the next claim (GIFT_AID.md §6).

- `record`: a donation already claimed (`claimed`: its claim was accepted) is refunded or
  cancelled, or its declaration is cancelled with effect on its date → one reversal item for it
  (put if absent: a donation is reversed at most once), tax = the Gift Aid claimed on it. It waits
  in the sparse GSI4 partition of open reversals. `withdraw` deletes an open one when the refund
  is undone.
- `take`: the claim being finished takes every open reversal through `membership.join` (the
  reversal's `adjusted_in` absent or already this claim): a reversal is never taken twice.
- `release`: a cancelled or rejected claim hands its reversals back (only while they still name it).
- The claim's `adjustment` and `other_info` are recomputed from the reversals that name it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from pynamodb.exceptions import DeleteError, PutError, UpdateError
from pynamodb.transactions import TransactWrite

from functions.core import audit, keys
from functions.core.errors import NotFound
from functions.domain.giftaid import adjustments
from functions.domain.giftaid.adjustments import ReversalCause
from functions.domain.giftaid.declarations import Cover, cover
from functions.domain.giftaid.states import GiftAidState
from functions.donations.models import Donation
from functions.giftaid import membership, repository
from functions.giftaid.models import ClaimAdjustment, ClaimItem, Reversal

CLAIMED = GiftAidState.CLAIMED.value
BATCH_GET = 100


def claim_label(claim: ClaimItem | None) -> str:
    """A claim as HMRC knows it: the day it was submitted (else sealed, else created)."""
    if claim is None:
        return "unknown"
    when = claim.submitted_at or claim.sealed_at or claim.created_at
    return when.date().isoformat() if when else claim.claim_id


def record(tenant_id: str, donation: Donation, cause: ReversalCause, *, actor_id: str | None = None) -> bool:
    """One reversal for a claimed donation (put if absent); False when it already has one."""
    if donation.gift_aid_state != CLAIMED or not donation.claim_id:
        return False
    try:
        original = repository.get_claim(tenant_id, donation.claim_id)
    except NotFound:
        original = None
    item = Reversal(
        *Reversal.key(tenant_id, donation.donation_id),
        donation_id=donation.donation_id,
        donor_name=donation.donor_name,
        donation_date=donation.donation_date,
        amount=donation.amount,
        tax=donation.gift_aid_amount or Decimal("0.00"),
        cause=cause.value,
        claim_id=donation.claim_id,
        claim_label=claim_label(original),
        recorded_by=actor_id,
    )
    item.gsi4pk = keys.open_reversals_pk(tenant_id)
    item.gsi4sk = keys.dated_sk(donation.donation_date, donation.donation_id)
    try:
        item.save(condition=Reversal.pk.does_not_exist())
    except PutError as exc:
        if repository.condition_failed(exc):
            return False
        raise
    audit.record(
        tenant_id,
        "giftaid.reversal_recorded",
        actor_id=actor_id,
        donation_id=donation.donation_id,
        cause=cause.value,
        tax=f"{item.tax:.2f}",
    )
    return True


def withdraw(tenant_id: str, donation_id: str, *, actor_id: str | None = None) -> bool:
    """Delete a reversal no claim has taken (the refund was undone); False otherwise."""
    item = Reversal(*Reversal.key(tenant_id, donation_id))
    try:
        item.delete(condition=Reversal.pk.exists() & Reversal.adjusted_in.does_not_exist())
    except DeleteError as exc:
        if repository.condition_failed(exc):
            return False
        raise
    audit.record(tenant_id, "giftaid.reversal_withdrawn", actor_id=actor_id, donation_id=donation_id)
    return True


def after_donation_change(
    tenant_id: str, before: Donation, after: Donation, *, actor_id: str | None = None
) -> None:
    """The hook of a donation edit: refunded or cancelled after its claim → a reversal; received
    again → the open reversal goes."""
    if before.gift_aid_state != CLAIMED or before.status == after.status:
        return
    if after.status == "refunded":
        record(tenant_id, before, ReversalCause.REFUNDED, actor_id=actor_id)
    elif after.status == "cancelled":
        record(tenant_id, before, ReversalCause.CANCELLED, actor_id=actor_id)
    elif after.status == "received":
        withdraw(tenant_id, before.donation_id, actor_id=actor_id)


def after_declaration_change(
    tenant_id: str, donor_id: str, *, fresh: Iterable[Any] = (), actor_id: str | None = None
) -> int:
    """The hook of a declaration change: the donor's claimed donations no declaration covers any
    more (cancelled with effect on their date, an oral one voided) get a reversal. `fresh`: the
    declaration records just written. Returns how many were recorded."""
    from functions.declarations import eligibility  # the declarations side, read on this path only

    context = eligibility.Context(tenant_id, fresh)
    declarations = context.declarations(donor_id)
    found = Donation.gsi3.query(
        keys.donor_owned_pk(tenant_id, donor_id),
        Donation.gsi3sk.startswith(keys.donation_prefix()),
        filter_condition=Donation.gift_aid_state == CLAIMED,
    )
    recorded = 0
    for donation in found:
        if not isinstance(donation, Donation) or donation.gasds:
            continue
        day = dt.date.fromisoformat(donation.donation_date)
        if cover(declarations, donation.donation_id, day, today=context.today).cover == Cover.COVERED:
            continue
        if record(tenant_id, donation, ReversalCause.DECLARATION_CANCELLED, actor_id=actor_id):
            recorded += 1
    return recorded


# ------------------------------------------------------------------ the claim side
def open_reversals(tenant_id: str) -> list[Reversal]:
    """Every reversal no claim has taken (sparse GSI4 partition, oldest donation first)."""
    found = Reversal.gsi4.query(keys.open_reversals_pk(tenant_id))
    return [item for item in found if isinstance(item, Reversal)]


def _take_in(transaction: TransactWrite, claim: ClaimItem, reversal: Reversal) -> None:
    item = Reversal(*Reversal.key(claim.tenant_id, reversal.donation_id))
    transaction.update(
        item,
        actions=[
            Reversal.adjusted_in.set(claim.claim_id),
            Reversal.gsi4pk.remove(),
            Reversal.gsi4sk.remove(),
        ],
        condition=Reversal.pk.exists()
        & (Reversal.adjusted_in.does_not_exist() | (Reversal.adjusted_in == claim.claim_id)),
    )
    transaction.save(
        ClaimAdjustment(
            keys.claim_pk(claim.tenant_id, claim.claim_id),
            keys.claim_adjustment_sk(reversal.donation_id),
            donation_id=reversal.donation_id,
            tax=reversal.tax,
        )
    )


def take(claim: ClaimItem, token: str) -> list[str]:
    """The claim takes every open reversal; returns those another claim took first."""
    found = open_reversals(claim.tenant_id)
    return membership.join(
        claim, token, found, lambda transaction, r: _take_in(transaction, claim, r), lambda r: r.donation_id
    )


def _by_ids(tenant_id: str, donation_ids: Iterable[str]) -> list[Reversal]:
    wanted = list(dict.fromkeys(donation_ids))
    found: list[Reversal] = []
    for start in range(0, len(wanted), BATCH_GET):
        part = [Reversal.key(tenant_id, d) for d in wanted[start : start + BATCH_GET]]
        found.extend(r for r in Reversal.batch_get(part, consistent_read=True) if isinstance(r, Reversal))
    return sorted(found, key=lambda r: (r.donation_date, r.donation_id))


def taken(tenant_id: str, claim_id: str) -> list[Reversal]:
    """The reversals this claim's adjustment deducts (its membership items name them; the
    reversal items, still naming this claim, are the truth)."""
    members = ClaimAdjustment.query(
        keys.claim_pk(tenant_id, claim_id),
        ClaimAdjustment.sk.startswith(keys.claim_adjustment_prefix()),
        consistent_read=True,
    )
    ids = [member.donation_id for member in members]
    return [r for r in _by_ids(tenant_id, ids) if r.adjusted_in == claim_id]


def domain(reversal: Reversal) -> adjustments.Reversal:
    return adjustments.Reversal(
        donation_id=reversal.donation_id,
        amount=reversal.amount,
        tax=reversal.tax,
        cause=ReversalCause(reversal.cause),
        claim_label=reversal.claim_label,
    )


def adjustment_of(reversals: list[Reversal]) -> tuple[Decimal, str | None]:
    """(adjustment, other_info) of a claim from the reversals it took."""
    plain = [domain(r) for r in reversals]
    return adjustments.adjustment_total(plain), adjustments.other_info(plain)


def release(tenant_id: str, claim_id: str) -> int:
    """A cancelled or rejected claim hands its reversals back to the next claim."""
    released = 0
    for reversal in taken(tenant_id, claim_id):
        item = Reversal(*Reversal.key(tenant_id, reversal.donation_id))
        try:
            item.update(
                actions=[
                    Reversal.adjusted_in.remove(),
                    Reversal.gsi4pk.set(keys.open_reversals_pk(tenant_id)),
                    Reversal.gsi4sk.set(keys.dated_sk(reversal.donation_date, reversal.donation_id)),
                ],
                condition=Reversal.adjusted_in == claim_id,
            )
        except UpdateError as exc:
            if repository.condition_failed(exc):
                continue
            raise
        released += 1
    return released


def row(reversal: Reversal) -> dict[str, Any]:
    """A reversal as New Claim and the claim page list it."""
    return {
        "donation_id": reversal.donation_id,
        "donor_name": reversal.donor_name,
        "date": reversal.donation_date,
        "amount": f"{reversal.amount:.2f}",
        "tax": f"{reversal.tax:.2f}",
        "cause": reversal.cause,
        "claim_id": reversal.claim_id,
        "claim_label": reversal.claim_label,
        "adjusted_in": reversal.adjusted_in,
        "link": f"/donations/{reversal.donation_id}",
    }
