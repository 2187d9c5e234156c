"""Declarations: record, list (whole history), cancel, confirm an oral one, sign an evidence
upload. Never edited into another (GIFT_AID.md §2); every change re-assesses the donor's
donations (`eligibility.recompute_donor`)."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

from functions.core import audit, clock, ids, keys
from functions.core import files as stored_files
from functions.core.access import Principal
from functions.core.deferred import deferred_imports
from functions.core.errors import Invalid, NotFound
from functions.declarations import records, repository
from functions.declarations.models import DeclarationRecord
from functions.domain.giftaid.declarations import oral_window_end, voided
from functions.donors import repository as donors

with deferred_imports():  # the donations side: only a write needs it, the list reads none (ADR 0011)
    from functions.declarations import eligibility
    from functions.donations import repository as donations

if TYPE_CHECKING:
    from functions.declarations.schemas import CancelBody, ConfirmationBody, DeclarationBody, EvidenceBody


def status_of(declaration: Any) -> str:
    if voided(declaration):
        return "void"
    if declaration.cancelled_on is not None:
        return "cancelled"
    if declaration.method == "oral" and declaration.confirmation_sent_on is None:
        return "awaiting_confirmation"
    return "active"


def view(record: DeclarationRecord) -> dict[str, Any]:
    declaration = records.domain_declaration(record)
    window_end = oral_window_end(declaration) if record.method == "oral" else None
    return {
        "id": record.declaration_id,
        "donor_id": record.donor_id,
        "method": record.method,
        "scope": list(record.scopes or []),
        "date_given": record.date_given,
        "donation_id": record.donation_id,
        "statement_version": record.statement_version,
        "confirmation_sent_on": record.confirmation_sent_on,
        "evidence_key": record.evidence_key,
        "source": record.source,
        "cancelled_on": record.cancelled_on,
        "cancellation_reason": record.cancellation_reason,
        "status": status_of(declaration),
        "oral_window_ends": window_end.isoformat() if window_end else None,
        "created_at": clock.iso(record.created_at),
    }


def listing(who: Principal, donor_id: str) -> dict[str, Any]:
    donors.get(who.tenant_id, donor_id)
    found = records.declaration_records(who.tenant_id, donor_id)
    found.sort(key=lambda record: (record.date_given, record.declaration_id), reverse=True)
    return {"data": [view(record) for record in found]}


def _not_before(field: str, value: dt.date | None, given: dt.date) -> None:
    if value is not None and value < given:
        raise Invalid.field(field, "declarations.before_given")


def _check(who: Principal, donor_id: str, body: DeclarationBody) -> None:
    """The rules one field cannot state alone: a single-donation scope names a donation of this
    donor; only an oral declaration has a confirmation; the evidence is this donor's upload."""
    if "this_donation" in body.scope and not body.donation_id:
        raise Invalid.field("donation_id", "declarations.donation_required")
    if body.donation_id and "this_donation" not in body.scope:
        raise Invalid.field("donation_id", "declarations.donation_only_with_scope")
    if body.donation_id:
        try:
            donation = donations.get(who.tenant_id, body.donation_id)
        except NotFound as exc:
            raise Invalid.field("donation_id", "declarations.donation_unknown") from exc
        if donation.donor_id != donor_id:
            raise Invalid.field("donation_id", "declarations.donation_unknown")
    if body.confirmation_sent_on is not None and body.method != "oral":
        raise Invalid.field("confirmation_sent_on", "declarations.confirmation_oral_only")
    _not_before("confirmation_sent_on", body.confirmation_sent_on, body.date_given)
    prefix = keys.declaration_evidence_prefix(who.tenant_id, donor_id)
    if body.evidence_key and not body.evidence_key.startswith(prefix):
        raise Invalid.field("evidence_key", "declarations.evidence_unknown")


def create(who: Principal, donor_id: str, body: DeclarationBody) -> dict[str, Any]:
    donors.get(who.tenant_id, donor_id)
    _check(who, donor_id, body)
    declaration_id = ids.new_id()
    record = DeclarationRecord(
        *DeclarationRecord.key(who.tenant_id, declaration_id),
        declaration_id=declaration_id,
        tenant_id=who.tenant_id,
        donor_id=donor_id,
        method=body.method,
        scopes=list(body.scope),
        date_given=body.date_given.isoformat(),
        donation_id=body.donation_id,
        statement_version=body.statement_version,
        confirmation_sent_on=body.confirmation_sent_on.isoformat() if body.confirmation_sent_on else None,
        evidence_key=body.evidence_key,
        actor_id=who.user_id,
    )
    repository.create(record)
    audit.record(who.tenant_id, "declaration.recorded", actor_id=who.user_id, declaration_id=declaration_id)
    eligibility.recompute_donor(who.tenant_id, donor_id, fresh=[record])
    return view(record)


def cancel(who: Principal, donor_id: str, declaration_id: str, body: CancelBody) -> dict[str, Any]:
    record = repository.get(who.tenant_id, donor_id, declaration_id)
    _not_before("cancelled_on", body.cancelled_on, dt.date.fromisoformat(record.date_given))
    repository.update(
        record,
        [
            DeclarationRecord.cancelled_on.set(body.cancelled_on.isoformat()),
            DeclarationRecord.cancellation_reason.set(body.reason.strip()),
        ],
        DeclarationRecord.cancelled_on.does_not_exist(),
        "declarations.already_cancelled",
    )
    audit.record(who.tenant_id, "declaration.cancelled", actor_id=who.user_id, declaration_id=declaration_id)
    eligibility.recompute_donor(who.tenant_id, donor_id, fresh=[record])
    # Claimed donations the cancellation uncovers (retroactive, or an oral one voided) are reversed.
    from functions.giftaid import reversals  # the claims side, on this path only

    reversals.after_declaration_change(who.tenant_id, donor_id, fresh=[record], actor_id=who.user_id)
    return view(record)


def confirm(who: Principal, donor_id: str, declaration_id: str, body: ConfirmationBody) -> dict[str, Any]:
    record = repository.get(who.tenant_id, donor_id, declaration_id)
    if record.method != "oral":
        raise Invalid.field("sent_on", "declarations.confirmation_oral_only")
    _not_before("sent_on", body.sent_on, dt.date.fromisoformat(record.date_given))
    repository.update(
        record,
        [DeclarationRecord.confirmation_sent_on.set(body.sent_on.isoformat())],
        DeclarationRecord.confirmation_sent_on.does_not_exist()
        & DeclarationRecord.cancelled_on.does_not_exist(),
        "declarations.already_confirmed",
    )
    audit.record(who.tenant_id, "declaration.confirmed", actor_id=who.user_id, declaration_id=declaration_id)
    eligibility.recompute_donor(who.tenant_id, donor_id, fresh=[record])
    return view(record)


def evidence_upload(who: Principal, donor_id: str, body: EvidenceBody) -> dict[str, Any]:
    from functions.declarations.schemas import EVIDENCE_TYPES  # the body was validated: loaded

    donors.get(who.tenant_id, donor_id)
    key = keys.declaration_evidence_key(
        who.tenant_id, donor_id, ids.new_id(), EVIDENCE_TYPES[body.content_type]
    )
    return stored_files.upload_answer(key, body.content_type, body.size)


def evidence_download(who: Principal, donor_id: str, declaration_id: str) -> dict[str, Any]:
    """A short-lived link to the declaration's evidence file; 404 with a reason when there is
    none (none recorded, or the upload never arrived)."""
    record = repository.get(who.tenant_id, donor_id, declaration_id)
    key = record.evidence_key
    if not key or not key.startswith(keys.declaration_evidence_root(who.tenant_id)):
        raise NotFound("declarations.no_evidence")
    if stored_files.size(key) is None:  # a recorded key whose upload never arrived
        raise NotFound("declarations.evidence_missing")
    extension = key.rsplit(".", 1)[-1] if "." in key else "bin"
    filename = f"declaration-evidence-{record.date_given}.{extension}"
    return {
        "url": stored_files.download_url(key, filename),
        "filename": filename,
        "expires_in": stored_files.LINK_SECONDS,
    }
