"""The import history (the area's first screen) and the view of one import: apart from the
service, whose plan, undo, jobs and the donations service this list never runs, so that the
area's first request does not import them (ADR 0011, cold start). The service re-exports `view`."""

from __future__ import annotations

from typing import Any

from functions.core import clock, list_search
from functions.core.access import Principal
from functions.core.pagination import ListQuery, decode_cursor, encode_cursor, page_body
from functions.imports import repository
from functions.imports.models import ImportItem


def view(item: ImportItem, *, with_sample: bool = True) -> dict[str, Any]:
    detected = item.detected
    if not with_sample:
        detected.pop("sample", None)
    return {
        "id": item.import_id,
        "filename": item.filename,
        "size": int(item.size or 0),
        "status": item.status,
        "created_at": clock.iso(item.created_at),
        "created_by": item.created_by,
        "detected": detected,
        "mapping": item.mapping,
        "counts": item.counts() if item.counts_ready else None,
        "progress": {"done": int(item.progress_done or 0), "total": int(item.progress_total or 0)},
        "job_id": item.job_id,
        "error": item.error,
    }


def _searched(item: ImportItem) -> tuple[str | None, ...]:
    """What the Import history search box searches (docs/api.md): the file name."""
    return (item.filename,)


def history(who: Principal, query: ListQuery) -> dict[str, Any]:
    keep = list_search.matcher(query.search, _searched)
    items, last = repository.history(who.tenant_id, query.length, decode_cursor(query.cursor), keep)
    return page_body(
        [view(item, with_sample=False) for item in items],
        total=None,  # type: ignore[arg-type]  # unknown without counting the history
        query=query,
        next_cursor=encode_cursor(last),
    )
