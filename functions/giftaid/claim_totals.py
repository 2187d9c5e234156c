"""A claim's totals as every view of it shows them (docs/api.md "Gift Aid: claims"): its GASDS per
tax year with HMRC's top-up, the adjustment's explanation and the net amount HMRC pays.

Past Claims (the area's first request on a cold Lambda) shows them for every claim; kept apart from
`functions.giftaid.extras` (New Claim's estimates, which read donations) so that the list loads no
donation or donor model (bench/cold_start_request.py; tests/functional/test_cold_first_request.py).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from functions.core.money import money_text
from functions.domain.giftaid import gasds
from functions.domain.tax_year import tax_year_label
from functions.giftaid.models import ClaimItem

ZERO = Decimal("0.00")


def _gasds_rows(claim: ClaimItem) -> list[dict[str, Any]]:
    rows = []
    for entry in claim.gasds or []:
        end = int(entry["tax_year_end"])
        amount = Decimal(str(entry["amount"]))
        rows.append(
            {
                "tax_year": tax_year_label(end - 1),
                "tax_year_end": end,
                "amount": money_text(amount),
                "top_up": money_text(gasds.top_up(amount, end - 1)),
                "donations": int(entry.get("donations") or 0),
            }
        )
    return sorted(rows, key=lambda row: row["tax_year_end"])


def claim_summary(claim: ClaimItem) -> dict[str, Any]:
    """Added to every `Claim`: GASDS per tax year, its totals, the adjustment's explanation and the
    net amount HMRC pays (Gift Aid + GASDS top-up − adjustment)."""
    rows = _gasds_rows(claim)
    gasds_total = sum((Decimal(r["amount"]) for r in rows), ZERO)
    top_up = sum((Decimal(r["top_up"]) for r in rows), ZERO)
    adjustment = claim.adjustment or ZERO
    return {
        "gasds": rows,
        "gasds_total": money_text(gasds_total),
        "gasds_top_up": money_text(top_up),
        "other_info": claim.other_info,
        "reversals_count": int(claim.reversals_count or 0),
        "net_total": money_text((claim.tax_total or ZERO) + top_up - adjustment),
    }
