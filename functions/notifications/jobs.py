"""The notifications queue: fans an admin notification out to every user of the target charities.

Idempotent on the business key (job id + user id): each user's notification is a conditional put
keyed by the job id, so a message delivered twice, or retried after a crash half-way, creates one
notification per user and sends at most one email each.
"""

from __future__ import annotations

from typing import Any

from functions.core import jobs
from functions.notifications import repository, service


def handle(message: dict[str, Any]) -> None:
    job = jobs.get(message["tenant_id"], message["job_id"])
    if not jobs.start(job):
        return  # already done: a redelivered message
    payload = message["payload"]
    tenant_ids = payload.get("tenant_ids")
    targets = list(tenant_ids) if tenant_ids is not None else list(repository.all_charity_ids())
    jobs.progress(job, 0, total=len(targets))
    created = 0
    for done, tenant_id in enumerate(targets, start=1):
        created += service.notify(
            tenant_id,
            None,
            payload["title"],
            payload["body"],
            notification_id=job.job_id,
            email_opted_in=True,
        )
        jobs.progress(job, done)
    jobs.finish(job, {"charities": len(targets), "notifications": created})


handler = jobs.sqs_handler(handle)
