"""Statement of funds arithmetic (functions/domain/fund_statement.py): a financial year's whole
months, opening and closing balances from current balances and monthly totals, class grouping."""

from __future__ import annotations

import datetime as dt

from functions.domain.financial_year import FinancialYear, year_containing
from functions.domain.fund_statement import FundFacts, fund_figures, statement


def test_a_march_year_end_covers_april_to_march():
    year = FinancialYear(2026, "03-31")
    assert year.months() == ("2025-04", "2026-03")
    assert (year.start, year.end, year.year_end_date) == (
        dt.date(2025, 4, 1),
        dt.date(2026, 3, 31),
        dt.date(2026, 3, 31),
    )
    assert year.whole_months is False


def test_a_year_end_mid_month_counts_that_whole_month_in_the_year_ending_then():
    year = FinancialYear(2026, "03-15")
    assert year.months() == ("2025-04", "2026-03")
    assert year.year_end_date == dt.date(2026, 3, 15) and year.end == dt.date(2026, 3, 31)
    assert year.whole_months is True
    # a movement on 20 March 2026 (month 2026-03) is in the year ending 15 March 2026
    figures = fund_figures(500, [("2026-03", {"allocation": 500})], year)
    assert (figures.opening, figures.income, figures.closing) == (0, 500, 500)
    assert year_containing(dt.date(2026, 3, 20), "03-15") == 2026
    assert year_containing(dt.date(2026, 4, 1), "03-15") == 2027


def test_a_december_year_end_is_the_calendar_year_and_29_february_falls_back_in_other_years():
    assert FinancialYear(2025, "12-31").months() == ("2025-01", "2025-12")
    assert FinancialYear(2025, "02-29").year_end_date == dt.date(2025, 2, 28)
    assert FinancialYear(2024, "02-29").year_end_date == dt.date(2024, 2, 29)


def test_opening_is_the_balance_less_every_month_from_the_start_and_closing_adds_the_year():
    year = FinancialYear(2026, "03-31")
    months = [
        ("2024-05", {"allocation": 999}),  # before the year: already in the opening balance
        ("2025-04", {"allocation": 10_000, "refund_reversal": -1_000}),
        ("2025-09", {"gift_aid": 2_500, "expense": -4_000, "transfer_in": 700, "transfer_out": -200}),
        ("2026-05", {"allocation": 3_000}),  # after the year: only moves the opening back
    ]
    balance = 20_000  # today
    figures = fund_figures(balance, months, year)
    assert figures.opening == 20_000 - (9_000 + 2_500 - 4_000 + 700 - 200 + 3_000)
    assert (figures.income, figures.gift_aid, figures.expenditure) == (9_000, 2_500, 4_000)
    assert (figures.transfers_in, figures.transfers_out) == (700, 200)
    assert figures.closing == figures.opening + 9_000 + 2_500 - 4_000 + 700 - 200
    assert figures.closing == balance - 3_000


def test_funds_are_grouped_by_class_in_sorp_order_with_subtotals_and_a_total():
    year = FinancialYear(2026, "03-31")
    funds = [
        FundFacts("r2", "Roof", "restricted", 300),
        FundFacts("g", "General", "unrestricted_general", 100),
        FundFacts("r1", "Bells", "restricted", 200, archived=True),
        FundFacts("e", "Legacy", "endowment_permanent", 50),
    ]
    found = statement(year, funds, {"r2": [("2025-06", {"allocation": 300})]})
    assert [group.fund_class for group in found.groups] == [
        "unrestricted_general",
        "restricted",
        "endowment_permanent",
    ]
    restricted = found.groups[1]
    assert [fund.name for fund, _ in restricted.funds] == ["Bells", "Roof"]
    assert (restricted.subtotal.opening, restricted.subtotal.income, restricted.subtotal.closing) == (
        200,
        300,
        500,
    )
    assert (found.total.opening, found.total.closing) == (350, 650)
    assert found.has_movements is True
    assert statement(year, funds, {}).has_movements is False
