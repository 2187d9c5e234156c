"""A file's row → the donor, donation and declaration it stores, or why not (functions/domain/
imports/rows.py); the mapping checks and the built-in presets (fields.py); which donor a row
belongs to (donor_match.py). Pure: rows are lists of strings written here."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from functions.domain import matching
from functions.domain.imports import donor_match, fields
from functions.domain.imports.rows import Catalog, donor_key, fingerprint, read_row, reference_of

TODAY = dt.date(2026, 11, 23)
ROOT = Path(__file__).resolve().parents[2]


def read(header, cells, columns, number=2, catalog=None, **options):
    mapping = fields.mapping_from({"columns": columns, **options}, header)
    index = {name: position for position, name in enumerate(header)}
    return read_row(number, cells, index, mapping, today=TODAY, catalog=catalog or Catalog())


def problems(row):
    return [(p.column, p.value, p.reason) for p in row.problems]


# ------------------------------------------------------------------ a row as it will be stored
SHEET = ["Name", "Email", "Address", "Postcode", "Amount", "Date", "Gift Aid"]
SHEET_MAP = {
    "Name": "full_name",
    "Email": "email",
    "Address": "address_line1",
    "Postcode": "postcode",
    "Amount": "amount",
    "Date": "date",
    "Gift Aid": "gift_aid",
}


def test_a_row_becomes_the_donor_donation_and_declaration_it_describes():
    # GIVEN a charity's spreadsheet row: one name column, a £ amount, a UK date, Gift Aid "Yes"
    cells = [
        "Mrs Zoë Brown",
        "Zoe@Example.org",
        "12a High Street",
        "ba11aa",
        "£1,234.50",
        "06/04/2025",
        "Yes",
    ]
    # WHEN it is read with the mapping and an online declaration method by default
    row = read(SHEET, cells, SHEET_MAP, defaults={"declaration_method": "online", "payment_method": "card"})
    # THEN it is clean, and stored as a person with a tidy postcode and the house HMRC asks for
    assert row.ok, problems(row)
    assert row.donor is not None
    assert {k: row.donor[k] for k in ("title", "first_name", "last_name", "email", "house", "postcode")} == {
        "title": "Mrs",
        "first_name": "Zoë",
        "last_name": "Brown",
        "email": "zoe@example.org",
        "house": "12a",
        "postcode": "BA1 1AA",
    }
    assert row.donor["type"] == "individual" and row.donor["country"] == "GB"
    assert row.donation["amount"] == "1234.50" and row.donation["date"] == "2025-04-06"
    assert row.donation["payment_method"] == "card" and row.donation["source"] == "file"
    # AND its Gift Aid "Yes" is a declaration dated by the donation, with the mapping's method
    assert row.declaration == {"method": "online", "date_given": "2025-04-06"}


def test_gift_aid_no_or_blank_creates_no_declaration():
    for answer in ("No", ""):
        cells = ["Jane Smith", "", "", "", "5", "06/04/2025", answer]
        row = read(SHEET, cells, SHEET_MAP)
        assert row.ok and row.declaration is None


def test_every_problem_of_a_row_is_reported_with_its_column_and_value():
    # GIVEN a row with a bad date, a fraction of a penny, a bad email and an unclear Gift Aid cell
    cells = ["Jane Smith", "jane-at-example", "", "", "5.001", "31/02/2025", "maybe"]
    # WHEN it is read with negative amounts in brackets
    row = read(SHEET, cells, SHEET_MAP, amount_format="brackets_negative")
    # THEN each problem names its column, the value and the reason
    assert problems(row) == [
        ("Amount", "5.001", "imports.amount_decimals"),
        ("Date", "31/02/2025", "imports.date_not_real"),
        ("Email", "jane-at-example", "imports.email_invalid"),
        ("Gift Aid", "maybe", "imports.yes_no_invalid"),
    ]


def test_a_future_date_is_refused_and_gift_aid_of_a_company_is_a_warning():
    # GIVEN a company's gift dated tomorrow with Gift Aid "Yes"
    header = ["Company", "Amount", "Date", "Gift Aid"]
    columns = {"Company": "company_name", "Amount": "amount", "Date": "date", "Gift Aid": "gift_aid"}
    row = read(header, ["Acme Ltd", "50", "24/11/2026", "Yes"], columns)
    # THEN the date is refused; the Gift Aid "Yes" only says why there is no declaration
    assert [(p.column, p.reason) for p in row.problems] == [("Date", "imports.date_future")]
    assert [(p.column, p.value, p.reason) for p in row.warnings] == [
        ("Gift Aid", "Yes", "imports.gift_aid_organisation")
    ]
    assert row.donor is not None and row.donor["type"] == "organisation" and row.declaration is None


def test_an_anonymous_gift_with_gift_aid_yes_is_kept_without_a_declaration_and_a_warning():
    header = ["Name", "Amount", "Date", "Gift Aid"]
    columns = {"Name": "full_name", "Amount": "amount", "Date": "date", "Gift Aid": "gift_aid"}
    for name in ("", "Anonymous", "Details withheld"):
        row = read(header, [name, "20.00", "06/04/2025", "Yes"], columns)
        assert row.ok, problems(row)
        assert row.donor is None and row.declaration is None and row.donation["amount"] == "20.00"
        assert [(p.column, p.reason) for p in row.warnings] == [("Gift Aid", "imports.gift_aid_no_donor")]
    # AND a named person's "Yes" is a declaration, with nothing to warn of
    row = read(header, ["Ann Lee", "20.00", "06/04/2025", "Yes"], columns)
    assert row.declaration is not None and row.warnings == []


def test_a_row_without_donor_columns_is_an_anonymous_donation():
    row = read(["Amount", "Date"], ["5.00", "2025-04-06"], {"Amount": "amount", "Date": "date"})
    assert row.ok and row.donor is None and row.donation["amount"] == "5.00"


def test_a_donor_known_only_by_an_email_is_a_valid_donor():
    row = read(
        ["Email", "Amount", "Date"],
        ["Jo@Example.org", "5", "06/04/2025"],
        {"Email": "email", "Amount": "amount", "Date": "date"},
    )
    assert row.ok, problems(row)
    assert row.donor is not None and row.donor["email"] == "jo@example.org"
    assert row.donor["type"] == "individual" and row.donor["first_name"] is None


def test_donation_types_and_locations_are_found_by_name_or_id():
    # GIVEN the charity's type "General" and location "Shop"
    catalog = Catalog(types={"t1": "t1", "general": "t1"}, locations={"l1": "l1", "shop": "l1"})
    header = ["Amount", "Date", "Type", "Where"]
    columns = {"Amount": "amount", "Date": "date", "Type": "donation_type", "Where": "location"}
    # WHEN a row names them by name (any case) or id THEN they are found; an unknown one is refused
    found = read(header, ["5", "06/04/2025", "GENERAL", "l1"], columns, catalog=catalog)
    assert found.ok and found.donation["type_id"] == "t1" and found.donation["location_id"] == "l1"
    unknown = read(header, ["5", "06/04/2025", "Raffle", ""], columns, catalog=catalog)
    assert [(p.column, p.value, p.reason) for p in unknown.problems] == [
        ("Type", "Raffle", "imports.type_unknown")
    ]


def test_characters_broken_by_the_wrong_encoding_are_reported():
    row = read(
        ["Name", "Amount", "Date"],
        ["Se\ufffdn Smith", "5", "06/04/2025"],
        {"Name": "full_name", "Amount": "amount", "Date": "date"},
    )
    assert [p.reason for p in row.problems] == ["imports.bad_characters"]


# ------------------------------------------------------------------ identity of a row
def test_a_donation_is_identified_by_its_reference_else_its_almoner_id_else_what_it_says():
    header = ["Ref", "ID", "Name", "Amount", "Date", "Campaign"]
    columns = {
        "Ref": "external_ref",
        "ID": "donation_id",
        "Name": "full_name",
        "Amount": "amount",
        "Date": "date",
        "Campaign": "source",
    }
    justgiving = fields.mapping_from({"columns": columns, "source": "justgiving"}, header)
    almoner = fields.mapping_from({"columns": columns, "source": "almoner"}, header)
    with_ref = read(header, ["JG-1", "", "Jane Smith", "5", "06/04/2025", ""], columns, source="justgiving")
    with_id = read(header, ["", "01abc", "Jane Smith", "5", "06/04/2025", ""], columns, source="almoner")
    bare = read(header, ["", "", "Jane Smith", "5", "06/04/2025", ""], columns, source="justgiving")
    assert reference_of(with_ref, justgiving) == ("justgiving", "JG-1")
    assert reference_of(with_id, almoner) == ("almoner", "01abc")
    assert reference_of(bare, justgiving) == ("justgiving", None)
    # AND a campaign column is the donation's source, so it is kept (and references live in it)
    campaign = read(
        header, ["", "01abc", "Jane Smith", "5", "06/04/2025", "Spring appeal"], columns, source="almoner"
    )
    assert reference_of(campaign, almoner) == ("Spring appeal", "01abc")
    # AND a row without either gets the same fingerprint every time, and another row another one
    again = read(header, ["", "", "Jane  SMITH", "5.00", "06/04/2025", ""], columns)
    other = read(header, ["", "", "Jane Smith", "6", "06/04/2025", ""], columns)
    assert fingerprint(bare) == fingerprint(again) != fingerprint(other)


def test_the_same_person_in_a_file_is_one_donor():
    # GIVEN two rows of one person: by email (names written differently), or by name and postcode
    header = ["Name", "Email", "Postcode", "Amount", "Date"]
    columns = {
        "Name": "full_name",
        "Email": "email",
        "Postcode": "postcode",
        "Amount": "amount",
        "Date": "date",
    }
    by_email = [
        read(header, [name, "JO@example.org", "", "5", "06/04/2025"], columns)
        for name in ("Jo Bloggs", "J Bloggs")
    ]
    assert donor_key(by_email[0]) == donor_key(by_email[1]) == "email:jo@example.org"
    by_name = [
        read(header, [name, "", code, "5", "06/04/2025"], columns)
        for name, code in (("Zoë Brown", "ba1 1aa"), ("zoe brown", "BA11AA"))
    ]
    assert donor_key(by_name[0]) == donor_key(by_name[1])


# ------------------------------------------------------------------ the mapping
def test_a_mapping_without_amount_or_date_names_what_is_missing():
    columns = ["Name", "When", "Paid"]
    assert fields.mapping_problems({"Name": "full_name", "When": "date"}, columns) == {
        "mapping": ("imports.mapping_required", {"field": "amount"})
    }
    assert fields.mapping_problems({"Name": "full_name", "Paid": "amount"}, columns) == {
        "mapping": ("imports.mapping_required", {"field": "date"})
    }


def test_a_field_mapped_twice_or_unknown_is_named_by_its_column():
    columns = ["Amount", "Gross", "When", "Odd"]
    found = fields.mapping_problems(
        {"Amount": "amount", "Gross": "amount", "When": "date", "Odd": "shoe_size"}, columns
    )
    assert found == {
        "mapping.columns.Gross": ("imports.mapping_twice", {"column": "Amount"}),
        "mapping.columns.Odd": ("imports.mapping_unknown_field", {"field": "shoe_size"}),
    }


# ------------------------------------------------------------------ presets
STRIPE_HEADER = (
    "id,Description,Seller Message,Created date (UTC),Amount,Amount Refunded,Currency,Converted Amount,"
    "Converted Amount Refunded,Fee,Tax,Converted Currency,Mode,Status,Statement Descriptor,Customer ID,"
    "Customer Description,Customer Email,Captured,Card ID,Card Last4,Card Brand,Card Funding,Card Exp Month,"
    "Card Exp Year,Card Name,Card Address Line1,Card Address Line2,Card Address City,Card Address State,"
    "Card Address Country,Card Address Zip,Card Issue Country,Card Fingerprint,Card CVC Status,"
    "Card AVS Zip Status,Card AVS Line1 Status,Card Tokenization Method,Disputed Amount,Dispute Status,"
    "Dispute Reason,Dispute Date (UTC),Dispute Evidence Due (UTC),Invoice ID,Invoice Number,"
    "Payment Source Type,Destination,Transfer,Transfer Group,PaymentIntent ID"
).split(",")
PAYPAL_HEADER = [
    "Date",
    "Time",
    "TimeZone",
    "Name",
    "Type",
    "Status",
    "Currency",
    "Gross",
    "Fee",
    "Net",
    "From Email Address",
    "To Email Address",
    "Transaction ID",
    "Shipping Address",
    "Address Status",
    "Item Title",
    "Item ID",
    "Shipping and Handling Amount",
    "Insurance Amount",
    "Sales Tax",
    "Option 1 Name",
    "Option 1 Value",
    "Option 2 Name",
    "Option 2 Value",
    "Reference Txn ID",
    "Invoice Number",
    "Custom Number",
    "Quantity",
    "Receipt ID",
    "Balance",
    "Address Line 1",
    "Address Line 2/District/Neighborhood",
    "Town/City",
    "State/Province/Region/County/Territory/Prefecture/Republic",
    "Zip/Postal Code",
    "Country",
    "Contact Phone Number",
    "Subject",
    "Note",
    "Country Code",
    "Balance Impact",
]
JUSTGIVING_HEADER = [
    "Donation Ref",
    "Donation Date",
    "Donation Auth Amount",
    "Donation Amount",
    "Gift Aid Amount",
    "Gift Aid Status",
    "Donor Display Name",
    "Donor FirstName",
    "Donor LastName",
    "Donor E-mail",
    "Donor Address Line 1",
    "Donor Address Line 2",
    "Donor Town",
    "Donor County",
    "Donor Postcode",
    "Donor Country",
    "Donor Further Contact",
    "Appeal Name",
    "Donation Message",
]
ALMONER_HEADER = [
    "ID",
    "Date",
    "Amount",
    "Donor",
    "Donor ID",
    "Type",
    "Payment method",
    "Location",
    "Source",
    "External reference",
    "Benefit value",
    "Sponsored",
    "Status",
    "Refunded on",
    "Notes",
]


def _cells(header, values):
    return [values.get(column, "") for column in header]


@pytest.mark.parametrize(
    ("preset_id", "header", "values", "donation", "donor"),
    [
        (
            "stripe",
            STRIPE_HEADER,
            {
                "id": "ch_3PabC2",
                "Created date (UTC)": "2025-04-06 10:22:11",
                "Amount": "25.00",
                "Currency": "gbp",
                "Fee": "0.58",
                "Status": "Paid",
                "Customer Email": "jane@example.org",
                "Card Name": "Jane Smith",
                "Card Address Line1": "12 High Street",
                "Card Address City": "Bath",
                "Card Address Zip": "BA1 1AA",
                "Description": "Spring appeal",
            },
            {
                "external_ref": "ch_3PabC2",
                "amount": "25.00",
                "date": "2025-04-06",
                "payment_method": "stripe",
            },
            {
                "first_name": "Jane",
                "last_name": "Smith",
                "house": "12",
                "town": "Bath",
                "postcode": "BA1 1AA",
            },
        ),
        (
            "paypal",
            PAYPAL_HEADER,
            {
                "Date": "06/04/2025",
                "Time": "10:22:11",
                "TimeZone": "Europe/London",
                "Name": "Jane Smith",
                "Type": "Donation Payment",
                "Status": "Completed",
                "Currency": "GBP",
                "Gross": "1,234.50",
                "Fee": "-20.00",
                "Net": "1,214.50",
                "From Email Address": "jane@example.org",
                "Transaction ID": "5TY05013RG002845M",
                "Address Line 1": "12 High Street",
                "Town/City": "Bath",
                "Zip/Postal Code": "BA1 1AA",
                "Country": "United Kingdom",
                "Country Code": "GB",
            },
            {
                "external_ref": "5TY05013RG002845M",
                "amount": "1234.50",
                "date": "2025-04-06",
                "payment_method": "paypal",
            },
            {
                "first_name": "Jane",
                "last_name": "Smith",
                "house": "12",
                "town": "Bath",
                "postcode": "BA1 1AA",
            },
        ),
        (
            "justgiving",
            JUSTGIVING_HEADER,
            {
                "Donation Ref": "1234567890",
                "Donation Date": "06/04/2025 10:22",
                "Donation Auth Amount": "10.00",
                "Donation Amount": "10.00",
                "Gift Aid Amount": "2.50",
                "Gift Aid Status": "Eligible",
                "Donor FirstName": "Jane",
                "Donor LastName": "Smith",
                "Donor E-mail": "jane@example.org",
                "Donor Address Line 1": "12 High Street",
                "Donor Town": "Bath",
                "Donor Postcode": "BA1 1AA",
                "Donation Message": "Good luck!",
            },
            {
                "external_ref": "1234567890",
                "amount": "10.00",
                "date": "2025-04-06",
                "payment_method": "justgiving",
            },
            {
                "first_name": "Jane",
                "last_name": "Smith",
                "house": "12",
                "town": "Bath",
                "postcode": "BA1 1AA",
            },
        ),
        (
            "almoner",
            ALMONER_HEADER,
            {
                "ID": "01a2b3",
                "Date": "2025-04-06",
                "Amount": "12.50",
                "Donor": "Mrs Jane Smith",
                "Donor ID": "01d0n0r",
                "Payment method": "card",
                "Source": "file",
                "External reference": "B0000001",
                "Sponsored": "no",
                "Status": "received",
                "Notes": "'=hi",
            },
            {
                "external_ref": "B0000001",
                "amount": "12.50",
                "date": "2025-04-06",
                "payment_method": "card",
                "notes": "=hi",
            },
            {"title": "Mrs", "first_name": "Jane", "last_name": "Smith"},
        ),
    ],
)
def test_each_builtin_preset_is_recognised_and_reads_its_platforms_file(
    preset_id, header, values, donation, donor
):
    # GIVEN the header and a row of the file the platform hands a charity
    # WHEN the layout is matched to a preset and the row read with the preset's mapping
    assert fields.detect_preset(header) == preset_id
    preset = next(p for p in fields.BUILTIN_PRESETS if p.preset_id == preset_id)
    raw = preset.mapping()
    columns = preset.for_columns(header)
    assert not fields.mapping_problems(columns, header), "the preset maps a field twice or misses one"
    row = read(header, _cells(header, values), columns, **{k: v for k, v in raw.items() if k != "columns"})
    # THEN the donation and the donor come out as the platform meant them
    assert row.ok, problems(row)
    assert {k: row.donation[k] for k in donation} == donation
    assert row.donor is not None and {k: row.donor[k] for k in donor} == donor
    assert row.declaration is None  # a platform's Gift Aid columns are not a declaration to the charity


def test_a_charitys_own_spreadsheet_is_not_mistaken_for_a_platforms_export():
    # GIVEN headers every spreadsheet has (Date, Amount, Notes) THEN no platform's preset is claimed
    assert fields.detect_preset(["Name", "Email", "Amount", "Date", "Gift Aid", "Notes"]) is None
    assert fields.detect_preset(["Date", "Name", "Gross", "Status"]) is None
    # AND headers compare as people read them
    assert fields.detect_preset([" donation ref", "DONATION DATE", "Donation Auth  Amount"]) == "justgiving"


@pytest.mark.parametrize("locale", ["en", "es"])
def test_the_almoner_preset_knows_the_donations_tables_column_labels(locale):
    # GIVEN the SPA's export of the donations table: its visible columns' labels as the header
    # THEN the Almoner preset maps each label to its field, and recognises the file
    labels = json.loads((ROOT / f"frontend/src/locales/{locale}.json").read_text(encoding="utf-8"))
    shown = labels["donations"]["fields"]
    expected = {
        "date": "date",
        "amount": "amount",
        "donor": "full_name",
        "type": "donation_type",
        "payment_method": "payment_method",
        "location": "location",
        "source": "source",
        "external_ref": "external_ref",
        "benefit_value": "benefit_value",
        "sponsored": "sponsored",
        "status": "status",
        "refunded_at": "refunded_at",
        "notes": "notes",
    }
    assert {key: fields.ALMONER.columns.get(shown[key]) for key in expected} == expected
    assert (
        fields.detect_preset([shown[k] for k in ("date", "amount", "donor", "type", "payment_method")])
        == "almoner"
    )


# ------------------------------------------------------------------ which donor
def facts(donor_id, name, email="", postcode="", phone=""):
    return matching.facts(donor_id, name=name, email=email, phone=phone, postcode=postcode)


def test_a_clear_match_links_nothing_creates_and_anything_in_between_waits_for_review():
    # GIVEN Jane Smith (BA1 1AA, jane@example.org) and John Smith (BA2 2BB) in the charity
    jane = facts("d1", "Jane Smith", "jane@example.org", "BA1 1AA")
    john = facts("d2", "John Smith", "", "BA2 2BB")
    # one clear candidate (same email) → linked to it
    linked = donor_match.decide(facts("", "J Smith", "JANE@example.org"), [jane, john])
    assert (linked.kind, linked.donor_id) == (donor_match.LINK, "d1")
    # nobody like this → new
    assert (
        donor_match.decide(facts("", "Ann Lee", "ann@example.org", "CF1 1AA"), [jane, john]).kind
        == donor_match.NEW
    )
    # a similar name in the same postcode only → review, with the candidate and why
    similar = donor_match.decide(facts("", "Jon Smith", "", "BA2 2BB"), [jane, john])
    assert similar.kind == donor_match.REVIEW
    assert [(c.facts.donor_id, c.reasons) for c in similar.candidates] == [
        ("d2", ("similar_name_same_postcode",))
    ]
    # two people both clearly matching → review (never guess between two donors)
    twin = facts("d3", "Jane Smith", "", "BA1 1AA")
    both = donor_match.decide(facts("", "Jane Smith", "jane@example.org", "BA1 1AA"), [jane, twin])
    assert both.kind == donor_match.REVIEW and {c.facts.donor_id for c in both.candidates} == {"d1", "d3"}


def test_a_donor_created_earlier_in_the_file_is_found_by_the_later_rows():
    # GIVEN Ann, new, created by an earlier row of the file WHEN a later row names her THEN linked
    index = donor_match.MatchIndex()
    index.add(facts("new-1", "Ann Lee", "ann@example.org", "CF1 1AA"))
    later = facts("", "Ann Lee", "ann@example.org", "CF1 1AA")
    decision = donor_match.decide(later, index.candidates(later))
    assert (decision.kind, decision.donor_id) == (donor_match.LINK, "new-1")


def test_a_field_is_read_from_the_first_column_mapped_to_it():
    mapping = fields.ImportMapping(columns={"Email": "email", "Email 2": "email", "Amount": "amount"})
    assert mapping.column_of("email") == "Email"
    assert mapping.column_of("amount") == "Amount"
    assert mapping.column_of("phone") is None
