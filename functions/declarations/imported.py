"""Declarations recorded by an import (issue 6): a Gift Aid "yes" on an imported donation is a
declaration covering that donation (`this_donation`), with the method the file or the mapping
gives and the import as its source. Written in the import's own transactions (put if absent),
so a declaration never exists without its donation."""

from __future__ import annotations

from functions.declarations import repository
from functions.declarations.models import DeclarationRecord

IMPORTED_STATEMENT = "imported"  # the wording the donor accepted is not in the file


def imported_declaration(
    tenant_id: str,
    declaration_id: str,
    *,
    donor_id: str,
    donation_id: str,
    method: str,
    date_given: str,
    import_id: str,
    actor_id: str | None,
) -> DeclarationRecord:
    record = DeclarationRecord(
        *DeclarationRecord.key(tenant_id, declaration_id),
        declaration_id=declaration_id,
        tenant_id=tenant_id,
        donor_id=donor_id,
        method=method,
        scopes=["this_donation"],
        date_given=date_given,
        donation_id=donation_id,
        statement_version=IMPORTED_STATEMENT,
        actor_id=actor_id,
        source=f"import:{import_id}",
    )
    repository.index_keys(record)
    return record
