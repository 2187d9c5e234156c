"""A charity's financial year (the statement of funds, ADR 0021, and the dashboard's fund tiles),
apart from the statement's figures so that the dashboard's first request imports only this (ADR
0011, cold start)."""

from __future__ import annotations

import calendar
import datetime as dt
from dataclasses import dataclass


@dataclass(frozen=True)
class FinancialYear:
    """The financial year ending in calendar year `year` on `year_end` ("MM-DD")."""

    year: int
    year_end: str

    @property
    def end_month(self) -> int:
        return int(self.year_end[:2])

    @property
    def end_day(self) -> int:
        return int(self.year_end[3:5])

    @property
    def first_month(self) -> str:
        """`YYYY-MM` of the first whole month of the year (the month after the previous year end's)."""
        if self.end_month == 12:
            return f"{self.year:04d}-01"
        return f"{self.year - 1:04d}-{self.end_month + 1:02d}"

    @property
    def last_month(self) -> str:
        return f"{self.year:04d}-{self.end_month:02d}"

    @property
    def start(self) -> dt.date:
        """First day of the figures' first month."""
        year, month = int(self.first_month[:4]), int(self.first_month[5:])
        return dt.date(year, month, 1)

    @property
    def end(self) -> dt.date:
        """Last day of the figures' last month (the year end itself when it is a month end)."""
        return dt.date(self.year, self.end_month, calendar.monthrange(self.year, self.end_month)[1])

    @property
    def year_end_date(self) -> dt.date:
        """The charity's own year end date (29 February falls back to the 28th)."""
        last = calendar.monthrange(self.year, self.end_month)[1]
        return dt.date(self.year, self.end_month, min(self.end_day, last))

    @property
    def whole_months(self) -> bool:
        """True when the year end is not a month end, so the figures run to the month's end."""
        return self.year_end_date != self.end

    def months(self) -> tuple[str, str]:
        return self.first_month, self.last_month


def year_containing(day: dt.date, year_end: str) -> int:
    """The financial year (named by the calendar year it ends in) whose months include `day`."""
    return day.year if day.month <= int(year_end[:2]) else day.year + 1
