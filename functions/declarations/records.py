"""A donor's declaration records as stored, and as the Gift Aid rules read them: what the donor's
declarations list needs (the area's first request on a cold Lambda), kept apart from
`functions.declarations.eligibility`, which also reads donations, so that the list loads no
donation model (bench/cold_start_request.py, tests/functional/test_cold_first_request.py)."""

from __future__ import annotations

import datetime as dt

from functions.core import keys
from functions.declarations.models import DeclarationRecord
from functions.domain.giftaid import model


def _day(value: str | None) -> dt.date | None:
    return dt.date.fromisoformat(value) if value else None


def domain_declaration(record: DeclarationRecord) -> model.Declaration:
    return model.Declaration(
        declaration_id=record.declaration_id,
        method=model.DeclarationMethod(record.method),
        scopes=frozenset(model.DeclarationScope(str(scope)) for scope in record.scopes or []),
        date_given=dt.date.fromisoformat(record.date_given),
        donation_id=record.donation_id,
        confirmation_sent_on=_day(record.confirmation_sent_on),
        cancelled_on=_day(record.cancelled_on),
        cancellation_reason=record.cancellation_reason,
    )


def declaration_records(tenant_id: str, donor_id: str) -> list[DeclarationRecord]:
    """A donor's whole declaration history (GSI3, the donor's owned records)."""
    found = DeclarationRecord.gsi3.query(
        keys.donor_owned_pk(tenant_id, donor_id),
        DeclarationRecord.gsi3sk.startswith(keys.declaration_prefix()),
    )
    return [record for record in found if isinstance(record, DeclarationRecord)]
