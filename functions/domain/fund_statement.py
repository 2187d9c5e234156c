"""The statement of funds (Charities SORP, FRS 102 module 2): for one financial year, each fund's
opening balance, income, Gift Aid, expenditure, transfers in and out and closing balance, grouped
by fund class with a subtotal per class and a grand total. Pure: integer pence, no AWS here
(docs/decisions/0021-statement-of-funds.md).

The figures come only from each fund's monthly totals by kind and its current balance:
opening = current balance − Σ(every month from the year's first month on); closing = opening +
Σ(the year's months). Months are whole: a year end that is not a month end (15 March) counts its
whole month in the year ending then (March), so the year ending 15 March 2026 covers April 2025
to March 2026."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from functions.domain.financial_year import FinancialYear
from functions.domain.funds import FUND_CLASSES, KINDS

MIN_YEAR = 2000


def max_year(today: dt.date) -> int:
    return today.year + 1


@dataclass
class Figures:
    """One fund's (or a group's) figures in pence; expenditure and transfers out are positive."""

    opening: int = 0
    income: int = 0
    gift_aid: int = 0
    expenditure: int = 0
    transfers_in: int = 0
    transfers_out: int = 0

    @property
    def closing(self) -> int:
        return (
            self.opening
            + self.income
            + self.gift_aid
            - self.expenditure
            + self.transfers_in
            - self.transfers_out
        )

    @property
    def moved(self) -> bool:
        return any((self.income, self.gift_aid, self.expenditure, self.transfers_in, self.transfers_out))

    def add(self, other: Figures) -> None:
        self.opening += other.opening
        self.income += other.income
        self.gift_aid += other.gift_aid
        self.expenditure += other.expenditure
        self.transfers_in += other.transfers_in
        self.transfers_out += other.transfers_out


@dataclass(frozen=True)
class FundFacts:
    fund_id: str
    name: str
    fund_class: str
    balance: int  # pence, now
    finance_code: str | None = None
    archived: bool = False


@dataclass
class ClassGroup:
    fund_class: str
    funds: list[tuple[FundFacts, Figures]] = field(default_factory=list)
    subtotal: Figures = field(default_factory=Figures)


@dataclass
class Statement:
    year: FinancialYear
    groups: list[ClassGroup]
    total: Figures

    @property
    def has_movements(self) -> bool:
        return self.total.moved


MonthTotals = Mapping[str, int]  # kind -> signed pence


def fund_figures(balance: int, months: Iterable[tuple[str, MonthTotals]], year: FinancialYear) -> Figures:
    """One fund's figures from its current balance and its monthly totals (month `YYYY-MM`, kinds)
    from the year's first month on (earlier months are ignored; later ones only move the opening)."""
    first, last = year.months()
    after_start = 0
    figures = Figures()
    for month, kinds in months:
        if month < first:
            continue
        after_start += sum(int(kinds.get(kind, 0) or 0) for kind in KINDS)
        if month > last:
            continue
        figures.income += int(kinds.get("allocation", 0) or 0) + int(kinds.get("refund_reversal", 0) or 0)
        figures.gift_aid += int(kinds.get("gift_aid", 0) or 0)
        figures.expenditure -= int(kinds.get("expense", 0) or 0)
        figures.transfers_in += int(kinds.get("transfer_in", 0) or 0)
        figures.transfers_out -= int(kinds.get("transfer_out", 0) or 0)
    figures.opening = balance - after_start
    return figures


def statement(
    year: FinancialYear,
    funds: Iterable[FundFacts],
    months: Mapping[str, list[tuple[str, MonthTotals]]],
) -> Statement:
    """The statement: funds grouped by class in SORP order (classes without funds left out),
    funds by name within a class; `months` maps a fund id to its monthly totals."""
    groups = {fund_class: ClassGroup(fund_class) for fund_class in FUND_CLASSES}
    total = Figures()
    for fund in sorted(funds, key=lambda f: (f.name.casefold(), f.fund_id)):
        figures = fund_figures(fund.balance, months.get(fund.fund_id, []), year)
        group = groups.get(fund.fund_class) or groups["unrestricted_general"]
        group.funds.append((fund, figures))
        group.subtotal.add(figures)
        total.add(figures)
    return Statement(year, [group for group in groups.values() if group.funds], total)
