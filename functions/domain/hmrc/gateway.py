"""HMRC's Transaction Engine protocol (GovTalk document submission), as pure functions.

Protocol (GIFT_AID.md §8; HMRC "Transaction Engine: document submission protocol"; sample
responses in `../shared/reference/hmrc/gateway/`): POST the submission → `acknowledgement` with a
CorrelationID and a ResponseEndPoint whose `PollInterval` (seconds) says when to poll → POST a
`poll` request for that CorrelationID until the answer is a `response` (SuccessResponse with the
IRmarkReceipt and messages) or an `error` (GovTalkErrors, plus, for business errors, an
ErrorResponse in the Body whose Error/Location XPaths point at the claim's elements) → POST a
`delete` request to remove the response from the gateway. The HTTP calls and their records belong
to the service layer; this module only builds and reads the documents.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import SplitResult, urlsplit

from lxml import etree

from functions.domain.hmrc.irmark import canonical_text
from functions.domain.hmrc.r68 import ENVELOPE_NS, MESSAGE_CLASS

TEST_ENDPOINT = "https://test-transaction-engine.tax.service.gov.uk/submission"
LIVE_ENDPOINT = "https://transaction-engine.tax.service.gov.uk/submission"
DEFAULT_POLL_INTERVAL = 2  # the envelope schema's default for ResponseEndPoint/@PollInterval
# HMRC's published Transaction Engine endpoints, by host (https, port 443, path /submission).
PUBLISHED_ENDPOINTS = {urlsplit(url).hostname: url for url in (TEST_ENDPOINT, LIVE_ENDPOINT)}
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "::1", "localhost"})
_URL_UNSAFE = re.compile(r"[^\x21-\x7e]|\\")  # spaces, controls, non-ASCII, backslashes

_ENV = f"{{{ENVELOPE_NS}}}"
_ERROR_RESPONSE = "{http://www.govtalk.gov.uk/CM/errorresponse}"
_SUCCESS = "{http://www.inlandrevenue.gov.uk/SuccessResponse}"
_GAD_INDEX = re.compile(r"GAD\[(\d+)\]")
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True)


def _parts(url: str) -> SplitResult | None:
    """The URL's parts when it is a plain absolute URL: no userinfo, query, fragment or odd
    characters, a valid port. None otherwise."""
    if not isinstance(url, str) or _URL_UNSAFE.search(url) or "?" in url or "#" in url:
        return None
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError for a port out of range or not a number
    except ValueError:  # an unbalanced IPv6 bracket, a bad port
        return None
    if "@" in parts.netloc or not parts.hostname:
        return None
    return parts


def _loopback(parts: SplitResult) -> bool:
    return parts.scheme in ("http", "https") and parts.hostname in LOOPBACK_HOSTS


def submission_endpoint(url: str, *, local: bool) -> str | None:
    """Where a claim (which carries the gateway password) may be sent: exactly one of HMRC's
    published Transaction Engine endpoints (returned in their published form), or, only when
    the stack is local, a loopback host (`127.0.0.1`, `::1`, `localhost`, matched exactly) over
    http or https. The URL is parsed, never matched as a prefix: `http://127.0.0.1.evil.example/`,
    `http://127.0.0.1@evil.example/` or a trailing-dot host are refused. None when refused."""
    parts = _parts(url)
    if parts is None:
        return None
    published = PUBLISHED_ENDPOINTS.get(parts.hostname)
    if published and parts.scheme == "https" and parts.port in (None, 443) and parts.path == "/submission":
        return published
    if local and _loopback(parts):
        return parts.geturl()
    return None


def transport_allowed(url: str, *, local: bool) -> bool:
    """Whether any gateway request (submit, or a poll/delete at the ResponseEndPoint HMRC gives)
    may go to `url`: https, or a loopback host over http in the local stack."""
    parts = _parts(url)
    if parts is None:
        return False
    return parts.scheme == "https" or (local and _loopback(parts))


class GatewayResponseError(ValueError):
    """The bytes are not a GovTalk message."""


@dataclass(frozen=True)
class GatewayError:
    """One error: from GovTalkErrors (gateway) or the Body's ErrorResponse (business/schema)."""

    raised_by: str
    number: str
    type: str
    text: str
    location: str = ""

    @property
    def gad_index(self) -> int | None:
        """The 0-based GAD line the error points at, if its location names one."""
        return gad_index_of(self.location)


@dataclass(frozen=True)
class GatewayMessage:
    """What a Transaction Engine answer says, whatever its qualifier."""

    qualifier: str  # acknowledgement | response | error
    function: str
    correlation_id: str
    response_endpoint: str = ""
    poll_interval: int = DEFAULT_POLL_INTERVAL
    errors: tuple[GatewayError, ...] = ()
    success: bool = False
    receipt_message: str = ""  # the IRmarkReceipt's message (document ref and IRmark in Base32)
    messages: tuple[tuple[str, str], ...] = field(default_factory=tuple)  # (code, text) of SuccessResponse

    @property
    def is_fatal(self) -> bool:
        return any(error.type == "fatal" for error in self.errors)

    def errors_by_line(self) -> dict[int, list[GatewayError]]:
        """Errors grouped by the 0-based GAD line they point at (errors without a line are left out)."""
        grouped: dict[int, list[GatewayError]] = {}
        for error in self.errors:
            index = error.gad_index
            if index is not None:
                grouped.setdefault(index, []).append(error)
        return grouped


def gad_index_of(location: str) -> int | None:
    """`…/r68:Claim[1]/r68:Repayment[1]/r68:GAD[2]/r68:Donor[1]/r68:Sur[1]` → 1 (XPath is 1-based)."""
    match = _GAD_INDEX.search(location or "")
    return int(match.group(1)) - 1 if match else None


def parse_message(data: bytes) -> GatewayMessage:
    """Read an acknowledgement, a poll/delete response or an error message."""
    try:
        root = etree.fromstring(data.strip(), _PARSER)  # noqa: S320 - entities and network are disabled
    except etree.XMLSyntaxError as e:
        raise GatewayResponseError("not XML") from e
    if root.tag != f"{_ENV}GovTalkMessage":
        raise GatewayResponseError(f"not a GovTalk message: {root.tag}")
    details = root.find(f"{_ENV}Header/{_ENV}MessageDetails")
    if details is None:
        raise GatewayResponseError("no MessageDetails")
    endpoint = details.find(f"{_ENV}ResponseEndPoint")
    interval = endpoint.get("PollInterval") if endpoint is not None else None
    errors = [
        _error(error, _ENV)
        for error in root.iterfind(f"{_ENV}GovTalkDetails/{_ENV}GovTalkErrors/{_ENV}Error")
    ]
    body = root.find(f"{_ENV}Body")
    if body is not None:
        errors.extend(
            _error(error, _ERROR_RESPONSE)
            for error in body.iterfind(f"{_ERROR_RESPONSE}ErrorResponse/{_ERROR_RESPONSE}Error")
        )
    success = body.find(f"{_SUCCESS}SuccessResponse") if body is not None else None
    receipt = success.find(f"{_SUCCESS}IRmarkReceipt/{_SUCCESS}Message") if success is not None else None
    return GatewayMessage(
        qualifier=_text(details, "Qualifier"),
        function=_text(details, "Function"),
        correlation_id=_text(details, "CorrelationID"),
        response_endpoint=(endpoint.text or "").strip() if endpoint is not None else "",
        poll_interval=int(interval) if interval and interval.strip().isdigit() else DEFAULT_POLL_INTERVAL,
        errors=tuple(errors),
        success=success is not None,
        receipt_message=(receipt.text or "").strip() if receipt is not None else "",
        messages=tuple(
            (message.get("code", ""), (message.text or "").strip())
            for message in (success.iterfind(f"{_SUCCESS}Message") if success is not None else ())
        ),
    )


def poll_request(correlation_id: str) -> bytes:
    """The `poll` request for a submission's CorrelationID (no credentials, empty Body)."""
    return _request("poll", "submit", correlation_id)


def delete_request(correlation_id: str) -> bytes:
    """The `request`/`delete` message removing a finished submission's response from the gateway."""
    return _request("request", "delete", correlation_id)


def _request(qualifier: str, function: str, correlation_id: str) -> bytes:
    if not re.fullmatch(r"[0-9A-F]{1,32}", correlation_id):
        raise ValueError("a CorrelationID is 1 to 32 upper-case hex digits")
    return (
        '<?xml version="1.0" encoding="UTF-8"?>'
        f'<GovTalkMessage xmlns="{ENVELOPE_NS}"><EnvelopeVersion>2.0</EnvelopeVersion>'
        f"<Header><MessageDetails><Class>{MESSAGE_CLASS}</Class><Qualifier>{qualifier}</Qualifier>"
        f"<Function>{function}</Function><CorrelationID>{canonical_text(correlation_id)}</CorrelationID>"
        "<Transformation>XML</Transformation></MessageDetails><SenderDetails></SenderDetails></Header>"
        "<GovTalkDetails><Keys></Keys></GovTalkDetails><Body></Body></GovTalkMessage>"
    ).encode()


def _text(parent: etree._Element, name: str, namespace: str = _ENV) -> str:
    element = parent.find(f"{namespace}{name}")
    return (element.text or "").strip() if element is not None and element.text else ""


def _error(element: etree._Element, namespace: str) -> GatewayError:
    return GatewayError(
        raised_by=_text(element, "RaisedBy", namespace),
        number=_text(element, "Number", namespace),
        type=_text(element, "Type", namespace),
        text=" ".join(
            (text.text or "").strip() for text in element.iterfind(f"{namespace}Text") if text.text
        ),
        location=_text(element, "Location", namespace),
    )
