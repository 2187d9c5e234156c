"""The Donations list's bulk actions: "Delete selected" (one result per id, never a 500) and
"Export selected" (a CSV of exactly the selected rows)."""

from __future__ import annotations

import csv
import io

from functions.core import files
from functions.donations.models import Donation
from functions.exports import jobs as export_jobs
from tests.functional.donations_helpers import make_donation
from tests.functional.helpers import deliver, sign_up_charity


def test_bulk_delete_reports_each_id_and_refuses_a_donation_held_by_a_claim(client):
    owner = sign_up_charity(client, "Hope Trust")
    other = sign_up_charity(client, "Other Trust")
    theirs = make_donation(other, amount="99.00")
    first = make_donation(owner, amount="1.00")
    second = make_donation(owner, amount="2.00")
    held = make_donation(owner, amount="3.00")
    kept = make_donation(owner, amount="4.00")
    Donation.get(*Donation.key(owner.tenant_id, held["id"])).update(
        actions=[Donation.claim_id.set("claim-x"), Donation.gift_aid_state.set("in_claim")]
    )

    reply = owner.post(
        "/api/donations/bulk-delete",
        {"ids": [first["id"], "no-such-id", theirs["id"], held["id"], second["id"], first["id"]]},
    )

    assert reply.status == 200, reply
    assert reply.json["deleted"] == 2
    assert reply.json["message"] == "2 of 5 donations deleted."
    outcome = {row["id"]: (row["deleted"], row["message"]) for row in reply.json["results"]}
    assert [row["id"] for row in reply.json["results"]] == [
        first["id"],
        "no-such-id",
        theirs["id"],
        held["id"],
        second["id"],
    ]
    assert outcome[first["id"]] == (True, None)
    assert outcome[second["id"]] == (True, None)
    missing = "There is no such donation in your charity (it may have been deleted already)."
    assert outcome["no-such-id"] == (False, missing)
    assert outcome[theirs["id"]] == (False, missing)
    assert outcome[held["id"]][0] is False
    assert "cannot be deleted" in outcome[held["id"]][1]
    # what is left: the held and the untouched donation here, the other charity's there
    assert owner.get(f"/api/donations/{first['id']}").status == 404
    assert owner.get(f"/api/donations/{held['id']}").status == 200
    assert owner.get(f"/api/donations/{kept['id']}").status == 200
    assert other.get(f"/api/donations/{theirs['id']}").status == 200


def test_bulk_delete_validates_its_body_without_a_500(client):
    owner = sign_up_charity(client, "Hope Trust")
    for body in ({}, {"ids": []}, {"ids": [""]}, {"ids": "abc"}, {"ids": [1]}, {"ids": ["x" * 65]},
                 {"ids": ["a"] * 201}, {"ids": ["a"], "extra": 1}, [1, 2]):  # fmt: skip
        reply = owner.post("/api/donations/bulk-delete", body)
        assert reply.status in (400, 422), (body, reply)
        assert reply.json["message"], (body, reply)


def _export(owner, aws, body):
    reply = owner.post("/api/exports/donations", body)
    assert reply.status == 202, reply
    deliver(aws, "ExportsQueue", export_jobs.handler)
    job = owner.get(f"/api/jobs/{reply.json['job_id']}").json
    assert job["status"] == "done", job
    return list(csv.reader(io.StringIO(files.read(job["result"]["key"]).decode("utf-8-sig"))))


def test_export_selected_writes_exactly_the_selected_donations_of_the_charity(client, aws):
    owner = sign_up_charity(client, "Hope Trust")
    other = sign_up_charity(client, "Other Trust")
    theirs = make_donation(other, amount="99.00")
    early = make_donation(owner, amount="1.50", date="2026-01-02")
    make_donation(owner, amount="2.50", date="2026-01-03")
    late = make_donation(owner, amount="3.50", date="2026-01-04")
    rows = _export(
        owner,
        aws,
        {
            "meta": {"sortBy": "date", "sortDesc": True, "filters": {"payment_method": "card"}},
            "heads": [{"key": "date", "label": "Date"}, {"key": "amount", "label": "Amount"}],
            "ids": [early["id"], late["id"], theirs["id"], "no-such-id"],
        },
    )
    assert rows == [["Date", "Amount"], ["2026-01-04", "3.50"], ["2026-01-02", "1.50"]]


def test_export_selected_is_refused_for_a_table_that_cannot_read_rows_by_id(client):
    owner = sign_up_charity(client, "Hope Trust")
    reply = owner.post("/api/exports/donors", {"meta": {}, "heads": [], "ids": ["a"]})
    assert reply.status == 422, reply
    assert reply.json["errors"]["ids"] == [
        "This table cannot export selected rows; export it with its filters instead."
    ]
    for ids in ([], [""], "a", ["x" * 65]):
        reply = owner.post("/api/exports/donations", {"meta": {}, "heads": [], "ids": ids})
        assert reply.status == 422, (ids, reply)
