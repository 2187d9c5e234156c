"""The imports queue (functions/core/jobs.py recipe). One job per step the user starts:

- `import-dry-run`: the full validation pass (`plan.Pass(dry=True)`): counts and error rows;
- `import-run`: the same pass writing chunk files and review rows, then one message per chunk
  (`step: chunk`), each written by `writer.ChunkWriter` and closed by ONE transaction that marks
  its manifest done and adds its counts to the import (so a redelivered chunk is counted once);
  the chunk that completes the set marks the import `imported`;
- `import-undo`: `undo.run`.

A file that cannot be read fails the import at once with the reason (retrying cannot help);
any other error is retried by SQS, and after the last attempt the job is marked failed, which
the import's status shows (`service.view`).
"""

from __future__ import annotations

import json
from typing import Any

from functions.core import aws, config, jobs, keys
from functions.core.messages import t
from functions.domain.imports.detection import NotReadable
from functions.donors.transaction import Transaction, TransactionFailed
from functions.imports import messages as _messages  # noqa: F401 (registers the messages)
from functions.imports import plan, refunds, repository, undo, writer
from functions.imports.models import (
    FAILED,
    IMPORTED,
    IMPORTING,
    VALIDATED,
    VALIDATING,
    ChunkManifest,
    ImportCounts,
    ImportItem,
)

DRY_RUN, RUN, UNDO = "import-dry-run", "import-run", "import-undo"


def _body(tenant_id: str, job_id: str, job_type: str, payload: dict[str, Any]) -> str:
    return json.dumps({"job_id": job_id, "tenant_id": tenant_id, "job_type": job_type, "payload": payload})


def enqueue(tenant_id: str, job_id: str, job_type: str, payload: dict[str, Any]) -> None:
    body = _body(tenant_id, job_id, job_type, payload)
    aws.client("sqs").send_message(QueueUrl=config.queue_url("imports"), MessageBody=body)


def enqueue_many(tenant_id: str, job_id: str, job_type: str, payloads: list[dict[str, Any]]) -> None:
    jobs.enqueue_many("imports", tenant_id, job_id, job_type, payloads)


def _fail(item: ImportItem, job: jobs.Job, problem: NotReadable) -> None:
    text = t(problem.key, **problem.params)
    repository.update(item, [ImportItem.status.set(FAILED), ImportItem.error.set(text[:500])])
    jobs.fail(job, text)


def _counts_actions(counts: dict[str, int]) -> list[Any]:
    return [getattr(ImportItem, name).set(value) for name, value in counts.items()]


# ------------------------------------------------------------------ dry run
def dry_run(message: dict[str, Any]) -> None:
    tenant_id, payload = message["tenant_id"], message["payload"]
    job = jobs.get(tenant_id, message["job_id"])
    item = repository.get(tenant_id, payload["import_id"])
    if item.status != VALIDATING or item.job_id != job.job_id or not jobs.start(job):
        return
    try:
        tally = plan.Pass(item, dry=True).run()
    except NotReadable as problem:
        _fail(item, job, problem)
        return
    counts = tally.counts()
    repository.update(
        item,
        [ImportItem.status.set(VALIDATED), ImportItem.counts_ready.set(True), *_counts_actions(counts)],
        condition=(ImportItem.status == VALIDATING) & (ImportItem.job_id == job.job_id),
    )
    jobs.finish(job, {"import_id": item.import_id, "counts": counts})


# ------------------------------------------------------------------ run
def run_plan(message: dict[str, Any]) -> None:
    tenant_id, payload = message["tenant_id"], message["payload"]
    job = jobs.get(tenant_id, message["job_id"])
    item = repository.get(tenant_id, payload["import_id"])
    if item.status != IMPORTING or item.job_id != job.job_id:
        return
    planned_now = item.chunks_total is None
    if planned_now:
        if not jobs.start(job):
            return
        this_pass = plan.Pass(item, dry=False)
        try:
            tally = this_pass.run()
        except NotReadable as problem:
            _fail(item, job, problem)
            return
        sizes = this_pass.upload_chunks()
        refunds_planned = this_pass.upload_refunds()
        counts = {
            "rows": tally.rows,
            "errors": tally.errors,
            "review": tally.review,
            "duplicates": tally.duplicates,
            "skipped": tally.skipped,
            "warnings": tally.warnings,
        }
        # the pass's reference set and donor index (~10 MB for 100,000 rows) go before the chunks
        # it queues start, in this process's other job threads, to hold their own rows
        del this_pass, tally
        counts.update(donors_new=0, donors_linked=0, donations_new=0, declarations_new=0, refunds=0)
        planned = sum(sizes)
        repository.update(
            item,
            [
                *_counts_actions(counts),
                ImportItem.chunks_total.set(len(sizes)),
                ImportItem.refunds_planned.set(refunds_planned),
                ImportItem.chunks_done.set(0),
                ImportItem.progress_done.set(0),
                ImportItem.progress_total.set(planned),
            ],
            condition=ImportItem.chunks_total.does_not_exist(),
        )
        jobs.progress(job, 0, planned)
        item = repository.get(tenant_id, item.import_id)
    waiting = [
        number
        for number in range(1, int(item.chunks_total or 0) + 1)
        # chunks just planned have never been sent; after a redelivery, done chunks are skipped
        if planned_now or _not_done(tenant_id, item.import_id, number)
    ]
    payloads = [{"import_id": item.import_id, "step": "chunk", "chunk": number} for number in waiting]
    enqueue_many(tenant_id, job.job_id, RUN, payloads)
    if not item.chunks_total:
        finish_run(item, job)


def _not_done(tenant_id: str, import_id: str, number: int) -> bool:
    manifest = repository.get_manifest(tenant_id, import_id, number)
    return manifest is None or manifest.status != "done"


def chunk(message: dict[str, Any]) -> None:
    tenant_id, payload = message["tenant_id"], message["payload"]
    number = int(payload["chunk"])
    item = repository.get(tenant_id, payload["import_id"])
    job = jobs.get(tenant_id, message["job_id"])
    if item.status != IMPORTING:
        return
    manifest = repository.get_manifest(tenant_id, item.import_id, number)
    if manifest is None or manifest.status != "done":
        rows = repository.chunk_rows(tenant_id, item.import_id, number)
        if write_manifest(item, number, rows):
            outcome = writer.ChunkWriter(item, rows, job.user_id).write()
            close_chunk(item, number, outcome, len(rows))
    item = repository.get(tenant_id, item.import_id)
    jobs.progress(job, int(item.progress_done or 0), int(item.progress_total or 0))
    if item.chunks_total is not None and int(item.chunks_done or 0) >= int(item.chunks_total):
        finish_run(item, job)


def write_manifest(item: ImportItem, number: int, rows: list[dict[str, Any]]) -> bool:
    """Before writing: every id the chunk may create, so an undo after a crash finds them.
    False when the chunk is done already (another delivery finished it): nothing to write."""
    return repository.start_manifest(
        ChunkManifest(
            keys.import_pk(item.tenant_id, item.import_id),
            keys.import_chunk_sk(number),
            chunk=number,
            status="running",
            donation_ids=[row["donation_id"] for row in rows],
            donor_ids=sorted(
                {row["donor_id"] for row in rows if row.get("new_donor") and row.get("donor_id")}
            ),
            declaration_ids=[row["declaration_id"] for row in rows if row.get("declaration_id")],
        )
    )


def close_chunk(
    item: ImportItem,
    number: int,
    outcome: writer.Outcome,
    processed: int,
    *,
    chunk_of_run: bool = True,
    resolved_reviews: int = 0,
) -> bool:
    """Mark the chunk done with what it created and add its counts to the import, in one
    transaction; False when another delivery closed it first (nothing is counted twice)."""
    pk = keys.import_pk(item.tenant_id, item.import_id)
    done = ChunkManifest(
        pk,
        keys.import_chunk_sk(number),
        chunk=number,
        status="done",
        donation_ids=outcome.donations,
        donor_ids=outcome.donors_created,
        declaration_ids=outcome.declarations,
        donor_counts_json=json.dumps(outcome.donor_counts),
    )
    errors = plan.ErrorSink(item, int(item.generation or 0))
    transaction = Transaction()
    transaction.put(done, condition=ChunkManifest.status != "done", tag="manifest")
    transaction.add(
        ImportCounts,
        ImportItem.key(item.tenant_id, item.import_id),
        donations_new=len(outcome.donations),
        declarations_new=len(outcome.declarations),
        donors_new=len(outcome.donors_created),
        donors_linked=len(outcome.donors_linked),
        duplicates=outcome.duplicates,
        errors=len({row for row, _, _ in outcome.failed_rows}),
        progress_done=processed,
        chunks_done=1 if chunk_of_run else 0,
        review=-resolved_reviews,
    )
    for model, key, deltas in outcome.totals:  # the charity's totals the chunk's rows deferred
        transaction.add(model, key, **deltas)
    try:
        transaction.commit()
    except TransactionFailed as failed:
        if "manifest" in failed.tags:
            return False  # another delivery closed the chunk first
        raise  # cancelled for another reason (a conflict with a concurrent chunk): retried
    errors.add_failures(outcome.failed_rows)
    errors.flush()
    return True


def finish_run(item: ImportItem, job: jobs.Job) -> None:
    """The donations are written: apply the refunds found (once), then the import is done."""
    refunds.apply_all(item, job.user_id)
    repository.update(item, [ImportItem.status.set(IMPORTED)], condition=ImportItem.status == IMPORTING)
    final = repository.get(item.tenant_id, item.import_id)
    if job.status != jobs.DONE:
        jobs.finish(job, {"import_id": item.import_id, "counts": final.counts()})


# ------------------------------------------------------------------ dispatch
def handle(message: dict[str, Any]) -> None:
    job_type, step = message["job_type"], message["payload"].get("step")
    if job_type == DRY_RUN:
        dry_run(message)
    elif job_type == RUN and step == "chunk":
        chunk(message)
    elif job_type == RUN:
        run_plan(message)
    elif job_type == UNDO:
        undo.run(message)
    else:
        raise ValueError(f"unknown imports job {job_type!r}")


handler = jobs.sqs_handler(handle)
