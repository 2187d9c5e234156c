"""Funds: create, list (with balances), read, edit (optimistic locking), archive, restore,
delete; a fund's ledger; transfers between funds. Every change is in the audit trail."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

from functions.core import audit, clock, ids, keys
from functions.core import files as stored_files
from functions.core.access import Principal
from functions.core.errors import AlmonerError, Conflict, Invalid, NotFound
from functions.core.messages import t
from functions.core.money import money_text
from functions.core.pagination import decode_cursor, encode_cursor, page_body
from functions.domain.funds import DEFAULT_FUND_ID, Movement, folded_name, is_guarded, pence, transfer_problem
from functions.donors.transaction import Transaction, TransactionFailed
from functions.funds import backfill, figures, ledger, repository
from functions.funds import messages as _messages  # noqa: F401  (registers the messages)
from functions.funds.figures import pounds
from functions.funds.models import Fund, FundBalance, FundName, LedgerLine
from functions.projects import repository as projects
from functions.projects.models import PICKABLE_STATUSES

if TYPE_CHECKING:
    from functions.funds.list_queries import FundListQuery, LedgerQuery
    from functions.funds.schemas import EvidenceBody, FundBody, FundUpdateBody, TransferBody


def view(fund: Fund, balance: FundBalance) -> dict[str, Any]:
    return {
        "id": fund.fund_id,
        "name": fund.name,
        "finance_code": fund.finance_code,
        "fund_class": fund.fund_class,
        "restricted": is_guarded(fund.fund_class),
        "description": fund.description,
        "active": bool(fund.active) and not fund.archived,
        "archived": bool(fund.archived),
        "default": bool(fund.is_default),
        "goal": pounds(int(fund.goal) if fund.goal is not None else None),
        "start_date": fund.start_date,
        "end_date": fund.end_date,
        "balance": pounds(int(balance.balance or 0)),
        "lines": int(balance.lines or 0),
        "version": fund.version,
        "created_at": clock.iso(fund.created_at),
    }


def line_view(line: LedgerLine, names: dict[str, str] | None = None) -> dict[str, Any]:
    return {
        "id": line.line_id,
        "fund_id": line.fund_id,
        "kind": line.kind,
        "amount": pounds(int(line.amount)),
        "date": line.line_date,
        "source_type": line.source_type,
        "source_id": line.source_id,
        "user_id": line.user_id,
        "user_name": (names or {}).get(line.user_id or ""),
        "reason": line.reason,
        "note": line.note,
        "other_fund_id": line.other_fund_id,
        "evidence_url": _evidence_link(line),
        "created_at": clock.iso(line.created_at),
    }


def _evidence_link(line: LedgerLine) -> str | None:
    """A short-lived link to the file attached to the line's transfer (presigned offline: no
    call per line)."""
    if not line.evidence_key:
        return None
    extension = line.evidence_key.rsplit(".", 1)[-1]
    return stored_files.download_url(line.evidence_key, f"transfer-evidence-{line.line_date}.{extension}")


def _sorted(pairs: list[tuple[Fund, FundBalance]]) -> list[tuple[Fund, FundBalance]]:
    return sorted(pairs, key=lambda pair: (not pair[0].is_default, folded_name(pair[0].name)))


def funds_with_default(tenant_id: str) -> list[tuple[Fund, FundBalance]]:
    """Every fund with its balance; the default fund is created first if the charity predates
    funds (the migration on first read)."""
    pairs = figures.all_funds(tenant_id)
    if not any(fund.fund_id == DEFAULT_FUND_ID for fund, _ in pairs):
        if repository.ensure_default_fund(tenant_id):
            backfill.enqueue(tenant_id)
        pairs = figures.all_funds(tenant_id)
    return _sorted(pairs)


def listing(who: Principal, query: FundListQuery) -> dict[str, Any]:
    pairs = funds_with_default(who.tenant_id)
    rows = [view(fund, balance) for fund, balance in pairs]
    if query.status == "active":
        rows = [row for row in rows if not row["archived"]]
    elif query.status == "archived":
        rows = [row for row in rows if row["archived"]]
    shown = {row["id"] for row in rows}
    total = (
        sum(
            (Decimal(int(balance.balance or 0)) for fund, balance in pairs if fund.fund_id in shown),
            Decimal(0),
        )
        / 100
    )
    return {
        "data": rows,
        "meta": {"total": len(rows), "page": 1, "length": len(rows), "next_cursor": None},
        "totals": {"balance": money_text(total)},
    }


def options(who: Principal) -> dict[str, Any]:
    """The funds a donation form offers: active, not archived (default first)."""
    rows = [
        {
            "id": fund.fund_id,
            "name": fund.name,
            "finance_code": fund.finance_code,
            "fund_class": fund.fund_class,
            "description": fund.description,
            "default": bool(fund.is_default),
        }
        for fund, _ in funds_with_default(who.tenant_id)
        if fund.active and not fund.archived
    ]
    return {"data": rows, "projects": project_options(who.tenant_id)}


def project_options(tenant_id: str) -> list[dict[str, Any]]:
    """The projects a donation form's split lines offer (planned or active, with their fund):
    with the funds, so the form's pickers cost one call (docs/api.md "Projects")."""
    rows = [
        {"id": project.project_id, "name": project.name, "fund_id": project.fund_id}
        for project, _ in projects.all_projects(tenant_id)
        if project.status in PICKABLE_STATUSES
    ]
    return sorted(rows, key=lambda row: folded_name(row["name"]))


def fund_get(tenant_id: str, fund_id: str) -> tuple[Fund, FundBalance]:
    """The fund and its balance (404 if the charity has none such); the default fund is created
    first when a charity older than funds asks for it."""
    try:
        return repository.get_with_balance(tenant_id, fund_id)
    except NotFound:
        if fund_id != DEFAULT_FUND_ID:
            raise
    if repository.ensure_default_fund(tenant_id):
        backfill.enqueue(tenant_id)
    return repository.get_with_balance(tenant_id, fund_id)


def show(who: Principal, fund_id: str) -> dict[str, Any]:
    return view(*fund_get(who.tenant_id, fund_id))


def _facts(body: FundBody) -> dict[str, Any]:
    return {
        "name": body.name,
        "finance_code": body.finance_code,
        "fund_class": body.fund_class,
        "description": body.description,
        "active": body.active,
        "goal": pence(body.goal) if body.goal is not None else None,
        "start_date": body.start_date.isoformat() if body.start_date else None,
        "end_date": body.end_date.isoformat() if body.end_date else None,
    }


def create(who: Principal, body: FundBody) -> dict[str, Any]:
    fund_id = ids.new_id()
    fund = Fund(
        *Fund.key(who.tenant_id, fund_id),
        fund_id=fund_id,
        tenant_id=who.tenant_id,
        archived=False,
        is_default=False,
        **_facts(body),
    )
    try:
        repository.create(fund)
    except TransactionFailed as failed:
        if "name" in failed.tags:
            raise Invalid.field("name", "funds.name_taken") from failed
        raise
    audit.record(who.tenant_id, "fund.created", actor_id=who.user_id, fund_id=fund_id, name=body.name)
    return show(who, fund_id)


def update(who: Principal, fund_id: str, body: FundUpdateBody) -> dict[str, Any]:
    fund, balance = fund_get(who.tenant_id, fund_id)
    if fund.version != body.version:
        raise Conflict("funds.stale")
    if fund.is_default and (body.fund_class != "unrestricted_general" or not body.active):
        raise Invalid.field(
            "fund_class" if body.fund_class != "unrestricted_general" else "active", "funds.default_class"
        )
    class_changes = is_guarded(body.fund_class) != bool(balance.guarded)
    if body.fund_class != fund.fund_class and int(balance.lines or 0) > 0:
        raise Invalid.field("fund_class", "funds.class_locked")
    facts = _facts(body)
    transaction = Transaction()
    actions = [
        getattr(Fund, name).set(value) if value is not None else getattr(Fund, name).remove()
        for name, value in facts.items()
    ]
    transaction.update(fund, actions=actions, tag="fund")
    if folded_name(body.name) != folded_name(fund.name):
        transaction.put(
            FundName(*repository.name_key(who.tenant_id, body.name), fund_id=fund_id),
            condition=FundName.pk.does_not_exist(),
            tag="name",
        )
        transaction.delete(FundName(*repository.name_key(who.tenant_id, fund.name)))
    if class_changes:
        transaction.update(
            FundBalance(*FundBalance.key(who.tenant_id, fund_id)),
            actions=[FundBalance.guarded.set(is_guarded(body.fund_class))],
            condition=FundBalance.lines == 0,
            tag="lines",
        )
    try:
        transaction.commit()
    except TransactionFailed as failed:
        if "name" in failed.tags:
            raise Invalid.field("name", "funds.name_taken") from failed
        if "lines" in failed.tags:
            raise Invalid.field("fund_class", "funds.class_locked") from failed
        raise Conflict("funds.stale") from failed
    changed = {name: value for name, value in facts.items() if getattr(fund, name) != value}
    audit.record(
        who.tenant_id, "fund.updated", actor_id=who.user_id, fund_id=fund_id, changed=sorted(changed)
    )
    return show(who, fund_id)


def _set_archived(who: Principal, fund_id: str, archived: bool) -> dict[str, Any]:
    fund, _ = fund_get(who.tenant_id, fund_id)
    if fund.is_default:
        raise Conflict("funds.default_locked")
    transaction = Transaction()
    transaction.update(fund, actions=[Fund.archived.set(archived)], tag="fund")
    transaction.update(
        FundBalance(*FundBalance.key(who.tenant_id, fund_id)),
        actions=[FundBalance.archived.set(archived)],
        condition=FundBalance.pk.exists(),
    )
    try:
        transaction.commit()
    except TransactionFailed as failed:
        raise Conflict("funds.stale") from failed
    action = "fund.archived" if archived else "fund.restored"
    audit.record(who.tenant_id, action, actor_id=who.user_id, fund_id=fund_id)
    return show(who, fund_id)


def archive(who: Principal, fund_id: str) -> dict[str, Any]:
    """An archived fund leaves the pickers and takes no money in; its history stays in reports."""
    return _set_archived(who, fund_id, True)


def restore(who: Principal, fund_id: str) -> dict[str, Any]:
    return _set_archived(who, fund_id, False)


def remove(who: Principal, fund_id: str) -> dict[str, Any]:
    """Only a fund that never had a ledger line may be deleted (the condition on its balance item
    holds that also against a line written meanwhile); the default fund never."""
    fund, balance = fund_get(who.tenant_id, fund_id)
    if fund.is_default:
        raise Conflict("funds.default_locked")
    if int(balance.lines or 0) > 0:
        raise Conflict("funds.has_lines", count=int(balance.lines or 0))
    transaction = Transaction()
    transaction.delete(fund, tag="fund")
    transaction.delete(FundName(*repository.name_key(who.tenant_id, fund.name)))
    transaction.delete(
        FundBalance(*FundBalance.key(who.tenant_id, fund_id)),
        condition=FundBalance.lines.does_not_exist() | (FundBalance.lines == 0),
        tag="lines",
    )
    try:
        transaction.commit()
    except TransactionFailed as failed:
        if "lines" in failed.tags:
            raise Conflict("funds.has_lines", count=1) from failed
        raise Conflict("funds.stale") from failed
    audit.record(who.tenant_id, "fund.deleted", actor_id=who.user_id, fund_id=fund_id, name=fund.name)
    return {"message": t("funds.deleted")}


def ledger_listing(who: Principal, fund_id: str, query: LedgerQuery) -> dict[str, Any]:
    fund, balance = fund_get(who.tenant_id, fund_id)
    rows, last_key = repository.ledger_page(
        who.tenant_id, fund_id, length=query.length, start=decode_cursor(query.cursor)
    )
    names = repository.user_names(who.tenant_id, {line.user_id for line in rows if line.user_id})
    body = page_body(
        [line_view(line, names) for line in rows],
        total=int(balance.lines or 0),
        query=query,
        next_cursor=encode_cursor(last_key),
    )
    body["fund"] = view(fund, balance)
    return body


# ------------------------------------------------------------------ transfers
def ledger_error(tenant_id: str, fund_id: str, field: str) -> AlmonerError:
    """Why a ledger write's condition on a fund failed, read again after the fact: no such fund
    or an archived one (422 on `field`), or a restricted or endowment fund that would go below
    zero (409 naming it and what it has available)."""
    try:
        fund, balance = repository.get_with_balance(tenant_id, fund_id)
    except NotFound:
        return Invalid.field(field, "funds.unknown")
    if fund.archived:
        return Invalid.field(field, "funds.archived", name=fund.name)
    params: dict[str, Any] = {
        "name": fund.name,
        "fund_class": t(f"funds.class.{fund.fund_class}"),
        "available": "£" + (pounds(int(balance.balance or 0)) or "0.00"),
    }
    return Conflict("funds.overdrawn", errors={field: [t("funds.overdrawn", **params)]}, **params)


def transfer(who: Principal, body: TransferBody) -> dict[str, Any]:
    """Move money between two funds: both lines, balances and monthly totals in one
    transaction; out of a restricted or endowment fund only for a listed reason, with a note
    (an attached file is a later step), and never below zero."""
    source, _ = fund_get(who.tenant_id, body.from_fund_id)
    try:
        target, _ = fund_get(who.tenant_id, body.to_fund_id)
    except NotFound as exc:
        raise Invalid.field("to_fund_id", "funds.unknown") from exc
    evidence = checked_evidence(who.tenant_id, body.evidence_key)
    problem = transfer_problem(source.fund_class, body.reason, body.note, evidence is not None)
    if problem is not None:
        raise Invalid.field("note" if problem == "funds.transfer_note_required" else "reason", problem)
    if target.archived:
        raise Invalid.field("to_fund_id", "funds.archived", name=target.name)
    amount, day, transfer_id = pence(body.amount), body.date.isoformat(), ids.new_id()
    transaction = Transaction()
    common: dict[str, Any] = {
        "source_type": "transfer",
        "source_id": transfer_id,
        "user_id": who.user_id,
        "reason": body.reason,
        "note": body.note,
        "evidence_key": evidence,
    }
    ledger.add_movements(
        transaction,
        who.tenant_id,
        [Movement(source.fund_id, day, "transfer_out", -amount)],
        other_fund_id=target.fund_id,
        **common,
    )
    ledger.add_movements(
        transaction,
        who.tenant_id,
        [Movement(target.fund_id, day, "transfer_in", amount)],
        other_fund_id=source.fund_id,
        **common,
    )
    try:
        transaction.commit()
    except TransactionFailed as failed:
        if f"{ledger.FUND_TAG}{source.fund_id}" in failed.tags:
            raise ledger_error(who.tenant_id, source.fund_id, "amount") from failed
        if f"{ledger.FUND_TAG}{target.fund_id}" in failed.tags:
            raise ledger_error(who.tenant_id, target.fund_id, "to_fund_id") from failed
        raise
    audit.record(
        who.tenant_id,
        "fund.transfer",
        actor_id=who.user_id,
        transfer_id=transfer_id,
        from_fund_id=source.fund_id,
        to_fund_id=target.fund_id,
        amount=money_text(body.amount),
        reason=body.reason,
    )
    return {
        "message": t("funds.transferred"),
        "transfer": {
            "id": transfer_id,
            "from_fund_id": source.fund_id,
            "to_fund_id": target.fund_id,
            "amount": money_text(body.amount),
            "date": day,
            "reason": body.reason,
            "note": body.note,
            "evidence": evidence is not None,
        },
        "from": show(who, source.fund_id),
        "to": show(who, target.fund_id),
    }


def evidence_upload(who: Principal, body: EvidenceBody) -> dict[str, Any]:
    """Where to PUT a file for a transfer (the donor's consent, the trustees' minute): a presigned
    PUT for that content type and size; the transfer then names the key."""
    key = keys.fund_evidence_key(who.tenant_id, ids.new_id(), stored_files.DOCUMENT_TYPES[body.content_type])
    return stored_files.upload_answer(key, body.content_type, body.size)


def checked_evidence(tenant_id: str, key: str | None) -> str | None:
    """The transfer's attached file: one of this charity's uploads that has arrived."""
    if not key:
        return None
    if not key.startswith(keys.fund_evidence_root(tenant_id)) or ".." in key:
        raise Invalid.field("evidence_key", "funds.evidence_unknown")
    if stored_files.size(key) is None:
        raise Invalid.field("evidence_key", "funds.evidence_missing")
    return key
