"""Exports larger than a page and than an upload part: every row reaches the file in S3, the SPA
sees the progress grow as it polls, and a file above the multipart threshold is sent in parts."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

from functions.core import aws as aws_clients
from functions.core import config, files
from functions.core import jobs as core_jobs
from functions.exports import jobs as export_jobs
from functions.exports import registry
from functions.exports import repository as export_files
from functions.exports.registry import Exporter
from tests.functional.helpers import deliver, sign_up_charity

DONATIONS = 1_234  # more than two progress steps and a DynamoDB page of the export


def seed_donations(tenant_id: str, count: int) -> dict[str, Decimal]:
    """`count` donations written as the repository shapes them (the API would take minutes):
    donation id → amount."""
    from functions.core.table import Entity
    from functions.donations import repository
    from functions.donations.models import Donation

    amounts = {}
    with Entity.batch_write() as batch:
        for n in range(count):
            donation_id = f"{n:026d}"
            amount = Decimal(100 + n) / 100
            donation = Donation(
                *Donation.key(tenant_id, donation_id),
                donation_id=donation_id,
                tenant_id=tenant_id,
                donor_name=f"Donor {n}",
                amount=amount,
                donation_date=f"2026-{n % 12 + 1:02d}-{n % 28 + 1:02d}",
                payment_method="card",
                version=1,
            )
            repository.index_keys(donation)
            batch.save(donation)
            amounts[donation_id] = amount
    return amounts


def watch_progress(monkeypatch, owner, job_id: str) -> list[dict[str, int]]:
    """What the SPA's poll of the job would show right after each progress update."""
    seen: list[dict[str, int]] = []
    original = core_jobs.progress

    def progress(job, done, total=None):  # type: ignore[no-untyped-def]
        original(job, done, total)
        seen.append(owner.get(f"/api/jobs/{job_id}").json["progress"])

    monkeypatch.setattr(core_jobs, "progress", progress)
    return seen


def test_a_donations_export_of_many_pages_writes_every_row_with_progress(client, aws, monkeypatch):
    owner = sign_up_charity(client, "Hope Trust")
    amounts = seed_donations(owner.tenant_id, DONATIONS)
    reply = owner.post("/api/exports/donations", {"meta": {}, "heads": []})
    assert reply.status == 202, reply
    job_id = reply.json["job_id"]
    seen = watch_progress(monkeypatch, owner, job_id)
    deliver(aws, "ExportsQueue", export_jobs.handler)
    # the progress bar moves every 500 rows, then shows the whole count
    assert [step["done"] for step in seen] == [500, 1000, DONATIONS]
    assert seen[-1] == {"done": DONATIONS, "total": DONATIONS}
    job = owner.get(f"/api/jobs/{job_id}").json
    assert job["status"] == "done" and job["result"]["rows"] == DONATIONS
    key, filename = job["result"]["key"], job["result"]["filename"]
    # the file: the default columns' labels, then every donation once, newest first
    rows = list(csv.DictReader(io.StringIO(files.read(key).decode("utf-8-sig"))))
    assert list(rows[0]) == ["ID", "Date", "Amount", "Donor", "Donor ID", "Type", "Payment method"] + [
        "Location",
        "Source",
        "External reference",
        "Benefit value",
        "Sponsored",
        "Status",
        "Refunded on",
        "Notes",
    ]
    assert {row["ID"]: Decimal(row["Amount"]) for row in rows} == amounts
    assert len(rows) == DONATIONS
    dates = [row["Date"] for row in rows]
    assert dates == sorted(dates, reverse=True)
    # downloaded as a CSV under its dated name
    head = aws_clients.client("s3").head_object(Bucket=config.files_bucket(), Key=key)
    assert head["ContentType"] == "text/csv; charset=utf-8"
    assert head["ContentDisposition"] == f'attachment; filename="{filename}"'


PART = 5 * 1024 * 1024  # S3's smallest part
WIDE_ROWS = 11_000  # ~5.6 MB of 500-character notes: two parts of PART


def wide_rows(tenant_id: str, meta: dict) -> object:
    return ({"n": n, "notes": f"{n:06d}" + "x" * 494} for n in range(WIDE_ROWS))


def test_a_file_above_the_part_size_is_uploaded_in_parts_and_arrives_whole(client, aws, monkeypatch):
    monkeypatch.setattr(export_files, "PART_SIZE", PART)
    wide = Exporter(
        table="users", permission="manage-users", columns=(("n", "N"), ("notes", "Notes")), rows=wide_rows
    )
    registry.exporter_for("users")  # the known tables registered, then this one in the users' place
    monkeypatch.setitem(registry._EXPORTERS, "users", wide)
    owner = sign_up_charity(client, "Hope Trust")
    reply = owner.post("/api/exports/users", {"meta": {}, "heads": []})
    deliver(aws, "ExportsQueue", export_jobs.handler)
    job = owner.get(f"/api/jobs/{reply.json['job_id']}").json
    assert job["status"] == "done" and job["result"]["rows"] == WIDE_ROWS
    key = job["result"]["key"]
    head = aws_clients.client("s3").head_object(Bucket=config.files_bucket(), Key=key)
    assert head["ContentLength"] > PART
    assert head["ETag"].strip('"').endswith("-2")  # a multipart upload of two parts
    assert head["ContentType"] == "text/csv; charset=utf-8"
    rows = list(csv.reader(io.StringIO(files.read(key).decode("utf-8-sig"))))
    assert rows[0] == ["N", "Notes"] and len(rows) == WIDE_ROWS + 1
    assert [int(row[0]) for row in rows[1:]] == list(range(WIDE_ROWS))
    assert all(row[1] == f"{int(row[0]):06d}" + "x" * 494 for row in rows[1:])
