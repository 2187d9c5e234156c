"""The per-donor annual benefit cap (GIFT_AID.md §3).

Rule: the benefits one donor receives from the charity in one tax year must not exceed £2,500
(`rates.BENEFIT_ANNUAL_CAP`). Donations are taken in date order (then by id, so the order is the
same on every recompute); the running total of their benefits is what the donor has received "so
far". A donation with a benefit that takes the running total over the cap is not eligible, and so
is every later one with a benefit (each adds to a total already over the cap). A donation without a
benefit never breaks the cap. Only received donations count: a refunded or cancelled one was
handed back.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from functions.domain.tax_year import tax_year_of

ZERO = Decimal("0.00")


@dataclass(frozen=True)
class BenefitEntry:
    """What the cap reads of one donation of the donor."""

    donation_id: str
    date: dt.date
    benefit: Decimal
    received: bool = True


def earlier_benefits(entries: Iterable[BenefitEntry], donation_id: str, day: dt.date) -> Decimal:
    """Benefits of the donor's received donations in the tax year of `day` that come before the
    donation (`day`, `donation_id`) in date-then-id order."""
    year = tax_year_of(day)
    position = (day, donation_id)
    return sum(
        (
            entry.benefit
            for entry in entries
            if entry.received
            and entry.donation_id != donation_id
            and tax_year_of(entry.date) == year
            and (entry.date, entry.donation_id) < position
        ),
        ZERO,
    )


def over_cap(own_benefit: Decimal, earlier: Decimal, cap: Decimal) -> Decimal | None:
    """The running total when this donation's benefit takes it over `cap`, else None."""
    if own_benefit <= 0:
        return None
    total = earlier + own_benefit
    return total if total > cap else None
