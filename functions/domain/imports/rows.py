"""One data row of a file → the donor, donation and declaration it describes, or the reasons it
cannot be imported (each with its column and value). Pure: the catalogue of donation types and
locations is passed in.

Rules:
- amount and date are required; the date may not be in the future (GIFT_AID.md §1);
- a row with donor details needs a name (first or last name, or a company name);
- a negative amount is a refund and is refused (not matched to an earlier donation);
- a Gift Aid "yes" needs a named individual donor, and creates a declaration covering that
  donation (`this_donation`), dated by its own column or the donation's date;
- the reference that makes a re-import harmless is the external reference column, else (for
  Almoner's export) the Almoner donation id, else a fingerprint of the row's values
  (`fingerprint`), numbered when identical rows repeat.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from functions.domain import names
from functions.domain.imports import transforms as tf
from functions.domain.imports.fields import ImportMapping
from functions.domain.postcodes import normalise_uk_postcode
from functions.domain.record_fields import DONOR_FIELDS, LIMITS

_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
_COUNTRY_NAMES = {
    "united kingdom": "GB",
    "uk": "GB",
    "great britain": "GB",
    "england": "GB",
    "scotland": "GB",
    "wales": "GB",
    "northern ireland": "GB",
    "gb": "GB",
}
REPLACEMENT = "\ufffd"


@dataclass(frozen=True)
class Catalog:
    """The charity's donation types and locations, by id and by folded name."""

    types: Mapping[str, str] = field(default_factory=dict)  # id or folded name → id
    locations: Mapping[str, str] = field(default_factory=dict)


@dataclass
class Problem:
    column: str
    value: str
    reason: str
    params: dict[str, str] = field(default_factory=dict)


@dataclass
class ImportRow:
    row: int
    donor: dict[str, Any] | None = None  # Donor fields (+ "type"); None: anonymous
    donor_ref: str | None = None  # an Almoner donor id named by the file
    donation: dict[str, Any] = field(default_factory=dict)
    declaration: dict[str, Any] | None = None
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_json(self) -> dict[str, Any]:
        return {
            "row": self.row,
            "donor": self.donor,
            "donor_ref": self.donor_ref,
            "donation": self.donation,
            "declaration": self.declaration,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ImportRow:
        return cls(
            row=int(data["row"]),
            donor=data.get("donor"),
            donor_ref=data.get("donor_ref"),
            donation=dict(data.get("donation") or {}),
            declaration=data.get("declaration"),
        )


class _Reader:
    def __init__(self, cells: Sequence[str], index: Mapping[str, int], mapping: ImportMapping) -> None:
        self.cells, self.index, self.mapping = cells, index, mapping
        self.problems: list[Problem] = []

    def column(self, key: str) -> str | None:
        return self.mapping.column_of(key)

    def raw(self, key: str) -> str:
        column = self.column(key)
        if column is None:
            return ""
        position = self.index.get(column)
        if position is None or position >= len(self.cells):
            return ""
        value = self.cells[position]
        return "" if value is None else str(value)

    def text(self, key: str) -> str | None:
        value = tf.clean_text(self.raw(key))
        limit = LIMITS.get(key)
        if limit is not None and len(value) > limit:
            self.fail(key, value, "imports.too_long", max=str(limit))
            return None
        return value or None

    def fail(self, key: str, value: str, reason: str, **params: str) -> None:
        self.problems.append(Problem(self.column(key) or key, value, reason, dict(params)))

    def parse(self, key: str, parser: Any, *args: Any) -> Any:
        value = self.raw(key)
        try:
            return parser(value, *args)
        except tf.CellProblem as problem:
            self.problems.append(Problem(self.column(key) or key, value.strip(), problem.key, problem.params))
            return None


def read_row(
    number: int,
    cells: Sequence[str],
    index: Mapping[str, int],
    mapping: ImportMapping,
    *,
    today: dt.date,
    catalog: Catalog = Catalog(),
) -> ImportRow:
    """The row as it will be stored, with every problem found (the row is imported only when
    there is none)."""
    reader = _Reader(cells, index, mapping)
    result = ImportRow(row=number)
    if any(REPLACEMENT in str(cell or "") for cell in cells):
        reader.problems.append(Problem("", "", "imports.bad_characters"))
    result.donation = _donation(reader, mapping, today, catalog)
    result.donor = _donor(reader, mapping)
    donor_ref = reader.text("donor_id")
    result.donor_ref = donor_ref
    result.declaration = _declaration(reader, mapping, result, today)
    result.problems = reader.problems
    return result


def _donation(reader: _Reader, mapping: ImportMapping, today: dt.date, catalog: Catalog) -> dict[str, Any]:
    amount = reader.parse("amount", tf.donation_amount, mapping.amount_format)
    day = reader.parse("date", tf.parse_date, mapping.date_format)
    if day is not None and day > today:
        reader.fail("date", reader.raw("date").strip(), "imports.date_future")
    donation: dict[str, Any] = {
        "amount": str(amount) if amount is not None else None,
        "date": day.isoformat() if day else None,
        "external_ref": reader.text("external_ref"),
        "donation_id": reader.text("donation_id"),
        "source": reader.text("source") or mapping.source,
        "notes": reader.text("notes"),
        "payment_method": mapping.defaults.get("payment_method") or "other",
        "type_id": mapping.defaults.get("donation_type_id"),
        "location_id": mapping.defaults.get("location_id"),
        "status": "received",
        "refunded_at": None,
        "benefit_value": None,
        "sponsored": False,
    }
    if reader.raw("payment_method").strip():
        donation["payment_method"] = reader.parse("payment_method", tf.parse_payment_method) or "other"
    for key, target, table, reason in (
        ("donation_type", "type_id", catalog.types, "imports.type_unknown"),
        ("location", "location_id", catalog.locations, "imports.location_unknown"),
    ):
        value = reader.text(key)
        if value:
            found = table.get(value) or table.get(names.fold(value))
            if found is None:
                reader.fail(key, value, reason)
            donation[target] = found
    if reader.raw("status").strip():
        donation["status"] = reader.parse("status", tf.parse_status) or "received"
    if donation["status"] == "refunded":
        refunded = (
            reader.parse("refunded_at", tf.parse_date, mapping.date_format)
            if reader.raw("refunded_at").strip()
            else day
        )
        donation["refunded_at"] = refunded.isoformat() if refunded else None
    if reader.raw("benefit_value").strip():
        benefit = reader.parse("benefit_value", tf.parse_amount, mapping.amount_format)
        if benefit is not None and benefit < 0:
            reader.fail("benefit_value", reader.raw("benefit_value").strip(), "imports.amount_negative")
        donation["benefit_value"] = str(benefit) if benefit is not None and benefit > 0 else None
    if reader.raw("sponsored").strip():
        donation["sponsored"] = bool(reader.parse("sponsored", tf.parse_yes_no))
    return donation


def _donor(reader: _Reader, mapping: ImportMapping) -> dict[str, Any] | None:
    values: dict[str, Any] = {key: reader.text(key) for key in DONOR_FIELDS}
    full = reader.text("full_name")
    if full:
        title, first, last = tf.split_name(full)
        values["title"] = values["title"] or title
        values["first_name"] = values["first_name"] or first
        values["last_name"] = values["last_name"] or last
    if values["title"]:
        values["title"] = values["title"].rstrip(".")
    if not any(values.values()):
        return None  # anonymous
    if values["email"]:
        values["email"] = values["email"].lower()
        if not _EMAIL.match(values["email"]):
            reader.fail("email", values["email"], "imports.email_invalid")
    country = values["country"] or "GB"
    values["country"] = _COUNTRY_NAMES.get(country.lower(), country.upper())
    if len(values["country"]) != 2:
        reader.fail("country", country, "imports.country_invalid")
        values["country"] = "GB"
    if values["postcode"]:
        values["postcode"] = names.tidy_postcode(values["postcode"], values["country"])
    if not values["house"] and values["address_line1"]:
        values["house"] = _house_of(values["address_line1"])
    organisation = bool(values["company_name"]) and not (values["first_name"] or values["last_name"])
    values["type"] = "organisation" if organisation else "individual"
    if not (values["first_name"] or values["last_name"] or values["company_name"]):
        column = reader.column("full_name") or reader.column("last_name") or reader.column("first_name") or ""
        reader.problems.append(Problem(column, "", "imports.donor_name_missing"))
    return values


_HOUSE = re.compile(r"^(\d+[A-Za-z]?)\b")


def _house_of(line: str) -> str | None:
    """HMRC wants the house name or number: `12 High Street` → `12`."""
    found = _HOUSE.match(line.strip())
    return found.group(1) if found else None


def _declaration(
    reader: _Reader, mapping: ImportMapping, row: ImportRow, today: dt.date
) -> dict[str, Any] | None:
    if reader.column("gift_aid") is None or not reader.raw("gift_aid").strip():
        return None
    wanted = reader.parse("gift_aid", tf.parse_yes_no)
    if not wanted:
        return None
    if row.donor is None or row.donor.get("type") != "individual":
        reader.fail("gift_aid", reader.raw("gift_aid").strip(), "imports.gift_aid_needs_person")
        return None
    given = row.donation.get("date")
    if reader.raw("declaration_date").strip():
        day = reader.parse("declaration_date", tf.parse_date, mapping.date_format)
        if day is not None and day > today:
            reader.fail("declaration_date", reader.raw("declaration_date").strip(), "imports.date_future")
        given = day.isoformat() if day else given
    method = mapping.defaults.get("declaration_method") or "written"
    if reader.raw("declaration_method").strip():
        method = reader.parse("declaration_method", tf.parse_declaration_method) or method
    return {"method": method, "date_given": given}


# ------------------------------------------------------------------ identity of a row and a donor
def reference_of(row: ImportRow, mapping: ImportMapping) -> tuple[str, str | None]:
    """(source, reference) that identifies the donation: its external reference, else (for
    Almoner's export) the Almoner donation id, within the row's own source (its campaign or
    source column) or the mapping's; None when the row has neither. The donation is stored with
    that source, so a column mapped to "Campaign or source" is kept."""
    donation = row.donation
    source = str(donation.get("source") or mapping.source)
    return source, donation.get("external_ref") or donation.get("donation_id") or None


def fingerprint(row: ImportRow) -> str:
    """A reference for a row that has none: a digest of what the row says (donor, amount, date,
    method, type, location, notes), so the same file imported again gives the same references."""
    donor = row.donor or {}
    donation = row.donation
    parts = [
        names.fold(str(donor.get(key) or ""))
        for key in ("first_name", "last_name", "company_name", "email", "postcode")
    ]
    parts += [
        str(donation.get(key) or "")
        for key in ("amount", "date", "payment_method", "type_id", "location_id", "notes")
    ]
    digest = hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:20]
    return f"auto:{digest}"


def donor_key(row: ImportRow) -> str | None:
    """Who the row's donor is within the file: the Almoner donor id it names, else the email,
    else the folded name with the postcode. None for an anonymous row."""
    if row.donor_ref:
        return f"id:{row.donor_ref}"
    donor = row.donor
    if not donor:
        return None
    if donor.get("email"):
        return f"email:{donor['email']}"
    name = (
        donor.get("company_name")
        if donor.get("type") == "organisation"
        else f"{donor.get('first_name') or ''} {donor.get('last_name') or ''}"
    )
    postcode = "".join(str(donor.get("postcode") or "").split()).upper()
    return f"name:{names.fold(name)}|{postcode}"


def money(value: str | None) -> Decimal | None:
    return Decimal(value) if value is not None else None


def uk_postcode_ok(postcode: str | None) -> bool:
    return bool(postcode) and normalise_uk_postcode(postcode or "") == postcode


def stable_id(millis: int, *parts: str) -> str:
    """An id in the shape of `functions.core.ids.new_id` (26 hex characters, sortable by the
    import's creation time) that the same import always gives the same parts: a retried chunk
    writes the same donation, donor and declaration ids, so its conditional writes find them."""
    digest = hashlib.sha256("\x1f".join(parts).encode()).hexdigest()
    return f"{millis:012x}{digest[:14]}"
