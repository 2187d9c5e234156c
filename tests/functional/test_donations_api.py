"""Donations: validation, totals and counters kept in the same transaction, external reference
uniqueness, refunds, the list's filters and sorts, totals of a filtered set, types and locations."""

from __future__ import annotations

import datetime as dt

import pytest

from functions.core import clock
from functions.core.counters import read as read_counters
from tests.functional.donations_helpers import make_donation, make_donor, make_location, make_type


def _totals(owner, donor_id):
    return owner.get(f"/api/donors/{donor_id}").json["totals"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"amount": "0"}, "amount"),
        ({"amount": "-5"}, "amount"),
        ({"amount": "12.505"}, "amount"),
        ({"amount": 12.5}, "amount"),
        ({"amount": "1000000.01"}, "amount"),
        ({"amount": "ten"}, "amount"),
        ({"date": "2099-01-01"}, "date"),
        ({"date": "01/02/2026"}, "date"),
        ({"payment_method": "gold bars"}, "payment_method"),
        ({"status": "lost"}, "status"),
        ({"status": "refunded"}, "refunded_at"),
        ({"status": "refunded", "refunded_at": "2026-04-01"}, "refunded_at"),
        ({"benefit_value": "-1"}, "benefit_value"),
        ({"colour": "red"}, "colour"),
        ({"donor_id": "missing"}, "donor_id"),
        ({"type_id": "missing"}, "type_id"),
        ({"location_id": "missing"}, "location_id"),
    ],
)
def test_donation_fields_are_validated_by_name(owner, body, field):
    reply = owner.post("/api/donations", {"amount": "10.00", "date": "2026-05-01", **body})
    assert reply.status == 422, reply
    assert field in reply.json["errors"], reply.json


def test_totals_and_counters_follow_create_edit_refund_and_delete(owner):
    # GIVEN a donor, a type and a location
    donor = make_donor(owner)
    kind, place = make_type(owner), make_location(owner)
    # WHEN a donation is recorded this tax year and another last tax year
    gift = make_donation(
        owner,
        donor_id=donor["id"],
        amount="12.50",
        date="2026-04-06",
        type_id=kind["id"],
        location_id=place["id"],
    )
    make_donation(owner, donor_id=donor["id"], amount="7.50", date="2026-04-05")
    # THEN the donor's totals (all time, this tax year) and the charity's counters moved with them
    assert _totals(owner, donor["id"]) == {
        "all_time": "20.00",
        "donations_count": 2,
        "tax_year": "12.50",
        "tax_year_label": "2026-27",
    }
    counters = read_counters(owner.tenant_id)
    assert (counters.donations, counters.donations_total) == (2, 20)
    assert owner.get(f"/api/donation-types/{kind['id']}").json["usage"] == 1
    # WHEN the gift is edited to a larger amount and then refunded
    edited = owner.put(
        f"/api/donations/{gift['id']}",
        {
            "amount": "30.00",
            "date": "2026-04-06",
            "donor_id": donor["id"],
            "version": gift["version"],
            "payment_method": "card",
        },
    )
    assert edited.status == 200, edited
    assert owner.get(f"/api/donation-types/{kind['id']}").json["usage"] == 0
    assert _totals(owner, donor["id"])["all_time"] == "37.50"
    refunded = owner.put(
        f"/api/donations/{gift['id']}",
        {
            "amount": "30.00",
            "date": "2026-04-06",
            "donor_id": donor["id"],
            "status": "refunded",
            "refunded_at": "2026-05-01",
            "version": edited.json["version"],
        },
    )
    assert refunded.status == 200 and refunded.json["status"] == "refunded"
    assert _totals(owner, donor["id"]) == {
        "all_time": "7.50",
        "donations_count": 2,
        "tax_year": "0.00",
        "tax_year_label": "2026-27",
    }
    counters = read_counters(owner.tenant_id)
    assert (counters.donations, counters.donations_total) == (2, 7.5)
    # WHEN it is deleted
    assert owner.delete(f"/api/donations/{gift['id']}").status == 200
    assert _totals(owner, donor["id"])["donations_count"] == 1
    assert read_counters(owner.tenant_id).donations == 1
    assert owner.get(f"/api/donations/{gift['id']}").status == 404


def test_moving_a_donation_to_another_donor_moves_the_totals(owner):
    first, second = make_donor(owner), make_donor(owner, first_name="Sam")
    gift = make_donation(owner, donor_id=first["id"], amount="40.00")
    moved = owner.put(
        f"/api/donations/{gift['id']}",
        {"amount": "40.00", "date": "2026-05-01", "donor_id": second["id"], "version": gift["version"]},
    )
    assert moved.status == 200 and moved.json["donor_name"] == "Mrs Sam Smith"
    assert _totals(owner, first["id"])["all_time"] == "0.00"
    assert _totals(owner, second["id"])["all_time"] == "40.00"
    assert [d["id"] for d in owner.get(f"/api/donors/{second['id']}/donations").json["data"]] == [gift["id"]]
    assert owner.get(f"/api/donors/{first['id']}/donations").json["data"] == []


def test_a_stale_donation_edit_gets_409(owner):
    gift = make_donation(owner)
    body = {"amount": "11.00", "date": "2026-05-01", "version": gift["version"]}
    assert owner.put(f"/api/donations/{gift['id']}", body).status == 200
    stale = owner.put(f"/api/donations/{gift['id']}", {**body, "amount": "99.00"})
    assert stale.status == 409 and "Someone else changed this donation" in stale.json["message"]
    assert owner.get(f"/api/donations/{gift['id']}").json["amount"] == "11.00"


def test_an_external_reference_is_unique_within_its_source(owner):
    make_donation(owner, source="JustGiving", external_ref="JG-1")
    clash = owner.post(
        "/api/donations",
        {"amount": "5.00", "date": "2026-05-01", "source": "JustGiving", "external_ref": "JG-1"},
    )
    assert clash.status == 409 and "JG-1" in clash.json["message"]
    make_donation(owner, source="PayPal", external_ref="JG-1")  # another source may reuse it
    assert read_counters(owner.tenant_id).donations == 2  # the refused one left no trace


def test_a_type_or_location_in_use_cannot_be_deleted(owner):
    kind, place = make_type(owner, "Appeal"), make_location(owner, "Church")
    gift = make_donation(owner, type_id=kind["id"], location_id=place["id"])
    refused = owner.delete(f"/api/donation-types/{kind['id']}")
    assert refused.status == 409 and "used by 1 donation(s)" in refused.json["message"]
    assert owner.delete(f"/api/locations/{place['id']}").status == 409
    assert owner.delete(f"/api/donations/{gift['id']}").status == 200
    assert owner.delete(f"/api/donation-types/{kind['id']}").status == 200
    assert owner.delete(f"/api/locations/{place['id']}").status == 200
    assert owner.get("/api/donation-types").json["data"] == []


def test_types_and_locations_crud_with_versions(owner):
    kind = make_type(owner, "Appeal")
    renamed = owner.put(
        f"/api/donation-types/{kind['id']}", {"name": "Spring appeal", "version": kind["version"]}
    )
    assert renamed.status == 200 and renamed.json["name"] == "Spring appeal"
    assert (
        owner.put(f"/api/donation-types/{kind['id']}", {"name": "X", "version": kind["version"]}).status
        == 409
    )
    assert owner.post("/api/locations", {"name": ""}).json["errors"]["name"]
    assert [row["name"] for row in owner.get("/api/donation-types").json["data"]] == ["Spring appeal"]


def test_the_list_filters_sorts_and_totals(owner):
    donor = make_donor(owner)
    make_donation(owner, amount="5.00", date="2026-01-10", payment_method="cash")
    make_donation(owner, amount="50.00", date="2026-02-10", payment_method="card", donor_id=donor["id"])
    make_donation(owner, amount="20.00", date="2026-03-10", payment_method="cash", status="cancelled")
    make_donation(owner, amount="9.99", date="2026-04-10", payment_method="cheque")
    listed = owner.get("/api/donations").json
    assert [row["date"] for row in listed["data"]] == ["2026-04-10", "2026-03-10", "2026-02-10", "2026-01-10"]
    assert listed["meta"]["total"] == 4
    by_amount = owner.get("/api/donations?sortBy=amount&sortDesc=true").json["data"]
    assert [row["amount"] for row in by_amount] == ["50.00", "20.00", "9.99", "5.00"]
    ranged = owner.get('/api/donations?filters={"date_from":"2026-02-01","date_to":"2026-03-31"}').json[
        "data"
    ]
    assert [row["amount"] for row in ranged] == ["20.00", "50.00"]
    cash = owner.get('/api/donations?filters={"payment_method":"cash","date_from":"2026-01-01"}').json["data"]
    assert [row["amount"] for row in cash] == ["20.00", "5.00"]
    amounts = owner.get(
        '/api/donations?sortBy=amount&sortDesc=false&filters={"amount_min":"9","amount_max":"20"}'
    )
    assert [row["amount"] for row in amounts.json["data"]] == ["9.99", "20.00"]
    mine = owner.get(f'/api/donations?filters={{"donor_id":"{donor["id"]}"}}').json["data"]
    assert [row["amount"] for row in mine] == ["50.00"]
    assert owner.get('/api/donations/totals?filters={"payment_method":"cash"}').json == {
        "count": 2,
        "sum": "5.00",
        "complete": True,
    }
    assert owner.get("/api/donations/totals").json == {"count": 4, "sum": "64.99", "complete": True}
    bad = owner.get('/api/donations?filters={"date_from":"2026-03-01","date_to":"2026-01-01"}')
    assert bad.status == 422 and "date_to" in bad.json["errors"]
    assert owner.get('/api/donations?filters={"status":"lost"}').status == 422


def test_filtered_pages_continue_with_a_cursor(owner):
    for day in range(1, 26):
        make_donation(
            owner, amount="1.00", date=f"2026-03-{day:02d}", payment_method="cash" if day % 2 else "card"
        )
    first = owner.get('/api/donations?filters={"payment_method":"cash"}&length=20').json
    assert len(first["data"]) == 13 and first["meta"]["next_cursor"] is None
    page = owner.get("/api/donations?length=20").json
    rest = owner.get(f"/api/donations?length=20&cursor={page['meta']['next_cursor']}").json
    assert len(page["data"]) == 20 and len(rest["data"]) == 5


def test_a_forged_cursor_cannot_reach_another_partition(owner):
    from functions.core.pagination import encode_cursor

    forged = encode_cursor(
        {
            "PK": {"S": "x"},
            "SK": {"S": "y"},
            "GSI1PK": {"S": "TENANT#other#DONATIONS#DATE"},
            "GSI1SK": {"S": "2026"},
        }
    )
    assert owner.get(f"/api/donations?cursor={forged}").status == 422


def test_the_date_cannot_be_in_the_future_by_the_charitys_clock(owner):
    clock.set_clock(lambda: dt.datetime(2026, 6, 1, 12, tzinfo=dt.UTC))
    try:
        assert owner.post("/api/donations", {"amount": "1.00", "date": "2026-06-02"}).status == 422
        assert owner.post("/api/donations", {"amount": "1.00", "date": "2026-06-01"}).status == 201
    finally:
        clock.set_clock(None)
