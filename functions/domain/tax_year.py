"""The UK tax year (GIFT_AID.md §1): 6 April to 5 April. The one helper every screen uses.

A tax year is named here by the calendar year in which it starts: 2025 is 6 April 2025 to
5 April 2026, shown as "2025-26". (GASDS names a year by its end: that is `start + 1`.)
"""

from __future__ import annotations

import datetime as dt

START_MONTH, START_DAY = 4, 6


def tax_year_of(day: dt.date) -> int:
    """The start year of the tax year that contains `day`: 5 April 2026 → 2025, 6 April 2026 → 2026."""
    return day.year if (day.month, day.day) >= (START_MONTH, START_DAY) else day.year - 1


def tax_year_bounds(start_year: int) -> tuple[dt.date, dt.date]:
    """First and last day (inclusive) of the tax year starting in `start_year`."""
    return dt.date(start_year, START_MONTH, START_DAY), dt.date(start_year + 1, START_MONTH, START_DAY - 1)


def tax_year_label(start_year: int) -> str:
    """`2025` → `"2025-26"`."""
    return f"{start_year}-{(start_year + 1) % 100:02d}"


def month_of(day: dt.date) -> str:
    """`YYYY-MM` of a date (the key of the monthly aggregates)."""
    return f"{day.year:04d}-{day.month:02d}"


def last_months(today: dt.date, count: int = 12) -> list[str]:
    """The `count` months ending with the month of `today`, oldest first."""
    months = []
    year, month = today.year, today.month
    for _ in range(count):
        months.append(f"{year:04d}-{month:02d}")
        year, month = (year, month - 1) if month > 1 else (year - 1, 12)
    return list(reversed(months))
