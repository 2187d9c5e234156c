"""Direct submission to HMRC's Transaction Engine (GIFT_AID.md §8): POST the R68 submission,
poll at the interval the gateway gives, record the receipt, delete the response. Every request
and response is kept (S3 bodies + a ClaimSubmission item); the stored copy of the submission has
the password replaced. Business errors are mapped back to donations through the line map.

Never sent twice: just before the POST, the claim takes a lease (`submit_record`, set only if
absent) naming the exchange's record; the answer is written to S3 under that record's fixed key,
then its CorrelationID on the claim. A retried or duplicated message therefore polls the stored
CorrelationID, or recovers it from the stored answer, and never POSTs the claim again. When the
POST may have reached the gateway but its answer was lost (a timeout, a crash mid-request), the
job fails loudly instead of resending (docs/decisions/0008-hmrc-gateway-submit-once.md). A
refused connection or an answer that is not GovTalk means the gateway did not take the claim: the
lease is dropped and the retry sends.
"""

from __future__ import annotations

import os
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

from botocore.exceptions import ClientError

from functions.core import clock, config, ids, jobs, keys, secret_box
from functions.core import files as stored_files
from functions.domain.giftaid.states import ClaimState
from functions.domain.hmrc import gateway
from functions.giftaid import files, pipeline, repository
from functions.giftaid.models import ClaimItem, ClaimSubmission

MAX_POLLS = 60
TIMEOUT_SECONDS = 30
SUBMITTED, ACCEPTED, REJECTED = (
    ClaimState.SUBMITTED.value,
    ClaimState.ACCEPTED.value,
    ClaimState.REJECTED.value,
)

Transport = Callable[[str, bytes], tuple[int, bytes]]


class NotSent(Exception):
    """The request certainly did not reach the gateway (the connection was refused)."""


class OutcomeUnknown(RuntimeError):
    """The claim may have reached the gateway but its answer was lost: it is not sent again."""


def http_post(url: str, body: bytes) -> tuple[int, bytes]:
    """POST a GovTalk document; (HTTP status, body) whatever the status."""
    if not gateway.transport_allowed(url, local=config.is_local()):
        raise ValueError("gateway URLs are https (or a loopback host in the local stack)")
    headers = {"Content-Type": "text/xml"}
    request = urllib.request.Request(url, data=body, method="POST", headers=headers)  # noqa: S310
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as answer:  # noqa: S310 - https/local only
            return int(answer.status), bytes(answer.read())
    except urllib.error.HTTPError as error:
        return int(error.code), bytes(error.read())
    except urllib.error.URLError as error:
        if isinstance(error.reason, ConnectionRefusedError):
            raise NotSent(str(error.reason)) from error
        raise


transport: Transport = http_post  # tests swap in a fake


def endpoint_url(endpoint: str) -> str:
    """The URL a claim is submitted to: HMRC's test or live endpoint, or a stored URL checked again
    here (settings saved before the check, or a stack no longer local), never sent otherwise."""
    if endpoint == "live":
        return gateway.LIVE_ENDPOINT
    if endpoint == "test":
        return gateway.TEST_ENDPOINT
    url = gateway.submission_endpoint(endpoint, local=config.is_local())
    if url is None:
        raise ValueError("the Gift Aid endpoint is not one of HMRC's (nor a local one in the local stack)")
    return url


def _wait(seconds: int) -> None:
    # The local stack and tests cap the wait; HMRC's interval is honoured everywhere else.
    cap = os.environ.get("ALMONER_GATEWAY_POLL_CAP")
    time.sleep(min(seconds, float(cap)) if cap else seconds)


def _object_key(claim: ClaimItem, record_id: str, step: str, kind: str) -> str:
    return keys.claim_object_key(claim.tenant_id, claim.claim_id, f"gateway/{record_id}-{step}-{kind}.xml")


def _exchange(
    claim: ClaimItem, step: str, url: str, body: bytes, stored_body: bytes
) -> gateway.GatewayMessage:
    record_id = ids.new_id()
    files.put(_object_key(claim, record_id, step, "request"), stored_body, "text/xml")
    status, answer = transport(url, body)
    return _keep(claim, record_id, step, url, status, answer)


def _keep(
    claim: ClaimItem, record_id: str, step: str, url: str, status: int, answer: bytes
) -> gateway.GatewayMessage:
    """Store an answer (S3 first: the submit lease recovers from it), then its record."""
    request_key = _object_key(claim, record_id, step, "request")
    response_key = _object_key(claim, record_id, step, "response")
    files.put(response_key, answer, "text/xml")
    message = gateway.parse_message(answer)
    repository.add_submission(
        claim.tenant_id,
        claim.claim_id,
        ClaimSubmission(
            submission_id=record_id,
            step=step,
            endpoint=url,
            request_key=request_key,
            response_key=response_key,
            http_status=status,
            qualifier=message.qualifier,
            correlation_id=message.correlation_id or None,
            summary="; ".join(e.text for e in message.errors)[:500] or message.receipt_message[:500] or None,
        ),
    )
    return message


def _error_rows(claim: ClaimItem, message: gateway.GatewayMessage) -> list[dict[str, Any]]:
    line_map = files.line_map(claim)
    rows = []
    for error in message.errors:
        index = error.gad_index
        donation_ids = line_map[index] if index is not None and index < len(line_map) else []
        rows.append(
            {
                "number": error.number,
                "type": error.type,
                "text": error.text,
                "location": error.location,
                "line": index + 1 if index is not None else None,
                "donation_ids": donation_ids,
            }
        )
    return rows


def _decide(claim: ClaimItem, message: gateway.GatewayMessage) -> None:
    """`submitted → accepted | rejected`, conditional: the first delivery to decide wins."""
    now = clock.now()
    if message.qualifier == "response" and message.success:
        actions = [ClaimItem.state.set(ACCEPTED), ClaimItem.receipt.set(message.receipt_message)]
    else:
        actions = [ClaimItem.state.set(REJECTED), ClaimItem.errors.set(_error_rows(claim, message))]
    repository.update_claim(
        claim, [*actions, ClaimItem.decided_at.set(now)], condition=ClaimItem.state == SUBMITTED
    )


def _conclude(tenant_id: str, claim_id: str) -> ClaimItem:
    """Move the donations of a decided claim (accepted: claimed; rejected: back to the pool). Each
    move is conditional, so a delivery that stopped half-way is finished by the next one."""
    claim = repository.get_claim(tenant_id, claim_id)
    if claim.state == ACCEPTED and not claim.settled:
        pipeline.settle_all(tenant_id, claim_id)
    elif claim.state == REJECTED and not claim.released:
        pipeline.release_all(tenant_id, claim_id)
    return repository.get_claim(tenant_id, claim_id)


def _delete(claim: ClaimItem, url: str) -> None:
    """Remove the answer from the gateway, once (an earlier delivery may have done it)."""
    correlation_id = claim.correlation_id
    if correlation_id and not any(
        r.step == "delete" for r in repository.submissions(claim.tenant_id, claim.claim_id)
    ):
        request = gateway.delete_request(correlation_id)
        _exchange(claim, "delete", url, request, request)


def _stored(key: str) -> bytes | None:
    try:
        return stored_files.read(key)
    except ClientError as error:
        if error.response.get("Error", {}).get("Code") in ("NoSuchKey", "404"):
            return None
        raise


def _submit_once(claim: ClaimItem, url: str) -> gateway.GatewayMessage:
    """POST the claim unless an earlier delivery already did; the submit answer either way."""
    record_id = claim.submit_record
    if record_id:
        answer = _stored(_object_key(claim, record_id, "submit", "response"))
        if answer is None:
            raise OutcomeUnknown(
                "the claim may have reached the gateway but its answer was lost; it is not sent again"
            )
        return _keep(claim, record_id, "submit", url, 200, answer)
    settings = repository.get_settings(claim.tenant_id)
    password = (
        secret_box.unseal(settings.gateway_password, claim.tenant_id)
        if settings and settings.gateway_password
        else ""
    )
    content = files.content_of(claim)
    sent = files.submission_xml(claim, password, content)
    stored = files.submission_xml(claim, files.PASSWORD_PLACEHOLDER, content)
    record_id = ids.new_id()
    files.put(_object_key(claim, record_id, "submit", "request"), stored.xml, "text/xml")
    if not repository.update_claim(
        claim, [ClaimItem.submit_record.set(record_id)], condition=ClaimItem.submit_record.does_not_exist()
    ):
        raise OutcomeUnknown("another delivery is sending this claim; this one waits for its answer")
    try:
        status, answer = transport(url, sent.xml)
    except NotSent:
        repository.update_claim(
            claim, [ClaimItem.submit_record.remove()], condition=ClaimItem.submit_record == record_id
        )
        raise
    try:
        return _keep(claim, record_id, "submit", url, status, answer)
    except gateway.GatewayResponseError:
        # Not a GovTalk answer (a proxy's error page): the gateway did not take the claim.
        repository.update_claim(
            claim, [ClaimItem.submit_record.remove()], condition=ClaimItem.submit_record == record_id
        )
        raise


def run(message: dict[str, Any]) -> None:
    tenant_id, claim_id = message["tenant_id"], message["payload"]["claim_id"]
    job = jobs.get(tenant_id, message["job_id"])
    claim = repository.get_claim(tenant_id, claim_id)
    if claim.state not in (SUBMITTED, ACCEPTED, REJECTED) or not jobs.start(job):
        return
    settings = repository.get_settings(tenant_id)
    if settings is None:
        raise RuntimeError("Gift Aid settings are missing")
    url = endpoint_url(settings.endpoint)
    if claim.state != SUBMITTED:  # decided by an earlier delivery that stopped before the end
        final = _conclude(tenant_id, claim_id)
        _delete(final, url)
        jobs.finish(job, {"claim_id": claim_id, "state": final.state})
        return
    answer: gateway.GatewayMessage | None = None
    poll_url, interval = url, gateway.DEFAULT_POLL_INTERVAL
    correlation_id = claim.correlation_id or ""
    if not correlation_id:
        answer = _submit_once(claim, url)
        correlation_id = answer.correlation_id
        if correlation_id:
            repository.update_claim(claim, [ClaimItem.correlation_id.set(correlation_id)])
        poll_url, interval = answer.response_endpoint or url, answer.poll_interval
    polls = 0
    while (answer is None or answer.qualifier == "acknowledgement") and polls < MAX_POLLS:
        if answer is not None:
            _wait(interval)
        request = gateway.poll_request(correlation_id)
        answer = _exchange(claim, "poll", poll_url, request, request)
        poll_url, interval = answer.response_endpoint or poll_url, answer.poll_interval
        polls += 1
    if answer is None or answer.qualifier == "acknowledgement":
        raise RuntimeError("the gateway has not answered yet; the message will be retried")
    _decide(repository.get_claim(tenant_id, claim_id), answer)
    final = _conclude(tenant_id, claim_id)
    _delete(final, url)
    jobs.finish(job, {"claim_id": claim_id, "state": final.state})
