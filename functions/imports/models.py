"""Entities of the imports area. Key shapes: `functions.core.keys` (imports section).

- `ImportItem`: one import (`PK=TENANT#tid, SK=IMPORT#<id>`), its status, detected layout,
  mapping and counts. Its id is the upload id, so an upload gives at most one import.
- `UploadItem`: an upload the user was given a presigned POST for (expires after a day).
- `SavedMapping`: a mapping saved by the charity.
- In the import's own partition (`import_pk`): `ImportErrorRow`, `ReviewRow` (ambiguous rows
  waiting for a person), `ChunkManifest` (what each chunk of the run created: undo's list),
  `AppliedRefund` (each refund applied to a donation, with the donation before it).
"""

from __future__ import annotations

import json
from typing import Any

from pynamodb.attributes import BooleanAttribute, ListAttribute, NumberAttribute, UnicodeAttribute

from functions.core import keys
from functions.core.table import Entity

UPLOADED, MAPPED, VALIDATING, VALIDATED = "uploaded", "mapped", "validating", "validated"
IMPORTING, IMPORTED, UNDOING, UNDONE, FAILED = "importing", "imported", "undoing", "undone", "failed"
COUNT_NAMES = (
    "rows",
    "donors_new",
    "donors_linked",
    "donations_new",
    "duplicates",
    "declarations_new",
    "review",
    "errors",
    "refunds",
    "skipped",
    "warnings",
)


MANIFEST_BASE = 1_000_000  # manifests of resolved review rows are numbered after the chunks


class ImportItem(Entity, discriminator="Import"):
    import_id = UnicodeAttribute()
    tenant_id = UnicodeAttribute()
    filename = UnicodeAttribute()
    size = NumberAttribute(default=0)
    kind = UnicodeAttribute()  # csv | xlsx
    object_key = UnicodeAttribute()
    status = UnicodeAttribute(default=UPLOADED)
    created_by = UnicodeAttribute(null=True)
    detected_json = UnicodeAttribute(default="{}")
    mapping_json = UnicodeAttribute(null=True)
    counts_ready = BooleanAttribute(default=False)
    rows = NumberAttribute(default=0)
    donors_new = NumberAttribute(default=0)
    donors_linked = NumberAttribute(default=0)
    donations_new = NumberAttribute(default=0)
    duplicates = NumberAttribute(default=0)
    declarations_new = NumberAttribute(default=0)
    review = NumberAttribute(default=0)
    errors = NumberAttribute(default=0)
    refunds = NumberAttribute(default=0)  # refund rows applied to their donation
    skipped = NumberAttribute(default=0)  # rows that are not donations (a transfer, a hold…)
    warnings = NumberAttribute(default=0)  # rows imported with a warning (listed with the errors)
    progress_done = NumberAttribute(default=0)
    progress_total = NumberAttribute(default=0)
    generation = NumberAttribute(default=0)  # validation passes so far (names the error rows)
    chunks_total = NumberAttribute(null=True)
    refunds_planned = NumberAttribute(default=0)  # refunds the run applies after its chunks
    chunks_done = NumberAttribute(default=0)
    run_started = BooleanAttribute(default=False)
    job_id = UnicodeAttribute(null=True)
    error = UnicodeAttribute(null=True)

    @classmethod
    def key(cls, tenant_id: str, import_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.import_sk(import_id)

    @property
    def detected(self) -> dict[str, Any]:
        return dict(json.loads(self.detected_json or "{}"))

    @property
    def mapping(self) -> dict[str, Any] | None:
        return json.loads(self.mapping_json) if self.mapping_json else None

    def counts(self) -> dict[str, int]:
        return {name: int(getattr(self, name) or 0) for name in COUNT_NAMES}


class UploadItem(Entity, discriminator="ImportUpload"):
    upload_id = UnicodeAttribute()
    filename = UnicodeAttribute()
    size = NumberAttribute()
    kind = UnicodeAttribute()
    user_id = UnicodeAttribute(null=True)

    @classmethod
    def key(cls, tenant_id: str, upload_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.import_upload_sk(upload_id)


class SavedMapping(Entity, discriminator="ImportMapping"):
    mapping_id = UnicodeAttribute()
    name = UnicodeAttribute()
    mapping_json = UnicodeAttribute()

    @classmethod
    def key(cls, tenant_id: str, mapping_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.import_mapping_sk(mapping_id)


class ImportErrorRow(Entity, discriminator="ImportError"):
    row = NumberAttribute()
    column = UnicodeAttribute(default="")
    value = UnicodeAttribute(default="")
    reason = UnicodeAttribute()  # message key
    params_json = UnicodeAttribute(default="{}")
    skipped = BooleanAttribute(default=False)  # a row left out as not a donation, not an error
    warning = BooleanAttribute(default=False)  # a row imported, with something the user should know


class ReviewRow(Entity, discriminator="ImportReview"):
    row = NumberAttribute()
    donor_key = UnicodeAttribute()  # the file's donor: resolving one row resolves its others
    data_json = UnicodeAttribute()  # the normalised row and its planned ids
    candidates_json = UnicodeAttribute(default="[]")
    status = UnicodeAttribute(default="pending")  # pending | imported | duplicate


class ChunkManifest(Entity, discriminator="ImportChunk"):
    """Written before a chunk writes (the ids it may create) and rewritten when it is done (the
    ids it did create): undo removes what exists of these, nothing else."""

    chunk = NumberAttribute()
    status = UnicodeAttribute(default="running")  # running | done
    donation_ids = ListAttribute(of=UnicodeAttribute, default=list)  # type: ignore[arg-type]
    donor_ids = ListAttribute(of=UnicodeAttribute, default=list)  # type: ignore[arg-type]  # created
    declaration_ids = ListAttribute(of=UnicodeAttribute, default=list)  # type: ignore[arg-type]
    donor_counts_json = UnicodeAttribute(default="{}")  # donor id → donations of this import


class AppliedRefund(Entity, discriminator="ImportRefund"):
    """A refund the import applied, with the donation as it was just before: written in the same
    transaction as the refund, so undo can take back every refund applied, even by a delivery
    that stopped half-way (`keys.import_refund_sk(ordinal)`: its place in the import's refunds;
    undo takes them back last first, so two refunds of one donation end where it began)."""

    ordinal = NumberAttribute()
    row = NumberAttribute()
    donation_id = UnicodeAttribute()
    marker = UnicodeAttribute()  # SK of the marker reference that says the refund is applied
    status = UnicodeAttribute()
    amount = UnicodeAttribute()  # Decimal as text
    refunded_at = UnicodeAttribute(null=True)
    notes = UnicodeAttribute(null=True)

    @classmethod
    def key(cls, tenant_id: str, import_id: str, ordinal: int) -> tuple[str, str]:
        return keys.import_pk(tenant_id, import_id), keys.import_refund_sk(ordinal)


class ImportCounts(Entity):
    """The import item as a chunk's closing transaction sees it: counters only (ADD)."""

    donors_new = NumberAttribute(null=True)
    donors_linked = NumberAttribute(null=True)
    donations_new = NumberAttribute(null=True)
    duplicates = NumberAttribute(null=True)
    declarations_new = NumberAttribute(null=True)
    review = NumberAttribute(null=True)
    errors = NumberAttribute(null=True)
    refunds = NumberAttribute(null=True)
    progress_done = NumberAttribute(null=True)
    chunks_done = NumberAttribute(null=True)
