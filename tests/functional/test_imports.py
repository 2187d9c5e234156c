"""Imports through the API and the imports queue's real SQS handler (docs/api.md "Imports"):
a charity's file uploaded by presigned POST, detected, mapped, previewed, dry-run, imported in
chunks; every refused row reported; files and bodies that are not what they should be refused
with a reason, never a 500."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import random
from collections.abc import Callable
from typing import TypeVar

import boto3
import pytest
import requests
from aws_lambda_powertools.utilities.batch.exceptions import BatchProcessingError
from openpyxl import Workbook

from functions.core import clock, keys
from functions.declarations.models import DeclarationRecord
from functions.imports import jobs as import_jobs
from functions.imports import plan, writer
from functions.imports import repository as import_repository
from functions.imports.repository import MAX_BYTES
from tests.functional import imports_helpers as ih
from tests.functional.donations_helpers import make_donor
from tests.functional.helpers import lambda_event, sign_up_charity

T = TypeVar("T")

# A parish's own spreadsheet, saved by Excel on Windows: Windows-1252, semicolons, a title line.
PARISH_ROWS = [
    ["St Mary's - gifts 2025"],
    ["Name", "Email", "Address", "Postcode", "Amount", "Date", "Gift Aid", "Notes"],
    ["Mrs Zoë Brown", "zoe@example.org", "12 High Street", "BA1 1AA", "£1,234.50", "06/04/2025", "Yes", ""],
    [],
    [
        "Seán O'Brien",
        "sean@example.org",
        "3 Mill Lane",
        "BA2 2BB",
        "£10",
        "07/04/2025",
        "No",
        "in memory of\nhis father",
    ],
    ["Mrs Zoë Brown", "zoe@example.org", "12 High Street", "BA1 1AA", "25.00", "08/04/2025", "Yes", ""],
    ["Jane Smith", "JANE@example.org", "", "", "5.00", "09/04/2025", "", "cash at the fête"],
]
PARISH_MAP = {
    "Name": "full_name",
    "Email": "email",
    "Address": "address_line1",
    "Postcode": "postcode",
    "Amount": "amount",
    "Date": "date",
    "Gift Aid": "gift_aid",
    "Notes": "notes",
}


def on_day(day: dt.date, read: Callable[[], T]) -> T:
    """`read` with the app's clock on `day` (what the dashboard calls this month and tax year)."""
    clock.set_clock(lambda: dt.datetime(day.year, day.month, day.day, 9, tzinfo=dt.UTC))
    try:
        return read()
    finally:
        clock.set_clock(None)


def test_a_charity_spreadsheet_goes_from_upload_to_donations_donors_and_declarations(owner, aws):
    # GIVEN a donor the charity already has (the file names her by the same email)
    jane = make_donor(owner)  # Mrs Jane Smith, jane@example.org
    content = ih.csv_bytes(PARISH_ROWS, delimiter=";", encoding="cp1252")
    # WHEN the file is uploaded THEN its layout is detected: Windows-1252, semicolons, header on row 2
    item = ih.create(owner, "parish gifts.csv", content)
    assert item["status"] == "uploaded"
    detected = item["detected"]
    assert (detected["encoding"], detected["delimiter"], detected["header_row"]) == ("cp1252", ";", 2)
    assert detected["columns"] == list(PARISH_MAP)
    assert detected["sample"][0][0] == "Mrs Zoë Brown" and detected["sample"][0][4] == "£1,234.50"
    assert detected["preset"] is None  # a spreadsheet of its own, not a platform's export

    # WHEN it is mapped and previewed THEN the rows show as they will be stored, with the file's rows
    mapped = ih.set_mapping(owner, item["id"], ih.mapping(PARISH_MAP, defaults={"payment_method": "cash"}))
    assert mapped["status"] == "mapped"
    preview = owner.get(f"/api/imports/{item['id']}/preview").json["rows"]
    assert [row["row"] for row in preview] == [3, 5, 6, 7]
    first = preview[0]
    assert (first["donor"]["title"], first["donor"]["first_name"], first["donor"]["last_name"]) == (
        "Mrs",
        "Zoë",
        "Brown",
    )
    assert first["donor"]["house"] == "12" and first["donation"]["amount"] == "1234.50"
    assert first["donation"]["date"] == "2025-04-06" and first["declaration"]["date_given"] == "2025-04-06"
    assert preview[1]["donation"]["notes"] == "in memory of\nhis father"
    assert all(row["errors"] == [] for row in preview)

    # WHEN the dry run runs THEN it counts what the run would do, and writes nothing
    checked = ih.dry_run(owner, aws, item["id"])
    assert checked["counts"] == {
        "rows": 4,
        "donors_new": 2,
        "donors_linked": 1,
        "donations_new": 4,
        "duplicates": 0,
        "declarations_new": 2,
        "review": 0,
        "errors": 0,
        "refunds": 0,
        "skipped": 0,
        "warnings": 0,
    }
    assert ih.donations(owner) == []
    assert [d["id"] for d in ih.donors(owner)] == [jane["id"]]

    # WHEN it runs THEN the donations, donors and declarations exist, and the progress is complete
    done = ih.run(owner, aws, item["id"])
    assert done["progress"] == {"done": 4, "total": 4}
    assert done["counts"]["donations_new"] == 4 and done["counts"]["donors_new"] == 2
    given = sorted(
        (d["donor_name"], d["amount"], d["date"], d["payment_method"]) for d in ih.donations(owner)
    )
    assert given == [
        ("Mrs Jane Smith", "5.00", "2025-04-09", "cash"),
        ("Mrs Zoë Brown", "1234.50", "2025-04-06", "cash"),
        ("Mrs Zoë Brown", "25.00", "2025-04-08", "cash"),
        ("Seán O'Brien", "10.00", "2025-04-07", "cash"),
    ]
    people = {d["name"]: d for d in ih.donors(owner)}
    assert set(people) == {"Mrs Zoë Brown", "Seán O'Brien", "Mrs Jane Smith"}
    assert people["Mrs Jane Smith"]["id"] == jane["id"]  # linked, not a second Jane
    assert people["Mrs Zoë Brown"]["totals"] == {"all_time": "1259.50", "donations_count": 2}
    assert people["Mrs Zoë Brown"]["postcode"] == "BA1 1AA"
    # AND Zoë's "Yes" rows are declarations covering those donations, which are claimable now
    declarations = owner.get(f"/api/donors/{people['Mrs Zoë Brown']['id']}/declarations").json["data"]
    assert sorted((d["method"], d["scope"], d["date_given"]) for d in declarations) == [
        ("written", ["this_donation"], "2025-04-06"),
        ("written", ["this_donation"], "2025-04-08"),
    ]
    assert {d["statement_version"] for d in declarations} == {"imported"}
    # (their source names the import, on the record and on the donor page)
    assert {r.source for r in DeclarationRecord.scan()} == {f"import:{item['id']}"}
    assert {d["source"] for d in declarations} == {f"import:{item['id']}"}
    zoes = [d for d in ih.donations(owner) if d["donor_name"] == "Mrs Zoë Brown"]
    assert {d["gift_aid"]["state"] for d in zoes} == {"claimable"}
    # AND the history lists the import with its counts
    history = owner.get("/api/imports").json["data"]
    assert [(h["id"], h["status"], h["counts"]["donations_new"]) for h in history] == [
        (item["id"], "imported", 4)
    ]
    assert "sample" not in history[0]["detected"]


UNMATCHED_A2 = (
    "This refund is of payment 'A2', which is neither in this file nor imported before: "
    "import the file with that donation first, or record the refund by hand."
)


def test_every_refused_row_is_reported_with_its_row_column_and_reason_and_as_a_csv(owner, aws):
    # GIVEN a file with good rows and rows that cannot be imported (a refund of a payment that is
    # nowhere: the negative row names itself, and no donation has that reference)
    rows = [
        ["Ref", "Name", "Amount", "Date"],
        ["A1", "Jane Smith", "12.50", "06/04/2025"],
        ["A2", "Ann Lee", "(5.00)", "07/04/2025"],
        ["A3", "Bob Jones", "ten pounds", "31/02/2025"],
        ["A4", "", "7.00", "08/04/2025"],
        ["A5", "Cy Twombly", "9.00", "next week"],
        ["A6", "Di Green", "£1,000.00", "10/04/2025"],
    ]
    item = ih.create(owner, "gifts.csv", ih.csv_bytes(rows))
    columns = {"Ref": "external_ref", "Name": "full_name", "Amount": "amount", "Date": "date"}
    ih.set_mapping(owner, item["id"], ih.mapping(columns, amount_format="brackets_negative"))
    # WHEN the dry run and the run are done
    assert ih.dry_run(owner, aws, item["id"])["counts"]["errors"] == 3
    done = ih.run(owner, aws, item["id"])
    # THEN the good rows are imported whole, and no refused row left anything behind
    assert done["counts"]["donations_new"] == 3 and done["counts"]["errors"] == 3
    assert sorted(d["external_ref"] for d in ih.donations(owner)) == ["A1", "A4", "A6"]
    assert sorted(d["name"] for d in ih.donors(owner)) == ["Di Green", "Jane Smith"]
    # AND each problem is listed with the file's row number, its column, its value and why
    errors = owner.get(f"/api/imports/{item['id']}/errors").json
    assert errors["meta"]["total"] == 3
    assert [(e["row"], e["column"], e["value"], e["reason"]) for e in errors["data"]] == [
        (3, "Ref", "A2", UNMATCHED_A2),
        (4, "Amount", "ten pounds", "'ten pounds' is not an amount."),
        (4, "Date", "31/02/2025", "'31/02/2025' is not a real date."),
        (6, "Date", "next week", "'next week' is not a date in the format dd/mm/yyyy."),
    ]
    # AND the same list downloads as a CSV (row, outcome, column, value, reason), in the reader's
    # language
    link = owner.get(f"/api/imports/{item['id']}/errors.csv").json
    assert link["filename"] == "gifts-errors.csv"
    table = list(csv.reader(io.StringIO(ih.read_url(link["url"]).decode("utf-8-sig"))))
    assert table[0] == ["row", "outcome", "column", "value", "reason"]
    assert table[1:3] == [
        ["3", "Rejected", "Ref", "A2", UNMATCHED_A2],
        ["4", "Rejected", "Amount", "ten pounds", "'ten pounds' is not an amount."],
    ]
    owner.browser.locale = "es"
    spanish = owner.get(f"/api/imports/{item['id']}/errors.csv").json
    table = list(csv.reader(io.StringIO(ih.read_url(spanish["url"]).decode("utf-8-sig"))))
    assert table[3] == ["4", "Rechazada", "Date", "31/02/2025", "'31/02/2025' no es una fecha que exista."]


def test_a_mapping_without_a_required_column_answers_422_naming_it(owner):
    item = ih.create(
        owner, "gifts.csv", ih.csv_bytes([["Name", "Paid", "When"], ["Jane", "5", "06/04/2025"]])
    )
    # WHEN no column is mapped to Amount THEN 422 names the field, and the import stays as it was
    reply = owner.put(
        f"/api/imports/{item['id']}/mapping",
        {"mapping": ih.mapping({"Name": "full_name", "When": "date", "Paid": None})},
    )
    assert reply.status == 422, reply
    assert reply.json["errors"] == {"mapping": ["Map a column to Amount."]}
    assert owner.get(f"/api/imports/{item['id']}").json["status"] == "uploaded"
    # AND one field chosen for two columns is named by the second column
    twice = owner.put(
        f"/api/imports/{item['id']}/mapping",
        {"mapping": ih.mapping({"Name": "full_name", "Paid": "date", "When": "date"})},
    )
    assert twice.status == 422
    assert twice.json["errors"]["mapping.columns.When"] == [
        "This field is already mapped to the column Paid."
    ]
    assert twice.json["errors"]["mapping"] == ["Map a column to Amount."]
    # AND in Spanish the field is named in Spanish
    owner.browser.locale = "es"
    spanish = owner.put(f"/api/imports/{item['id']}/mapping", {"mapping": ih.mapping({"When": "date"})})
    assert spanish.json["errors"] == {"mapping": ["Asigne una columna a Importe."]}
    # AND a dry run before any mapping is refused
    assert owner.post(f"/api/imports/{item['id']}/dry-run").status == 409


def test_a_file_above_50_mb_is_refused_with_a_clear_message(owner, aws):
    # WHEN the browser asks to upload 50 MB + 1 byte THEN it is told why, before uploading anything
    too_big = owner.post(
        "/api/imports/uploads",
        {"filename": "all-gifts.csv", "size": MAX_BYTES + 1, "content_type": "text/csv"},
    )
    assert too_big.status == 422
    assert too_big.json["errors"] == {
        "size": ["The file is larger than 50 MB. Split it into smaller files and import each one."]
    }
    # AND at exactly 50 MB it gets a presigned POST whose policy makes S3 itself refuse more bytes
    allowed = owner.post(
        "/api/imports/uploads", {"filename": "all-gifts.csv", "size": MAX_BYTES, "content_type": "text/csv"}
    )
    assert allowed.status == 201 and allowed.json["max_bytes"] == MAX_BYTES
    policy = ih.policy_of(allowed.json["fields"])
    assert ["content-length-range", 1, MAX_BYTES] in policy["conditions"]
    key = keys.import_upload_object_key(owner.tenant_id, allowed.json["upload_id"])
    assert {"key": key} in policy["conditions"] and allowed.json["fields"]["key"] == key
    # AND should a larger object reach the bucket anyway, the import refuses it with the same reason
    boto3.client("s3", region_name="eu-west-2").put_object(
        Bucket=aws["FilesBucket"], Key=key, Body=b"\n" * (MAX_BYTES + 1)
    )
    refused = owner.post("/api/imports", {"upload_id": allowed.json["upload_id"]})
    assert refused.status == 422
    assert refused.json["errors"] == {
        "upload_id": ["The file is larger than 50 MB. Split it into smaller files and import each one."]
    }
    # AND a file of another kind is refused by its name
    other = owner.post(
        "/api/imports/uploads", {"filename": "gifts.pdf", "size": 10, "content_type": "application/pdf"}
    )
    assert other.json["errors"] == {"filename": ["Upload a .csv or .xlsx file."]}


def test_an_xlsx_workbook_imports_like_its_csv(owner, aws):
    # GIVEN a workbook as Excel saves it: a title row, real dates and numbers, a Gift Aid column
    book = Workbook()
    sheet = book.active
    sheet.append(["Donations received"])
    sheet.append(["Name", "Amount", "Date", "Gift Aid"])
    sheet.append(["Zoë Brown", 1234.5, dt.datetime(2025, 4, 6), "Yes"])
    sheet.append(["Seán O'Brien", 10, dt.datetime(2025, 4, 7), "No"])
    stream = io.BytesIO()
    book.save(stream)
    # WHEN it is uploaded THEN its header is found under the title
    item = ih.create(owner, "gifts.xlsx", stream.getvalue())
    assert item["detected"]["header_row"] == 2
    assert item["detected"]["columns"] == ["Name", "Amount", "Date", "Gift Aid"]
    # AND imported, its rows become donations like a CSV's would
    done = ih.imported(
        owner,
        aws,
        "gifts.xlsx",
        stream.getvalue(),
        {"Name": "full_name", "Amount": "amount", "Date": "date", "Gift Aid": "gift_aid"},
    )
    assert done["counts"]["errors"] == 0 and done["counts"]["declarations_new"] == 1
    assert sorted((d["donor_name"], d["amount"], d["date"]) for d in ih.donations(owner)) == [
        ("Seán O'Brien", "10.00", "2025-04-07"),
        ("Zoë Brown", "1234.50", "2025-04-06"),
    ]


# ------------------------------------------------------------------ garbage in, a reason out
NOT_CSV = "This file does not look like a CSV file. Save it from your spreadsheet as CSV or .xlsx."
NOT_XLSX = "This file cannot be read as an Excel workbook (.xlsx). Save it again from Excel, or as CSV."
NOT_TABLES = [
    ("noise.csv", random.Random(6).randbytes(20_000), NOT_CSV),  # noqa: S311 (test data)
    ("empty.csv", b"", "The file is empty."),
    ("blank.csv", b"\r\n\r\n  \r\n", "The file is empty."),
    ("noise.xlsx", random.Random(7).randbytes(5_000), NOT_XLSX),  # noqa: S311 (test data)
    ("renamed.xlsx", b"Name,Amount\r\nJane,5\r\n", NOT_XLSX),
]


def test_a_file_that_is_not_a_table_is_refused_with_its_reason(owner):
    for filename, content, reason in NOT_TABLES:
        # GIVEN random bytes, an empty file, blank lines, or a CSV renamed .xlsx, uploaded as it is
        upload = owner.post(
            "/api/imports/uploads", {"filename": filename, "size": max(1, len(content)), "content_type": ""}
        ).json
        requests.post(upload["url"], data=upload["fields"], files={"file": (filename, content)}, timeout=30)
        # WHEN the import is created THEN 422 says what is wrong with the file
        reply = owner.post("/api/imports", {"upload_id": upload["upload_id"]})
        assert reply.status == 422, (filename, reply)
        assert reply.json["errors"] == {"upload_id": [reason]}, filename


def test_a_header_without_rows_and_text_in_every_column_never_get_a_500(owner, aws):
    # GIVEN a file with a header only, and one whose body is text of every wrong kind
    empty = ih.create(owner, "header.csv", b"Name,Amount,Date\r\n")
    ih.set_mapping(owner, empty["id"], ih.mapping({"Name": "full_name", "Amount": "amount", "Date": "date"}))
    assert owner.get(f"/api/imports/{empty['id']}/preview").json == {"rows": []}
    assert ih.dry_run(owner, aws, empty["id"])["counts"]["rows"] == 0
    assert ih.run(owner, aws, empty["id"])["counts"]["donations_new"] == 0
    rubbish = random.Random(3)  # noqa: S311 (test data)
    rows = [["Name", "Amount", "Date", "Gift Aid"]] + [
        ["".join(rubbish.choice("=+-@'\";,()£€ab1\u00e9") for _ in range(12)) for _ in range(4)]
        for _ in range(30)
    ]
    item = ih.create(owner, "rubbish.csv", ih.csv_bytes(rows))
    columns = {"Name": "full_name", "Amount": "amount", "Date": "date", "Gift Aid": "gift_aid"}
    ih.set_mapping(owner, item["id"], ih.mapping(columns))
    assert owner.get(f"/api/imports/{item['id']}/preview").status == 200
    counts = ih.dry_run(owner, aws, item["id"])["counts"]
    assert counts["rows"] == 30 and counts["errors"] == 30


WRONG_BODIES = [
    ("POST", "/api/imports/uploads", {"filename": 5, "size": "big"}),
    ("POST", "/api/imports/uploads", {"filename": "a.csv", "size": 10, "extra": True}),
    ("POST", "/api/imports/uploads", {"filename": "a.csv", "size": -1}),
    ("POST", "/api/imports/uploads", "not json at all"),
    ("POST", "/api/imports/uploads", ["a.csv", 10]),
    ("POST", "/api/imports", {"upload_id": ["x"]}),
    ("POST", "/api/imports", {"upload_id": "01nothinghere"}),
    ("POST", "/api/imports", None),
    ("POST", "/api/imports/presets", {"name": "x", "mapping": {"columns": "Amount"}}),
    (
        "POST",
        "/api/imports/presets",
        {"name": "x", "mapping": {"columns": {"A": 5}, "date_format": "ymd"}},
    ),
]


def test_wrong_bodies_are_refused_without_a_500(owner):
    for method, path, body in WRONG_BODIES:
        # WHEN a body of the wrong shape or types is sent THEN it is refused with a message
        reply = owner.browser.request(method, path, body)
        assert reply.status in (400, 422), (method, path, body, reply)
        assert reply.json["message"]


def test_wrong_bodies_on_an_import_are_refused_without_a_500(owner):
    # GIVEN an import just uploaded
    item = ih.create(
        owner, "gifts.csv", ih.csv_bytes([["Name", "Amount", "Date"], ["Jane", "5", "06/04/2025"]])
    )
    base = f"/api/imports/{item['id']}"
    # WHEN its steps get bodies and parameters of the wrong shape THEN each is refused, never a 500
    for method, path, body in [
        ("PUT", f"{base}/mapping", {"mapping": {"columns": ["Amount"]}}),
        (
            "PUT",
            f"{base}/mapping",
            {"mapping": {"columns": {"Amount": "amount"}, "defaults": {"payment_method": "gold"}}},
        ),
        (
            "PUT",
            f"{base}/mapping",
            {"mapping": {"columns": {"Amount": "amount", "Date": "date"}, "source": 7}},
        ),
        ("PUT", f"{base}/mapping", {"columns": {"Amount": "amount"}}),
        ("POST", f"{base}/review/abc", {"create": True}),
        ("POST", f"{base}/review/3", {"donor_id": 5}),
        ("POST", f"{base}/review/3", {"create": "yes please"}),
        ("POST", f"{base}/review/3", {}),
        ("GET", f"{base}/errors?length=7", None),
        ("GET", f"{base}/errors?cursor=%%%", None),
    ]:
        reply = owner.browser.request(method, path, body)
        assert reply.status in (400, 422), (method, path, body, reply)
    # AND unknown imports are 404, and steps out of order are 409
    assert owner.get("/api/imports/01doesnotexist").status == 404
    assert owner.post(f"{base}/run").status == 409
    assert owner.post(f"{base}/undo").status == 409
    assert owner.post(f"{base}/review/2", {"create": True}).status == 409


def test_another_charity_cannot_see_or_use_an_import(client, owner):
    # GIVEN Hope Trust's import
    item = ih.create(
        owner, "gifts.csv", ih.csv_bytes([["Name", "Amount", "Date"], ["Jane", "5", "06/04/2025"]])
    )
    # WHEN another charity asks for it THEN it does not exist for them
    other = sign_up_charity(client, "Other Trust")
    assert other.get(f"/api/imports/{item['id']}").status == 404
    assert other.get(f"/api/imports/{item['id']}/preview").status == 404
    assert other.post("/api/imports", {"upload_id": item["id"]}).status == 422
    assert other.get("/api/imports").json["data"] == []


def test_a_file_of_many_chunks_imports_once_even_when_sqs_delivers_every_message_twice(
    owner, aws, monkeypatch
):
    # GIVEN chunks and blocks of a few rows (the same code path as 500 rows at a time), and a file
    # of 30 gifts from 7 people (their rows spread over blocks) and 3 anonymous ones
    monkeypatch.setattr(plan, "CHUNK_ROWS", 4)
    monkeypatch.setattr(plan, "BLOCK_ROWS", 5)
    people = [(f"Donor{n} Lee", f"donor{n}@example.org") for n in range(7)]
    rows = [["Ref", "Name", "Email", "Amount", "Date", "Gift Aid"]]
    for n in range(30):
        name, email = people[n % 7] if n % 10 != 9 else ("", "")
        rows.append(
            [f"M{n:03d}", name, email, f"{n + 1}.00", "06/04/2025", "Yes" if n % 7 == 0 and name else ""]
        )
    columns = {
        "Ref": "external_ref",
        "Name": "full_name",
        "Email": "email",
        "Amount": "amount",
        "Date": "date",
        "Gift Aid": "gift_aid",
    }
    item = ih.create(owner, "many.csv", ih.csv_bytes(rows))
    ih.set_mapping(owner, item["id"], ih.mapping(columns))
    ih.dry_run(owner, aws, item["id"])
    # WHEN it runs with every SQS message delivered twice
    reply = owner.post(f"/api/imports/{item['id']}/run")
    assert reply.status == 202
    assert ih.work(aws, times=2) > 3  # the plan message and several chunk messages
    done = owner.get(f"/api/imports/{item['id']}").json
    # THEN every gift exists once, each person once with the right total, and the counts agree
    assert done["status"] == "imported"
    gifts = owner.get("/api/donations?length=100").json["data"]
    assert sorted(d["external_ref"] for d in gifts) == [f"M{n:03d}" for n in range(30)]
    donors = {d["name"]: d["totals"] for d in ih.donors(owner)}
    assert len(donors) == 7
    expected_total = sum(n + 1 for n in range(30) if n % 7 == 1 and n % 10 != 9)
    assert donors["Donor1 Lee"] == {"all_time": f"{expected_total}.00", "donations_count": 4}
    assert done["counts"]["donations_new"] == 30 and done["counts"]["donors_new"] == 7
    assert done["counts"]["declarations_new"] == 5
    assert done["progress"] == {"done": 30, "total": 30}
    assert owner.get("/api/donations/totals").json["count"] == 30
    # AND the dashboard's month, tax year and method aggregates (moved once per chunk, when it
    # closes) count every gift once
    board = on_day(dt.date(2025, 4, 20), lambda: owner.get("/api/dashboard").json)
    assert board["tiles"]["donations_this_month"] == {"count": 30, "total": "465.00"}
    assert board["tiles"]["donations_this_tax_year"]["count"] == 30
    assert board["series"]["by_method"] == [{"method": "other", "count": 30, "total": "465.00"}]
    # AND undo counts and removes all of it, even delivered twice
    assert owner.get(f"/api/imports/{item['id']}/undo").json == {
        "donations": 30,
        "donors": 7,
        "declarations": 5,
    }
    assert owner.post(f"/api/imports/{item['id']}/undo").status == 202
    ih.work(aws, times=2)
    assert ih.donations(owner) == [] and ih.donors(owner) == []
    assert owner.get("/api/donations/totals").json["count"] == 0


def test_a_chunk_whose_worker_died_midway_counts_every_gift_once_when_delivered_again(
    owner, aws, monkeypatch
):
    # GIVEN 30 gifts from 7 people in chunks of a few rows, each chunk written in several
    # transactions (one donor's rows at most per transaction here)
    monkeypatch.setattr(plan, "CHUNK_ROWS", 8)
    monkeypatch.setattr(writer, "MAX_ITEMS", 12)
    rows = [["Ref", "Name", "Email", "Amount", "Date"]]
    for n in range(30):
        who = n % 7
        rows.append([f"W{n:03d}", f"Donor{who} Lee", f"donor{who}@example.org", f"{n + 1}.00", "06/04/2025"])
    columns = {
        "Ref": "external_ref",
        "Name": "full_name",
        "Email": "email",
        "Amount": "amount",
        "Date": "date",
    }
    item, chunks = ih.planned_chunks(owner, aws, "crash.csv", rows, columns)
    assert len(chunks) >= 2
    # WHEN the first delivery of every chunk dies after its first transaction (before the chunk
    # is closed), and SQS delivers each chunk again
    write_group = writer.ChunkWriter._write_group

    def dies_after_one(self, group):  # type: ignore[no-untyped-def]
        write_group(self, group)
        raise RuntimeError("worker lost")

    with monkeypatch.context() as dying:
        dying.setattr(writer.ChunkWriter, "_write_group", dies_after_one)
        with pytest.raises(BatchProcessingError):  # every record of the batch failed
            import_jobs.handler(lambda_event(chunks), None)
    assert len(ih.donations(owner)) < 30  # some gifts were written, not all
    assert import_jobs.handler(lambda_event(chunks), None) == {"batchItemFailures": []}
    ih.delete_messages(aws, chunks)
    ih.work(aws)
    # THEN every gift exists once and every total counts it once
    done = owner.get(f"/api/imports/{item['id']}").json
    assert done["status"] == "imported" and done["counts"]["donations_new"] == 30
    assert len(ih.donations(owner)) == 30
    assert owner.get("/api/donations/totals").json == {"count": 30, "sum": "465.00", "complete": True}
    donors = {d["name"]: d["totals"] for d in ih.donors(owner)}
    given = sum(n + 1 for n in range(0, 30, 7))
    assert donors["Donor0 Lee"] == {"all_time": f"{given}.00", "donations_count": 5}
    first = next(d for d in ih.donors(owner) if d["name"] == "Donor0 Lee")
    board, page = on_day(
        dt.date(2025, 4, 20),
        lambda: (owner.get("/api/dashboard").json, owner.get(f"/api/donors/{first['id']}").json),
    )
    assert board["tiles"]["donations_this_month"] == {"count": 30, "total": "465.00"}
    assert board["tiles"]["donations_this_tax_year"]["count"] == 30
    assert board["series"]["by_method"] == [{"method": "other", "count": 30, "total": "465.00"}]
    assert board["tiles"]["donors"] == 7
    # AND the donor page's tax-year total (written whole with the donor, then added to by the
    # donor's later transactions) holds all of the donor's gifts
    assert page["totals"]["tax_year"] == "75.00"


def test_saved_mappings_come_after_the_builtin_presets_and_belong_to_the_charity(client, owner):
    # GIVEN a mapping saved by the charity
    body = {"name": "Bank standing orders", "mapping": ih.mapping({"Paid": "amount", "When": "date"})}
    saved = owner.post("/api/imports/presets", body)
    assert saved.status == 201, saved
    # WHEN the presets are listed THEN the platforms' come first, then the charity's own
    listed = owner.get("/api/imports/presets").json["data"]
    assert [(p["id"], p["builtin"]) for p in listed] == [
        ("justgiving", True),
        ("stripe", True),
        ("paypal", True),
        ("almoner", True),
        (saved.json["id"], False),
    ]
    assert listed[-1]["mapping"]["columns"] == {"Paid": "amount", "When": "date"}
    # AND another charity does not see it, nor can delete it
    other = sign_up_charity(client, "Other Trust")
    assert [p["id"] for p in other.get("/api/imports/presets").json["data"]][-1] == "almoner"
    assert other.delete(f"/api/imports/presets/{saved.json['id']}").status == 404
    # AND a built-in preset cannot be deleted, the charity's own can
    assert owner.delete("/api/imports/presets/stripe").status == 409
    assert owner.delete(f"/api/imports/presets/{saved.json['id']}").status == 204
    assert len(owner.get("/api/imports/presets").json["data"]) == 4


def test_a_chunk_another_delivery_finished_meanwhile_is_not_counted_again(owner, aws, monkeypatch):
    # GIVEN an import of one-row chunks, planned, with its chunk messages waiting
    monkeypatch.setattr(plan, "CHUNK_ROWS", 1)
    rows = [["Ref", "Name", "Amount", "Date"]] + [
        [f"C{n}", f"Donor{n} Lee", "5.00", "06/04/2025"] for n in range(8)
    ]
    columns = {"Ref": "external_ref", "Name": "full_name", "Amount": "amount", "Date": "date"}
    item, chunks = ih.planned_chunks(owner, aws, "chunks.csv", rows, columns)
    assert len(chunks) >= 2  # (rows are spread over the chunks by donor)
    first = chunks[:1]
    assert json.loads(first[0]["Body"])["payload"]["step"] == "chunk"
    assert import_jobs.handler(lambda_event(first), None) == {"batchItemFailures": []}
    ih.delete_messages(aws, first)
    # WHEN a second delivery of chunk 1 read its manifest before the first one closed it
    with monkeypatch.context() as stale:
        stale.setattr(import_repository, "get_manifest", lambda *args: None)
        assert import_jobs.handler(lambda_event(first), None) == {"batchItemFailures": []}
    # AND the other chunks are delivered
    ih.work(aws)
    # THEN each donation is counted once, and the import finished with its last chunk
    done = owner.get(f"/api/imports/{item['id']}").json
    assert done["status"] == "imported"
    assert done["counts"]["donations_new"] == 8 and done["progress"] == {"done": 8, "total": 8}
    assert len(ih.donations(owner)) == 8


def test_chunk_messages_are_sent_ten_at_a_time_and_a_refused_one_again(aws, monkeypatch):
    # GIVEN an SQS that refuses one entry of the first batch it is sent
    sqs = import_jobs.aws.client("sqs")
    calls: list[int] = []
    original = sqs.send_message_batch

    def flaky(**kwargs):
        entries = kwargs["Entries"]
        calls.append(len(entries))
        if len(calls) > 1:
            return original(**kwargs)
        answer = original(**{**kwargs, "Entries": entries[1:]})
        answer["Failed"] = [{"Id": entries[0]["Id"], "SenderFault": False, "Code": "InternalError"}]
        return answer

    monkeypatch.setattr(sqs, "send_message_batch", flaky)
    # WHEN 23 chunks are queued
    payloads = [{"import_id": "i1", "step": "chunk", "chunk": n} for n in range(1, 24)]
    import_jobs.enqueue_many("t1", "j1", import_jobs.RUN, payloads)
    # THEN they went in batches of ten, the refused one again, and each chunk is queued once
    assert calls == [10, 1, 10, 3]
    queued = []
    for _ in range(10):
        messages = ih.receive(aws, "ImportsQueue")
        if not messages:
            break
        queued += [json.loads(m["Body"])["payload"]["chunk"] for m in messages]
        ih.delete_messages(aws, messages)
    assert sorted(queued) == list(range(1, 24))


def test_transactions_are_packed_as_full_as_they_are_built_whatever_their_size_limit(owner, aws, monkeypatch):
    # GIVEN a planned chunk of 20 gifts: 12 new people with an email, a postcode and a Gift Aid
    # declaration (a donor, its search and match items, the charity's donor count), four of them
    # giving twice more, and two gifts of a donor the charity already has (matched by email)
    rhian = make_donor(owner, first_name="Rhian", last_name="Ng", email="rhian@example.org")
    rows: list[list[str]] = [list(ih.PEOPLE_COLUMNS)]
    for n in range(12):
        rows.append(
            [f"P{n:03d}", f"Person{n} Ng", f"p{n}@example.org", f"BA{n + 1} 1AA", "5.00", "06/04/2025", "yes"]
        )
    for n in range(4):
        person = [f"Person{n} Ng", f"p{n}@example.org", f"BA{n + 1} 1AA"]
        rows += [[f"R{n}{again}", *person, "7.00", "07/04/2025", ""] for again in (1, 2)]
    for n in range(2):
        rows.append([f"E{n}", "Rhian Ng", "rhian@example.org", "", "9.00", "08/04/2025", "no"])
    item, chunks = ih.planned_chunks(owner, aws, "people.csv", rows, ih.PEOPLE_COLUMNS)
    number = json.loads(chunks[0]["Body"])["payload"]["chunk"]
    stored = import_repository.get(owner.tenant_id, item["id"])
    planned = import_repository.chunk_rows(owner.tenant_id, item["id"], number)
    assert len(chunks) == 1 and len(planned) == 22
    linked = {row["ref"]: (row["donor_id"], bool(row.get("new_donor"))) for row in planned}
    assert linked["E0"] == linked["E1"] == (rhian["id"], False)
    assert linked["R01"][0] == linked["P000"][0] and linked["P000"][1]

    class Built(Exception):
        pass

    def built(self):  # type: ignore[no-untyped-def]
        raise Built(len(self))

    monkeypatch.setattr(writer.Transaction, "commit", built)
    add_changes = writer.donations.add_changes
    built_rows: list[int] = []  # the rows of each transaction built

    def building(transaction, changes, *args, **kwargs):  # type: ignore[no-untyped-def]
        built_rows.append(len(changes))
        return add_changes(transaction, changes, *args, **kwargs)

    monkeypatch.setattr(writer.donations, "add_changes", building)
    # WHEN, for every transaction size limit from 14 to 40 items, the rows are packed and the
    # first transaction of each pack is built (and not sent)
    for limit in range(14, 41):
        monkeypatch.setattr(writer, "MAX_ITEMS", limit)
        chunk_writer = writer.ChunkWriter(stored, planned, None)
        for group in chunk_writer.groups():
            built_rows.clear()
            with pytest.raises(Built) as items:
                chunk_writer._write_group(group)
            # THEN each pack is built once as it was packed (not found too big, split and built
            # again), within the limit
            assert (limit, built_rows) == (limit, [len(group)])
            assert items.value.args[0] <= limit
