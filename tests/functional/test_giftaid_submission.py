"""Direct submission of a sealed claim to HMRC's Transaction Engine, here the local fake gateway
(chalicelocal/fake_hmrc.py) in-process as the transport, and once over HTTP on the local web
server: accepted with its receipt, rejected with the error on the right donation, every exchange
kept without the password, and never sent twice whatever the queue does (GIFT_AID.md §8-9)."""

from __future__ import annotations

import base64
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from aws_lambda_powertools.utilities.batch.exceptions import BatchProcessingError
from chalice import Chalice
from chalice.test import Client

from app import app
from chalicelocal import web
from chalicelocal.fake_hmrc import REJECT_SURNAME, FakeTransactionEngine
from functions.core import files as stored_files
from functions.core import jobs as core_jobs
from functions.domain.hmrc.irmark import encode_digest
from functions.giftaid import files, repository, submission
from functions.giftaid import jobs as claim_jobs
from tests.functional.donations_helpers import make_donor
from tests.functional.giftaid_helpers import claim_of, configure, drain, put_donations
from tests.functional.helpers import SignedIn, lambda_event, receive, sign_up_charity

GATEWAY_URL = "http://127.0.0.1:9/fake-hmrc/submission"  # never dialled: the fake is the transport
PASSWORD = "testing1"  # the helpers' gateway password
# Covers the donations put_donations writes (January to March 2026), so a released donation is
# assessed claimable again.
DECLARATION = {
    "method": "written",
    "scope": ["future", "past_4_years"],
    "date_given": "2026-04-01",
    "statement_version": "v1",
}


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeTransactionEngine:
    engine = FakeTransactionEngine(polls_before_ready=1, poll_interval=1)
    monkeypatch.setattr(submission, "transport", engine)
    monkeypatch.setenv("ALMONER_GATEWAY_POLL_CAP", "0")  # no sleeping between polls in tests
    return engine


@pytest.fixture
def charity(aws: dict) -> Iterator[SignedIn]:
    with Client(app) as client:
        who = sign_up_charity(client)
        configure(who, endpoint=GATEWAY_URL)
        yield who


def sealed_claim(aws: dict, who: SignedIn, *surnames: str) -> tuple[str, dict[str, list[str]]]:
    """A sealed claim with two donations of each declared donor (one donor per surname)."""
    by_donor: dict[str, list[str]] = {}
    for number, surname in enumerate(surnames):
        donor = make_donor(who, last_name=surname)
        declared = who.post(f"/api/donors/{donor['id']}/declarations", DECLARATION)
        assert declared.status == 201, declared
        by_donor[surname] = put_donations(who.tenant_id, donor["id"], 2, start=10 * number)
    reply = who.post("/api/gift-aid/claims", {"all": True})
    assert reply.status == 202, reply
    drain(aws)
    claim_id = str(reply.json["claim_id"])
    assert claim_of(who, claim_id)["state"] == "sealed"
    return claim_id, by_donor


def submit(who: SignedIn, claim_id: str) -> dict[str, Any]:
    reply = who.post(f"/api/gift-aid/claims/{claim_id}/submit")
    assert reply.status == 202, reply
    return reply.json


def delivered(message: dict[str, Any]) -> bool:
    """One delivery of a claims message to a fresh worker, as Lambda does; False when it failed
    (the message stays on the queue for a retry)."""
    try:
        answer = core_jobs.sqs_handler(claim_jobs.handle)(lambda_event([message]), None)
    except BatchProcessingError:  # every record of the batch failed
        return False
    return not answer["batchItemFailures"]


def states(who: SignedIn, donation_ids: list[str]) -> dict[str, tuple[str, str | None]]:
    return {
        d.donation_id: (d.gift_aid_state, d.claim_id)
        for d in repository.donations(who.tenant_id, donation_ids)
    }


def test_an_accepted_claim_keeps_its_receipt_and_its_donations_become_claimed(
    aws: dict, charity: SignedIn, fake: FakeTransactionEngine
) -> None:
    # GIVEN a sealed claim
    claim_id, by_donor = sealed_claim(aws, charity, "Lovelace", "Hopper")
    donation_ids = by_donor["Lovelace"] + by_donor["Hopper"]
    # WHEN it is submitted and the claims queue runs
    job_id = submit(charity, claim_id)["job_id"]
    drain(aws)
    # THEN the claim is accepted with HMRC's receipt quoting its IRmark, and the job is done
    claim = claim_of(charity, claim_id)
    assert claim["state"] == "accepted" and claim["errors"] == []
    base32 = encode_digest(base64.b64decode(claim["irmark"]))[1]
    assert f"The associated IRmark was: {base32}." in claim["receipt"]
    assert claim["correlation_id"] and claim["decided_at"]
    assert charity.get(f"/api/jobs/{job_id}").json["status"] == "done"
    # AND every donation is claimed, still in this claim
    assert set(states(charity, donation_ids).values()) == {("claimed", claim_id)}
    claimed = charity.get("/api/gift-aid/claimed?length=50").json["data"]
    assert {row["id"] for row in claimed} == set(donation_ids)
    # AND the claim was sent once; every exchange is kept in order: submit, two polls, delete
    assert fake.submit_count() == 1
    records = charity.get(f"/api/gift-aid/claims/{claim_id}/submissions").json["data"]
    assert [(r["step"], r["qualifier"]) for r in records] == [
        ("submit", "acknowledgement"),
        ("poll", "acknowledgement"),
        ("poll", "response"),
        ("delete", "response"),
    ]
    assert all(r["request_url"] and r["response_url"] and r["http_status"] == 200 for r in records)
    # AND the stored submission is the claim without the gateway password, the answers as received
    stored = repository.submissions(charity.tenant_id, claim_id)
    request = stored_files.read(str(stored[0].request_key))
    assert b"<Class>HMRC-CHAR-CLM</Class>" in request
    assert f'<IRmark Type="generic">{claim["irmark"]}</IRmark>'.encode() in request
    assert PASSWORD.encode() not in request
    assert f"<Value>{files.PASSWORD_PLACEHOLDER}</Value>".encode() in request
    assert b"<SuccessResponse" in stored_files.read(str(stored[2].response_key))


def test_a_rejected_claim_maps_the_error_to_its_donation_and_releases_every_donation(
    aws: dict, charity: SignedIn, fake: FakeTransactionEngine
) -> None:
    # GIVEN a sealed claim in which one donor's surname makes the fake gateway refuse its lines
    claim_id, by_donor = sealed_claim(aws, charity, "Lovelace", REJECT_SURNAME)
    # WHEN it is submitted
    submit(charity, claim_id)
    drain(aws)
    # THEN the claim is rejected; each business error names the line and the donation behind it
    claim = claim_of(charity, claim_id)
    assert claim["state"] == "rejected" and claim["receipt"] is None
    located = [e for e in claim["errors"] if e["line"] is not None]
    assert {e["number"] for e in claim["errors"]} == {"3001", "7001"}
    assert sorted(d for e in located for d in e["donation_ids"]) == sorted(by_donor[REJECT_SURNAME])
    assert all(REJECT_SURNAME in e["text"] and e["type"] == "business" for e in located)
    # AND every donation of the claim is back in the pool, claimable, in no claim
    every = by_donor["Lovelace"] + by_donor[REJECT_SURNAME]
    assert set(states(charity, every).values()) == {("claimable", None)}
    assert fake.submit_count() == 1


def test_a_claim_without_a_gateway_password_fails_authentication_and_is_released(
    aws: dict, charity: SignedIn, fake: FakeTransactionEngine
) -> None:
    claim_id, by_donor = sealed_claim(aws, charity, "Lovelace")
    settings = repository.get_settings(charity.tenant_id)
    assert settings is not None
    settings.gateway_password = None
    settings.save()
    submit(charity, claim_id)
    drain(aws)
    claim = claim_of(charity, claim_id)
    assert claim["state"] == "rejected" and claim["correlation_id"] is None
    assert [(e["number"], e["line"]) for e in claim["errors"]] == [("1046", None)]
    assert set(states(charity, by_donor["Lovelace"]).values()) == {("claimable", None)}
    # no CorrelationID: nothing to poll or delete
    records = charity.get(f"/api/gift-aid/claims/{claim_id}/submissions").json["data"]
    assert [(r["step"], r["qualifier"]) for r in records] == [("submit", "error")]


def test_a_retried_message_polls_the_same_submission_instead_of_sending_it_again(
    aws: dict, charity: SignedIn, fake: FakeTransactionEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    # GIVEN a gateway connection that breaks on the first poll, after the claim was acknowledged
    claim_id, _ = sealed_claim(aws, charity, "Lovelace")
    broken: list[str] = []

    def flaky(url: str, body: bytes) -> tuple[int, bytes]:
        if b"<Qualifier>poll</Qualifier>" in body and not broken:
            broken.append(url)
            raise ConnectionResetError("connection reset by peer")
        return fake(url, body)

    monkeypatch.setattr(submission, "transport", flaky)
    # WHEN the submit message fails once and is delivered again
    submit(charity, claim_id)
    drain(aws)
    # THEN the claim was sent once and accepted on the retry
    assert broken and fake.submit_count() == 1
    assert claim_of(charity, claim_id)["state"] == "accepted"


def test_a_duplicate_delivery_while_the_claim_is_being_sent_does_not_send_it_again(
    aws: dict, charity: SignedIn, fake: FakeTransactionEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    # GIVEN the submit message, delivered a second time while the first delivery is mid-POST
    claim_id, _ = sealed_claim(aws, charity, "Lovelace")
    submit(charity, claim_id)
    [message] = receive(aws, "ClaimsQueue")
    duplicate: list[bool] = []

    def sending(url: str, body: bytes) -> tuple[int, bytes]:
        if b"<Function>submit</Function><CorrelationID></CorrelationID>" in body and not duplicate:
            duplicate.append(delivered(message))
        return fake(url, body)

    monkeypatch.setattr(submission, "transport", sending)
    # WHEN the first delivery runs
    assert delivered(message)
    # THEN the duplicate found the claim being sent and failed (to be retried), without POSTing
    assert duplicate == [False]
    assert fake.submit_count() == 1
    assert claim_of(charity, claim_id)["state"] == "accepted"
    # AND when the duplicate comes back, the claim is decided: nothing more is sent
    drain(aws)
    assert fake.submit_count() == 1


def test_an_answer_lost_after_sending_is_never_resent(
    aws: dict, charity: SignedIn, fake: FakeTransactionEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    # GIVEN a gateway that receives the claim but whose answer never arrives (a timeout)
    claim_id, by_donor = sealed_claim(aws, charity, "Lovelace")

    def timing_out(url: str, body: bytes) -> tuple[int, bytes]:
        fake(url, body)
        raise TimeoutError("the read operation timed out")

    monkeypatch.setattr(submission, "transport", timing_out)
    submit(charity, claim_id)
    [message] = receive(aws, "ClaimsQueue")
    # WHEN the message is delivered three times
    results = [delivered(message) for _ in range(3)]
    # THEN each delivery fails, the claim reached the gateway once and is not sent again
    assert results == [False, False, False]
    assert fake.submit_count() == 1
    claim = claim_of(charity, claim_id)
    assert claim["state"] == "submitted" and claim["correlation_id"] is None
    assert set(states(charity, by_donor["Lovelace"]).values()) == {("in_claim", claim_id)}


def test_only_a_sealed_claim_can_be_submitted(
    aws: dict, charity: SignedIn, fake: FakeTransactionEngine
) -> None:
    # A claim still being built (a draft) cannot be submitted
    donor = make_donor(charity)
    put_donations(charity.tenant_id, donor["id"], 2)
    draft = charity.post("/api/gift-aid/claims", {"all": True}).json["claim_id"]
    reply = charity.post(f"/api/gift-aid/claims/{draft}/submit")
    assert reply.status == 409, reply
    assert claim_of(charity, draft)["state"] == "draft"
    drain(aws)
    # Nor can a claim already submitted
    submit(charity, draft)
    again = charity.post(f"/api/gift-aid/claims/{draft}/submit")
    assert again.status == 409, again
    drain(aws)
    assert fake.submit_count() == 1


@pytest.fixture
def web_server(tmp_path: Path) -> Iterator[str]:
    """The local stack's web server (API lock, SPA, fake gateway) on a free port."""
    (tmp_path / "index.html").write_text("<!doctype html><p>spa</p>")
    httpd = web.make_server("127.0.0.1", 0, dist=tmp_path, quiet=True)
    web.attach(httpd, Chalice(app_name="unused", configure_logs=False))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/fake-hmrc/submission"
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_over_http_the_local_web_server_answers_without_the_api_lock(
    aws: dict, web_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ALMONER_GATEWAY_POLL_CAP", "0")
    with Client(app) as client:
        who = sign_up_charity(client)
        configure(who, endpoint=web_server)
        claim_id, _ = sealed_claim(aws, who, "Lovelace")
        submit(who, claim_id)
        # WHEN the claims worker submits while an API request holds the API lock
        with web.Handler.api_lock:
            drain(aws)
        # THEN the real HTTP transport reached the fake, and the claim is accepted
        claim = claim_of(who, claim_id)
    assert claim["state"] == "accepted", claim["errors"]
    records = repository.submissions(who.tenant_id, claim_id)
    assert {r.endpoint for r in records} == {web_server}
