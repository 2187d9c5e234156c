"""The donors table's CSV export: rows streamed page by page from one paginated Query, so memory
stays flat however many donors a charity has. Registered by `functions/exports/exporters.py`."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from functions.core import keys
from functions.domain import names
from functions.donors import repository
from functions.donors.models import Donor
from functions.donors.schemas import DonorFilters
from functions.donors.service import filter_condition
from functions.exports.registry import Exporter

PAGE = 1000

COLUMNS = (
    ("id", "ID"),
    ("name", "Name"),
    ("type", "Type"),
    ("title", "Title"),
    ("first_name", "First name"),
    ("last_name", "Last name"),
    ("company_name", "Company"),
    ("email", "Email"),
    ("phone", "Phone"),
    ("house", "House name or number"),
    ("address_line1", "Address line 1"),
    ("address_line2", "Address line 2"),
    ("town", "Town"),
    ("county", "County"),
    ("postcode", "Postcode"),
    ("country", "Country"),
    ("tags", "Tags"),
    ("total_given", "Total given"),
    ("donations_count", "Donations"),
    ("created_at", "Created"),
)


def donor_rows(tenant_id: str, meta: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every donor of the charity matching the table's filters, oldest first."""
    raw = meta.get("filters")
    raw_filters: dict[str, Any] = raw if isinstance(raw, dict) else {}
    try:
        filters = DonorFilters.model_validate(
            {k: v for k, v in raw_filters.items() if k != "applied" and v not in (None, "", [])}
        )
    except ValueError:
        filters = DonorFilters()
    donors = Donor.query(
        keys.tenant_pk(tenant_id),
        Donor.sk.startswith(keys.donor_prefix()),
        filter_condition=filter_condition(filters),
        page_size=PAGE,
    )
    for donor in donors:
        yield {
            "id": donor.donor_id,
            "name": names.display_name(repository.facts_of(donor)),
            "type": donor.donor_type,
            "title": donor.title,
            "first_name": donor.first_name,
            "last_name": donor.last_name,
            "company_name": donor.company_name,
            "email": donor.email,
            "phone": donor.phone,
            "house": donor.house,
            "address_line1": donor.address_line1,
            "address_line2": donor.address_line2,
            "town": donor.town,
            "county": donor.county,
            "postcode": donor.postcode,
            "country": donor.country,
            "tags": list(donor.tags or []),
            "total_given": donor.total_given,
            "donations_count": int(donor.donations_count or 0),
            "created_at": donor.created_at,
        }


DONORS = Exporter(table="donors", permission="manage-donors", columns=COLUMNS, rows=donor_rows)
