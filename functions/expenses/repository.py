"""Persistence of expense types and expenses (docs/access-patterns.md "Expenses")."""

from __future__ import annotations

from typing import Any

from functions.core import keys
from functions.core.errors import NotFound
from functions.core.table import Entity
from functions.domain.funds import folded_name
from functions.expenses.models import Expense, ExpenseTotals, ExpenseType
from functions.funds.models import ProjectTotals
from functions.projects.models import Project

MAX_TYPES = 1000


def type_name_key(tenant_id: str, name: str) -> tuple[str, str]:
    return keys.tenant_pk(tenant_id), keys.expense_type_name_sk(folded_name(name))


def get_type(tenant_id: str, expense_type_id: str) -> ExpenseType:
    try:
        return ExpenseType.get(*ExpenseType.key(tenant_id, expense_type_id), consistent_read=True)
    except ExpenseType.DoesNotExist as exc:
        raise NotFound() from exc


def all_types(tenant_id: str) -> list[ExpenseType]:
    """Every expense type of the charity: one Query (`EXPTYPE#`; the name items sort apart)."""
    found = ExpenseType.query(
        keys.tenant_pk(tenant_id), ExpenseType.sk.startswith(keys.expense_type_prefix()), limit=MAX_TYPES
    )
    return sorted(found, key=lambda item: folded_name(item.name))


def get_expense(tenant_id: str, expense_id: str) -> Expense:
    try:
        return Expense.get(*Expense.key(tenant_id, expense_id), consistent_read=True)
    except Expense.DoesNotExist as exc:
        raise NotFound() from exc


def index_keys(expense: Expense) -> None:
    expense.gsi1pk = keys.expenses_pk(expense.tenant_id)
    expense.gsi1sk = keys.expense_date_sk(expense.expense_date, expense.expense_id)


def expenses_page(
    tenant_id: str,
    *,
    date_from: str | None,
    date_to: str | None,
    filters: Any,
    length: int,
    start: dict[str, Any] | None,
) -> tuple[list[Expense], dict[str, Any] | None]:
    """A charity's expenses newest first: one Query of GSI1 (the date range as the key
    condition, the other filters as a filter expression)."""
    low = keys.expense_date_sk(date_from, "") if date_from else keys.expense_date_prefix()
    high = keys.expense_date_sk(date_to, "~") if date_to else f"{keys.expense_date_prefix()}~"
    result = Expense.gsi1.query(
        keys.expenses_pk(tenant_id),
        Entity.gsi1sk.between(low, high),
        filter_condition=filters,
        scan_index_forward=False,
        limit=length,
        last_evaluated_key=start,
    )
    rows = [row for row in result if isinstance(row, Expense)]
    return rows, result.last_evaluated_key


def totals(tenant_id: str) -> ExpenseTotals:
    try:
        return ExpenseTotals.get(*ExpenseTotals.key(tenant_id))
    except ExpenseTotals.DoesNotExist:
        return ExpenseTotals(*ExpenseTotals.key(tenant_id))


def project_totals(tenant_id: str, project_id: str) -> ProjectTotals:
    try:
        return ProjectTotals.get(*ProjectTotals.key(tenant_id, project_id), consistent_read=True)
    except ProjectTotals.DoesNotExist as exc:
        raise NotFound() from exc


def project_name(tenant_id: str, project_id: str) -> str:
    try:
        return str(Project.get(*Project.key(tenant_id, project_id)).name)
    except Project.DoesNotExist:
        return project_id


def all_projects(tenant_id: str) -> list[tuple[Project, ProjectTotals | None]]:
    """Every project with its totals item (fund, archived): one Query under `PROJECT#`, only
    these two kinds of item returned."""
    projects: dict[str, Project] = {}
    totals_of: dict[str, ProjectTotals] = {}
    for item in Entity.query(
        keys.tenant_pk(tenant_id),
        Entity.sk.startswith(keys.project_prefix()),
        filter_condition=Entity.entity.is_in(Project, ProjectTotals),
    ):
        if isinstance(item, Project):
            projects[item.project_id] = item
        elif isinstance(item, ProjectTotals):
            totals_of[item.project_id or item.sk.split("#")[1]] = item
    return [(project, totals_of.get(project_id)) for project_id, project in projects.items()]
