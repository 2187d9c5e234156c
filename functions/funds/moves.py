"""Moving all or part of a donation to another fund (or project): its split changes and both
ledger lines (out of the line it leaves, into the line it joins) are written in ONE transaction
with the donation's version as a condition. Out of a restricted or endowment fund only for a
listed reason, with a note or an attached file, and never below zero — the same rules and the
same guarded balance as a transfer between funds (docs/decisions/0019-fund-ledger.md). Between
projects of one fund, no money leaves the fund: the allocation changes project."""

from __future__ import annotations

from typing import Any

from functions.core import audit
from functions.core.access import Principal
from functions.core.errors import Conflict, Invalid, NotFound
from functions.core.messages import t
from functions.core.money import money_text
from functions.domain.funds import Line, Movement, pence, transfer_problem
from functions.donations import repository as donations
from functions.donations.models import Donation
from functions.donors.transaction import Transaction, TransactionFailed
from functions.funds import ledger, service
from functions.funds.models import ProjectTotals
from functions.funds.schemas import MoveBody


def _project_fund(tenant_id: str, project_id: str) -> ProjectTotals:
    try:
        return ProjectTotals.get(*ProjectTotals.key(tenant_id, project_id), consistent_read=True)
    except ProjectTotals.DoesNotExist as exc:
        raise Invalid.field("to_project_id", "funds.move_project_unknown") from exc


def moved_split(
    lines: list[Line], source: tuple[str, str | None], target: tuple[str, str | None], amount: int
) -> list[Line]:
    """The split after `amount` pence leave the `source` line for the `target` one: the source
    line shrinks (gone at zero), the target line grows (added last when new)."""
    out: list[Line] = []
    for fund_id, pence_, project in lines:
        if (fund_id, project) == source:
            pence_ -= amount
        if (fund_id, project) == target:
            pence_ += amount
        if pence_:
            out.append((fund_id, pence_, project))
    if target not in {(fund_id, project) for fund_id, _, project in lines}:
        out.append((target[0], amount, target[1]))
    return out


def move(who: Principal, body: MoveBody) -> dict[str, Any]:
    try:
        donation = donations.get(who.tenant_id, body.donation_id)
    except NotFound as exc:
        raise Invalid.field("donation_id", "funds.move_donation_unknown") from exc
    if donation.status != "received":
        raise Invalid.field("donation_id", "funds.move_not_received")
    lines = list(donation.split_lines())
    if not lines:
        raise Invalid.field("donation_id", "funds.move_unsplit")
    source_key = (body.from_fund_id, body.from_project_id)
    on_line = next((amount for f, amount, p in lines if (f, p) == source_key), None)
    if on_line is None:
        raise Invalid.field("from_fund_id", "funds.move_not_on_donation")
    amount = pence(body.amount)
    if amount > on_line:
        raise Invalid.field(
            "amount", "funds.move_too_much", available="£" + (service.pounds(on_line) or "0.00")
        )
    source, _ = service.fund_get(who.tenant_id, body.from_fund_id)
    try:
        target, _ = service.fund_get(who.tenant_id, body.to_fund_id)
    except NotFound as exc:
        raise Invalid.field("to_fund_id", "funds.unknown") from exc
    if target.archived:
        raise Invalid.field("to_fund_id", "funds.archived", name=target.name)
    if body.to_project_id:
        project = _project_fund(who.tenant_id, body.to_project_id)
        if project.fund_id != target.fund_id:
            raise Invalid.field("to_project_id", "funds.move_project_other_fund")
        if project.archived:
            raise Invalid.field("to_project_id", "funds.move_project_unknown")
    target_key = (target.fund_id, body.to_project_id)
    if target_key == source_key:
        raise Invalid.field("to_fund_id", "funds.transfer_same_fund")
    evidence = service.checked_evidence(who.tenant_id, body.evidence_key)
    within = target.fund_id == source.fund_id  # only the project changes: no money leaves the fund
    problem = (
        None if within else transfer_problem(source.fund_class, body.reason, body.note, evidence is not None)
    )
    if problem is not None:
        raise Invalid.field("note" if problem == "funds.transfer_note_required" else "reason", problem)

    day = body.date.isoformat()
    # Between funds it is a transfer (Charities SORP); between projects of one fund, the
    # donation's allocation changes project (the fund's own figures do not move).
    out_kind, in_kind = ("allocation", "allocation") if within else ("transfer_out", "transfer_in")
    new_lines = moved_split(lines, source_key, target_key, amount)
    transaction = Transaction()
    transaction.update(
        donation,
        actions=[
            Donation.allocations.set(donations.allocation_items(new_lines)),
            Donation.allocation_defaulted.set(False),
        ],
        tag="donation",
    )
    common: dict[str, Any] = {
        "source_type": "donation",
        "source_id": donation.donation_id,
        "user_id": who.user_id,
        "reason": body.reason,
        "note": body.note,
        "evidence_key": evidence,
    }
    ledger.add_movements(
        transaction,
        who.tenant_id,
        [Movement(source.fund_id, day, out_kind, -amount, project_id=body.from_project_id)],
        other_fund_id=target.fund_id,
        **common,
    )
    ledger.add_movements(
        transaction,
        who.tenant_id,
        [Movement(target.fund_id, day, in_kind, amount, project_id=body.to_project_id)],
        other_fund_id=source.fund_id,
        **common,
    )
    try:
        transaction.commit()
    except TransactionFailed as failed:
        if "donation" in failed.tags:
            raise Conflict("funds.move_stale") from failed
        if f"{ledger.FUND_TAG}{source.fund_id}" in failed.tags:
            raise service.ledger_error(who.tenant_id, source.fund_id, "amount") from failed
        if f"{ledger.FUND_TAG}{target.fund_id}" in failed.tags:
            raise service.ledger_error(who.tenant_id, target.fund_id, "to_fund_id") from failed
        if any(ledger.project_of_tag(tag) for tag in failed.tags):
            raise Invalid.field("to_project_id", "funds.move_project_unknown") from failed
        raise
    audit.record(
        who.tenant_id,
        "fund.donation_moved",
        actor_id=who.user_id,
        donation_id=donation.donation_id,
        from_fund_id=source.fund_id,
        to_fund_id=target.fund_id,
        amount=money_text(body.amount),
        reason=body.reason,
    )
    return {
        "message": t("funds.moved"),
        "version": donation.version,  # as the transaction wrote it (PynamoDB bumps it on the instance)
        "allocations": [
            {"fund_id": f, "amount": service.pounds(a), "project_id": p} for f, a, p in new_lines
        ],
        "from": service.show(who, source.fund_id),
        "to": service.show(who, target.fund_id),
    }
