"""Gift Aid claims: settings, the New Claim screen, claims and their state changes, past claims."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Callable
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from functions.charities import facts
from functions.charities.facts import Facts
from functions.charities.repository import get_tenant
from functions.core import audit, clock, ids, jobs, list_search, secret_box
from functions.core import files as stored_files
from functions.core.access import Principal
from functions.core.errors import Conflict, Invalid
from functions.core.messages import t
from functions.core.money import money_text
from functions.core.pagination import ListQuery, decode_cursor, encode_cursor, page_body
from functions.domain.giftaid.states import ClaimState, GiftAidState
from functions.domain.tax_year import tax_year_label, tax_year_of
from functions.donations.models import Donation
from functions.giftaid import (
    allocation,
    claim_reads,
    claim_totals,
    extras,
    files,
    messages,
    pipeline,
    repository,
)
from functions.giftaid.listing import claim_view, problem_views
from functions.giftaid.models import READY, ClaimItem, GiftAidSettings

if TYPE_CHECKING:
    from functions.giftaid.schemas import NewClaimBody, PaidBody, SettingsBody

# Fields of the settings body kept on the charity item (functions.charities.facts, ADR 0018).
CHARITY_FACTS = {"regulator", "regulator_number", "official", "entity_type", "year_end"}
SUMMARY_READ_LIMIT = 20_000  # donations read per state for the New Claim summary
EXAMPLES = 3
EXCLUDED_EXAMPLES = 50  # the excluded group lists more: New Claim's "Add back" works on them
S = ClaimState


# ------------------------------------------------------------------ settings
def settings_view(item: GiftAidSettings | None, charity: Facts) -> dict[str, Any]:
    item = item or GiftAidSettings()
    return {
        "hmrc_reference": item.hmrc_reference,
        "regulator": charity.regulator,
        "regulator_number": charity.registration_number,
        "official": charity.official or None,
        "entity_type": charity.entity_type,
        "year_end": charity.year_end,
        "aggregation_limit": money_text(item.aggregation_limit),
        "aggregate_small_donations": bool(item.aggregate_small_donations),
        "sum_donor_lines": bool(item.sum_donor_lines),
        "reminders": bool(item.reminders),
        "gateway_user_id": item.gateway_user_id,
        "gateway_password_set": bool(item.gateway_password),
        "vendor_id": item.vendor_id,
        "endpoint": item.endpoint,
        "gift_aid_to": item.gift_aid_to or "donation_funds",
        "version": int(item.version or 0),
    }


def get_settings(who: Principal) -> dict[str, Any]:
    stored = repository.stored_settings(who.tenant_id)
    return settings_view(stored, facts.of(get_tenant(who.tenant_id), stored))


def save_settings(who: Principal, body: SettingsBody) -> dict[str, Any]:
    """The Gift Aid settings, and the charity's facts on the charity item (their one copy)."""
    current = repository.stored_settings(who.tenant_id)
    read_version = int(current.version) if current is not None else None
    if body.version is not None and body.version != (read_version or 0):
        raise Conflict()
    item = GiftAidSettings(*GiftAidSettings.key(who.tenant_id))
    fields = body.model_dump(exclude={"gateway_password", "version", "gift_aid_to", *CHARITY_FACTS})
    for name, value in fields.items():
        setattr(item, name, value)
    item.gift_aid_to = (
        body.gift_aid_to or (current.gift_aid_to if current is not None else None) or "donation_funds"
    )
    item.gateway_password = current.gateway_password if current is not None else None
    if body.gateway_password:
        item.gateway_password = secret_box.seal(body.gateway_password, who.tenant_id)
    charity = get_tenant(who.tenant_id)
    saved = Facts(
        regulator=body.regulator,
        registration_number=body.regulator_number,
        entity_type=body.entity_type,
        year_end=body.year_end,
        official=body.official.model_dump() if body.official else {},
    )
    facts.store(charity, saved)
    repository.save_settings(item, read_version, charity)
    audit.record(who.tenant_id, "giftaid.settings", actor_id=who.user_id)
    return settings_view(item, saved)


# ------------------------------------------------------------------ New Claim
def _donation_row(donation: Donation) -> dict[str, Any]:
    raw = donation.gift_aid_params.as_dict() if donation.gift_aid_params else {}
    params = {str(k): str(v) for k, v in raw.items()}
    reason = donation.gift_aid_reason
    return {
        "id": donation.donation_id,
        "date": donation.donation_date,
        "amount": money_text(donation.amount),
        "gift_aid": money_text(donation.gift_aid_amount),
        "donor_id": donation.donor_id,
        "donor_name": donation.donor_name,
        "state": donation.gift_aid_state,
        "reason": reason,
        "reason_text": t(reason, **params) if reason else None,
        "params": params,
        "claim_id": donation.claim_id,
        "link": f"/donations/{donation.donation_id}/edit",
    }


def donation_matcher(search: str) -> Callable[[Donation], bool] | None:
    """The search box of New Claim and Claimed (docs/api.md): every word in the donor's name,
    the amount or the date (YYYY-MM-DD)."""
    return list_search.matcher(search, _donation_fields)


def _donation_fields(donation: Donation) -> tuple[str | None, ...]:
    return (donation.donor_name, list_search.amount_text(donation.amount), donation.donation_date)


def _fix_link(donation: Donation) -> str:
    donor_side = (donation.gift_aid_reason or "").startswith(("hmrc.", "giftaid.donor", "giftaid.no_decl"))
    if donor_side and donation.donor_id:
        return f"/donors/{donation.donor_id}/edit"
    return f"/donations/{donation.donation_id}/edit"


def _problems(tenant_id: str, state: str, examples: int = EXAMPLES) -> list[dict[str, Any]]:
    by_reason: dict[str, list[Donation]] = defaultdict(list)
    for donation in repository.in_state(tenant_id, state, at_most=SUMMARY_READ_LIMIT):
        by_reason[donation.gift_aid_reason or "unknown"].append(donation)
    return [
        {
            "state": state,
            "reason": reason,
            "count": len(found),
            "examples": [{**_donation_row(d), "fix": _fix_link(d)} for d in found[:examples]],
        }
        for reason, found in sorted(by_reason.items(), key=lambda kv: -len(kv[1]))
    ]


def claimable(who: Principal, query: ListQuery) -> dict[str, Any]:
    tenant_id = who.tenant_id
    keep = donation_matcher(query.search)
    page, last_key = repository.state_page(
        tenant_id, GiftAidState.CLAIMABLE, limit=query.length, start=decode_cursor(query.cursor), keep=keep
    )
    count, amount, tax = 0, Decimal("0.00"), Decimal("0.00")
    for donation in repository.in_state(tenant_id, GiftAidState.CLAIMABLE, at_most=SUMMARY_READ_LIMIT):
        count += 1
        amount += donation.amount
        tax += donation.gift_aid_amount or Decimal("0.00")
    body = page_body(
        [_donation_row(d) for d in page],
        total=count if keep is None else None,  # type: ignore[arg-type]  # None: unknown under a search
        query=query,
        next_cursor=encode_cursor(last_key),
    )
    body["totals"] = {"count": count, "donation_total": money_text(amount), "gift_aid_total": money_text(tax)}
    body["problems"] = _problems(tenant_id, GiftAidState.NEEDS_ATTENTION) + _problems(
        tenant_id, GiftAidState.NOT_ELIGIBLE
    )
    body["excluded"] = _problems(tenant_id, GiftAidState.EXCLUDED, EXCLUDED_EXAMPLES)
    body.update(extras.new_claim(tenant_id, clock.today()))  # open adjustments, GASDS estimate
    return body


# ------------------------------------------------------------------ claims
def create_claim(who: Principal, body: NewClaimBody) -> dict[str, str]:
    claim_id = ids.new_id()
    claim = ClaimItem(*ClaimItem.key(who.tenant_id, claim_id), claim_id=claim_id, tenant_id=who.tenant_id)
    claim.created_by = who.user_id
    repository.create_claim(claim)
    payload: dict[str, Any] = {"claim_id": claim_id, "step": "plan"}
    if not body.all:
        payload["donation_ids"] = list(dict.fromkeys(body.donation_ids or []))
    job = jobs.submit(
        "claims", tenant_id=who.tenant_id, user_id=who.user_id, job_type=pipeline.BUILD, payload=payload
    )
    repository.update_claim(claim, [ClaimItem.job_id.set(job.job_id)])
    audit.record(who.tenant_id, "giftaid.claim_created", actor_id=who.user_id, claim_id=claim_id)
    return {"claim_id": claim_id, "job_id": job.job_id}


def claim_detail(who: Principal, claim_id: str, query: ListQuery) -> dict[str, Any]:
    claim = repository.get_claim(who.tenant_id, claim_id)
    page, last_key = repository.lines_page(
        who.tenant_id, claim_id, limit=query.length, start=decode_cursor(query.cursor)
    )
    found = {d.donation_id: d for d in repository.donations(who.tenant_id, [x.donation_id for x in page])}
    rows = [
        _donation_row(found[line.donation_id])
        if line.donation_id in found
        else {"id": line.donation_id, "date": line.donation_date, "amount": money_text(line.amount)}
        for line in page
    ]
    view = claim_view(claim)
    view.update(extras.claim_detail(claim))  # the reversals its adjustment deducts
    view["lines"] = page_body(
        rows, total=int(claim.donations_count or 0), query=query, next_cursor=encode_cursor(last_key)
    )
    return view


def _job(who: Principal, claim: ClaimItem, job_type: str) -> str:
    job = jobs.submit(
        "claims",
        tenant_id=who.tenant_id,
        user_id=who.user_id,
        job_type=job_type,
        payload={"claim_id": claim.claim_id, "step": job_type},
    )
    return job.job_id


def cancel(who: Principal, claim_id: str) -> dict[str, Any]:
    claim = repository.get_claim(who.tenant_id, claim_id)
    repository.transition(
        claim,
        (S.DRAFT, S.SEALED),
        S.CANCELLED,
        [ClaimItem.cancelled_at.set(clock.now())],
        "giftaid.cannot_cancel",
    )
    audit.record(who.tenant_id, "giftaid.claim_cancelled", actor_id=who.user_id, claim_id=claim_id)
    job_id = _job(who, claim, pipeline.RELEASE)
    return {"claim": claim_view(repository.get_claim(who.tenant_id, claim_id)), "job_id": job_id}


def seal(who: Principal, claim_id: str) -> dict[str, Any]:
    claim = repository.get_claim(who.tenant_id, claim_id)
    if claim.state != S.DRAFT:
        raise messages.claim_conflict("giftaid.cannot_seal", claim.state)
    if claim.build_status != READY:
        raise Conflict("giftaid.claim_building")
    return {"job_id": _job(who, claim, pipeline.SEAL)}


def submit(who: Principal, claim_id: str) -> dict[str, Any]:
    claim = repository.get_claim(who.tenant_id, claim_id)
    if claim.state == S.SEALED and not claim.stored_files():
        raise Conflict("giftaid.files_pending")
    repository.transition(
        claim, (S.SEALED,), S.SUBMITTED, [ClaimItem.submitted_at.set(clock.now())], "giftaid.cannot_submit"
    )
    audit.record(who.tenant_id, "giftaid.claim_submitted", actor_id=who.user_id, claim_id=claim_id)
    return {"job_id": _job(who, claim, pipeline.SUBMIT)}


def mark_paid(who: Principal, claim_id: str, body: PaidBody) -> dict[str, Any]:
    """HMRC paid an accepted claim: record the day and the amount (once), then the claims queue
    allocates the Gift Aid to funds by the charity's policy (functions/giftaid/allocation.py)."""
    claim = repository.get_claim(who.tenant_id, claim_id)
    if claim.state != S.ACCEPTED:
        raise messages.claim_conflict("giftaid.cannot_mark_paid", claim.state)
    if claim.paid_on:
        raise Conflict("giftaid.already_paid")
    sent = claim.submitted_at or claim.sealed_at or claim.created_at
    if sent is not None and body.date < sent.date():
        raise Invalid.field("date", "giftaid.paid_before_submission", date=sent.date().strftime("%d/%m/%Y"))
    net = Decimal(claim_totals.claim_summary(claim)["net_total"])
    amount = body.amount if body.amount is not None else net
    stored = repository.stored_settings(who.tenant_id)
    policy = (stored.gift_aid_to if stored is not None else None) or allocation.OWN_FUNDS_POLICY
    done = repository.update_claim(
        claim,
        [
            ClaimItem.paid_on.set(body.date.isoformat()),
            ClaimItem.paid_amount.set(amount),
            ClaimItem.paid_by.set(who.user_id),
            ClaimItem.paid_policy.set(policy),
        ],
        condition=(ClaimItem.state == S.ACCEPTED.value) & ClaimItem.paid_on.does_not_exist(),
    )
    if not done:
        now = repository.get_claim(who.tenant_id, claim_id)
        if now.state != S.ACCEPTED:
            raise messages.claim_conflict("giftaid.cannot_mark_paid", now.state)
        raise Conflict("giftaid.already_paid")
    audit.record(
        who.tenant_id,
        "giftaid.claim_paid",
        actor_id=who.user_id,
        claim_id=claim_id,
        date=body.date.isoformat(),
        amount=money_text(amount),
    )
    job_id = _job(who, claim, allocation.ALLOCATE)
    repository.update_claim(claim, [ClaimItem.allocation_job_id.set(job_id)])
    return {"claim": claim_view(repository.get_claim(who.tenant_id, claim_id)), "job_id": job_id}


def claim_files(who: Principal, claim_id: str) -> dict[str, Any]:
    claim = repository.get_claim(who.tenant_id, claim_id)
    return {"data": files.links(claim), "problems": problem_views(claim)}


def submissions(who: Principal, claim_id: str) -> dict[str, Any]:
    repository.get_claim(who.tenant_id, claim_id)
    records = repository.submissions(who.tenant_id, claim_id)
    return {
        "data": [
            {
                "id": r.submission_id,
                "step": r.step,
                "endpoint": r.endpoint,
                "http_status": int(r.http_status) if r.http_status is not None else None,
                "qualifier": r.qualifier,
                "correlation_id": r.correlation_id,
                "summary": r.summary,
                "request_url": stored_files.download_url(r.request_key, f"{r.submission_id}-request.xml")
                if r.request_key
                else None,
                "response_url": stored_files.download_url(r.response_key, f"{r.submission_id}-response.xml")
                if r.response_key
                else None,
                "created_at": clock.iso(r.created_at),
            }
            for r in records
        ]
    }


def tax_years(who: Principal) -> dict[str, Any]:
    years: dict[int, dict[str, Any]] = {}
    for claim in claim_reads.all_claims(who.tenant_id):
        if claim.state != S.ACCEPTED or not claim.earliest_date:
            continue
        year = tax_year_of(dt.date.fromisoformat(claim.earliest_date))
        entry = years.setdefault(year, {"claims": 0, "donations": 0, "total": Decimal(0), "tax": Decimal(0)})
        entry["claims"] += 1
        entry["donations"] += int(claim.donations_count or 0)
        entry["total"] += claim.donation_total
        entry["tax"] += claim.tax_total
    return {
        "data": [
            {
                "tax_year": tax_year_label(year),
                "claims": e["claims"],
                "donations": e["donations"],
                "donation_total": money_text(e["total"]),
                "tax_claimed": money_text(e["tax"]),
            }
            for year, e in sorted(years.items(), reverse=True)
        ]
    }


def claimed(who: Principal, query: ListQuery) -> dict[str, Any]:
    """The claimed donations (GSI4), oldest first; the total is the charity's counter kept in the
    transaction that marks each donation claimed (read with the session, no extra call)."""
    keep = donation_matcher(query.search)
    page, last_key = repository.state_page(
        who.tenant_id, GiftAidState.CLAIMED, limit=query.length, start=decode_cursor(query.cursor), keep=keep
    )
    total = int(who.counters.gift_aid_claimed or 0) if keep is None else None
    return page_body(
        [_donation_row(d) for d in page],
        total=total,  # type: ignore[arg-type]  # None: unknown under a search
        query=query,
        next_cursor=encode_cursor(last_key),
    )
