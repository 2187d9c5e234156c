"""The dashboard: tiles and series from the aggregates kept by the donation transactions."""

from __future__ import annotations

import datetime as dt

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
        "unclaimed_gift_aid": None,
    }
    months = board["series"]["per_month"]
    assert [m["month"] for m in months][0] == "2025-05" and months[-1]["month"] == "2026-04"
    assert {m["month"]: m["total"] for m in months}["2025-06"] == "5.00"
    assert board["series"]["by_type"] == [
        {"type_id": appeal["id"], "name": "Appeal", "count": 1, "total": "10.00"}
    ]
    methods = {m["method"]: m["total"] for m in board["series"]["by_method"]}
    assert methods == {"card": "30.00", "cash": "15.00"}
