"""The Gift Aid reminder in the bell follows the donations waiting (issue 14 item 7): a claim
that takes some of them leaves the reminder with the new figure, one that takes all of them
takes the reminder out of the bell; money reads en-GB (£1,709.26) in English and in Spanish."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

import pytest
from chalice.test import Client

from app import app
from functions.core import keys
from functions.core.identity import User
from functions.donations.models import Donation
from functions.giftaid import schedules
from functions.notifications import repository as notifications
from tests.functional.donations_helpers import make_donor
from tests.functional.giftaid_helpers import claim_of, configure, drain
from tests.functional.helpers import SignedIn, add_user, sign_up_charity


@pytest.fixture
def client(aws: dict) -> Iterator[Client]:
    with Client(app) as test_client:
        yield test_client


def _claimable(tenant_id: str, donor_id: str, donation_id: str, amount: str) -> None:
    day = "2026-02-02"
    Donation(
        *Donation.key(tenant_id, donation_id),
        donation_id=donation_id,
        tenant_id=tenant_id,
        donor_id=donor_id,
        donor_name="Jane Smith",
        amount=Decimal(amount),
        donation_date=day,
        payment_method="cash",
        gift_aid_state="claimable",
        gift_aid_amount=(Decimal(amount) / 4).quantize(Decimal("0.01")),
        gsi4pk=keys.gift_aid_state_pk(tenant_id, "claimable"),
        gsi4sk=keys.gift_aid_state_sk(day, donation_id),
    ).save()


def _claim(aws: dict, who: SignedIn, donation_ids: list[str]) -> None:
    reply = who.post("/api/gift-aid/claims", {"donation_ids": donation_ids})
    assert reply.status == 202, reply
    drain(aws)
    assert claim_of(who, reply.json["claim_id"])["state"] == "sealed"


def _bell(who: SignedIn) -> list[str]:
    return [n["data"]["body"] for n in who.get("/api/notifications").json["data"]]


def test_the_reminder_shows_the_figure_left_and_leaves_once_everything_is_claimed(
    client: Client, aws: dict
) -> None:
    owner = sign_up_charity(client, "Hope Trust")
    configure(owner)
    spanish_id = str(add_user(client, owner.tenant_id, "owner", email="es@example.org", sign_in_now=False))
    User.get(*User.key(owner.tenant_id, spanish_id)).update(actions=[User.locale.set("es")])
    donor = make_donor(owner, email="jane@example.org")
    _claimable(owner.tenant_id, donor["id"], "big", "4000.00")  # £1,000.00 of Gift Aid
    _claimable(owner.tenant_id, donor["id"], "mid", "2837.04")  # £709.26
    _claimable(owner.tenant_id, donor["id"], "small", "100.00")  # £25.00
    # GIVEN this week's reminder of £1,734.26 waiting, in each user's language
    assert schedules.handler({}, None) == {"reminded": 1}
    assert _bell(owner) == [
        "£1,734.26 of Gift Aid is waiting to be claimed (3 donations); 0 donation(s) reach the "
        "4-year limit within 90 days; 0 oral declaration(s) await written confirmation."
    ]
    spanish = notifications.unread(owner.tenant_id, spanish_id)
    assert [n.body for n in spanish] == [
        "Hay £1,734.26 de Gift Aid por reclamar (3 donaciones); 0 donación(es) alcanzan el límite "
        "de 4 años en 90 días; 0 declaración(es) orales esperan confirmación escrita."
    ]
    # WHEN a claim takes the small donation THEN the reminder shows what is left
    _claim(aws, owner, ["small"])
    assert _bell(owner) == [
        "£1,709.26 of Gift Aid is waiting to be claimed (2 donations); 0 donation(s) reach the "
        "4-year limit within 90 days; 0 oral declaration(s) await written confirmation."
    ]
    assert [n.body for n in notifications.unread(owner.tenant_id, spanish_id)][0].startswith(
        "Hay £1,709.26 de Gift Aid por reclamar (2 donaciones)"
    )
    # WHEN a claim takes everything else THEN nobody's bell offers the reminder any more
    _claim(aws, owner, ["big", "mid"])
    assert _bell(owner) == []
    assert notifications.unread(owner.tenant_id, spanish_id) == []
    # AND the daily run brings no reminder back while nothing waits
    assert schedules.handler({}, None) == {"reminded": 0}
    assert _bell(owner) == []
