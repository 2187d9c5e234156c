"""Projects: create, list (with their money), read (figures, budget against actual), edit
(optimistic locking), archive by status, delete (only without ledger lines); a project's
ledger lines; its image upload link. Every change is in the audit trail."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from functions.core import audit, clock, ids, keys
from functions.core import files as stored_files
from functions.core.access import Principal
from functions.core.errors import Conflict, Invalid, NotFound
from functions.core.messages import t
from functions.core.pagination import decode_cursor, encode_cursor, page_body
from functions.domain.funds import folded_name, pence
from functions.donors.transaction import Transaction, TransactionFailed
from functions.funds import repository as fund_repository
from functions.funds.models import ProjectTotals, ProjectTypeTotal
from functions.funds.service import line_view, pounds, project_options
from functions.projects import messages as _messages  # noqa: F401  (registers the messages)
from functions.projects import repository
from functions.projects.models import Project, ProjectName

if TYPE_CHECKING:
    from functions.projects.list_queries import LinesQuery
    from functions.projects.schemas import ImageBody, ProjectBody, ProjectUpdateBody


def figures(totals: ProjectTotals) -> dict[str, int]:
    """A project's money in pence: raised (allocations less refunds, and donations moved in or
    out of it from other funds), Gift Aid, spent (a positive figure) and the balance."""
    raised = (
        int(totals.allocation or 0)
        + int(totals.refund_reversal or 0)
        + int(totals.transfer_in or 0)
        + int(totals.transfer_out or 0)
    )
    gift_aid = int(totals.gift_aid or 0)
    spent = -int(totals.expense or 0)
    return {"raised": raised, "gift_aid": gift_aid, "spent": spent, "balance": raised + gift_aid - spent}


def _money(values: dict[str, int]) -> dict[str, str | None]:
    return {name: pounds(value) for name, value in values.items()}


def summary(project: Project, totals: ProjectTotals, fund_name: str | None) -> dict[str, Any]:
    return {
        "id": project.project_id,
        "name": project.name,
        "fund_id": project.fund_id,
        "fund_name": fund_name,
        "status": project.status,
        "budget": pounds(int(project.budget) if project.budget is not None else None),
        "start_date": project.start_date,
        "end_date": project.end_date,
        "lines": int(totals.lines or 0),
        **_money(figures(totals)),
    }


def _type_rows(tenant_id: str, project: Project, types: list[ProjectTypeTotal]) -> list[dict[str, Any]]:
    """Budget against actual per expense type: every budgeted type, then any other type spent."""
    budgets = {str(line["expense_type_id"]): int(line["amount"]) for line in project.type_budgets or []}
    actual = {repository.type_of(item): -int(item.expense or 0) for item in types}
    order = list(budgets) + [type_id for type_id in actual if type_id not in budgets]
    names = repository.expense_types(tenant_id, set(order))
    rows = []
    for type_id in order:
        budget, spent = budgets.get(type_id), actual.get(type_id, 0)
        rows.append(
            {
                "expense_type_id": type_id,
                "name": names[type_id].name if type_id in names else None,
                "budget": pounds(budget),
                "spent": pounds(spent),
                "percent": round(spent * 100 / budget) if budget else None,
            }
        )
    return rows


def view(
    tenant_id: str, project: Project, totals: ProjectTotals, types: list[ProjectTypeTotal]
) -> dict[str, Any]:
    found = repository.fund(tenant_id, project.fund_id)
    return {
        **summary(project, totals, found.name if found else None),
        "description": project.description,
        "type_budgets": [
            {"expense_type_id": str(line["expense_type_id"]), "amount": pounds(int(line["amount"]))}
            for line in project.type_budgets or []
        ],
        "budget_by_type": _type_rows(tenant_id, project, types),
        "image_key": project.image_key,
        "image_url": repository.image_url(project.image_key) if project.image_key else None,
        "version": project.version,
        "created_at": clock.iso(project.created_at),
    }


def show(who: Principal, project_id: str) -> dict[str, Any]:
    return view(who.tenant_id, *repository.get_with_totals(who.tenant_id, project_id))


def listing(who: Principal, status: str = "all") -> dict[str, Any]:
    """The charity's projects with their money: `status` "all" or one project status."""
    pairs = repository.all_projects(who.tenant_id)
    names = repository.fund_names(who.tenant_id)
    if status != "all":
        pairs = [pair for pair in pairs if pair[0].status == status]
    pairs.sort(key=lambda pair: folded_name(pair[0].name))
    rows = [summary(project, totals, names.get(project.fund_id)) for project, totals in pairs]
    return {
        "data": rows,
        "meta": {"total": len(rows), "page": 1, "length": len(rows), "next_cursor": None},
    }


def options(who: Principal) -> dict[str, Any]:
    """The projects a donation form offers: planned or active, each with its fund."""
    return {"data": project_options(who.tenant_id)}


def form_options(who: Principal) -> dict[str, Any]:
    """What the project form chooses from: active funds not archived (the default first) and
    expense types not archived, by name."""
    funds, types = repository.form_choices(who.tenant_id)
    if not any(item.fund_id == "general" for item in funds):
        fund_repository.ensure_default_fund(who.tenant_id)
        funds, types = repository.form_choices(who.tenant_id)
    return {
        "funds": [
            {"id": item.fund_id, "name": item.name}
            for item in sorted(funds, key=lambda item: (not item.is_default, folded_name(item.name)))
            if item.active and not item.archived
        ],
        "expense_types": [
            {"id": item.expense_type_id, "name": item.name}
            for item in sorted(types, key=lambda item: folded_name(item.name))
            if not item.archived
        ],
    }


def _check_fund(tenant_id: str, fund_id: str) -> None:
    found = repository.fund(tenant_id, fund_id)
    if found is None or found.archived or not found.active:
        if found is None and fund_id == "general":
            fund_repository.ensure_default_fund(tenant_id)
            return
        raise Invalid.field("fund_id", "projects.fund_unavailable")


def _check_types(tenant_id: str, body: ProjectBody) -> None:
    found = repository.expense_types(tenant_id, {line.expense_type_id for line in body.type_budgets})
    errors = {
        f"type_budgets.{index}.expense_type_id": [t("projects.unknown_type")]
        for index, line in enumerate(body.type_budgets)
        if line.expense_type_id not in found
    }
    if errors:
        raise Invalid(errors=errors)


def _check_image(tenant_id: str, project_id: str, image_key: str | None) -> None:
    if image_key is not None and not image_key.startswith(keys.project_image_prefix(tenant_id, project_id)):
        raise Invalid.field("image_key", "projects.image_key")


def _facts(body: ProjectBody) -> dict[str, Any]:
    return {
        "name": body.name,
        "description": body.description,
        "fund_id": body.fund_id,
        "status": body.status,
        "budget": pence(body.budget) if body.budget is not None else None,
        "type_budgets": [
            {"expense_type_id": line.expense_type_id, "amount": pence(line.amount)}
            for line in body.type_budgets
        ],
        "start_date": body.start_date.isoformat() if body.start_date else None,
        "end_date": body.end_date.isoformat() if body.end_date else None,
        "image_key": body.image_key,
    }


def create(who: Principal, body: ProjectBody) -> dict[str, Any]:
    project_id = ids.new_id()
    _check_image(who.tenant_id, project_id, body.image_key)
    _check_fund(who.tenant_id, body.fund_id)
    _check_types(who.tenant_id, body)
    project = Project(
        *Project.key(who.tenant_id, project_id),
        project_id=project_id,
        tenant_id=who.tenant_id,
        **_facts(body),
    )
    transaction = Transaction()
    transaction.put(project, condition=Project.pk.does_not_exist(), tag="project")
    transaction.put(
        ProjectName(*ProjectName.key(who.tenant_id, body.name), project_id=project_id),
        condition=ProjectName.pk.does_not_exist(),
        tag="name",
    )
    transaction.put(repository.totals_for(project), condition=ProjectTotals.pk.does_not_exist())
    try:
        transaction.commit()
    except TransactionFailed as failed:
        if "name" in failed.tags:
            raise Invalid.field("name", "projects.name_taken") from failed
        raise
    audit.record(
        who.tenant_id, "project.created", actor_id=who.user_id, project_id=project_id, name=body.name
    )
    return show(who, project_id)


def update(who: Principal, project_id: str, body: ProjectUpdateBody) -> dict[str, Any]:
    project, totals, _ = repository.get_with_totals(who.tenant_id, project_id)
    if project.version != body.version:
        raise Conflict("projects.stale")
    _check_image(who.tenant_id, project_id, body.image_key)
    fund_changes = body.fund_id != project.fund_id
    if fund_changes:
        if int(totals.lines or 0) > 0:
            raise Invalid.field("fund_id", "projects.fund_locked")
        _check_fund(who.tenant_id, body.fund_id)
    _check_types(who.tenant_id, body)
    facts = _facts(body)
    transaction = Transaction()
    actions = [
        getattr(Project, name).set(value) if value is not None else getattr(Project, name).remove()
        for name, value in facts.items()
    ]
    transaction.update(project, actions=actions, tag="project")
    if folded_name(body.name) != folded_name(project.name):
        transaction.put(
            ProjectName(*ProjectName.key(who.tenant_id, body.name), project_id=project_id),
            condition=ProjectName.pk.does_not_exist(),
            tag="name",
        )
        transaction.delete(ProjectName(*ProjectName.key(who.tenant_id, project.name)))
    totals_actions = [ProjectTotals.archived.set(body.status == "archived")]
    condition = ProjectTotals.pk.exists()
    if fund_changes:
        totals_actions.append(ProjectTotals.fund_id.set(body.fund_id))
        condition &= ProjectTotals.lines == 0
    transaction.update(
        ProjectTotals(*ProjectTotals.key(who.tenant_id, project_id)),
        actions=totals_actions,
        condition=condition,
        tag="lines",
    )
    try:
        transaction.commit()
    except TransactionFailed as failed:
        if "name" in failed.tags:
            raise Invalid.field("name", "projects.name_taken") from failed
        if "lines" in failed.tags and "project" not in failed.tags:
            raise Invalid.field("fund_id", "projects.fund_locked") from failed
        raise Conflict("projects.stale") from failed
    changed = {name for name, value in facts.items() if getattr(project, name) != value}
    audit.record(
        who.tenant_id, "project.updated", actor_id=who.user_id, project_id=project_id, changed=sorted(changed)
    )
    return show(who, project_id)


def remove(who: Principal, project_id: str) -> dict[str, Any]:
    """Only a project that never had a ledger line may be deleted (the condition on its totals
    item holds that also against a line written meanwhile); else it is archived instead."""
    project, totals, _ = repository.get_with_totals(who.tenant_id, project_id)
    if int(totals.lines or 0) > 0:
        raise Conflict("projects.has_lines", count=int(totals.lines or 0))
    transaction = Transaction()
    transaction.delete(project, tag="project")
    transaction.delete(ProjectName(*ProjectName.key(who.tenant_id, project.name)))
    transaction.delete(
        ProjectTotals(*ProjectTotals.key(who.tenant_id, project_id)),
        condition=ProjectTotals.lines.does_not_exist() | (ProjectTotals.lines == 0),
        tag="lines",
    )
    try:
        transaction.commit()
    except TransactionFailed as failed:
        if "lines" in failed.tags:
            raise Conflict("projects.has_lines", count=1) from failed
        raise Conflict("projects.stale") from failed
    audit.record(
        who.tenant_id, "project.deleted", actor_id=who.user_id, project_id=project_id, name=project.name
    )
    return {"message": t("projects.deleted")}


def lines_listing(who: Principal, project_id: str, query: LinesQuery) -> dict[str, Any]:
    project, totals, _ = repository.get_with_totals(who.tenant_id, project_id)
    rows, last_key = repository.lines_page(
        who.tenant_id, project_id, length=query.length, start=decode_cursor(query.cursor)
    )
    names = fund_repository.user_names(who.tenant_id, {line.user_id for line in rows if line.user_id})
    return page_body(
        [{**line_view(line, names), "expense_type_id": line.expense_type_id} for line in rows],
        total=int(totals.lines or 0),
        query=query,
        next_cursor=encode_cursor(last_key),
    )


def image_upload(who: Principal, project_id: str, body: ImageBody) -> dict[str, Any]:
    from functions.projects.schemas import IMAGE_TYPES  # loaded already: the body was read by it

    repository.get_with_totals(who.tenant_id, project_id)
    key = keys.project_image_key(who.tenant_id, project_id, ids.new_id(), IMAGE_TYPES[body.content_type])
    return stored_files.upload_answer(key, body.content_type, body.size)


def project_error(tenant_id: str, project_id: str, field: str) -> Invalid:
    """Why a ledger write's condition on a project failed (read again after the fact)."""
    try:
        project, _, _ = repository.get_with_totals(tenant_id, project_id)
    except NotFound:
        return Invalid.field(field, "projects.unknown")
    return Invalid.field(field, "projects.archived", name=project.name)
