"""Gift Aid declarations and the eligibility stored on donations: the declarations API
(validation, history, cancel, oral confirmation, evidence upload), every write that re-assesses
donations (donation create/edit/refund, donor address fix, declarations), exclude/include,
the donations filter, cross-tenant 404s and the daily refresh."""

from __future__ import annotations

import datetime as dt

import boto3
import pytest
import requests

from functions.core import clock
from functions.declarations import schedules
from tests.functional.donations_helpers import make_donation, make_donor
from tests.functional.helpers import sign_up_charity

NOW = dt.datetime(2026, 6, 1, 12, 0, tzinfo=dt.UTC)
WRITTEN = {"method": "written", "scope": ["future"], "date_given": "2026-01-10", "statement_version": "v1"}


@pytest.fixture(autouse=True)
def frozen_clock():
    clock.set_clock(lambda: NOW)
    yield
    clock.set_clock(None)


def declare(who, donor_id, **fields):
    reply = who.post(f"/api/donors/{donor_id}/declarations", {**WRITTEN, **fields})
    assert reply.status == 201, reply
    return reply.json


def gift_aid(who, donation_id):
    return who.get(f"/api/donations/{donation_id}").json["gift_aid"]


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"method": "telepathy"}, "method"),
        ({"scope": []}, "scope"),
        ({"scope": ["future", "future"]}, "scope"),
        ({"scope": ["someday"]}, "scope.0"),
        ({"date_given": "2026-06-02"}, "date_given"),
        ({"date_given": "10/01/2026"}, "date_given"),
        ({"statement_version": ""}, "statement_version"),
        ({"scope": ["this_donation"]}, "donation_id"),
        ({"donation_id": "x"}, "donation_id"),
        ({"confirmation_sent_on": "2026-02-01"}, "confirmation_sent_on"),
        ({"method": "oral", "confirmation_sent_on": "2026-01-09"}, "confirmation_sent_on"),
        ({"evidence_key": "declarations/other/tenant.pdf"}, "evidence_key"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_declaration_fields_are_validated_by_name(owner, fields, field):
    donor = make_donor(owner)
    reply = owner.post(f"/api/donors/{donor['id']}/declarations", {**WRITTEN, **fields})
    assert reply.status == 422, reply
    assert field in reply.json["errors"], reply.json


def test_a_declaration_makes_donations_claimable_and_cancellation_is_not_retrospective(owner):
    # GIVEN a donor with donations before and after the date a declaration will be given
    donor = make_donor(owner)
    early = make_donation(owner, donor_id=donor["id"], date="2025-12-01")
    later = make_donation(owner, donor_id=donor["id"], date="2026-03-12")
    assert later["gift_aid"]["state"] == "not_eligible"
    assert later["gift_aid"]["reason_text"] == "no declaration covers 12/03/2026"
    # WHEN a written declaration for future donations is recorded
    declared = declare(owner, donor["id"])
    # THEN the later donation is claimable with its value, the earlier one still is not
    assert declared["status"] == "active"
    assert gift_aid(owner, later["id"]) == {
        "state": "claimable",
        "reason": None,
        "reason_text": None,
        "params": {},
        "amount": "2.50",
        "claim_id": None,
    }
    assert gift_aid(owner, early["id"])["state"] == "not_eligible"
    # WHEN it is cancelled from 1 April, a donation made after is not covered; before stays covered
    reply = owner.post(
        f"/api/donors/{donor['id']}/declarations/{declared['id']}/cancel",
        {"cancelled_on": "2026-04-01", "reason": "donor asked"},
    )
    assert reply.status == 200, reply
    assert reply.json["status"] == "cancelled"
    after = make_donation(owner, donor_id=donor["id"], date="2026-04-02")
    assert after["gift_aid"]["state"] == "not_eligible"
    assert gift_aid(owner, later["id"])["state"] == "claimable"
    again = owner.post(
        f"/api/donors/{donor['id']}/declarations/{declared['id']}/cancel",
        {"cancelled_on": "2026-04-01", "reason": "twice"},
    )
    assert again.status == 409
    # AND the history keeps both declarations after a new one is recorded
    declare(owner, donor["id"], date_given="2026-05-01", method="online", scope=["future", "past_4_years"])
    history = owner.get(f"/api/donors/{donor['id']}/declarations").json["data"]
    assert [d["status"] for d in history] == ["active", "cancelled"]
    assert gift_aid(owner, after["id"])["state"] == "claimable"
    assert gift_aid(owner, early["id"])["state"] == "claimable"  # past 4 years


def test_oral_declaration_waits_for_confirmation_and_its_window(owner):
    donor = make_donor(owner)
    donation = make_donation(owner, donor_id=donor["id"], date="2026-03-01")
    oral = declare(owner, donor["id"], method="oral")
    assert oral["status"] == "awaiting_confirmation"
    assert gift_aid(owner, donation["id"])["reason"] == "giftaid.oral_unconfirmed"
    path = f"/api/donors/{donor['id']}/declarations/{oral['id']}/confirmation"
    reply = owner.post(path, {"sent_on": "2026-05-20"})
    assert reply.status == 200, reply
    assert reply.json["oral_window_ends"] == "2026-06-19"
    waiting = gift_aid(owner, donation["id"])
    assert (waiting["state"], waiting["reason_text"]) == (
        "not_eligible",
        "the donor may cancel the oral declaration until 19/06/2026",
    )
    assert owner.post(path, {"sent_on": "2026-05-21"}).status == 409
    # the window ends: the daily refresh makes the donation claimable
    clock.set_clock(lambda: NOW + dt.timedelta(days=19))
    assert schedules.handler({}, None)["changed"] >= 1
    clock.set_clock(lambda: NOW)  # (the session would have expired: read back as of today)
    assert gift_aid(owner, donation["id"])["state"] == "claimable"


def test_oral_cancelled_within_30_days_is_void(owner):
    donor = make_donor(owner)
    donation = make_donation(owner, donor_id=donor["id"], date="2026-03-01")
    oral = declare(owner, donor["id"], method="oral", confirmation_sent_on="2026-04-01")
    assert gift_aid(owner, donation["id"])["state"] == "claimable"
    reply = owner.post(
        f"/api/donors/{donor['id']}/declarations/{oral['id']}/cancel",
        {"cancelled_on": "2026-04-20", "reason": "changed mind"},
    )
    assert reply.json["status"] == "void"
    assert gift_aid(owner, donation["id"])["state"] == "not_eligible"


def test_confirmation_is_only_for_oral_declarations(owner):
    donor = make_donor(owner)
    written = declare(owner, donor["id"])
    reply = owner.post(
        f"/api/donors/{donor['id']}/declarations/{written['id']}/confirmation", {"sent_on": "2026-02-01"}
    )
    assert reply.status == 422 and "sent_on" in reply.json["errors"]


def test_this_donation_scope_needs_a_donation_of_the_donor(owner):
    donor, other = make_donor(owner), make_donor(owner, email="other@example.org")
    mine = make_donation(owner, donor_id=donor["id"], date="2025-01-01")
    theirs = make_donation(owner, donor_id=other["id"], date="2025-01-01")
    bad = owner.post(
        f"/api/donors/{donor['id']}/declarations",
        {**WRITTEN, "scope": ["this_donation"], "donation_id": theirs["id"]},
    )
    assert bad.status == 422 and "donation_id" in bad.json["errors"]
    declare(owner, donor["id"], scope=["this_donation"], donation_id=mine["id"])
    assert gift_aid(owner, mine["id"])["state"] == "claimable"
    assert gift_aid(owner, theirs["id"])["state"] == "not_eligible"


def test_evidence_upload_is_a_presigned_put_for_pdf_png_jpeg_up_to_10_mb(owner):
    donor = make_donor(owner)
    path = f"/api/donors/{donor['id']}/declarations/evidence"
    assert owner.post(path, {"content_type": "text/html", "size": 10}).status == 422
    assert owner.post(path, {"content_type": "application/pdf", "size": 10 * 1024 * 1024 + 1}).status == 422
    reply = owner.post(path, {"content_type": "application/pdf", "size": 2048})
    assert reply.status == 201, reply
    body = reply.json
    assert body["key"].startswith(f"declarations/{owner.tenant_id}/{donor['id']}/")
    assert body["key"].endswith(".pdf")
    assert "X-Amz-Signature" in body["upload_url"] or "Signature" in body["upload_url"]
    assert body["headers"] == {"Content-Type": "application/pdf"}
    declared = declare(owner, donor["id"], evidence_key=body["key"])
    assert declared["evidence_key"] == body["key"]


def test_evidence_is_read_back_through_a_short_lived_link(owner, client):
    # GIVEN a declaration recorded with its evidence file, uploaded as the SPA does
    donor = make_donor(owner)
    base = f"/api/donors/{donor['id']}/declarations"
    upload = owner.post(f"{base}/evidence", {"content_type": "application/pdf", "size": 9}).json
    sent = requests.put(upload["upload_url"], data=b"%PDF-1.4\n", headers=upload["headers"], timeout=10)
    assert sent.status_code == 200
    declared = declare(owner, donor["id"], evidence_key=upload["key"])
    # WHEN its evidence is asked for
    reply = owner.get(f"{base}/{declared['id']}/evidence")
    # THEN the link gives the file back, named after the declaration
    assert reply.status == 200, reply
    assert reply.json["filename"] == "declaration-evidence-2026-01-10.pdf"
    assert requests.get(reply.json["url"], timeout=10).content == b"%PDF-1.4\n"
    # AND without a file the answer says why
    plain = declare(owner, donor["id"])
    none = owner.get(f"{base}/{plain['id']}/evidence")
    assert (none.status, none.json["message"]) == (404, "No evidence file is recorded for this declaration.")
    lost = owner.post(f"{base}/evidence", {"content_type": "image/png", "size": 5}).json
    unfinished = declare(owner, donor["id"], evidence_key=lost["key"])
    missing = owner.get(f"{base}/{unfinished['id']}/evidence", headers={"Accept-Language": "es"})
    assert (missing.status, missing.json["message"]) == (
        404,
        "Falta el archivo de prueba de esta declaración: su subida no terminó.",
    )
    # AND another charity cannot reach it
    other = sign_up_charity(client, "Other Trust")
    assert other.get(f"{base}/{declared['id']}/evidence").status == 404


def test_donation_writes_recompute_gift_aid(owner):
    donor = make_donor(owner)
    declare(owner, donor["id"], scope=["future", "past_4_years"])
    donation = make_donation(owner, donor_id=donor["id"], date="2026-03-12", amount="100.00")
    assert donation["gift_aid"]["amount"] == "25.00"
    # edit: a benefit over the limit
    body = {
        "donor_id": donor["id"],
        "amount": "100.00",
        "date": "2026-03-12",
        "payment_method": "cash",
        "benefit_value": "30.00",
        "version": donation["version"],
    }
    edited = owner.put(f"/api/donations/{donation['id']}", body)
    assert edited.status == 200, edited
    assert edited.json["gift_aid"]["reason_text"] == "benefit £30.00 exceeds the £25.00 limit"
    # refund
    body.update(
        benefit_value="0.00", status="refunded", refunded_at="2026-04-01", version=edited.json["version"]
    )
    refunded = owner.put(f"/api/donations/{donation['id']}", body)
    assert refunded.json["gift_aid"]["state"] == "not_eligible"
    assert refunded.json["gift_aid"]["reason"] == "giftaid.refunded"
    # JustGiving and company donors
    jg = make_donation(owner, donor_id=donor["id"], payment_method="justgiving")
    assert jg["gift_aid"]["state"] == "handled_elsewhere"
    company = make_donor(owner, type="organisation", company_name="Acme Ltd", first_name=None, last_name=None)
    assert make_donation(owner, donor_id=company["id"])["gift_aid"]["reason_text"] == "company donor"
    # quick donations are assessed too
    rows = [{"amount": "20.00", "date": "2026-05-01", "donor_id": donor["id"]}]
    saved = owner.post("/api/donations/quick", {"rows": rows})
    assert saved.json["data"][0]["gift_aid"] == {
        "state": "claimable",
        "reason": None,
        "reason_text": None,
        "params": {},
        "amount": "5.00",
        "claim_id": None,
    }


def test_fixing_the_donor_address_makes_the_donation_claimable(owner):
    donor = make_donor(owner, postcode="E16")
    declare(owner, donor["id"])
    donation = make_donation(owner, donor_id=donor["id"], date="2026-03-12")
    assert gift_aid(owner, donation["id"])["state"] == "needs_attention"
    assert gift_aid(owner, donation["id"])["reason_text"] == "postcode 'E16' is incomplete"
    spanish = owner.get(f"/api/donations/{donation['id']}", headers={"Accept-Language": "es"})
    assert spanish.json["gift_aid"]["reason_text"] == "el código postal 'E16' está incompleto"
    current = owner.get(f"/api/donors/{donor['id']}").json
    fixed = {k: current[k] for k in ("type", "title", "first_name", "last_name", "house", "town", "country")}
    reply = owner.put(
        f"/api/donors/{donor['id']}", {**fixed, "postcode": "E16 1AB", "version": current["version"]}
    )
    assert reply.status == 200, reply
    assert gift_aid(owner, donation["id"])["state"] == "claimable"


def test_exclude_and_include_are_reversible_and_audited(owner):
    donor = make_donor(owner)
    declare(owner, donor["id"])
    donation = make_donation(owner, donor_id=donor["id"], date="2026-03-12")
    assert owner.post(f"/api/donations/{donation['id']}/gift-aid/exclude", {}).status == 422
    reply = owner.post(f"/api/donations/{donation['id']}/gift-aid/exclude", {"reason": "duplicate gift"})
    assert reply.status == 200, reply
    assert reply.json["gift_aid"]["state"] == "excluded"
    assert reply.json["gift_aid"]["reason_text"] == "excluded: duplicate gift"
    # an edit keeps the exclusion (the form does not send it)
    body = {
        "donor_id": donor["id"],
        "amount": "12.00",
        "date": "2026-03-12",
        "version": reply.json["version"],
    }
    assert owner.put(f"/api/donations/{donation['id']}", body).json["gift_aid"]["state"] == "excluded"
    listed = owner.get('/api/donations?filters={"gift_aid_state":"excluded"}').json["data"]
    assert [row["id"] for row in listed] == [donation["id"]]
    back = owner.post(f"/api/donations/{donation['id']}/gift-aid/include")
    assert back.json["gift_aid"]["state"] == "claimable"
    assert back.json["gift_aid"]["amount"] == "3.00"
    assert owner.get('/api/donations?filters={"gift_aid_state":"excluded"}').json["data"] == []
    claimable = owner.get('/api/donations?filters={"gift_aid_state":"claimable"}').json["data"]
    assert [row["id"] for row in claimable] == [donation["id"]]
    bad = owner.get('/api/donations?filters={"gift_aid_state":"maybe"}')
    assert bad.status == 422


def test_claimable_donations_are_listed_per_tenant_on_gsi4(owner, client, aws):
    donor = make_donor(owner)
    declare(owner, donor["id"])
    donation = make_donation(owner, donor_id=donor["id"], date="2026-03-12")
    table = boto3.resource("dynamodb", region_name="eu-west-2").Table(aws["Table"])
    from functions.core import keys

    found = table.query(
        IndexName="GSI4",
        KeyConditionExpression="GSI4PK = :pk",
        ExpressionAttributeValues={":pk": keys.gift_aid_state_pk(owner.tenant_id, "claimable")},
    )["Items"]
    assert [(item["donation_id"], item["gift_aid_amount"]) for item in found] == [(donation["id"], 2.5)]


def test_another_charitys_ids_are_404(owner, client):
    other = sign_up_charity(client, "Other Trust")
    donor = make_donor(owner)
    declared = declare(owner, donor["id"])
    donation = make_donation(owner, donor_id=donor["id"])
    base = f"/api/donors/{donor['id']}/declarations"
    assert other.get(base).status == 404
    assert other.post(base, WRITTEN).status == 404
    assert other.post(f"{base}/evidence", {"content_type": "image/png", "size": 5}).status == 404
    assert (
        other.post(f"{base}/{declared['id']}/cancel", {"cancelled_on": "2026-05-01", "reason": "x"}).status
        == 404
    )
    assert other.post(f"{base}/{declared['id']}/confirmation", {"sent_on": "2026-05-01"}).status == 404
    assert other.post(f"/api/donations/{donation['id']}/gift-aid/exclude", {"reason": "x"}).status == 404
    assert other.post(f"/api/donations/{donation['id']}/gift-aid/include").status == 404
    # a declaration id of another donor of the same charity is 404 too
    second = make_donor(owner, email="second@example.org")
    assert (
        owner.post(
            f"/api/donors/{second['id']}/declarations/{declared['id']}/cancel",
            {"cancelled_on": "2026-05-01", "reason": "x"},
        ).status
        == 404
    )
    assert owner.get(base).json["data"][0]["status"] == "active"


def test_daily_refresh_moves_donations_past_the_4_year_limit(owner):
    donor = make_donor(owner)
    declare(owner, donor["id"], scope=["past_4_years"], date_given="2026-01-10")
    donation = make_donation(owner, donor_id=donor["id"], date="2022-04-06")  # tax year 2022-23
    assert gift_aid(owner, donation["id"])["state"] == "claimable"
    clock.set_clock(lambda: dt.datetime(2027, 4, 6, 1, 0, tzinfo=dt.UTC))
    counts = schedules.handler({}, None)
    assert counts["tenants"] >= 1 and counts["changed"] == 1
    assert schedules.handler({}, None)["changed"] == 0  # idempotent
    clock.set_clock(lambda: NOW)  # (the session would have expired: read back what was stored)
    found = gift_aid(owner, donation["id"])
    assert (found["state"], found["reason_text"]) == (
        "not_eligible",
        "older than the 4-year limit (ended 05/04/2027)",
    )
    assert schedules.handler({}, None)["changed"] == 0  # idempotent
