"""Real platform exports imported end to end (issue 13 §4): JustGiving, Stripe and PayPal files
as they download them (current and older header sets), through the imports API and its queue.
What a charity sees: the preset recognised, donors and donations stored as the platform meant
them (names, houses, countries, organisations, anonymous gifts), dates in UK time and tax year,
pounds for foreign charges, refunds applied to the donation they return (never claimable), and
every other row skipped or reported with its reason."""

from __future__ import annotations

import datetime as dt
from typing import Any

from functions.core import clock
from functions.domain.imports import fields
from functions.domain.tax_year import tax_year_of
from tests.functional import imports_helpers as ih

PRESETS = {p.preset_id: p for p in fields.BUILTIN_PRESETS}


def import_file(who, aws, filename: str, rows: list[list[str]]) -> dict[str, Any]:
    """Upload, let the layout's preset be recognised and applied as the SPA applies it, dry run
    and run; the import at the end (with `dry`: the dry run's counts)."""
    item = ih.create(who, filename, ih.csv_bytes(rows))
    preset = PRESETS[item["detected"]["preset"]]
    body = {**preset.mapping(), "columns": preset.for_columns(item["detected"]["columns"])}
    ih.set_mapping(who, item["id"], body)
    dry = ih.dry_run(who, aws, item["id"])
    done = ih.run(who, aws, item["id"])
    return {**done, "dry": dry["counts"], "preset": preset.preset_id}


def errors_of(who, import_id: str) -> list[tuple[int, str, bool]]:
    reply = who.get(f"/api/imports/{import_id}/errors?length=100")
    assert reply.status == 200, reply
    return sorted((e["row"], e["reason"], e["skipped"]) for e in reply.json["data"])


def by_ref(who) -> dict[str, dict[str, Any]]:
    return {d["external_ref"]: d for d in ih.donations(who)}


def donor_of(who, donation: dict[str, Any]) -> dict[str, Any]:
    reply = who.get(f"/api/donors/{donation['donor_id']}")
    assert reply.status == 200, reply
    return dict(reply.json)


def not_claimable(donation: dict[str, Any]) -> bool:
    return donation["gift_aid"]["state"] != "claimable" and donation["gift_aid"]["amount"] == "0.00"


def today_is(day: dt.date) -> None:
    clock.set_clock(lambda: dt.datetime(day.year, day.month, day.day, 9, tzinfo=dt.UTC))


# ------------------------------------------------------------------ Stripe
STRIPE_CURRENT = [
    "id,Created date (UTC),Amount,Amount Refunded,Currency,Captured,Converted Amount,"
    "Converted Amount Refunded,Converted Currency,Decline Reason,Description,Fee,Refunded date (UTC),"
    "Statement Descriptor,Status,Seller Message,Taxes On Fee,Card ID,Customer ID,Customer Description,"
    "Customer Email,Card Name,Card Address Line1,Card Address Line2,Card Address City,Card Address State,"
    "Card Address Country,Card Address Zip,PaymentIntent ID".split(","),
]


def stripe_row(**values: str) -> list[str]:
    return [values.get(column, "") for column in STRIPE_CURRENT[0]]


def test_a_stripe_payments_export_imports_in_uk_time_in_pounds_with_its_refunds(owner, aws):
    rows = STRIPE_CURRENT + [
        # 23:30 UTC on 5 April 2025 is 00:30 BST on 6 April: the 2025-26 tax year
        stripe_row(
            **{
                "id": "ch_late",
                "Created date (UTC)": "2025-04-05 23:30:00",
                "Amount": "20.00",
                "Amount Refunded": "0.00",
                "Currency": "gbp",
                "Converted Amount": "20.00",
                "Converted Currency": "gbp",
                "Status": "Paid",
                "Customer Email": "jane@example.org",
                "Card Name": "JANE MCDONALD",
                "Card Address Line1": "The Old Forge, Church Street",
                "Card Address City": "Bath",
                "Card Address Country": "United Kingdom",
                "Card Address Zip": "ba1 1aa",
            }
        ),
        # a dollar gift: the GBP converted amount is the donation
        stripe_row(
            **{
                "id": "ch_usd",
                "Created date (UTC)": "2025-06-10 12:00:00",
                "Amount": "50.00",
                "Amount Refunded": "0.00",
                "Currency": "usd",
                "Converted Amount": "39.20",
                "Converted Currency": "gbp",
                "Status": "Paid",
                "Customer Email": "sam@example.com",
                "Card Name": "Sam O'Neill",
                "Card Address Line1": "1 Mill Lane",
                "Card Address Country": "GB",
                "Card Address Zip": "BA2 2BB",
            }
        ),
        # partly refunded: the donation is what the donor kept given
        stripe_row(
            **{
                "id": "ch_part",
                "Created date (UTC)": "2025-06-11 12:00:00",
                "Amount": "30.00",
                "Amount Refunded": "10.00",
                "Currency": "gbp",
                "Converted Amount": "30.00",
                "Converted Amount Refunded": "10.00",
                "Converted Currency": "gbp",
                "Status": "Paid",
                "Customer Email": "ann@example.org",
                "Card Name": "Ann Lee",
            }
        ),
        # refunded in full: kept, refunded, never claimable
        stripe_row(
            **{
                "id": "ch_full",
                "Created date (UTC)": "2025-06-12 12:00:00",
                "Amount": "15.00",
                "Amount Refunded": "15.00",
                "Currency": "gbp",
                "Converted Amount": "15.00",
                "Converted Amount Refunded": "15.00",
                "Converted Currency": "gbp",
                "Status": "Refunded",
                "Customer Email": "bob@example.org",
                "Card Name": "Bob Hale",
            }
        ),
        # an organisation's card; and a gift with no details at all (anonymous)
        stripe_row(
            **{
                "id": "ch_org",
                "Created date (UTC)": "2025-06-13 09:00:00",
                "Amount": "100.00",
                "Currency": "gbp",
                "Converted Amount": "100.00",
                "Converted Currency": "gbp",
                "Status": "Paid",
                "Card Name": "MILL LANE RESIDENTS ASSOCIATION",
                "Card Address Zip": "BA2 2BB",
            }
        ),
        stripe_row(
            **{
                "id": "ch_anon",
                "Created date (UTC)": "2025-06-14 09:00:00",
                "Amount": "5.00",
                "Currency": "gbp",
                "Converted Amount": "5.00",
                "Converted Currency": "gbp",
                "Status": "Paid",
            }
        ),
        # a failed payment is reported, with its row
        stripe_row(
            **{
                "id": "ch_fail",
                "Created date (UTC)": "2025-06-15 09:00:00",
                "Amount": "5.00",
                "Currency": "gbp",
                "Status": "Failed",
                "Card Name": "Al Ray",
            }
        ),
    ]
    done = import_file(owner, aws, "unified_payments.csv", rows)
    assert done["preset"] == "stripe"
    counts = done["counts"]
    assert {k: counts[k] for k in ("rows", "donations_new", "errors", "skipped", "refunds")} == {
        "rows": 7,
        "donations_new": 6,
        "errors": 1,
        "skipped": 0,
        "refunds": 0,
    }
    assert done["dry"]["donations_new"] == 6
    assert errors_of(owner, done["id"]) == [(8, errors_of(owner, done["id"])[0][1], False)]
    found = by_ref(owner)
    late = found["ch_late"]
    assert late["date"] == "2025-04-06" and tax_year_of(dt.date.fromisoformat(late["date"])) == 2025
    jane = donor_of(owner, late)
    assert (jane["first_name"], jane["last_name"]) == ("Jane", "McDonald")
    assert (jane["house"], jane["address_line1"], jane["postcode"], jane["country"]) == (
        "The Old Forge",
        "Church Street",
        "BA1 1AA",
        "GB",
    )
    usd = found["ch_usd"]
    assert usd["amount"] == "39.20" and "50.00 USD" in (usd["notes"] or "")
    sam = donor_of(owner, usd)
    assert (sam["house"], sam["address_line1"]) == ("1", "Mill Lane")
    assert found["ch_part"]["amount"] == "20.00" and found["ch_part"]["status"] == "received"
    full = found["ch_full"]
    assert full["status"] == "refunded" and full["refunded_at"] == "2025-06-12" and not_claimable(full)
    org = donor_of(owner, found["ch_org"])
    assert org["type"] == "organisation" and org["company_name"] == "Mill Lane Residents Association"
    assert org["first_name"] is None and org["last_name"] is None
    assert found["ch_anon"]["donor_id"] is None and found["ch_anon"]["amount"] == "5.00"

    # WHEN a later export shows the part-refunded charge refunded in full, and the older header set
    later = [
        "id,Description,Created (UTC),Amount,Amount Refunded,Currency,Converted Amount,"
        "Converted Amount Refunded,Fee,Tax,Converted Currency,Mode,Status,Customer Email,Card Name".split(
            ","
        ),
        [
            "ch_part",
            "",
            "2025-06-11 12:00",
            "30.00",
            "30.00",
            "gbp",
            "30.00",
            "30.00",
            "1.00",
            "0",
            "gbp",
            "Live",
            "Refunded",
            "ann@example.org",
            "Ann Lee",
        ],
        [
            "ch_new",
            "",
            "2025-07-01 08:00",
            "12.00",
            "0.00",
            "gbp",
            "12.00",
            "0.00",
            "0.50",
            "0",
            "gbp",
            "Live",
            "Paid",
            "",
            "Kay Dee",
        ],
    ]
    again = import_file(owner, aws, "payments_old.csv", later)
    # THEN the older layout is Stripe's too, the refund is applied to the stored donation
    assert again["preset"] == "stripe"
    assert {k: again["counts"][k] for k in ("donations_new", "refunds", "duplicates", "errors")} == {
        "donations_new": 1,
        "refunds": 1,
        "duplicates": 0,
        "errors": 0,
    }
    part = by_ref(owner)["ch_part"]
    assert part["status"] == "refunded" and not_claimable(part)


# ------------------------------------------------------------------ PayPal
PAYPAL_HEADER = (
    "Date,Time,TimeZone,Name,Type,Status,Currency,Gross,Fee,Net,From Email Address,To Email Address,"
    "Transaction ID,Shipping Address,Address Status,Item Title,Item ID,Reference Txn ID,Receipt ID,"
    "Balance,Address Line 1,Address Line 2/District/Neighborhood,Town/City,"
    "State/Province/Region/County/Territory/Prefecture/Republic,Zip/Postal Code,Country,"
    "Contact Phone Number,Subject,Note,Country Code,Balance Impact"
).split(",")


def paypal_row(**values: str) -> list[str]:
    base = {"Time": "10:00:00", "TimeZone": "Europe/London", "Status": "Completed", "Currency": "GBP"}
    return [{**base, **values}.get(column, "") for column in PAYPAL_HEADER]


def test_a_paypal_activity_download_keeps_donations_applies_refunds_and_skips_the_rest(owner, aws):
    # GIVEN PayPal's activity download, newest first: a refund before the payment it returns
    rows = [
        PAYPAL_HEADER,
        paypal_row(
            Date="20/06/2025",
            Name="Jane Smith",
            Type="Payment Refund",
            Gross="-25.00",
            **{"Transaction ID": "R-FULL", "Reference Txn ID": "T-JANE", "Balance Impact": "Debit"},
        ),
        paypal_row(
            Date="19/06/2025",
            Name="Tom Bell",
            Type="Payment Refund",
            Gross="-4.00",
            **{"Transaction ID": "R-PART", "Reference Txn ID": "T-TOM", "Balance Impact": "Debit"},
        ),
        paypal_row(
            Date="18/06/2025",
            Name="Nobody Known",
            Type="Payment Refund",
            Gross="-3.00",
            **{"Transaction ID": "R-LOST", "Reference Txn ID": "T-GONE", "Balance Impact": "Debit"},
        ),
        paypal_row(
            Date="17/06/2025",
            Name="",
            Type="General Withdrawal",
            Gross="-500.00",
            **{"Transaction ID": "W-1", "Balance Impact": "Debit"},
        ),
        paypal_row(
            Date="16/06/2025",
            Name="Mug Buyer",
            Type="Shopping Cart Payment Received",
            Gross="8.00",
            **{"Transaction ID": "S-1", "From Email Address": "mug@example.org"},
        ),
        paypal_row(
            Date="15/06/2025", Name="", Type="Payment Release", Gross="8.00", **{"Transaction ID": "H-1"}
        ),
        paypal_row(
            Date="14/06/2025",
            Name="Sam Vale",
            Type="Express Checkout Payment",
            Gross="-12.00",
            **{"Transaction ID": "P-OUT", "Balance Impact": "Debit"},
        ),
        paypal_row(
            Date="10/06/2025",
            Name="Jane Smith",
            Type="Donation Payment",
            Gross="25.00",
            **{
                "Transaction ID": "T-JANE",
                "From Email Address": "jane@example.org",
                "Address Line 1": "Flat 2, The Old Rectory",
                "Address Line 2/District/Neighborhood": "Church Road",
                "Town/City": "Bath",
                "Zip/Postal Code": "BA1 1AA",
                "Country": "United Kingdom",
                "Country Code": "GB",
            },
        ),
        paypal_row(
            Date="09/06/2025",
            Name="Tom Bell",
            Type="Website Payment",
            Gross="20.00",
            **{"Transaction ID": "T-TOM", "From Email Address": "tom@example.org"},
        ),
    ]
    done = import_file(owner, aws, "Download.CSV", rows)
    assert done["preset"] == "paypal"
    want = {"rows": 9, "donations_new": 2, "refunds": 2, "skipped": 4, "errors": 1, "duplicates": 0}
    assert {k: done["counts"][k] for k in want} == want
    assert {k: done["dry"][k] for k in want if k != "refunds"} == {
        k: v for k, v in want.items() if k != "refunds"
    }
    assert done["dry"]["refunds"] == 2
    # THEN refunds are applied to the donations they return, never left claimable
    found = by_ref(owner)
    assert set(found) == {"T-JANE", "T-TOM"}
    jane = found["T-JANE"]
    assert jane["status"] == "refunded" and jane["refunded_at"] == "2025-06-20" and not_claimable(jane)
    assert found["T-TOM"]["amount"] == "16.00" and found["T-TOM"]["status"] == "received"
    person = donor_of(owner, jane)
    assert (person["house"], person["address_line1"], person["country"]) == (
        "Flat 2, The Old Rectory",
        "Church Road",
        "GB",
    )
    # AND every other row is skipped or reported, with its row and reason
    reported = errors_of(owner, done["id"])
    assert [(row, skipped) for row, _, skipped in reported] == [
        (4, False),
        (5, True),
        (6, True),
        (7, True),
        (8, True),
    ]
    assert "T-GONE" in reported[0][1]
    assert "General Withdrawal" in reported[1][1] and "Shopping Cart Payment Received" in reported[2][1]

    # WHEN the same file is imported again THEN nothing is applied twice
    again = import_file(owner, aws, "Download.CSV", rows)
    assert {k: again["counts"][k] for k in ("donations_new", "refunds", "duplicates")} == {
        "donations_new": 0,
        "refunds": 0,
        "duplicates": 4,
    }
    assert by_ref(owner)["T-TOM"]["amount"] == "16.00"

    # WHEN a later download refunds a donation imported before (older headers, leading spaces)
    older = [
        [
            "Date",
            " Time",
            " Time Zone",
            " Name",
            " Type",
            " Status",
            " Currency",
            " Gross",
            " Fee",
            " Net",
            " From Email Address",
            " Transaction ID",
            " Reference Txn ID",
        ],
        [
            "01/07/2025",
            "09:00:00",
            "GMT",
            "Tom Bell",
            "Refund",
            "Completed",
            "GBP",
            "-16.00",
            "0.00",
            "-16.00",
            "tom@example.org",
            "R-TOM-2",
            "T-TOM",
        ],
    ]
    last = import_file(owner, aws, "older.csv", older)
    assert last["preset"] == "paypal" and last["counts"]["refunds"] == 1
    tom = by_ref(owner)["T-TOM"]
    assert tom["status"] == "refunded" and not_claimable(tom)


# ------------------------------------------------------------------ JustGiving
def test_a_justgiving_report_keeps_anonymous_gifts_and_claims_no_gift_aid(owner, aws):
    # GIVEN the current donation report's headers (Donation Amount, Message From Donor, …)
    rows = [
        [
            "Donation Ref",
            "Donation Date",
            "Donation Amount",
            "Gift Aid Amount",
            "Gift Aid Status",
            "Donor Display Name",
            "Donor First Name",
            "Donor Last Name",
            "Donor Email",
            "Donor Address Line 1",
            "Donor Town",
            "Donor Postcode",
            "Donor Country",
            "Message From Donor",
            "Donor Further Contact",
        ],
        [
            "JG-1",
            "06/04/2025 09:15",
            "10.00",
            "2.50",
            "Eligible",
            "Jane",
            "Jane",
            "Smith",
            "jane@example.org",
            "1 Mill Lane",
            "Bath",
            "BA1 1AA",
            "United Kingdom",
            "Good luck!",
            "Yes",
        ],
        [
            "JG-2",
            "07/04/2025 10:00",
            "20.00",
            "0.00",
            "Not eligible",
            "Anonymous",
            "Anonymous",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "No",
        ],
        [
            "JG-3",
            "08/04/2025 11:00",
            "15.00",
            "0.00",
            "",
            "Kim",
            "",
            "",
            "kim@example.org",
            "",
            "",
            "",
            "",
            "",
            "Yes",
        ],
        [
            "JG-4",
            "09/04/2025 12:00",
            "50.00",
            "0.00",
            "",
            "Acme",
            "Acme Widgets",
            "Ltd",
            "",
            "",
            "",
            "",
            "",
            "",
            "No",
        ],
        [
            "JG-1",
            "10/04/2025 13:00",
            "-10.00",
            "0.00",
            "",
            "Jane",
            "Jane",
            "Smith",
            "jane@example.org",
            "",
            "",
            "",
            "",
            "",
            "Yes",
        ],
    ]
    done = import_file(owner, aws, "DonationReport.csv", rows)
    assert done["preset"] == "justgiving"
    want = {"rows": 5, "donations_new": 4, "refunds": 1, "errors": 0, "declarations_new": 0}
    assert {k: done["counts"][k] for k in want} == want
    found = by_ref(owner)
    jane = found["JG-1"]
    assert jane["amount"] == "10.00" and jane["notes"] == "Good luck!" and jane["status"] == "refunded"
    assert jane["payment_method"] == "justgiving" and not_claimable(jane)
    person = donor_of(owner, jane)
    assert (person["house"], person["address_line1"], person["country"]) == ("1", "Mill Lane", "GB")
    assert found["JG-2"]["donor_id"] is None and found["JG-2"]["amount"] == "20.00"
    kim = donor_of(owner, found["JG-3"])
    assert kim["email"] == "kim@example.org" and kim["first_name"] is None
    acme = donor_of(owner, found["JG-4"])
    assert acme["type"] == "organisation" and acme["company_name"] == "Acme Widgets Ltd"
    # AND JustGiving claims the Gift Aid itself: nothing is claimable by the charity
    assert all(not_claimable(d) for d in found.values())

    # WHEN the older report's headers are used THEN it is still JustGiving's
    older = [
        [
            "Donation Ref",
            "Donation Date",
            "Donation Auth Amount",
            "Donor FirstName",
            "Donor LastName",
            "Donor E-mail",
            "Donation Message",
        ],
        ["JG-9", "11/04/2025", "7.00", "AMY", "PARK", "amy@example.org", "x"],
    ]
    last = import_file(owner, aws, "old.csv", older)
    assert last["preset"] == "justgiving" and last["counts"]["donations_new"] == 1
    amy = donor_of(owner, by_ref(owner)["JG-9"])
    assert (amy["first_name"], amy["last_name"]) == ("Amy", "Park")
