"""Shared steps of the imports tests: a file uploaded through the presigned POST the API hands
out (to moto's S3), the import created, mapped and taken through the imports queue by its real
SQS handler, as the SPA and the worker would."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from typing import Any

import boto3
import requests

from functions.imports import jobs as import_jobs
from tests.functional.helpers import SignedIn, lambda_event, receive, receive_all

# a bank or spreadsheet export of people and their gifts: reference, name, email, postcode,
# amount, date and a Gift Aid column
PEOPLE_COLUMNS = {
    "Reference": "external_ref",
    "Name": "full_name",
    "Email": "email",
    "Postcode": "postcode",
    "Amount": "amount",
    "Date": "date",
    "Gift Aid": "gift_aid",
}

CONTENT_TYPES = {
    "csv": "text/csv",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


def csv_bytes(
    rows: Sequence[Sequence[object]], *, delimiter: str = ",", encoding: str = "utf-8", bom: bool = False
) -> bytes:
    text = io.StringIO()
    csv.writer(text, delimiter=delimiter, lineterminator="\r\n").writerows(rows)
    data = text.getvalue().encode(encoding)
    return (b"\xef\xbb\xbf" + data) if bom else data


def upload(who: SignedIn, filename: str, content: bytes) -> str:
    """POST /api/imports/uploads, then the browser's multipart POST to S3; the upload id."""
    kind = filename.rsplit(".", 1)[-1].lower()
    reply = who.post(
        "/api/imports/uploads",
        {"filename": filename, "size": len(content), "content_type": CONTENT_TYPES.get(kind, "")},
    )
    assert reply.status == 201, reply
    post = reply.json
    answer = requests.post(post["url"], data=post["fields"], files={"file": (filename, content)}, timeout=30)
    assert answer.status_code in (200, 204), answer.text
    return str(post["upload_id"])


def create(who: SignedIn, filename: str, content: bytes) -> dict[str, Any]:
    """Upload the file and create its import; the `Import` answered (layout detected)."""
    reply = who.post("/api/imports", {"upload_id": upload(who, filename, content)})
    assert reply.status == 201, reply
    return dict(reply.json)


def mapping(columns: dict[str, str | None], **options: Any) -> dict[str, Any]:
    return {
        "columns": columns,
        "date_format": options.pop("date_format", "dmy"),
        "amount_format": options.pop("amount_format", "plain"),
        "name_format": options.pop("name_format", "split"),
        "source": options.pop("source", "file"),
        "defaults": options.pop("defaults", {}),
        **options,
    }


def set_mapping(who: SignedIn, import_id: str, body: dict[str, Any]) -> dict[str, Any]:
    reply = who.put(f"/api/imports/{import_id}/mapping", {"mapping": body})
    assert reply.status == 200, reply
    return dict(reply.json)


def work(aws: dict[str, Any], rounds: int = 50, times: int = 1) -> int:
    """Hand every waiting message of the imports queue to the worker until none is left (the run
    queues one message per chunk); with `times`, each message is delivered that many times, as
    SQS may do. The number of messages handled."""
    handled = 0
    for _ in range(rounds):
        messages = receive(aws, "ImportsQueue")
        if not messages:
            return handled
        for _ in range(times):
            answer = import_jobs.handler(lambda_event(messages), None)
            assert answer == {"batchItemFailures": []}, answer
        delete_messages(aws, messages)
        handled += len(messages)
    raise AssertionError("the imports queue never emptied")


def delete_messages(aws: dict[str, Any], messages: list[dict[str, Any]]) -> None:
    sqs = boto3.client("sqs", region_name="eu-west-2")
    for message in messages:
        sqs.delete_message(QueueUrl=aws["ImportsQueue"], ReceiptHandle=message["ReceiptHandle"])


def job_done(who: SignedIn, aws: dict[str, Any], reply: Any) -> dict[str, Any]:
    """A 202 `{job_id}` answer worked through the queue; the job as the SPA polls it."""
    assert reply.status == 202, reply
    work(aws)
    job = who.get(f"/api/jobs/{reply.json['job_id']}").json
    assert job["status"] == "done", job
    return dict(job)


def dry_run(who: SignedIn, aws: dict[str, Any], import_id: str) -> dict[str, Any]:
    job_done(who, aws, who.post(f"/api/imports/{import_id}/dry-run"))
    item = who.get(f"/api/imports/{import_id}").json
    assert item["status"] == "validated", item
    return dict(item)


def run(who: SignedIn, aws: dict[str, Any], import_id: str) -> dict[str, Any]:
    job_done(who, aws, who.post(f"/api/imports/{import_id}/run"))
    item = who.get(f"/api/imports/{import_id}").json
    assert item["status"] == "imported", item
    return dict(item)


def planned_chunks(
    who: SignedIn,
    aws: dict[str, Any],
    filename: str,
    rows: Sequence[Sequence[object]],
    columns: dict[str, str | None],
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A file created, mapped, dry-run and started; its plan message handled, so the chunk
    messages wait in the queue: (the import, the chunk messages received)."""
    item = create(who, filename, csv_bytes(rows))
    set_mapping(who, item["id"], mapping(columns))
    dry_run(who, aws, item["id"])
    assert who.post(f"/api/imports/{item['id']}/run").status == 202
    plan_message = receive(aws, "ImportsQueue")  # the plan step queues the chunks
    assert import_jobs.handler(lambda_event(plan_message), None) == {"batchItemFailures": []}
    delete_messages(aws, plan_message)
    return item, receive_all(aws, "ImportsQueue")


def imported(
    who: SignedIn,
    aws: dict[str, Any],
    filename: str,
    content: bytes,
    columns: dict[str, str | None],
    **options: Any,
) -> dict[str, Any]:
    """A file taken the whole way: upload, create, map, dry run, run; the import at the end."""
    item = create(who, filename, content)
    set_mapping(who, item["id"], mapping(columns, **options))
    dry_run(who, aws, item["id"])
    return run(who, aws, item["id"])


def donations(who: SignedIn) -> list[dict[str, Any]]:
    reply = who.get("/api/donations?length=100")
    assert reply.status == 200, reply
    return list(reply.json["data"])


def donors(who: SignedIn) -> list[dict[str, Any]]:
    reply = who.get("/api/donors?length=100")
    assert reply.status == 200, reply
    return list(reply.json["data"])


def read_url(url: str) -> bytes:
    answer = requests.get(url, timeout=30)
    assert answer.status_code == 200, answer.text
    return answer.content


def policy_of(fields: dict[str, str]) -> dict[str, Any]:
    """The decoded policy document of a presigned POST."""
    import base64

    return dict(json.loads(base64.b64decode(fields["policy"])))
