"""Daily Gift Aid refresh (template.yaml `DeclarationsRefresh`, `rate(1 day)`): re-assess the
donations whose state can change with nothing written, only because time passes:
- `claimable` and `needs_attention` donations can pass the 4-year limit: only donations dated
  before today − 4 years can have (the limit ends at least 4 years after the donation date), so
  the GSI4 key condition reads just those;
- `not_eligible` donations waiting for an oral declaration's 30-day window or dated in the future
  (filtered by reason);
- `gasds` small donations pass the GASDS time limit: only those dated before the oldest tax year a
  claim may still carry (`functions.domain.giftaid.gasds.claim_years`).
Charities come from `GSI1PK=TENANTS`; each state partition is read in pages of `PAGE`, at most
`MAX_PER_STATE` donations per state per charity per run (the next run continues the rest, since
re-assessed donations leave the ranges read). Idempotent: a re-run recomputes the same values."""

from __future__ import annotations

from typing import Any

from functions.core import clock, keys
from functions.core.identity import Tenant
from functions.declarations import eligibility
from functions.domain.giftaid import reasons
from functions.domain.giftaid.gasds import claim_years
from functions.domain.giftaid.rates import CLAIM_TIME_LIMIT_YEARS, add_years
from functions.domain.giftaid.states import GiftAidState
from functions.domain.tax_year import tax_year_bounds
from functions.donations.models import Donation

PAGE = 200
MAX_PER_STATE = 5000
WAITING = (reasons.ORAL_WINDOW, reasons.FUTURE_DATE)


def _plans(tenant_id: str) -> list[tuple[str, Any, Any]]:
    """(GSI4 partition, key condition, filter) of each time-dependent set of one charity."""
    cutoff = add_years(clock.today(), -CLAIM_TIME_LIMIT_YEARS).isoformat()
    older = Donation.gsi4sk < keys.gift_aid_state_sk(cutoff, "")
    first_gasds_day = tax_year_bounds(claim_years(clock.today())[0])[0].isoformat()
    return [
        (
            keys.gift_aid_state_pk(tenant_id, GiftAidState.GASDS),
            Donation.gsi4sk < keys.gift_aid_state_sk(first_gasds_day, ""),
            None,
        ),
        (keys.gift_aid_state_pk(tenant_id, GiftAidState.CLAIMABLE), older, None),
        (keys.gift_aid_state_pk(tenant_id, GiftAidState.NEEDS_ATTENTION), older, None),
        (
            keys.gift_aid_state_pk(tenant_id, GiftAidState.NOT_ELIGIBLE),
            None,
            Donation.gift_aid_reason.is_in(*WAITING),
        ),
    ]


def refresh_tenant(tenant_id: str) -> int:
    """Re-assess one charity's time-dependent donations; returns how many changed."""
    changed = 0
    context = eligibility.Context(tenant_id)
    for partition, key_condition, filter_condition in _plans(tenant_id):
        found = Donation.gsi4.query(
            partition, key_condition, filter_condition=filter_condition, page_size=PAGE, limit=MAX_PER_STATE
        )
        batch: list[Donation] = []
        for donation in found:
            batch.append(donation)
            if len(batch) == PAGE:
                changed += eligibility.reassess(batch, context)
                batch = []
        changed += eligibility.reassess(batch, context)
    return changed


def tenant_ids() -> list[str]:
    return [tenant.tenant_id for tenant in Tenant.gsi1.query(keys.tenants_index_pk())]


def handler(event: dict[str, Any], context: Any) -> dict[str, int]:
    """The scheduled entry point: every charity, one after another."""
    counts = {"tenants": 0, "changed": 0}
    for tenant_id in tenant_ids():
        counts["tenants"] += 1
        counts["changed"] += refresh_tenant(tenant_id)
    return counts
