"""Persistence of declarations and their evidence files (docs/access-patterns.md "Gift Aid")."""

from __future__ import annotations

from typing import Any

from pynamodb.exceptions import UpdateError

from functions.core import keys
from functions.core.errors import Conflict, NotFound
from functions.declarations.models import DeclarationRecord


def get(tenant_id: str, donor_id: str, declaration_id: str) -> DeclarationRecord:
    """The declaration of this charity's donor, or 404 (another donor's or charity's id)."""
    try:
        record = DeclarationRecord.get(
            *DeclarationRecord.key(tenant_id, declaration_id), consistent_read=True
        )
    except DeclarationRecord.DoesNotExist as exc:
        raise NotFound() from exc
    if record.donor_id != donor_id:
        raise NotFound()
    return record


def index_keys(record: DeclarationRecord) -> None:
    record.gsi3pk = keys.donor_owned_pk(record.tenant_id, record.donor_id)
    record.gsi3sk = keys.owned_declaration_sk(record.date_given, record.declaration_id)


def create(record: DeclarationRecord) -> None:
    index_keys(record)
    record.save(condition=DeclarationRecord.pk.does_not_exist())


def update(record: DeclarationRecord, actions: list[Any], condition: Any, conflict_key: str) -> None:
    try:
        record.update(actions=actions, condition=DeclarationRecord.pk.exists() & condition)
    except UpdateError as exc:
        if exc.cause_response_code == "ConditionalCheckFailedException":
            raise Conflict(conflict_key) from exc
        raise


def count_oral_awaiting_confirmation(tenant_id: str) -> int:
    """Oral declarations not yet confirmed in writing nor cancelled (the reminders schedule; a
    Query over the charity's declarations, never a request path)."""
    found = DeclarationRecord.query(
        keys.tenant_pk(tenant_id),
        DeclarationRecord.sk.startswith(keys.declaration_prefix()),
        filter_condition=(DeclarationRecord.method == "oral")
        & DeclarationRecord.confirmation_sent_on.does_not_exist()
        & DeclarationRecord.cancelled_on.does_not_exist(),
    )
    return sum(1 for record in found if isinstance(record, DeclarationRecord))
