"""Duplicate donors and merging (issue 4 §5): scored pairs, a merge that keeps a record with both
donors as they were and the records it moved, and an undo that puts everything back.

Records a donor owns carry the donor's "owned" GSI3 partition (`keys.donor_owned_pk`): a merge
re-points every item of the merged donor's partition, whatever its kind (donations today, Gift
Aid declarations later), so new per-donor records need no change here. Donations move through
the donation write path, so donor totals (all time and per tax year) move in the same
transactions; other kinds get their `donor_id` and GSI3 key rewritten."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from pynamodb.attributes import UnicodeAttribute

from functions.core import audit, clock, ids, keys
from functions.core.access import Principal
from functions.core.errors import Conflict, Invalid, NotFound
from functions.core.messages import t
from functions.core.table import Entity
from functions.declarations import eligibility
from functions.domain import matching, names
from functions.donations import repository as donations
from functions.donations import service as donation_service
from functions.donations.models import Donation
from functions.donors import repository, service
from functions.donors.models import PROFILE_FIELDS, Donor, DonorMerge
from functions.donors.schemas import MergeBody
from functions.donors.transaction import Transaction

MERGEABLE = frozenset((*PROFILE_FIELDS, "type", "consents", "tags"))
CHUNK = 40  # records re-pointed per transaction (each donation also moves both donors' totals)
MAX_PAIRS = 100


class OwnedRecord(Entity):
    """Any per-donor record other than a donation, as a merge re-points it."""

    donor_id = UnicodeAttribute(null=True)


def duplicates(who: Principal) -> dict[str, Any]:
    pairs = matching.scored_pairs(repository.match_groups(who.tenant_id))[:MAX_PAIRS]
    found = repository.get_many(who.tenant_id, [d.donor_id for _, _, a, b in pairs for d in (a, b)])
    data = [
        {
            "score": value,
            "reasons": reasons,
            "donors": [service.view(found[a.donor_id]), service.view(found[b.donor_id])],
        }
        for value, reasons, a, b in pairs
        if a.donor_id in found and b.donor_id in found
    ]
    return {"data": data}


def _snapshot(donor: Donor) -> str:
    return json.dumps(donor.serialize(), sort_keys=True)


def _restore(snapshot: str, *, fresh: bool = False) -> Donor:
    """The donor as stored in the snapshot; `fresh` drops its totals and version, for a donor
    written again (its donations bring their totals back as they move)."""
    data = json.loads(snapshot)
    if fresh:
        for attribute in ("version", "total_given", "donations_count"):
            data.pop(attribute, None)
    return Donor.from_raw_data(data)


def _owned(tenant_id: str, donor_id: str) -> list[Entity]:
    return list(Entity.gsi3.query(keys.donor_owned_pk(tenant_id, donor_id)))


def _move(tenant_id: str, records: list[Entity], from_id: str, to: Donor) -> None:
    """Re-point `records` from donor `from_id` to donor `to`, in transactions of `CHUNK`."""
    to_name = names.display_name(repository.facts_of(to))
    for start in range(0, len(records), CHUNK):
        part = records[start : start + CHUNK]
        moving = [record for record in part if isinstance(record, Donation)]

        def changes(involved: dict[str, Donor], moving: list[Donation] = moving) -> list[donations.Change]:
            result: list[donations.Change] = []
            for before in moving:
                after = Donation.from_raw_data(before.serialize())
                after.donor_id, after.donor_name = to.donor_id, to_name
                result.append((before, after))
            return result

        if moving:
            donation_service.write_with_retry(tenant_id, changes, [from_id, to.donor_id])
        others = [record for record in part if not isinstance(record, Donation)]
        if others:
            transaction = Transaction()
            for record in others:
                transaction.update(
                    OwnedRecord(record.pk, record.sk),
                    actions=[
                        OwnedRecord.donor_id.set(to.donor_id),
                        OwnedRecord.gsi3pk.set(keys.donor_owned_pk(tenant_id, to.donor_id)),
                    ],
                    condition=OwnedRecord.donor_id == from_id,
                )
            transaction.commit()


def merge(who: Principal, body: MergeBody) -> dict[str, Any]:
    if body.survivor_id == body.merged_id:
        raise Invalid.field("merged_id", "donors.merge_same")
    unknown = sorted(set(body.fields) - MERGEABLE)
    if unknown:
        raise Invalid(errors={f"fields.{name}": [t("field.not_allowed")] for name in unknown})
    survivor = repository.get(who.tenant_id, body.survivor_id)
    merged = repository.get(who.tenant_id, body.merged_id)
    records = _owned(who.tenant_id, merged.donor_id)
    merge_id = ids.new_id()
    record = DonorMerge(
        *DonorMerge.key(who.tenant_id, merge_id),
        merge_id=merge_id,
        tenant_id=who.tenant_id,
        survivor_id=survivor.donor_id,
        merged_id=merged.donor_id,
        survivor_name=names.display_name(repository.facts_of(survivor)),
        merged_name=names.display_name(repository.facts_of(merged)),
        survivor_before=_snapshot(survivor),
        merged_before=_snapshot(merged),
        fields=dict(body.fields),
        moved=[f"{r.pk}|{r.sk}" for r in records],
        actor_id=who.user_id,
    )
    record.save()
    after = repository.clone(survivor)
    for field, side in body.fields.items():
        if side == "merged":
            attribute = "donor_type" if field == "type" else field
            setattr(after, attribute, getattr(merged, attribute))
    repository.update(survivor, after, service.profile_actions(after))
    _move(who.tenant_id, records, merged.donor_id, after)
    repository.delete(repository.get(who.tenant_id, merged.donor_id))
    record.update(actions=[DonorMerge.status.set("done")])
    eligibility.recompute_donor(who.tenant_id, survivor.donor_id)  # the merged donor's declarations too
    audit.record(
        who.tenant_id,
        "donor.merged",
        actor_id=who.user_id,
        merge_id=merge_id,
        survivor_id=survivor.donor_id,
        merged_id=merged.donor_id,
        moved=len(records),
    )
    return {"merge": view(record), "survivor": service.show(who, survivor.donor_id)}


def undo(who: Principal, merge_id: str) -> dict[str, Any]:
    try:
        record = DonorMerge.get(*DonorMerge.key(who.tenant_id, merge_id), consistent_read=True)
    except DonorMerge.DoesNotExist as exc:
        raise NotFound() from exc
    if record.status == "undone":
        raise Conflict("donors.merge_undone")
    if record.status != "done":
        raise Conflict("donors.merge_busy")
    record.update(actions=[DonorMerge.status.set("undoing")], condition=DonorMerge.status == "done")
    merged = _restore(record.merged_before, fresh=True)
    merged.total_given, merged.donations_count = Decimal(0), 0
    repository.create(merged)
    survivor_now = repository.get(who.tenant_id, record.survivor_id)
    moved = set(record.moved)
    records = [r for r in _owned(who.tenant_id, record.survivor_id) if f"{r.pk}|{r.sk}" in moved]
    _move(who.tenant_id, records, record.survivor_id, merged)
    before = _restore(record.survivor_before)
    survivor_now = repository.get(who.tenant_id, record.survivor_id)
    after = repository.clone(survivor_now)
    after.donor_type, after.consents, after.tags = before.donor_type, before.consents, before.tags
    for field in PROFILE_FIELDS:
        setattr(after, field, getattr(before, field))
    repository.update(survivor_now, after, service.profile_actions(after))
    for donor_id in (record.survivor_id, record.merged_id):
        eligibility.recompute_donor(who.tenant_id, donor_id)
    record.update(
        actions=[DonorMerge.status.set("undone"), DonorMerge.undone_at.set(clock.iso(clock.now()) or "")]
    )
    audit.record(who.tenant_id, "donor.merge_undone", actor_id=who.user_id, merge_id=merge_id)
    return {"merge": view(record)}


def view(record: DonorMerge) -> dict[str, Any]:
    return {
        "id": record.merge_id,
        "survivor": {"id": record.survivor_id, "name": record.survivor_name},
        "merged": {"id": record.merged_id, "name": record.merged_name},
        "fields": record.fields.as_dict() if record.fields else {},
        "moved_count": len(record.moved or []),
        "status": record.status,
        "created_at": clock.iso(record.created_at),
        "undone_at": record.undone_at,
    }


def listing(who: Principal) -> dict[str, Any]:
    records = DonorMerge.query(
        keys.tenant_pk(who.tenant_id),
        DonorMerge.sk.startswith(keys.donor_merge_prefix()),
        scan_index_forward=False,
        limit=100,
    )
    rows = [view(record) for record in records]
    return {"data": rows, "meta": {"total": len(rows), "page": 1, "length": len(rows), "next_cursor": None}}
