"""Quick donations: one save stores every row or reports each bad row, never half."""

from __future__ import annotations

from functions.core.counters import read as read_counters
from functions.donations import quick
from functions.donors.transaction import MAX_ITEMS
from tests.functional.donations_helpers import make_donation, make_donor, make_type


def test_every_row_is_saved_with_its_totals(owner):
    donor, kind = make_donor(owner), make_type(owner)
    rows = [
        {
            "amount": f"{n}.00",
            "date": "2026-05-01",
            "donor_id": donor["id"],
            "type_id": kind["id"],
            "payment_method": "cheque",
            "external_ref": f"CHQ-{n}",
            "source": "bag",
        }
        for n in range(1, 61)
    ]
    reply = owner.post("/api/donations/quick", {"rows": rows})
    assert reply.status == 201, reply
    assert reply.json["count"] == 60 and reply.json["total"] == "1830.00"
    assert owner.get(f"/api/donors/{donor['id']}").json["totals"]["all_time"] == "1830.00"
    assert read_counters(owner.tenant_id).donations == 60
    assert owner.get(f"/api/donation-types/{kind['id']}").json["usage"] == 60


def test_one_bad_row_reports_every_problem_and_saves_nothing(owner):
    make_donation(owner, source="bag", external_ref="TAKEN")
    rows = [
        {"amount": "5.00", "date": "2026-05-01"},
        {"amount": "0", "date": "2026-05-01"},
        {"amount": "5.00", "date": "2026-05-01", "donor_id": "nobody"},
        {"amount": "5.00", "date": "2026-05-01", "source": "bag", "external_ref": "TAKEN"},
        {"amount": "5.00", "date": "2026-05-01", "source": "bag", "external_ref": "TWICE"},
        {"amount": "5.00", "date": "2026-05-01", "source": "bag", "external_ref": "TWICE"},
        {"amount": "5.00", "date": "2026-05-01", "shoe": 1},
    ]
    reply = owner.post("/api/donations/quick", {"rows": rows})
    assert reply.status == 422
    assert set(reply.json["errors"]) == {
        "rows.1.amount",
        "rows.2.donor_id",
        "rows.3.external_ref",
        "rows.5.external_ref",
        "rows.6.shoe",
    }
    assert reply.json["message"] == "5 row(s) need attention. Nothing was saved."
    assert read_counters(owner.tenant_id).donations == 1


def test_a_late_failure_takes_back_the_rows_already_written(owner, monkeypatch):
    # GIVEN a save large enough for several transactions, whose last transaction will fail
    donor = make_donor(owner)
    rows = [
        {
            "amount": "1.00",
            "date": "2026-05-01",
            "donor_id": donor["id"],
            "source": "s",
            "external_ref": f"R{n}",
        }
        for n in range(150)
    ]
    chunks = quick._chunks(
        owner.tenant_id, [(i, quick.validate(quick.DonationBody, r)) for i, r in enumerate(rows)]
    )
    assert len(chunks) > 1 and all(len(chunk) <= MAX_ITEMS for chunk in chunks)
    last_ref = rows[-1]["external_ref"]
    original = quick._check_references

    def checks_then_someone_takes_a_reference(tenant_id, valid, errors):
        original(tenant_id, valid, errors)
        make_donation(owner, source="s", external_ref=last_ref)  # a concurrent save takes the last reference

    monkeypatch.setattr(quick, "_check_references", checks_then_someone_takes_a_reference)
    reply = owner.post("/api/donations/quick", {"rows": rows})
    # THEN the save is refused and nothing of it remains
    assert reply.status == 409
    assert read_counters(owner.tenant_id).donations == 1
    assert owner.get(f"/api/donors/{donor['id']}").json["totals"]["donations_count"] == 0
    assert len(owner.get("/api/donations").json["data"]) == 1


def test_more_than_200_rows_are_refused(owner):
    reply = owner.post("/api/donations/quick", {"rows": [{"amount": "1.00", "date": "2026-05-01"}] * 201})
    assert reply.status == 422 and "rows" in reply.json["errors"]
