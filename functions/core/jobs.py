"""Long work runs in SQS jobs, never in a request (API Gateway cuts at 29 s).

One recipe for every queue handler: powertools BatchProcessor + partial batch failures; the
template sets ReportBatchItemFailures, a DLQ and maxReceiveCount. Handlers are idempotent on the
job id (a business key), not on the SQS message id. Every job has a status item the SPA polls.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pynamodb.attributes import MapAttribute, NumberAttribute, UnicodeAttribute
from pynamodb.exceptions import UpdateError
from pynamodb.expressions.update import Action

from functions.core import aws, clock, config, ids, keys
from functions.core.errors import NotFound
from functions.core.observability import logger
from functions.core.table import Entity

QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"


class Job(Entity, discriminator="Job"):
    job_id = UnicodeAttribute()
    tenant_id = UnicodeAttribute()
    user_id = UnicodeAttribute(null=True)
    job_type = UnicodeAttribute()
    status = UnicodeAttribute(default=QUEUED)
    done = NumberAttribute(default=0)
    total = NumberAttribute(default=0)
    result = MapAttribute(null=True)  # type: ignore[var-annotated]
    error = UnicodeAttribute(null=True)

    @classmethod
    def key(cls, tenant_id: str, job_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.job_sk(job_id)


def submit(queue: str, *, tenant_id: str, user_id: str | None, job_type: str, payload: dict[str, Any]) -> Job:
    """Create the status item, then enqueue. The message carries the job id as its business key."""
    job_id = ids.new_id()
    pk, sk = Job.key(tenant_id, job_id)
    job = Job(pk, sk, job_id=job_id, tenant_id=tenant_id, user_id=user_id, job_type=job_type)
    job.save()
    message = {"job_id": job_id, "tenant_id": tenant_id, "job_type": job_type, "payload": payload}
    aws.client("sqs").send_message(QueueUrl=config.queue_url(queue), MessageBody=json.dumps(message))
    return job


def enqueue_many(
    queue: str, tenant_id: str, job_id: str, job_type: str, payloads: list[dict[str, Any]]
) -> None:
    """One message of the job per payload, ten to a SendMessageBatch; an entry SQS refuses is
    sent again."""
    sqs, queue_url = aws.client("sqs"), config.queue_url(queue)
    for start in range(0, len(payloads), 10):
        entries = [
            {
                "Id": str(n),
                "MessageBody": json.dumps(
                    {"job_id": job_id, "tenant_id": tenant_id, "job_type": job_type, "payload": payload}
                ),
            }
            for n, payload in enumerate(payloads[start : start + 10])
        ]
        for _ in range(5):
            failed = {
                entry["Id"]
                for entry in sqs.send_message_batch(QueueUrl=queue_url, Entries=entries).get("Failed", [])
            }
            entries = [entry for entry in entries if entry["Id"] in failed]
            if not entries:
                break
        else:
            raise RuntimeError(f"SQS refused {len(entries)} {job_type} messages")


def get(tenant_id: str, job_id: str) -> Job:
    try:
        return Job.get(*Job.key(tenant_id, job_id), consistent_read=True)
    except Job.DoesNotExist as exc:
        raise NotFound() from exc


def start(job: Job, total: int = 0) -> bool:
    """Mark running. False when the job already finished (a redelivered message: do nothing)."""
    try:
        job.update(
            actions=[Job.status.set(RUNNING), Job.total.set(total)],
            condition=Job.status.is_in(QUEUED, RUNNING),
        )
    except UpdateError as exc:
        if _condition_failed(exc):
            return False
        raise
    return True


def progress(job: Job, done: int, total: int | None = None) -> None:
    actions: list[Action] = [Job.done.set(done)]
    if total is not None:
        actions.append(Job.total.set(total))
    job.update(actions=actions)


def finish(job: Job, result: dict[str, Any]) -> None:
    job.update(actions=[Job.status.set(DONE), Job.result.set(result), Job.done.set(job.total)])


def fail(job: Job, error: str) -> None:
    job.update(actions=[Job.status.set(FAILED), Job.error.set(error[:500])])


def _condition_failed(exc: Exception) -> bool:
    cause = getattr(exc, "cause_response_code", None)
    return cause == "ConditionalCheckFailedException"


def view(job: Job, extra_result: dict[str, Any] | None = None) -> dict[str, Any]:
    result = dict(job.result.as_dict()) if job.result is not None else None
    if result is not None and extra_result:
        result.update(extra_result)
    return {
        "id": job.job_id,
        "type": job.job_type,
        "status": job.status,
        "progress": {"done": int(job.done), "total": int(job.total)},
        "result": result,
        "error": job.error,
        "created_at": clock.iso(job.created_at),
    }


JobHandler = Callable[[dict[str, Any]], None]


def _give_up(message: dict[str, Any], error: Exception) -> None:
    """The last delivery failed: the message goes to the DLQ (for a person to redrive), and the
    job's status says so, so the SPA's progress bar stops instead of spinning forever."""
    logger.exception("job failed for the last time; its message goes to the dead-letter queue")
    job_id, tenant_id = message.get("job_id"), message.get("tenant_id")
    if not job_id or not tenant_id:
        return
    try:
        job = get(tenant_id, job_id)
    except NotFound:
        return
    if job.status != DONE:
        fail(job, f"The job failed after {config.max_receive_count()} attempts ({type(error).__name__}).")


def sqs_handler(handle_message: JobHandler) -> Callable[[dict[str, Any], Any], Any]:
    """The Lambda handler for a queue: each record's JSON body goes to `handle_message`; a record
    that raises is reported as a batch item failure and retried, then goes to the DLQ."""
    # Imported here: powertools' batch tools cost ~55 ms of imports that only workers need, and
    # every API function imports this module to enqueue jobs.
    from aws_lambda_powertools.utilities.batch import BatchProcessor, EventType, process_partial_response

    def record_handler(record: Any) -> None:
        message = json.loads(record.body)
        logger.append_keys(job_id=message.get("job_id"), tenant_id=message.get("tenant_id"))
        try:
            handle_message(message)
        except Exception as error:
            if int(record.attributes.approximate_receive_count) >= config.max_receive_count():
                _give_up(message, error)
            raise

    def handler(event: dict[str, Any], context: Any) -> Any:
        # a processor per invocation: it keeps the batch's outcomes, and the local job runner
        # invokes a handler from several threads at once, as Lambda runs several environments
        processor = BatchProcessor(event_type=EventType.SQS)
        return process_partial_response(
            event=event, record_handler=record_handler, processor=processor, context=context
        )

    return handler
