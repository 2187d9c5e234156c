"""New Claim's bulk actions: "Exclude from claim…" and "Add back" on selected donations (one
result per id, never a 500), moving donations between the claimable list and the excluded group."""

from __future__ import annotations

import datetime as dt

import pytest

from functions.core import audit, clock
from tests.functional.donations_helpers import make_donation, make_donor
from tests.functional.giftaid_helpers import configure, drain
from tests.functional.helpers import sign_up_charity

NOW = dt.datetime(2026, 6, 1, 12, 0, tzinfo=dt.UTC)
WRITTEN = {"method": "written", "scope": ["future"], "date_given": "2026-01-10", "statement_version": "v1"}
MISSING = "There is no such donation in your charity (it may have been deleted already)."


@pytest.fixture(autouse=True)
def frozen_clock():
    clock.set_clock(lambda: NOW)
    yield
    clock.set_clock(None)


def claimable_donation(who, amount):
    donor = make_donor(who, email=f"{amount}@example.org")
    assert who.post(f"/api/donors/{donor['id']}/declarations", WRITTEN).status == 201
    donation = make_donation(who, donor_id=donor["id"], date="2026-03-12", amount=amount)
    assert donation["gift_aid"]["state"] == "claimable", donation
    return donation


def new_claim(who):
    reply = who.get("/api/gift-aid/claimable")
    assert reply.status == 200, reply
    return reply.json


def excluded_ids(body):
    return sorted(example["id"] for group in body["excluded"] for example in group["examples"])


def test_bulk_exclude_and_include_report_each_id_and_move_the_new_claim_totals(owner, client, aws):
    other = sign_up_charity(client, "Other Trust")
    theirs = make_donation(other, amount="99.00")
    first = claimable_donation(owner, "10.00")
    second = claimable_donation(owner, "20.00")
    kept = claimable_donation(owner, "40.00")
    held = claimable_donation(owner, "30.00")
    configure(owner)
    claim = owner.post("/api/gift-aid/claims", {"donation_ids": [held["id"]]})
    assert claim.status == 202, claim
    drain(aws)
    assert owner.get(f"/api/donations/{held['id']}").json["gift_aid"]["state"] == "in_claim"
    before = new_claim(owner)
    assert before["totals"] == {"count": 3, "donation_total": "70.00", "gift_aid_total": "17.50"}

    sent = [first["id"], "no-such-id", theirs["id"], held["id"], second["id"], first["id"]]
    reply = owner.post("/api/donations/gift-aid/bulk-exclude", {"ids": sent, "reason": "  paid twice  "})

    assert reply.status == 200, reply
    assert reply.json["excluded"] == 2
    assert reply.json["message"] == "2 of 5 donations excluded from the claim."
    assert [(row["id"], row["outcome"]) for row in reply.json["results"]] == [
        (first["id"], "excluded"),
        ("no-such-id", "not_found"),
        (theirs["id"], "not_found"),
        (held["id"], "refused"),
        (second["id"], "excluded"),
    ]
    messages = {row["id"]: row["message"] for row in reply.json["results"]}
    assert messages[first["id"]] is None
    assert messages["no-such-id"] == messages[theirs["id"]] == MISSING
    assert messages[held["id"]] == "This donation is in a Gift Aid claim, so it cannot be excluded."
    # New Claim: the two left the claimable list and totals and are in the excluded group, with
    # the reason; the held one and the other charity's are untouched
    after = new_claim(owner)
    assert after["totals"] == {"count": 1, "donation_total": "40.00", "gift_aid_total": "10.00"}
    assert [row["id"] for row in after["data"]] == [kept["id"]]
    assert excluded_ids(after) == sorted([first["id"], second["id"]])
    assert {ex["reason_text"] for group in after["excluded"] for ex in group["examples"]} == {
        "excluded: paid twice"
    }
    assert owner.get(f"/api/donations/{held['id']}").json["gift_aid"]["state"] == "in_claim"
    assert other.get(f"/api/donations/{theirs['id']}").json["gift_aid"]["state"] != "excluded"
    # each donation audited like the single exclude
    excluded_audit = [e for e in audit.recent(owner.tenant_id) if e.action == "donation.gift_aid_excluded"]
    assert sorted(e.details["donation_id"] for e in excluded_audit) == sorted([first["id"], second["id"]])
    assert {e.details["reason"] for e in excluded_audit} == {"paid twice"}

    # "Add back" one of them (and a missing id): it returns to the claimable list and totals
    back = owner.post("/api/donations/gift-aid/bulk-include", {"ids": [second["id"], "no-such-id"]})
    assert back.status == 200, back
    assert back.json["included"] == 1
    assert back.json["message"] == "1 of 2 donations added back to the claim."
    assert [(row["id"], row["outcome"]) for row in back.json["results"]] == [
        (second["id"], "included"),
        ("no-such-id", "not_found"),
    ]
    again = new_claim(owner)
    assert again["totals"] == {"count": 2, "donation_total": "60.00", "gift_aid_total": "15.00"}
    assert excluded_ids(again) == [first["id"]]
    included_audit = [e for e in audit.recent(owner.tenant_id) if e.action == "donation.gift_aid_included"]
    assert [e.details["donation_id"] for e in included_audit] == [second["id"]]
    # a donation held by a claim is refused by "Add back" too, another charity's is not found
    refused = owner.post("/api/donations/gift-aid/bulk-include", {"ids": [held["id"]]}).json
    assert [row["outcome"] for row in refused["results"]] == ["refused"]
    # ... in add-back words, not the exclude's
    assert refused["results"][0]["message"] == (
        "This donation is in a Gift Aid claim, so it cannot be added back."
    )
    single = owner.post(f"/api/donations/{held['id']}/gift-aid/include")
    assert single.status == 409, single
    assert single.json["message"] == "This donation is in a Gift Aid claim, so it cannot be added back."
    spanish = owner.post(
        "/api/donations/gift-aid/bulk-include", {"ids": [held["id"]]}, headers={"Accept-Language": "es"}
    ).json
    assert spanish["results"][0]["message"] == (
        "Esta donación está en una reclamación de Gift Aid, así que no puede volver a añadirse."
    )
    assert (
        other.post("/api/donations/gift-aid/bulk-include", {"ids": [first["id"]]}).json["results"][0][
            "outcome"
        ]
        == "not_found"
    )
    assert excluded_ids(new_claim(owner)) == [first["id"]]


@pytest.mark.parametrize(
    ("path", "body", "fields"),
    [
        ("bulk-exclude", {"reason": "x"}, {"ids"}),
        ("bulk-exclude", {"ids": [], "reason": "x"}, {"ids"}),
        ("bulk-exclude", {"ids": "abc", "reason": "x"}, {"ids"}),
        ("bulk-exclude", {"ids": [""], "reason": "x"}, {"ids.0"}),
        ("bulk-exclude", {"ids": [1], "reason": "x"}, {"ids.0"}),
        ("bulk-exclude", {"ids": ["x" * 65], "reason": "x"}, {"ids.0"}),
        ("bulk-exclude", {"ids": ["a"] * 201, "reason": "x"}, {"ids"}),
        ("bulk-exclude", {"ids": ["a"]}, {"reason"}),
        ("bulk-exclude", {"ids": ["a"], "reason": ""}, {"reason"}),
        ("bulk-exclude", {"ids": ["a"], "reason": "   "}, {"reason"}),
        ("bulk-exclude", {"ids": ["a"], "reason": "r" * 201}, {"reason"}),
        ("bulk-exclude", {"ids": ["a"], "reason": 5}, {"reason"}),
        ("bulk-exclude", {"ids": ["a"], "reason": "x", "extra": 1}, {"extra"}),
        ("bulk-exclude", {"ids": [], "reason": ""}, {"ids", "reason"}),
        ("bulk-include", {}, {"ids"}),
        ("bulk-include", {"ids": []}, {"ids"}),
        ("bulk-include", {"ids": [None]}, {"ids.0"}),
        ("bulk-include", {"ids": ["a"] * 201}, {"ids"}),
        ("bulk-include", {"ids": ["a"], "reason": "x"}, {"reason"}),
    ],
)
def test_bulk_exclude_and_include_name_the_wrong_fields_without_a_500(owner, path, body, fields):
    reply = owner.post(f"/api/donations/gift-aid/{path}", body)
    assert reply.status == 422, (body, reply)
    assert reply.json["message"], reply
    assert set(reply.json["errors"]) == fields, reply.json


@pytest.mark.parametrize("path", ["bulk-exclude", "bulk-include"])
def test_a_body_that_is_not_an_object_is_refused_without_a_500(owner, path):
    for body in ([1, 2], "ids", None):
        reply = owner.post(f"/api/donations/gift-aid/{path}", body)
        assert reply.status in (400, 422), (body, reply)
        assert reply.json["message"], (body, reply)
