"""The fund ledger's writes: each movement is an append-only line, and in the SAME transaction
its fund's balance item and monthly totals move (ADD). The balance update carries the ledger's
invariants as its condition, evaluated by DynamoDB on the item as it is at commit, so they hold
under concurrent requests: the fund exists; a restricted or endowment fund's balance covers the
transaction's net debit; an archived fund takes no money in."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from functions.core import clock, ids, keys
from functions.core.table import absent
from functions.domain.funds import Movement, balance_changes
from functions.donors.transaction import Transaction
from functions.funds.models import FundBalance, FundMonth, LedgerLine, ProjectTotals, ProjectTypeTotal

FUND_TAG = "fund:"  # a cancelled transaction names the fund whose condition failed
PROJECT_TAG = "project:"  # ... or the project


def balance_condition(deltas: dict[str, Any]) -> Any:
    """The condition of a balance update moving `deltas` (merged for the transaction)."""
    change = int(deltas.get("balance", 0))
    condition = FundBalance.pk.exists()
    if change < 0:
        condition &= (FundBalance.guarded == False) | (FundBalance.balance >= -change)  # noqa: E712
    elif change > 0:
        condition &= ~(FundBalance.archived == True)  # noqa: E712
    return condition


def project_condition(deltas: dict[str, Any]) -> Any:
    """The condition of a project's totals update: the project exists; money in needs it not
    archived (a project's money is guarded by its fund's balance)."""
    condition = ProjectTotals.pk.exists()
    if sum(int(value) for name, value in deltas.items() if name != "lines") > 0:
        condition &= ~(ProjectTotals.archived == True)  # noqa: E712
    return condition


def project_of_tag(tag: str) -> str | None:
    return tag[len(PROJECT_TAG) :] if tag.startswith(PROJECT_TAG) else None


def fund_of_tag(tag: str) -> str | None:
    return tag[len(FUND_TAG) :] if tag.startswith(FUND_TAG) else None


def add_movements(
    transaction: Transaction,
    tenant_id: str,
    movements: Iterable[Movement],
    *,
    source_type: str,
    source_id: str,
    user_id: str | None,
    reason: str | None = None,
    note: str | None = None,
    other_fund_id: str | None = None,
    evidence_key: str | None = None,
    line_ids: Sequence[str] | None = None,
    line_tag: str | None = None,
) -> list[LedgerLine]:
    """Add to `transaction` a line per movement, its fund's monthly totals and balance.
    `line_ids` (one per movement) gives lines ids that a retried write repeats, so a line
    written before cancels the transaction (`line_tag` names it) instead of doubling."""
    moves = list(movements)
    lines: list[LedgerLine] = []
    counts: dict[str, int] = {}
    for number, move in enumerate(moves):
        line_id = line_ids[number] if line_ids is not None else ids.new_id()
        line = LedgerLine(
            *LedgerLine.key(tenant_id, move.fund_id, move.date, line_id),
            line_id=line_id,
            fund_id=move.fund_id,
            kind=move.kind,
            amount=move.amount,
            line_date=move.date,
            source_type=source_type,
            source_id=source_id,
            user_id=user_id,
            reason=reason,
            note=note,
            other_fund_id=other_fund_id,
            evidence_key=evidence_key,
            project_id=move.project_id,
            expense_type_id=move.expense_type_id,
            created_at=clock.now(),
        )
        if move.project_id:
            line.gsi1pk = keys.project_lines_pk(tenant_id, move.project_id)
            line.gsi1sk = keys.fund_line_sk(move.date, line_id)
        transaction.put(line, condition=absent(LedgerLine), tag=line_tag)
        lines.append(line)
        counts[move.fund_id] = counts.get(move.fund_id, 0) + 1
        month: dict[str, Any] = {move.kind: move.amount}
        transaction.add(FundMonth, FundMonth.key(tenant_id, move.date[:7], move.fund_id), **month)
        if move.project_id:
            transaction.add(
                ProjectTotals,
                ProjectTotals.key(tenant_id, move.project_id),
                condition_of=project_condition,
                tag=f"{PROJECT_TAG}{move.project_id}",
                lines=1,
                **month,
            )
            if move.expense_type_id:
                transaction.add(
                    ProjectTypeTotal,
                    ProjectTypeTotal.key(tenant_id, move.project_id, move.expense_type_id),
                    expense=move.amount,
                )
    for fund_id, change in balance_changes(moves).items():
        transaction.add(
            FundBalance,
            FundBalance.key(tenant_id, fund_id),
            condition_of=balance_condition,
            tag=f"{FUND_TAG}{fund_id}",
            balance=change,
            lines=counts[fund_id],
        )
    return lines


def movement_keys(tenant_id: str, movements: Iterable[Movement]) -> list[tuple[str, str]]:
    """The items a set of movements writes besides their lines (a batch sizes transactions with
    these): balances and monthly totals."""
    found: list[tuple[str, str]] = []
    for move in movements:
        found.append(FundBalance.key(tenant_id, move.fund_id))
        found.append(FundMonth.key(tenant_id, move.date[:7], move.fund_id))
        if move.project_id:
            found.append(ProjectTotals.key(tenant_id, move.project_id))
            if move.expense_type_id:
                found.append(ProjectTypeTotal.key(tenant_id, move.project_id, move.expense_type_id))
    return list(dict.fromkeys(found))


def money_in_condition(deltas: dict[str, Any]) -> Any:
    """The condition of a write that will bring money into a fund later in its own transaction
    (an import's rows, whose lines follow, functions/imports/ledger.py): the fund exists and is
    not archived, as a credit's balance update requires."""
    return balance_condition({"balance": 1})
