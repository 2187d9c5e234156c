"""The fields of a donor, the longest value each field of a donor or donation takes and the
largest amount: the one list the API's request models, the donor item and the import's row reader
all use, so a row an import accepts is one the forms would accept."""

from __future__ import annotations

from decimal import Decimal

# The largest amount a donation, a benefit or an amount filter takes (forms and imports alike).
MAX_AMOUNT = Decimal("1000000.00")

DONOR_FIELDS = (
    "title",
    "first_name",
    "last_name",
    "company_name",
    "email",
    "phone",
    "house",
    "address_line1",
    "address_line2",
    "town",
    "county",
    "postcode",
    "country",
)
LIMITS = {
    "title": 20,
    "first_name": 100,
    "last_name": 100,
    "company_name": 200,
    "email": 254,
    "phone": 40,
    "house": 100,
    "address_line1": 200,
    "address_line2": 200,
    "town": 100,
    "county": 100,
    "postcode": 20,
    "country": 2,
    "external_ref": 100,
    "source": 100,
    "notes": 5000,
    "donation_id": 40,
    "donor_id": 40,
    "donation_type": 100,
    "location": 100,
}
