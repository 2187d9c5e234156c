"""Duplicates and merge: scored pairs; a merge moves donations and totals; undo restores exactly."""

from __future__ import annotations

import pytest

from functions.core.counters import read as read_counters
from tests.functional.donations_helpers import make_donation, make_donor


def _without_version(donor):
    return {k: v for k, v in donor.items() if k != "version"}


def test_duplicates_are_scored_by_the_rules(owner):
    jane = make_donor(owner, email="jane@example.org", phone="01632 960001")
    twin = make_donor(owner, email="JANE@example.org", phone="07700 900123", first_name="Janet")
    same_phone = make_donor(owner, first_name="Other", last_name="Person", email=None, postcode="ZZ1 1ZZ")
    make_donor(owner, first_name="Nobody", last_name="Else", email=None, phone=None, postcode="YO1 7HH")
    pairs = owner.get("/api/donors/duplicates").json["data"]
    scored = {frozenset(d["id"] for d in pair["donors"]): pair for pair in pairs}
    best = scored[frozenset({jane["id"], twin["id"]})]
    assert best["reasons"] == ["same_email", "similar_name_same_postcode"]
    assert best["score"] == pytest.approx(1 - 0.1 * 0.3)
    assert scored[frozenset({jane["id"], same_phone["id"]})]["reasons"] == ["same_phone"]
    assert pairs[0] is not None and pairs[0]["score"] >= pairs[-1]["score"]


def test_merge_then_undo_restores_donors_donations_and_totals_exactly(owner):
    # GIVEN two donors with donations in two tax years
    survivor = make_donor(owner, email="a@example.org", tags=["vip"])
    merged = make_donor(owner, first_name="Janet", email="b@example.org", phone="07700 900123")
    kept = make_donation(owner, donor_id=survivor["id"], amount="10.00", date="2026-05-01")
    moved = [
        make_donation(owner, donor_id=merged["id"], amount="5.00", date="2026-05-02"),
        make_donation(owner, donor_id=merged["id"], amount="2.50", date="2025-05-02"),
    ]
    before = {d["id"]: owner.get(f"/api/donors/{d['id']}").json for d in (survivor, merged)}
    donations_before = {d["id"]: owner.get(f"/api/donations/{d['id']}").json for d in [kept, *moved]}
    donors_counter = read_counters(owner.tenant_id).donors
    # WHEN merged, taking the phone of the merged donor
    reply = owner.post(
        "/api/donors/merge",
        {"survivor_id": survivor["id"], "merged_id": merged["id"], "fields": {"phone": "merged"}},
    )
    assert reply.status == 201, reply
    after = reply.json["survivor"]
    assert after["phone"] == "07700 900123" and after["email"] == "a@example.org"
    assert after["totals"]["all_time"] == "17.50" and after["totals"]["donations_count"] == 3
    assert after["totals"]["tax_year"] == "15.00"
    assert owner.get(f"/api/donors/{merged['id']}").status == 404
    assert {d["donor_id"] for d in (owner.get(f"/api/donations/{m['id']}").json for m in moved)} == {
        survivor["id"]
    }
    assert read_counters(owner.tenant_id).donors == donors_counter - 1
    merges = owner.get("/api/donors/merges").json["data"]
    assert merges[0]["moved_count"] == 2 and merges[0]["status"] == "done"
    # WHEN undone
    undo = owner.post(f"/api/donors/merges/{reply.json['merge']['id']}/undo")
    assert undo.status == 200, undo
    # THEN every donor field, every donation's donor and every total is as before
    for donor_id, was in before.items():
        assert _without_version(owner.get(f"/api/donors/{donor_id}").json) == _without_version(was)
    for donation_id, was in donations_before.items():
        now = owner.get(f"/api/donations/{donation_id}").json
        assert _without_version(now) == _without_version(was)
    assert read_counters(owner.tenant_id).donors == donors_counter
    assert owner.post(f"/api/donors/merges/{reply.json['merge']['id']}/undo").status == 409


def test_merge_is_validated(owner):
    donor = make_donor(owner)
    same = owner.post("/api/donors/merge", {"survivor_id": donor["id"], "merged_id": donor["id"]})
    assert same.status == 422 and "merged_id" in same.json["errors"]
    other = make_donor(owner)
    bad = owner.post(
        "/api/donors/merge",
        {"survivor_id": donor["id"], "merged_id": other["id"], "fields": {"total_given": "merged"}},
    )
    assert bad.status == 422 and "fields.total_given" in bad.json["errors"]
    assert owner.post("/api/donors/merge", {"survivor_id": donor["id"], "merged_id": "nope"}).status == 404
