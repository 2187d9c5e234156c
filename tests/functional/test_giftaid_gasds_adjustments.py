"""GASDS, adjustments and the annual benefit cap end to end (GIFT_AID.md §3, §5, §6, §9): a claim
with GASDS small donations and the adjustment of a refunded claimed donation produces an R68 XML
valid against HMRC's schemas with the right <GASDS>, <Adjustment> and <OtherInfo>; a reversal or
a small donation is never taken by two claims; a cancelled claim hands them back; the donation
form's GASDS option is validated; a benefit change re-assesses the donor's tax year."""

from __future__ import annotations

import datetime as dt
import os
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from chalice.test import Client
from lxml import etree

from app import app
from functions.core import clock
from functions.core import files as stored_files
from functions.domain.hmrc import irmark
from functions.domain.hmrc.r68 import ENVELOPE_NS, R68_NS
from functions.giftaid import files, pipeline, repository
from functions.giftaid.models import ClaimItem, GasdsYear, Reversal
from tests.functional.donations_helpers import make_donation, make_donor
from tests.functional.giftaid_helpers import claim_of, configure, drain
from tests.functional.helpers import SignedIn, sign_up_charity

NOW = dt.datetime(2026, 6, 15, 12, 0, tzinfo=dt.UTC)  # tax year 2026-27: GASDS years 2024-25..2026-27
WRITTEN = {"method": "written", "scope": ["future"], "date_given": "2025-01-10", "statement_version": "v1"}
REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference" / "hmrc" / "xsd"
NS = {"e": ENVELOPE_NS, "r": R68_NS}


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


def _schemas() -> etree.XMLSchema:
    """Envelope + R68 + xmldsig together (HMRC's schemas, as the unit tests load them)."""
    if not REFERENCE.is_dir():
        reason = f"HMRC reference material absent at {REFERENCE}"
        if os.environ.get("CI"):
            pytest.fail(reason)
        print(f"SKIP: {reason} (outside CI)")
        pytest.skip(reason)
    where = REFERENCE.as_uri()
    wrapper = (
        '<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:almoner:wrapper">'
        '<xsd:import namespace="http://www.w3.org/2000/09/xmldsig#" '
        f'schemaLocation="{where}/xmldsig-core-schema.xsd"/>'
        f'<xsd:import namespace="{ENVELOPE_NS}" schemaLocation="{where}/envelope-v2-0-HMRC.xsd"/>'
        f'<xsd:import namespace="{R68_NS}" schemaLocation="{where}/r68-v2-0.xsd"/>'
        "</xsd:schema>"
    )
    return etree.XMLSchema(etree.fromstring(wrapper))


def _gift(who: SignedIn, donor_id: str | None, day: str, amount: str, **fields: Any) -> dict[str, Any]:
    return make_donation(who, donor_id=donor_id, date=day, amount=amount, **fields)


def _small(who: SignedIn, day: str, amount: str, method: str = "cash") -> str:
    made = make_donation(who, date=day, amount=amount, payment_method=method, gasds=True)
    assert made["gift_aid"]["state"] == "gasds", made["gift_aid"]
    return str(made["id"])


def _build(who: SignedIn, aws: dict, **drain_options: Any) -> str:
    reply = who.post("/api/gift-aid/claims", {"all": True})
    assert reply.status == 202, reply
    drain(aws, **drain_options)
    return str(reply.json["claim_id"])


def _accept(tenant_id: str, claim_id: str) -> None:
    """HMRC's acceptance as the submission job records it (the gateway is tested elsewhere)."""
    claim = repository.get_claim(tenant_id, claim_id)
    repository.update_claim(claim, [ClaimItem.state.set("accepted"), ClaimItem.decided_at.set(clock.now())])
    pipeline.settle_all(tenant_id, claim_id)


def _refund(who: SignedIn, donation_id: str) -> dict[str, Any]:
    current = who.get(f"/api/donations/{donation_id}").json
    body = {k: current[k] for k in ("donor_id", "amount", "date", "payment_method", "sponsored")}
    reply = who.put(
        f"/api/donations/{donation_id}",
        {**body, "status": "refunded", "refunded_at": "2026-06-01", "version": current["version"]},
    )
    assert reply.status == 200, reply
    return reply.json


@pytest.fixture
def history(charity: SignedIn, aws: dict) -> dict[str, Any]:
    """An accepted claim of two £40 Gift Aid donations of 2025-26, one of them refunded since (so
    an open reversal of £10 tax), then new donations: £20 of Gift Aid in 2026-27 and small cash
    donations in three tax years."""
    donor = make_donor(charity)
    declared = charity.post(f"/api/donors/{donor['id']}/declarations", WRITTEN)
    assert declared.status == 201, declared
    first = [_gift(charity, donor["id"], day, "40.00")["id"] for day in ("2025-06-01", "2025-07-01")]
    accepted = _build(charity, aws)
    assert claim_of(charity, accepted)["state"] == "sealed"
    _accept(charity.tenant_id, accepted)
    refunded = _refund(charity, first[0])
    assert refunded["gift_aid"]["state"] == "claimed"  # what was claimed stays claimed...
    new_gift = _gift(charity, donor["id"], "2026-05-01", "20.00")
    small_2025 = [_small(charity, f"2025-08-0{n}", "30.00") for n in (1, 2, 3)]
    small_2026 = [_small(charity, f"2026-05-0{n}", "25.00", "contactless") for n in (2, 3)]
    small_2024 = _small(charity, "2024-05-01", "10.00")  # no Gift Aid claimed in 2024-25
    return {
        "donor": donor["id"],
        "declaration": declared.json["id"],
        "accepted": accepted,
        "refunded": first[0],
        "kept": first[1],
        "new_gift": new_gift["id"],
        "small_2025": small_2025,
        "small_2026": small_2026,
        "small_2024": small_2024,
    }


def _xml_of(tenant_id: str, claim_id: str) -> bytes:
    stored = repository.get_claim(tenant_id, claim_id).stored_files()
    return stored_files.read(stored[files.R68_XML])


def test_claim_with_gasds_and_adjustment_gives_valid_r68(charity: SignedIn, aws: dict, history: dict) -> None:
    # GIVEN New Claim shows the open adjustment and the GASDS estimate per tax year
    summary = charity.get("/api/gift-aid/claimable").json
    assert summary["adjustments"]["count"] == 1 and summary["adjustments"]["tax_total"] == "10.00"
    assert summary["adjustments"]["data"][0]["donation_id"] == history["refunded"]
    estimate = {row["tax_year"]: row for row in summary["gasds"]}
    assert list(estimate) == ["2024-25", "2025-26", "2026-27"]
    assert (estimate["2024-25"]["waiting"], estimate["2024-25"]["estimate"]) == ("10.00", "0.00")
    # 2025-26: £80 claimed, £40 of it refunded → 10 × £40 = £400 allows all £90
    assert (estimate["2025-26"]["matching_limit"], estimate["2025-26"]["estimate"]) == ("400.00", "90.00")
    assert estimate["2026-27"]["estimate"] == "50.00"  # 10 × the £20 claimable now

    # WHEN a claim of everything is built
    claim_id = _build(charity, aws)

    # THEN it carries the £20 Gift Aid line, GASDS of two tax years and the £10 adjustment
    claim = claim_of(charity, claim_id)
    assert claim["state"] == "sealed", claim["problems"]
    assert claim["counts"]["donations"] == 1 and claim["tax_claimed"] == "5.00"
    assert [(g["tax_year_end"], g["amount"], g["donations"]) for g in claim["gasds"]] == [
        (2026, "90.00", 3),
        (2027, "50.00", 2),
    ]
    assert (claim["gasds_total"], claim["gasds_top_up"], claim["adjustment"]) == ("140.00", "35.00", "10.00")
    assert claim["net_total"] == "30.00"  # 5.00 + 35.00 − 10.00
    assert claim["other_info"].startswith("Adjustment of £10.00 for tax over-claimed on 1 donation: ")
    assert "1 refunded donation from claim 2026-06-15 (£40.00 given, £10.00 tax)" in claim["other_info"]
    assert [r["donation_id"] for r in claim["reversals"]] == [history["refunded"]]

    # AND the R68 XML is valid against HMRC's schemas and says exactly that
    xml = _xml_of(charity.tenant_id, claim_id)
    document = etree.fromstring(xml)
    schema = _schemas()
    assert schema.validate(document), schema.error_log
    assert irmark.irmark_of_document(xml) == claim["irmark"]
    body = document.find("e:Body/r:IRenvelope/r:R68/r:Claim", NS)
    assert body is not None
    assert body.findtext("r:Repayment/r:Adjustment", namespaces=NS) == "10.00"
    assert [g.findtext("r:Total", namespaces=NS) for g in body.findall("r:Repayment/r:GAD", NS)] == ["20.00"]
    years = [
        (y.findtext("r:Year", namespaces=NS), y.findtext("r:Amount", namespaces=NS))
        for y in body.findall("r:GASDS/r:GASDSClaim", NS)
    ]
    assert years == [("2026", "90.00"), ("2027", "50.00")]
    assert body.findtext("r:OtherInfo", namespaces=NS) == claim["other_info"]

    # AND the small donation of 2024-25 (no Gift Aid claimed that year) still waits
    waiting = charity.get(f"/api/donations/{history['small_2024']}").json
    assert waiting["gift_aid"]["state"] == "gasds" and waiting["gift_aid"]["claim_id"] is None
    claimed_small = charity.get(f"/api/donations/{history['small_2025'][0]}").json["gift_aid"]
    assert (claimed_small["claim_id"], claimed_small["reason"]) == (claim_id, "giftaid.gasds_in_claim")
    # AND the next New Claim has no adjustment left to take
    assert charity.get("/api/gift-aid/claimable").json["adjustments"]["count"] == 0


def test_a_reversal_and_a_small_donation_are_never_taken_by_two_claims(
    charity: SignedIn, aws: dict, history: dict
) -> None:
    # GIVEN two claims created at once, their messages delivered twice and concurrently
    first = charity.post("/api/gift-aid/claims", {"all": True}).json["claim_id"]
    second = charity.post("/api/gift-aid/claims", {"all": True}).json["claim_id"]
    drain(aws, times=2, concurrent=True)
    claims = [claim_of(charity, first), claim_of(charity, second)]
    # THEN the reversal is in exactly one adjustment
    reversal = Reversal.get(*Reversal.key(charity.tenant_id, history["refunded"]), consistent_read=True)
    assert reversal.adjusted_in in (first, second)
    assert sorted(c["adjustment"] for c in claims) == ["0.00", "10.00"]
    # AND each small donation is in at most one claim, with the claims' GASDS equal to the ledger
    smalls = [*history["small_2025"], *history["small_2026"]]
    holders = [charity.get(f"/api/donations/{d}").json["gift_aid"]["claim_id"] for d in smalls]
    assert all(holder in (first, second) for holder in holders)
    for year_end, total in ((2026, "90.00"), (2027, "50.00")):
        carried = sum(
            (Decimal(g["amount"]) for c in claims for g in c["gasds"] if g["tax_year_end"] == year_end),
            Decimal("0.00"),
        )
        assert carried == Decimal(total)
        ledger = GasdsYear.get(*GasdsYear.key(charity.tenant_id, year_end - 1), consistent_read=True)
        assert ledger.reserved == carried


def test_a_cancelled_claim_hands_back_its_small_donations_and_reversals(
    charity: SignedIn, aws: dict, history: dict
) -> None:
    # GIVEN a sealed claim with GASDS and the adjustment
    claim_id = _build(charity, aws)
    assert claim_of(charity, claim_id)["adjustment"] == "10.00"
    # WHEN it is cancelled
    assert charity.post(f"/api/gift-aid/claims/{claim_id}/cancel").status == 200
    drain(aws)
    # THEN the reversal is open again and the small donations wait again, the ledger is empty
    summary = charity.get("/api/gift-aid/claimable").json
    assert summary["adjustments"]["count"] == 1
    for donation_id in [*history["small_2025"], *history["small_2026"]]:
        state = charity.get(f"/api/donations/{donation_id}").json["gift_aid"]
        assert (state["state"], state["reason"], state["claim_id"]) == ("gasds", "giftaid.gasds", None)
    for year in (2025, 2026):
        assert GasdsYear.get(*GasdsYear.key(charity.tenant_id, year), consistent_read=True).reserved == 0
    # AND the next claim takes them all again
    again = claim_of(charity, _build(charity, aws))
    assert again["adjustment"] == "10.00"
    assert [g["amount"] for g in again["gasds"]] == ["90.00", "50.00"]


def test_gasds_option_is_validated_and_undoing_a_refund_withdraws_the_reversal(
    charity: SignedIn, aws: dict, history: dict
) -> None:
    bad = [
        ({"payment_method": "card"}, "Only cash"),
        ({"amount": "30.01"}, "at most £30.00"),
        ({"benefit_value": "1.00"}, "cannot give the donor a benefit"),
        ({"sponsored": True}, "sponsorship"),
    ]
    for fields, words in bad:
        body = {"amount": "5.00", "date": "2026-06-01", "payment_method": "cash", "gasds": True, **fields}
        reply = charity.post("/api/donations", body)
        assert reply.status == 422, reply
        assert words in reply.json["errors"]["gasds"][0]
    # GIVEN the refunded claimed donation WHEN the refund is undone THEN its reversal goes
    current = charity.get(f"/api/donations/{history['refunded']}").json
    body = {k: current[k] for k in ("donor_id", "amount", "date", "payment_method", "sponsored")}
    reply = charity.put(
        f"/api/donations/{history['refunded']}", {**body, "status": "received", "version": current["version"]}
    )
    assert reply.status == 200, reply
    assert charity.get("/api/gift-aid/claimable").json["adjustments"]["count"] == 0


def test_the_annual_benefit_cap_follows_benefit_changes(charity: SignedIn, aws: dict) -> None:
    # GIVEN three £20,000 donations of 2025-26, each with a £1,000 benefit (within its own limit)
    donor = make_donor(charity)
    assert charity.post(f"/api/donors/{donor['id']}/declarations", WRITTEN).status == 201
    made = [
        _gift(charity, donor["id"], day, "20000.00", benefit_value="1000.00", payment_method="cheque")
        for day in ("2025-05-01", "2025-06-01", "2025-07-01")
    ]
    # THEN the third takes the donor's benefits over £2,500 and says so
    states = [charity.get(f"/api/donations/{d['id']}").json["gift_aid"] for d in made]
    assert [s["state"] for s in states] == ["claimable", "claimable", "not_eligible"]
    assert (
        states[2]["reason_text"]
        == "benefits to this donor in 2025-26 total £3,000.00, above the £2,500.00 limit"
    )
    # WHEN the first donation's benefit is removed
    first = charity.get(f"/api/donations/{made[0]['id']}").json
    body = {k: first[k] for k in ("donor_id", "amount", "date", "payment_method", "sponsored")}
    reply = charity.put(
        f"/api/donations/{made[0]['id']}", {**body, "benefit_value": "0", "version": first["version"]}
    )
    assert reply.status == 200, reply
    # THEN the third is re-assessed and claimable
    assert charity.get(f"/api/donations/{made[2]['id']}").json["gift_aid"]["state"] == "claimable"
    # AND giving the first a benefit again puts the third over the cap once more
    first = charity.get(f"/api/donations/{made[0]['id']}").json
    reply = charity.put(
        f"/api/donations/{made[0]['id']}", {**body, "benefit_value": "600.00", "version": first["version"]}
    )
    assert reply.status == 200, reply
    third = charity.get(f"/api/donations/{made[2]['id']}").json["gift_aid"]
    assert third["state"] == "not_eligible" and "£2,600.00" in third["reason_text"]


def test_the_daily_refresh_moves_small_donations_past_their_time_limit(charity: SignedIn) -> None:
    from functions.declarations import schedules

    # GIVEN on 5 April 2026 a small donation of 5 April 2024 (tax year 2023-24, claimable until today)
    clock.set_clock(lambda: dt.datetime(2026, 4, 5, 12, 0, tzinfo=dt.UTC))
    donation_id = _small(charity, "2024-04-05", "10.00")
    # WHEN a day passes and the daily refresh runs
    clock.set_clock(lambda: dt.datetime(2026, 4, 6, 12, 0, tzinfo=dt.UTC))
    schedules.refresh_tenant(charity.tenant_id)
    # THEN it is no longer waiting for GASDS, and says why
    state = charity.get(f"/api/donations/{donation_id}").json["gift_aid"]
    assert (state["state"], state["reason"]) == ("not_eligible", "giftaid.gasds_too_old")
    assert state["reason_text"] == "older than the GASDS limit (ended 05/04/2026)"


def test_a_declaration_cancelled_before_a_claimed_donation_reverses_it(
    charity: SignedIn, history: dict
) -> None:
    # GIVEN the claimed £40 donation of 1 July 2025 WHEN its declaration is cancelled from 15 June 2025
    reply = charity.post(
        f"/api/donors/{history['donor']}/declarations/{history['declaration']}/cancel",
        {"cancelled_on": "2025-06-15", "reason": "The donor was not a UK taxpayer"},
    )
    assert reply.status == 200, reply
    # THEN the next claim will deduct its £10 too, beside the refunded one's
    adjustments = charity.get("/api/gift-aid/claimable").json["adjustments"]
    causes = {row["donation_id"]: row["cause"] for row in adjustments["data"]}
    assert causes == {history["refunded"]: "refunded", history["kept"]: "declaration_cancelled"}
    assert adjustments["tax_total"] == "20.00"
    assert "1 donation whose declaration was cancelled" in adjustments["other_info"]


def test_a_gasds_only_claim_leaves_the_adjustment_to_a_later_claim(
    charity: SignedIn, aws: dict, history: dict
) -> None:
    # GIVEN an open reversal and small donations, and a claim that takes no Gift Aid donation
    reply = charity.post("/api/gift-aid/claims", {"donation_ids": ["no-such-donation"]})
    assert reply.status == 202, reply
    drain(aws)
    claim = claim_of(charity, reply.json["claim_id"])
    # THEN it is a valid GASDS-only claim: no adjustment (HMRC rule 7035 wants Gift Aid donations
    # beside one), so the reversal stays open for the next claim
    assert claim["state"] == "sealed", claim["problems"]
    assert claim["counts"]["donations"] == 0 and claim["adjustment"] == "0.00"
    assert [g["tax_year_end"] for g in claim["gasds"]] == [2026]  # 2026-27 needs this year's Gift Aid
    assert charity.get("/api/gift-aid/claimable").json["adjustments"]["count"] == 1
    # AND its files are the R68 XML only: no empty Gift Aid schedule is offered
    stored = repository.get_claim(charity.tenant_id, reply.json["claim_id"]).stored_files()
    assert set(stored) == {files.R68_XML, files.LINE_MAP}
    document = etree.fromstring(_xml_of(charity.tenant_id, reply.json["claim_id"]))
    assert _schemas().validate(document), _schemas().error_log
    assert document.find("e:Body/r:IRenvelope/r:R68/r:Claim/r:Repayment", NS) is None
    # AND the next claim, with the £20 Gift Aid donation, deducts it
    later = claim_of(charity, _build(charity, aws))
    assert (later["state"], later["adjustment"], later["counts"]["donations"]) == ("sealed", "10.00", 1)
