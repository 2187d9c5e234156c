"""Settings of the charity: options (currency), charity information, authorised official."""

from __future__ import annotations

from tests.functional.helpers import add_user, platform_admin, sign_up_charity

CHARITY = {
    "name": "Hope Trust",
    "registration_number": "1234567",
    "regulator": "CCEW",
    "entity_type": "cio",
    "year_end": "12-31",
    "address": {
        "house": "1",
        "address_line1": "High Street",
        "town": "Leeds",
        "postcode": "ls11ab",
        "country": "GB",
    },
    "phone": "0113 496 0000",
    "email": "info@hope.example",
    "website": "https://hope.example",
}


def test_currency_is_pounds_only(client):
    owner = sign_up_charity(client)
    assert owner.get("/api/settings/options/all?key=currency").json == {
        "key": "currency",
        "value": "GBP",
        "symbol": "£",
    }
    assert owner.put("/api/settings/options", {"key": "currency", "value": "gbp"}).json["value"] == "GBP"
    euro = owner.put("/api/settings/options", {"key": "currency", "value": "EUR"})
    assert euro.status == 422 and euro.json["errors"]["value"] == ["Only GBP (£) is supported."]
    assert owner.get("/api/settings/options/all?key=colour").status == 422
    staff = add_user(client, owner.tenant_id, "staff")
    assert staff.get("/api/settings/options/all?key=currency").status == 200
    assert staff.put("/api/settings/options", {"key": "currency", "value": "GBP"}).status == 403


def test_charity_information_round_trip_with_a_normalised_postcode(client):
    owner = sign_up_charity(client)
    saved = owner.put("/api/settings/charity", CHARITY)
    assert saved.status == 200, saved
    assert saved.json["address"]["postcode"] == "LS1 1AB"
    again = owner.get("/api/settings/charity").json
    assert (
        again["regulator"] == "CCEW" and again["year_end"] == "12-31" and again["address"]["town"] == "Leeds"
    )
    assert owner.get("/api/user").json["tenant"]["name"] == "Hope Trust"


def test_charity_information_is_validated(client):
    owner = sign_up_charity(client)
    body = {
        **CHARITY,
        "regulator": "FCA",
        "year_end": "13-01",
        "phone": "call me",
        "address": {"postcode": "NOT A CODE", "country": "GB"},
        "vat": "1",
    }
    reply = owner.put("/api/settings/charity", body)
    assert reply.status == 422
    assert set(reply.json["errors"]) == {"regulator", "year_end", "phone", "address.postcode", "vat"}
    assert reply.json["errors"]["address.postcode"] == ["Enter a full UK postcode, such as SW1A 1AA."]
    overseas = owner.put(
        "/api/settings/charity", {**CHARITY, "address": {"postcode": "75001", "country": "FR"}}
    )
    assert overseas.status == 200 and overseas.json["address"]["postcode"] == "75001"


def test_charity_information_saves_with_the_optional_email_left_empty(client):
    # GIVEN a new charity's form, its email field left empty (or blank) as the form sends it
    owner = sign_up_charity(client)
    for blank in ("", "   "):
        reply = owner.put("/api/settings/charity", {**CHARITY, "email": blank})
        # THEN it saves, with no email (an empty optional field is not an invalid email)
        assert reply.status == 200, reply
        assert owner.get("/api/settings/charity").json["email"] is None
    wrong = owner.put("/api/settings/charity", {**CHARITY, "email": "not an email"})
    assert wrong.status == 422 and set(wrong.json["errors"]) == {"email"}


def test_a_stale_charity_edit_is_a_conflict(client):
    owner = sign_up_charity(client)
    version = owner.get("/api/settings/charity").json["version"]
    assert owner.put("/api/settings/charity", {**CHARITY, "version": version}).status == 200
    assert owner.put("/api/settings/charity", {**CHARITY, "name": "Late", "version": version}).status == 409


def test_authorised_official(client):
    owner = sign_up_charity(client)
    official = {
        "title": "Dr",
        "first_name": "Ann",
        "last_name": "Smith",
        "postcode": "sw1a1aa",
        "phone": "020 7946 0000",
    }
    saved = owner.put("/api/settings/authorized-official", official)
    assert saved.status == 200, saved
    assert saved.json["postcode"] == "SW1A 1AA" and saved.json["overseas"] is False
    abroad = owner.put("/api/settings/authorized-official", {**official, "postcode": None, "overseas": True})
    assert abroad.json["postcode"] is None and abroad.json["overseas"] is True
    assert owner.get("/api/settings/authorized-official").json["overseas"] is True
    neither = owner.put("/api/settings/authorized-official", {**official, "postcode": ""})
    assert neither.status == 422
    # the same words as the Gift Aid settings' official: one official, one set of rules
    assert neither.json["errors"]["postcode"] == [
        "Enter the official's postcode, or mark the official as overseas"
        " [HMRC R68 schema: AuthOfficial/OffID]"
    ]
    bad = owner.put(
        "/api/settings/authorized-official",
        {**official, "title": "Professor", "first_name": "", "phone": "ring ring"},
    )
    assert set(bad.json["errors"]) == {"title", "first_name", "phone"}


def test_charity_settings_need_manage_users_to_change(client):
    owner = sign_up_charity(client)
    staff = add_user(client, owner.tenant_id, "staff")
    assert staff.get("/api/settings/charity").status == 200
    assert staff.put("/api/settings/charity", CHARITY).status == 403
    assert staff.put("/api/settings/authorized-official", {}).status == 403
    for method, path in [
        ("GET", "/api/settings/charity"),
        ("PUT", "/api/settings/charity"),
        ("GET", "/api/settings/options/all?key=currency"),
        ("PUT", "/api/settings/options"),
        ("GET", "/api/settings/authorized-official"),
    ]:
        assert client.http.request(method, path).status_code == 401, (method, path)


def test_a_platform_admin_has_no_charity_settings(client):
    admin = platform_admin(client)
    reply = admin.get("/api/settings/charity")
    assert reply.status == 403
    assert reply.json["message"] == "Platform administrators have no charity settings."


def test_option_body_is_validated(client):
    owner = sign_up_charity(client)
    reply = owner.put("/api/settings/options", {"key": "theme", "value": "", "scope": "all"})
    assert reply.status == 422
    assert set(reply.json["errors"]) == {"key", "value", "scope"}
