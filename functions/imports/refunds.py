"""The refunds an import found, applied once their donations are written.

The plan pass (`plan.Pass._resolve_refunds`) keeps each refund whose donation it found, in this
file or imported before, in the object of chunk 0, numbered (`ordinal`). When the last chunk
closes, each is applied to its donation through the donation write path
(`donations.repository.add_changes`: every total and the Gift Aid assessment move with it)
together with its marker, an external reference of its own put if absent, so a refund is applied
once however often the step or the file runs, and its `AppliedRefund` record (the donation as it
was, for undo), so a delivery that stops half-way loses nothing undo needs. A claimed donation
refunded in full gets its Gift Aid reversal (`reversals`). ONE transaction then marks the step
done and adds its counts to the import.

A refund of a row that waits in the review list (its donor to be confirmed) waits with it: the
run leaves it, and settling the row applies it (`apply_waiting`, from `review.resolve`).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from functions.core import keys
from functions.domain.imports import refunds
from functions.donations import repository as donations
from functions.donations.models import Donation, ExternalRef
from functions.donors import repository as donors
from functions.donors.transaction import Transaction, TransactionFailed
from functions.giftaid import reversals
from functions.imports import plan, repository
from functions.imports.models import AppliedRefund, ChunkManifest, ImportCounts, ImportItem

REFUNDS_CHUNK = 0
ATTEMPTS = 5
APPLIED, SAME, UNMATCHED = "applied", "same", "imports.refund_unmatched"


def apply_all(item: ImportItem, actor_id: str | None) -> None:
    """Apply the import's planned refunds, once (a done manifest means another delivery did);
    those of rows waiting for review wait with them."""
    if not int(item.refunds_planned or 0):
        return
    tid, iid = item.tenant_id, item.import_id
    manifest = repository.get_manifest(tid, iid, REFUNDS_CHUNK)
    if manifest is not None and manifest.status == "done":
        return
    pk = keys.import_pk(tid, iid)
    if not repository.start_manifest(ChunkManifest(pk, keys.import_chunk_sk(REFUNDS_CHUNK), chunk=0)):
        return
    ops = [op for op in repository.chunk_rows(tid, iid, REFUNDS_CHUNK) if not op.get("review")]
    applied, same, failed = _apply(item, ops, actor_id)
    done = ChunkManifest(pk, keys.import_chunk_sk(REFUNDS_CHUNK), chunk=0, status="done")
    transaction = Transaction()
    transaction.put(done, condition=ChunkManifest.status != "done", tag="manifest")
    transaction.add(
        ImportCounts,
        ImportItem.key(tid, iid),
        refunds=applied,
        duplicates=same,
        errors=len(failed),
    )
    try:
        transaction.commit()
    except TransactionFailed as cancelled:
        if "manifest" in cancelled.tags:
            return
        raise
    _report(item, failed)


def apply_waiting(item: ImportItem, settled: Iterable[dict[str, Any]], actor_id: str | None) -> int:
    """Apply the refunds that waited for these rows, just settled from the review list (each
    planned row names its `source` and `ref`); how many were applied. Counted on the import
    here: a row is settled once (its manifest)."""
    if not int(item.refunds_planned or 0):
        return 0
    wanted = {(str(row["source"]), str(row["ref"])) for row in settled}
    ops = [
        op
        for op in repository.chunk_rows(item.tenant_id, item.import_id, REFUNDS_CHUNK)
        if op.get("review") and (str(op["source"]), str(op["of"])) in wanted
    ]
    if not ops:
        return 0
    applied, same, failed = _apply(item, ops, actor_id)
    transaction = Transaction()
    transaction.add(
        ImportCounts,
        ImportItem.key(item.tenant_id, item.import_id),
        refunds=applied,
        duplicates=same,
        errors=len(failed),
    )
    transaction.commit()
    _report(item, failed)
    return applied


def _apply(
    item: ImportItem, ops: list[dict[str, Any]], actor_id: str | None
) -> tuple[int, int, list[tuple[dict[str, Any], str]]]:
    """(applied, the same as stored, the ones that cannot be with why) of these refunds."""
    applied = same = 0
    failed: list[tuple[dict[str, Any], str]] = []
    for op in ops:
        outcome = apply_one(item, op, actor_id)
        if outcome == APPLIED:
            applied += 1
        elif outcome == SAME:
            same += 1
        else:
            failed.append((op, outcome))
    return applied, same, failed


def _report(item: ImportItem, failed: list[tuple[dict[str, Any], str]]) -> None:
    if not failed:
        return
    errors = plan.ErrorSink(item, int(item.generation or 0))
    for op, reason in failed:
        errors.add_problem(int(op["row"]), "", str(op["of"]), reason, {"ref": str(op["of"])})
    errors.flush()


def apply_one(item: ImportItem, op: dict[str, Any], actor_id: str | None) -> str:
    """Apply one refund: applied (now or by an earlier delivery), the same as what is stored, or
    the message key of why it cannot be. Its record (the donation before it) is written with it."""
    tenant_id = item.tenant_id
    pk = keys.tenant_pk(tenant_id)
    marker_key = (pk, keys.donation_ref_sk(op["source"], op["marker"]))
    ref_key = (pk, keys.donation_ref_sk(op["source"], op["of"]))
    for _ in range(ATTEMPTS):
        found = repository.existing([marker_key, ref_key])
        if isinstance(found.get(marker_key), ExternalRef):
            return APPLIED
        owner = found.get(ref_key)
        if not isinstance(owner, ExternalRef):
            return UNMATCHED
        stored = repository.existing([Donation.key(tenant_id, owner.donation_id)])
        before = stored.get(Donation.key(tenant_id, owner.donation_id))
        if not isinstance(before, Donation):
            return UNMATCHED
        effect = refunds.effect(before.amount, before.status, bool(before.claim_id), op)
        if effect.kind == refunds.NONE:
            return SAME
        if effect.kind == refunds.PROBLEM:
            return effect.reason or UNMATCHED
        after = copy.deepcopy(before)
        if effect.kind == refunds.REFUNDED:
            after.status = "refunded"
            after.refunded_at = max(str(op.get("date") or before.donation_date), before.donation_date)
        else:
            after.amount = effect.amount or Decimal(0)
            note = f"£{before.amount - after.amount} refunded ({op['marker'].removeprefix('refund:')})"
            after.notes = f"{before.notes}; {note}" if before.notes else note
        involved = donors.get_many(tenant_id, [before.donor_id]) if before.donor_id else {}
        transaction = Transaction()
        donations.add_changes(
            transaction, [(before, after)], involved, partial_refund=effect.kind == refunds.REDUCED
        )
        transaction.put(
            ExternalRef(*marker_key, donation_id=before.donation_id),
            condition=ExternalRef.pk.does_not_exist(),
            tag="refund",
        )
        transaction.put(
            AppliedRefund(
                *AppliedRefund.key(tenant_id, item.import_id, int(op["ordinal"])),
                ordinal=int(op["ordinal"]),
                row=int(op["row"]),
                donation_id=before.donation_id,
                marker=marker_key[1],
                status=before.status,
                amount=str(before.amount),
                refunded_at=before.refunded_at,
                notes=before.notes,
            )
        )
        try:
            transaction.commit()
        except TransactionFailed:
            continue  # a concurrent write moved the donation or its donor: read again
        reversals.after_donation_change(tenant_id, before, after, actor_id=actor_id)
        return APPLIED
    raise RuntimeError("a refund could not be applied after several attempts")
