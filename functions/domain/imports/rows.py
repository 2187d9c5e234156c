"""One data row of a file → the donor, donation and declaration it describes, or the reasons it
cannot be imported (each with its column and value). Pure: the catalogue of donation types and
locations is passed in.

Rules:
- amount and date are required; the date may not be in the future (GIFT_AID.md §1);
- a row's donor is who it names: a person, an organisation (`… Ltd`, `… Association`, in any
  name column: `names.looks_like_organisation`), or someone known only by an email; a row naming
  nobody (blank, "Anonymous", "Details withheld") is an anonymous donation, never refused;
- a row of a transaction type that is not a donation (PayPal's transfers, holds, conversions,
  shop sales; JustGiving's Gift Aid payments) is skipped with that reason (`skip`);
- a refund (a negative amount, or a refund type) is a row of kind `refund`: the payment it
  returns is named by the original reference column (PayPal's "Reference Txn ID"), else by its
  own reference (JustGiving names the donation); the import applies it to that donation;
- a charge row's own refunded amount (Stripe's "Amount Refunded") refunds it in full, or
  reduces its amount to what the donor kept given;
- an amount in another currency is taken from the GBP converted amount (Stripe's "Converted
  Amount"), else refused;
- a Gift Aid "yes" creates a declaration covering that donation (`this_donation`), dated by its
  own column or the donation's date; only an individual can declare, so a "yes" on a row naming
  no donor (anonymous) or an organisation keeps the donation without a declaration (never
  claimable: its Gift Aid says why) and gives the row a warning (`warnings`) saying so;
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

from functions.domain import countries, names
from functions.domain.imports import transforms as tf
from functions.domain.imports.fields import ImportMapping
from functions.domain.postcodes import normalise_uk_postcode
from functions.domain.record_fields import DONOR_FIELDS, LIMITS

_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
REPLACEMENT = "\ufffd"
# What exports write where a donor withheld their details (JustGiving's anonymous donors).
WITHHELD = frozenset(
    {
        "anonymous",
        "anon",
        "anonymous donor",
        "anonymous anonymous",
        "withheld",
        "details withheld",
        "name withheld",
        "not given",
        "not provided",
        "not supplied",
        "n/a",
        "unknown",
    }
)
DONATION, REFUND, SKIP = "donation", "refund", "skip"
GBP = "GBP"


@dataclass(frozen=True)
class Catalog:
    """The charity's donation types and locations, by id and by folded name."""

    types: Mapping[str, str] = field(default_factory=dict)  # id or folded name → id
    locations: Mapping[str, str] = field(default_factory=dict)
    funds: Mapping[str, str] = field(default_factory=dict)  # id, folded name or finance code → id


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
    kind: str = DONATION  # donation | refund | skip
    refund: dict[str, Any] | None = None  # of (reference), amount, date, ref (its own), gross
    skipped: Problem | None = None  # why a row that is not a donation is left out
    warnings: list[Problem] = field(default_factory=list)  # imported, with something to know

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
            "kind": self.kind,
            "refund": self.refund,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ImportRow:
        return cls(
            row=int(data["row"]),
            donor=data.get("donor"),
            donor_ref=data.get("donor_ref"),
            donation=dict(data.get("donation") or {}),
            declaration=data.get("declaration"),
            kind=str(data.get("kind") or DONATION),
            refund=data.get("refund"),
        )


_positions_cache: dict[tuple[int, int], tuple[ImportMapping, Mapping[str, int], dict[str, int]]] = {}


def _positions(mapping: ImportMapping, index: Mapping[str, int]) -> dict[str, int]:
    """Field key → the position of its column in a row, for the fields whose column the file has:
    found once per mapping and header, not for every field of every row (a pass reads some twenty
    fields of each row, most of them not mapped). The cache holds the objects it is keyed by, so
    their ids are not reused while they are in it."""
    key = (id(mapping), id(index))
    found = _positions_cache.get(key)
    if found is not None and found[0] is mapping and found[1] is index:
        return found[2]
    positions: dict[str, int] = {}
    for field_key in set(mapping.columns.values()):
        column = mapping.column_of(field_key)
        position = index.get(column) if column is not None else None
        if position is not None:
            positions[field_key] = position
    if len(_positions_cache) >= 32:
        _positions_cache.clear()
    _positions_cache[key] = (mapping, index, positions)
    return positions


class _Reader:
    def __init__(self, cells: Sequence[str], index: Mapping[str, int], mapping: ImportMapping) -> None:
        self.cells, self.index, self.mapping = cells, index, mapping
        self.positions = _positions(mapping, index)
        self.problems: list[Problem] = []

    def column(self, key: str) -> str | None:
        return self.mapping.column_of(key)

    def raw(self, key: str) -> str:
        position = self.positions.get(key)
        if position is None or position >= len(self.cells):
            return ""
        value = self.cells[position]
        return "" if value is None else str(value)

    def text(self, key: str) -> str | None:
        raw = self.raw(key)
        if not raw:
            return None
        value = tf.clean_text(raw)
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
    result.donation = _donation(reader, mapping, today, catalog, result)
    if result.kind == SKIP:
        result.problems = []
        return result
    if result.kind == REFUND:
        result.problems = reader.problems
        return result
    result.donor = _donor(reader, mapping)
    donor_ref = reader.text("donor_id")
    result.donor_ref = donor_ref
    result.declaration = _declaration(reader, mapping, result, today)
    result.problems = reader.problems
    return result


def _kind(reader: _Reader, amount: Any, row: ImportRow) -> None:
    """The row's kind from its transaction type and the sign of its amount."""
    kind = tf.transaction_kind(reader.raw("transaction_type"))
    value = reader.raw("transaction_type").strip()
    column = reader.column("transaction_type") or ""
    if kind == tf.OTHER:
        row.kind, row.skipped = SKIP, Problem(column, value, "imports.skipped_type", {"type": value})
    elif amount is None:
        return
    elif kind == tf.REFUND and amount > 0:
        row.kind, row.skipped = (
            SKIP,
            Problem(column, value, "imports.skipped_refund_received", {"type": value}),
        )
    elif amount < 0 and value and kind == tf.DONATION:
        row.kind, row.skipped = SKIP, Problem(column, value, "imports.skipped_payment_sent", {"type": value})
    elif amount < 0 or kind == tf.REFUND:
        row.kind = REFUND


def _in_pounds(reader: _Reader, mapping: ImportMapping, amount: Any, notes: list[str]) -> tuple[Any, Any]:
    """(amount, refunded amount) in pounds: a charge in another currency is taken at its GBP
    converted amount, and its refund at the converted refund (or in the same proportion)."""
    refunded = None
    if reader.raw("refunded_amount").strip():
        refunded = reader.parse("refunded_amount", tf.parse_amount, mapping.amount_format)
    currency = reader.raw("currency").strip().upper()
    if amount is None or currency in ("", GBP, "£"):
        return amount, refunded
    converted_currency = reader.raw("converted_currency").strip().upper()
    if not reader.raw("converted_amount").strip() or converted_currency not in ("", GBP):
        reader.fail("currency", reader.raw("currency").strip(), "imports.currency_not_gbp", currency=currency)
        return None, None
    converted = reader.parse("converted_amount", tf.signed_amount, mapping.amount_format)
    if converted is None:
        return None, None
    notes.append(f"paid {abs(amount)} {currency}")
    if refunded:
        if reader.raw("converted_refunded").strip():
            refunded = reader.parse("converted_refunded", tf.parse_amount, mapping.amount_format)
        else:
            refunded = (abs(converted) * refunded / abs(amount)).quantize(tf.PENNY)
    return (converted if amount > 0 else -abs(converted)), refunded


def _donation(
    reader: _Reader, mapping: ImportMapping, today: dt.date, catalog: Catalog, row: ImportRow
) -> dict[str, Any]:
    amount = reader.parse("amount", tf.signed_amount, mapping.amount_format)
    _kind(reader, amount, row)
    if row.kind == SKIP:
        return {}
    day = reader.parse("date", tf.parse_date, mapping.date_format)
    if day is not None and day > today:
        reader.fail("date", reader.raw("date").strip(), "imports.date_future")
    notes: list[str] = []
    amount, refunded = _in_pounds(reader, mapping, amount, notes)
    if row.kind == REFUND:
        own = reader.text("external_ref")
        of = reader.text("original_ref") or own
        if of is None:
            column = reader.column("original_ref") or reader.column("external_ref") or reader.column("amount")
            reader.problems.append(
                Problem(column or "", reader.raw("amount").strip(), "imports.refund_no_reference")
            )
        row.refund = {
            "of": of,
            "ref": own if own and own != of else None,
            "amount": str(abs(amount)) if amount is not None else None,
            "date": day.isoformat() if day else None,
        }
        return {"source": reader.text("source") or mapping.source}
    donation: dict[str, Any] = {
        "amount": str(amount) if amount is not None else None,
        "date": day.isoformat() if day else None,
        "external_ref": reader.text("external_ref"),
        "donation_id": reader.text("donation_id"),
        "source": reader.text("source") or mapping.source,
        "notes": "; ".join([reader.text("notes") or "", *notes]).strip("; ") or None,
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
        ("fund", "fund_id", catalog.funds, "imports.fund_unknown"),
    ):
        value = reader.text(key)
        if value:
            found = table.get(value) or table.get(names.fold(value))
            if found is None:
                reader.fail(key, value, reason)
            donation[target] = found
    if reader.raw("status").strip():
        donation["status"] = reader.parse("status", tf.parse_status) or "received"
    if refunded is not None and amount is not None and refunded > 0:
        _refunded_in_row(donation, amount, refunded, row)
    if donation["status"] == "refunded":
        refunded_on = (
            reader.parse("refunded_at", tf.parse_date, mapping.date_format)
            if reader.raw("refunded_at").strip()
            else day
        )
        donation["refunded_at"] = refunded_on.isoformat() if refunded_on else None
    if reader.raw("benefit_value").strip():
        benefit = reader.parse("benefit_value", tf.parse_amount, mapping.amount_format)
        if benefit is not None and benefit < 0:
            reader.fail("benefit_value", reader.raw("benefit_value").strip(), "imports.amount_negative")
        donation["benefit_value"] = str(benefit) if benefit is not None and benefit > 0 else None
    if reader.raw("sponsored").strip():
        donation["sponsored"] = bool(reader.parse("sponsored", tf.parse_yes_no))
    return donation


def _refunded_in_row(donation: dict[str, Any], amount: Any, refunded: Any, row: ImportRow) -> None:
    """A charge row that says how much of it was refunded: all of it → a refunded donation;
    part of it → the donation is what the donor kept given (the file's gross is kept in
    `row.refund`, so a later file's row for the same charge finds what was stored)."""
    row.refund = {
        "of": None,
        "ref": None,
        "amount": str(refunded),
        "gross": str(amount),
        "date": donation["date"],
    }
    if refunded >= amount:
        donation["status"] = "refunded"
        return
    donation["amount"] = str(amount - refunded)
    note = f"£{amount} less £{refunded} refunded"
    donation["notes"] = f"{donation['notes']}; {note}" if donation.get("notes") else note


def _withheld(value: str | None) -> str | None:
    return None if value is None or names.fold(value).strip(" .") in WITHHELD else value


def _donor(reader: _Reader, mapping: ImportMapping) -> dict[str, Any] | None:
    values: dict[str, Any] = {key: _withheld(reader.text(key)) for key in DONOR_FIELDS if key != "country"}
    values["country"] = tf.clean_text(reader.raw("country")) or None  # a name, read before any length check
    full = _withheld(reader.text("full_name"))
    if full and not values["company_name"] and names.looks_like_organisation(full):
        values["company_name"], full = names.tidy_case(full), None
    if full:
        title, first, last = tf.split_name(names.tidy_case(full) or full)
        values["title"] = values["title"] or title
        values["first_name"] = values["first_name"] or first
        values["last_name"] = values["last_name"] or last
    person = " ".join(str(values[k]) for k in ("first_name", "last_name") if values[k])
    if not values["company_name"] and names.looks_like_organisation(person):
        values.update(company_name=names.tidy_case(person), title=None, first_name=None, last_name=None)
    for key in ("first_name", "last_name"):
        values[key] = names.tidy_case(values[key])
    if values["title"]:
        values["title"] = values["title"].rstrip(".")
    if not (values["first_name"] or values["last_name"] or values["company_name"] or values["email"]):
        return None  # nobody named: an anonymous donation (an address alone names no one)
    if values["email"]:
        values["email"] = values["email"].lower()
        if not _EMAIL.match(values["email"]):
            reader.fail("email", values["email"], "imports.email_invalid")
    written = values["country"]
    values["country"] = countries.country_code(written) or "GB"
    if written and countries.country_code(written) is None:
        column = reader.column("country") or "country"
        reader.problems.append(Problem(column, written, "imports.country_invalid", {"value": written}))
    if values["postcode"]:
        values["postcode"] = names.tidy_postcode(values["postcode"], values["country"])
    if values["house"]:
        values["address_line1"] = names.without_house(values["address_line1"], values["house"])
    elif values["address_line1"]:
        values["house"], values["address_line1"], values["address_line2"] = names.split_house(
            values["address_line1"], values["address_line2"]
        )
    organisation = bool(values["company_name"]) and not (values["first_name"] or values["last_name"])
    values["type"] = "organisation" if organisation else "individual"
    return values


def _declaration(
    reader: _Reader, mapping: ImportMapping, row: ImportRow, today: dt.date
) -> dict[str, Any] | None:
    if reader.column("gift_aid") is None or not reader.raw("gift_aid").strip():
        return None
    wanted = reader.parse("gift_aid", tf.parse_yes_no)
    if not wanted:
        return None
    if row.donor is None or row.donor.get("type") != "individual":
        reason = "imports.gift_aid_no_donor" if row.donor is None else "imports.gift_aid_organisation"
        row.warnings.append(
            Problem(reader.column("gift_aid") or "gift_aid", reader.raw("gift_aid").strip(), reason)
        )
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
