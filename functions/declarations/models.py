"""The Gift Aid declaration entity. Key shapes: `functions.core.keys`.

PK = TENANT#tid, SK = DECLARATION#<id>; GSI3 = the donor's owned records (`donor_owned_pk`), so
the donor page lists a donor's history with one Query and a merge re-points it."""

from __future__ import annotations

from pynamodb.attributes import ListAttribute, MapAttribute, UnicodeAttribute

from functions.core import keys
from functions.core.table import Entity


class DeclarationRecord(Entity, discriminator="Declaration"):
    declaration_id = UnicodeAttribute()
    tenant_id = UnicodeAttribute()
    donor_id = UnicodeAttribute()
    method = UnicodeAttribute()  # written | online | oral
    scopes = ListAttribute(of=UnicodeAttribute, default=list)  # type: ignore[arg-type]
    date_given = UnicodeAttribute()  # ISO date
    donation_id = UnicodeAttribute(null=True)  # with the this_donation scope
    statement_version = UnicodeAttribute()
    confirmation_sent_on = UnicodeAttribute(null=True)  # oral: written confirmation sent (ISO date)
    evidence_key = UnicodeAttribute(null=True)  # S3 key of the evidence file
    cancelled_on = UnicodeAttribute(null=True)  # ISO date
    cancellation_reason = UnicodeAttribute(null=True)
    actor_id = UnicodeAttribute(null=True)
    source = UnicodeAttribute(null=True)  # None (a user), "import:<id>" or "giving:<intent id>"
    # A declaration made on the public donation page: {text, version, scope, declared_at,
    # page_url, ip} as the donor saw and ticked it (ADR 0022).
    evidence = MapAttribute(null=True)  # type: ignore[var-annotated]

    @classmethod
    def key(cls, tenant_id: str, declaration_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.declaration_sk(declaration_id)
