"""The claims queue handler (functions/core/jobs.py recipe): one message type per step."""

from __future__ import annotations

from typing import Any

from functions.core import jobs
from functions.funds import backfill
from functions.giftaid import allocation, pipeline, repository, submission
from functions.giftaid import messages as _messages  # noqa: F401 (registers the messages)


def _seal(message: dict[str, Any]) -> None:
    tenant_id, claim_id = message["tenant_id"], message["payload"]["claim_id"]
    job = jobs.get(tenant_id, message["job_id"])
    if not jobs.start(job):
        return
    pipeline.seal(tenant_id, claim_id)
    claim = repository.get_claim(tenant_id, claim_id)
    jobs.finish(job, {"claim_id": claim_id, "state": claim.state})


def handle(message: dict[str, Any]) -> None:
    job_type, step = message["job_type"], message["payload"].get("step")
    if job_type == pipeline.BUILD and step == "chunk":
        pipeline.chunk(message)
    elif job_type == pipeline.BUILD:
        pipeline.plan(message)
    elif job_type == pipeline.SEAL:
        _seal(message)
    elif job_type == pipeline.RELEASE:
        pipeline.release(message)
    elif job_type == pipeline.SUBMIT:
        submission.run(message)
    elif job_type == allocation.ALLOCATE:
        allocation.run(message)
    elif job_type == backfill.BACKFILL:  # the funds area's migration rides this queue
        backfill.run(message)
    else:
        raise ValueError(f"unknown claims job {job_type!r}")


handler = jobs.sqs_handler(handle)
