"""Permissions and the cross-tenant sweep of the donors, donations and dashboard routes: a user
of charity A gets 404 for every id of charity B, sees none of B's data in lists or search, and B
is unchanged; a role without the permission gets 403."""

from __future__ import annotations

import json

import pytest

from functions.core.identity import Role
from functions.donors.search import search_donors
from tests.functional.donations_helpers import PERSON, make_donation, make_donor, make_location, make_type
from tests.functional.helpers import add_user, sign_up_charity


def _charity_with_everything(client, name):
    owner = sign_up_charity(client, name)
    donor = make_donor(owner, last_name=f"{name.split()[0]}son")
    other = make_donor(owner, last_name=f"{name.split()[0]}sen", email="x@example.org")
    kind, place = make_type(owner), make_location(owner)
    donation = make_donation(owner, donor_id=donor["id"], type_id=kind["id"], location_id=place["id"])
    merge = owner.post("/api/donors/merge", {"survivor_id": donor["id"], "merged_id": other["id"]}).json[
        "merge"
    ]
    return owner, {
        "donor": donor["id"],
        "donation": donation["id"],
        "type": kind["id"],
        "location": place["id"],
        "merge": merge["id"],
    }


def test_charity_a_cannot_reach_any_object_of_charity_b(client):
    a, _ = _charity_with_everything(client, "Alpha Trust")
    b, ids = _charity_with_everything(client, "Beta Trust")
    before = b.get(f"/api/donors/{ids['donor']}").json
    calls = [
        ("GET", f"/api/donors/{ids['donor']}", None),
        ("PUT", f"/api/donors/{ids['donor']}", {**PERSON, "version": 1}),
        ("DELETE", f"/api/donors/{ids['donor']}", None),
        ("GET", f"/api/donors/{ids['donor']}/donations", None),
        ("GET", f"/api/donations/{ids['donation']}", None),
        ("PUT", f"/api/donations/{ids['donation']}", {"amount": "1.00", "date": "2026-05-01", "version": 1}),
        ("DELETE", f"/api/donations/{ids['donation']}", None),
        ("GET", f"/api/donation-types/{ids['type']}", None),
        ("PUT", f"/api/donation-types/{ids['type']}", {"name": "x", "version": 1}),
        ("DELETE", f"/api/donation-types/{ids['type']}", None),
        ("GET", f"/api/locations/{ids['location']}", None),
        ("PUT", f"/api/locations/{ids['location']}", {"name": "x", "version": 1}),
        ("DELETE", f"/api/locations/{ids['location']}", None),
        ("POST", f"/api/donors/merges/{ids['merge']}/undo", None),
        ("POST", "/api/donors/merge", {"survivor_id": ids["donor"], "merged_id": ids["donor"] + "0"}),
    ]
    for method, path, body in calls:
        reply = a.browser.request(method, path, body)
        assert reply.status == 404, (method, path, reply)
    # A's body references to B's ids are unknown too
    for body, field in (
        ({"donor_id": ids["donor"]}, "donor_id"),
        ({"type_id": ids["type"]}, "type_id"),
        ({"location_id": ids["location"]}, "location_id"),
    ):
        reply = a.post("/api/donations", {"amount": "1.00", "date": "2026-05-01", **body})
        assert reply.status == 422 and field in reply.json["errors"]
    quick = a.post(
        "/api/donations/quick", {"rows": [{"amount": "1.00", "date": "2026-05-01", "donor_id": ids["donor"]}]}
    )
    assert quick.status == 422
    # and nothing of B shows in A's lists or search
    listings = [
        "/api/donors",
        "/api/donations",
        "/api/donation-types",
        "/api/locations",
        "/api/donors/merges",
        "/api/donors/duplicates",
        f"/api/donations?filters={json.dumps({'donor_id': ids['donor']})}",
        "/api/donors?search=beta",
    ]
    for path in listings:
        text = a.get(path).text
        assert all(value not in text for value in ids.values()), path
        assert "Betason" not in text
    assert search_donors(a.tenant_id, "betason") == []
    assert b.get(f"/api/donors/{ids['donor']}").json == before


@pytest.mark.parametrize(
    ("method", "path", "permission"),
    [
        ("GET", "/api/donors", "manage-donors"),
        ("POST", "/api/donors", "manage-donors"),
        ("GET", "/api/donors/duplicates", "manage-donors"),
        ("POST", "/api/donors/merge", "manage-donors"),
        ("GET", "/api/donors/merges", "manage-donors"),
        ("GET", "/api/donations", "manage-donations"),
        ("POST", "/api/donations", "manage-donations"),
        ("GET", "/api/donations/totals", "manage-donations"),
        ("POST", "/api/donations/quick", "manage-donations"),
        ("GET", "/api/donation-types", "manage-donation-types"),
        ("POST", "/api/locations", "manage-donation-types"),
        ("GET", "/api/dashboard", "view-dashboard"),
    ],
)
def test_a_role_without_the_permission_gets_403(client, method, path, permission):
    owner = sign_up_charity(client, "Gamma Trust")
    from functions.core.permissions import CHARITY_PERMISSIONS

    Role(
        *Role.key(owner.tenant_id, "limited"),
        role_id="limited",
        tenant_id=owner.tenant_id,
        name="limited",
        permissions=[p for p in CHARITY_PERMISSIONS if p != permission],
    ).save()
    limited = add_user(client, owner.tenant_id, "limited")
    assert limited.browser.request(method, path, {} if method == "POST" else None).status == 403
    assert limited.get("/api/user").status == 200


def test_signed_out_calls_get_401(client):
    from tests.functional.browser import Browser

    anonymous = Browser(client)
    for path in ("/api/donors", "/api/donations", "/api/dashboard", "/api/donation-types"):
        assert anonymous.get(path).status == 401
