"""The statement of funds (issue 15 §8; docs/decisions/0021-statement-of-funds.md): one financial
year's opening balance, income, Gift Aid, expenditure, transfers and closing balance of every fund
(archived ones included), grouped by class, as JSON or CSV.

Reads only aggregate items, never donations or ledger lines: the charity's year end (the charity
item, one GetItem), every fund with its balance (one Query of
`FUND#`) and every fund's monthly totals from the year's first month on (one Query of the
`FUNDMONTH#<first month>` .. `FUNDMONTH#~` range, paginated)."""

from __future__ import annotations

import datetime as dt
import io
from typing import TYPE_CHECKING, Any

from functions.charities.repository import get_tenant
from functions.core import clock
from functions.core.access import Principal
from functions.core.errors import Invalid
from functions.core.messages import t
from functions.domain.csv_safety import SafeCsvWriter
from functions.domain.financial_year import FinancialYear, year_containing
from functions.domain.fund_statement import MIN_YEAR, Figures, FundFacts, Statement, max_year, statement
from functions.funds import messages as _messages  # noqa: F401  (registers the messages)
from functions.funds.figures import month_totals, pounds, year_end
from functions.funds.service import funds_with_default

if TYPE_CHECKING:
    from functions.funds.schemas import StatementQuery

FIGURES = ("opening", "income", "gift_aid", "expenditure", "transfers_in", "transfers_out", "closing")


def year_end_of(tenant_id: str) -> str:
    return year_end(get_tenant(tenant_id))


def chosen_year(query_year: int | None, year_end: str, today: dt.date) -> FinancialYear:
    """The requested year, or by default the financial year in progress (its figures to date)."""
    highest = max_year(today)
    if query_year is None:
        return FinancialYear(min(year_containing(today, year_end), highest), year_end)
    if not MIN_YEAR <= query_year <= highest:
        raise Invalid.field("year", "funds.statement_year", min=MIN_YEAR, max=highest)
    return FinancialYear(query_year, year_end)


def build(tenant_id: str, year: FinancialYear) -> Statement:
    funds = [
        FundFacts(
            fund_id=fund.fund_id,
            name=fund.name,
            fund_class=fund.fund_class,
            balance=int(balance.balance or 0),
            finance_code=fund.finance_code,
            archived=bool(fund.archived),
        )
        for fund, balance in funds_with_default(tenant_id)
    ]
    return statement(year, funds, month_totals(tenant_id, year.first_month))


def _money(figures: Figures) -> dict[str, str | None]:
    return {name: pounds(getattr(figures, name)) for name in FIGURES}


def view(found: Statement) -> dict[str, Any]:
    year = found.year
    return {
        "year": year.year,
        "year_end": year.year_end,
        "year_end_date": year.year_end_date.isoformat(),
        "start": year.start.isoformat(),
        "end": year.end.isoformat(),
        "whole_months": year.whole_months,
        "has_movements": found.has_movements,
        "classes": [
            {
                "fund_class": group.fund_class,
                "funds": [
                    {
                        "id": fund.fund_id,
                        "name": fund.name,
                        "finance_code": fund.finance_code,
                        "fund_class": fund.fund_class,
                        "archived": fund.archived,
                        **_money(figures),
                    }
                    for fund, figures in group.funds
                ],
                "subtotal": _money(group.subtotal),
            }
            for group in found.groups
        ],
        "total": _money(found.total),
    }


def _year(who: Principal, query: StatementQuery) -> FinancialYear:
    return chosen_year(query.year, year_end_of(who.tenant_id), clock.today())


def show(who: Principal, query: StatementQuery) -> dict[str, Any]:
    """The statement, with the year in progress (`current_year`, the year picker's latest)."""
    year_end = year_end_of(who.tenant_id)
    today = clock.today()
    current = chosen_year(None, year_end, today)
    found = build(who.tenant_id, chosen_year(query.year, year_end, today) if query.year else current)
    return {**view(found), "current_year": current.year}


def filename(year: int) -> str:
    return f"statement-of-funds-{year}.csv"


def csv_text(who: Principal, query: StatementQuery) -> tuple[str, str]:
    """(file name, CSV text): a header row, a row per fund, a subtotal row per class and the
    total; every cell through `SafeCsvWriter` (a name such as `=HYPERLINK(...)` stays text)."""
    found = build(who.tenant_id, _year(who, query))
    columns = [
        ("class", t("funds.statement.class")),
        ("fund", t("funds.statement.fund")),
        ("finance_code", t("funds.statement.finance_code")),
        *((name, t(f"funds.statement.{name}")) for name in FIGURES),
    ]
    out = io.StringIO()
    writer = SafeCsvWriter(out, columns)
    for group in found.groups:
        label = t(f"funds.statement.class.{group.fund_class}")
        for fund, figures in group.funds:
            name = f"{fund.name} {t('funds.statement.archived')}" if fund.archived else fund.name
            writer.write({"class": label, "fund": name, "finance_code": fund.finance_code, **_money(figures)})
        writer.write(
            {
                "class": label,
                "fund": t("funds.statement.subtotal", fund_class=label),
                **_money(group.subtotal),
            }
        )
    writer.write({"fund": t("funds.statement.total"), **_money(found.total)})
    return filename(found.year.year), out.getvalue()
