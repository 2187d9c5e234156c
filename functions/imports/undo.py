"""Undoing an import: what it created, read from its chunk manifests (the import's own list),
removed through the same write paths as a person's deletes, so every total moves back:

- its donations, each deleted with the totals it moved (`donations.service.write_with_retry`,
  a few per transaction); a donation that a Gift Aid claim holds is kept (the claim owns it);
- the declarations it recorded, unless their donation was kept;
- the donors it created that have nothing else: no donation left and no other declaration
  (`donors.repository.delete`, conditional on `donations_count = 0`);
- the refunds it applied (`AppliedRefund` records): a donation imported before gets back what it
  was, last refund first, and each refund's marker goes so the file can be imported again.

Ids in a manifest are this import's own (stable ids derived from it), so nothing else is ever
removed; what no longer exists is skipped, so a redelivered undo job is harmless.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from functions.core import jobs, keys
from functions.core.errors import Conflict
from functions.declarations import records
from functions.declarations.models import DeclarationRecord
from functions.donations import repository as donation_repository
from functions.donations import service as donation_service
from functions.donations.models import Donation, ExternalRef
from functions.donors import repository as donors
from functions.donors.models import Donor
from functions.imports import ledger, repository, writer
from functions.imports.models import MANIFEST_BASE, UNDOING, UNDONE, AppliedRefund, ChunkManifest, ImportItem

DELETE_PART = 8  # donations per delete transaction (each moves several totals)


def preview(item: ImportItem) -> dict[str, int]:
    """What undo would remove now."""
    tid = item.tenant_id
    donation_ids: list[str] = []
    declaration_ids: list[str] = []
    donor_ids: list[str] = []
    own: dict[str, int] = {}
    for manifest in repository.manifests(tid, item.import_id):
        donation_ids += [str(i) for i in manifest.donation_ids or []]
        declaration_ids += [str(i) for i in manifest.declaration_ids or []]
        donor_ids += [str(i) for i in manifest.donor_ids or []]
        for donor_id, count in json.loads(manifest.donor_counts_json or "{}").items():
            own[donor_id] = own.get(donor_id, 0) + int(count)
    found = repository.existing([Donation.key(tid, d) for d in donation_ids])
    removable = [d for d in found.values() if isinstance(d, Donation) and not d.claim_id]
    kept = {d.donation_id for d in found.values() if isinstance(d, Donation) and d.claim_id}
    declarations = repository.existing([DeclarationRecord.key(tid, d) for d in declaration_ids])
    removable_declarations = [
        d for d in declarations.values() if isinstance(d, DeclarationRecord) and d.donation_id not in kept
    ]
    removed_per_donor: dict[str, int] = {}
    for donation in removable:
        if donation.donor_id:
            removed_per_donor[donation.donor_id] = removed_per_donor.get(donation.donor_id, 0) + 1
    people = repository.existing([Donor.key(tid, d) for d in donor_ids])
    removable_donors = [
        donor
        for donor in people.values()
        if isinstance(donor, Donor)
        and int(donor.donations_count or 0) <= removed_per_donor.get(donor.donor_id, 0)
    ]
    return {
        "donations": len(removable),
        "donors": len(removable_donors),
        "declarations": len(removable_declarations),
    }


def run(message: dict[str, Any]) -> None:
    tenant_id, payload = message["tenant_id"], message["payload"]
    job = jobs.get(tenant_id, message["job_id"])
    item = repository.get(tenant_id, payload["import_id"])
    if item.status != UNDOING or item.job_id != job.job_id:
        return
    manifests = repository.manifests(tenant_id, item.import_id)
    total = sum(len(m.donation_ids or []) for m in manifests)
    if not jobs.start(job, total):
        return
    removed = {"donations": 0, "donors": 0, "declarations": 0, "kept_in_claims": 0}
    done = 0
    own = {str(i) for manifest in manifests for i in manifest.donation_ids or []}
    applied = _applied_refunds(tenant_id, item.import_id)
    _restore_refunds(tenant_id, [record for record in applied if record.donation_id not in own])
    for manifest in manifests:
        if manifest.status != "done":
            _settle_ledger(tenant_id, item.import_id, manifest)
        kept = _remove_donations(tenant_id, [str(i) for i in manifest.donation_ids or []], removed)
        gone = _remove_declarations(
            tenant_id, [str(i) for i in manifest.declaration_ids or []], kept, removed
        )
        _remove_donors(tenant_id, [str(i) for i in manifest.donor_ids or []], removed, gone)
        done += len(manifest.donation_ids or [])
        jobs.progress(job, done, total)
    _forget_refunds_of_removed(tenant_id, [record for record in applied if record.donation_id in own])
    repository.update(item, [ImportItem.status.set(UNDONE)], condition=ImportItem.status == UNDOING)
    jobs.finish(job, {"import_id": item.import_id, **removed})


def _applied_refunds(tenant_id: str, import_id: str) -> list[AppliedRefund]:
    """The refunds the import applied, the last applied first."""
    found = AppliedRefund.query(
        keys.import_pk(tenant_id, import_id),
        AppliedRefund.sk.startswith(keys.import_refund_prefix()),
        consistent_read=True,
        scan_index_forward=False,
    )
    return [record for record in found if isinstance(record, AppliedRefund)]


def _restore_refunds(tenant_id: str, applied: list[AppliedRefund]) -> None:
    """Refunds of donations imported before: each donation gets back the status, amount and
    notes it had, the last refund first (two refunds of one donation end where it began), and
    the refund's marker goes, so the refund can be applied again. A donation a claim holds now
    keeps its refund (and the marker that says so); one deleted meanwhile only loses the marker."""
    for record in applied:
        marker = ExternalRef(keys.tenant_pk(tenant_id), record.marker)
        current = repository.existing([Donation.key(tenant_id, record.donation_id)])
        before = current.get(Donation.key(tenant_id, record.donation_id))
        if not isinstance(before, Donation):
            marker.delete()
            continue
        if before.claim_id:
            continue
        after = copy.deepcopy(before)
        after.status, after.amount = record.status, Decimal(record.amount)
        after.refunded_at, after.notes = record.refunded_at, record.notes
        try:
            donation_service.write_with_retry(tenant_id, _change(before, after), [before.donor_id])
        except Conflict:
            continue  # edited meanwhile: the person's edit stands
        marker.delete()


def _forget_refunds_of_removed(tenant_id: str, applied: list[AppliedRefund]) -> None:
    """Refunds of the import's own donations: their markers go with the donations (a donation a
    claim kept keeps its refund and marker)."""
    wanted = [Donation.key(tenant_id, record.donation_id) for record in applied]
    present = repository.existing(wanted) if wanted else {}
    for record in applied:
        if not isinstance(present.get(Donation.key(tenant_id, record.donation_id)), Donation):
            ExternalRef(keys.tenant_pk(tenant_id), record.marker).delete()


def _change(
    before: Donation, after: Donation
) -> Callable[[dict[str, Donor]], list[donation_repository.Change]]:
    def changes(involved: dict[str, Donor]) -> list[donation_repository.Change]:
        return [(before, after)]

    return changes


def _settle_ledger(tenant_id: str, import_id: str, manifest: ChunkManifest) -> None:
    """A chunk whose worker stopped after writing some rows may not have written their fund
    ledger lines yet (functions/imports/ledger.py writes them after the rows): write those of
    the donations it created that exist, as the chunk would have, before they are deleted, so
    the deletions' reversals take back money the funds were given."""
    number = int(manifest.chunk or 0)
    if not 0 < number < MANIFEST_BASE:
        return  # a review's manifest: written in the request that resolved it
    ids = {str(i) for i in manifest.donation_ids or []}
    found = repository.existing([Donation.key(tenant_id, d) for d in ids])
    rows = [
        row
        for row in repository.chunk_rows(tenant_id, import_id, number)
        if Donation.key(tenant_id, str(row["donation_id"])) in found
    ]
    ledger.write(tenant_id, import_id, [writer.planned_donation(tenant_id, row, None) for row in rows])


def _remove_donations(tenant_id: str, donation_ids: list[str], removed: dict[str, int]) -> set[str]:
    found = repository.existing([Donation.key(tenant_id, d) for d in donation_ids])
    present = [d for d in found.values() if isinstance(d, Donation)]
    kept = {d.donation_id for d in present if d.claim_id}
    removed["kept_in_claims"] += len(kept)
    doomed = [d for d in present if not d.claim_id]
    for start in range(0, len(doomed), DELETE_PART):
        part = [d.donation_id for d in doomed[start : start + DELETE_PART]]
        _delete_part(tenant_id, part)
        removed["donations"] += len(part)
    return kept


def _delete_part(tenant_id: str, donation_ids: list[str]) -> None:
    """Delete these donations (read again each attempt: a concurrent edit moves a total)."""
    for _ in range(3):
        current = repository.existing([Donation.key(tenant_id, d) for d in donation_ids])
        part = [d for d in current.values() if isinstance(d, Donation) and not d.claim_id]
        if not part:
            return
        try:
            donation_service.write_with_retry(tenant_id, _deletions(part), [d.donor_id for d in part])
            return
        except Conflict:
            continue
    raise RuntimeError("import donations could not be removed after several attempts")


def _deletions(part: list[Donation]) -> Callable[[dict[str, Donor]], list[donation_repository.Change]]:
    def changes(involved: dict[str, Donor]) -> list[donation_repository.Change]:
        return [(donation, None) for donation in part]

    return changes


def _remove_declarations(
    tenant_id: str, declaration_ids: list[str], kept: set[str], removed: dict[str, int]
) -> set[str]:
    found = repository.existing([DeclarationRecord.key(tenant_id, d) for d in declaration_ids])
    doomed = [d for d in found.values() if isinstance(d, DeclarationRecord) and d.donation_id not in kept]
    with DeclarationRecord.batch_write() as batch:
        for record in doomed:
            batch.delete(record)
    removed["declarations"] += len(doomed)
    return {record.declaration_id for record in doomed}


def _remove_donors(tenant_id: str, donor_ids: list[str], removed: dict[str, int], gone: set[str]) -> None:
    found = repository.existing([Donor.key(tenant_id, d) for d in donor_ids])
    for donor in found.values():
        if not isinstance(donor, Donor) or donor.donations_count:
            continue
        others = [
            r for r in records.declaration_records(tenant_id, donor.donor_id) if r.declaration_id not in gone
        ]
        if others:
            continue  # someone recorded a declaration for this donor since: it is theirs now
        try:
            donors.delete(donor)
        except Conflict:
            continue  # a donation arrived meanwhile: the donor stays
        removed["donors"] += 1
