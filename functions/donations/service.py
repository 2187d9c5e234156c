"""Donations: record, read, edit (optimistic locking), refund, delete; the list and its totals.
Every write moves the totals it affects in the same transaction (`repository.add_changes`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from functions.core import audit, ids
from functions.core.access import Principal
from functions.core.errors import Conflict, Invalid, NotFound
from functions.core.messages import t
from functions.core.money import money_text
from functions.declarations import eligibility
from functions.domain import funds, names
from functions.domain.funds import DEFAULT_FUND_ID
from functions.domain.tax_year import tax_year_of
from functions.donations import messages as _messages  # noqa: F401  (registers the messages)
from functions.donations import repository

# the list and a donation as the screens show it live in `listing` (the area's first request);
# the area's other modules and the rest of the app call them here
from functions.donations.listing import filters_from as filters_from
from functions.donations.listing import gift_aid_view as gift_aid_view
from functions.donations.listing import listing as listing
from functions.donations.listing import totals as totals
from functions.donations.listing import view as view
from functions.donations.models import Donation
from functions.donors import messages  # noqa: F401  (registers the area's messages)
from functions.donors import repository as donors
from functions.donors.models import Donor
from functions.donors.transaction import Transaction, TransactionFailed
from functions.funds import backfill, ledger
from functions.funds import repository as fund_repository
from functions.funds import service as fund_service
from functions.giftaid import messages as claim_messages
from functions.giftaid import repository as claims
from functions.giftaid import reversals
from functions.projects import messages as _project_messages  # noqa: F401  (registers the messages)
from functions.projects.models import Project

if TYPE_CHECKING:
    from functions.donations.schemas import AllocationBody, DonationBody, DonationUpdateBody

ATTEMPTS = 3  # a donor's total moved by a concurrent donation: read again and retry


def build(tenant_id: str, body: DonationBody, donation_id: str, donor: Donor | None) -> Donation:
    """The donation a body describes, with the split it asks for (none → the default fund)."""
    donation = _build(tenant_id, body, donation_id, donor)
    repository.set_split(donation, body.fund_split())
    return donation


def _build(tenant_id: str, body: DonationBody, donation_id: str, donor: Donor | None) -> Donation:
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
        gasds=body.gasds,
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
    tenant_id: str = "",
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
    for tag in failed.tags:
        fund_id = ledger.fund_of_tag(tag)
        if fund_id is not None:
            raise fund_service.ledger_error(tenant_id, fund_id, f"{prefix}allocations") from failed
    for tag in failed.tags:
        project_id = ledger.project_of_tag(tag)
        if project_id is not None:
            raise _project_error(tenant_id, project_id, f"{prefix}allocations") from failed


def _project_error(tenant_id: str, project_id: str, field: str) -> Invalid:
    """Why a ledger write's condition on a project failed, read again after the fact."""
    try:
        project = Project.get(*Project.key(tenant_id, project_id), consistent_read=True)
    except Project.DoesNotExist:
        return Invalid.field(field, "projects.unknown")
    return Invalid.field(field, "projects.archived", name=project.name)


def resolve_projects(
    tenant_id: str,
    allocations: list[AllocationBody] | None,
    *,
    prefix: str = "",
    kept: frozenset[str] | set[str] = frozenset(),
) -> None:
    """Check the projects a split names (one BatchGetItem) and give a line that names only a
    project its project's fund: an unknown project, an archived one (unless `kept`: already on
    the donation being edited) or one of another fund → 422 on that line's `project_id`."""
    lines = allocations or []
    named = sorted({line.project_id for line in lines if line.project_id})
    if not named:
        return
    found = {
        project.project_id: project
        for project in Project.batch_get([Project.key(tenant_id, project_id) for project_id in named])
        if project.tenant_id == tenant_id
    }
    errors: dict[str, list[str]] = {}
    for index, line in enumerate(lines):
        if not line.project_id:
            continue
        field, project = f"{prefix}allocations.{index}.project_id", found.get(line.project_id)
        if project is None:
            errors[field] = [t("projects.unknown")]
        elif project.status == "archived" and project.project_id not in kept:
            errors[field] = [t("projects.archived", name=project.name)]
        elif line.fund_id and line.fund_id != project.fund_id:
            errors[field] = [t("projects.other_fund", name=project.name)]
        else:
            line.fund_id = project.fund_id
    if errors:
        raise Invalid(errors=errors)


def check_resolved_split(body: DonationBody, prefix: str = "") -> None:
    """The split again once projects gave their lines a fund (a fund and its project named
    twice is a repeat)."""
    if body.allocations:
        from functions.donations.schemas import split_problem  # a body was validated: loaded

        problem = split_problem(body.amount, body.allocations)
        if problem is not None:
            raise Invalid(errors={f"{prefix}allocations": [t(problem[0], **problem[1])]})


def write_with_retry(
    tenant_id: str,
    make_changes: Callable[[dict[str, Donor]], list[repository.Change]],
    donor_ids: list[str | None],
    *,
    ref: str = "",
    source: str | None = None,
    actor_id: str | None = None,
) -> None:
    """Read the donors involved, build the changes, write them in one transaction; retry when a
    concurrent donation moved one of those donors' totals in between, or when the charity's
    default fund had to be created first (a charity older than funds)."""
    for attempt in range(ATTEMPTS):
        involved = donors_of(tenant_id, donor_ids)
        transaction = Transaction()
        repository.add_changes(transaction, make_changes(involved), involved, actor_id=actor_id)
        try:
            transaction.commit()
            return
        except TransactionFailed as failed:
            if f"{ledger.FUND_TAG}{DEFAULT_FUND_ID}" in failed.tags and not fund_repository.default_exists(
                tenant_id
            ):
                if fund_repository.ensure_default_fund(tenant_id):
                    backfill.enqueue(tenant_id)  # the charity's older donations get their split
                continue
            raise_for(failed, tenant_id=tenant_id, ref=ref, source=source)
            if attempt == ATTEMPTS - 1:
                raise Conflict("donations.stale") from failed


def create(who: Principal, body: DonationBody) -> dict[str, Any]:
    donation_id = ids.new_id()
    resolve_projects(who.tenant_id, body.allocations)
    check_resolved_split(body)
    made: list[Donation] = []

    def changes(involved: dict[str, Donor]) -> list[repository.Change]:
        made[:] = [build(who.tenant_id, body, donation_id, involved.get(body.donor_id or ""))]
        return [(None, made[0])]

    write_with_retry(
        who.tenant_id,
        changes,
        [body.donor_id],
        ref=body.external_ref or "",
        source=body.source,
        actor_id=who.user_id,
    )
    after = repository.get(who.tenant_id, donation_id)
    _after_write(who, None, after)
    return view(after)


def show(who: Principal, donation_id: str) -> dict[str, Any]:
    """The donation, its split lines named (the donation page shows them without asking for the
    fund list)."""
    donation = repository.get(who.tenant_id, donation_id)
    body = view(donation)
    lines = donation.split_lines()
    names = fund_repository.names_of(
        who.tenant_id, {fund_id for fund_id, _, _ in lines}, {p for _, _, p in lines if p}
    )
    # Beside the split, not in its lines: the lines stay what an edit sends back.
    body["fund_names"] = {f: names.get(f"fund:{f}") for f, _, _ in lines}
    body["project_names"] = {p: names.get(f"project:{p}") for _, _, p in lines if p}
    return body


def _held_by_claim(donation: Donation) -> Conflict:
    """409 naming the Gift Aid claim that holds the donation (GIFT_AID.md §6: what was claimed is
    corrected by a refund and an adjustment in the next claim, never by rewriting the donation)."""
    claim_date, claim_state = "-", ""
    try:
        claim = claims.get_claim(donation.tenant_id, donation.claim_id or "")
        claim_date = claim.created_at.strftime("%d/%m/%Y") if claim.created_at else "-"
        claim_state = claim_messages.state_label(claim.state)
    except NotFound:
        pass
    key = "donations.claimed_locked" if donation.gift_aid_state == "claimed" else "donations.in_claim_locked"
    return Conflict(key, claim_date=claim_date, claim_state=claim_state)


def _changes_claimed_facts(before: Donation, body: DonationUpdateBody) -> bool:
    """Amount, date and donor are what a claim line states; the rest may change."""
    return (
        body.amount != before.amount
        or body.date.isoformat() != before.donation_date
        or (body.donor_id or None) != (before.donor_id or None)
    )


def _as_stored(body: DonationUpdateBody, lines: list[funds.Line]) -> bool:
    """The edit form sent the stored split back as it was (amounts, same funds and projects,
    same order)."""
    sent = body.allocations or []
    return (
        all(line.percent is None and line.amount is not None for line in sent)
        and [(line.fund_id, funds.pence(line.amount or Decimal(0)), line.project_id) for line in sent]
        == lines
    )


def _split_of_edit(before: Donation, body: DonationUpdateBody) -> list[funds.Line] | None:
    """The split an edit leaves: a new one it sends; else the stored one, which a new amount
    re-balances (same proportions) only when the request confirms it (`rebalance`) — a single
    fund simply follows the amount; None → the default fund (a donation older than funds)."""
    lines = list(before.split_lines())
    if body.allocations and not _as_stored(body, lines):
        from functions.donations.schemas import split_problem  # a body was validated: loaded

        problem = split_problem(body.amount, body.allocations)
        if problem is not None:
            raise Invalid(errors={"allocations": [t(problem[0], **problem[1])]})
        return body.fund_split()
    if not lines:
        return None
    total = funds.pence(body.amount)
    if total == sum(amount for _, amount, _ in lines):
        return lines
    if len(lines) > 1 and not body.rebalance:
        raise Invalid.field("rebalance", "funds.rebalance_needed")
    return funds.rebalance_lines(total, lines)


def update(who: Principal, donation_id: str, body: DonationUpdateBody) -> dict[str, Any]:
    before = repository.get(who.tenant_id, donation_id)
    if before.version != body.version:
        raise Conflict("donations.stale")
    if before.claim_id and _changes_claimed_facts(before, body):
        raise _held_by_claim(before)
    if before.claim_id and bool(before.gasds) != body.gasds:  # Gift Aid or GASDS is fixed in a claim
        raise _held_by_claim(before)
    if body.status == "pending" and before.status != "pending":  # only the gateway says pending
        raise Invalid(errors={"status": [t("donations.pending_by_gateway")]})
    resolve_projects(
        who.tenant_id, body.allocations, kept={project for _, _, project in before.split_lines() if project}
    )
    split = _split_of_edit(before, body)

    def changes(involved: dict[str, Donor]) -> list[repository.Change]:
        after = _build(who.tenant_id, body, donation_id, involved.get(body.donor_id or ""))
        after.created_at, after.version = before.created_at, before.version
        if split is None:
            repository.set_split(after, None)
        else:
            after.allocations = repository.allocation_items(split)
            after.allocation_defaulted = bool(before.allocation_defaulted) and body.allocations is None
        return [(before, after)]

    write_with_retry(
        who.tenant_id,
        changes,
        [before.donor_id, body.donor_id],
        ref=body.external_ref or "",
        source=body.source,
        actor_id=who.user_id,
    )
    after = repository.get(who.tenant_id, donation_id)
    _after_write(who, before, after)
    return view(after)


def remove(who: Principal, donation_id: str) -> dict[str, Any]:
    before = repository.get(who.tenant_id, donation_id)
    if before.claim_id:
        raise _held_by_claim(before)
    write_with_retry(
        who.tenant_id, lambda involved: [(before, None)], [before.donor_id], actor_id=who.user_id
    )
    _after_write(who, before, None)
    audit.record(
        who.tenant_id,
        "donation.deleted",
        actor_id=who.user_id,
        donation_id=donation_id,
        amount=money_text(before.amount),
    )
    return {"message": t("donations.deleted")}


def _benefit_facts(donation: Donation | None) -> tuple[Any, ...] | None:
    if donation is None:
        return None
    return (
        donation.donor_id,
        donation.donation_date,
        donation.benefit_value or Decimal(0),
        donation.status,
        bool(donation.gasds),
    )


def _donor_year(donation: Donation) -> tuple[str, int]:
    return donation.donor_id or "", tax_year_of(dt.date.fromisoformat(donation.donation_date))


def _benefit_years(before: Donation | None, after: Donation | None) -> list[tuple[str, int]]:
    """The donor tax years whose annual benefit cap this write may change (GIFT_AID.md §3)."""
    if _benefit_facts(before) == _benefit_facts(after):
        return []
    touched = [
        _donor_year(donation)
        for donation in (before, after)
        if donation is not None and donation.donor_id and (donation.benefit_value or 0) > 0
    ]
    return list(dict.fromkeys(touched))


def _after_write(who: Principal, before: Donation | None, after: Donation | None) -> None:
    """Gift Aid beyond the donation itself: a claimed donation refunded or cancelled is reversed
    (the next claim deducts its tax); a benefit that moved re-assesses the donor's other donations
    of that tax year against the annual cap."""
    if before is not None and after is not None:
        reversals.after_donation_change(who.tenant_id, before, after, actor_id=who.user_id)
    for donor_id, year in _benefit_years(before, after):
        written = [after] if after is not None and _donor_year(after) == (donor_id, year) else []
        removed = (
            [before] if before is not None and not written and _donor_year(before) == (donor_id, year) else []
        )
        eligibility.recompute_benefit_year(who.tenant_id, donor_id, year, written=written, removed=removed)


def exclude(who: Principal, donation_id: str, reason: str) -> dict[str, Any]:
    """Park a donation out of Gift Aid claims, with the user's reason (reversible)."""
    return _set_exclusion(who, donation_id, reason, "donation.gift_aid_excluded", "giftaid.donation_in_claim")


def include(who: Principal, donation_id: str) -> dict[str, Any]:
    """Undo an exclusion: the donation is assessed again."""
    return _set_exclusion(
        who, donation_id, None, "donation.gift_aid_included", "giftaid.donation_in_claim_add_back"
    )


def _set_exclusion(
    who: Principal, donation_id: str, reason: str | None, action: str, held_key: str
) -> dict[str, Any]:
    """Exclude (a reason) or include (None); `held_key` words the refusal of a donation held by a
    claim ("cannot be excluded" / "cannot be added back")."""
    donation = repository.get(who.tenant_id, donation_id)
    if donation.claim_id:
        raise Conflict(held_key)
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
