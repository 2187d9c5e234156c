"""Duplicate donors and merging (issue 4 §5): scored pairs, a merge that keeps a record with both
donors as they were and the records it moved, and an undo that puts everything back.

Records a donor owns carry the donor's "owned" GSI3 partition (`keys.donor_owned_pk`): a merge
re-points every item of the merged donor's partition, whatever its kind (donations today, Gift
Aid declarations later), so new per-donor records need no change here. Donations move through
the donation write path, so donor totals (all time and per tax year) move in the same
transactions; other kinds get their `donor_id` and GSI3 key rewritten.

A merge or an undo is many transactions. One that stops half-way (a donation edited meanwhile, a
failed write) puts everything back (`_put_back`, which finishes from any partial state) and says
so in the history: a merge put back is `failed` (nothing changed), and one that could not be put
back is `incomplete`, which an undo finishes. No merge stays `running` after its request."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any, NoReturn

from pynamodb.attributes import UnicodeAttribute
from pynamodb.exceptions import UpdateError

from functions.core import audit, clock, ids, keys
from functions.core.access import Principal
from functions.core.errors import AlmonerError, Conflict, Invalid, NotFound
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
from functions.donors.transaction import Transaction, TransactionFailed

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
    """Re-point `records` from donor `from_id` to donor `to`, in transactions of `CHUNK`. Each
    donation is read again as it moves (an edit made meanwhile is kept, not refused as stale);
    one deleted or given to another donor meanwhile stays where it is."""
    to_name = names.display_name(repository.facts_of(to))
    for start in range(0, len(records), CHUNK):
        part = records[start : start + CHUNK]
        moving = [(record.pk, record.sk) for record in part if isinstance(record, Donation)]

        def changes(
            involved: dict[str, Donor], moving: list[tuple[str, str]] = moving
        ) -> list[donations.Change]:
            result: list[donations.Change] = []
            for before in Entity.batch_get(moving, consistent_read=True):
                if not isinstance(before, Donation) or before.donor_id != from_id:
                    continue
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
    try:
        repository.update(survivor, after, service.profile_actions(after))
        _move(who.tenant_id, records, merged.donor_id, after)
        repository.delete(repository.get(who.tenant_id, merged.donor_id))
    except Exception as exc:
        _abandon(who, record, exc)
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


def _abandon(who: Principal, record: DonorMerge, cause: Exception) -> NoReturn:
    """A merge stopped half-way by `cause`: put everything back and record it as `failed`, or as
    `incomplete` (an undo finishes it) when putting back fails too. A refusal (something changed
    meanwhile) is told to the user as such; anything else is raised as it was."""
    status, message_key = "failed", "donors.merge_failed"
    try:
        _put_back(who, record)
    except Exception:
        status, message_key = "incomplete", "donors.merge_incomplete"
    record.update(actions=[DonorMerge.status.set(status)])
    audit.record(who.tenant_id, f"donor.merge_{status}", actor_id=who.user_id, merge_id=record.merge_id)
    if isinstance(cause, (AlmonerError, TransactionFailed)):
        raise Conflict(message_key) from cause
    raise cause


def _put_back(who: Principal, record: DonorMerge) -> None:
    """Both donors as before the merge, from whatever state it reached: the merged donor written
    again if it was deleted, the moved records that are on the survivor moved back with their
    totals, the survivor's own fields as they were. Running it twice changes nothing more."""
    merged_key = Donor.key(who.tenant_id, record.merged_id)
    merged = next(iter(Entity.batch_get([merged_key], consistent_read=True)), None)
    if not isinstance(merged, Donor):
        merged = _restore(record.merged_before, fresh=True)
        merged.total_given, merged.donations_count = Decimal(0), 0
        repository.index_keys(merged)  # its place in the list by total: nothing given yet
        repository.create(merged)
    moved = set(record.moved or [])
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


UNDOABLE = ("done", "incomplete")


def undo(who: Principal, merge_id: str) -> dict[str, Any]:
    try:
        record = DonorMerge.get(*DonorMerge.key(who.tenant_id, merge_id), consistent_read=True)
    except DonorMerge.DoesNotExist as exc:
        raise NotFound() from exc
    if record.status == "undone":
        raise Conflict("donors.merge_undone")
    if record.status == "failed":
        raise Conflict("donors.merge_failed_nothing_to_undo")
    if record.status not in UNDOABLE:
        raise Conflict("donors.merge_busy")
    try:
        repository.get(who.tenant_id, record.survivor_id)
    except NotFound as exc:  # merged into another donor (or deleted) since
        raise Conflict("donors.merge_survivor_gone", name=record.survivor_name) from exc
    was = record.status
    try:
        record.update(actions=[DonorMerge.status.set("undoing")], condition=DonorMerge.status == was)
    except UpdateError as exc:  # another undo took it meanwhile
        raise Conflict("donors.merge_busy") from exc
    try:
        _put_back(who, record)
    except Exception as exc:
        record.update(actions=[DonorMerge.status.set("incomplete")])  # an undo again finishes it
        if isinstance(exc, (AlmonerError, TransactionFailed)):
            raise Conflict("donors.undo_incomplete") from exc
        raise
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
