"""Jobs and CSV exports: request → SQS → worker → S3 file → download link."""

from __future__ import annotations

import csv
import io
from urllib.parse import urlparse

from functions.core import files
from functions.exports import jobs as export_jobs
from tests.functional.helpers import add_user, deliver, receive, sign_up_charity

HEADS = [
    {"key": "name", "label": "Full name"},
    {"key": "email", "label": "Email address"},
    {"key": "role", "label": "Role"},
]


def read_csv(key: str) -> list[list[str]]:
    text = files.read(key).decode("utf-8-sig")
    return list(csv.reader(io.StringIO(text)))


def test_users_export_runs_as_a_job_and_escapes_formulas(client, aws):
    owner = sign_up_charity(client, email="olive@hope.example")
    add_user(
        client,
        owner.tenant_id,
        "staff",
        name='=HYPERLINK("http://evil")',
        email="eve@example.org",
        sign_in_now=False,
    )
    add_user(
        client,
        owner.tenant_id,
        "staff",
        name='Bob, "the" Builder',
        email="bob@example.org",
        sign_in_now=False,
    )
    # WHEN the owner exports the users table, sorted by name, with three visible columns
    reply = owner.post(
        "/api/exports/users",
        {
            "meta": {
                "sortBy": "name",
                "sortDesc": False,
                "length": 20,
                "page": 1,
                "search": "",
                "filters": {"applied": False},
            },
            "heads": HEADS,
        },
    )
    assert reply.status == 202, reply
    job_id = reply.json["job_id"]
    assert owner.get(f"/api/jobs/{job_id}").json["status"] == "queued"
    deliver(aws, "ExportsQueue", export_jobs.handler)
    # THEN the job is done with a download link and a dated file name
    job = owner.get(f"/api/jobs/{job_id}").json
    assert job["status"] == "done", job
    assert job["progress"] == {"done": 3, "total": 3}
    result = job["result"]
    assert result["filename"].endswith("-users.csv") and len(result["filename"]) == len(
        "2026-01-01-users.csv"
    )
    assert result["key"] == f"exports/{owner.tenant_id}/{job_id}/{result['filename']}"
    assert urlparse(result["download_url"]).path.endswith(result["key"])
    # AND the file holds the chosen columns in order, labels first, formulas defused, all quoted
    rows = read_csv(result["key"])
    assert rows == [
        ["Full name", "Email address", "Role"],
        ['\'=HYPERLINK("http://evil")', "eve@example.org", "staff"],
        ['Bob, "the" Builder', "bob@example.org", "staff"],
        ["Olive Owner", "olive@hope.example", "owner"],
    ]
    raw = files.read(result["key"]).decode("utf-8-sig")
    assert raw.splitlines()[0] == '"Full name","Email address","Role"'


def test_a_redelivered_export_does_nothing_more(client, aws):
    owner = sign_up_charity(client)
    job_id = owner.post("/api/exports/users", {"meta": {}, "heads": HEADS}).json["job_id"]
    deliver(aws, "ExportsQueue", export_jobs.handler, times=2)
    job = owner.get(f"/api/jobs/{job_id}").json
    assert job["status"] == "done" and job["progress"]["done"] == 1


def test_export_uses_the_tables_search_and_filters(client, aws):
    owner = sign_up_charity(client)
    add_user(client, owner.tenant_id, "staff", name="Amy Able", sign_in_now=False)
    reply = owner.post(
        "/api/exports/users",
        {
            "meta": {"search": "amy", "filters": {"role": "staff"}},
            "heads": [{"key": "name", "label": "Name"}],
        },
    )
    deliver(aws, "ExportsQueue", export_jobs.handler)
    job = owner.get(f"/api/jobs/{reply.json['job_id']}").json
    assert read_csv(job["result"]["key"]) == [["Name"], ["Amy Able"]]


def test_export_requests_are_validated(client, aws):
    owner = sign_up_charity(client)
    unknown_table = owner.post("/api/exports/passwords", {"meta": {}, "heads": []})
    assert unknown_table.status == 404 and unknown_table.json["message"] == "This table cannot be exported."
    unknown_column = owner.post(
        "/api/exports/users", {"meta": {}, "heads": [{"key": "password_hash", "label": "x"}]}
    )
    assert unknown_column.status == 422 and "heads" in unknown_column.json["errors"]
    shape = owner.post("/api/exports/users", {"meta": [], "heads": [{"key": "name"}], "format": "xlsx"})
    assert shape.status == 422
    assert set(shape.json["errors"]) == {"meta", "heads.0.label", "format"}
    assert receive(aws, "ExportsQueue") == []


def test_export_needs_the_tables_permission_and_a_session(client, aws):
    owner = sign_up_charity(client)
    staff = add_user(client, owner.tenant_id, "staff")
    assert staff.post("/api/exports/users", {"meta": {}, "heads": HEADS}).status == 403
    assert client.http.post("/api/exports/users").status_code == 401
    assert client.http.get("/api/jobs/abc").status_code == 401
    assert receive(aws, "ExportsQueue") == []


def test_another_charitys_job_is_not_found(client, aws):
    hope = sign_up_charity(client, "Hope Trust")
    other = sign_up_charity(client, "Other Trust")
    colleague = add_user(client, other.tenant_id, "owner")
    job_id = other.post("/api/exports/users", {"meta": {}, "heads": HEADS}).json["job_id"]
    deliver(aws, "ExportsQueue", export_jobs.handler)
    reply = hope.get(f"/api/jobs/{job_id}")
    assert reply.status == 404 and "download_url" not in reply.text
    assert colleague.get(f"/api/jobs/{job_id}").status == 404  # only the person who asked gets the file
    assert other.get(f"/api/jobs/{job_id}").json["status"] == "done"
