"""The exports queue: writes a table's rows to a CSV file in S3 (streamed to a temporary file,
then uploaded from its path, so memory stays flat as the table grows), with progress counts the
SPA polls.

Idempotent on the job id: a redelivered message for a finished job does nothing; one for a job
that crashed half-way writes the whole file again under the same key.
"""

from __future__ import annotations

import tempfile
from collections.abc import Sized
from pathlib import Path
from typing import Any

from functions.core import jobs, keys
from functions.core.errors import NotFound
from functions.domain.csv_safety import SafeCsvWriter
from functions.exports import registry, repository

PROGRESS_EVERY = 500  # rows between two progress updates
UTF8_BOM = "\ufeff"  # lets Excel read £ and accents as UTF-8


def handle(message: dict[str, Any]) -> None:
    job = jobs.get(message["tenant_id"], message["job_id"])
    if not jobs.start(job):
        return  # already done: a redelivered message
    payload = message["payload"]
    try:
        exporter = registry.exporter_for(payload["table"])
    except NotFound:
        jobs.fail(job, f"unknown table {payload['table']!r}")
        return
    filename = f"{job.created_at.date().isoformat()}-{exporter.table}.csv"
    key = keys.export_object_key(job.tenant_id, job.job_id, filename)
    rows = exporter.rows(job.tenant_id, payload.get("meta") or {})
    if isinstance(rows, Sized):
        jobs.progress(job, 0, total=len(rows))
    written = 0
    with tempfile.TemporaryDirectory(prefix="almoner-export-") as folder:
        path = Path(folder) / filename
        with path.open("w", encoding="utf-8", newline="") as text:
            text.write(UTF8_BOM)
            writer = SafeCsvWriter(text, [(k, label) for k, label in payload["heads"]])
            for row in rows:
                writer.write(row)
                written += 1
                if written % PROGRESS_EVERY == 0:
                    jobs.progress(job, written)
        repository.upload(path, key, filename)
    jobs.progress(job, written, total=written)
    jobs.finish(job, {"key": key, "filename": filename, "rows": written})


handler = jobs.sqs_handler(handle)
