"""Expense types (create, list with their use, rename with optimistic locking, archive, restore,
delete only when unused) and expenses (record, edit and delete while draft; approve, which
moves the money; mark paid; void an approved one, which gives it back). Every change is in the
audit trail."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from functions.core import audit, clock, ids, keys
from functions.core import files as stored_files
from functions.core.access import Principal
from functions.core.deferred import deferred_imports
from functions.core.errors import Conflict, Invalid, NotFound
from functions.core.messages import t
from functions.core.money import money_text
from functions.core.pagination import decode_cursor, encode_cursor, page_body
from functions.domain.funds import Movement, folded_name, is_guarded, pence
from functions.donors.transaction import Transaction, TransactionFailed
from functions.expenses import messages as _messages  # noqa: F401  (registers the messages)
from functions.expenses import repository
from functions.expenses.models import (
    EXPENSE_STATUSES,
    Expense,
    ExpenseTotals,
    ExpenseType,
    ExpenseTypeName,
    ExpenseTypeUsage,
)
from functions.funds import ledger
from functions.funds import repository as funds_repository
from functions.funds import service as funds_service

with deferred_imports():  # pydantic: only a filtered list needs it (ADR 0011)
    from functions.expenses.schemas import ExpenseFilters

if TYPE_CHECKING:
    from functions.expenses.list_queries import ExpenseListQuery, ExpenseTypeListQuery
    from functions.expenses.schemas import (
        ExpenseBody,
        ExpenseTypeBody,
        ExpenseTypeUpdateBody,
        ReceiptBody,
        VersionBody,
    )

# ------------------------------------------------------------------ expense types


def type_view(item: ExpenseType) -> dict[str, Any]:
    return {
        "id": item.expense_type_id,
        "name": item.name,
        "description": item.description,
        "archived": bool(item.archived),
        "in_use": int(item.usage or 0),
        "version": item.version,
        "created_at": clock.iso(item.created_at),
    }


def type_listing(who: Principal, query: ExpenseTypeListQuery) -> dict[str, Any]:
    rows = [type_view(item) for item in repository.all_types(who.tenant_id)]
    if query.status == "active":
        rows = [row for row in rows if not row["archived"]]
    elif query.status == "archived":
        rows = [row for row in rows if row["archived"]]
    return {"data": rows, "meta": {"total": len(rows), "page": 1, "length": len(rows), "next_cursor": None}}


def type_options(who: Principal) -> dict[str, Any]:
    """The expense types a form offers: not archived."""
    return {
        "data": [
            {"id": item.expense_type_id, "name": item.name, "description": item.description}
            for item in repository.all_types(who.tenant_id)
            if not item.archived
        ]
    }


def type_show(who: Principal, expense_type_id: str) -> dict[str, Any]:
    return type_view(repository.get_type(who.tenant_id, expense_type_id))


def type_create(who: Principal, body: ExpenseTypeBody) -> dict[str, Any]:
    type_id = ids.new_id()
    item = ExpenseType(
        *ExpenseType.key(who.tenant_id, type_id),
        expense_type_id=type_id,
        tenant_id=who.tenant_id,
        name=body.name,
        description=body.description,
        archived=False,
        usage=0,
    )
    transaction = Transaction()
    transaction.put(item, condition=ExpenseType.pk.does_not_exist(), tag="type")
    transaction.put(
        ExpenseTypeName(*repository.type_name_key(who.tenant_id, body.name), expense_type_id=type_id),
        condition=ExpenseTypeName.pk.does_not_exist(),
        tag="name",
    )
    try:
        transaction.commit()
    except TransactionFailed as failed:
        if "name" in failed.tags:
            raise Invalid.field("name", "expense_types.name_taken") from failed
        raise
    audit.record(who.tenant_id, "expense_type.created", actor_id=who.user_id, expense_type_id=type_id)
    return type_show(who, type_id)


def type_update(who: Principal, expense_type_id: str, body: ExpenseTypeUpdateBody) -> dict[str, Any]:
    item = repository.get_type(who.tenant_id, expense_type_id)
    if item.version != body.version:
        raise Conflict("expense_types.stale")
    transaction = Transaction()
    actions = [
        ExpenseType.name.set(body.name),
        ExpenseType.description.set(body.description)
        if body.description is not None
        else ExpenseType.description.remove(),
    ]
    transaction.update(item, actions=actions, tag="type")
    if folded_name(body.name) != folded_name(item.name):
        transaction.put(
            ExpenseTypeName(
                *repository.type_name_key(who.tenant_id, body.name), expense_type_id=expense_type_id
            ),
            condition=ExpenseTypeName.pk.does_not_exist(),
            tag="name",
        )
        transaction.delete(ExpenseTypeName(*repository.type_name_key(who.tenant_id, item.name)))
    try:
        transaction.commit()
    except TransactionFailed as failed:
        if "name" in failed.tags:
            raise Invalid.field("name", "expense_types.name_taken") from failed
        raise Conflict("expense_types.stale") from failed
    audit.record(who.tenant_id, "expense_type.updated", actor_id=who.user_id, expense_type_id=expense_type_id)
    return type_show(who, expense_type_id)


def _type_set_archived(who: Principal, expense_type_id: str, archived: bool) -> dict[str, Any]:
    item = repository.get_type(who.tenant_id, expense_type_id)
    transaction = Transaction()
    transaction.update(item, actions=[ExpenseType.archived.set(archived)], tag="type")
    try:
        transaction.commit()
    except TransactionFailed as failed:
        raise Conflict("expense_types.stale") from failed
    action = "expense_type.archived" if archived else "expense_type.restored"
    audit.record(who.tenant_id, action, actor_id=who.user_id, expense_type_id=expense_type_id)
    return type_show(who, expense_type_id)


def type_archive(who: Principal, expense_type_id: str) -> dict[str, Any]:
    """An archived type leaves the pickers; its expenses keep it."""
    return _type_set_archived(who, expense_type_id, True)


def type_restore(who: Principal, expense_type_id: str) -> dict[str, Any]:
    return _type_set_archived(who, expense_type_id, False)


def type_remove(who: Principal, expense_type_id: str) -> dict[str, Any]:
    """Only a type no expense names may be deleted; the delete's condition on the usage counter
    holds that also against an expense recorded meanwhile."""
    item = repository.get_type(who.tenant_id, expense_type_id)
    if int(item.usage or 0) > 0:
        raise Conflict("expense_types.in_use", count=int(item.usage or 0))
    transaction = Transaction()
    transaction.delete(
        ExpenseTypeUsage(*ExpenseType.key(who.tenant_id, expense_type_id)),
        condition=ExpenseTypeUsage.pk.exists()
        & (ExpenseTypeUsage.usage.does_not_exist() | (ExpenseTypeUsage.usage == 0)),
        tag="usage",
    )
    transaction.delete(ExpenseTypeName(*repository.type_name_key(who.tenant_id, item.name)))
    try:
        transaction.commit()
    except TransactionFailed as failed:
        raise Conflict("expense_types.in_use", count=1) from failed
    audit.record(
        who.tenant_id,
        "expense_type.deleted",
        actor_id=who.user_id,
        expense_type_id=expense_type_id,
        name=item.name,
    )
    return {"message": t("expense_types.deleted")}


# ------------------------------------------------------------------ expenses


def pounds(amount_pence: int) -> str:
    return funds_service.pounds(amount_pence) or "0.00"


def view(expense: Expense, names: dict[str, str] | None = None) -> dict[str, Any]:
    names = names or {}
    return {
        "id": expense.expense_id,
        "date": expense.expense_date,
        "amount": pounds(int(expense.amount)),
        "expense_type_id": expense.expense_type_id,
        "fund_id": expense.fund_id,
        "project_id": expense.project_id,
        "payee": expense.payee,
        "description": expense.description,
        "receipt": bool(expense.receipt_key),
        "receipt_key": expense.receipt_key,
        "status": expense.status,
        "created_by": expense.created_by,
        "created_by_name": names.get(expense.created_by or ""),
        "approved_by": expense.approved_by,
        "approved_by_name": names.get(expense.approved_by or ""),
        "approved_at": clock.iso(expense.approved_at) if expense.approved_at else None,
        "paid_by": expense.paid_by,
        "paid_by_name": names.get(expense.paid_by or ""),
        "paid_at": clock.iso(expense.paid_at) if expense.paid_at else None,
        "voided_by": expense.voided_by,
        "voided_by_name": names.get(expense.voided_by or ""),
        "voided_at": clock.iso(expense.voided_at) if expense.voided_at else None,
        "version": expense.version,
        "created_at": clock.iso(expense.created_at),
    }


def _people(expense: Expense) -> set[str]:
    return {
        user_id
        for user_id in (expense.created_by, expense.approved_by, expense.paid_by, expense.voided_by)
        if user_id
    }


def show(who: Principal, expense_id: str) -> dict[str, Any]:
    expense = repository.get_expense(who.tenant_id, expense_id)
    return view(expense, funds_repository.user_names(who.tenant_id, _people(expense)))


def _totals_view(item: ExpenseTotals) -> dict[str, Any]:
    return {
        status: {
            "count": int(getattr(item, f"{status}_count") or 0),
            "amount": pounds(int(getattr(item, f"{status}_amount") or 0)),
        }
        for status in EXPENSE_STATUSES
    }


def listing(who: Principal, query: ExpenseListQuery) -> dict[str, Any]:
    wanted = query.filters_as(ExpenseFilters)
    status = wanted.status if wanted else None
    fund_id = wanted.fund_id if wanted else None
    project_id = wanted.project_id if wanted else None
    expense_type_id = wanted.expense_type_id if wanted else None
    date_from = wanted.date_from if wanted else None
    date_to = wanted.date_to if wanted else None
    condition: Any = None
    for name, value in (
        ("status", status),
        ("fund_id", fund_id),
        ("project_id", project_id),
        ("expense_type_id", expense_type_id),
    ):
        if value:
            clause = getattr(Expense, name) == value
            condition = clause if condition is None else condition & clause
    rows, last_key = repository.expenses_page(
        who.tenant_id,
        date_from=date_from.isoformat() if date_from else None,
        date_to=date_to.isoformat() if date_to else None,
        filters=condition,
        length=query.length,
        start=decode_cursor(query.cursor),
    )
    names = funds_repository.user_names(who.tenant_id, set().union(*(_people(row) for row in rows)))
    totals = _totals_view(repository.totals(who.tenant_id))
    filtered = any((fund_id, project_id, expense_type_id, date_from, date_to))
    statuses = [status] if status else list(EXPENSE_STATUSES)
    total = len(rows) if filtered else sum(totals[one]["count"] for one in statuses)
    body = page_body(
        [view(row, names) for row in rows], total=total, query=query, next_cursor=encode_cursor(last_key)
    )
    body["totals"] = totals
    return body


def options(who: Principal) -> dict[str, Any]:
    """What the expense form picks from and the list names: the charity's expense types, funds
    (with their balances) and projects (with their funds), archived ones flagged."""
    funds = [
        {
            "id": fund.fund_id,
            "name": fund.name,
            "fund_class": fund.fund_class,
            "restricted": is_guarded(fund.fund_class),
            "archived": bool(fund.archived),
            "balance": pounds(int(balance.balance or 0)),
        }
        for fund, balance in funds_service.funds_with_default(who.tenant_id)
    ]
    projects = sorted(
        (
            {
                "id": project.project_id,
                "name": project.name,
                "fund_id": (totals.fund_id if totals is not None else None) or project.fund_id,
                "archived": bool(totals.archived) if totals is not None else project.status == "archived",
            }
            for project, totals in repository.all_projects(who.tenant_id)
        ),
        key=lambda row: folded_name(str(row["name"])),
    )
    types = [
        {"id": item.expense_type_id, "name": item.name, "archived": bool(item.archived)}
        for item in repository.all_types(who.tenant_id)
    ]
    return {"types": types, "funds": funds, "projects": projects}


def _target(who: Principal, body: ExpenseBody) -> tuple[str, str | None]:
    """The expense's fund and project: a project spends its own fund's money; 422 on the field
    for an unknown, archived or mismatched one."""
    fund_id = body.fund_id
    if body.project_id:
        try:
            totals = repository.project_totals(who.tenant_id, body.project_id)
        except NotFound as exc:
            raise Invalid.field("project_id", "expenses.unknown_project") from exc
        if totals.archived:
            name = repository.project_name(who.tenant_id, body.project_id)
            raise Invalid.field("project_id", "expenses.project_archived", name=name)
        if fund_id and fund_id != totals.fund_id:
            raise Invalid.field("fund_id", "expenses.project_other_fund")
        fund_id = totals.fund_id
    if not fund_id:
        raise Invalid.field("fund_id", "expenses.fund_or_project")
    try:
        fund, _ = funds_repository.get_with_balance(who.tenant_id, fund_id)
    except NotFound as exc:
        raise Invalid.field("fund_id", "funds.unknown") from exc
    if fund.archived:
        raise Invalid.field("fund_id", "funds.archived", name=fund.name)
    return fund_id, body.project_id


def _check_type(who: Principal, expense_type_id: str) -> None:
    try:
        item = repository.get_type(who.tenant_id, expense_type_id)
    except NotFound as exc:
        raise Invalid.field("expense_type_id", "expense_types.unknown") from exc
    if item.archived:
        raise Invalid.field("expense_type_id", "expense_types.unknown")


def _check_receipt(who: Principal, receipt_key: str | None) -> None:
    if receipt_key and not receipt_key.startswith(keys.expense_receipt_root(who.tenant_id)):
        raise Invalid.field("receipt_key", "expenses.receipt_unknown")


def _use_type(transaction: Transaction, tenant_id: str, expense_type_id: str, change: int) -> None:
    """Count an expense on its type; taking a type needs it to exist and be active."""
    condition = None
    if change > 0:
        condition = ExpenseTypeUsage.pk.exists() & ~(ExpenseTypeUsage.archived == True)  # noqa: E712
    else:
        condition = ExpenseTypeUsage.pk.exists()
    transaction.add(
        ExpenseTypeUsage,
        ExpenseType.key(tenant_id, expense_type_id),
        condition=condition,
        tag="type",
        usage=change,
    )


def _count(transaction: Transaction, tenant_id: str, status: str, count: int, amount: int) -> None:
    deltas: dict[str, Any] = {f"{status}_count": count, f"{status}_amount": amount}
    transaction.add(ExpenseTotals, ExpenseTotals.key(tenant_id), **deltas)


def _type_failed(failed: TransactionFailed) -> None:
    if "type" in failed.tags:
        raise Invalid.field("expense_type_id", "expense_types.unknown") from failed


def create(who: Principal, body: ExpenseBody) -> dict[str, Any]:
    fund_id, project_id = _target(who, body)
    _check_type(who, body.expense_type_id)
    _check_receipt(who, body.receipt_key)
    expense_id = ids.new_id()
    expense = Expense(
        *Expense.key(who.tenant_id, expense_id),
        expense_id=expense_id,
        tenant_id=who.tenant_id,
        expense_date=body.date.isoformat(),
        amount=pence(body.amount),
        expense_type_id=body.expense_type_id,
        fund_id=fund_id,
        project_id=project_id,
        payee=body.payee,
        description=body.description,
        receipt_key=body.receipt_key,
        status="draft",
        created_by=who.user_id,
    )
    repository.index_keys(expense)
    transaction = Transaction()
    transaction.put(expense, condition=Expense.pk.does_not_exist(), tag="expense")
    _use_type(transaction, who.tenant_id, body.expense_type_id, 1)
    _count(transaction, who.tenant_id, "draft", 1, int(expense.amount))
    try:
        transaction.commit()
    except TransactionFailed as failed:
        _type_failed(failed)
        raise
    audit.record(
        who.tenant_id,
        "expense.created",
        actor_id=who.user_id,
        expense_id=expense_id,
        amount=money_text(body.amount),
        fund_id=fund_id,
    )
    return show(who, expense_id)


def _draft(who: Principal, expense_id: str, version: int) -> Expense:
    expense = repository.get_expense(who.tenant_id, expense_id)
    if expense.version != version:
        raise Conflict("expenses.stale")
    if expense.status != "draft":
        raise Conflict("expenses.not_draft", status=t(f"expenses.status.{expense.status}"))
    return expense


def update(who: Principal, expense_id: str, body: Any) -> dict[str, Any]:
    expense = _draft(who, expense_id, body.version)
    fund_id, project_id = _target(who, body)
    if body.expense_type_id != expense.expense_type_id:
        _check_type(who, body.expense_type_id)
    _check_receipt(who, body.receipt_key)
    amount = pence(body.amount)
    facts: dict[str, Any] = {
        "expense_date": body.date.isoformat(),
        "amount": amount,
        "expense_type_id": body.expense_type_id,
        "fund_id": fund_id,
        "project_id": project_id,
        "payee": body.payee,
        "description": body.description,
        "receipt_key": body.receipt_key,
        "gsi1sk": keys.expense_date_sk(body.date.isoformat(), expense_id),
    }
    actions = [
        getattr(Expense, name).set(value) if value is not None else getattr(Expense, name).remove()
        for name, value in facts.items()
    ]
    transaction = Transaction()
    transaction.update(expense, actions=actions, condition=Expense.status == "draft", tag="expense")
    if body.expense_type_id != expense.expense_type_id:
        _use_type(transaction, who.tenant_id, expense.expense_type_id, -1)
        _use_type(transaction, who.tenant_id, body.expense_type_id, 1)
    _count(transaction, who.tenant_id, "draft", 0, amount - int(expense.amount))
    try:
        transaction.commit()
    except TransactionFailed as failed:
        _type_failed(failed)
        raise Conflict("expenses.stale") from failed
    audit.record(who.tenant_id, "expense.updated", actor_id=who.user_id, expense_id=expense_id)
    return show(who, expense_id)


def remove(who: Principal, expense_id: str) -> dict[str, Any]:
    expense = repository.get_expense(who.tenant_id, expense_id)
    if expense.status != "draft":
        raise Conflict("expenses.not_draft", status=t(f"expenses.status.{expense.status}"))
    transaction = Transaction()
    transaction.delete(expense, condition=Expense.status == "draft", tag="expense")
    _use_type(transaction, who.tenant_id, expense.expense_type_id, -1)
    _count(transaction, who.tenant_id, "draft", -1, -int(expense.amount))
    try:
        transaction.commit()
    except TransactionFailed as failed:
        raise Conflict("expenses.stale") from failed
    audit.record(who.tenant_id, "expense.deleted", actor_id=who.user_id, expense_id=expense_id)
    return {"message": t("expenses.deleted")}


def _step(
    who: Principal,
    expense_id: str,
    body: VersionBody,
    *,
    before: str,
    after: str,
    stamp: str,
    money: int = 0,
) -> dict[str, Any]:
    """Move an expense from status `before` to `after`, stamping who and when; with `money`
    (signed pence) its ledger line goes in the same transaction (the fund's balance condition
    refuses an overdraw of a restricted or endowment fund)."""
    expense = repository.get_expense(who.tenant_id, expense_id)
    if expense.version != body.version:
        raise Conflict("expenses.stale")
    if expense.status != before:
        key = "expenses.not_draft" if before == "draft" else "expenses.not_approved"
        raise Conflict(key, status=t(f"expenses.status.{expense.status}"))
    now = clock.now()
    transaction = Transaction()
    transaction.update(
        expense,
        actions=[
            Expense.status.set(after),
            getattr(Expense, f"{stamp}_by").set(who.user_id),
            getattr(Expense, f"{stamp}_at").set(now),
        ],
        condition=Expense.status == before,
        tag="expense",
    )
    if money:
        ledger.add_movements(
            transaction,
            who.tenant_id,
            [
                Movement(
                    expense.fund_id,
                    expense.expense_date,
                    "expense",
                    money,
                    project_id=expense.project_id,
                    expense_type_id=expense.expense_type_id,
                )
            ],
            source_type="expense",
            source_id=expense_id,
            user_id=who.user_id,
            note=expense.description,
        )
    amount = int(expense.amount)
    _count(transaction, who.tenant_id, before, -1, -amount)
    _count(transaction, who.tenant_id, after, 1, amount)
    try:
        transaction.commit()
    except TransactionFailed as failed:
        if f"{ledger.FUND_TAG}{expense.fund_id}" in failed.tags:
            raise funds_service.ledger_error(who.tenant_id, expense.fund_id, "amount") from failed
        if expense.project_id and f"{ledger.PROJECT_TAG}{expense.project_id}" in failed.tags:
            raise Invalid.field("project_id", "expenses.unknown_project") from failed
        raise Conflict("expenses.stale") from failed
    audit.record(
        who.tenant_id,
        f"expense.{after}",
        actor_id=who.user_id,
        expense_id=expense_id,
        amount=pounds(amount),
        fund_id=expense.fund_id,
    )
    return show(who, expense_id)


def approve(who: Principal, expense_id: str, body: VersionBody) -> dict[str, Any]:
    """Approval moves the money: the expense's status and its ledger line (−amount on its
    fund, and on its project's totals and type total) in ONE transaction."""
    expense = repository.get_expense(who.tenant_id, expense_id)
    return _step(
        who, expense_id, body, before="draft", after="approved", stamp="approved", money=-int(expense.amount)
    )


def pay(who: Principal, expense_id: str, body: VersionBody) -> dict[str, Any]:
    """Approved → paid: a record of the payment; no money moves (approval moved it)."""
    return _step(who, expense_id, body, before="approved", after="paid", stamp="paid")


def void(who: Principal, expense_id: str, body: VersionBody) -> dict[str, Any]:
    """Approved → void: the expense's money goes back to its fund (a reversing line)."""
    expense = repository.get_expense(who.tenant_id, expense_id)
    return _step(
        who, expense_id, body, before="approved", after="void", stamp="voided", money=int(expense.amount)
    )


def receipt_upload(who: Principal, body: ReceiptBody) -> dict[str, Any]:
    from functions.expenses.schemas import RECEIPT_TYPES  # loaded already: the body was read by it

    key = keys.expense_receipt_key(who.tenant_id, ids.new_id(), RECEIPT_TYPES[body.content_type])
    return stored_files.upload_answer(key, body.content_type, body.size)


def receipt_download(who: Principal, expense_id: str) -> dict[str, Any]:
    expense = repository.get_expense(who.tenant_id, expense_id)
    key = expense.receipt_key
    if not key or not key.startswith(keys.expense_receipt_root(who.tenant_id)):
        raise NotFound("expenses.no_receipt")
    if stored_files.size(key) is None:
        raise NotFound("expenses.receipt_missing")
    extension = key.rsplit(".", 1)[-1] if "." in key else "bin"
    filename = f"expense-receipt-{expense.expense_date}.{extension}"
    return {
        "url": stored_files.download_url(key, filename),
        "filename": filename,
        "expires_in": stored_files.LINK_SECONDS,
    }
