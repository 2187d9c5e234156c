"""The Transaction Engine protocol on HMRC's sample responses
(GIFT_AID.md §8; ../shared/reference/hmrc/gateway)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from lxml import etree

from functions.domain.hmrc import gateway
from functions.domain.hmrc.r68 import ENVELOPE_NS

REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference" / "hmrc"
NS = {"e": ENVELOPE_NS}


def sample(name: str) -> bytes:
    """A sample response; skipped with a printed reason when the folder is absent outside CI."""
    if not REFERENCE.is_dir():
        reason = f"HMRC reference material absent at {REFERENCE}"
        if os.environ.get("CI"):
            pytest.fail(reason)
        print(f"SKIP: {reason} (outside CI)")
        pytest.skip(reason)
    return (REFERENCE / "gateway" / name).read_bytes()


def test_acknowledgement_gives_correlation_id_endpoint_and_interval() -> None:
    message = gateway.parse_message(sample("SubmitAckResponse.xml"))
    assert message.qualifier == "acknowledgement"
    assert message.correlation_id == "A19FA1A31BCB42D887EA323292AACD88"
    assert message.response_endpoint == "https://secure.dev.gateway.gov.uk/poll"
    assert message.poll_interval == 10
    assert not message.errors and not message.success


def test_success_response_carries_the_receipt() -> None:
    message = gateway.parse_message(sample("ClaimResponsePoll.xml"))
    assert (message.qualifier, message.function, message.success) == ("response", "submit", True)
    assert "The associated IRmark was: 7QAAAAA000000AAAAAAAAA" in message.receipt_message
    assert message.messages == (("077001", "Thank you for your submission"),)


def test_authentication_failure_is_fatal_and_points_at_no_line() -> None:
    message = gateway.parse_message(sample("SubmitAuthFailureResponse.xml"))
    assert message.qualifier == "error" and message.is_fatal
    [error] = message.errors
    assert (error.number, error.type, error.raised_by) == ("1046", "fatal", "Gateway")
    assert error.text.startswith("Authentication Failure")
    assert error.gad_index is None and message.errors_by_line() == {}


def test_business_errors_map_back_to_gad_lines() -> None:
    message = gateway.parse_message(sample("SubmitNomineeClaimMultipleErrorsResponse.xml"))
    assert message.qualifier == "error" and not message.is_fatal
    assert [e.number for e in message.errors if e.raised_by == "ChRIS" and e.type == "business"] == ["3001"]
    located = [e for e in message.errors if e.location]
    assert len(located) == 8
    by_line = message.errors_by_line()
    assert sorted(by_line) == [0, 1]
    assert len(by_line[0]) == len(by_line[1]) == 4
    assert {e.number for e in by_line[1]} == {"4065", "4082"}
    assert by_line[1][0].text == "Invalid content found at element 'Sur'"


def test_delete_response() -> None:
    message = gateway.parse_message(sample("DeleteResponse.xml"))
    assert (message.qualifier, message.function) == ("response", "delete")
    assert message.correlation_id == "0B2676DE67004EEFB75F71B3011BEA3D"


@pytest.mark.parametrize(
    ("location", "index"),
    [
        (
            "/hd:GovTalkMessage[1]/hd:Body[1]/r68:IRenvelope[1]/r68:R68[1]/r68:Claim[1]/r68:Repayment[1]/r68:GAD[2]/r68:Donor[1]",
            1,
        ),
        ("/r68:Claim[1]/r68:Repayment[1]/r68:GAD[100000]/r68:Total[1]", 99999),
        ("/r68:Claim[1]/r68:OrgName[1]", None),
        ("", None),
    ],
)
def test_gad_index_of(location: str, index: int | None) -> None:
    assert gateway.gad_index_of(location) == index


@pytest.mark.parametrize(
    ("build", "qualifier", "function"),
    [(gateway.poll_request, "poll", "submit"), (gateway.delete_request, "request", "delete")],
)
def test_poll_and_delete_requests(build, qualifier: str, function: str) -> None:
    document = etree.fromstring(build("A19FA1A31BCB42D887EA323292AACD88"))
    details = "e:Header/e:MessageDetails/e:"
    assert document.findtext(details + "Class", namespaces=NS) == "HMRC-CHAR-CLM"
    assert document.findtext(details + "Qualifier", namespaces=NS) == qualifier
    assert document.findtext(details + "Function", namespaces=NS) == function
    assert document.findtext(details + "CorrelationID", namespaces=NS) == "A19FA1A31BCB42D887EA323292AACD88"
    with pytest.raises(ValueError):
        build("not-hex</CorrelationID>")


def test_garbage_is_refused() -> None:
    with pytest.raises(gateway.GatewayResponseError):
        gateway.parse_message(b"<html>busy</html>")
    with pytest.raises(gateway.GatewayResponseError):
        gateway.parse_message(b"not xml")
