"""The review list: rows whose donor was ambiguous wait here until a person chooses an existing
donor or a new one. Choosing for one row settles every waiting row of the same donor of the file
(one person, one choice), and those rows are written at once through the chunk writer (whole rows,
stable ids), with a manifest of their own so undo finds them too; the refunds of those rows found
in the file, which waited with them, are applied then (`refunds.apply_waiting`)."""

from __future__ import annotations

import json
from typing import Any

from functions.core.access import Principal
from functions.core.errors import Conflict, Invalid, NotFound
from functions.core.pagination import ListQuery, decode_cursor, encode_cursor, page_body
from functions.domain import names
from functions.domain.imports.rows import stable_id
from functions.donors import repository as donors
from functions.donors.models import Donor
from functions.imports import jobs, plan, refunds, repository, writer
from functions.imports.models import IMPORTED, IMPORTING, MANIFEST_BASE, ReviewRow
from functions.imports.schemas import ReviewBody
from functions.imports.service import get


def listing(who: Principal, import_id: str, query: ListQuery) -> dict[str, Any]:
    item = get(who, import_id)
    start = decode_cursor(query.cursor)  # a cursor not issued for this list is a 422 in every state
    if item.status not in (IMPORTING, IMPORTED):
        # before the run nothing waits yet; after an undo the rows can no longer be imported
        return page_body([], total=0, query=query, next_cursor=None)
    rows, last = repository.review_rows(who.tenant_id, import_id, limit=query.length, start=start)
    candidate_ids = {c["donor_id"] for row in rows for c in json.loads(row.candidates_json or "[]")}
    found = repository.existing([Donor.key(who.tenant_id, d) for d in candidate_ids])
    people = {d.donor_id: d for d in found.values() if isinstance(d, Donor)}
    data = []
    for row in rows:
        planned = json.loads(row.data_json)
        candidates = []
        for candidate in json.loads(row.candidates_json or "[]"):
            donor = people.get(candidate["donor_id"])
            if donor is None:
                continue
            candidates.append(
                {
                    "donor_id": donor.donor_id,
                    "name": names.display_name(donors.facts_of(donor)),
                    "email": donor.email,
                    "postcode": donor.postcode,
                    "score": candidate["score"],
                    "reasons": candidate["reasons"],
                }
            )
        data.append(
            {
                "row": int(row.row),
                "donor": planned.get("donor"),
                "donation": planned.get("donation"),
                "candidates": candidates,
            }
        )
    return page_body(data, total=int(item.review or 0), query=query, next_cursor=encode_cursor(last))


def resolve(who: Principal, import_id: str, row_number: int, body: ReviewBody) -> dict[str, Any]:
    item = get(who, import_id)
    if item.status not in (IMPORTING, IMPORTED):
        raise Conflict("imports.state", status=item.status)
    chosen = repository.get_review(who.tenant_id, import_id, row_number)
    if chosen.status != "pending":
        raise Conflict("imports.review_done")
    if body.donor_id:
        try:
            donors.get(who.tenant_id, body.donor_id)
        except NotFound as exc:
            raise Invalid.field("donor_id", "donors.unknown") from exc
    rows: list[ReviewRow] = repository.review_rows_of_donor(who.tenant_id, import_id, chosen.donor_key) or [
        chosen
    ]
    if all(r.row != chosen.row for r in rows):
        rows.append(chosen)
    donor_id = body.donor_id or stable_id(plan.millis_of(item), "donor", chosen.donor_key, "review")
    planned = []
    for review in rows:
        data = json.loads(review.data_json)
        data["donor_id"] = donor_id
        data["new_donor"] = not body.donor_id
        planned.append(data)
    number = MANIFEST_BASE + int(chosen.row)
    if not jobs.write_manifest(item, number, planned):
        raise Conflict("imports.review_done")  # resolved at the same moment by another request
    outcome = writer.ChunkWriter(item, planned, who.user_id).write()
    jobs.close_chunk(item, number, outcome, 0, chunk_of_run=False, resolved_reviews=len(rows))
    with ReviewRow.batch_write() as batch:
        for review in rows:
            review.status = "imported"
            batch.save(review)
    refunded = refunds.apply_waiting(item, planned, who.user_id)
    return {
        "rows": sorted(int(r.row) for r in rows),
        "donor_id": donor_id,
        "imported": len(outcome.donations),
        "duplicates": outcome.duplicates,
        "refunds": refunded,
    }
