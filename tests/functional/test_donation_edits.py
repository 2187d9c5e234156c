"""Edits that keep a donation's type and location (issue 13 §1): an edit sending every field back
as the edit form does, a refund, a donor merge moving such donations and its undo all succeed
and move every total; a type deleted meanwhile is a 422 naming it; a merge stopped half-way is
put back and reported, never left "running"."""

from __future__ import annotations

import datetime as dt
from typing import Any
from urllib.parse import quote

import pytest

from functions.core import clock
from functions.core.counters import read as read_counters
from functions.core.errors import Conflict
from functions.donations.models import DonationType
from functions.donors import merge as merge_service
from tests.functional.donations_helpers import (
    EDIT_FORM_FIELDS,
    make_donation,
    make_donor,
    make_location,
    make_type,
)

NOW = dt.datetime(2026, 6, 1, 12, 0, tzinfo=dt.UTC)
WRITTEN = {"method": "written", "scope": ["future"], "date_given": "2026-01-10", "statement_version": "v1"}


@pytest.fixture(autouse=True)
def frozen_clock():
    clock.set_clock(lambda: NOW)
    yield
    clock.set_clock(None)


def form_body(donation: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """What the edit form sends: every field of the donation as shown, with the user's changes."""
    return {**{field: donation[field] for field in EDIT_FORM_FIELDS}, **changes}


def usage(who, kind: str, item_id: str) -> int:
    reply = who.get(f"/api/{kind}/{item_id}")
    assert reply.status == 200, reply
    return int(reply.json["usage"])


def totals(who, donor_id: str) -> dict[str, Any]:
    return who.get(f"/api/donors/{donor_id}").json["totals"]


def test_an_edit_keeping_type_and_location_saves_and_keeps_their_usage(owner):
    # GIVEN a donation with a donor, a type and a location
    donor = make_donor(owner)
    kind, place = make_type(owner), make_location(owner)
    gift = make_donation(
        owner, donor_id=donor["id"], amount="25.00", type_id=kind["id"], location_id=place["id"]
    )
    # WHEN it is saved again unchanged, then with a new note and payment method
    same = owner.put(f"/api/donations/{gift['id']}", form_body(gift))
    assert same.status == 200, same
    edited = owner.put(
        f"/api/donations/{gift['id']}",
        form_body(same.json, notes="Thank-you letter sent", payment_method="card"),
    )
    # THEN both are saved, and the type and location are still used once each
    assert edited.status == 200, edited
    shown = owner.get(f"/api/donations/{gift['id']}").json
    assert (shown["notes"], shown["payment_method"], shown["version"]) == (
        "Thank-you letter sent",
        "card",
        gift["version"] + 2,
    )
    assert (shown["type_id"], shown["location_id"]) == (kind["id"], place["id"])
    assert usage(owner, "donation-types", kind["id"]) == 1
    assert usage(owner, "locations", place["id"]) == 1
    counters = read_counters(owner.tenant_id)
    assert (counters.donations, counters.donations_total) == (1, 25)
    assert totals(owner, donor["id"])["all_time"] == "25.00"


def test_a_refund_keeping_type_and_location_is_recorded_and_the_gift_is_no_longer_claimable(owner):
    # GIVEN a claimable donation (its donor has a declaration) with a type and a location
    donor = make_donor(owner)
    assert owner.post(f"/api/donors/{donor['id']}/declarations", WRITTEN).status == 201
    kind, place = make_type(owner), make_location(owner)
    gift = make_donation(
        owner, donor_id=donor["id"], amount="40.00", type_id=kind["id"], location_id=place["id"]
    )
    gift = owner.get(f"/api/donations/{gift['id']}").json
    assert gift["gift_aid"]["state"] == "claimable"
    # WHEN it is refunded through the edit form
    refunded = owner.put(
        f"/api/donations/{gift['id']}", form_body(gift, status="refunded", refunded_at="2026-05-20")
    )
    # THEN the refund is recorded, it is not claimable, and the totals no longer count it
    assert refunded.status == 200, refunded
    shown = owner.get(f"/api/donations/{gift['id']}").json
    assert (shown["status"], shown["refunded_at"]) == ("refunded", "2026-05-20")
    assert shown["gift_aid"]["state"] != "claimable"
    claimable = owner.get("/api/donations?filters=" + quote('{"gift_aid_state": "claimable"}'))
    assert claimable.status == 200, claimable
    assert [row["id"] for row in claimable.json["data"]] == []
    counters = read_counters(owner.tenant_id)
    assert (counters.donations, counters.donations_total) == (1, 0)
    assert totals(owner, donor["id"])["all_time"] == "0.00"
    assert totals(owner, donor["id"])["tax_year"] == "0.00"
    assert usage(owner, "donation-types", kind["id"]) == 1
    assert usage(owner, "locations", place["id"]) == 1


def test_an_edit_keeping_a_type_deleted_meanwhile_is_422_on_the_type_and_saves_nothing(owner):
    # GIVEN a donation whose type disappears behind the edit form's back (a race with its deletion)
    kind, place = make_type(owner), make_location(owner)
    gift = make_donation(owner, type_id=kind["id"], location_id=place["id"])
    DonationType(*DonationType.key(owner.tenant_id, kind["id"])).delete(add_version_condition=False)
    # WHEN the donation is saved keeping that type
    reply = owner.put(f"/api/donations/{gift['id']}", form_body(gift, notes="changed"))
    # THEN the type is named as unknown (not a server error) and nothing was saved
    assert reply.status == 422, reply
    assert reply.json["errors"] == {"type_id": ["This donation type does not exist."]}
    shown = owner.get(f"/api/donations/{gift['id']}").json
    assert (shown["notes"], shown["version"]) == (None, gift["version"])
    assert usage(owner, "locations", place["id"]) == 1


def _merge(owner, survivor_id: str, merged_id: str) -> Any:
    return owner.post("/api/donors/merge", {"survivor_id": survivor_id, "merged_id": merged_id})


def _merge_status(owner, merge_id: str | None = None) -> str:
    merges = owner.get("/api/donors/merges").json["data"]
    found = [m for m in merges if merge_id is None or m["id"] == merge_id]
    return str(found[0]["status"])


def _donor_ids(owner, donation_ids: list[str]) -> list[str | None]:
    return [owner.get(f"/api/donations/{d}").json["donor_id"] for d in donation_ids]


def test_a_merge_moving_donations_with_type_and_location_is_done_and_undoable(owner):
    # GIVEN two donors, the merged one's donations having a type and a location
    survivor = make_donor(owner, email="a@example.org")
    merged = make_donor(owner, first_name="Janet", email="b@example.org")
    kind, place = make_type(owner), make_location(owner)
    moved = [
        make_donation(owner, donor_id=merged["id"], amount="5.00", type_id=kind["id"]),
        make_donation(owner, donor_id=merged["id"], amount="7.00", location_id=place["id"]),
        make_donation(
            owner, donor_id=merged["id"], amount="9.00", type_id=kind["id"], location_id=place["id"]
        ),
    ]
    ids = [gift["id"] for gift in moved]
    # WHEN merged
    reply = _merge(owner, survivor["id"], merged["id"])
    # THEN the merge is done, the donations and their totals are the survivor's, usage unchanged
    assert reply.status == 201, reply
    merge_id = reply.json["merge"]["id"]
    assert reply.json["merge"]["status"] == "done" and _merge_status(owner, merge_id) == "done"
    assert reply.json["survivor"]["totals"]["all_time"] == "21.00"
    assert _donor_ids(owner, ids) == [survivor["id"]] * 3
    assert (usage(owner, "donation-types", kind["id"]), usage(owner, "locations", place["id"])) == (2, 2)
    # WHEN undone
    undo = owner.post(f"/api/donors/merges/{merge_id}/undo")
    # THEN everything is back
    assert undo.status == 200, undo
    assert undo.json["merge"]["status"] == "undone" and _merge_status(owner, merge_id) == "undone"
    assert _donor_ids(owner, ids) == [merged["id"]] * 3
    assert totals(owner, merged["id"])["all_time"] == "21.00"
    assert totals(owner, survivor["id"])["all_time"] == "0.00"
    assert (usage(owner, "donation-types", kind["id"]), usage(owner, "locations", place["id"])) == (2, 2)


def _half_way_merge(owner, monkeypatch) -> tuple[dict, dict, list[str], int]:
    """Donors whose merge stops at its second transaction: the merged donor's later donation has
    a type that was deleted behind the merge's back."""
    monkeypatch.setattr(merge_service, "CHUNK", 1)  # one record per transaction
    survivor = make_donor(owner, email="a@example.org", phone="01632 960001")
    merged = make_donor(owner, first_name="Janet", email="b@example.org", phone="07700 900123")
    kind = make_type(owner)
    first = make_donation(owner, donor_id=merged["id"], amount="5.00", date="2026-04-10")
    later = make_donation(owner, donor_id=merged["id"], amount="8.00", date="2026-05-10", type_id=kind["id"])
    DonationType(*DonationType.key(owner.tenant_id, kind["id"])).delete(add_version_condition=False)
    return survivor, merged, [first["id"], later["id"]], read_counters(owner.tenant_id).donors


def test_a_merge_stopped_half_way_is_put_back_and_reported_failed(owner, monkeypatch):
    # GIVEN a merge that will fail after moving the first donation
    survivor, merged, ids, donors_before = _half_way_merge(owner, monkeypatch)
    # WHEN merged, taking the merged donor's phone
    reply = owner.post(
        "/api/donors/merge",
        {"survivor_id": survivor["id"], "merged_id": merged["id"], "fields": {"phone": "merged"}},
    )
    # THEN the user is told nothing changed; the history says failed; both donors are as before
    assert reply.status == 409, reply
    assert reply.json["message"].startswith("The merge could not be finished")
    assert _merge_status(owner) == "failed"
    assert _donor_ids(owner, ids) == [merged["id"], merged["id"]]
    assert totals(owner, merged["id"])["all_time"] == "13.00"
    assert totals(owner, merged["id"])["donations_count"] == 2
    assert totals(owner, survivor["id"])["all_time"] == "0.00"
    assert owner.get(f"/api/donors/{survivor['id']}").json["phone"] == "01632 960001"
    assert read_counters(owner.tenant_id).donors == donors_before
    # AND there is nothing to undo
    merge_id = owner.get("/api/donors/merges").json["data"][0]["id"]
    undo = owner.post(f"/api/donors/merges/{merge_id}/undo")
    assert undo.status == 409 and "nothing to undo" in undo.json["message"]


def test_a_merge_that_cannot_be_put_back_is_incomplete_and_an_undo_finishes_it(owner, monkeypatch):
    # GIVEN a merge that fails half-way and whose putting back fails too (once)
    survivor, merged, ids, donors_before = _half_way_merge(owner, monkeypatch)
    real_put_back = merge_service._put_back
    calls: list[str] = []

    def failing_once(who, record):
        calls.append(record.merge_id)
        if len(calls) == 1:
            raise RuntimeError("the put-back was interrupted")
        real_put_back(who, record)

    monkeypatch.setattr(merge_service, "_put_back", failing_once)
    # WHEN merged
    reply = _merge(owner, survivor["id"], merged["id"])
    # THEN it is reported incomplete (not running) and can be undone
    assert reply.status == 409, reply
    assert reply.json["message"].startswith("The merge stopped half-way")
    assert _merge_status(owner) == "incomplete"
    assert _donor_ids(owner, ids) == [survivor["id"], merged["id"]]
    merge_id = owner.get("/api/donors/merges").json["data"][0]["id"]
    undo = owner.post(f"/api/donors/merges/{merge_id}/undo")
    assert undo.status == 200, undo
    assert _merge_status(owner, merge_id) == "undone"
    assert _donor_ids(owner, ids) == [merged["id"], merged["id"]]
    assert totals(owner, merged["id"])["all_time"] == "13.00"
    assert totals(owner, survivor["id"])["all_time"] == "0.00"
    assert read_counters(owner.tenant_id).donors == donors_before


def test_an_undo_stopped_half_way_is_incomplete_and_undoing_again_finishes_it(owner, monkeypatch):
    # GIVEN a done merge whose first undo is interrupted by a change made meanwhile
    survivor = make_donor(owner, email="a@example.org")
    merged = make_donor(owner, first_name="Janet", email="b@example.org")
    kind = make_type(owner)
    gift = make_donation(owner, donor_id=merged["id"], amount="6.00", type_id=kind["id"])
    merge_id = _merge(owner, survivor["id"], merged["id"]).json["merge"]["id"]
    real_put_back = merge_service._put_back
    calls: list[str] = []

    def failing_once(who, record):
        calls.append(record.merge_id)
        if len(calls) == 1:
            raise Conflict("donations.stale")
        real_put_back(who, record)

    monkeypatch.setattr(merge_service, "_put_back", failing_once)
    # WHEN undone: THEN the user is told to undo again, and the history says so
    first = owner.post(f"/api/donors/merges/{merge_id}/undo")
    assert first.status == 409, first
    assert first.json["message"].startswith("The undo stopped half-way")
    assert _merge_status(owner, merge_id) == "incomplete"
    # WHEN undone again: THEN it finishes
    again = owner.post(f"/api/donors/merges/{merge_id}/undo")
    assert again.status == 200, again
    assert _merge_status(owner, merge_id) == "undone"
    assert _donor_ids(owner, [gift["id"]]) == [merged["id"]]
    assert totals(owner, merged["id"])["all_time"] == "6.00"
    assert usage(owner, "donation-types", kind["id"]) == 1


def test_undoing_a_merge_whose_survivor_was_merged_on_waits_for_that_merge_to_be_undone(owner):
    # GIVEN Janet merged into Jane, then Jane merged into Joan
    jane, janet, joan = (
        make_donor(owner, first_name=n, email=f"{n}@example.org") for n in ("Jane", "Janet", "Joan")
    )
    gift = make_donation(owner, donor_id=janet["id"], amount="4.00")
    first = _merge(owner, jane["id"], janet["id"]).json["merge"]["id"]
    second = _merge(owner, joan["id"], jane["id"]).json["merge"]["id"]
    # WHEN the first merge is undone: THEN the user is told to undo the later one first
    early = owner.post(f"/api/donors/merges/{first}/undo")
    assert early.status == 409, early
    assert early.json["message"] == (
        "Mrs Jane Smith no longer exists: it has since been merged into another donor or deleted. "
        "Undo that merge first."
    )
    assert _merge_status(owner, first) == "done" and _donor_ids(owner, [gift["id"]]) == [joan["id"]]
    # WHEN undone in reverse order: THEN the gift is Janet's again
    assert owner.post(f"/api/donors/merges/{second}/undo").status == 200
    assert owner.post(f"/api/donors/merges/{first}/undo").status == 200
    assert _donor_ids(owner, [gift["id"]]) == [janet["id"]]
    assert [totals(owner, d["id"])["all_time"] for d in (jane, janet, joan)] == ["0.00", "4.00", "0.00"]


def test_a_donor_brought_back_by_an_undo_sits_by_what_it_gives_in_the_list_by_total(owner):
    # GIVEN Janet's £10 gift merged into Jane's record and then deleted, and Joan who gave £5
    jane, janet, joan = (
        make_donor(owner, first_name=n, email=f"{n}@example.org") for n in ("Jane", "Janet", "Joan")
    )
    gift = make_donation(owner, donor_id=janet["id"], amount="10.00")
    make_donation(owner, donor_id=joan["id"], amount="5.00")
    merge_id = _merge(owner, jane["id"], janet["id"]).json["merge"]["id"]
    assert owner.delete(f"/api/donations/{gift['id']}").status == 200
    # WHEN the merge is undone
    assert owner.post(f"/api/donors/merges/{merge_id}/undo").status == 200
    # THEN Janet is back with nothing given, and the list by total puts Joan first
    assert totals(owner, janet["id"])["all_time"] == "0.00"
    by_total = owner.get("/api/donors?sortBy=total_given&sortDesc=true").json["data"]
    assert [row["id"] for row in by_total][0] == joan["id"]
