"""Jobs the SPA polls, and CSV exports of its tables (spec §7 Export; SECURITY.md CSV exports)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from functions.core import files as stored_files
from functions.core import jobs
from functions.core.access import Principal
from functions.core.errors import Forbidden, Invalid, NotFound
from functions.core.messages import CATALOG
from functions.exports import registry

if TYPE_CHECKING:
    from functions.exports.schemas import ExportBody

JOB_TYPE = "export"

CATALOG.update(
    {
        "exports.ids_unsupported": {
            "en": "This table cannot export selected rows; export it with its filters instead.",
            "es": "Esta tabla no puede exportar filas seleccionadas; expórtela con sus filtros.",
        }
    }
)


def job_status(who: Principal, job_id: str) -> dict[str, Any]:
    """A job of the caller's charity that the caller started (another's → 404); a finished
    export's result gains a short-lived download link."""
    job = jobs.get(who.tenant_id, job_id)
    if job.user_id is not None and job.user_id != who.user_id:
        raise NotFound()
    extra: dict[str, Any] = {}
    if job.status == jobs.DONE and job.result is not None and job.job_type == JOB_TYPE:
        result = job.result.as_dict()
        extra["download_url"] = stored_files.download_url(result["key"], result["filename"])
    return jobs.view(job, extra)


def request_export(who: Principal, table: str, body: ExportBody) -> str:
    """Queue an export of `table` with the visible columns (`heads`, in their order; the table's
    default columns when none are sent). The caller needs the table's own permission."""
    exporter = registry.exporter_for(table)
    if not who.can(exporter.permission):
        raise Forbidden()
    unknown = [head.key for head in body.heads if head.key not in exporter.column_keys]
    if unknown:
        raise Invalid.field("heads", "field.choice")
    if body.ids is not None and not exporter.by_ids:
        raise Invalid.field("ids", "exports.ids_unsupported")
    heads = [[h.key, h.label] for h in body.heads] or [list(column) for column in exporter.columns]
    meta = body.meta if body.ids is None else {**body.meta, "ids": list(dict.fromkeys(body.ids))}
    job = jobs.submit(
        "exports",
        tenant_id=who.tenant_id,
        user_id=who.user_id,
        job_type=JOB_TYPE,
        payload={"table": table, "meta": meta, "heads": heads},
    )
    return job.job_id
