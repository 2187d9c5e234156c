"""Every Gift Aid rate, limit and date in one place, as dated tables (GIFT_AID.md §1, §3-§5).

Each table is a tuple of (first day in force, value), oldest first; `in_force` picks the entry in
force on a day. Sources: HMRC "Gift Aid: rates and allowances" and "Charities: detailed guidance
note, chapter 3 (Gift Aid)"; the benefit bands from GOV.UK "Gift Aid: donor benefit rules".
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import TypeVar

from functions.domain.giftaid.states import EntityType
from functions.domain.tax_year import tax_year_bounds, tax_year_of

T = TypeVar("T")
PENNY = Decimal("0.01")

# Basic rate of income tax: 20% since 6 April 2008 (22% before).
BASIC_RATE: tuple[tuple[dt.date, Decimal], ...] = (
    (dt.date(2000, 4, 6), Decimal("0.22")),
    (dt.date(2008, 4, 6), Decimal("0.20")),
)


@dataclass(frozen=True)
class BenefitBands:
    """The most a donor may receive back for a donation (GIFT_AID.md §3).

    From 6 April 2019: 25% of the first `first_band` + `rate_above` of the rest, capped at `cap`.
    Before: up to £100 → 25%; £100.01-£1,000 → a flat £25; over £1,000 → 5%, capped at `cap`."""

    first_band: Decimal
    first_rate: Decimal
    middle_flat: Decimal | None  # the pre-2019 flat £25 for £100.01-£1,000; None from 2019
    middle_top: Decimal
    rate_above: Decimal
    cap: Decimal

    def limit(self, amount: Decimal) -> Decimal:
        if amount <= self.first_band:
            return money(amount * self.first_rate)
        if self.middle_flat is None:
            above = money(self.first_band * self.first_rate + (amount - self.first_band) * self.rate_above)
            return min(above, self.cap)
        if amount <= self.middle_top:
            return self.middle_flat
        return min(money(amount * self.rate_above), self.cap)


BENEFIT_BANDS: tuple[tuple[dt.date, BenefitBands], ...] = (
    (
        dt.date(2011, 4, 6),
        BenefitBands(
            Decimal(100), Decimal("0.25"), Decimal(25), Decimal(1000), Decimal("0.05"), Decimal(2500)
        ),
    ),
    (
        dt.date(2019, 4, 6),
        BenefitBands(Decimal(100), Decimal("0.25"), None, Decimal(100), Decimal("0.05"), Decimal(2500)),
    ),
)
# The total of benefits one donor may receive from a charity in a tax year (GIFT_AID.md §3: £2,500,
# in force for every tax year Almoner can still claim, so from 6 April 2019 too). A donation whose
# benefit takes the donor's running total for its tax year over the cap is not eligible.
BENEFIT_ANNUAL_CAP: tuple[tuple[dt.date, Decimal], ...] = ((dt.date(2011, 4, 6), Decimal(2500)),)

# Aggregated donations: the most each small donation may be. HMRC's template says £20, a 2025
# gov.uk page says £30 (GIFT_AID.md §4): a setting may override this default.
AGGREGATION_LIMIT: tuple[tuple[dt.date, Decimal], ...] = ((dt.date(2013, 4, 6), Decimal(20)),)
AGGREGATED_LINE_MAX = Decimal(1000)
AGGREGATED_DESCRIPTION_MAX = 35

# GASDS: per small donation and per tax year (GIFT_AID.md §5).
GASDS_DONATION_LIMIT: tuple[tuple[dt.date, Decimal], ...] = (
    (dt.date(2013, 4, 6), Decimal(20)),
    (dt.date(2019, 4, 6), Decimal(30)),
)
GASDS_YEAR_LIMIT: tuple[tuple[dt.date, Decimal], ...] = (
    (dt.date(2013, 4, 6), Decimal(5000)),
    (dt.date(2016, 4, 6), Decimal(8000)),
)
# How a GASDS donation may be given: cash from the start; contactless card payments from 6 April 2019.
GASDS_METHODS: tuple[tuple[dt.date, frozenset[str]], ...] = (
    (dt.date(2013, 4, 6), frozenset({"cash"})),
    (dt.date(2019, 4, 6), frozenset({"cash", "contactless"})),
)
GASDS_MATCHING_MULTIPLE = 10  # GASDS ≤ 10 × the Gift Aid donations claimed in the same tax year
GASDS_CLAIM_YEARS = 2  # a GASDS claim within 2 years of the end of the tax year
GASDS_YEARS_PER_CLAIM = 3  # an R68 claim carries at most 3 GASDS tax years

CLAIM_TIME_LIMIT_YEARS = 4  # after the end of the charity's financial period
ORAL_CANCELLATION_DAYS = 30  # after the written confirmation of an oral declaration
PAST_DECLARATION_YEARS = 4  # a "past 4 years" declaration reaches back this far from its date
SPONSORSHIP_OWN_LINE_OVER = Decimal(500)


def in_force(table: Sequence[tuple[dt.date, T]], day: dt.date) -> T:
    """The value of a dated table in force on `day` (the oldest entry for earlier days)."""
    chosen = table[0][1]
    for start, value in table:
        if start <= day:
            chosen = value
    return chosen


def money(amount: Decimal) -> Decimal:
    """Round half-up to the penny."""
    return amount.quantize(PENNY, rounding=ROUND_HALF_UP)


def basic_rate(day: dt.date) -> Decimal:
    return in_force(BASIC_RATE, day)


def gift_aid_value(amount: Decimal, day: dt.date) -> Decimal:
    """Tax reclaimable on a donation: amount × rate / (1 − rate) at the basic rate in force on the
    donation date (20% → 25p per £1), rounded half-up to the penny."""
    rate = basic_rate(day)
    return money(amount * rate / (1 - rate))


def benefit_limit(amount: Decimal, day: dt.date) -> Decimal:
    """The largest benefit a donor may receive for a donation of `amount` made on `day`."""
    return in_force(BENEFIT_BANDS, day).limit(amount)


def aggregation_limit(day: dt.date, override: Decimal | None = None) -> Decimal:
    return override if override is not None else in_force(AGGREGATION_LIMIT, day)


def can_aggregate(amount: Decimal, day: dt.date, override: Decimal | None = None) -> bool:
    """A donation small enough to go on an aggregated line (GIFT_AID.md §4)."""
    return amount <= aggregation_limit(day, override)


def gasds_donation_limit(day: dt.date) -> Decimal:
    return in_force(GASDS_DONATION_LIMIT, day)


def gasds_year_limit(day: dt.date) -> Decimal:
    return in_force(GASDS_YEAR_LIMIT, day)


def gasds_methods(day: dt.date) -> frozenset[str]:
    """The payment methods a GASDS donation made on `day` may use."""
    return in_force(GASDS_METHODS, day)


def benefit_annual_cap(day: dt.date) -> Decimal:
    """The most one donor may receive in benefits in the tax year containing `day`."""
    return in_force(BENEFIT_ANNUAL_CAP, tax_year_bounds(tax_year_of(day))[0])


def add_years(day: dt.date, years: int) -> dt.date:
    """Same day `years` later (or earlier); 29 February becomes 28 February."""
    try:
        return day.replace(year=day.year + years)
    except ValueError:
        return day.replace(year=day.year + years, day=28)


def financial_period_end(day: dt.date, entity_type: EntityType, year_end: tuple[int, int]) -> dt.date:
    """Last day of the financial period containing `day`: the tax year for a trust, the accounting
    period (ending each year on `year_end` = (month, day)) otherwise."""
    if entity_type == EntityType.TRUST:
        return tax_year_bounds(tax_year_of(day))[1]
    month, last = year_end
    end = _year_end_in(day.year, month, last)
    return end if day <= end else _year_end_in(day.year + 1, month, last)


def _year_end_in(year: int, month: int, last: int) -> dt.date:
    try:
        return dt.date(year, month, last)
    except ValueError:  # 29 February in a common year
        return dt.date(year, month, 28)


def gasds_deadline(day: dt.date) -> dt.date:
    """The last day a GASDS donation made on `day` can be claimed: 2 years after its tax year ends."""
    return add_years(tax_year_bounds(tax_year_of(day))[1], GASDS_CLAIM_YEARS)


def claim_deadline(day: dt.date, entity_type: EntityType, year_end: tuple[int, int]) -> dt.date:
    """The last day a donation made on `day` can be claimed: 4 years after the end of the period."""
    return add_years(financial_period_end(day, entity_type, year_end), CLAIM_TIME_LIMIT_YEARS)
