"""GET /api/charities/overview: the platform administrator's dashboard figures (charities, users
signed in within 30 days, Gift Aid claims created this month, unresolved support tickets) and the
charities sharing a name and registration number."""

from __future__ import annotations

import datetime as dt

import pytest

from functions.core import clock
from tests.functional.donations_helpers import make_donor
from tests.functional.giftaid_helpers import configure, put_donations
from tests.functional.helpers import platform_admin, sign_in, sign_up_charity

NOW = dt.datetime(2026, 5, 20, 9, tzinfo=dt.UTC)


@pytest.fixture
def at():
    moments = {"now": NOW}
    clock.set_clock(lambda: moments["now"])
    yield moments
    clock.set_clock(None)


def _overview(admin):
    reply = admin.get("/api/charities/overview")
    assert reply.status == 200, reply
    return reply.json


def test_platform_figures_follow_charities_sign_ins_claims_and_tickets(client, at):
    admin = platform_admin(client)  # signs in: one active user
    assert _overview(admin)["tiles"] == {
        "charities": 0,
        "active_users": 1,
        "claims_this_month": 0,
        "open_tickets": 0,
    }
    hope = sign_up_charity(client, "Hope Trust")
    configure(hope)
    sign_up_charity(client, "Other Trust")
    sign_in(client, hope.email)  # a sign-in of a charity user
    sign_in(client, hope.email)  # twice the same user: still one
    donor = make_donor(hope)
    donations = put_donations(hope.tenant_id, donor["id"], 2)
    assert hope.post("/api/gift-aid/claims", {"donation_ids": donations[:1]}).status == 202
    assert hope.post("/api/gift-aid/claims", {"donation_ids": donations[1:]}).status == 202
    filed = hope.post("/api/feedbacks/store", {"title": "Help", "type": "bug", "description": "d"}).json
    assert (
        hope.post("/api/feedbacks/store", {"title": "Other", "type": "feature", "description": "d"}).status
        == 201
    )
    assert (
        admin.post("/api/feedbacks/status", {"id": filed["data"]["id"], "status": "resolved"}).status == 200
    )
    assert _overview(admin)["tiles"] == {
        "charities": 2,
        "active_users": 2,
        "claims_this_month": 2,
        "open_tickets": 1,
    }
    # a month later (the admin signs in again): no claim this month yet, and the sign-ins of more
    # than 30 days ago no longer count
    at["now"] = NOW + dt.timedelta(days=31)
    admin = sign_in(client, admin.email)
    assert _overview(admin)["tiles"]["claims_this_month"] == 0
    assert _overview(admin)["tiles"]["active_users"] == 1
    sign_in(client, hope.email)
    assert _overview(admin)["tiles"]["active_users"] == 2


def test_charities_with_the_same_name_and_number_are_listed_as_possible_duplicates(client, at):
    admin = platform_admin(client)
    first = sign_up_charity(client, "Hope Trust")
    second = sign_up_charity(client, "Hope  trust")
    third = sign_up_charity(client, "Hope Trust")
    sign_up_charity(client, "Hope Trust")  # no number yet: not compared
    for who, number in ((first, "1234567"), (second, " 1234567 "), (third, "7654321")):
        charity = admin.get(f"/api/charities/{who.tenant_id}").json
        changed = admin.put(
            f"/api/charities/{who.tenant_id}",
            {
                "name": charity["name"],
                "registration_number": number,
                "phone": charity["phone"],
                "country": charity["country"],
                "disabled": False,
                "version": charity["version"],
            },
        )
        assert changed.status == 200, changed
    duplicates = _overview(admin)["duplicates"]
    assert len(duplicates) == 1
    assert duplicates[0]["registration_number"] == "1234567"
    assert sorted(c["id"] for c in duplicates[0]["charities"]) == sorted([first.tenant_id, second.tenant_id])


def test_only_platform_administrators_read_the_overview(client):
    owner = sign_up_charity(client, "Hope Trust")
    assert owner.get("/api/charities/overview").status == 403


def test_a_new_claim_counts_in_claims_this_month(client, at):
    admin = platform_admin(client)
    hope = sign_up_charity(client, "Hope Trust")
    configure(hope)
    donations = put_donations(hope.tenant_id, make_donor(hope)["id"], 1)
    assert _overview(admin)["tiles"]["claims_this_month"] == 0
    assert hope.post("/api/gift-aid/claims", {"donation_ids": donations}).status == 202
    assert _overview(admin)["tiles"]["claims_this_month"] == 1
