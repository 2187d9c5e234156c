"""A fake HMRC Transaction Engine for the local stack and the tests (GIFT_AID.md §8).

It speaks the GovTalk document submission protocol at `POST /fake-hmrc/submission`, with the
shapes of HMRC's sample responses (`../shared/reference/hmrc/gateway/`):

- `request`/`submit` → `acknowledgement` with a new CorrelationID and a ResponseEndPoint (this
  same URL) with a PollInterval; the outcome is decided there and then, and kept in memory;
- `poll`/`submit` → `acknowledgement` again `polls_before_ready` times, then the outcome: a
  `response` with a SuccessResponse (IRmark receipt quoting the IRmark in Base32) or an `error`
  with GovTalkErrors and, for business errors, an ErrorResponse whose Locations name GAD lines;
- `request`/`delete` → a `response`/`delete`; the CorrelationID is forgotten.

It really checks what it is sent: a GovTalk envelope of class HMRC-CHAR-CLM, the sender's
credentials (SenderID and an authentication value), the CHARID key in both the GovTalk keys and
the IRheader, and the IRmark, recomputed from the Body with `functions.domain.hmrc.irmark`.

Errors it answers (1046, 2021 and 3001 are HMRC's numbers, as in its samples; 1001 is HMRC's
"failed to validate / badly formed" number; 2000 and 7001 are this fake's own choice):

- not XML, not a GovTalk message, another class, no CHARID key or different CHARID keys:
  `error`, fatal 1001, at once;
- a submit without a SenderID, an authentication value or a known method: `error`, fatal 1046
  "Authentication Failure", at once and without a CorrelationID (HMRC's sample);
- an IRmark that does not match the Body: acknowledged, then the poll answers `error` with a
  business 3001 and, in the ErrorResponse, 2021 "The supplied IRmark is incorrect.";
- a GAD line whose donor surname is `REJECTME`: acknowledged, then the poll answers `error` with a
  business 3001 and one 7001 per such line located at `…/r68:GAD[n]/r68:Donor[1]/r68:Sur[1]`;
- a poll or delete of an unknown CorrelationID: `error`, fatal 2000.

`REJECTME` is the deterministic way to ask for a rejection: give a declared donor that surname and
put one of their donations in a claim.
"""

from __future__ import annotations

import datetime as dt
import functools
import threading
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from lxml import etree

from functions.domain.hmrc import irmark
from functions.domain.hmrc.r68 import ENVELOPE_NS, MESSAGE_CLASS, R68_NS

PATH = "/fake-hmrc/submission"
REJECT_SURNAME = "REJECTME"
POLL_INTERVAL_SECONDS = 1
POLLS_BEFORE_READY = 1

_ENV = f"{{{ENVELOPE_NS}}}"
_R68 = f"{{{R68_NS}}}"
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True)
_GAD_LOCATION = (
    "/hd:GovTalkMessage[1]/hd:Body[1]/r68:IRenvelope[1]/r68:R68[1]/r68:Claim[1]"
    "/r68:Repayment[1]/r68:GAD[{number}]/r68:Donor[1]/r68:Sur[1]"
)
BADLY_FORMED = (
    "The submitted XML document either failed to validate against the GovTalk schema for this "
    "class of document or its body was badly formed."
)
AUTHENTICATION_FAILURE = (
    "Authentication Failure. The supplied user credentials failed validation for the requested service."
)
BUSINESS_ERRORS = "Your submission failed due to business validation errors. Please see below for details."
IRMARK_INCORRECT = "The supplied IRmark is incorrect."


@dataclass(frozen=True)
class Error:
    raised_by: str
    number: str
    type: str
    text: str
    location: str = ""


@dataclass
class _Pending:
    """A submission the fake has acknowledged: its outcome, and how many polls until it shows."""

    outcome: Callable[[str], bytes]  # the final answer, given the endpoint it is posted to
    polls_left: int


class _Rejected(Exception):
    """The request cannot be processed: answer `error` straight away."""

    def __init__(self, error: Error, message_class: str = MESSAGE_CLASS) -> None:
        super().__init__(error.text)
        self.error = error
        self.message_class = message_class


class FakeTransactionEngine:
    """The fake gateway's state: pending submissions per CorrelationID, behind one lock (the claims
    worker and the tests call it from several threads). `received` logs every request it was sent
    as (qualifier, function, CorrelationID) so tests can count submissions."""

    def __init__(
        self, polls_before_ready: int = POLLS_BEFORE_READY, poll_interval: int = POLL_INTERVAL_SECONDS
    ) -> None:
        self.polls_before_ready = polls_before_ready
        self.poll_interval = poll_interval
        self.received: list[tuple[str, str, str]] = []
        self._pending: dict[str, _Pending] = {}
        self._lock = threading.Lock()

    def __call__(self, url: str, body: bytes) -> tuple[int, bytes]:
        """`functions.giftaid.submission.Transport`: the fake in-process instead of over HTTP."""
        return 200, self.handle(body, url)

    def submit_count(self) -> int:
        """How many `submit` requests arrived (accepted or not): a claim sent twice shows here."""
        with self._lock:
            return sum(
                1
                for qualifier, function, _ in self.received
                if (qualifier, function) == ("request", "submit")
            )

    def handle(self, body: bytes, endpoint: str) -> bytes:
        """The answer to one POSTed document; `endpoint` is the URL it was posted to."""
        try:
            root = _parse(body)
            details = _details(root)
            qualifier, function = _text(details, "Qualifier"), _text(details, "Function")
            correlation_id = _text(details, "CorrelationID")
            with self._lock:
                self.received.append((qualifier, function, correlation_id))
            if (qualifier, function) == ("request", "submit"):
                return _acknowledgement(self._submit(body, root), endpoint, self.poll_interval)
            if (qualifier, function) == ("poll", "submit"):
                return self._poll(correlation_id, endpoint)
            if (qualifier, function) == ("request", "delete"):
                return self._delete(correlation_id, endpoint)
            raise _Rejected(Error("Gateway", "1001", "fatal", f"{BADLY_FORMED} ({qualifier}/{function})"))
        except _Rejected as rejected:
            return _error_message(rejected.message_class, "", endpoint, [rejected.error])

    def _submit(self, body: bytes, root: etree._Element) -> str:
        _check_credentials(root)
        reference = _charid(root)
        correlation_id = uuid.uuid4().hex.upper()
        outcome = _outcome(body, root, reference, correlation_id)
        with self._lock:
            self._pending[correlation_id] = _Pending(outcome, self.polls_before_ready)
        return correlation_id

    def _poll(self, correlation_id: str, endpoint: str) -> bytes:
        with self._lock:
            pending = self._pending.get(correlation_id)
            if pending is None:
                raise _unknown(correlation_id)
            if pending.polls_left > 0:
                pending.polls_left -= 1
                return _acknowledgement(correlation_id, endpoint, self.poll_interval)
        return pending.outcome(endpoint)

    def _delete(self, correlation_id: str, endpoint: str) -> bytes:
        with self._lock:
            if self._pending.pop(correlation_id, None) is None:
                raise _unknown(correlation_id)
        return _envelope(MESSAGE_CLASS, "response", "delete", correlation_id, endpoint, 0, "", "")


# ------------------------------------------------------------------ reading the request
def _parse(body: bytes) -> etree._Element:
    try:
        root = etree.fromstring(body.strip(), _PARSER)  # noqa: S320 - entities and network are disabled
    except etree.XMLSyntaxError as e:
        raise _Rejected(Error("Gateway", "1001", "fatal", BADLY_FORMED), "UndefinedClass") from e
    if root.tag != f"{_ENV}GovTalkMessage" or _text(root, "EnvelopeVersion") != "2.0":
        raise _Rejected(Error("Gateway", "1001", "fatal", BADLY_FORMED), "UndefinedClass")
    return root


def _details(root: etree._Element) -> etree._Element:
    details = root.find(f"{_ENV}Header/{_ENV}MessageDetails")
    if details is None:
        raise _Rejected(Error("Gateway", "1001", "fatal", BADLY_FORMED), "UndefinedClass")
    message_class = _text(details, "Class")
    if message_class != MESSAGE_CLASS:
        text = f"{BADLY_FORMED} The class {message_class or '(none)'} is not {MESSAGE_CLASS}."
        raise _Rejected(Error("Gateway", "1001", "fatal", text), "UndefinedClass")
    return details


def _check_credentials(root: etree._Element) -> None:
    identity = root.find(f"{_ENV}Header/{_ENV}SenderDetails/{_ENV}IDAuthentication")
    sender = _text(identity, "SenderID") if identity is not None else ""
    authentication = identity.find(f"{_ENV}Authentication") if identity is not None else None
    value = _text(authentication, "Value") if authentication is not None else ""
    method = _text(authentication, "Method") if authentication is not None else ""
    if not sender or not value or method not in ("clear", "MD5"):
        raise _Rejected(Error("Gateway", "1046", "fatal", AUTHENTICATION_FAILURE), "UndefinedClass")


def _charid(root: etree._Element) -> str:
    """The CHARID key, which must be the same in the GovTalk keys and the IRheader."""
    envelope_key = root.find(f"{_ENV}GovTalkDetails/{_ENV}Keys/{_ENV}Key[@Type='CHARID']")
    header_key = root.find(f"{_ENV}Body/{_R68}IRenvelope/{_R68}IRheader/{_R68}Keys/{_R68}Key[@Type='CHARID']")
    if envelope_key is None or header_key is None:
        raise _Rejected(Error("Gateway", "1001", "fatal", f"{BADLY_FORMED} No CHARID key."))
    envelope_ref, header_ref = (envelope_key.text or "").strip(), (header_key.text or "").strip()
    if not envelope_ref or envelope_ref != header_ref:
        text = f"{BADLY_FORMED} The CHARID keys of the envelope and the IRheader differ."
        raise _Rejected(Error("Gateway", "1001", "fatal", text))
    return envelope_ref


def _outcome(
    body: bytes, root: etree._Element, reference: str, correlation_id: str
) -> Callable[[str], bytes]:
    """What the poll will answer once the submission is 'processed'."""
    mark = root.find(f"{_ENV}Body/{_R68}IRenvelope/{_R68}IRheader/{_R68}IRmark")
    sent = (mark.text or "").strip() if mark is not None else ""
    digest = irmark.digest_of_document(body)
    base64_mark, base32_mark = irmark.encode_digest(digest)
    if sent != base64_mark:
        errors = [Error("ChRIS", "2021", "business", IRMARK_INCORRECT, "IRmark")]
    else:
        errors = [
            Error(
                "ChRIS",
                "7001",
                "business",
                f"The donor surname {REJECT_SURNAME} is refused by the local fake HMRC gateway "
                "(a test of business errors).",
                _GAD_LOCATION.format(number=number),
            )
            for number in _rejected_lines(root)
        ]
    if errors:
        return functools.partial(_business_errors, correlation_id, errors)
    return functools.partial(_success, correlation_id, reference, base32_mark)


def _rejected_lines(root: etree._Element) -> Iterable[int]:
    """1-based positions of the GAD lines whose donor surname asks for a business error."""
    repayment = root.find(f"{_ENV}Body/{_R68}IRenvelope/{_R68}R68/{_R68}Claim/{_R68}Repayment")
    if repayment is None:
        return
    for number, gad in enumerate(repayment.iterfind(f"{_R68}GAD"), start=1):
        if _text(gad.find(f"{_R68}Donor"), "Sur", _R68).upper() == REJECT_SURNAME:
            yield number


def _text(parent: etree._Element | None, name: str, namespace: str = _ENV) -> str:
    if parent is None:
        return ""
    element = parent.find(f"{namespace}{name}")
    return (element.text or "").strip() if element is not None else ""


def _unknown(correlation_id: str) -> _Rejected:
    return _Rejected(
        Error("Gateway", "2000", "fatal", f"The CorrelationID {correlation_id or '(none)'} is unknown.")
    )


# ------------------------------------------------------------------ writing the answer
def _envelope(
    message_class: str,
    qualifier: str,
    function: str,
    correlation_id: str,
    endpoint: str,
    poll_interval: int,
    errors: str,
    body: str,
) -> bytes:
    escape = irmark.canonical_text
    interval = f' PollInterval="{poll_interval}"' if poll_interval else ""
    timestamp = dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3]
    return (
        '<?xml version="1.0" encoding="UTF-8"?>'
        f'<GovTalkMessage xmlns="{ENVELOPE_NS}"><EnvelopeVersion>2.0</EnvelopeVersion><Header>'
        f"<MessageDetails><Class>{message_class}</Class><Qualifier>{qualifier}</Qualifier>"
        f"<Function>{function}</Function><TransactionID></TransactionID>"
        f"<CorrelationID>{escape(correlation_id)}</CorrelationID>"
        f"<ResponseEndPoint{interval}>{escape(endpoint)}</ResponseEndPoint>"
        f"<GatewayTimestamp>{timestamp}</GatewayTimestamp></MessageDetails><SenderDetails/></Header>"
        f"<GovTalkDetails><Keys/>{errors}</GovTalkDetails><Body>{body}</Body></GovTalkMessage>"
    ).encode()


def _acknowledgement(correlation_id: str, endpoint: str, poll_interval: int) -> bytes:
    return _envelope(
        MESSAGE_CLASS, "acknowledgement", "submit", correlation_id, endpoint, poll_interval, "", ""
    )


def _error_xml(error: Error) -> str:
    escape = irmark.canonical_text
    location = f"<Location>{escape(error.location)}</Location>" if error.location else "<Location/>"
    return (
        f"<Error><RaisedBy>{error.raised_by}</RaisedBy><Number>{error.number}</Number>"
        f"<Type>{error.type}</Type><Text>{escape(error.text)}</Text>{location}</Error>"
    )


def _error_message(
    message_class: str, correlation_id: str, endpoint: str, errors: list[Error], *, business: bool = False
) -> bytes:
    """An `error`: gateway errors in GovTalkErrors; business errors as HMRC sends them, a 3001
    in GovTalkErrors and the details in the Body's ErrorResponse."""
    if not business:
        govtalk = "<GovTalkErrors>" + "".join(_error_xml(e) for e in errors) + "</GovTalkErrors>"
        return _envelope(message_class, "error", "submit", correlation_id, endpoint, 0, govtalk, "")
    govtalk = (
        "<GovTalkErrors>"
        + _error_xml(Error("ChRIS", "3001", "business", BUSINESS_ERRORS))
        + "</GovTalkErrors>"
    )
    body = (
        '<ErrorResponse xmlns="http://www.govtalk.gov.uk/CM/errorresponse" SchemaVersion="2.0">'
        f"<Application><MessageCount>{len(errors)}</MessageCount></Application>"
        + "".join(_error_xml(e) for e in errors)
        + "</ErrorResponse>"
    )
    return _envelope(message_class, "error", "submit", correlation_id, endpoint, 0, govtalk, body)


def _business_errors(correlation_id: str, errors: list[Error], endpoint: str) -> bytes:
    return _error_message(MESSAGE_CLASS, correlation_id, endpoint, errors, business=True)


def _success(correlation_id: str, reference: str, base32_mark: str, endpoint: str) -> bytes:
    now = dt.datetime.now(dt.UTC)
    receipt = (
        f"HMRC has received the {MESSAGE_CLASS} document ref: {irmark.canonical_text(reference)} at "
        f"{now:%H.%M} on {now:%d/%m/%Y}. The associated IRmark was: {base32_mark}. We strongly "
        "recommend that you keep this receipt electronically, and we advise that you also keep your "
        "submission electronically for your records. They are evidence of the information that you "
        "submitted to HMRC."
    )
    body = (
        '<SuccessResponse xmlns="http://www.inlandrevenue.gov.uk/SuccessResponse"><IRmarkReceipt>'
        f'<Message code="0000">{receipt}</Message></IRmarkReceipt>'
        '<Message code="077001">Thank you for your submission</Message>'
        f"<AcceptedTime>{now.strftime('%Y-%m-%dT%H:%M:%S.%f')[:-3]}</AcceptedTime></SuccessResponse>"
    )
    return _envelope(MESSAGE_CLASS, "response", "submit", correlation_id, endpoint, 0, "", body)
