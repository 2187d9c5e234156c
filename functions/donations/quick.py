"""Quick donations: many rows in one save that stores all of them or reports each bad row, never
half (issue 4 §3).

1. Every row is validated, and every reference it makes is checked before anything is written:
   donors, types and locations exist, external references are free (and not repeated in the
   batch). Any problem → 422 with `errors` keyed `rows.<index>.<field>`, nothing written.
2. The rows are written in transactions of at most 100 items (each holds whole rows with their
   totals). If a later transaction fails (a reference taken meanwhile), the rows already written
   are deleted again by compensating transactions, which also take their totals back, and the
   failure is reported: the save is all-or-nothing as the user sees it.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from functions.core import ids, keys
from functions.core.access import Principal
from functions.core.errors import AlmonerError, Invalid
from functions.core.messages import t
from functions.core.money import money_text
from functions.core.table import Entity
from functions.core.validation import validate
from functions.domain.funds import DEFAULT_FUND_ID
from functions.donations import repository, service
from functions.donations.models import Donation, DonationType, Location
from functions.donations.schemas import DonationBody
from functions.donors import messages  # noqa: F401  (registers the area's messages)
from functions.donors import repository as donors
from functions.donors.models import Donor
from functions.donors.transaction import MAX_ITEMS, Transaction
from functions.funds import messages as _fund_messages  # noqa: F401  (registers the messages)
from functions.funds.models import Fund

Rows = list[tuple[int, DonationBody]]


def _validate_rows(rows: list[dict[str, Any]]) -> tuple[Rows, dict[str, list[str]]]:
    valid: Rows = []
    errors: dict[str, list[str]] = {}
    for index, row in enumerate(rows):
        try:
            valid.append((index, validate(DonationBody, row)))
        except Invalid as exc:
            for field, messages in (exc.errors or {}).items():
                errors[f"rows.{index}.{field}"] = messages
    return valid, errors


def _check_references(tenant_id: str, rows: Rows, errors: dict[str, list[str]]) -> None:
    """One BatchGetItem for every donor, type, location and external reference named: a missing
    donor, type or location and a reference already taken (or repeated here) is the row's error."""
    must_exist: dict[tuple[str, str], list[tuple[int, str, str]]] = {}
    refs: dict[tuple[str, str], list[int]] = {}
    for index, body in rows:
        for item_id, key_of, field, message_key in (
            (body.donor_id, Donor.key, "donor_id", "donors.unknown"),
            (body.type_id, DonationType.key, "type_id", "donations.type_unknown"),
            (body.location_id, Location.key, "location_id", "donations.location_unknown"),
        ):
            if item_id:
                must_exist.setdefault(key_of(tenant_id, item_id), []).append((index, field, message_key))
        for line in body.allocations or []:
            if line.fund_id and line.fund_id != DEFAULT_FUND_ID:  # the default is made on first use
                must_exist.setdefault(Fund.key(tenant_id, line.fund_id), []).append(
                    (index, "allocations", "funds.unknown")
                )
        if body.external_ref:
            ref_key = (keys.tenant_pk(tenant_id), keys.donation_ref_sk(body.source or "", body.external_ref))
            refs.setdefault(ref_key, []).append(index)
    found = {(item.pk, item.sk) for item in Entity.batch_get(list(must_exist) + list(refs))}
    for key, uses in must_exist.items():
        if key not in found:
            for index, field, message_key in uses:
                errors[f"rows.{index}.{field}"] = [t(message_key)]
    bodies = dict(rows)
    for key, indexes in refs.items():
        taken = indexes if key in found else indexes[1:]
        for index in taken:
            errors[f"rows.{index}.external_ref"] = [_ref_taken(bodies[index])]


def _ref_taken(body: DonationBody) -> str:
    return t("donations.external_ref_taken", ref=body.external_ref, source=body.source or "-")


def _chunks(tenant_id: str, rows: Rows) -> list[Rows]:
    """Consecutive rows packed into transactions of at most `MAX_ITEMS` items."""
    chunks: list[Rows] = []
    current: Rows = []
    donor_map = donors.get_many(tenant_id, [body.donor_id for _, body in rows if body.donor_id])
    for row in rows:
        trial = Transaction()
        candidate = current + [row]
        repository.add_changes(
            trial,
            [(None, _draft(tenant_id, body, donor_map)) for _, body in candidate],
            donor_map,
            assess=False,
        )
        if len(trial) > MAX_ITEMS and current:
            chunks.append(current)
            current = [row]
        else:
            current = candidate
    if current:
        chunks.append(current)
    return chunks


def _draft(tenant_id: str, body: DonationBody, donor_map: dict[str, Any]) -> Donation:
    return service.build(tenant_id, body, "0" * 26, donor_map.get(body.donor_id or ""))


def save(who: Principal, rows: list[dict[str, Any]]) -> dict[str, Any]:
    valid, errors = _validate_rows(rows)
    for index, body in valid:
        try:
            service.resolve_projects(who.tenant_id, body.allocations, prefix=f"rows.{index}.")
            service.check_resolved_split(body, prefix=f"rows.{index}.")
        except Invalid as exc:
            errors.update(exc.errors or {})
    _check_references(who.tenant_id, valid, errors)
    if errors:
        bad = len({key.split(".")[1] for key in errors})
        raise Invalid("donations.quick_invalid", errors=errors, count=bad)
    written: list[Donation] = []
    for chunk in _chunks(who.tenant_id, valid):
        planned = [(ids.new_id(), body) for _, body in chunk]
        made: list[Donation] = []

        def changes(
            involved: dict[str, Any], planned: list = planned, made: list = made
        ) -> list[repository.Change]:
            made[:] = [
                service.build(who.tenant_id, body, donation_id, involved.get(body.donor_id or ""))
                for donation_id, body in planned
            ]
            return [(None, donation) for donation in made]

        try:
            service.write_with_retry(who.tenant_id, changes, [body.donor_id for _, body in chunk])
        except AlmonerError:
            _compensate(who.tenant_id, written)
            raise
        written.extend(made)
    total = sum((donation.amount for donation in written), start=Decimal(0))
    return {
        "message": t("donations.quick_saved", count=len(written)),
        "count": len(written),
        "total": money_text(total),
        "data": [service.view(donation) for donation in written],
    }


def _compensate(tenant_id: str, written: list[Donation]) -> None:
    """Delete rows an earlier transaction of this save wrote (their totals go back with them)."""
    for start in range(0, len(written), 8):
        part = [repository.get(tenant_id, donation.donation_id) for donation in written[start : start + 8]]

        def deletions(involved: dict[str, Any], part: list[Donation] = part) -> list[repository.Change]:
            return [(donation, None) for donation in part]

        service.write_with_retry(tenant_id, deletions, [d.donor_id for d in part])
