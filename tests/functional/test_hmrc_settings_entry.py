"""HMRC's claim rules at entry (issue 13 §3): the Gift Aid settings and the charity information
forms normalise what HMRC allows and refuse the rest with a 422 naming the field and the rule."""

from __future__ import annotations

from typing import Any

import pytest
from chalice.test import Client

from app import app
from tests.functional.giftaid_helpers import SETTINGS
from tests.functional.helpers import SignedIn, sign_up_charity


@pytest.fixture
def owner(aws: dict) -> Any:
    with Client(app) as client:
        yield sign_up_charity(client)


def save(who: SignedIn, lang: str = "en", **changes: Any) -> Any:
    official = {**SETTINGS["official"], **changes.pop("official", {})}
    return who.put(
        "/api/gift-aid/settings",
        {**SETTINGS, "official": official, **changes},
        headers={"Accept-Language": lang},
    )


def test_values_hmrc_allows_are_normalised_on_save(owner: SignedIn) -> None:
    reply = save(
        owner,
        hmrc_reference="ab 12345",
        official={
            "first_name": "  Zoë   Ann ",
            "last_name": "Núñez-O’Brien",
            "phone": "+44 20 7946 0000",
            "postcode": "ba11aa",
        },
    )
    assert reply.status == 200, reply
    assert reply.json["hmrc_reference"] == "AB12345"
    official = reply.json["official"]
    assert (official["first_name"], official["last_name"]) == ("Zoe Ann", "Nunez-O'Brien")
    assert (official["phone"], official["postcode"]) == ("0044 20 7946 0000", "BA1 1AA")


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"hmrc_reference": "ABC123"}, "hmrc_reference", "R68 schema: Claim/HMRCref"),
        ({"regulator": "CCEW", "regulator_number": None}, "regulator_number", "business rule 7031"),
        ({"regulator": "OSCR", "regulator_number": "  "}, "regulator_number", "business rule 7031"),
        ({"hmrc_reference": "CH1234", "regulator": "CCEW"}, "regulator", "business rule 7033"),
        ({"regulator_number": "(1137948)"}, "regulator_number", "Claim/Regulator/RegNo"),
        ({"official": {"first_name": "Mary Ann Jo"}}, "official.first_name", "AuthOfficial/OffName/Fore"),
        ({"official": {"first_name": "Jane2"}}, "official.first_name", "AuthOfficial/OffName/Fore"),
        ({"official": {"last_name": "Smith!"}}, "official.last_name", "AuthOfficial/OffName/Sur"),
        ({"official": {"title": "Mr."}}, "official.title", "AuthOfficial/OffName/Ttl"),
        ({"official": {"phone": "020 7946 0000 ext. 5"}}, "official.phone", "AuthOfficial/Phone"),
        ({"official": {"postcode": "SW1A"}}, "official.postcode", "AuthOfficial/OffID/Postcode"),
        ({"official": {"postcode": None}}, "official.postcode", "AuthOfficial/OffID"),
        ({"endpoint": "http://127.0.0.1.evil.example/"}, "endpoint", "Transaction Engine"),
    ],
)
def test_what_hmrc_refuses_is_refused_with_the_rule(
    owner: SignedIn, changes: dict, field: str, words: str
) -> None:
    reply = save(owner, **changes)
    assert reply.status == 422, reply
    [message] = reply.json["errors"][field]
    assert words in message
    spanish = save(owner, "es", **changes).json["errors"][field][0]
    assert spanish != message and ("HMRC" in spanish)
    assert owner.get("/api/gift-aid/settings").json["hmrc_reference"] is None  # nothing saved


def test_a_club_reference_without_regulator_is_taken(owner: SignedIn) -> None:
    reply = save(owner, hmrc_reference="CH1234", regulator="none", regulator_number=None)
    assert reply.status == 200, reply
    assert (reply.json["hmrc_reference"], reply.json["regulator"]) == ("CH1234", "none")


def test_the_charity_information_form_applies_the_same_rules(owner: SignedIn) -> None:
    current = owner.get("/api/settings/charity").json
    base = {k: current[k] for k in ("name", "regulator", "registration_number", "entity_type", "year_end")}
    bracket = owner.put(
        "/api/settings/charity", {**base, "name": "(The) Village Trust", "version": current["version"]}
    )
    assert bracket.status == 422 and "Claim/OrgName" in bracket.json["errors"]["name"][0]
    no_number = owner.put(
        "/api/settings/charity",
        {**base, "regulator": "CCEW", "registration_number": None, "version": current["version"]},
    )
    assert no_number.status == 422 and "7031" in no_number.json["errors"]["registration_number"][0]
    official = owner.put(
        "/api/settings/authorized-official",
        {
            "first_name": "José",
            "last_name": "Smith",
            "postcode": "sw1a1aa",
            "phone": "+44 1632 960000",
            "version": current["version"],
        },
    )
    assert official.status == 200, official
    assert (official.json["first_name"], official.json["postcode"], official.json["phone"]) == (
        "Jose",
        "SW1A 1AA",
        "0044 1632 960000",
    )


@pytest.mark.parametrize("limit", ["20.001", "1e-400", "-0", "30.01", "1e400", "NaN"])
def test_an_aggregation_limit_hmrc_could_not_take_is_refused_and_not_stored(
    owner: SignedIn, limit: str
) -> None:
    # GIVEN settings saved with the default £20 limit
    assert save(owner).status == 200
    # WHEN the limit is sent in another notation, with a third decimal or above £30
    reply = save(owner, aggregation_limit=limit)
    # THEN it is a 422 on that field, and the stored limit is unchanged
    assert reply.status == 422, reply
    assert list(reply.json["errors"]) == ["aggregation_limit"]
    assert owner.get("/api/gift-aid/settings").json["aggregation_limit"] == "20.00"
