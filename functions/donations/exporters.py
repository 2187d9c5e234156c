"""The donations table's CSV export over the table's current filters: one paginated Query on the
index the list uses (newest first), streamed, so memory stays flat at 100,000 rows. Registered by
`functions/exports/exporters.py`."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from functions.core.errors import Invalid
from functions.donations import queries, service
from functions.donations.models import Donation
from functions.exports.registry import Exporter

PAGE = 1000

COLUMNS = (
    ("id", "ID"),
    ("date", "Date"),
    ("amount", "Amount"),
    ("donor_name", "Donor"),
    ("donor_id", "Donor ID"),
    ("type_id", "Type"),
    ("payment_method", "Payment method"),
    ("location_id", "Location"),
    ("source", "Source"),
    ("external_ref", "External reference"),
    ("benefit_value", "Benefit value"),
    ("sponsored", "Sponsored"),
    ("status", "Status"),
    ("refunded_at", "Refunded on"),
    ("notes", "Notes"),
)
# The donation's attribute behind each column (the same name unless renamed here): only these
# attributes are read.
RENAMED = {"id": "donation_id", "date": "donation_date"}
FIELDS = tuple(RENAMED.get(column, column) for column, _ in COLUMNS)


def donation_rows(tenant_id: str, meta: dict[str, Any]) -> Iterator[dict[str, Any]]:
    selected = meta.get("ids")
    if isinstance(selected, list):
        yield from _selected_rows(tenant_id, [str(item) for item in selected], meta)
        return
    raw = meta.get("filters")
    raw_filters: dict[str, Any] = raw if isinstance(raw, dict) else {}
    try:
        filters = service.filters_from(
            {k: v for k, v in raw_filters.items() if k != "applied" and v not in (None, "", [])}
        )
    except Invalid:
        filters = queries.DonationFilters()
    sort = "amount" if meta.get("sortBy") == "amount" else "date"
    descending = meta.get("sortDesc") not in (False, "false")
    for values in queries.stream_fields(
        tenant_id, filters, FIELDS, sort=sort, descending=descending, page_size=PAGE
    ):
        yield _row(values)


def _selected_rows(tenant_id: str, donation_ids: list[str], meta: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """ "Export selected": the caller's charity's donations among `donation_ids` (BatchGetItem;
    ids of no donation of the charity are left out), in the list's order."""
    found = list(Donation.batch_get([Donation.key(tenant_id, donation_id) for donation_id in donation_ids]))
    by_amount = meta.get("sortBy") == "amount"
    found.sort(
        key=lambda item: (
            (item.amount, item.donation_date) if by_amount else (item.donation_date, item.amount)
        ),
        reverse=meta.get("sortDesc") not in (False, "false"),
    )
    for donation in found:
        yield _row({field: getattr(donation, field) for field in FIELDS})


def _row(values: dict[str, Any]) -> dict[str, Any]:
    row = {column: values[field] for (column, _), field in zip(COLUMNS, FIELDS, strict=True)}
    row["sponsored"] = bool(row["sponsored"])
    return row


DONATIONS = Exporter(
    table="donations", permission="manage-donations", columns=COLUMNS, rows=donation_rows, by_ids=True
)
