"""Persistence of projects: a project, its name's uniqueness item and its totals item change in
one TransactWriteItems; a project and its totals items sort together, so one Query reads a
project's figures and one Query every project's (docs/access-patterns.md "Projects")."""

from __future__ import annotations

from typing import Any

from functions.core import aws, config, keys
from functions.core.errors import NotFound
from functions.core.table import Entity
from functions.expenses.models import ExpenseType
from functions.funds.models import Fund, LedgerLine, ProjectTotals, ProjectTypeTotal
from functions.projects.models import Project

MAX_ITEMS = 2000  # items of one charity's project list read at most (a project is 2+ items)
IMAGE_LINK_SECONDS = 60 * 60


def totals_for(project: Project) -> ProjectTotals:
    return ProjectTotals(
        *ProjectTotals.key(project.tenant_id, project.project_id),
        project_id=project.project_id,
        fund_id=project.fund_id,
        archived=project.status == "archived",
        lines=0,
    )


def type_of(item: ProjectTypeTotal) -> str:
    return str(item.sk).rsplit("#TYPE#", 1)[1]


def get_with_totals(tenant_id: str, project_id: str) -> tuple[Project, ProjectTotals, list[ProjectTypeTotal]]:
    """The project, its totals and its expense-type totals in one Query (404 when the charity
    has no such project)."""
    low, high = keys.project_items_range(project_id)
    project, totals, types = None, None, []
    for item in Entity.query(keys.tenant_pk(tenant_id), Entity.sk.between(low, high), consistent_read=True):
        if isinstance(item, Project) and item.project_id == project_id:
            project = item
        elif isinstance(item, ProjectTotals) and item.sk == keys.project_totals_sk(project_id):
            totals = item
        elif isinstance(item, ProjectTypeTotal) and item.sk.startswith(
            f"{keys.project_sk(project_id)}#TYPE#"
        ):
            types.append(item)
    if project is None:
        raise NotFound("projects.unknown")
    return project, totals or totals_for(project), types


def all_projects(tenant_id: str) -> list[tuple[Project, ProjectTotals]]:
    """Every project of the charity with its totals: one Query of `PROJECT#`."""
    projects: dict[str, Project] = {}
    totals: dict[str, ProjectTotals] = {}
    for item in Entity.query(
        keys.tenant_pk(tenant_id), Entity.sk.startswith(keys.project_prefix()), limit=MAX_ITEMS
    ):
        if isinstance(item, Project):
            projects[item.project_id] = item
        elif isinstance(item, ProjectTotals) and item.project_id:
            totals[item.project_id] = item
    return [(project, totals.get(pid) or totals_for(project)) for pid, project in projects.items()]


def fund_names(tenant_id: str) -> dict[str, str]:
    """Every fund's name (one Query of `FUND#`)."""
    return {
        item.fund_id: item.name
        for item in Entity.query(keys.tenant_pk(tenant_id), Entity.sk.startswith(keys.fund_prefix()))
        if isinstance(item, Fund)
    }


def form_choices(tenant_id: str) -> tuple[list[Fund], list[ExpenseType]]:
    """The charity's funds and expense types (one Query each) for the project form."""
    funds = [
        item
        for item in Entity.query(keys.tenant_pk(tenant_id), Entity.sk.startswith(keys.fund_prefix()))
        if isinstance(item, Fund)
    ]
    types = [
        item
        for item in Entity.query(keys.tenant_pk(tenant_id), Entity.sk.startswith(keys.expense_type_prefix()))
        if isinstance(item, ExpenseType)
    ]
    return funds, types


def fund(tenant_id: str, fund_id: str) -> Fund | None:
    try:
        return Fund.get(*Fund.key(tenant_id, fund_id), consistent_read=True)
    except Fund.DoesNotExist:
        return None


def expense_types(tenant_id: str, type_ids: set[str]) -> dict[str, ExpenseType]:
    """The charity's expense types among `type_ids` (one BatchGetItem)."""
    wanted = sorted(type_id for type_id in type_ids if type_id)
    if not wanted:
        return {}
    found = ExpenseType.batch_get([ExpenseType.key(tenant_id, type_id) for type_id in wanted])
    return {item.expense_type_id: item for item in found if item.tenant_id == tenant_id}


def lines_page(
    tenant_id: str, project_id: str, *, length: int, start: dict[str, Any] | None
) -> tuple[list[LedgerLine], dict[str, Any] | None]:
    """A project's ledger lines newest first (GSI1)."""
    result = LedgerLine.gsi1.query(
        keys.project_lines_pk(tenant_id, project_id),
        LedgerLine.gsi1sk.startswith(keys.fund_line_prefix()),
        scan_index_forward=False,
        limit=length,
        last_evaluated_key=start,
    )
    rows = [row for row in result if isinstance(row, LedgerLine)]
    return rows, result.last_evaluated_key


def image_url(key: str) -> str:
    """A presigned GET of a project's image (shown inline)."""
    return str(
        aws.client("s3").generate_presigned_url(
            "get_object",
            Params={"Bucket": config.files_bucket(), "Key": key},
            ExpiresIn=IMAGE_LINK_SECONDS,
        )
    )
