"""Persistence of funds: the fund, its name's uniqueness item and its balance item change in one
TransactWriteItems; the default fund is put only if absent, so creating it is safe to repeat and
to race (docs/access-patterns.md "Funds")."""

from __future__ import annotations

from typing import Any

from functions.core import keys
from functions.core.errors import NotFound
from functions.core.identity import User
from functions.core.table import Entity
from functions.domain.funds import DEFAULT_FUND_ID, DEFAULT_FUND_NAME, folded_name, is_guarded
from functions.donors.transaction import Transaction, TransactionFailed
from functions.funds.models import Fund, FundBalance, FundName, LedgerLine
from functions.projects.models import Project

DEFAULT_NAMES = (DEFAULT_FUND_NAME, "General (default)", "General fund (default)")


def name_key(tenant_id: str, name: str) -> tuple[str, str]:
    return keys.tenant_pk(tenant_id), keys.fund_name_sk(folded_name(name))


def get_with_balance(tenant_id: str, fund_id: str) -> tuple[Fund, FundBalance]:
    """The fund and its balance item in one Query (404 when the charity has no such fund)."""
    low, high = keys.fund_items_range(fund_id)
    fund, balance = None, None
    for item in Entity.query(keys.tenant_pk(tenant_id), Entity.sk.between(low, high), consistent_read=True):
        if isinstance(item, Fund) and item.fund_id == fund_id:
            fund = item
        elif isinstance(item, FundBalance):
            balance = item
    if fund is None:
        raise NotFound()
    return fund, balance or FundBalance(*FundBalance.key(tenant_id, fund_id), fund_id=fund_id)


def new_balance(fund: Fund) -> FundBalance:
    return FundBalance(
        *FundBalance.key(fund.tenant_id, fund.fund_id),
        fund_id=fund.fund_id,
        balance=0,
        lines=0,
        guarded=is_guarded(fund.fund_class),
        archived=bool(fund.archived),
    )


def create(fund: Fund) -> None:
    """Fund, name and balance in one transaction; `TransactionFailed` tagged `name` when the name
    is taken (`fund` when the id is)."""
    transaction = Transaction()
    transaction.put(fund, condition=Fund.pk.does_not_exist(), tag="fund")
    transaction.put(
        FundName(*name_key(fund.tenant_id, fund.name), fund_id=fund.fund_id),
        condition=FundName.pk.does_not_exist(),
        tag="name",
    )
    transaction.put(new_balance(fund), condition=FundBalance.pk.does_not_exist(), tag="balance")
    transaction.commit()


def ensure_default_fund(tenant_id: str) -> bool:
    """Create the charity's default General fund unless it exists (registration, and the
    migration of charities made before funds: on first read). Conditional puts make a repeat or
    a concurrent call harmless; a user's own fund already named "General" makes the default take
    the next name. True when this call created it (a charity older than funds then has its old
    donations given their default split: `functions.funds.backfill`)."""
    for name in DEFAULT_NAMES:
        fund = Fund(
            *Fund.key(tenant_id, DEFAULT_FUND_ID),
            fund_id=DEFAULT_FUND_ID,
            tenant_id=tenant_id,
            name=name,
            fund_class="unrestricted_general",
            description=None,
            active=True,
            archived=False,
            is_default=True,
        )
        try:
            create(fund)
            return True
        except TransactionFailed as failed:
            if "name" in failed.tags and not {"fund", "balance"} & failed.tags:
                continue
            if default_exists(tenant_id):
                return False
            raise
    raise RuntimeError("no free name for the default fund")


def default_exists(tenant_id: str) -> bool:
    try:
        Fund.get(*Fund.key(tenant_id, DEFAULT_FUND_ID), consistent_read=True)
    except Fund.DoesNotExist:
        return False
    return True


def ledger_page(
    tenant_id: str, fund_id: str, *, length: int, start: dict[str, Any] | None
) -> tuple[list[LedgerLine], dict[str, Any] | None]:
    """A fund's lines newest first (line date, then creation)."""
    result = LedgerLine.query(
        keys.fund_ledger_pk(tenant_id, fund_id),
        LedgerLine.sk.startswith(keys.fund_line_prefix()),
        scan_index_forward=False,
        limit=length,
        last_evaluated_key=start,
    )
    rows = list(result)
    return rows, result.last_evaluated_key


def user_names(tenant_id: str, user_ids: set[str]) -> dict[str, str]:
    """The names of the charity's users among `user_ids` (one BatchGetItem for a ledger page);
    an id that is not a user of the charity (a job, a removed user) has none."""
    wanted = sorted(user_id for user_id in user_ids if user_id)
    if not wanted:
        return {}
    found = User.batch_get([User.key(tenant_id, user_id) for user_id in wanted])
    return {user.user_id: user.name for user in found if user.tenant_id == tenant_id}


def lines_of(tenant_id: str, fund_id: str) -> list[LedgerLine]:
    """Every line of a fund (tests and checks; never in a list request)."""
    return list(
        LedgerLine.query(
            keys.fund_ledger_pk(tenant_id, fund_id),
            LedgerLine.sk.startswith(keys.fund_line_prefix()),
            consistent_read=True,
        )
    )


def names_of(tenant_id: str, fund_ids: set[str], project_ids: set[str]) -> dict[str, str]:
    """The names of these funds and projects of the charity, keyed `fund:<id>` / `project:<id>`
    (one BatchGetItem; a deleted one has none)."""
    wanted = [Fund.key(tenant_id, f) for f in sorted(fund_ids)] + [
        Project.key(tenant_id, p) for p in sorted(project_ids)
    ]
    found: dict[str, str] = {}
    for item in Entity.batch_get(wanted) if wanted else []:
        if isinstance(item, Fund):
            found[f"fund:{item.fund_id}"] = item.name
        elif isinstance(item, Project):
            found[f"project:{item.project_id}"] = item.name
    return found
