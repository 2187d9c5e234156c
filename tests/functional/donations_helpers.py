"""Shared set-up of the donors/donations tests: a signed-in charity and small factories."""

from __future__ import annotations

from typing import Any

from functions.donations.schemas import DonationUpdateBody
from tests.functional.helpers import SignedIn

# Every field the donation edit form sends back (PUT /api/donations/{id}), from the request model
# itself, so a field added later is kept by the edit tests too; `rebalance` is the user's answer
# to a question, not a field of the donation.
EDIT_FORM_FIELDS = tuple(name for name in DonationUpdateBody.model_fields if name != "rebalance")

PERSON = {
    "type": "individual",
    "title": "Mrs",
    "first_name": "Jane",
    "last_name": "Smith",
    "email": "jane@example.org",
    "phone": "01632 960001",
    "house": "12",
    "address_line1": "High Street",
    "town": "Bath",
    "postcode": "ba1 1aa",
    "country": "GB",
}


def make_donor(who: SignedIn, **fields: Any) -> dict[str, Any]:
    reply = who.post("/api/donors", {**PERSON, **fields})
    assert reply.status == 201, reply
    return reply.json


def make_donation(who: SignedIn, **fields: Any) -> dict[str, Any]:
    body = {"amount": "10.00", "date": "2026-05-01", "payment_method": "cash", **fields}
    reply = who.post("/api/donations", body)
    assert reply.status == 201, reply
    return reply.json


def make_type(who: SignedIn, name: str = "General") -> dict[str, Any]:
    reply = who.post("/api/donation-types", {"name": name})
    assert reply.status == 201, reply
    return reply.json


def make_location(who: SignedIn, name: str = "Shop") -> dict[str, Any]:
    reply = who.post("/api/locations", {"name": name})
    assert reply.status == 201, reply
    return reply.json
