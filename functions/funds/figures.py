"""The few fund figures the dashboard's fund tiles need (issue 15 §8), apart from the statement of
funds, the funds service and the funds repository (its transactions) so that the dashboard's
first request imports none of them (ADR 0011, cold start): the fund list with balances (one
Query), the charity's year end, every fund's monthly totals over a range of months (one Query,
paginated), and pence shown as pounds."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from functions.core import keys
from functions.core.identity import Tenant
from functions.core.money import money_text
from functions.core.table import Entity
from functions.domain.funds import KINDS
from functions.funds.models import Fund, FundBalance, FundMonth

if TYPE_CHECKING:
    from functions.domain.fund_statement import MonthTotals

MAX_FUNDS = 1000  # items of one charity's fund list read at most (a fund is two items)


def pounds(amount_pence: int | None) -> str | None:
    return None if amount_pence is None else money_text(Decimal(int(amount_pence)) / 100)


def year_end(tenant: Tenant) -> str:
    """The charity's financial year end, "MM-DD" (charity settings; 31 March unless set). Its one
    copy is on the charity item (ADR 0018: the old Gift Aid settings copy never held it)."""
    return tenant.year_end or "03-31"


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
