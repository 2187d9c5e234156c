"""What a file's columns can be mapped to, the built-in presets, and the checks on a mapping.

A mapping names, for each column of the file, the field it fills (or nothing), the transforms
(date, amount and name formats) and the `source`: the namespace in which a donation's external
reference is unique, so that importing the same file twice creates nothing the second time.

Presets carry the real column headers of the files charities download (sources in
docs/decisions/0012-imports.md). A preset may name several spellings of one column; the columns a
file does not have are ignored when the preset is applied.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

from functions.domain.imports.transforms import (
    AMOUNT_FORMATS,
    DATE_FORMATS,
    DECLARATION_METHODS,
    NAME_FORMATS,
)


@dataclass(frozen=True)
class Field:
    key: str
    group: str  # donor | donation | declaration
    required: bool = False


FIELDS: tuple[Field, ...] = (
    Field("full_name", "donor"),
    Field("title", "donor"),
    Field("first_name", "donor"),
    Field("last_name", "donor"),
    Field("company_name", "donor"),
    Field("email", "donor"),
    Field("phone", "donor"),
    Field("house", "donor"),
    Field("address_line1", "donor"),
    Field("address_line2", "donor"),
    Field("town", "donor"),
    Field("county", "donor"),
    Field("postcode", "donor"),
    Field("country", "donor"),
    Field("donor_id", "donor"),
    Field("amount", "donation", required=True),
    Field("date", "donation", required=True),
    Field("external_ref", "donation"),
    Field("donation_id", "donation"),
    Field("source", "donation"),
    Field("payment_method", "donation"),
    Field("donation_type", "donation"),
    Field("location", "donation"),
    Field("fund", "donation"),  # a fund's name or finance code (docs/decisions/0019-fund-ledger.md)
    Field("status", "donation"),
    Field("refunded_at", "donation"),
    Field("benefit_value", "donation"),
    Field("sponsored", "donation"),
    Field("notes", "donation"),
    # payment platforms' columns: the row's kind, the payment a refund returns, other currencies
    Field("transaction_type", "donation"),
    Field("original_ref", "donation"),
    Field("refunded_amount", "donation"),
    Field("currency", "donation"),
    Field("converted_amount", "donation"),
    Field("converted_refunded", "donation"),
    Field("converted_currency", "donation"),
    Field("gift_aid", "declaration"),
    Field("declaration_date", "declaration"),
    Field("declaration_method", "declaration"),
)
FIELD_KEYS = frozenset(f.key for f in FIELDS)
REQUIRED = tuple(f.key for f in FIELDS if f.required)
SOURCES = ("justgiving", "stripe", "paypal", "almoner", "file")
TRANSFORMS = {
    "date": list(DATE_FORMATS),
    "amount": list(AMOUNT_FORMATS),
    "name": list(NAME_FORMATS),
    "gift_aid": ["yes_no"],
}
DEFAULT_KEYS = ("payment_method", "donation_type_id", "location_id", "declaration_method")


@dataclass(frozen=True)
class ImportMapping:
    """A mapping as the import uses it (`columns`: file column → field key)."""

    columns: dict[str, str]
    date_format: str = "dmy"
    amount_format: str = "plain"
    name_format: str = "first_last"
    source: str = "file"
    defaults: dict[str, str] = field(default_factory=dict)

    def column_of(self, field_key: str) -> str | None:
        """The first column mapped to `field_key` (asked for every field of every row)."""
        return self._column_by_key.get(field_key)

    @cached_property
    def _column_by_key(self) -> dict[str, str]:
        found: dict[str, str] = {}
        for column, key in self.columns.items():
            found.setdefault(key, column)
        return found


def mapping_from(raw: Mapping[str, object], file_columns: Iterable[str]) -> ImportMapping:
    """The mapping restricted to the file's columns (presets may name absent spellings)."""
    present = set(file_columns)
    columns_raw = raw.get("columns") or {}
    assert isinstance(columns_raw, Mapping)  # noqa: S101 (validated by the schema before)
    columns = {str(c): str(k) for c, k in columns_raw.items() if k and str(c) in present}
    defaults_raw = raw.get("defaults") or {}
    assert isinstance(defaults_raw, Mapping)  # noqa: S101
    return ImportMapping(
        columns=columns,
        date_format=str(raw.get("date_format") or "dmy"),
        amount_format=str(raw.get("amount_format") or "plain"),
        name_format=str(raw.get("name_format") or "first_last"),
        source=str(raw.get("source") or "file"),
        defaults={str(k): str(v) for k, v in defaults_raw.items() if v},
    )


def mapping_problems(
    raw_columns: Mapping[str, object], file_columns: Iterable[str]
) -> dict[str, tuple[str, dict[str, str]]]:
    """{error field: (message key, params)} for a mapping's columns: an unknown field, a field
    chosen for two columns, a required field left unmapped, a name given both ways."""
    present = set(file_columns)
    problems: dict[str, tuple[str, dict[str, str]]] = {}
    used: dict[str, str] = {}
    for column, key in raw_columns.items():
        if key is None or str(column) not in present:
            continue
        if key not in FIELD_KEYS:
            problems[f"mapping.columns.{column}"] = ("imports.mapping_unknown_field", {"field": str(key)})
        elif key in used:
            problems[f"mapping.columns.{column}"] = ("imports.mapping_twice", {"column": used[key]})
        else:
            used[str(key)] = str(column)
    missing = [key for key in REQUIRED if key not in used]
    if missing:
        problems["mapping"] = ("imports.mapping_required", {"field": missing[0]})
    return problems


# ------------------------------------------------------------------ presets
@dataclass(frozen=True)
class Preset:
    preset_id: str
    name: str
    columns: dict[str, str | None]
    date_format: str
    amount_format: str
    name_format: str
    source: str
    defaults: dict[str, str]

    def for_columns(self, columns: Iterable[str]) -> dict[str, str | None]:
        """The preset applied to a file's columns as the SPA applies it (frontend/src/features/
        imports/mapping.ts `applyPreset`): each column gets the field of the same header (exact,
        else without case or doubled spaces); when the preset knows several spellings of one
        field (older and current exports), the file's first such column fills it."""
        by_key = {header_key(name): key for name, key in self.columns.items()}
        filled: set[str] = set()
        mapped: dict[str, str | None] = {}
        for column in columns:
            key = self.columns.get(column, by_key.get(header_key(column)))
            mapped[column] = key if key and key not in filled else None
            if key:
                filled.add(key)
        return mapped

    def mapping(self) -> dict[str, object]:
        return {
            "columns": dict(self.columns),
            "date_format": self.date_format,
            "amount_format": self.amount_format,
            "name_format": self.name_format,
            "source": self.source,
            "defaults": dict(self.defaults),
        }


JUSTGIVING = Preset(
    "justgiving",
    "JustGiving donation report",
    {
        # the donation report (current and older spellings) and the payment report
        "Donation Ref": "external_ref",
        "Donation Reference": "external_ref",
        "Donation Id": "external_ref",
        "Donation ID": "external_ref",
        "Donation Date": "date",
        "Donation Amount": "amount",
        "Donation Auth Amount": "amount",
        "Amount": "amount",
        "Donation Currency": "currency",
        "Currency": "currency",
        "Type": "transaction_type",
        "Donor User Id": None,
        "Donor Display Name": None,
        "Donor Title": "title",
        "Donor FirstName": "first_name",
        "Donor First Name": "first_name",
        "Donor LastName": "last_name",
        "Donor Last Name": "last_name",
        "Donor E-mail": "email",
        "Donor Email": "email",
        "Donor Email Address": "email",
        "Donor Address Line 1": "address_line1",
        "Donor Address Line 2": "address_line2",
        "Donor Town": "town",
        "Donor City": "town",
        "Donor Town/City": "town",
        "Donor County": "county",
        "Donor County/State": "county",
        "Donor Postcode": "postcode",
        "Donor Post Code": "postcode",
        "Donor Postal Code": "postcode",
        "Donor Country": "country",
        "Appeal Name": None,
        "Fundraiser Name": None,
        "Fundraising Page Title": None,
        "Page Title": None,
        "Event Name": None,
        "Donor Further Contact": None,
        "Donation Message": "notes",
        "Message From Donor": "notes",
        "Message": "notes",
        "Net Donation Amount": None,
        "Transaction Fee": None,
        "Donation Source": None,
        # JustGiving claims the Gift Aid on these donations itself (GIFT_AID.md §3): its Gift
        # Aid columns describe JustGiving's claim, not a declaration made to the charity.
        "Gift Aid Amount": None,
        "Gift Aid Status": None,
        "Gift Aid Eligible": None,
        "Estimated Gift Aid": None,
    },
    "dmy",
    "plain",
    "first_last",
    "justgiving",
    {"payment_method": "justgiving"},
)

STRIPE = Preset(
    "stripe",
    "Stripe payments export",
    {
        # the Payments export (unified_payments.csv) and the older charges export
        "id": "external_ref",
        "Created date (UTC)": "date",
        "Created (UTC)": "date",
        "Amount": "amount",
        "Amount Refunded": "refunded_amount",
        "Currency": "currency",
        "Converted Amount": "converted_amount",
        "Converted Amount Refunded": "converted_refunded",
        "Converted Currency": "converted_currency",
        "Refunded date (UTC)": "refunded_at",
        "Fee": None,
        "Tax": None,
        "Taxes On Fee": None,
        "Mode": None,
        "Captured": None,
        "Status": "status",
        "Description": "notes",
        "Customer ID": None,
        "Customer Description": None,
        "Customer Email": "email",
        "Card Name": "full_name",
        "Card Address Line1": "address_line1",
        "Card Address Line2": "address_line2",
        "Card Address City": "town",
        "Card Address State": "county",
        "Card Address Zip": "postcode",
        "Card Address Country": "country",
        "Statement Descriptor": None,
        "Seller Message": None,
        "Decline Reason": None,
        "PaymentIntent ID": None,
        "Invoice ID": None,
    },
    "iso_utc",
    "plain",
    "split",
    "stripe",
    {"payment_method": "stripe"},
)

PAYPAL = Preset(
    "paypal",
    "PayPal activity download",
    {
        "Date": "date",
        "Time": None,
        "TimeZone": None,
        "Time Zone": None,
        "Name": "full_name",
        "Type": "transaction_type",
        "Status": "status",
        "Currency": "currency",
        "Gross": "amount",
        "Fee": None,
        "Net": None,
        "From Email Address": "email",
        "To Email Address": None,
        "Transaction ID": "external_ref",
        "Item Title": None,
        "Subject": None,
        "Note": "notes",
        "Balance": None,
        "Balance Impact": None,
        "Contact Phone Number": "phone",
        "Reference Txn ID": "original_ref",
        "Address Line 1": "address_line1",
        "Address Line 2/District/Neighborhood": "address_line2",
        "Town/City": "town",
        "State/Province/Region/County/Territory/Prefecture/Republic": "county",
        "State/Province": "county",
        "Zip/Postal Code": "postcode",
        "Country Code": "country",
        "Country": "country",  # the country's name (older downloads have only this one)
    },
    "dmy",
    "plain",
    "split",
    "paypal",
    {"payment_method": "paypal"},
)

ALMONER = Preset(
    "almoner",
    "Almoner donations export",
    {
        # functions/donations/exporters.py (the export's own labels) and the SPA's column
        # labels in English and Spanish (frontend/src/locales), which the SPA sends as heads.
        "ID": "donation_id",
        "Date": "date",
        "Fecha": "date",
        "Amount": "amount",
        "Amount (£)": "amount",
        "Importe (£)": "amount",
        "Donor": "full_name",
        "Donante": "full_name",
        "Donor ID": "donor_id",
        "Type": "donation_type",
        "Donation type": "donation_type",
        "Tipo de donación": "donation_type",
        "Payment method": "payment_method",
        "Forma de pago": "payment_method",
        "Location": "location",
        "Ubicación": "location",
        "Fund": "fund",
        "Fondo": "fund",
        "Source": "source",
        "Campaign or source": "source",
        "Campaña u origen": "source",
        "External reference": "external_ref",
        "Referencia externa": "external_ref",
        "Benefit value": "benefit_value",
        "Benefit value (£)": "benefit_value",
        "Valor del beneficio (£)": "benefit_value",
        "Sponsored": "sponsored",
        "Sponsored event": "sponsored",
        "Evento patrocinado": "sponsored",
        "Status": "status",
        "Estado": "status",
        "Refunded on": "refunded_at",
        "Refund date": "refunded_at",
        "Fecha de reembolso": "refunded_at",
        "Notes": "notes",
        "Notas": "notes",
    },
    "iso",
    "plain",
    "split",
    "almoner",
    {},
)

BUILTIN_PRESETS: tuple[Preset, ...] = (JUSTGIVING, STRIPE, PAYPAL, ALMONER)


# Headers any spreadsheet may have: a file whose only preset headers are these is nobody's export.
EVERYDAY_HEADERS = frozenset(
    {
        "id",
        "date",
        "time",
        "amount",
        "gross",
        "name",
        "donor",
        "email",
        "phone",
        "status",
        "type",
        "note",
        "notes",
        "description",
        "currency",
        "fee",
        "net",
        "source",
        "location",
        "reference",
        "payment method",
        "total",
        "balance",
        "subject",
        "title",
    }
)


def header_key(text: str) -> str:
    """A header as people read it: no byte-order mark, no case, single spaces."""
    return " ".join(text.replace("\ufeff", "").split()).lower()


def detect_preset(columns: Iterable[str]) -> str | None:
    """The built-in preset whose export this file is: the file has the preset's amount and date
    columns and at least one header only that export uses (not an everyday word such as
    `Date`, `Amount` or `Notes`, which any spreadsheet has); among several, the one naming the
    most of the file's columns. Headers compare without case or doubled spaces."""
    present = {header_key(c) for c in columns}
    best: tuple[int, str] | None = None
    for preset in BUILTIN_PRESETS:
        named = {header_key(c) for c in preset.columns} & present
        fields_found = {k for c, k in preset.columns.items() if k and header_key(c) in present}
        if not set(REQUIRED) <= fields_found or not named - EVERYDAY_HEADERS:
            continue
        if best is None or len(named) > best[0]:
            best = (len(named), preset.preset_id)
    return best[1] if best else None


def valid_options(raw: Mapping[str, object]) -> dict[str, tuple[str, dict[str, str]]]:
    """Problems with the transforms, the source and the defaults' method (ids are checked by the
    service, which can read them)."""
    problems: dict[str, tuple[str, dict[str, str]]] = {}
    for name, allowed in (
        ("date_format", DATE_FORMATS),
        ("amount_format", AMOUNT_FORMATS),
        ("name_format", NAME_FORMATS),
        ("source", SOURCES),
    ):
        if raw.get(name) not in allowed:
            problems[f"mapping.{name}"] = ("field.choice", {})
    defaults = raw.get("defaults") or {}
    if isinstance(defaults, Mapping):
        method = defaults.get("declaration_method")
        if method and method not in DECLARATION_METHODS:
            problems["mapping.defaults.declaration_method"] = ("field.choice", {})
    return problems
