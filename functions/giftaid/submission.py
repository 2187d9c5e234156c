"""Direct submission to HMRC's Transaction Engine (GIFT_AID.md §8): POST the R68 submission,
poll at the interval the gateway gives, record the receipt, delete the response. Every request
and response is kept (S3 bodies + a ClaimSubmission item); the stored copy of the submission has
the password replaced. Business errors are mapped back to donations through the line map.

The step is repeatable: the CorrelationID is stored as soon as it is known, so a retried message
polls the same submission instead of sending the claim again.
"""

from __future__ import annotations

import os
import time
import urllib.request
from collections.abc import Callable
from typing import Any

from functions.core import clock, ids, jobs, keys
from functions.domain.hmrc import gateway
from functions.giftaid import files, pipeline, repository, secrets
from functions.giftaid.models import ClaimItem, ClaimSubmission

MAX_POLLS = 60
TIMEOUT_SECONDS = 30

Transport = Callable[[str, bytes], tuple[int, bytes]]


def http_post(url: str, body: bytes) -> tuple[int, bytes]:
    if not url.startswith(("https://", "http://127.0.0.1", "http://localhost")):
        raise ValueError("gateway URLs are https (or the local fake)")
    headers = {"Content-Type": "text/xml"}
    request = urllib.request.Request(url, data=body, method="POST", headers=headers)  # noqa: S310
    with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as answer:  # noqa: S310 - https/local only
        return int(answer.status), bytes(answer.read())


transport: Transport = http_post  # tests swap in a fake


def endpoint_url(endpoint: str) -> str:
    if endpoint == "live":
        return gateway.LIVE_ENDPOINT
    if endpoint == "test":
        return gateway.TEST_ENDPOINT
    return endpoint


def _wait(seconds: int) -> None:
    # The local stack and tests cap the wait; HMRC's interval is honoured everywhere else.
    cap = os.environ.get("ALMONER_GATEWAY_POLL_CAP")
    time.sleep(min(seconds, float(cap)) if cap else seconds)


def _exchange(
    claim: ClaimItem, step: str, url: str, body: bytes, stored_body: bytes
) -> gateway.GatewayMessage:
    record_id = ids.new_id()
    request_key = keys.claim_object_key(
        claim.tenant_id, claim.claim_id, f"gateway/{record_id}-{step}-request.xml"
    )
    files.put(request_key, stored_body, "text/xml")
    status, answer = transport(url, body)
    response_key = keys.claim_object_key(
        claim.tenant_id, claim.claim_id, f"gateway/{record_id}-{step}-response.xml"
    )
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
    now = clock.now()
    if message.qualifier == "response" and message.success:
        done = repository.update_claim(
            claim,
            [
                ClaimItem.state.set("accepted"),
                ClaimItem.receipt.set(message.receipt_message),
                ClaimItem.decided_at.set(now),
            ],
            condition=ClaimItem.state == "submitted",
        )
        if done or claim.state == "accepted":
            pipeline.settle_all(claim.tenant_id, claim.claim_id)
        return
    done = repository.update_claim(
        claim,
        [
            ClaimItem.state.set("rejected"),
            ClaimItem.errors.set(_error_rows(claim, message)),
            ClaimItem.decided_at.set(now),
        ],
        condition=ClaimItem.state == "submitted",
    )
    if done or claim.state == "rejected":
        pipeline.release_all(claim.tenant_id, claim.claim_id)


def run(message: dict[str, Any]) -> None:
    tenant_id, claim_id = message["tenant_id"], message["payload"]["claim_id"]
    job = jobs.get(tenant_id, message["job_id"])
    claim = repository.get_claim(tenant_id, claim_id)
    if claim.state != "submitted" or not jobs.start(job):
        return
    settings = repository.get_settings(tenant_id)
    if settings is None:
        raise RuntimeError("Gift Aid settings are missing")
    url = endpoint_url(settings.endpoint)
    answer: gateway.GatewayMessage | None = None
    poll_url, interval = url, gateway.DEFAULT_POLL_INTERVAL
    if not claim.correlation_id:
        password = secrets.decrypt(settings.gateway_password, tenant_id) if settings.gateway_password else ""
        sent = files.submission_xml(claim, password)
        stored = files.submission_xml(claim, files.PASSWORD_PLACEHOLDER)
        answer = _exchange(claim, "submit", url, sent.xml, stored.xml)
        if answer.correlation_id:
            repository.update_claim(claim, [ClaimItem.correlation_id.set(answer.correlation_id)])
        poll_url, interval = answer.response_endpoint or url, answer.poll_interval
    correlation_id = claim.correlation_id or (answer.correlation_id if answer else "")
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
    if correlation_id:
        request = gateway.delete_request(correlation_id)
        _exchange(claim, "delete", url, request, request)
    final = repository.get_claim(tenant_id, claim_id)
    jobs.finish(job, {"claim_id": claim_id, "state": final.state})
