"""The donations list and its totals, and a donation as the screens show it: the area's first
request (`GET /donations`) runs only this, without the write path's services, schemas or pydantic
(ADR 0011)."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

from functions.core import clock
from functions.core.access import Principal
from functions.core.messages import t
from functions.core.money import money_text
from functions.core.pagination import decode_cursor, encode_cursor, page_body
from functions.core.validation import validate
from functions.declarations import messages as _reasons  # noqa: F401  (registers the reasons' texts)
from functions.donations import messages as _messages  # noqa: F401  (registers the messages)
from functions.donations import queries
from functions.donations.models import Donation
from functions.donations.search import search_matcher
from functions.donors import messages as _donor_messages  # noqa: F401  (registers the area's messages)
from functions.donors import repository as donors

if TYPE_CHECKING:
    from functions.donations.list_queries import DonationListQuery


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
        "gasds": bool(donation.gasds),
        "gift_aid": gift_aid_view(donation),
        "allocations": [
            {
                "fund_id": fund_id,
                **({"project_id": project_id} if project_id else {}),
                "amount": money_text(Decimal(amount) / 100),
            }
            for fund_id, amount, project_id in donation.split_lines()
        ],
        "allocation_defaulted": bool(donation.allocation_defaulted),
        "version": donation.version,
        "created_at": clock.iso(donation.created_at),
    }


def gift_aid_view(donation: Donation) -> dict[str, Any]:
    """The stored assessment, its reason rendered in the reader's language, and the claim holding
    the donation (`in_claim` / `claimed`), if any."""
    raw = donation.gift_aid_params
    params = {k: str(v) for k, v in (raw.as_dict() if hasattr(raw, "as_dict") else dict(raw or {})).items()}
    reason = donation.gift_aid_reason
    return {
        "state": donation.gift_aid_state,
        "reason": reason,
        "reason_text": t(reason, **params) if reason else None,
        "params": params,
        "amount": money_text(donation.gift_aid_amount or Decimal(0)),
        "claim_id": donation.claim_id,
    }


def filters_from(values: dict[str, Any]) -> queries.DonationFilters:
    """The list's filters, checked; none given (the list's first request) needs no pydantic."""
    if not values:
        return queries.DonationFilters()
    from functions.donations.schemas import DonationFilterBody

    body = validate(DonationFilterBody, values)
    return queries.DonationFilters(**body.model_dump())


def listing(who: Principal, query: DonationListQuery, *, donor_id: str | None = None) -> dict[str, Any]:
    values = query.filter_values()
    if donor_id is not None:
        values["donor_id"] = donor_id
    filters = filters_from(values)
    sort = "amount" if query.sortBy == "amount" and not filters.gift_aid_state else "date"
    keep = search_matcher(who.tenant_id, query.search)
    rows, last_key = queries.page(
        who.tenant_id,
        filters,
        sort=sort,
        descending=query.sortDesc,
        length=query.length,
        start=decode_cursor(query.cursor),
        keep=keep,
    )
    if donor_id is not None and not rows:
        donors.get(
            who.tenant_id, donor_id
        )  # 404 for an unknown or another charity's donor (read only when empty)
    total = int(who.counters.donations or 0) if filters.empty and keep is None else None
    return page_body(
        [view(row) for row in rows],
        total=total,  # type: ignore[arg-type]  # None: unknown under a filter (docs/api.md)
        query=query,
        next_cursor=encode_cursor(last_key),
    )


def totals(who: Principal, values: dict[str, Any], search: str = "") -> dict[str, Any]:
    filters = filters_from(values)
    keep = search_matcher(who.tenant_id, search)
    if filters.empty and keep is None:
        count, total, complete = int(who.counters.donations or 0), who.counters.donations_total, True
    else:
        count, total, complete = queries.totals(who.tenant_id, filters, keep)
    return {"count": count, "sum": money_text(total or Decimal(0)), "complete": complete}
