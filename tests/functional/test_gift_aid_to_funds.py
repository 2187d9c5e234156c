"""Gift Aid received follows the money (ADR 0019 "Gift Aid received"): an accepted claim marked
paid has its tax allocated to the funds (and projects) of the donations it claimed, GASDS top-ups
by their small donations, its adjustment taken back from the funds of the reversed donations;
or all to the General fund by the charity's policy. Validated (422), only once and only for an
accepted claim (409), never for another charity's claim (404); a message delivered twice, or a
run resumed after a crash, allocates once."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from chalice.test import Client

from app import app
from functions.core import clock
from functions.domain.funds import DEFAULT_FUND_ID
from functions.donations.models import Donation
from functions.funds import repository as fund_repository
from functions.funds.models import ProjectTotals
from functions.giftaid import allocation, pipeline, repository
from functions.giftaid.models import ClaimItem
from tests.functional.donations_helpers import make_donation, make_donor
from tests.functional.giftaid_helpers import claim_of, configure, drain
from tests.functional.helpers import SignedIn, sign_up_charity

NOW = dt.datetime(2026, 6, 15, 12, 0, tzinfo=dt.UTC)
WRITTEN = {"method": "written", "scope": ["future"], "date_given": "2025-01-10", "statement_version": "v1"}
PROJECT = "p-roof-tiles"


@pytest.fixture(autouse=True)
def frozen_clock():
    clock.set_clock(lambda: NOW)
    yield
    clock.set_clock(None)


@pytest.fixture
def charity(aws: dict) -> Any:
    with Client(app) as client:
        who = sign_up_charity(client)
        configure(who)
        yield who


def _fund(who: SignedIn, name: str, fund_class: str) -> str:
    reply = who.post("/api/funds", {"name": name, "fund_class": fund_class})
    assert reply.status == 201, reply
    return str(reply.json["id"])


def _build(who: SignedIn, aws: dict) -> str:
    reply = who.post("/api/gift-aid/claims", {"all": True})
    assert reply.status == 202, reply
    drain(aws)
    claim_id = str(reply.json["claim_id"])
    assert claim_of(who, claim_id)["state"] == "sealed", claim_of(who, claim_id)["problems"]
    return claim_id


def _accept(tenant_id: str, claim_id: str) -> None:
    """HMRC's acceptance as the submission job records it (the gateway is tested elsewhere)."""
    claim = repository.get_claim(tenant_id, claim_id)
    repository.update_claim(claim, [ClaimItem.state.set("accepted"), ClaimItem.decided_at.set(clock.now())])
    pipeline.settle_all(tenant_id, claim_id)


def _gift_aid_lines(who: SignedIn, fund_id: str) -> list[tuple[str, str, str | None]]:
    """(amount, date, project) of the fund's Gift Aid lines, as the fund's ledger shows them."""
    lines = fund_repository.lines_of(who.tenant_id, fund_id)
    return sorted(
        (f"{int(line.amount) / 100:.2f}", line.line_date, line.project_id)
        for line in lines
        if line.kind == "gift_aid"
    )


def _balance(who: SignedIn, fund_id: str) -> str:
    return str(who.get(f"/api/funds/{fund_id}").json["balance"])


@pytest.fixture
def claimed(charity: SignedIn, aws: dict) -> dict[str, Any]:
    """A sealed claim of: £40 Gift Aid split Roof (restricted) £30 / General £10 (tax £10); £20
    to Youth's project (tax £5); a £30 GASDS small cash donation to Roof (top-up £7.50)."""
    roof = _fund(charity, "Roof Appeal", "restricted")
    youth = _fund(charity, "Youth Work", "designated")
    ProjectTotals(*ProjectTotals.key(charity.tenant_id, PROJECT), project_id=PROJECT, fund_id=youth).save()
    donor = make_donor(charity)
    declared = charity.post(f"/api/donors/{donor['id']}/declarations", WRITTEN)
    assert declared.status == 201, declared
    split = make_donation(
        charity,
        donor_id=donor["id"],
        date="2025-06-01",
        amount="40.00",
        allocations=[{"fund_id": roof, "amount": "30.00"}, {"fund_id": DEFAULT_FUND_ID, "amount": "10.00"}],
    )
    to_project = make_donation(
        charity,
        donor_id=donor["id"],
        date="2025-07-01",
        amount="20.00",
        allocations=[{"fund_id": youth, "amount": "20.00"}],
    )
    item = Donation.get(*Donation.key(charity.tenant_id, to_project["id"]), consistent_read=True)
    item.allocations = [
        {"fund_id": youth, "amount": 2000, "project_id": PROJECT}
    ]  # as the projects area stores it
    item.save()
    small = make_donation(
        charity,
        date="2025-08-01",
        amount="30.00",
        payment_method="cash",
        gasds=True,
        allocations=[{"fund_id": roof, "amount": "30.00"}],
    )
    assert small["gift_aid"]["state"] == "gasds", small["gift_aid"]
    claim_id = _build(charity, aws)
    claim = claim_of(charity, claim_id)
    assert (claim["tax_claimed"], claim["gasds_top_up"], claim["net_total"]) == ("15.00", "7.50", "22.50")
    return {"claim": claim_id, "roof": roof, "youth": youth, "donor": donor["id"], "split": split["id"]}


def test_mark_paid_validates_and_answers_409_until_accepted_and_404_for_another_charity(
    charity: SignedIn, aws: dict, claimed: dict
) -> None:
    claim_id = claimed["claim"]
    paid = f"/api/gift-aid/claims/{claim_id}/paid"
    # GIVEN a sealed claim: it cannot be marked paid before HMRC accepts it
    refused = charity.post(paid, {"date": "2026-06-15"})
    assert refused.status == 409, refused
    assert "only a claim HMRC accepted" in refused.json["message"]
    _accept(charity.tenant_id, claim_id)
    # WHEN the date or the amount is wrong THEN 422 naming the field
    for body, field in (
        ({}, "date"),
        ({"date": "2026-06-16"}, "date"),  # in the future
        ({"date": "not a date"}, "date"),
        ({"date": "2026-06-15", "amount": "-1.00"}, "amount"),
        ({"date": "2026-06-15", "amount": "ten"}, "amount"),
        ({"date": "2026-06-15", "surprise": 1}, "surprise"),
    ):
        reply = charity.post(paid, body)
        assert reply.status == 422 and field in reply.json["errors"], (body, reply)
    before = charity.post(paid, {"date": "2026-06-14"})  # the claim was submitted (sealed) on 15/06/2026
    assert before.status == 422 and "15/06/2026" in before.json["errors"]["date"][0], before
    # AND another charity's user gets 404 for this claim
    with Client(app) as client:
        other = sign_up_charity(client, "Other Trust")
        assert other.post(paid, {"date": "2026-06-15"}).status == 404
        assert other.get(f"/api/gift-aid/claims/{claim_id}").status == 404
    # AND nothing was recorded: the claim is not paid
    assert claim_of(charity, claim_id)["paid"] is None


def test_gift_aid_received_follows_each_donations_split_and_is_allocated_once(
    charity: SignedIn, aws: dict, claimed: dict
) -> None:
    claim_id, roof, youth = claimed["claim"], claimed["roof"], claimed["youth"]
    _accept(charity.tenant_id, claim_id)
    roof_before, general_before = _balance(charity, roof), _balance(charity, DEFAULT_FUND_ID)
    # WHEN the claim is marked paid (the amount defaults to its net repayment)
    reply = charity.post(f"/api/gift-aid/claims/{claim_id}/paid", {"date": "2026-06-15"})
    assert reply.status == 202, reply
    assert reply.json["claim"]["paid"]["amount"] == "22.50"
    assert reply.json["claim"]["paid"]["allocated"] is False
    # AND its message is delivered twice at once
    drain(aws, times=2, concurrent=True)
    # THEN each fund got its share once: Roof £7.50 tax + £7.50 GASDS top-up, General £2.50,
    # Youth's project £5.00 (a handful of lines, dated the day the money came)
    assert _gift_aid_lines(charity, roof) == [("15.00", "2026-06-15", None)]
    assert _gift_aid_lines(charity, DEFAULT_FUND_ID) == [("2.50", "2026-06-15", None)]
    assert _gift_aid_lines(charity, youth) == [("5.00", "2026-06-15", PROJECT)]
    assert float(_balance(charity, roof)) == float(roof_before) + 15.00
    assert float(_balance(charity, DEFAULT_FUND_ID)) == float(general_before) + 2.50
    project = ProjectTotals.get(*ProjectTotals.key(charity.tenant_id, PROJECT), consistent_read=True)
    assert int(project.gift_aid) == 500
    lines = [line for line in fund_repository.lines_of(charity.tenant_id, roof) if line.kind == "gift_aid"]
    assert (lines[0].source_type, lines[0].source_id, lines[0].reason) == (
        "claim",
        claim_id,
        "gift_aid_received",
    )
    # AND the claim page says where the money went, with links to the funds
    paid = claim_of(charity, claim_id)["paid"]
    assert (paid["date"], paid["amount"], paid["allocated"]) == ("2026-06-15", "22.50", True)
    assert sorted((f["name"], f["amount"], f["link"]) for f in paid["funds"]) == [
        ("General", "2.50", f"/fund-management/f/{DEFAULT_FUND_ID}"),
        ("Roof Appeal", "15.00", f"/fund-management/f/{roof}"),
        ("Youth Work", "5.00", f"/fund-management/f/{youth}"),
    ]
    # AND marking it paid again is refused
    again = charity.post(f"/api/gift-aid/claims/{claim_id}/paid", {"date": "2026-06-15"})
    assert again.status == 409 and again.json["message"] == "This claim is already marked as paid."
    # AND Past Claims finds it under "Paid"
    listed = charity.get("/api/gift-aid/claims?state=paid").json
    assert [c["id"] for c in listed["data"]] == [claim_id] and listed["meta"]["total"] == 1
    assert charity.get("/api/gift-aid/claims?state=paid&search=nothing-like-it").json["data"] == []
    # AND a run resumed after a crash (the claim not yet recorded as allocated) writes nothing again
    claim = repository.get_claim(charity.tenant_id, claim_id)
    repository.update_claim(claim, [ClaimItem.allocated.set(False)])
    allocation.allocate(charity.tenant_id, claim_id)
    assert _gift_aid_lines(charity, roof) == [("15.00", "2026-06-15", None)]
    assert float(_balance(charity, roof)) == float(roof_before) + 15.00


def test_general_fund_policy_puts_all_gift_aid_received_in_general_and_shows_a_different_amount(
    charity: SignedIn, aws: dict, claimed: dict
) -> None:
    # GIVEN the charity allocates Gift Aid received to the General fund
    settings = charity.get("/api/gift-aid/settings").json
    assert settings["gift_aid_to"] == "donation_funds"
    wrong = charity.put("/api/gift-aid/settings", {**_settings_body(settings), "gift_aid_to": "roof"})
    assert wrong.status == 422 and "gift_aid_to" in wrong.json["errors"]
    saved = charity.put("/api/gift-aid/settings", {**_settings_body(settings), "gift_aid_to": "general"})
    assert saved.status == 200 and saved.json["gift_aid_to"] == "general", saved
    # a save that does not send the choice keeps it
    kept = charity.put("/api/gift-aid/settings", _settings_body(saved.json))
    assert kept.status == 200 and kept.json["gift_aid_to"] == "general", kept
    _accept(charity.tenant_id, claimed["claim"])
    # WHEN HMRC paid a different amount than claimed
    reply = charity.post(
        f"/api/gift-aid/claims/{claimed['claim']}/paid", {"date": "2026-06-15", "amount": "20.00"}
    )
    assert reply.status == 202, reply
    drain(aws)
    # THEN the claim's Gift Aid is one line in General, and the amount received is shown
    assert _gift_aid_lines(charity, DEFAULT_FUND_ID) == [("22.50", "2026-06-15", None)]
    assert _gift_aid_lines(charity, claimed["roof"]) == []
    paid = claim_of(charity, claimed["claim"])["paid"]
    assert (paid["amount"], paid["policy"], [f["name"] for f in paid["funds"]]) == (
        "20.00",
        "general",
        ["General"],
    )
    assert claim_of(charity, claimed["claim"])["net_total"] == "22.50"


def _settings_body(view: dict[str, Any]) -> dict[str, Any]:
    names = (
        "hmrc_reference",
        "regulator",
        "regulator_number",
        "official",
        "entity_type",
        "year_end",
        "aggregation_limit",
        "aggregate_small_donations",
        "sum_donor_lines",
        "reminders",
        "gateway_user_id",
        "vendor_id",
        "endpoint",
        "version",
    )
    return {name: view[name] for name in names}


def test_a_claims_adjustment_is_taken_back_from_the_funds_of_the_refunded_donation(
    charity: SignedIn, aws: dict, claimed: dict
) -> None:
    # GIVEN the first claim accepted and paid, then its split donation refunded (a reversal of £10)
    _accept(charity.tenant_id, claimed["claim"])
    assert charity.post(f"/api/gift-aid/claims/{claimed['claim']}/paid", {"date": "2026-06-15"}).status == 202
    drain(aws)
    current = charity.get(f"/api/donations/{claimed['split']}").json
    body = {k: current[k] for k in ("donor_id", "amount", "date", "payment_method", "sponsored")}
    refunded = charity.put(
        f"/api/donations/{claimed['split']}",
        {**body, "status": "refunded", "refunded_at": "2026-06-01", "version": current["version"]},
    )
    assert refunded.status == 200, refunded
    # AND a new £20 Gift Aid donation to General (tax £5)
    make_donation(charity, donor_id=claimed["donor"], date="2026-05-01", amount="20.00")
    second = _build(charity, aws)
    claim = claim_of(charity, second)
    assert (claim["tax_claimed"], claim["adjustment"], claim["net_total"]) == ("5.00", "10.00", "-5.00")
    _accept(charity.tenant_id, second)
    # WHEN the second claim is marked paid
    reply = charity.post(f"/api/gift-aid/claims/{second}/paid", {"date": "2026-06-15", "amount": "0.01"})
    assert reply.status == 202, reply
    drain(aws)
    # THEN the over-claimed £10 comes back out of Roof (£7.50) and General (£2.50), in the split's
    # proportions, and General keeps the new donation's £5
    assert _gift_aid_lines(charity, claimed["roof"]) == [
        ("-7.50", "2026-06-15", None),
        ("15.00", "2026-06-15", None),
    ]
    assert _gift_aid_lines(charity, DEFAULT_FUND_ID) == [
        ("2.50", "2026-06-15", None),
        ("2.50", "2026-06-15", None),
    ]
    paid = claim_of(charity, second)["paid"]
    assert sorted((f["name"], f["amount"]) for f in paid["funds"]) == [
        ("General", "2.50"),
        ("Roof Appeal", "-7.50"),
    ]


def test_an_adjustment_a_restricted_fund_cannot_cover_is_taken_from_general(
    charity: SignedIn, aws: dict, claimed: dict
) -> None:
    # GIVEN the first claim accepted (not yet paid) and its split donation refunded since
    roof = claimed["roof"]
    _accept(charity.tenant_id, claimed["claim"])
    current = charity.get(f"/api/donations/{claimed['split']}").json
    body = {k: current[k] for k in ("donor_id", "amount", "date", "payment_method", "sponsored")}
    refunded = charity.put(
        f"/api/donations/{claimed['split']}",
        {**body, "status": "refunded", "refunded_at": "2026-06-01", "version": current["version"]},
    )
    assert refunded.status == 200, refunded
    # AND the restricted Roof fund's money spent elsewhere (a release to General): its balance is 0
    released = charity.post(
        "/api/funds/transfers",
        {
            "from_fund_id": roof,
            "to_fund_id": DEFAULT_FUND_ID,
            "amount": _balance(charity, roof),
            "date": "2026-06-10",
            "reason": "release_from_restriction",
            "note": "Roof repaired",
        },
    )
    assert released.status in (200, 201), released
    assert _balance(charity, roof) == "0.00"
    # WHEN a later claim with the £10 adjustment is paid
    make_donation(charity, donor_id=claimed["donor"], date="2026-05-01", amount="20.00")
    second = _build(charity, aws)
    _accept(charity.tenant_id, second)
    assert charity.post(f"/api/gift-aid/claims/{second}/paid", {"date": "2026-06-15"}).status == 202
    drain(aws)
    # THEN Roof is never overdrawn: its £7.50 share of the over-claim is taken from General with
    # General's own £2.50 share, against the new donation's £5 (net −£5.00)
    assert _balance(charity, roof) == "0.00"
    assert _gift_aid_lines(charity, roof) == []
    assert _gift_aid_lines(charity, DEFAULT_FUND_ID) == [("-5.00", "2026-06-15", None)]
    paid = claim_of(charity, second)["paid"]
    assert (paid["allocated"], [(f["name"], f["amount"]) for f in paid["funds"]]) == (
        True,
        [("General", "-5.00")],
    )
