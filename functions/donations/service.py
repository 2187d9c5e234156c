"""Donations: record, read, edit (optimistic locking), refund, delete; the list and its totals.
Every write moves the totals it affects in the same transaction (`repository.add_changes`)."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from functions.core import audit, clock, ids
from functions.core.access import Principal
from functions.core.errors import Conflict, Invalid
from functions.core.messages import t
from functions.core.money import money_text
from functions.core.pagination import decode_cursor, encode_cursor, page_body
from functions.core.validation import validate
from functions.declarations import eligibility
from functions.domain import names
from functions.donations import queries, repository
from functions.donations.models import Donation
from functions.donations.schemas import (
    DonationBody,
    DonationFilterBody,
    DonationListQuery,
    DonationUpdateBody,
)
from functions.donors import messages  # noqa: F401  (registers the area's messages)
from functions.donors import repository as donors
from functions.donors.models import Donor
from functions.donors.transaction import Transaction, TransactionFailed

ATTEMPTS = 3  # a donor's total moved by a concurrent donation: read again and retry


def view(donation: Donation) -> dict[str, Any]:
    return {
        "id": donation.donation_id,
        "donor_id": donation.donor_id,
        "donor_name": donation.donor_name,
        "amount": money_text(donation.amount),
        "date": donation.donation_date,
        "type_id": donation.type_id,
        "payment_method": donation.payment_method,
        "location_id": donation.location_id,
        "source": donation.source,
        "external_ref": donation.external_ref,
        "benefit_value": money_text(donation.benefit_value) if donation.benefit_value is not None else None,
        "sponsored": bool(donation.sponsored),
        "notes": donation.notes,
        "status": donation.status,
        "refunded_at": donation.refunded_at,
        "payment_for_goods": bool(donation.payment_for_goods),
        "gift_aid": gift_aid_view(donation),
        "version": donation.version,
        "created_at": clock.iso(donation.created_at),
    }


def gift_aid_view(donation: Donation) -> dict[str, Any]:
    """The stored assessment, its reason rendered in the reader's language."""
    raw = donation.gift_aid_params
    params = {k: str(v) for k, v in (raw.as_dict() if hasattr(raw, "as_dict") else dict(raw or {})).items()}
    reason = donation.gift_aid_reason
    return {
        "state": donation.gift_aid_state,
        "reason": reason,
        "reason_text": t(reason, **params) if reason else None,
        "params": params,
        "amount": money_text(donation.gift_aid_amount or Decimal(0)),
    }


def build(tenant_id: str, body: DonationBody, donation_id: str, donor: Donor | None) -> Donation:
    pk, sk = Donation.key(tenant_id, donation_id)
    return Donation(
        pk,
        sk,
        donation_id=donation_id,
        tenant_id=tenant_id,
        donor_id=body.donor_id,
        donor_name=names.display_name(donors.facts_of(donor)) if donor else None,
        amount=body.amount,
        donation_date=body.date.isoformat(),
        type_id=body.type_id,
        payment_method=body.payment_method,
        location_id=body.location_id,
        source=body.source,
        external_ref=body.external_ref,
        benefit_value=body.benefit_value,
        sponsored=body.sponsored,
        notes=body.notes,
        status=body.status,
        refunded_at=body.refunded_at.isoformat() if body.refunded_at else None,
        payment_for_goods=body.payment_for_goods,
    )


def donors_of(tenant_id: str, donor_ids: list[str | None], field: str = "donor_id") -> dict[str, Donor]:
    wanted = [donor_id for donor_id in donor_ids if donor_id]
    found = donors.get_many(tenant_id, wanted) if wanted else {}
    missing = [donor_id for donor_id in wanted if donor_id not in found]
    if missing:
        raise Invalid.field(field, "donors.unknown")
    return found


def raise_for(
    failed: TransactionFailed,
    *,
    stale_key: str = "donations.stale",
    ref: str = "",
    source: str | None = None,
    prefix: str = "",
) -> None:
    """Translate the invariants a cancelled transaction names into the user's errors."""
    if "type" in failed.tags:
        raise Invalid.field(f"{prefix}type_id", "donations.type_unknown") from failed
    if "location" in failed.tags:
        raise Invalid.field(f"{prefix}location_id", "donations.location_unknown") from failed
    if "ref" in failed.tags:
        raise Conflict("donations.external_ref_taken", ref=ref, source=source or "-") from failed
    if "donation" in failed.tags:
        raise Conflict(stale_key) from failed


def write_with_retry(
    tenant_id: str,
    make_changes: Callable[[dict[str, Donor]], list[repository.Change]],
    donor_ids: list[str | None],
    *,
    ref: str = "",
    source: str | None = None,
) -> None:
    """Read the donors involved, build the changes, write them in one transaction; retry when a
    concurrent donation moved one of those donors' totals in between."""
    for attempt in range(ATTEMPTS):
        involved = donors_of(tenant_id, donor_ids)
        transaction = Transaction()
        repository.add_changes(transaction, make_changes(involved), involved)
        try:
            transaction.commit()
            return
        except TransactionFailed as failed:
            raise_for(failed, ref=ref, source=source)
            if attempt == ATTEMPTS - 1:
                raise Conflict("donations.stale") from failed


def create(who: Principal, body: DonationBody) -> dict[str, Any]:
    donation_id = ids.new_id()
    made: list[Donation] = []

    def changes(involved: dict[str, Donor]) -> list[repository.Change]:
        made[:] = [build(who.tenant_id, body, donation_id, involved.get(body.donor_id or ""))]
        return [(None, made[0])]

    write_with_retry(who.tenant_id, changes, [body.donor_id], ref=body.external_ref or "", source=body.source)
    return view(repository.get(who.tenant_id, donation_id))


def show(who: Principal, donation_id: str) -> dict[str, Any]:
    return view(repository.get(who.tenant_id, donation_id))


def update(who: Principal, donation_id: str, body: DonationUpdateBody) -> dict[str, Any]:
    before = repository.get(who.tenant_id, donation_id)
    if before.version != body.version:
        raise Conflict("donations.stale")

    def changes(involved: dict[str, Donor]) -> list[repository.Change]:
        after = build(who.tenant_id, body, donation_id, involved.get(body.donor_id or ""))
        after.created_at, after.version = before.created_at, before.version
        return [(before, after)]

    write_with_retry(
        who.tenant_id,
        changes,
        [before.donor_id, body.donor_id],
        ref=body.external_ref or "",
        source=body.source,
    )
    return view(repository.get(who.tenant_id, donation_id))


def remove(who: Principal, donation_id: str) -> dict[str, Any]:
    before = repository.get(who.tenant_id, donation_id)
    write_with_retry(who.tenant_id, lambda involved: [(before, None)], [before.donor_id])
    audit.record(
        who.tenant_id,
        "donation.deleted",
        actor_id=who.user_id,
        donation_id=donation_id,
        amount=money_text(before.amount),
    )
    return {"message": t("donations.deleted")}


def filters_from(values: dict[str, Any]) -> queries.DonationFilters:
    body = validate(DonationFilterBody, values)
    return queries.DonationFilters(**body.model_dump())


def listing(who: Principal, query: DonationListQuery, *, donor_id: str | None = None) -> dict[str, Any]:
    values = query.filter_values()
    if donor_id is not None:
        values["donor_id"] = donor_id
    filters = filters_from(values)
    sort = "amount" if query.sortBy == "amount" and not filters.gift_aid_state else "date"
    rows, last_key = queries.page(
        who.tenant_id,
        filters,
        sort=sort,
        descending=query.sortDesc,
        length=query.length,
        start=decode_cursor(query.cursor),
    )
    if donor_id is not None and not rows:
        donors.get(
            who.tenant_id, donor_id
        )  # 404 for an unknown or another charity's donor (read only when empty)
    total = int(who.counters.donations or 0) if filters.empty else None
    return page_body(
        [view(row) for row in rows],
        total=total,  # type: ignore[arg-type]  # None: unknown under a filter (docs/api.md)
        query=query,
        next_cursor=encode_cursor(last_key),
    )


def totals(who: Principal, values: dict[str, Any]) -> dict[str, Any]:
    filters = filters_from(values)
    if filters.empty:
        count, total, complete = int(who.counters.donations or 0), who.counters.donations_total, True
    else:
        count, total, complete = queries.totals(who.tenant_id, filters)
    return {"count": count, "sum": money_text(total or Decimal(0)), "complete": complete}


def exclude(who: Principal, donation_id: str, reason: str) -> dict[str, Any]:
    """Park a donation out of Gift Aid claims, with the user's reason (reversible)."""
    return _set_exclusion(who, donation_id, reason, "donation.gift_aid_excluded")


def include(who: Principal, donation_id: str) -> dict[str, Any]:
    """Undo an exclusion: the donation is assessed again."""
    return _set_exclusion(who, donation_id, None, "donation.gift_aid_included")


def _set_exclusion(who: Principal, donation_id: str, reason: str | None, action: str) -> dict[str, Any]:
    donation = repository.get(who.tenant_id, donation_id)
    if donation.claim_id:
        raise Conflict("giftaid.donation_in_claim")
    donation.gift_aid_excluded_reason = reason
    donor = (
        donors.get_many(who.tenant_id, [donation.donor_id]).get(donation.donor_id or "")
        if donation.donor_id
        else None
    )
    eligibility.stamp(donation, donor, eligibility.Context(who.tenant_id))
    if not eligibility.save_assessment(donation):
        raise Conflict("donations.stale")
    audit.record(who.tenant_id, action, actor_id=who.user_id, donation_id=donation_id, reason=reason)
    return view(repository.get(who.tenant_id, donation_id))
