"""The dashboard's fund tiles (issue 15 §8): for a user who manages fund distributions, the
largest active funds by balance with this financial year's income and Gift Aid and progress
towards the fund's goal. Reads every fund with its balance (one Query of `FUND#`) and this
financial year's monthly totals (one Query of the `FUNDMONTH#` range of its months); the year end
comes from the charity item the dashboard read. Never donations or ledger lines. Users without
the permission get no fund data at all (the service leaves the key out).

The same reads as `functions.funds.figures`' `all_funds` and `month_totals`, made as plain
attributes (`functions.core.plain_items`) so that the dashboard's first request imports no fund
model (ADR 0011, addendum "the dashboard's first request");
tests/functional/test_dashboard_plain_reads.py holds them to the models' answers."""

from __future__ import annotations

import datetime as dt
from typing import Any

from functions.core import keys, plain_items
from functions.core.identity import Tenant
from functions.domain.financial_year import FinancialYear, year_containing
from functions.domain.fund_classes import KINDS, is_guarded
from functions.funds.amounts import pounds, year_end

PERMISSION = "manage-fund-distributions"
SHOWN = 6  # tiles at most; "See all funds" leads to the rest
MAX_FUNDS = 1000  # items of the fund list read at most (functions.funds.figures.MAX_FUNDS)
# the discriminators of the items the tiles read (their models' `discriminator=`)
FUND_ENTITY, BALANCE_ENTITY, MONTH_ENTITY = "Fund", "FundBalance", "FundMonth"


class FundRow:
    """What a tile shows of a fund and its balance item (a `Fund`'s and a `FundBalance`'s
    attributes as their models read them: absent ones take the models' defaults)."""

    __slots__ = ("active", "archived", "balance", "fund_class", "fund_id", "goal", "name")

    def __init__(self, fund: plain_items.Item, balance: plain_items.Item | None) -> None:
        self.fund_id = plain_items.text(fund, "fund_id") or ""
        self.name = plain_items.text(fund, "name") or ""
        self.fund_class = plain_items.text(fund, "fund_class") or ""
        self.active = plain_items.boolean(fund, "active", True)
        self.archived = plain_items.boolean(fund, "archived", False)
        goal = plain_items.number(fund, "goal")
        self.goal = None if goal is None else int(goal)
        self.balance = int(plain_items.number(balance, "balance") or 0)


def funds(tenant_id: str) -> list[FundRow]:
    """Every fund of the charity with its balance: one Query (a fund and its balance item sort
    together under `FUND#`)."""
    found: dict[str, plain_items.Item] = {}
    balances: dict[str, plain_items.Item] = {}
    for item in plain_items.query(
        keys.tenant_pk(tenant_id),
        (FUND_ENTITY, BALANCE_ENTITY),
        sk_prefix=keys.fund_prefix(),
        limit=MAX_FUNDS,
    ):
        fund_id = plain_items.text(item, "fund_id")
        if item["entity"]["S"] == FUND_ENTITY:
            found[fund_id or ""] = item
        elif fund_id:
            balances[fund_id] = item
    return [FundRow(fund, balances.get(fund_id)) for fund_id, fund in found.items()]


def month_totals(tenant_id: str, first_month: str, last_month: str) -> dict[str, dict[str, int]]:
    """Every fund's totals by kind over the months `first_month` to `last_month`, by fund id: one
    Query range, paginated."""
    found: dict[str, dict[str, int]] = {}
    for item in plain_items.query(
        keys.tenant_pk(tenant_id),
        MONTH_ENTITY,
        sk_between=(keys.fund_month_sk(first_month, ""), f"{keys.fund_month_sk(last_month, '')}~"),
    ):
        fund_id = item["SK"]["S"].split("#", 2)[2]
        totals = found.setdefault(fund_id, dict.fromkeys(KINDS, 0))
        for kind in KINDS:
            totals[kind] += int(plain_items.number(item, kind) or 0)
    return found


def tiles(tenant: Tenant, today: dt.date) -> dict[str, Any]:
    tenant_id = tenant.tenant_id
    ends = year_end(tenant)
    year = FinancialYear(year_containing(today, ends), ends)
    first, last = year.months()
    active = [fund for fund in funds(tenant_id) if fund.active and not fund.archived]
    active.sort(key=lambda fund: (-fund.balance, fund.name.casefold()))
    shown = active[:SHOWN]
    months = month_totals(tenant_id, first, last) if shown else {}
    rows = []
    for fund in shown:
        kinds = months.get(fund.fund_id, {})
        income = kinds.get("allocation", 0) + kinds.get("refund_reversal", 0)
        gift_aid = kinds.get("gift_aid", 0)
        amount = fund.balance
        goal = fund.goal if fund.goal is not None and fund.goal > 0 else None
        rows.append(
            {
                "id": fund.fund_id,
                "name": fund.name,
                "fund_class": fund.fund_class,
                "restricted": is_guarded(fund.fund_class),
                "balance": pounds(amount),
                "year_income": pounds(income),
                "year_gift_aid": pounds(gift_aid),
                "goal": pounds(goal),
                "goal_percent": (max(amount, 0) * 100 // goal) if goal else None,
            }
        )
    return {
        "tiles": rows,
        "active_count": len(active),
        "year": {"year": year.year, "start": year.start.isoformat(), "end": year.end.isoformat()},
    }
