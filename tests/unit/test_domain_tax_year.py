"""The UK tax year around 5/6 April (GIFT_AID.md §1)."""

from __future__ import annotations

import datetime as dt

import pytest

from functions.domain.tax_year import last_months, month_of, tax_year_bounds, tax_year_label, tax_year_of


@pytest.mark.parametrize(
    ("day", "start_year"),
    [
        (dt.date(2026, 4, 5), 2025),
        (dt.date(2026, 4, 6), 2026),
        (dt.date(2026, 1, 1), 2025),
        (dt.date(2025, 12, 31), 2025),
        (dt.date(2024, 4, 6), 2024),
        (dt.date(2024, 2, 29), 2023),
        (dt.date(2026, 3, 31), 2025),
    ],
)
def test_tax_year_of(day, start_year):
    assert tax_year_of(day) == start_year


def test_bounds_and_label():
    assert tax_year_bounds(2025) == (dt.date(2025, 4, 6), dt.date(2026, 4, 5))
    assert tax_year_label(2025) == "2025-26"
    assert tax_year_label(1999) == "1999-00"


def test_months():
    assert month_of(dt.date(2026, 4, 5)) == "2026-04"
    assert last_months(dt.date(2026, 2, 10), 3) == ["2025-12", "2026-01", "2026-02"]
    assert len(last_months(dt.date(2026, 2, 10))) == 12
