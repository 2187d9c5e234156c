"""The Gift Aid Small Donations Scheme (GIFT_AID.md §5), as pure functions.

- A GASDS donation is a cash donation (contactless too from 6 April 2019) of at most £20 (£30
  from 6 April 2019), with no declaration, no benefit, not a sponsorship, not a payment for goods
  (`small_donation_problem`). It never counts as Gift Aid.
- A claim made on day D may carry at most 3 GASDS tax years, each still within the time limit
  (2 years after the end of the tax year): the tax year of D and the two before it (`claim_years`).
- For each of those tax years the claim asks for
  `min(unclaimed GASDS donations, £8,000, 10 × Gift Aid donations claimed that year)`, less what
  other claims already asked for in that year (`plan`). The donations that make up the amount join
  the claim oldest first; those left wait for a later claim (a later Gift Aid claim in the same year
  raises the 10× limit). The last donation chosen may be counted only in part: the amount is never
  more than the caps, and the rest of that donation is not claimed again.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal

from functions.domain.giftaid import reasons
from functions.domain.giftaid.rates import (
    GASDS_MATCHING_MULTIPLE,
    GASDS_YEARS_PER_CLAIM,
    gasds_deadline,
    gasds_donation_limit,
    gasds_methods,
    gasds_year_limit,
    gift_aid_value,
)
from functions.domain.tax_year import tax_year_bounds, tax_year_of

ZERO = Decimal("0.00")


@dataclass(frozen=True)
class SmallDonation:
    donation_id: str
    date: dt.date
    amount: Decimal


@dataclass(frozen=True)
class YearFacts:
    """What the caps of one tax year (named by its start year) depend on."""

    tax_year: int
    gift_aided: Decimal = ZERO  # Gift Aid donations claimed that year (accepted claims + this one)
    reserved: Decimal = ZERO  # GASDS other claims already carry for that year


@dataclass(frozen=True)
class YearPlan:
    tax_year: int  # start year: 2025 is 6 April 2025 to 5 April 2026
    waiting: Decimal  # small donations available (this claim's and the unclaimed ones)
    limit: Decimal  # £8,000
    matching_limit: Decimal  # 10 × Gift Aid donations claimed that year
    headroom: Decimal  # min(limit, matching_limit) less what other claims carry
    amount: Decimal  # what this claim asks for
    keep: tuple[str, ...]  # the donations behind `amount`
    attach: tuple[str, ...]  # of `keep`, those not yet in the claim
    detach: tuple[str, ...]  # in the claim but not needed

    @property
    def tax_year_end(self) -> int:
        """GASDS names a tax year by the year it ends in (GIFT_AID.md §1)."""
        return self.tax_year + 1


def small_donation_problem(
    amount: Decimal,
    day: dt.date,
    method: str,
    *,
    benefit: Decimal = ZERO,
    sponsored: bool = False,
    payment_for_goods: bool = False,
) -> tuple[str, dict[str, str]] | None:
    """Why a donation cannot be recorded as a GASDS donation (a message key and its parameters)."""
    if method not in gasds_methods(day):
        return reasons.GASDS_METHOD, {}
    limit = gasds_donation_limit(day)
    if amount > limit:
        return reasons.GASDS_AMOUNT, {"max": f"{limit:.2f}"}
    if benefit > 0:
        return reasons.GASDS_BENEFIT, {}
    if sponsored:
        return reasons.GASDS_SPONSORED, {}
    if payment_for_goods:
        return reasons.GASDS_GOODS, {}
    return None


def claim_years(claim_date: dt.date) -> tuple[int, ...]:
    """The tax years (start years, oldest first) a claim made on `claim_date` may carry."""
    current = tax_year_of(claim_date)
    years = [
        year
        for year in range(current - GASDS_YEARS_PER_CLAIM + 1, current + 1)
        if claim_date <= gasds_deadline(tax_year_bounds(year)[0])
    ]
    return tuple(years[-GASDS_YEARS_PER_CLAIM:])


def _ordered(donations: Iterable[SmallDonation]) -> list[SmallDonation]:
    return sorted(donations, key=lambda d: (d.date, d.donation_id))


def plan_year(
    year: int, attached: list[SmallDonation], pool: list[SmallDonation], facts: YearFacts
) -> YearPlan:
    """One tax year's GASDS: the amount and which donations make it up (attached ones first)."""
    first_day = tax_year_bounds(year)[0]
    limit = gasds_year_limit(first_day)
    matching = GASDS_MATCHING_MULTIPLE * facts.gift_aided
    headroom = max(ZERO, min(limit, matching) - facts.reserved)
    mine = _ordered(attached)
    mine_ids = {d.donation_id for d in mine}
    free = [d for d in _ordered(pool) if d.donation_id not in mine_ids]
    waiting = sum((d.amount for d in (*mine, *free)), ZERO)
    amount = min(waiting, headroom)
    chosen: list[SmallDonation] = []
    covered = ZERO
    for donation in (*mine, *free):
        if covered >= amount:
            break
        chosen.append(donation)
        covered += donation.amount
    keep = tuple(d.donation_id for d in chosen)
    kept = set(keep)
    return YearPlan(
        tax_year=year,
        waiting=waiting,
        limit=limit,
        matching_limit=matching,
        headroom=headroom,
        amount=amount,
        keep=keep,
        attach=tuple(d for d in keep if d not in mine_ids),
        detach=tuple(d.donation_id for d in mine if d.donation_id not in kept),
    )


def plan(
    claim_date: dt.date,
    attached: Iterable[SmallDonation],
    pool: Iterable[SmallDonation],
    facts: Mapping[int, YearFacts],
) -> tuple[tuple[YearPlan, ...], tuple[str, ...]]:
    """Every GASDS tax year a claim made on `claim_date` may carry (oldest first), and the attached
    donations outside those years (to hand back). `attached`: already in this claim; `pool`: the
    unclaimed GASDS donations; `facts`: per tax year, Gift Aid claimed and GASDS other claims hold."""
    years = claim_years(claim_date)
    by_year_attached: dict[int, list[SmallDonation]] = {year: [] for year in years}
    by_year_pool: dict[int, list[SmallDonation]] = {year: [] for year in years}
    outside: list[str] = []
    for donation in attached:
        year = tax_year_of(donation.date)
        if year in by_year_attached and donation.date <= claim_date:
            by_year_attached[year].append(donation)
        else:
            outside.append(donation.donation_id)
    for donation in pool:
        year = tax_year_of(donation.date)
        if year in by_year_pool and donation.date <= claim_date:
            by_year_pool[year].append(donation)
    plans = tuple(
        plan_year(year, by_year_attached[year], by_year_pool[year], facts.get(year, YearFacts(year)))
        for year in years
    )
    return plans, tuple(outside)


def top_up(amount: Decimal, tax_year: int) -> Decimal:
    """What HMRC pays on a GASDS amount: Gift Aid at the basic rate of that tax year (25p per £1)."""
    return gift_aid_value(amount, tax_year_bounds(tax_year)[0])
