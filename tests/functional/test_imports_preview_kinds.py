"""What a charity sees of a payment platform's rows before and after importing (issue 13 §4):
the preview names each row's kind (a donation, a refund of a named payment, a row that is not
a donation and will be skipped, with the same reason the report gives), and the report's CSV
says what became of each row it lists (rejected, skipped, imported with a warning) in the
reader's language, with no cell a spreadsheet could run as a formula."""

from __future__ import annotations

import csv
import io
from typing import Any

from functions.domain.imports import fields
from tests.functional import imports_helpers as ih
from tests.functional.test_imports_platforms import PAYPAL_HEADER, paypal_row

PAYPAL = next(p for p in fields.BUILTIN_PRESETS if p.preset_id == "paypal")
FORMULA = '=HYPERLINK("http://evil.example")'
CONVERSION_EN = "Skipped: a 'General Currency Conversion' is not a donation."
CONVERSION_ES = "Omitida: un movimiento 'General Currency Conversion' no es una donación."
NO_DONOR_EN = (
    "Imported without Gift Aid: the row names no donor, and only a named donor can make a Gift Aid "
    "declaration."
)
UNMATCHED_EN = (
    "This refund is of payment 'T-GONE', which is neither in this file nor imported before: "
    "import the file with that donation first, or record the refund by hand."
)


def paypal_file() -> list[list[str]]:
    """PayPal's activity download, newest first, with a Gift Aid column the charity added."""
    header = [*PAYPAL_HEADER, "Gift Aid"]

    def row(gift_aid: str = "", **values: str) -> list[str]:
        return [*paypal_row(**values), gift_aid]

    return [
        header,
        row(
            Date="20/06/2025",
            Name="Jane Smith",
            Type="Payment Refund",
            Gross="-25.00",
            **{"Transaction ID": "R-JANE", "Reference Txn ID": "T-JANE", "Balance Impact": "Debit"},
        ),
        row(
            Date="19/06/2025",
            Type="General Currency Conversion",
            Gross="-10.00",
            Currency="GBP",
            **{"Transaction ID": "C-1", "Balance Impact": "Debit"},
        ),
        row(
            Date="10/06/2025",
            Name="Jane Smith",
            Type="Donation Payment",
            Gross="25.00",
            **{"Transaction ID": "T-JANE", "From Email Address": "jane@example.org"},
        ),
        row(
            "Yes",
            Date="09/06/2025",
            Type="Donation Payment",
            Gross="5.00",
            **{"Transaction ID": "T-ANON"},
        ),
        row(
            Date="08/06/2025",
            Name="Nobody Known",
            Type="Payment Refund",
            Gross="-3.00",
            **{"Transaction ID": "R-LOST", "Reference Txn ID": "T-GONE", "Balance Impact": "Debit"},
        ),
        row(Date="07/06/2025", Type=FORMULA, Gross="1.00", **{"Transaction ID": "X-1"}),
    ]


def mapped_paypal(who) -> dict[str, Any]:
    """The file uploaded, its preset recognised and applied as the SPA does, Gift Aid mapped."""
    item = ih.create(who, "Download.CSV", ih.csv_bytes(paypal_file()))
    assert item["detected"]["preset"] == "paypal"
    columns = {**PAYPAL.for_columns(item["detected"]["columns"]), "Gift Aid": "gift_aid"}
    ih.set_mapping(who, item["id"], {**PAYPAL.mapping(), "columns": columns})
    return item


def csv_table(who, import_id: str) -> list[list[str]]:
    link = who.get(f"/api/imports/{import_id}/errors.csv")
    assert link.status == 200, link
    return list(csv.reader(io.StringIO(ih.read_url(link.json["url"]).decode("utf-8-sig"))))


def test_the_preview_names_refunds_and_rows_to_skip_with_the_reports_reason(owner):
    item = mapped_paypal(owner)
    # WHEN the charity looks at the preview
    reply = owner.get(f"/api/imports/{item['id']}/preview")
    assert reply.status == 200, reply
    rows = {row["row"]: row for row in reply.json["rows"]}
    # THEN each row says what it is: the refund names the payment it returns, with its amount
    assert [rows[n]["kind"] for n in sorted(rows)] == [
        "refund",
        "skipped",
        "donation",
        "donation",
        "refund",
        "skipped",
    ]
    refund = rows[2]
    assert refund["refund"] == {"of": "T-JANE", "ref": "R-JANE", "amount": "25.00", "date": "2025-06-20"}
    assert refund["skipped"] is None and refund["errors"] == []
    # AND the currency conversion will be skipped, with the reason the report will give
    conversion = rows[3]
    assert conversion["skipped"] == {
        "column": "Type",
        "value": "General Currency Conversion",
        "reason": CONVERSION_EN,
    }
    assert conversion["refund"] is None and conversion["errors"] == []
    # AND the donation is a donation, neither refund nor skipped
    gift = rows[4]
    assert (gift["donation"]["amount"], gift["donation"]["external_ref"]) == ("25.00", "T-JANE")
    assert gift["refund"] is None and gift["skipped"] is None
    assert rows[5]["warnings"] == [{"column": "Gift Aid", "reason": NO_DONOR_EN}]

    # WHEN the reader's language is Spanish THEN the reason is in Spanish
    owner.browser.locale = "es"
    spanish = owner.get(f"/api/imports/{item['id']}/preview").json["rows"]
    assert [row["skipped"]["reason"] for row in spanish if row["kind"] == "skipped"][0] == CONVERSION_ES


def test_the_report_csv_says_what_became_of_each_row_in_the_readers_language(owner, aws):
    item = mapped_paypal(owner)
    checked = ih.dry_run(owner, aws, item["id"])
    want = {"donations_new": 2, "refunds": 1, "skipped": 2, "warnings": 1, "errors": 1}
    assert {k: checked["counts"][k] for k in want} == want
    # WHEN the report is downloaded THEN each row says whether it was rejected, skipped or
    # imported with a warning, and no cell starts a formula
    table = csv_table(owner, item["id"])
    assert table[0] == ["row", "outcome", "column", "value", "reason"]
    assert table[1:] == [
        ["3", "Skipped, not a donation", "Type", "General Currency Conversion", CONVERSION_EN],
        ["5", "Imported with a warning", "Gift Aid", "Yes", NO_DONOR_EN],
        ["6", "Rejected", "Reference Txn ID", "T-GONE", UNMATCHED_EN],
        [
            "7",
            "Skipped, not a donation",
            "Type",
            f"'{FORMULA}",
            f"Skipped: a '{FORMULA}' is not a donation.",
        ],
    ]
    # AND in Spanish, the outcome is in Spanish like the reason
    owner.browser.locale = "es"
    spanish = csv_table(owner, item["id"])
    assert [(line[0], line[1]) for line in spanish[1:]] == [
        ("3", "Omitida, no es una donación"),
        ("5", "Importada con un aviso"),
        ("6", "Rechazada"),
        ("7", "Omitida, no es una donación"),
    ]
    assert spanish[1][4] == CONVERSION_ES

    # WHEN the file is imported THEN the CSV of what was done says the same
    done = ih.run(owner, aws, item["id"])
    assert {k: done["counts"][k] for k in want} == want
    assert [(line[0], line[1]) for line in csv_table(owner, item["id"])[1:]] == [
        ("3", "Omitida, no es una donación"),
        ("5", "Importada con un aviso"),
        ("6", "Rechazada"),
        ("7", "Omitida, no es una donación"),
    ]
