"""What New Claim and the claim page show of GASDS and adjustments (docs/api.md "Gift Aid:
claims"): the claim's GASDS per tax year with HMRC's top-up, its adjustment and the reversals
behind it, and, before a claim exists, the open reversals and a GASDS estimate per tax year."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from decimal import Decimal
from typing import Any

from functions.core import keys
from functions.core.money import money_text
from functions.declarations import messages as _reasons  # noqa: F401 (registers the reasons' texts)
from functions.domain.giftaid import gasds
from functions.domain.giftaid.states import GiftAidState
from functions.domain.tax_year import tax_year_bounds, tax_year_label, tax_year_of
from functions.donations.models import Donation
from functions.giftaid import reversals, small_donations
from functions.giftaid.models import ClaimItem

ZERO = Decimal("0.00")
PREVIEW_READ_LIMIT = 20_000  # claimable donations read for the GASDS estimate


def claim_detail(claim: ClaimItem) -> dict[str, Any]:
    """Added to the single claim: the reversals its adjustment deducts."""
    taken = reversals.taken(claim.tenant_id, claim.claim_id)
    return {"reversals": [reversals.row(r) for r in taken]}


def _claimable_by_year(tenant_id: str, first: dt.date, today: dt.date) -> dict[int, Decimal]:
    found = Donation.gsi4.query(
        keys.gift_aid_state_pk(tenant_id, GiftAidState.CLAIMABLE.value),
        Donation.gsi4sk.between(
            keys.gift_aid_state_sk(first.isoformat(), ""), keys.gift_aid_state_sk(today.isoformat(), "~")
        ),
        limit=PREVIEW_READ_LIMIT,
    )
    totals: dict[int, Decimal] = defaultdict(lambda: ZERO)
    for donation in found:
        if isinstance(donation, Donation):
            totals[tax_year_of(dt.date.fromisoformat(donation.donation_date))] += donation.amount
    return dict(totals)


def gasds_estimate(tenant_id: str, today: dt.date) -> list[dict[str, Any]]:
    """Per tax year a claim made today may carry: the small donations waiting and what a claim of
    every claimable donation would ask for under the caps."""
    years = gasds.claim_years(today)
    if not years:
        return []
    accepted = small_donations.accepted_gift_aid(tenant_id)
    claimable = _claimable_by_year(tenant_id, tax_year_bounds(years[0])[0], today)
    gift_aided = {year: accepted.get(year, ZERO) + claimable.get(year, ZERO) for year in years}
    held = small_donations.ledger(tenant_id, years)
    waiting = small_donations.pool(tenant_id, today)
    counts: dict[int, int] = defaultdict(int)
    for donation in waiting:
        counts[tax_year_of(dt.date.fromisoformat(donation.donation_date))] += 1
    plans, _ = gasds.plan(
        today,
        [],
        [small_donations.small(d) for d in waiting],
        small_donations.facts(years, gift_aided, held),
    )
    return [
        {
            "tax_year": tax_year_label(plan.tax_year),
            "tax_year_end": plan.tax_year_end,
            "count": counts.get(plan.tax_year, 0),
            "waiting": money_text(plan.waiting),
            "gift_aided": money_text(gift_aided.get(plan.tax_year, ZERO)),
            "limit": money_text(plan.limit),
            "matching_limit": money_text(plan.matching_limit),
            "already_claimed": money_text(held[plan.tax_year].reserved if held.get(plan.tax_year) else ZERO),  # type: ignore[union-attr]
            "estimate": money_text(plan.amount),
            "top_up": money_text(gasds.top_up(plan.amount, plan.tax_year)),
        }
        for plan in plans
    ]


def new_claim(tenant_id: str, today: dt.date) -> dict[str, Any]:
    """Added to New Claim: the open reversals the next claim deducts, and the GASDS estimate."""
    waiting = reversals.open_reversals(tenant_id)
    adjustment, other_info = reversals.adjustment_of(waiting)
    return {
        "adjustments": {
            "count": len(waiting),
            "tax_total": money_text(adjustment),
            "other_info": other_info,
            "data": [reversals.row(r) for r in waiting],
        },
        "gasds": gasds_estimate(tenant_id, today),
    }
