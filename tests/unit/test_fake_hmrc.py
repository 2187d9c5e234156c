"""The local fake HMRC Transaction Engine (chalicelocal/fake_hmrc.py): it speaks the GovTalk
protocol the way `functions.domain.hmrc.gateway` reads HMRC's own answers, and it really checks
the envelope class, the credentials, the CHARID keys and the IRmark."""

from __future__ import annotations

import datetime as dt
import threading
from decimal import Decimal

import pytest

from chalicelocal.fake_hmrc import REJECT_SURNAME, FakeTransactionEngine
from functions.domain.giftaid.model import AuthorisedOfficial, Claim, GadLine
from functions.domain.hmrc import gateway
from functions.domain.hmrc.irmark import digest_of_document, encode_digest
from functions.domain.hmrc.r68 import build_submission

URL = "http://127.0.0.1:8000/fake-hmrc/submission"
OFFICIAL = AuthorisedOfficial("Mrs", "Jane", "Official", "BA1 1AA", False, "01225 000000")


def line(surname: str, amount: str = "40.00") -> GadLine:
    return GadLine(dt.date(2026, 1, 5), Decimal(amount), "Mr", "Ada", surname, "12", "BA1 1AA")


def submission(*lines: GadLine, password: str = "testing1", sender: str = "323412300001") -> bytes:
    claim = Claim(
        charity_name="Hope Trust",
        hmrc_reference="AB12345",
        regulator="CCEW",
        registration_number="1234567",
        official=OFFICIAL,
        lines=lines or (line("Lovelace"),),
        earliest_date=dt.date(2026, 1, 5),
        sender_id=sender,
        vendor_id="1234",
    )
    return build_submission(claim, password=password).xml


def exchange(engine: FakeTransactionEngine, body: bytes) -> gateway.GatewayMessage:
    status, answer = engine(URL, body)
    assert status == 200
    return gateway.parse_message(answer)


def submit_and_poll(engine: FakeTransactionEngine, body: bytes) -> list[gateway.GatewayMessage]:
    """Every answer from the submit to the first one that is not an acknowledgement."""
    answers = [exchange(engine, body)]
    while answers[-1].qualifier == "acknowledgement" and len(answers) < 10:
        answers.append(exchange(engine, gateway.poll_request(answers[0].correlation_id)))
    return answers


def test_a_valid_claim_is_acknowledged_polled_accepted_with_its_irmark_and_deleted() -> None:
    engine = FakeTransactionEngine(polls_before_ready=2, poll_interval=3)
    body = submission()
    # WHEN the claim is submitted and polled
    answers = submit_and_poll(engine, body)
    # THEN it is acknowledged with a CorrelationID, this endpoint and an interval, twice more on
    # poll, then accepted with a receipt quoting the IRmark in Base32
    ack = answers[0]
    assert (ack.qualifier, ack.function) == ("acknowledgement", "submit")
    assert len(ack.correlation_id) == 32 and ack.response_endpoint == URL and ack.poll_interval == 3
    assert [a.qualifier for a in answers] == ["acknowledgement"] * 3 + ["response"]
    final = answers[-1]
    assert final.success and final.correlation_id == ack.correlation_id and not final.errors
    base32 = encode_digest(digest_of_document(body))[1]
    assert f"The associated IRmark was: {base32}." in final.receipt_message
    assert "document ref: AB12345" in final.receipt_message
    # AND the delete removes it: a later poll no longer finds the CorrelationID
    deleted = exchange(engine, gateway.delete_request(ack.correlation_id))
    assert (deleted.qualifier, deleted.function, deleted.errors) == ("response", "delete", ())
    gone = exchange(engine, gateway.poll_request(ack.correlation_id))
    assert gone.qualifier == "error" and gone.is_fatal and gone.errors[0].number == "2000"


def test_a_body_changed_after_its_irmark_was_computed_is_rejected_with_2021() -> None:
    engine = FakeTransactionEngine(polls_before_ready=0)
    tampered = submission().replace(b"<Total>40.00</Total>", b"<Total>400.00</Total>")
    answers = submit_and_poll(engine, tampered)
    assert answers[0].qualifier == "acknowledgement"
    final = answers[-1]
    assert final.qualifier == "error" and not final.success and not final.is_fatal
    assert [(e.number, e.type) for e in final.errors] == [("3001", "business"), ("2021", "business")]
    assert (
        final.errors[1].text == "The supplied IRmark is incorrect." and final.errors[1].location == "IRmark"
    )
    assert final.errors_by_line() == {}


@pytest.mark.parametrize(
    ("password", "sender"), [("", "323412300001"), ("testing1", "")], ids=["no password", "no sender"]
)
def test_missing_credentials_fail_authentication_at_once(password: str, sender: str) -> None:
    engine = FakeTransactionEngine()
    answer = exchange(engine, submission(password=password, sender=sender))
    assert answer.qualifier == "error" and answer.is_fatal and answer.correlation_id == ""
    [error] = answer.errors
    assert (error.raised_by, error.number) == ("Gateway", "1046")
    assert error.text.startswith("Authentication Failure")


def test_a_rejectme_surname_gives_a_business_error_on_that_gad_line() -> None:
    engine = FakeTransactionEngine(polls_before_ready=0)
    body = submission(line("Lovelace"), line(REJECT_SURNAME.title(), "10.00"), line("Hopper"))
    final = submit_and_poll(engine, body)[-1]
    assert final.qualifier == "error" and final.errors[0].number == "3001"
    by_line = final.errors_by_line()
    assert list(by_line) == [1]  # 0-based: the second GAD
    [error] = by_line[1]
    assert error.type == "business" and REJECT_SURNAME in error.text
    assert error.location.endswith("/r68:GAD[2]/r68:Donor[1]/r68:Sur[1]")


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ((b"<Class>HMRC-CHAR-CLM</Class>", b"<Class>HMRC-CT-CT600</Class>"), "HMRC-CT-CT600"),
        ((b'<Key Type="CHARID">AB12345</Key></Keys><TargetDetails>', b"</Keys><TargetDetails>"), "CHARID"),
        (
            (
                b'<Key Type="CHARID">AB12345</Key></Keys><TargetDetails>',
                b'<Key Type="CHARID">XR99999</Key></Keys><TargetDetails>',
            ),
            "differ",
        ),
    ],
    ids=["another class", "no envelope key", "different keys"],
)
def test_a_wrong_envelope_is_a_fatal_error(change: tuple[bytes, bytes], fragment: str) -> None:
    body = submission()
    assert change[0] in body
    answer = exchange(FakeTransactionEngine(), body.replace(*change))
    assert answer.qualifier == "error" and answer.is_fatal
    assert answer.errors[0].number == "1001" and fragment in answer.errors[0].text


@pytest.mark.parametrize("body", [b"", b"not xml", b"<a/>", b"<?xml version='1.0'?><x:y xmlns:x='urn:z'/>"])
def test_anything_that_is_not_a_govtalk_message_gets_a_govtalk_error(body: bytes) -> None:
    answer = exchange(FakeTransactionEngine(), body)
    assert answer.qualifier == "error" and answer.is_fatal and answer.errors[0].number == "1001"


def test_concurrent_submissions_each_get_their_own_correlation_id() -> None:
    engine = FakeTransactionEngine(polls_before_ready=0)
    body = submission()
    found: list[str] = []

    def submit() -> None:
        found.append(exchange(engine, body).correlation_id)

    threads = [threading.Thread(target=submit) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(found)) == 8 and engine.submit_count() == 8
    for correlation_id in found:
        assert exchange(engine, gateway.poll_request(correlation_id)).success
