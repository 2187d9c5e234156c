"""The Past Claims list (the area's first screen) and the view of one claim: apart from the
service, whose allocation, files and HMRC formats (lxml) this list never runs, so that the area's
first request does not import them (ADR 0011, cold start). The service re-exports the view."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from typing import Any

from functions.core import clock, list_search
from functions.core.access import Principal
from functions.core.money import money_text
from functions.core.pagination import decode_cursor, encode_cursor, page_body
from functions.declarations import messages as _reasons  # noqa: F401 (registers the reasons' texts)
from functions.domain.giftaid.states import ClaimState as S
from functions.giftaid import claim_reads, claim_totals, messages
from functions.giftaid.models import OWN_FUNDS_POLICY, ClaimItem


def problem_views(claim: ClaimItem) -> list[dict[str, Any]]:
    return [messages.problem_view(dict(p)) for p in claim.problems or []]


def _skipped_view(skipped: dict[str, Any]) -> dict[str, Any]:
    return {**skipped, "reason_text": messages.skipped_text(str(skipped.get("reason")))}


def claim_view(claim: ClaimItem) -> dict[str, Any]:
    return {
        "id": claim.claim_id,
        "state": claim.state,
        "build_status": claim.build_status,
        "job_id": claim.job_id,
        "progress": {"done": int(claim.chunks_done or 0), "total": int(claim.chunks_total or 0)},
        "counts": {
            "requested": int(claim.requested or 0),
            "donations": int(claim.donations_count or 0),
            "lines": int(claim.lines_count or 0),
            "skipped": len(claim.skipped or []),
        },
        "donation_total": money_text(claim.donation_total),
        "tax_claimed": money_text(claim.tax_total),
        "adjustment": money_text(claim.adjustment),
        "earliest_date": claim.earliest_date,
        "latest_date": claim.latest_date,
        "problems": problem_views(claim),
        "skipped": [_skipped_view(dict(s)) for s in claim.skipped or []],
        "files_ready": bool(claim.stored_files()),
        "irmark": claim.irmark,
        "correlation_id": claim.correlation_id,
        "receipt": claim.receipt,
        "errors": [dict(e) for e in claim.errors or []],
        "created_at": clock.iso(claim.created_at),
        "sealed_at": clock.iso(claim.sealed_at),
        "submitted_at": clock.iso(claim.submitted_at),
        "decided_at": clock.iso(claim.decided_at),
        **claim_totals.claim_summary(claim),  # GASDS per tax year, adjustment text, net total
        "paid": _paid_view(claim),
    }


def _paid_view(claim: ClaimItem) -> dict[str, Any] | None:
    """HMRC's payment of an accepted claim and where it went in the fund ledger (None: not paid)."""
    if not claim.paid_on:
        return None
    return {
        "date": claim.paid_on,
        "amount": money_text(claim.paid_amount),
        "policy": claim.paid_policy or OWN_FUNDS_POLICY,
        "allocated": bool(claim.allocated),
        "job_id": claim.allocation_job_id,
        "funds": [
            {
                "id": str(entry["fund_id"]),
                "name": str(entry["name"]),
                "amount": money_text(Decimal(int(entry["amount"])) / 100),
                "link": f"/fund-management/f/{entry['fund_id']}",
            }
            for entry in claim.allocated_funds or []
        ],
    }


def _claim_fields(claim: ClaimItem) -> tuple[str | None, ...]:
    """What the Past Claims search box searches (docs/api.md): HMRC's receipt and correlation id,
    the claim's id, the period of its donations and its date (YYYY-MM-DD), and its two totals."""
    created = claim.created_at.date().isoformat() if claim.created_at else None
    return (
        claim.receipt,
        claim.correlation_id,
        claim.claim_id,
        claim.earliest_date,
        claim.latest_date,
        created,
        list_search.amount_text(claim.donation_total),
        list_search.amount_text(claim.tax_total),
    )


PAID = "paid"  # the Past Claims filter of accepted claims marked paid


def _in_filter(claim: ClaimItem, state: str | None) -> bool:
    if state == PAID:
        return claim.state == S.ACCEPTED and bool(claim.paid_on)
    return not state or claim.state == state


def claims(who: Principal, query: Any) -> dict[str, Any]:
    keep = list_search.matcher(query.search, _claim_fields)
    if keep is not None or query.state == PAID:
        # a charity has a few claims a year: the count's read, filtered in memory
        found = [
            c
            for c in reversed(list(claim_reads.all_claims(who.tenant_id)))
            if _in_filter(c, query.state) and (keep is None or keep(c))
        ]
        first = (query.page - 1) * query.length
        return page_body(
            [claim_view(c) for c in found[first : first + query.length]],
            total=len(found),
            query=query,
            next_cursor=None,
        )
    page, last_key = claim_reads.claims_page(
        who.tenant_id, state=query.state, limit=query.length, start=decode_cursor(query.cursor)
    )
    counted = Counter(c.state for c in claim_reads.all_claims(who.tenant_id))
    total = counted.get(query.state, 0) if query.state else sum(counted.values())
    return page_body(
        [claim_view(c) for c in page], total=total, query=query, next_cursor=encode_cursor(last_key)
    )
