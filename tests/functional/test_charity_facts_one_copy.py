"""The charity's facts kept once (issue 14 §1.5, ADR 0018): the regulator, registration number
and authorised official are the same on Settings → Charity information / Authorised official and
on the Gift Aid settings, whichever screen saved them, and claims are built from that one copy."""

from __future__ import annotations

from typing import Any

import pytest
from chalice.test import Client

from app import app
from functions.giftaid import claimdata, repository
from functions.giftaid.models import GiftAidSettings
from tests.functional.giftaid_helpers import SETTINGS, configure
from tests.functional.helpers import SignedIn, sign_up_charity

OFFICIAL = {
    "title": "Dr",
    "first_name": "Ada",
    "last_name": "Lovelace",
    "postcode": "ls11ab",
    "phone": "0113 496 0001",
}


@pytest.fixture
def owner(aws: dict) -> Any:
    with Client(app) as client:
        yield sign_up_charity(client)


def charity_body(who: SignedIn, **changes: Any) -> dict[str, Any]:
    current = who.get("/api/settings/charity").json
    return {
        **{k: current[k] for k in ("name", "regulator", "registration_number", "entity_type", "year_end")},
        "version": current["version"],
        **changes,
    }


def test_gift_aid_settings_edit_the_charity_information_and_the_other_way(owner: SignedIn) -> None:
    configure(owner, regulator="OSCR", regulator_number="SC012345", year_end="12-31", entity_type="cio")
    charity = owner.get("/api/settings/charity").json
    assert (charity["regulator"], charity["registration_number"]) == ("OSCR", "SC012345")
    assert (charity["entity_type"], charity["year_end"]) == ("cio", "12-31")
    assert owner.get("/api/settings/authorized-official").json["last_name"] == "Official"

    version = owner.get("/api/settings/authorized-official").json["version"]
    saved = owner.put("/api/settings/authorized-official", {**OFFICIAL, "version": version})
    assert saved.status == 200, saved
    shown = owner.get("/api/gift-aid/settings").json
    assert shown["official"]["last_name"] == "Lovelace" and shown["official"]["postcode"] == "LS1 1AB"
    assert shown["regulator_number"] == "SC012345"

    saved = owner.put(
        "/api/settings/charity", charity_body(owner, regulator="none", registration_number=None)
    )
    assert saved.status == 200, saved
    shown = owner.get("/api/gift-aid/settings").json
    assert (shown["regulator"], shown["regulator_number"]) == ("none", None)
    assert shown["official"]["last_name"] == "Lovelace"


def test_the_claim_xml_carries_the_one_copy(owner: SignedIn) -> None:
    configure(owner)
    version = owner.get("/api/settings/charity").json["version"]
    body = charity_body(owner, regulator="CCNI", registration_number="NIC100001", version=version)
    assert owner.put("/api/settings/charity", body).status == 200
    official = owner.get("/api/settings/authorized-official").json
    assert (
        owner.put("/api/settings/authorized-official", {**OFFICIAL, "version": official["version"]}).status
        == 200
    )

    settings = repository.get_settings(owner.tenant_id)
    assert settings is not None
    claim = claimdata.r68_claim("Hope Trust", settings, [])
    assert (claim.regulator, claim.registration_number) == ("CCNI", "NIC100001")
    assert (claim.official.first_name, claim.official.last_name, claim.official.postcode) == (
        "Ada",
        "Lovelace",
        "LS1 1AB",
    )
    assert claimdata.settings_complete(settings)


def test_facts_kept_only_in_the_old_gift_aid_copy_still_show_and_survive_the_next_save(
    owner: SignedIn,
) -> None:
    """Data saved before ADR 0018: the Gift Aid settings item held its own regulator, number and
    official, the charity item none of them."""
    configure(owner, regulator="none", regulator_number=None)
    old = repository.stored_settings(owner.tenant_id)
    assert old is not None
    GiftAidSettings(
        *GiftAidSettings.key(owner.tenant_id),
        hmrc_reference=old.hmrc_reference,
        regulator="CCEW",
        regulator_number="1234567",
        official={**SETTINGS["official"], "last_name": "Legacy"},
        version=old.version,
    ).save()
    charity = owner.get("/api/settings/charity").json
    assert (charity["regulator"], charity["registration_number"]) == ("CCEW", "1234567")
    assert owner.get("/api/settings/authorized-official").json["last_name"] == "Legacy"
    assert owner.get("/api/gift-aid/settings").json["official"]["last_name"] == "Legacy"

    # Charity information saved (the regulator changed): the old official is kept, the old
    # regulator no longer shows through.
    saved = owner.put(
        "/api/settings/charity", charity_body(owner, regulator="none", registration_number=None)
    )
    assert saved.status == 200, saved
    assert saved.json["regulator"] == "none"
    shown = owner.get("/api/gift-aid/settings").json
    assert shown["regulator"] == "none" and shown["official"]["last_name"] == "Legacy"
    assert owner.get("/api/settings/authorized-official").json["last_name"] == "Legacy"
