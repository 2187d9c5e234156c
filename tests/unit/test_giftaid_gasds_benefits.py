"""GASDS, the per-donor annual benefit cap and adjustments (GIFT_AID.md §3, §5, §6), table-driven,
no mocks: dates on both sides of 5/6 April, the 10× rule, the £8,000 cap, the 3-year window, what
other claims already carry, and the explanation HMRC reads next to an adjustment."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from functions.domain.giftaid import reasons
from functions.domain.giftaid.adjustments import (
    OTHER_INFO_MAX,
    Reversal,
    ReversalCause,
    adjustment_total,
    other_info,
)
from functions.domain.giftaid.benefits import BenefitEntry, earlier_benefits, over_cap
from functions.domain.giftaid.eligibility import assess
from functions.domain.giftaid.gasds import (
    SmallDonation,
    YearFacts,
    claim_years,
    plan,
    plan_year,
    small_donation_problem,
    top_up,
)
from functions.domain.giftaid.model import (
    Declaration,
    DeclarationMethod,
    DeclarationScope,
    Donation,
    Donor,
    GiftAidState,
)
from functions.domain.giftaid.rates import benefit_annual_cap, gasds_deadline

D = dt.date
M = Decimal
TODAY = D(2026, 6, 1)
DONOR = Donor("donor1", True, "Mrs", "Jane", "Smith", "12", "BA1 1AA")
COVER = [Declaration("dec1", DeclarationMethod.WRITTEN, frozenset({DeclarationScope.FUTURE}), D(2020, 1, 1))]


def donation(**fields: object) -> Donation:
    values: dict[str, object] = {
        "donation_id": "gift1",
        "donor_id": "donor1",
        "amount": M("1000.00"),
        "date": D(2026, 3, 12),
        "payment_method": "card",
    }
    values.update(fields)
    return Donation(**values)  # type: ignore[arg-type]


# ------------------------------------------------------------------ the annual benefit cap
def entry(donation_id: str, day: D, benefit: str, received: bool = True) -> BenefitEntry:
    return BenefitEntry(donation_id, day, M(benefit), received)


HISTORY = [
    entry("a", D(2025, 4, 5), "900.00"),  # tax year 2024-25: never counts for 2025-26
    entry("b", D(2025, 4, 6), "1000.00"),  # first day of 2025-26
    entry("c", D(2025, 9, 1), "500.00"),
    entry("d", D(2025, 9, 1), "40.00", received=False),  # refunded: handed back
    entry("e", D(2026, 4, 5), "700.00"),  # last day of 2025-26
    entry("f", D(2026, 4, 6), "300.00"),  # 2026-27
]


@pytest.mark.parametrize(
    ("donation_id", "day", "expected"),
    [
        ("x", D(2025, 4, 6), "1000.00"),  # same day as "b", id "x" > "b": "b" comes first
        ("a0", D(2025, 4, 6), "0.00"),  # same day, id before "b"
        ("x", D(2025, 9, 1), "1500.00"),  # b + c ("d" refunded), same-day "c" comes first
        ("x", D(2026, 4, 5), "2200.00"),  # b + c + e
        ("x", D(2026, 4, 6), "300.00"),  # a new tax year: only "f"
        ("c", D(2025, 9, 1), "1000.00"),  # a donation never counts itself
        ("x", D(2025, 4, 5), "900.00"),  # 2024-25: only "a"
    ],
)
def test_earlier_benefits_are_the_same_donor_and_tax_year_in_date_order(donation_id, day, expected):
    assert earlier_benefits(HISTORY, donation_id, day) == M(expected)


@pytest.mark.parametrize(
    ("own", "earlier", "total"),
    [
        ("0.00", "2600.00", None),  # no benefit: never breaks the cap
        ("40.00", "2460.00", None),  # exactly £2,500 is within the cap
        ("40.01", "2460.00", "2500.01"),
        ("40.00", "2500.00", "2540.00"),
    ],
)
def test_over_cap(own, earlier, total):
    assert over_cap(M(own), M(earlier), M(2500)) == (M(total) if total else None)


@pytest.mark.parametrize(
    ("day", "cap"), [(D(2019, 4, 5), "2500"), (D(2019, 4, 6), "2500"), (D(2026, 4, 6), "2500")]
)
def test_benefit_annual_cap_is_a_dated_setting(day, cap):
    assert benefit_annual_cap(day) == M(cap)


def test_a_donation_taking_the_donor_over_the_annual_cap_says_so():
    # GIVEN a £1,000 donation with a £40 benefit (within its own £66.25 limit) after £2,500 of benefits
    gift = donation(benefit_value=M("40.00"))
    # WHEN it is assessed
    result = assess(gift, DONOR, COVER, today=TODAY, earlier_benefits=M("2500.00"))
    # THEN it is not eligible, with the year, the running total and the limit
    assert result.state == GiftAidState.NOT_ELIGIBLE
    assert result.reason == reasons.BENEFIT_ANNUAL_CAP
    assert result.params == {"tax_year": "2025-26", "total": "£2,540.00", "limit": "£2,500.00"}
    text = reasons.CATALOG[result.reason]["en"].format(**result.params)
    assert text == "benefits to this donor in 2025-26 total £2,540.00, above the £2,500.00 limit"
    # AND the same donation within the cap, or without a benefit, is claimable
    assert assess(gift, DONOR, COVER, today=TODAY, earlier_benefits=M("2460.00")).state == "claimable"
    plain = donation(benefit_value=M("0.00"))
    assert assess(plain, DONOR, COVER, today=TODAY, earlier_benefits=M("2600.00")).state == "claimable"


def test_the_per_donation_limit_is_checked_before_the_annual_cap():
    gift = donation(amount=M("100.00"), benefit_value=M("30.00"))
    result = assess(gift, DONOR, COVER, today=TODAY, earlier_benefits=M("2600.00"))
    assert result.reason == reasons.BENEFIT_OVER_LIMIT


# ------------------------------------------------------------------ GASDS donations
@pytest.mark.parametrize(
    ("amount", "day", "method", "extra", "problem"),
    [
        ("30.00", D(2019, 4, 6), "cash", {}, None),
        ("30.00", D(2019, 4, 6), "contactless", {}, None),
        ("30.01", D(2019, 4, 6), "cash", {}, reasons.GASDS_AMOUNT),
        ("20.00", D(2019, 4, 5), "cash", {}, None),  # £20 until 5 April 2019
        ("20.01", D(2019, 4, 5), "cash", {}, reasons.GASDS_AMOUNT),
        ("10.00", D(2019, 4, 5), "contactless", {}, reasons.GASDS_METHOD),  # contactless from 2019
        ("10.00", D(2026, 1, 1), "card", {}, reasons.GASDS_METHOD),
        ("10.00", D(2026, 1, 1), "cheque", {}, reasons.GASDS_METHOD),
        ("10.00", D(2026, 1, 1), "cash", {"benefit": M("1.00")}, reasons.GASDS_BENEFIT),
        ("10.00", D(2026, 1, 1), "cash", {"sponsored": True}, reasons.GASDS_SPONSORED),
        ("10.00", D(2026, 1, 1), "cash", {"payment_for_goods": True}, reasons.GASDS_GOODS),
    ],
)
def test_what_can_be_a_small_donation(amount, day, method, extra, problem):
    found = small_donation_problem(M(amount), day, method, **extra)
    assert (found[0] if found else None) == problem


def test_the_amount_problem_names_the_limit_in_force():
    assert small_donation_problem(M("25.00"), D(2018, 1, 1), "cash") == (
        reasons.GASDS_AMOUNT,
        {"max": "20.00"},
    )


@pytest.mark.parametrize(
    ("fields", "state", "reason"),
    [
        ({}, GiftAidState.GASDS, reasons.GASDS),
        ({"claim_id": "c1"}, GiftAidState.GASDS, reasons.GASDS_IN_CLAIM),
        ({"status": "refunded"}, GiftAidState.NOT_ELIGIBLE, reasons.REFUNDED),
        ({"date": D(2024, 4, 5)}, GiftAidState.NOT_ELIGIBLE, reasons.GASDS_TOO_OLD),  # ended 5/4/2026
        ({"date": D(2024, 4, 6)}, GiftAidState.GASDS, reasons.GASDS),
        ({"excluded_reason": "float"}, GiftAidState.EXCLUDED, reasons.EXCLUDED),
    ],
)
def test_a_small_donation_is_never_gift_aid(fields, state, reason):
    # GIVEN a small cash donation from a donor whose declaration covers it
    values = {"amount": M("10.00"), "payment_method": "cash", "small_cash": True, **fields}
    result = assess(donation(**values), DONOR, COVER, today=TODAY)
    # THEN its state is GASDS (or why not), never claimable, and it carries no Gift Aid value
    assert (result.state, result.reason) == (state, reason)
    assert result.gift_aid == M("0.00")


@pytest.mark.parametrize(
    ("day", "deadline"),
    [(D(2024, 4, 5), D(2026, 4, 5)), (D(2024, 4, 6), D(2027, 4, 5)), (D(2025, 4, 5), D(2027, 4, 5))],
)
def test_gasds_time_limit_is_two_years_after_the_tax_year(day, deadline):
    assert gasds_deadline(day) == deadline


@pytest.mark.parametrize(
    ("claim_date", "years"),
    [
        (D(2026, 4, 5), (2023, 2024, 2025)),  # 2023-24 ends 5/4/2024: claimable until 5/4/2026
        (D(2026, 4, 6), (2024, 2025, 2026)),  # a new tax year: 2023-24 has gone
        (D(2026, 11, 22), (2024, 2025, 2026)),
    ],
)
def test_a_claim_carries_at_most_three_tax_years_within_the_window(claim_date, years):
    assert claim_years(claim_date) == years


def small(donation_id: str, day: D, amount: str) -> SmallDonation:
    return SmallDonation(donation_id, day, M(amount))


@pytest.mark.parametrize(
    ("donations", "gift_aided", "reserved", "amount", "keep"),
    [
        # the pool is smaller than both caps: all of it
        (["30", "30", "20"], "1000.00", "0", "80.00", ("g0", "g1", "g2")),
        # 10× rule: £5 of Gift Aid allows £50 of GASDS; the donation that crosses it counts in part
        (["30", "30", "20"], "5.00", "0", "50.00", ("g0", "g1")),
        # no Gift Aid claimed that year: no GASDS
        (["30", "30"], "0.00", "0", "0.00", ()),
        # the £8,000 cap
        (["30"] * 300, "100000.00", "0", "8000.00", tuple(f"g{n}" for n in range(267))),
        # other claims already carry £7,990 of the year: £10 left
        (["30", "30"], "100000.00", "7990.00", "10.00", ("g0",)),
        # other claims used the whole cap
        (["30"], "100000.00", "8000.00", "0.00", ()),
    ],
)
def test_gasds_amount_per_tax_year(donations, gift_aided, reserved, amount, keep):
    # GIVEN small donations of one tax year, oldest first
    pool = [
        small(f"g{n}", D(2025, 5, 1) + dt.timedelta(days=n % 300), value) for n, value in enumerate(donations)
    ]
    facts = YearFacts(2025, gift_aided=M(gift_aided), reserved=M(reserved))
    # WHEN the year is planned
    result = plan_year(2025, [], pool, facts)
    # THEN the amount is min(pool, £8,000, 10 × Gift Aid) less what other claims carry
    assert result.amount == M(amount)
    assert set(result.keep) == set(keep)
    assert result.attach == result.keep and result.detach == ()
    assert result.tax_year_end == 2026


def test_attached_donations_count_first_and_the_unneeded_are_handed_back():
    mine = [small("m1", D(2025, 6, 1), "30"), small("m2", D(2025, 6, 2), "30")]
    pool = [small("p1", D(2025, 5, 1), "30")]
    result = plan_year(2025, mine, pool, YearFacts(2025, gift_aided=M("3.00")))  # cap £30
    assert result.amount == M("30.00")
    assert result.keep == ("m1",) and result.attach == () and result.detach == ("m2",)


def test_plan_keeps_to_the_window_and_never_takes_future_donations():
    claim_date = D(2026, 4, 6)  # years 2024, 2025, 2026
    pool = [
        small("old", D(2024, 4, 5), "10"),  # tax year 2023-24: outside the window
        small("in24", D(2024, 4, 6), "10"),
        small("in25", D(2025, 12, 25), "10"),
        small("today", D(2026, 4, 6), "10"),
        small("future", D(2026, 4, 7), "10"),
    ]
    facts = {year: YearFacts(year, gift_aided=M("1000.00")) for year in (2024, 2025, 2026)}
    plans, outside = plan(claim_date, [small("stale", D(2023, 12, 1), "10")], pool, facts)
    assert [p.tax_year for p in plans] == [2024, 2025, 2026]
    assert [p.keep for p in plans] == [("in24",), ("in25",), ("today",)]
    assert [p.amount for p in plans] == [M("10.00")] * 3
    assert outside == ("stale",)


def test_top_up_is_gift_aid_at_the_basic_rate():
    assert top_up(M("8000.00"), 2025) == M("2000.00")
    assert top_up(M("10.00"), 2025) == M("2.50")


# ------------------------------------------------------------------ adjustments
def reversal(donation_id: str, tax: str, cause: ReversalCause, label: str = "2026-03-14") -> Reversal:
    return Reversal(donation_id, M(tax) * 4, M(tax), cause, label)


def test_adjustment_is_the_tax_of_the_reversals_and_explains_itself():
    found = [
        reversal("d1", "6.25", ReversalCause.REFUNDED),
        reversal("d2", "6.25", ReversalCause.REFUNDED),
        reversal("d3", "2.50", ReversalCause.DECLARATION_CANCELLED, "2025-11-02"),
    ]
    assert adjustment_total(found) == M("15.00")
    assert other_info(found) == (
        "Adjustment of £15.00 for tax over-claimed on 3 donations: "
        "1 donation whose declaration was cancelled from claim 2025-11-02 (£10.00 given, £2.50 tax); "
        "2 refunded donations from claim 2026-03-14 (£50.00 given, £12.50 tax)."
    )
    assert other_info([]) is None


def test_other_info_never_passes_350_characters_and_counts_what_it_leaves_out():
    found = [
        reversal(f"d{n}", "1.00", cause, f"2026-0{1 + n % 9}-1{n % 10}")
        for n in range(40)
        for cause in ReversalCause
    ]
    text = other_info(found)
    assert text is not None and len(text) <= OTHER_INFO_MAX
    assert text.startswith("Adjustment of £120.00 for tax over-claimed on 120 donations: ")
    assert text.endswith("more groups.")
