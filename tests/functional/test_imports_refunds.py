"""Refunds an import applies, taken back by undo (issue 13 §4): a later file refunds donations of
an earlier import (in full, and in two parts) and of its own; undoing it puts every donation,
Gift Aid state, counter and donor total back as it was, the file can be imported again, and the
earlier import can still be undone. A refund of a row waiting in the review list is applied once
a person settles the row."""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools.utilities.batch.exceptions import BatchProcessingError

from functions.imports import jobs as import_jobs
from functions.imports import refunds as import_refunds
from tests.functional import imports_helpers as ih
from tests.functional.donations_helpers import make_donor
from tests.functional.helpers import lambda_event, receive

COLUMNS = {
    "Reference": "external_ref",
    "Name": "full_name",
    "Email": "email",
    "Address": "address_line1",
    "Postcode": "postcode",
    "Amount": "amount",
    "Date": "date",
    "Gift Aid": "gift_aid",
}
HEADER = list(COLUMNS)

FIRST = [
    HEADER,
    ["A-1", "Ann Lee", "ann@example.org", "1 Mill Lane", "CF1 1AA", "25.00", "06/04/2025", "Yes"],
    ["A-2", "Ann Lee", "ann@example.org", "1 Mill Lane", "CF1 1AA", "30.00", "07/04/2025", "Yes"],
    ["A-3", "Bob Jones", "bob@example.org", "2 High Street", "CF2 2BB", "40.00", "08/04/2025", "Yes"],
]
# newest first, as platforms list them: refunds before the gifts they return
SECOND = [
    HEADER,
    ["B-1", "", "", "", "", "-20.00", "12/05/2025", ""],  # part of this file's own gift
    ["A-2", "", "", "", "", "-5.00", "11/05/2025", ""],  # A-2 refunded in two parts
    ["A-2", "", "", "", "", "-10.00", "10/05/2025", ""],
    ["A-1", "", "", "", "", "-25.00", "01/05/2025", ""],  # A-1 in full
    ["B-1", "Cy Twombly", "cy@example.org", "3 Low Road", "CF3 3CC", "50.00", "09/04/2025", "Yes"],
]


def donations_seen(who) -> dict[str, tuple[Any, ...]]:
    """Each donation as a user sees it: amount, status, refund date, notes, Gift Aid state and amount."""
    return {
        d["external_ref"]: (
            d["amount"],
            d["status"],
            d["refunded_at"],
            d["notes"],
            d["gift_aid"]["state"],
            d["gift_aid"]["amount"],
            d["donor_id"],
        )
        for d in ih.donations(who)
    }


def counters(who) -> dict[str, Any]:
    """Every total a user reads: donations' totals, each donor's totals, the dashboard, what is
    claimable."""
    donors = {d["id"]: who.get(f"/api/donors/{d['id']}").json["totals"] for d in ih.donors(who)}
    claimable = who.get("/api/gift-aid/claimable?length=100")
    assert claimable.status == 200, claimable
    return {
        "totals": who.get("/api/donations/totals").json,
        "donors": donors,
        "dashboard": who.get("/api/dashboard").json,
        "claimable": sorted(d["id"] for d in claimable.json["data"]),
    }


def undo(who, aws, import_id: str) -> None:
    ih.job_done(who, aws, who.post(f"/api/imports/{import_id}/undo"))
    assert who.get(f"/api/imports/{import_id}").json["status"] == "undone"


def test_undoing_an_import_that_refunded_earlier_donations_puts_them_back(owner, aws, still_clock):
    # GIVEN an import of three Gift Aid donations, claimable
    first = ih.imported(owner, aws, "gifts.csv", ih.csv_bytes(FIRST), COLUMNS)
    assert first["counts"]["donations_new"] == 3
    before = donations_seen(owner)
    assert {seen[4] for seen in before.values()} == {"claimable"}
    counted = counters(owner)

    # WHEN a second file refunds A-1 in full, A-2 in two parts and part of its own new gift
    second = ih.imported(owner, aws, "refunds.csv", ih.csv_bytes(SECOND), COLUMNS)
    want = {"rows": 5, "donations_new": 1, "refunds": 4, "errors": 0, "duplicates": 0}
    assert {k: second["counts"][k] for k in want} == want
    seen = donations_seen(owner)
    assert seen["A-1"][:3] == ("25.00", "refunded", "2025-05-01") and seen["A-1"][4] != "claimable"
    assert seen["A-1"][5] == "0.00"
    assert seen["A-2"][:2] == ("15.00", "received") and seen["A-2"][4] == "claimable"
    assert seen["B-1"][:2] == ("30.00", "received")
    assert counters(owner) != counted

    # WHEN the second import is undone
    undo(owner, aws, second["id"])
    # THEN the earlier donations are as they were: amounts, unrefunded, claimable again
    assert donations_seen(owner) == before
    # AND every counter and donor total is back
    assert counters(owner) == counted

    # WHEN the second file is imported again THEN its refunds are applied again (nothing says
    # they were applied any more)
    again = ih.imported(owner, aws, "refunds.csv", ih.csv_bytes(SECOND), COLUMNS)
    assert {k: again["counts"][k] for k in want} == want
    assert donations_seen(owner)["A-2"][0] == "15.00"
    undo(owner, aws, again["id"])
    assert donations_seen(owner) == before and counters(owner) == counted

    # WHEN the first import is undone after that THEN it removes everything it created
    undo(owner, aws, first["id"])
    assert ih.donations(owner) == [] and ih.donors(owner) == []
    assert owner.get("/api/donations/totals").json["count"] == 0


def test_refunds_applied_by_a_worker_that_died_half_way_are_undone_too(owner, aws, still_clock, monkeypatch):
    # GIVEN the first import, and the second started
    first = ih.imported(owner, aws, "gifts.csv", ih.csv_bytes(FIRST), COLUMNS)
    before, counted = donations_seen(owner), counters(owner)
    second = ih.create(owner, "refunds.csv", ih.csv_bytes(SECOND))
    ih.set_mapping(owner, second["id"], ih.mapping(COLUMNS))
    ih.dry_run(owner, aws, second["id"])
    assert owner.post(f"/api/imports/{second['id']}/run").status == 202
    # WHEN the worker dies after applying two refunds, and SQS delivers the message again
    real, calls = import_refunds.apply_one, []

    def dies_after_two(item: Any, op: dict[str, Any], actor_id: str | None) -> str:
        calls.append(op["row"])
        if len(calls) == 3:  # B-1 and the first part of A-2 are refunded by then
            raise RuntimeError("the worker died")
        return real(item, op, actor_id)

    monkeypatch.setattr(import_refunds, "apply_one", dies_after_two)
    failures = 0
    for _ in range(20):
        messages = receive(aws, "ImportsQueue")
        if not messages:
            break
        for message in messages:  # one at a time: a failed one stays in the queue, delivered again
            try:
                import_jobs.handler(lambda_event([message]), None)
            except BatchProcessingError:  # its only record failed: the batch fails, SQS retries
                failures += 1
                continue
            ih.delete_messages(aws, [message])
    assert failures == 1 and len(calls) > 4
    done = owner.get(f"/api/imports/{second['id']}").json
    assert done["status"] == "imported" and done["counts"]["refunds"] == 4
    assert donations_seen(owner)["A-2"][0] == "15.00"
    # THEN undo still takes back every refund, those applied before the worker died too
    undo(owner, aws, second["id"])
    assert donations_seen(owner) == before and counters(owner) == counted
    undo(owner, aws, first["id"])
    assert ih.donations(owner) == []


def test_a_refund_of_a_row_waiting_for_review_is_applied_once_the_row_is_settled(owner, aws):
    # GIVEN John Smith of BA2 2BB, and a file whose "Jon Smith" of BA2 2BB must wait for a person,
    # with a refund of part of Jon's gift
    john = make_donor(
        owner, title="Mr", first_name="John", email="john@example.org", postcode="BA2 2BB", phone=""
    )
    rows = [
        HEADER,
        ["R1", "", "", "", "", "-4.00", "20/04/2025", ""],
        ["R1", "Jon Smith", "", "", "BA2 2BB", "10.00", "06/04/2025", "No"],
        ["R2", "Ann Lee", "ann@example.org", "", "CF1 1AA", "20.00", "07/04/2025", "No"],
    ]
    item = ih.create(owner, "gifts.csv", ih.csv_bytes(rows))
    ih.set_mapping(owner, item["id"], ih.mapping(COLUMNS))
    checked = ih.dry_run(owner, aws, item["id"])
    assert (checked["counts"]["review"], checked["counts"]["refunds"], checked["counts"]["errors"]) == (
        1,
        1,
        0,
    )
    # WHEN it runs THEN the refund is not reported as unmatched: it waits with its row
    done = ih.run(owner, aws, item["id"])
    assert (done["counts"]["review"], done["counts"]["refunds"], done["counts"]["errors"]) == (1, 0, 0)
    assert owner.get(f"/api/imports/{item['id']}/errors").json["data"] == []
    # WHEN the user says the row is John's
    chosen = owner.post(f"/api/imports/{item['id']}/review/3", {"donor_id": john["id"]})
    assert chosen.status == 200, chosen
    # THEN the gift is imported with its refund applied, and the import counts it
    found = {d["external_ref"]: d for d in ih.donations(owner)}
    assert found["R1"]["amount"] == "6.00" and found["R1"]["donor_id"] == john["id"]
    assert owner.get(f"/api/donors/{john['id']}").json["totals"]["all_time"] == "6.00"
    counts = owner.get(f"/api/imports/{item['id']}").json["counts"]
    assert (counts["review"], counts["refunds"], counts["errors"], counts["donations_new"]) == (0, 1, 0, 2)
    # WHEN the import is undone THEN the gift goes, and importing the file again applies the refund
    undo(owner, aws, item["id"])
    assert ih.donations(owner) == []
    again = ih.create(owner, "gifts.csv", ih.csv_bytes(rows))
    ih.set_mapping(owner, again["id"], ih.mapping(COLUMNS))
    ih.dry_run(owner, aws, again["id"])
    ih.run(owner, aws, again["id"])
    assert owner.post(f"/api/imports/{again['id']}/review/3", {"donor_id": john["id"]}).status == 200
    assert {d["external_ref"]: d["amount"] for d in ih.donations(owner)} == {"R1": "6.00", "R2": "20.00"}
