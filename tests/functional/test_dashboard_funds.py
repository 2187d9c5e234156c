"""The dashboard's fund tiles (issue 15 §8): the largest active funds by balance with this
financial year's income and Gift Aid and goal progress, inside the one dashboard request; users
without manage-fund-distributions get no fund data."""

from __future__ import annotations

import datetime as dt

import pytest
from chalice.test import Client

from app import app
from functions.core import clock
from functions.domain.funds import DEFAULT_FUND_ID, Movement
from functions.donors.transaction import Transaction
from functions.funds import ledger
from tests.functional.donations_helpers import make_donation
from tests.functional.helpers import add_user, sign_up_charity
from tests.functional.test_funds import make_fund


@pytest.fixture
def client(aws):
    clock.set_clock(lambda: dt.datetime(2026, 11, 20, 9, tzinfo=dt.UTC))
    with Client(app) as test_client:
        yield test_client
    clock.set_clock(None)


def test_the_dashboard_shows_the_six_largest_active_funds_with_this_years_income(client):
    owner = sign_up_charity(client, "Hope Trust")
    roof = make_fund(owner, "Roof", fund_class="restricted", goal="200.00")
    # last financial year (to 31 March 2026) and this one (from April 2026)
    make_donation(
        owner, amount="30.00", date="2026-02-01", allocations=[{"fund_id": roof["id"], "amount": "30.00"}]
    )
    make_donation(
        owner, amount="20.00", date="2026-05-01", allocations=[{"fund_id": roof["id"], "amount": "20.00"}]
    )
    transaction = Transaction()
    ledger.add_movements(
        transaction,
        owner.tenant_id,
        [Movement(roof["id"], "2026-06-01", "gift_aid", 500)],
        source_type="test",
        source_id="t",
        user_id=owner.user_id,
    )
    transaction.commit()
    for number in range(6):
        fund = make_fund(owner, f"Small {number}")
        make_donation(
            owner, amount="1.00", date="2026-05-01", allocations=[{"fund_id": fund["id"], "amount": "1.00"}]
        )
    old = make_fund(owner, "Old")
    make_donation(
        owner, amount="99.00", date="2026-05-01", allocations=[{"fund_id": old["id"], "amount": "99.00"}]
    )
    assert owner.post(f"/api/funds/{old['id']}/archive").status == 200
    # WHEN the owner opens the dashboard
    funds = owner.get("/api/dashboard").json["funds"]
    # THEN the largest active funds come first (the archived one is left out), six at most
    tiles = funds["tiles"]
    assert [tile["name"] for tile in tiles] == ["Roof", "Small 0", "Small 1", "Small 2", "Small 3", "Small 4"]
    assert funds["active_count"] == 8 and funds["year"]["start"] == "2026-04-01"
    assert tiles[0] == {
        "id": roof["id"],
        "name": "Roof",
        "fund_class": "restricted",
        "restricted": True,
        "balance": "55.00",
        "year_income": "20.00",
        "year_gift_aid": "5.00",
        "goal": "200.00",
        "goal_percent": 27,
    }
    assert tiles[1]["goal"] is None and tiles[1]["goal_percent"] is None
    assert DEFAULT_FUND_ID not in [tile["id"] for tile in tiles]  # General holds £0 here


def test_users_without_the_permission_get_no_fund_data(client):
    owner = sign_up_charity(client, "Hope Trust")
    make_fund(owner, "Roof", fund_class="restricted")
    staff = add_user(client, owner.tenant_id, "staff")
    reply = staff.get("/api/dashboard")
    assert reply.status == 200 and "funds" not in reply.json
    assert "Roof" not in reply.text and "General" not in reply.text
    assert "funds" in owner.get("/api/dashboard").json
