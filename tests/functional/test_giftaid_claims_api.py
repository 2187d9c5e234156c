"""The claims API as its users meet it (docs/api.md "Gift Aid: claims"): state changes a claim's
state does not allow answer 409 naming that state; another charity's claim is 404 on every claim
route; who may read and who may change a claim; the HMRC files behind the download links; the
readable texts of skipped donations and pre-flight problems; the claimed list's total; a donation
held by a claim keeps its amount, date and donor; and the weekly reminders."""

from __future__ import annotations

import datetime as dt
import io
import zipfile
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest
import requests
from chalice.test import Client
from lxml import etree

from app import app
from functions.core import clock, keys
from functions.core.identity import User
from functions.domain.hmrc.irmark import digest_of_document, encode_digest
from functions.donations.models import Donation
from functions.giftaid import pipeline, repository, schedules
from functions.giftaid.models import ClaimItem
from functions.notifications import repository as notifications
from tests.functional.donations_helpers import make_donor
from tests.functional.giftaid_helpers import claim_of, configure, drain, put_donations
from tests.functional.helpers import SignedIn, add_user, sign_up_charity

ENVELOPE = "{http://www.govtalk.gov.uk/CM/envelope}"
CLAIM_ROUTES = [
    ("GET", ""),
    ("POST", "/cancel"),
    ("POST", "/seal"),
    ("GET", "/files"),
    ("POST", "/submit"),
    ("GET", "/submissions"),
]


@pytest.fixture
def client(aws: dict) -> Iterator[Client]:
    with Client(app) as test_client:
        yield test_client


@pytest.fixture
def owner(client: Client) -> SignedIn:
    who = sign_up_charity(client, "Hope Trust")
    configure(who)
    return who


def new_claim(who: SignedIn, donation_ids: list[str]) -> str:
    reply = who.post("/api/gift-aid/claims", {"donation_ids": donation_ids})
    assert reply.status == 202, reply
    return str(reply.json["claim_id"])


def sealed_claim(aws: dict, who: SignedIn, count: int = 2, start: int = 0) -> tuple[str, list[str]]:
    donor = make_donor(who, email=f"donor{start}@example.org")
    donation_ids = put_donations(who.tenant_id, donor["id"], count, start=start)
    claim_id = new_claim(who, donation_ids)
    drain(aws)
    assert claim_of(who, claim_id)["state"] == "sealed"
    return claim_id, donation_ids


def user_with(client: Client, owner: SignedIn, name: str, permissions: list[str]) -> SignedIn:
    role = owner.post("/api/settings/roles", {"name": name, "permissions": permissions})
    assert role.status == 201, role
    signed = add_user(client, owner.tenant_id, role.json["id"])
    assert isinstance(signed, SignedIn)
    return signed


# ------------------------------------------------------------------ state changes
def test_a_change_the_claims_state_does_not_allow_is_409_naming_the_state(aws: dict, owner: SignedIn) -> None:
    # GIVEN three claims: one to seal, one to cancel, one whose donor HMRC would reject (a draft)
    donor = make_donor(owner)
    donations = put_donations(owner.tenant_id, donor["id"], 4)
    bad_donor = make_donor(owner, email="partial@example.org", postcode="ba1")
    drafted = put_donations(owner.tenant_id, bad_donor["id"], 1, start=10)
    sealed, cancelled, draft = (
        new_claim(owner, donations[:2]),
        new_claim(owner, donations[2:]),
        new_claim(owner, drafted),
    )
    # WHEN a claim still being built is sealed
    building = owner.post(f"/api/gift-aid/claims/{sealed}/seal")
    # THEN it is refused until its donations are in
    assert building.status == 409
    assert (
        building.json["message"]
        == "Donations are still being added to this claim. Try again when it is ready."
    )
    drain(aws)
    assert [claim_of(owner, c)["state"] for c in (sealed, cancelled, draft)] == ["sealed", "sealed", "draft"]
    assert owner.post(f"/api/gift-aid/claims/{cancelled}/cancel").status == 200

    def refused(claim_id: str, action: str, locale: str = "en") -> str:
        reply = owner.post(f"/api/gift-aid/claims/{claim_id}/{action}", headers={"Accept-Language": locale})
        assert reply.status == 409, (action, reply)
        return str(reply.json["message"])

    assert refused(sealed, "seal") == "This claim is sealed: only a draft claim can be sealed."
    assert refused(draft, "submit") == "This claim is a draft: only a sealed claim can be submitted to HMRC."
    assert refused(cancelled, "seal") == "This claim is cancelled: only a draft claim can be sealed."
    assert (
        refused(cancelled, "submit")
        == "This claim is cancelled: only a sealed claim can be submitted to HMRC."
    )
    assert (
        refused(cancelled, "cancel")
        == "This claim is cancelled: only a draft or sealed claim can be cancelled."
    )
    assert owner.post(f"/api/gift-aid/claims/{sealed}/submit").status == 202
    assert (
        refused(sealed, "cancel") == "This claim is submitted: only a draft or sealed claim can be cancelled."
    )
    assert refused(sealed, "submit", "es") == (
        "Esta reclamación está enviada: solo se puede enviar a HMRC una reclamación sellada."
    )
    assert refused(sealed, "seal") == "This claim is submitted: only a draft claim can be sealed."
    # AND nothing moved
    assert [claim_of(owner, c)["state"] for c in (sealed, cancelled, draft)] == [
        "submitted",
        "cancelled",
        "draft",
    ]


def test_another_charitys_claim_is_not_found_on_every_claim_route(
    aws: dict, client: Client, owner: SignedIn
) -> None:
    claim_id, donation_ids = sealed_claim(aws, owner)
    other = sign_up_charity(client, "Other Trust")
    configure(other)
    for method, suffix in CLAIM_ROUTES:
        reply = other.browser.request(method, f"/api/gift-aid/claims/{claim_id}{suffix}", None)
        assert reply.status == 404, (method, suffix, reply)
        assert owner.tenant_id not in reply.text and claim_id not in reply.text
    claim = claim_of(owner, claim_id)
    assert claim["state"] == "sealed" and claim["counts"]["donations"] == len(donation_ids)


# ------------------------------------------------------------------ who may read and change a claim
def test_past_claims_readers_read_a_claim_but_only_claim_makers_change_one(
    aws: dict, client: Client, owner: SignedIn
) -> None:
    claim_id, _ = sealed_claim(aws, owner)
    reader = user_with(client, owner, "Past claims", ["manage-passed-claim"])
    maker = user_with(client, owner, "New claims", ["manage-unclaimed"])
    outsider = user_with(client, owner, "Donations only", ["manage-donations"])
    base = f"/api/gift-aid/claims/{claim_id}"
    for path in (base, f"{base}/files", f"{base}/submissions"):
        assert reader.get(path).status == 200, path
        assert maker.get(path).status == 200, path
        assert outsider.get(path).status == 403, path
    assert reader.get(base).json["state"] == "sealed"
    assert reader.get("/api/gift-aid/claims").status == 200
    assert maker.get("/api/gift-aid/claims").status == 403  # the Past Claims list
    for method, path in (
        ("POST", "/api/gift-aid/claims"),
        ("POST", f"{base}/cancel"),
        ("POST", f"{base}/seal"),
        ("POST", f"{base}/submit"),
        ("GET", "/api/gift-aid/claimable"),
    ):
        reply = reader.browser.request(method, path, {"all": True} if path.endswith("claims") else None)
        assert reply.status == 403, (method, path, reply)
        assert outsider.browser.request(method, path, None).status == 403, (method, path)
    assert claim_of(owner, claim_id)["state"] == "sealed"


# ------------------------------------------------------------------ files
def test_the_download_links_give_the_hmrc_schedule_and_the_r68_xml_with_its_irmark(
    aws: dict, owner: SignedIn
) -> None:
    claim_id, _ = sealed_claim(aws, owner, count=3)
    reply = owner.get(f"/api/gift-aid/claims/{claim_id}/files")
    assert reply.status == 200, reply
    links = {f["name"]: f for f in reply.json["data"]}
    assert set(links) == {"gift-aid-schedule.ods", "r68-claim.xml"}
    assert reply.json["problems"] == []
    ods = requests.get(links["gift-aid-schedule.ods"]["url"], timeout=10).content
    assert ods[:2] == b"PK"
    with zipfile.ZipFile(io.BytesIO(ods)) as package:
        assert package.read("mimetype") == b"application/vnd.oasis.opendocument.spreadsheet"
        content = package.read("content.xml").decode()
    assert 'table:name="R68GAD_V1_00_0_EN"' in content and "Smith" in content
    xml = requests.get(links["r68-claim.xml"]["url"], timeout=10).content
    root = etree.fromstring(xml)  # noqa: S320 - our own file
    assert root.tag == f"{ENVELOPE}GovTalkMessage"
    marks = [
        el.text for el in root.iter() if isinstance(el.tag, str) and etree.QName(el).localname == "IRmark"
    ]
    expected, _ = encode_digest(digest_of_document(xml))
    assert marks == [expected]
    assert claim_of(owner, claim_id)["irmark"] == expected


# ------------------------------------------------------------------ readable rows and problems
def test_skipped_donations_and_preflight_problems_read_as_sentences(aws: dict, owner: SignedIn) -> None:
    partial = make_donor(owner, email="partial@example.org", postcode="ba1")
    claimable = put_donations(owner.tenant_id, partial["id"], 1)
    excluded = put_donations(owner.tenant_id, partial["id"], 1, start=5, state="excluded")
    put_donations(
        owner.tenant_id,
        partial["id"],
        1,
        start=9,
        state="needs_attention",
        gift_aid_reason="giftaid.postcode_incomplete",
        gift_aid_params={"postcode": "BA1"},
    )
    claim_id = new_claim(owner, claimable + excluded + ["no-such-donation"])
    drain(aws)
    claim = claim_of(owner, claim_id)
    assert claim["state"] == "draft"
    problem = claim["problems"][0]
    assert (problem["line"], problem["field"], problem["key"]) == (1, "postcode", "hmrc.postcode.format")
    assert problem["field_label"] == "Postcode"
    assert problem["text"] == (
        "Line 1, Postcode: Postcode 'BA1' is not a full UK postcode in capitals with a space (e.g. SW1A 1AA)"
        " [HMRC Charities portal check]"  # every problem names the HMRC rule it quotes
    )
    assert problem["donation_ids"] == claimable
    skipped = {s["donation_id"]: s["reason_text"] for s in claim["skipped"]}
    assert skipped == {
        excluded[0]: "no longer claimable",
        "no-such-donation": "not found among this charity's donations",
    }
    spanish = owner.get(f"/api/gift-aid/claims/{claim_id}", headers={"Accept-Language": "es"}).json
    assert spanish["problems"][0]["text"] == (
        "Línea 1, Código postal: El código postal 'BA1' no es un código británico completo en mayúsculas "
        "con un espacio (p. ej. SW1A 1AA) [comprobación del portal Charities de HMRC]"
    )
    assert {s["reason_text"] for s in spanish["skipped"]} == {
        "ya no se puede reclamar",
        "no se encuentra entre las donaciones de esta organización",
    }
    files = owner.get(f"/api/gift-aid/claims/{claim_id}/files").json
    assert files["data"] == [] and files["problems"][0]["text"] == problem["text"]
    # the New Claim screen's examples say why a donation waits
    examples = [
        e for group in owner.get("/api/gift-aid/claimable").json["problems"] for e in group["examples"]
    ]
    assert [e["reason_text"] for e in examples] == ["postcode 'BA1' is incomplete"]


# ------------------------------------------------------------------ claimed donations
def test_the_claimed_list_counts_each_donation_of_an_accepted_claim_once(aws: dict, owner: SignedIn) -> None:
    # GIVEN an accepted claim of 21 donations (one more than a page)
    claim_id, donation_ids = sealed_claim(aws, owner, count=21)
    claim = repository.get_claim(owner.tenant_id, claim_id)
    repository.update_claim(claim, [ClaimItem.state.set("accepted")])
    # WHEN its settle step runs twice (a redelivered message)
    assert pipeline.settle_all(owner.tenant_id, claim_id) == 21
    assert pipeline.settle_all(owner.tenant_id, claim_id) == 0
    # THEN the Claimed list says 21, though its first page shows 20
    first = owner.get("/api/gift-aid/claimed?length=20").json
    assert first["meta"]["total"] == 21 and len(first["data"]) == 20
    second = owner.get(f"/api/gift-aid/claimed?length=20&cursor={first['meta']['next_cursor']}").json
    assert second["meta"]["total"] == 21
    rows = first["data"] + second["data"]
    assert sorted(row["id"] for row in rows) == sorted(donation_ids)
    assert {(row["state"], row["reason_text"]) for row in rows} == {("claimed", "already claimed")}


# ------------------------------------------------------------------ a donation held by a claim
def _donation_body(donation: dict[str, Any], **changes: Any) -> dict[str, Any]:
    body = {
        "donor_id": donation["donor_id"],
        "amount": donation["amount"],
        "date": donation["date"],
        "payment_method": donation["payment_method"],
        "notes": donation["notes"],
        "version": donation["version"],
    }
    return {**body, **changes}


def test_a_donation_in_a_claim_keeps_its_amount_date_and_donor_but_can_be_refunded(
    aws: dict, owner: SignedIn
) -> None:
    claim_id, donation_ids = sealed_claim(aws, owner, count=2)
    claim_date = clock.today().strftime("%d/%m/%Y")
    first = owner.get(f"/api/donations/{donation_ids[0]}").json
    assert (first["gift_aid"]["state"], first["gift_aid"]["claim_id"]) == ("in_claim", claim_id)
    other_donor = make_donor(owner, email="someone@example.org")
    for change in ({"amount": "99.00"}, {"date": "2025-12-01"}, {"donor_id": other_donor["id"]}):
        reply = owner.put(f"/api/donations/{first['id']}", _donation_body(first, **change))
        assert reply.status == 409, (change, reply)
        assert reply.json["message"] == (
            f"This donation is in the Gift Aid claim of {claim_date} (sealed), so its amount, date and "
            "donor cannot be changed and it cannot be deleted. Cancel that claim first, or record a refund."
        )
    assert owner.delete(f"/api/donations/{first['id']}").status == 409
    noted = owner.put(f"/api/donations/{first['id']}", _donation_body(first, notes="Thank-you letter sent"))
    assert noted.status == 200, noted
    assert noted.json["gift_aid"]["state"] == "in_claim"
    # once claimed, the same: a refund is the way to correct it
    repository.update_claim(
        repository.get_claim(owner.tenant_id, claim_id), [ClaimItem.state.set("accepted")]
    )
    pipeline.settle_all(owner.tenant_id, claim_id)
    second = owner.get(f"/api/donations/{donation_ids[1]}").json
    deleted = owner.delete(f"/api/donations/{second['id']}", headers={"Accept-Language": "es"})
    assert deleted.status == 409
    assert deleted.json["message"].startswith(
        f"El Gift Aid de esta donación se reclamó a HMRC en la reclamación del {claim_date}"
    )
    refund = _donation_body(second, status="refunded", refunded_at=clock.today().isoformat())
    refunded = owner.put(f"/api/donations/{second['id']}", refund)
    assert refunded.status == 200, refunded
    assert refunded.json["status"] == "refunded"
    assert (refunded.json["gift_aid"]["state"], refunded.json["gift_aid"]["claim_id"]) == (
        "claimed",
        claim_id,
    )


# ------------------------------------------------------------------ reminders
TODAY = dt.datetime(2026, 3, 30, 7, 0, tzinfo=dt.UTC)  # a Monday; trusts' 4-year limit ends 5 April


def _put_on(tenant_id: str, donor_id: str, donation_id: str, day: str, amount: str) -> Decimal:
    tax = (Decimal(amount) / 4).quantize(Decimal("0.01"))
    Donation(
        *Donation.key(tenant_id, donation_id),
        donation_id=donation_id,
        tenant_id=tenant_id,
        donor_id=donor_id,
        amount=Decimal(amount),
        donation_date=day,
        gift_aid_state="claimable",
        gift_aid_amount=tax,
        gsi4pk=keys.gift_aid_state_pk(tenant_id, "claimable"),
        gsi4sk=keys.gift_aid_state_sk(day, donation_id),
    ).save()
    return tax


def _outbox(owner: SignedIn) -> list[dict[str, Any]]:
    return [
        m
        for m in owner.get("/api/dev/outbox").json["data"]
        if m["subject"] in ("Gift Aid to claim", "Gift Aid por reclamar")
    ]


def test_weekly_reminder_notifies_and_emails_once_with_the_unclaimed_gift_aid(
    client: Client, owner: SignedIn
) -> None:
    clock.set_clock(lambda: TODAY)
    try:
        donor = make_donor(owner)
        unclaimed = _put_on(owner.tenant_id, donor["id"], "recent", "2026-02-01", "100.00")
        unclaimed += _put_on(owner.tenant_id, donor["id"], "old", "2021-09-01", "20.00")  # limit 05/04/2026
        oral_donor = make_donor(owner, email="oral@example.org")
        oral = owner.post(
            f"/api/donors/{oral_donor['id']}/declarations",
            {"method": "oral", "scope": ["future"], "date_given": "2026-03-01", "statement_version": "v1"},
        )
        assert oral.json["status"] == "awaiting_confirmation"
        spanish_id = add_user(client, owner.tenant_id, "owner", email="es@example.org", sign_in_now=False)
        quiet_id = add_user(client, owner.tenant_id, "owner", email="quiet@example.org", sign_in_now=False)
        User.get(*User.key(owner.tenant_id, str(spanish_id))).update(actions=[User.locale.set("es")])
        User.get(*User.key(owner.tenant_id, str(quiet_id))).update(
            actions=[User.preferences.set({"notifications": {"email_reminders": False}})]
        )
        # WHEN the daily schedule runs
        assert schedules.handler({}, None) == {"reminded": 1}
        # THEN every user has the reminder in the bell, in their language
        expected = (
            f"£{unclaimed:.2f} of Gift Aid is waiting to be claimed (2 donations); 1 donation(s) reach the "
            "4-year limit within 90 days; 1 oral declaration(s) await written confirmation."
        )
        bell = owner.get("/api/notifications").json["data"]
        assert [(n["data"]["title"], n["data"]["body"]) for n in bell] == [("Gift Aid to claim", expected)]
        spanish = notifications.unread(owner.tenant_id, str(spanish_id))
        assert [n.body for n in spanish] == [
            f"Hay £{unclaimed:.2f} de Gift Aid por reclamar (2 donaciones); 1 donación(es) alcanzan el "
            "límite de 4 años en 90 días; 1 declaración(es) orales esperan confirmación escrita."
        ]
        assert len(notifications.unread(owner.tenant_id, str(quiet_id))) == 1
        # AND an email to each user who keeps reminder emails on, with the link to New Claim
        emails = _outbox(owner)
        assert sorted(m["to"] for m in emails) == sorted([owner.email, "es@example.org"])
        mine = next(m for m in emails if m["to"] == owner.email)
        assert expected in mine["text"] and "/gift-aid/un-claimed" in mine["text"]
        # AND it does not remind twice in the same week
        assert schedules.handler({}, None) == {"reminded": 0}
        clock.set_clock(lambda: TODAY + dt.timedelta(days=4))
        assert schedules.handler({}, None) == {"reminded": 0}
        clock.set_clock(lambda: TODAY)
        assert len(owner.get("/api/notifications").json["data"]) == 1
        assert len(_outbox(owner)) == 2
        # AND the next week reminds again (the old donation is now past its limit, not "near" it)
        clock.set_clock(lambda: TODAY + dt.timedelta(days=7))
        assert schedules.handler({}, None) == {"reminded": 1}
        clock.set_clock(lambda: TODAY)
        bodies = [n["data"]["body"] for n in owner.get("/api/notifications").json["data"]]
        # (last week's reminder, superseded, left the bell)
        assert len(bodies) == 1 and "0 donation(s) reach the 4-year limit" in bodies[0]
    finally:
        clock.set_clock(None)


def test_no_reminder_when_reminders_are_off_or_nothing_waits(owner: SignedIn) -> None:
    clock.set_clock(lambda: TODAY)
    try:
        assert schedules.handler({}, None) == {"reminded": 0}  # nothing to claim
        donor = make_donor(owner)
        _put_on(owner.tenant_id, donor["id"], "recent", "2026-02-01", "100.00")
        configure(owner, reminders=False, version=1)
        assert schedules.handler({}, None) == {"reminded": 0}
        assert owner.get("/api/notifications").json["data"] == [] and _outbox(owner) == []
    finally:
        clock.set_clock(None)
