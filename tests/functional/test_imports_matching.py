"""Imports that meet what the charity already has (docs/api.md "Imports"): the same file twice
creates nothing the second time, an uncertain donor waits for a person, undo removes what the
import created and nothing else, and Almoner's own donations export imports back cleanly."""

from __future__ import annotations

import csv
import io

from functions.core import files as export_files
from functions.declarations.models import DeclarationRecord
from functions.exports import jobs as export_jobs
from tests.functional import imports_helpers as ih
from tests.functional.donations_helpers import make_donation, make_donor, make_location, make_type
from tests.functional.helpers import deliver

COLUMNS = ih.PEOPLE_COLUMNS
HEADER = list(COLUMNS)


def test_importing_the_same_file_again_creates_nothing_the_second_time(owner, aws):
    # GIVEN a file imported once: rows with a reference and rows without (told apart by content),
    # one of them a repeat of an earlier row of the same file
    rows = [
        HEADER,
        ["BK-1", "Ann Lee", "ann@example.org", "CF1 1AA", "10.00", "06/04/2025", "Yes"],
        ["BK-2", "Bob Jones", "", "CF2 2BB", "20.00", "07/04/2025", "No"],
        ["", "Ann Lee", "ann@example.org", "CF1 1AA", "5.00", "08/04/2025", "No"],
        ["", "Cy Twombly", "", "", "5.00", "08/04/2025", ""],
        ["", "Cy Twombly", "", "", "5.00", "08/04/2025", ""],
        ["BK-1", "Ann Lee", "ann@example.org", "CF1 1AA", "10.00", "06/04/2025", "Yes"],
    ]
    content = ih.csv_bytes(rows)
    first = ih.imported(owner, aws, "bank.csv", content, COLUMNS)
    # two identical rows without a reference are two gifts; the repeated reference is one
    assert first["counts"]["donations_new"] == 5 and first["counts"]["duplicates"] == 1
    before = sorted((d["id"], d["amount"]) for d in ih.donations(owner))
    donors_before = sorted(d["id"] for d in ih.donors(owner))
    totals_before = owner.get("/api/donations/totals").json
    # WHEN the same file is uploaded and imported again
    again = ih.create(owner, "bank.csv", content)
    ih.set_mapping(owner, again["id"], ih.mapping(COLUMNS))
    checked = ih.dry_run(owner, aws, again["id"])
    # THEN the dry run already says every row is a duplicate
    assert checked["counts"]["duplicates"] == 6 and checked["counts"]["donations_new"] == 0
    assert checked["counts"]["donors_new"] == 0
    # AND the run creates no donation, donor or declaration, and no total moves
    done = ih.run(owner, aws, again["id"])
    assert done["counts"]["donations_new"] == 0 and done["counts"]["declarations_new"] == 0
    assert sorted((d["id"], d["amount"]) for d in ih.donations(owner)) == before
    assert sorted(d["id"] for d in ih.donors(owner)) == donors_before
    assert owner.get("/api/donations/totals").json == totals_before
    ann = next(d for d in ih.donors(owner) if d["name"] == "Ann Lee")
    assert len(owner.get(f"/api/donors/{ann['id']}/declarations").json["data"]) == 1
    # AND one upload gives one import
    assert owner.post("/api/imports", {"upload_id": again["id"]}).status == 422


def test_an_uncertain_donor_waits_for_review_and_choosing_imports_the_rows(owner, aws):
    # GIVEN John Smith of BA2 2BB, and a file naming "Jon Smith" of BA2 2BB twice (probably him,
    # not certainly) and Ann Lee, who is new
    john = make_donor(
        owner, title="Mr", first_name="John", email="john@example.org", postcode="BA2 2BB", phone=""
    )
    rows = [
        HEADER,
        ["R1", "Jon Smith", "", "BA2 2BB", "10.00", "06/04/2025", "Yes"],
        ["R2", "Ann Lee", "ann@example.org", "CF1 1AA", "20.00", "07/04/2025", "No"],
        ["R3", "Jon Smith", "", "BA2 2BB", "15.00", "08/04/2025", "No"],
        ["R4", "Mary Smith", "", "BA2 2BB", "1.00", "09/04/2025", "No"],
    ]
    item = ih.create(owner, "gifts.csv", ih.csv_bytes(rows))
    ih.set_mapping(owner, item["id"], ih.mapping(COLUMNS))
    # WHEN the dry run and the run are done
    assert ih.dry_run(owner, aws, item["id"])["counts"]["review"] == 2
    done = ih.run(owner, aws, item["id"])
    # THEN Jon's rows are not imported yet: they wait in the review list with John as candidate
    assert done["counts"]["review"] == 2 and done["counts"]["donations_new"] == 2
    assert sorted(d["external_ref"] for d in ih.donations(owner)) == ["R2", "R4"]
    waiting = owner.get(f"/api/imports/{item['id']}/review").json
    assert waiting["meta"]["total"] == 2
    assert [row["row"] for row in waiting["data"]] == [2, 4]
    candidate = waiting["data"][0]["candidates"]
    assert [(c["donor_id"], c["name"], c["reasons"]) for c in candidate] == [
        (john["id"], "Mr John Smith", ["similar_name_same_postcode"])
    ]
    assert waiting["data"][0]["donor"]["first_name"] == "Jon"
    # WHEN the user says row 2 is John
    chosen = owner.post(f"/api/imports/{item['id']}/review/2", {"donor_id": john["id"]})
    assert chosen.status == 200, chosen
    # THEN both of Jon's rows are imported onto John, with the Gift Aid declaration
    assert chosen.json["rows"] == [2, 4] and chosen.json["imported"] == 2
    johns = sorted(
        (d["external_ref"], d["donor_id"]) for d in ih.donations(owner) if d["donor_id"] == john["id"]
    )
    assert johns == [("R1", john["id"]), ("R3", john["id"])]
    assert owner.get(f"/api/donors/{john['id']}").json["totals"]["all_time"] == "25.00"
    assert [d["date_given"] for d in owner.get(f"/api/donors/{john['id']}/declarations").json["data"]] == [
        "2025-04-06"
    ]
    # AND the list is empty, the counts say so, and the choice cannot be made twice
    assert owner.get(f"/api/imports/{item['id']}/review").json["data"] == []
    counts = owner.get(f"/api/imports/{item['id']}").json["counts"]
    assert counts["review"] == 0 and counts["donations_new"] == 4
    assert owner.post(f"/api/imports/{item['id']}/review/4", {"create": True}).status == 409
    # AND undo would take the reviewed rows away too
    assert owner.get(f"/api/imports/{item['id']}/undo").json["donations"] == 4
    # WHEN the same file is imported again THEN nothing waits for review: every row is already here
    again = ih.create(owner, "gifts.csv", ih.csv_bytes(rows))
    ih.set_mapping(owner, again["id"], ih.mapping(COLUMNS))
    assert ih.dry_run(owner, aws, again["id"])["counts"]["duplicates"] == 4
    repeated = ih.run(owner, aws, again["id"])
    assert (repeated["counts"]["review"], repeated["counts"]["duplicates"]) == (0, 4)
    assert owner.get(f"/api/imports/{again['id']}/review").json["data"] == []


def test_a_new_person_named_twice_in_a_file_is_one_new_donor_however_the_rows_name_them(owner, aws):
    # GIVEN Ann, new to the charity, once with her email and once by name and postcode only
    rows = [
        HEADER,
        ["N1", "Ann Lee", "ann@example.org", "CF1 1AA", "10.00", "06/04/2025", "No"],
        ["N2", "Ann Lee", "", "CF1 1AA", "15.00", "07/04/2025", "No"],
    ]
    item = ih.create(owner, "gifts.csv", ih.csv_bytes(rows))
    ih.set_mapping(owner, item["id"], ih.mapping(COLUMNS))
    # WHEN checked and imported THEN both the dry run and the run speak of one new donor, none linked
    checked = ih.dry_run(owner, aws, item["id"])["counts"]
    assert (checked["donors_new"], checked["donors_linked"], checked["donations_new"]) == (1, 0, 2)
    done = ih.run(owner, aws, item["id"])["counts"]
    assert (done["donors_new"], done["donors_linked"], done["donations_new"], done["errors"]) == (1, 0, 2, 0)
    ann = ih.donors(owner)
    assert [(d["name"], d["totals"]["all_time"]) for d in ann] == [("Ann Lee", "25.00")]


def test_choosing_a_new_donor_for_a_waiting_row_creates_one_and_undo_closes_the_list(owner, aws):
    # GIVEN John Smith and Mary Brown, and a file with "Jon Smith" and "Marie Brown" of their postcodes
    make_donor(owner, title="Mr", first_name="John", email="john@example.org", postcode="BA2 2BB", phone="")
    make_donor(
        owner,
        title="Ms",
        first_name="Mary",
        last_name="Brown",
        email="mary@example.org",
        postcode="BA3 3CC",
        phone="",
    )
    rows = [
        HEADER,
        ["R1", "Jon Smith", "", "BA2 2BB", "10.00", "06/04/2025", "No"],
        ["R2", "Marie Brown", "", "BA3 3CC", "20.00", "07/04/2025", "No"],
    ]
    item = ih.imported(owner, aws, "gifts.csv", ih.csv_bytes(rows), COLUMNS)
    assert item["counts"]["review"] == 2
    # WHEN the user says Jon is somebody new
    reply = owner.post(f"/api/imports/{item['id']}/review/2", {"create": True})
    assert reply.status == 200, reply
    # THEN Jon Smith is a donor of his own with his gift
    assert sorted(d["name"] for d in ih.donors(owner)) == ["Jon Smith", "Mr John Smith", "Ms Mary Brown"]
    assert [d["donor_name"] for d in ih.donations(owner)] == ["Jon Smith"]
    # WHEN the import is undone with Marie still waiting
    assert owner.get(f"/api/imports/{item['id']}/undo").json == {
        "donations": 1,
        "donors": 1,
        "declarations": 0,
    }
    ih.job_done(owner, aws, owner.post(f"/api/imports/{item['id']}/undo"))
    # THEN Jon and his gift are gone, and nothing waits for review any more
    assert sorted(d["name"] for d in ih.donors(owner)) == ["Mr John Smith", "Ms Mary Brown"]
    assert ih.donations(owner) == []
    assert owner.get(f"/api/imports/{item['id']}/review").json["data"] == []
    assert owner.post(f"/api/imports/{item['id']}/review/3", {"create": True}).status == 409


def test_undo_shows_what_it_removes_and_removes_only_what_the_import_created(owner, aws):
    # GIVEN Ann, a donor with a gift of her own, and an import that adds to Ann and creates Bob and Cy
    ann = make_donor(owner, title="Ms", first_name="Ann", last_name="Lee", email="ann@example.org")
    make_donation(owner, donor_id=ann["id"], amount="100.00", date="2025-01-01")
    rows = [
        HEADER,
        ["U1", "Ann Lee", "ann@example.org", "", "10.00", "06/04/2025", "No"],
        ["U2", "Bob Jones", "bob@example.org", "CF2 2BB", "20.00", "07/04/2025", "Yes"],
        ["U3", "Bob Jones", "bob@example.org", "CF2 2BB", "30.00", "08/04/2025", "No"],
        ["U4", "Cy Twombly", "cy@example.org", "", "40.00", "09/04/2025", "No"],
        ["", "", "", "", "2.00", "09/04/2025", ""],
    ]
    item = ih.imported(owner, aws, "gifts.csv", ih.csv_bytes(rows), COLUMNS)
    assert item["counts"]["donors_new"] == 2 and item["counts"]["donations_new"] == 5
    # AND after the import, someone records a gift for Cy by hand
    cy = next(d for d in ih.donors(owner) if d["name"] == "Cy Twombly")
    by_hand = make_donation(owner, donor_id=cy["id"], amount="7.00", date="2025-05-01")
    # WHEN the user asks what undo would remove THEN the confirmation counts exactly that: the five
    # gifts, Bob (nothing else of his) but not Cy (a gift of his own now), Bob's declaration
    preview = owner.get(f"/api/imports/{item['id']}/undo")
    assert preview.status == 200
    assert preview.json == {"donations": 5, "donors": 1, "declarations": 1}
    # WHEN the undo runs
    ih.job_done(owner, aws, owner.post(f"/api/imports/{item['id']}/undo"))
    # THEN the import is undone, its donations and Bob are gone, Ann and Cy stay with their own gifts
    assert owner.get(f"/api/imports/{item['id']}").json["status"] == "undone"
    left = sorted((d["donor_name"], d["amount"]) for d in ih.donations(owner))
    assert left == [("Cy Twombly", "7.00"), ("Ms Ann Lee", "100.00")]
    assert sorted(d["name"] for d in ih.donors(owner)) == ["Cy Twombly", "Ms Ann Lee"]
    for donor, left_total in ((ann, "100.00"), (cy, "7.00")):
        totals = owner.get(f"/api/donors/{donor['id']}").json["totals"]
        assert (totals["all_time"], totals["donations_count"]) == (left_total, 1)
    assert owner.get(f"/api/donations/{by_hand['id']}").status == 200
    assert owner.get("/api/donations/totals").json["count"] == 2
    assert list(DeclarationRecord.scan()) == []
    # AND it cannot be undone twice, and the history shows it undone
    assert owner.post(f"/api/imports/{item['id']}/undo").status == 409
    assert owner.get("/api/imports").json["data"][0]["status"] == "undone"


def _export_donations(owner, aws) -> bytes:
    reply = owner.post("/api/exports/donations", {"meta": {}, "heads": []})
    assert reply.status == 202, reply
    deliver(aws, "ExportsQueue", export_jobs.handler)
    job = owner.get(f"/api/jobs/{reply.json['job_id']}").json
    assert job["status"] == "done", job
    return export_files.read(job["result"]["key"])


def test_an_almoner_donations_export_imports_back_cleanly(owner, aws):
    # GIVEN donations of every kind the donations table holds
    general, shop = make_type(owner, "General"), make_location(owner, "Shop")
    jane = make_donor(owner)
    made = [
        make_donation(
            owner,
            donor_id=jane["id"],
            amount="1234.50",
            date="2025-04-06",
            type_id=general["id"],
            location_id=shop["id"],
            payment_method="card",
            source="Spring appeal",
            external_ref="SO-77",
            notes='=HYPERLINK("x")\nsecond line',
        ),
        make_donation(owner, amount="5.00", date="2025-04-07", payment_method="cash", source="Spring appeal"),
        make_donation(
            owner,
            donor_id=jane["id"],
            amount="60.00",
            date="2025-04-08",
            payment_method="bank_transfer",
            benefit_value="5.00",
            sponsored=True,
        ),
        make_donation(
            owner,
            donor_id=jane["id"],
            amount="20.00",
            date="2025-04-09",
            status="refunded",
            refunded_at="2025-04-20",
        ),
    ]
    exported = _export_donations(owner, aws)
    header = next(csv.reader(io.StringIO(exported.decode("utf-8-sig"))))
    preset = next(p for p in owner.get("/api/imports/presets").json["data"] if p["id"] == "almoner")
    # WHEN the export is imported into the same charity with the Almoner preset
    item = ih.create(owner, "donations.csv", exported)
    assert item["detected"]["preset"] == "almoner" and item["detected"]["columns"] == header
    columns = {column: preset["mapping"]["columns"].get(column) for column in header}
    mapping = {**preset["mapping"], "columns": columns}
    ih.set_mapping(owner, item["id"], mapping)
    # THEN every row is read without a problem, and every one is already here
    counts = ih.dry_run(owner, aws, item["id"])["counts"]
    assert (counts["rows"], counts["errors"], counts["duplicates"], counts["donations_new"]) == (4, 0, 4, 0)
    # WHEN the donations are deleted and the export imported again
    for donation in made:
        assert owner.delete(f"/api/donations/{donation['id']}").status in (200, 204)
    again = ih.create(owner, "donations.csv", exported)
    ih.set_mapping(owner, again["id"], mapping)
    ih.dry_run(owner, aws, again["id"])
    done = ih.run(owner, aws, again["id"])
    # THEN they are back as they were: same donor, type, place, method, campaign, reference, notes
    assert done["counts"]["errors"] == 0 and done["counts"]["donations_new"] == 4
    assert done["counts"]["donors_new"] == 0
    fields = (
        "donor_id",
        "amount",
        "date",
        "type_id",
        "location_id",
        "payment_method",
        "source",
        "benefit_value",
        "sponsored",
        "status",
        "refunded_at",
        "notes",
    )

    def shape(donation):
        # a gift recorded without a campaign comes back marked as coming from the Almoner export
        return tuple(str(donation[k] or ("almoner" if k == "source" else None)) for k in fields)

    assert sorted(shape(d) for d in ih.donations(owner)) == sorted(shape(d) for d in made)
    assert "SO-77" in {d["external_ref"] for d in ih.donations(owner)}
    assert owner.get(f"/api/donors/{jane['id']}").json["totals"]["all_time"] == "1294.50"
