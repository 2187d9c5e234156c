"""Donors: create with HMRC warnings, read with totals, edit under optimistic locking, delete only
without donations, list with sorts and filters, search."""

from __future__ import annotations

import pytest

from functions.donors.search import search_donors
from tests.functional.donations_helpers import PERSON, make_donation, make_donor


def test_a_donor_is_created_normalised_and_warned_about_hmrc_limits(owner):
    # GIVEN a donor whose title and house HMRC would reject, with a lower-case postcode
    long_house = "The Old Rectory at the Top of the Very Long Hill Road"
    donor = make_donor(owner, title="Professor", house=long_house, first_name="A" * 36)
    # THEN the postcode is normalised, the details are saved, and each limit is a warning
    assert donor["postcode"] == "BA1 1AA"
    assert donor["house"] == long_house
    assert set(donor["warnings"]) == {"title", "house", "first_name"}
    assert "HMRC" in donor["warnings"]["title"]
    assert donor["totals"] == {
        "all_time": "0.00",
        "donations_count": 0,
        "tax_year": "0.00",
        "tax_year_label": "2026-27",
    }
    assert owner.get(f"/api/donors/{donor['id']}").json["name"].startswith("Professor")


def test_a_bad_uk_postcode_is_kept_and_warned_but_foreign_ones_are_left_alone(owner):
    bad = make_donor(owner, postcode="ba1")
    assert bad["postcode"] == "BA1" and "postcode" in bad["warnings"]
    abroad = make_donor(owner, country="FR", postcode="75001")
    assert abroad["postcode"] == "75001" and "postcode" not in abroad["warnings"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"email": "not-an-email"}, "email"),
        ({"country": "XX"}, "country"),
        ({"type": "company"}, "type"),
        ({"phone": "call me"}, "phone"),
        ({"first_name": None, "last_name": None}, "last_name"),
        ({"type": "organisation", "company_name": None}, "company_name"),
        ({"favourite_colour": "blue"}, "favourite_colour"),
        ({"consents": {"email": {"granted": "maybe"}}}, "consents.email.granted"),
        ({"tags": "vip"}, "tags"),
    ],
)
def test_donor_fields_are_validated_by_name(owner, body, field):
    reply = owner.post("/api/donors", {**PERSON, **body})
    assert reply.status == 422, reply
    assert field in reply.json["errors"], reply.json


def test_an_edit_with_a_stale_version_gets_409_and_changes_nothing(owner):
    donor = make_donor(owner)
    first = owner.put(
        f"/api/donors/{donor['id']}", {**PERSON, "last_name": "Jones", "version": donor["version"]}
    )
    assert first.status == 200 and first.json["last_name"] == "Jones"
    assert first.json["version"] == donor["version"] + 1
    stale = owner.put(
        f"/api/donors/{donor['id']}", {**PERSON, "last_name": "Brown", "version": donor["version"]}
    )
    assert stale.status == 409
    assert "Someone else changed this donor" in stale.json["message"]
    assert owner.get(f"/api/donors/{donor['id']}").json["last_name"] == "Jones"


def test_a_donation_does_not_make_an_open_edit_form_stale(owner):
    donor = make_donor(owner)
    make_donation(owner, donor_id=donor["id"], amount="5.00")
    edited = owner.put(f"/api/donors/{donor['id']}", {**PERSON, "notes": "kind", "version": donor["version"]})
    assert edited.status == 200 and edited.json["totals"]["all_time"] == "5.00"


def test_a_donor_with_donations_cannot_be_deleted(owner):
    donor = make_donor(owner)
    donation = make_donation(owner, donor_id=donor["id"])
    refused = owner.delete(f"/api/donors/{donor['id']}")
    assert refused.status == 409 and "1 donation(s)" in refused.json["message"]
    assert owner.delete(f"/api/donations/{donation['id']}").status == 200
    assert owner.delete(f"/api/donors/{donor['id']}").status == 200
    assert owner.get(f"/api/donors/{donor['id']}").status == 404
    assert search_donors(owner.tenant_id, "smith") == []


def test_the_list_sorts_filters_and_pages_with_cursors(owner):
    make_donor(owner, first_name="Ann", last_name="Zeta", email=None, tags=["vip"])
    make_donor(owner, first_name="Bob", last_name="Alpha", postcode="SW1A 1AA")
    org = make_donor(owner, type="organisation", company_name="Acme Ltd", first_name=None, last_name=None)
    big = make_donor(owner, first_name="Cat", last_name="Moss")
    make_donation(owner, donor_id=big["id"], amount="100.00")
    by_name = owner.get("/api/donors?sortBy=name&sortDesc=false").json
    assert [row["name"] for row in by_name["data"]] == [
        "Acme Ltd",
        "Mrs Bob Alpha",
        "Mrs Cat Moss",
        "Mrs Ann Zeta",
    ]
    assert by_name["meta"]["total"] == 4
    by_total = owner.get("/api/donors?sortBy=total_given&sortDesc=true").json["data"]
    assert by_total[0]["id"] == big["id"] and by_total[0]["totals"]["all_time"] == "100.00"
    newest = owner.get("/api/donors").json["data"]
    assert newest[0]["id"] == big["id"]
    assert [d["id"] for d in owner.get('/api/donors?filters={"type":"organisation"}').json["data"]] == [
        org["id"]
    ]
    assert [d["last_name"] for d in owner.get('/api/donors?filters={"postcode":"sw1a"}').json["data"]] == [
        "Alpha"
    ]
    assert [d["last_name"] for d in owner.get('/api/donors?filters={"tag":"vip"}').json["data"]] == ["Zeta"]
    assert [d["last_name"] for d in owner.get('/api/donors?filters={"has_email":false}').json["data"]] == [
        "Zeta"
    ]
    first = owner.get("/api/donors?length=20&sortBy=name&sortDesc=false").json
    assert first["meta"]["next_cursor"] is None
    searched = owner.get("/api/donors?search=alp").json["data"]
    assert [d["last_name"] for d in searched] == ["Alpha"]
    assert owner.get('/api/donors?filters={"type":"robot"}').status == 422
    assert owner.get("/api/donors?sortBy=shoe_size").status == 422


def test_cursor_pages_walk_the_whole_list(owner):
    for number in range(25):
        make_donor(owner, first_name=f"P{number:02d}", email=None)
    first = owner.get("/api/donors?sortBy=name&sortDesc=false&length=20").json
    second = owner.get(
        f"/api/donors?sortBy=name&sortDesc=false&length=20&cursor={first['meta']['next_cursor']}"
    ).json
    names = [row["first_name"] for row in first["data"] + second["data"]]
    assert names == sorted(names) and len(set(names)) == 25
    assert second["meta"]["next_cursor"] is None


def test_search_finds_donors_by_every_token_kind(owner):
    donor = make_donor(
        owner,
        first_name="Zoë",
        last_name="O'Brien",
        email="zobrien@mail.example",
        phone="+44 1632 960002",
        postcode="BA2 3BB",
    )
    for keyword in ("zoe", "obri", "zobrien@", "01632 96", "ba23", "Brien"):
        found = search_donors(owner.tenant_id, keyword)
        assert found == [{"type": "donor", "title": "Mrs Zoë O'Brien", "url": f"/donors/{donor['id']}"}], (
            keyword
        )
    renamed = owner.put(
        f"/api/donors/{donor['id']}",
        {**PERSON, "first_name": "Zed", "last_name": "Quill", "version": donor["version"]},
    )
    assert renamed.status == 200
    assert search_donors(owner.tenant_id, "obrien") == []
    assert search_donors(owner.tenant_id, "quill")[0]["title"] == "Mrs Zed Quill"
