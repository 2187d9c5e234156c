"""The dashboard: tiles and series from the aggregates kept by the donation transactions."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from chalice.test import Client

from app import app
from functions.core import clock
from tests.functional.donations_helpers import make_donation, make_donor, make_type
from tests.functional.helpers import sign_up_charity


@pytest.fixture
def client(aws):
    clock.set_clock(lambda: dt.datetime(2026, 4, 20, 9, tzinfo=dt.UTC))
    with Client(app) as test_client:
        yield test_client
    clock.set_clock(None)


def test_tiles_and_series_follow_donations(client):
    owner = sign_up_charity(client, "Hope Trust")
    donor = make_donor(owner)
    appeal = make_type(owner, "Appeal")
    make_donation(owner, donor_id=donor["id"], amount="10.00", date="2026-04-06", type_id=appeal["id"])
    make_donation(
        owner, amount="30.00", date="2026-04-05", payment_method="card"
    )  # last tax year, this month
    make_donation(owner, amount="5.00", date="2025-06-01", payment_method="cash")
    make_donation(owner, amount="99.00", date="2026-04-10", status="cancelled")
    refunded = make_donation(owner, amount="20.00", date="2026-04-07", payment_method="card")
    edited = owner.put(
        f"/api/donations/{refunded['id']}",
        {
            "amount": "20.00",
            "date": "2026-04-07",
            "payment_method": "card",
            "status": "refunded",
            "refunded_at": "2026-04-08",
            "version": refunded["version"],
        },
    )
    assert edited.status == 200
    board = owner.get("/api/dashboard").json
    assert board["tiles"] == {
        "donations_this_month": {"count": 2, "total": "40.00"},
        "donations_this_tax_year": {"count": 1, "total": "10.00", "tax_year": "2026-27"},
        "donors": 1,
        "average_gift": "10.00",
        "unclaimed_gift_aid": {"count": 0, "donation_total": "0.00", "gift_aid": "0.00", "complete": True},
    }
    months = board["series"]["per_month"]
    assert [m["month"] for m in months][0] == "2025-05" and months[-1]["month"] == "2026-04"
    assert {m["month"]: m["total"] for m in months}["2025-06"] == "5.00"
    assert board["series"]["by_type"] == [
        {"type_id": appeal["id"], "name": "Appeal", "count": 1, "total": "10.00"}
    ]
    methods = {m["method"]: m["total"] for m in board["series"]["by_method"]}
    assert methods == {"card": "30.00", "cash": "15.00"}


def test_unclaimed_gift_aid_tile_sums_the_claimable_donations(client):
    # GIVEN a donor with a Gift Aid declaration and three donations, one of them refunded
    owner = sign_up_charity(client, "Hope Trust")
    donor = make_donor(owner)
    declared = owner.post(
        f"/api/donors/{donor['id']}/declarations",
        {
            "method": "written",
            "scope": ["future", "past_4_years"],
            "date_given": "2026-04-01",
            "statement_version": "v1",
        },
    )
    assert declared.status == 201, declared
    make_donation(owner, donor_id=donor["id"], amount="10.00", date="2026-04-06")
    make_donation(owner, donor_id=donor["id"], amount="30.50", date="2025-11-01")
    make_donation(
        owner,
        donor_id=donor["id"],
        amount="50.00",
        date="2026-04-02",
        status="refunded",
        refunded_at="2026-04-03",
    )
    make_donation(owner, amount="99.00", date="2026-04-10")  # anonymous: not claimable
    # THEN the tile shows the two claimable ones and their Gift Aid (25p per £1)
    tile = owner.get("/api/dashboard").json["tiles"]["unclaimed_gift_aid"]
    assert tile == {"count": 2, "donation_total": "40.50", "gift_aid": "10.13", "complete": True}


def test_the_claimable_summary_stops_at_its_page_budget_and_says_so(client):
    from functions.giftaid import summary

    owner = sign_up_charity(client, "Hope Trust")
    donor = make_donor(owner)
    owner.post(
        f"/api/donors/{donor['id']}/declarations",
        {"method": "written", "scope": ["future"], "date_given": "2026-04-01", "statement_version": "v1"},
    )
    for day in ("2026-04-06", "2026-04-07", "2026-04-08"):
        make_donation(owner, donor_id=donor["id"], amount="10.00", date=day)
    # one donation per page: two pages read and one left → a lower bound, marked incomplete
    short = summary.state_summary(owner.tenant_id, "claimable", max_pages=2, page_size=1)
    assert (short.count, short.donation_total, short.gift_aid_total, short.complete) == (
        2,
        Decimal("20.00"),
        Decimal("5.00"),
        False,
    )
    whole = summary.state_summary(owner.tenant_id, "claimable", max_pages=3, page_size=1)
    assert (whole.count, whole.complete) == (3, True)


def _steps(who) -> dict[str, bool]:
    setup = who.get("/api/dashboard").json["setup"]
    return {step["key"]: step["done"] for step in setup["steps"]} | {"complete": setup["complete"]}


def test_the_first_run_checklist_ticks_each_step_from_the_charitys_data(client):
    from tests.functional.giftaid_helpers import configure, put_donations

    owner = sign_up_charity(client, "New Start Trust")
    assert _steps(owner) == {
        "charity": False,
        "official": False,
        "donors": False,
        "declaration": False,
        "claim": False,
        "complete": False,
    }
    charity = owner.get("/api/settings/charity").json
    address = {"address_line1": "1 High Street", "town": "Leeds", "postcode": "ls11ab", "country": "GB"}
    body = {k: charity[k] for k in ("name", "regulator", "registration_number", "entity_type", "year_end")}
    assert owner.put("/api/settings/charity", {**body, "address": address}).status == 200
    configure(owner)
    donor = make_donor(owner)
    declared = owner.post(
        f"/api/donors/{donor['id']}/declarations",
        {
            "method": "written",
            "scope": ["future", "past_4_years"],
            "date_given": "2026-04-01",
            "statement_version": "v1",
        },
    )
    assert declared.status == 201, declared
    assert _steps(owner) == {
        "charity": True,
        "official": True,
        "donors": True,
        "declaration": True,
        "claim": False,
        "complete": False,
    }
    put_donations(owner.tenant_id, donor["id"], 1)
    assert owner.post("/api/gift-aid/claims", {"all": True}).status in (200, 201, 202)
    assert _steps(owner)["complete"] is True


def test_the_checklist_says_which_steps_the_user_may_act_on(client):
    from tests.functional.helpers import add_user

    owner = sign_up_charity(client, "Small Steps")
    staff = add_user(client, owner.tenant_id, "staff")
    allowed = {step["key"]: step["allowed"] for step in staff.get("/api/dashboard").json["setup"]["steps"]}
    permissions = set(staff.get("/api/settings/role_permissions").json["permissions"])
    assert allowed["charity"] is ("manage-users" in permissions)
    assert allowed["claim"] is ("manage-unclaimed" in permissions)
    assert all(step["allowed"] for step in owner.get("/api/dashboard").json["setup"]["steps"])
