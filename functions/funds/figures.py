"""The fund figures the statement of funds, Gift Aid's allocation, the giving page and the demo
read, apart from the funds service and the funds repository (its transactions): the fund list with
balances (one Query), every fund's monthly totals over a range of months (one Query, paginated);
the charity's year end and pence shown as pounds are `amounts.py`'s, re-exported. The dashboard's
fund tiles read the same items as plain attributes (`functions/dashboard/fund_tiles.py`, ADR 0011,
cold start)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from functions.core import keys
from functions.core.table import Entity
from functions.domain.funds import KINDS

# amounts and the year end live in their own module (the dashboard's tiles); importable from here
from functions.funds.amounts import pounds as pounds
from functions.funds.amounts import year_end as year_end
from functions.funds.models import Fund, FundBalance, FundMonth

if TYPE_CHECKING:
    from functions.domain.fund_statement import MonthTotals

MAX_FUNDS = 1000  # items of one charity's fund list read at most (a fund is two items)


def month_totals(
    tenant_id: str, first_month: str, last_month: str | None = None
) -> dict[str, list[tuple[str, MonthTotals]]]:
    """Every fund's monthly totals from `first_month` on (to `last_month` when given), by fund id:
    one Query range, paginated."""
    found: dict[str, list[tuple[str, MonthTotals]]] = {}
    high = f"{keys.fund_month_sk(last_month, '')}~" if last_month else f"{keys.fund_month_prefix()}~"
    for item in Entity.query(
        keys.tenant_pk(tenant_id),
        Entity.sk.between(keys.fund_month_sk(first_month, ""), high),
    ):
        if not isinstance(item, FundMonth):
            continue
        _, month, fund_id = item.sk.split("#", 2)
        kinds = {kind: int(getattr(item, kind) or 0) for kind in KINDS}
        found.setdefault(fund_id, []).append((month, kinds))
    return found


def all_funds(tenant_id: str) -> list[tuple[Fund, FundBalance]]:
    """Every fund of the charity with its balance: one Query (a fund and its balance item sort
    together under `FUND#`)."""
    funds: dict[str, Fund] = {}
    balances: dict[str, FundBalance] = {}
    for item in Entity.query(
        keys.tenant_pk(tenant_id), Entity.sk.startswith(keys.fund_prefix()), limit=MAX_FUNDS
    ):
        if isinstance(item, Fund):
            funds[item.fund_id] = item
        elif isinstance(item, FundBalance) and item.fund_id:
            balances[item.fund_id] = item
    return [
        (fund, balances.get(fund_id) or FundBalance(*FundBalance.key(tenant_id, fund_id), fund_id=fund_id))
        for fund_id, fund in funds.items()
    ]
