"""The dashboard's fund tiles (issue 15 §8): for a user who manages fund distributions, the
largest active funds by balance with this financial year's income and Gift Aid and progress
towards the fund's goal. Reads every fund with its balance (one Query of `FUND#`) and this
financial year's monthly totals (one Query of the `FUNDMONTH#` range of its months); the year end
comes from the charity item the dashboard read. Never donations or ledger lines. Users without
the permission get no fund data at all (the service leaves the key out)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from functions.core.identity import Tenant
from functions.domain.financial_year import FinancialYear, year_containing
from functions.domain.funds import is_guarded
from functions.funds.figures import all_funds, month_totals, pounds, year_end

PERMISSION = "manage-fund-distributions"
SHOWN = 6  # tiles at most; "See all funds" leads to the rest


def tiles(tenant: Tenant, today: dt.date) -> dict[str, Any]:
    tenant_id = tenant.tenant_id
    ends = year_end(tenant)
    year = FinancialYear(year_containing(today, ends), ends)
    first, last = year.months()
    active = [(fund, balance) for fund, balance in all_funds(tenant_id) if fund.active and not fund.archived]
    active.sort(key=lambda pair: (-int(pair[1].balance or 0), pair[0].name.casefold()))
    shown = active[:SHOWN]
    months = month_totals(tenant_id, first, last) if shown else {}
    rows = []
    for fund, balance in shown:
        income = gift_aid = 0
        for _, kinds in months.get(fund.fund_id, []):
            income += int(kinds.get("allocation", 0)) + int(kinds.get("refund_reversal", 0))
            gift_aid += int(kinds.get("gift_aid", 0))
        amount = int(balance.balance or 0)
        goal = int(fund.goal) if fund.goal is not None and int(fund.goal) > 0 else None
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
