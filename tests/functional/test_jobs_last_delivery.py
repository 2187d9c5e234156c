"""A job whose message fails on its last delivery shows `failed`, not an endless `running`."""

from __future__ import annotations

import json

import pytest
from aws_lambda_powertools.utilities.batch.exceptions import BatchProcessingError

from functions.core import jobs
from tests.functional.helpers import lambda_event


def _event_for(job: jobs.Job, receive_count: int) -> dict:
    body = json.dumps({"job_id": job.job_id, "tenant_id": job.tenant_id, "job_type": "demo", "payload": {}})
    event = lambda_event([{"Body": body}])
    event["Records"][0]["attributes"]["ApproximateReceiveCount"] = str(receive_count)
    return event


def _broken(message: dict) -> None:
    raise RuntimeError("the export bucket is gone")


def test_a_retry_keeps_the_job_running_and_the_last_failure_marks_it_failed(aws):
    # GIVEN a queued job whose worker always fails
    job = jobs.submit("exports", tenant_id="t1", user_id="u1", job_type="demo", payload={})
    handler = jobs.sqs_handler(_broken)
    # WHEN an early delivery fails THEN it is retried (a batch whose every record failed raises,
    # so Lambda returns it whole) and the job is still in progress
    with pytest.raises(BatchProcessingError):
        handler(_event_for(job, 1), None)
    assert jobs.get("t1", job.job_id).status == jobs.QUEUED
    # WHEN the last delivery fails THEN the message still goes back (to the DLQ) and the job says why
    with pytest.raises(BatchProcessingError):
        handler(_event_for(job, 5), None)
    failed = jobs.get("t1", job.job_id)
    assert failed.status == jobs.FAILED
    assert "failed after 5 attempts" in failed.error
