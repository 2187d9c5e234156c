"""Imports (docs/api.md "Imports"): upload, detect, map, preview, dry run, run, errors, review,
undo. Long work runs as jobs on the imports queue (`functions/imports/jobs.py`)."""

from __future__ import annotations

import io
import json
import tempfile
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from functions.core import clock, ids, jobs, keys
from functions.core import files as stored_files
from functions.core.access import Principal
from functions.core.errors import Conflict, Invalid, NotFound
from functions.core.messages import current_locale, t
from functions.core.pagination import ListQuery, decode_cursor, encode_cursor, page_body
from functions.domain.csv_safety import SafeCsvWriter
from functions.domain.imports import fields
from functions.domain.imports.detection import NotReadable
from functions.domain.imports.rows import DONATION, REFUND, SKIP, ImportRow, read_row
from functions.donations.models import DonationType, Location
from functions.imports import files, plan, repository, undo
from functions.imports import messages as _messages  # noqa: F401 (registers the messages)
from functions.imports.jobs import DRY_RUN, RUN, UNDO
from functions.imports.listing import view
from functions.imports.models import (
    FAILED,
    IMPORTED,
    IMPORTING,
    MAPPED,
    UNDOING,
    UPLOADED,
    VALIDATED,
    VALIDATING,
    ImportItem,
    SavedMapping,
    UploadItem,
)

if TYPE_CHECKING:
    from functions.imports.schemas import CreateBody, MappingModel, PresetBody, UploadBody

PREVIEW_ROWS = 20
RUNNING = (VALIDATING, IMPORTING, UNDOING)
MAPPABLE = (UPLOADED, MAPPED, VALIDATED, FAILED)


def _current(item: ImportItem) -> ImportItem:
    """A job that failed for good (its message went to the dead-letter queue) leaves the import
    running in name only: show it as failed, with the job's reason."""
    if item.status in RUNNING and item.job_id:
        try:
            job = jobs.get(item.tenant_id, item.job_id)
        except NotFound:
            return item
        if job.status == jobs.FAILED:
            repository.update(
                item,
                [ImportItem.status.set(FAILED), ImportItem.error.set(job.error or t("server_error"))],
                condition=ImportItem.status == item.status,
            )
            return repository.get(item.tenant_id, item.import_id)
    return item


def get(who: Principal, import_id: str) -> ImportItem:
    return _current(repository.get(who.tenant_id, import_id))


# ------------------------------------------------------------------ upload and detection
def start_upload(who: Principal, body: UploadBody) -> dict[str, Any]:
    upload_id = ids.new_id()
    key = keys.import_upload_object_key(who.tenant_id, upload_id)
    repository.save_upload(
        who.tenant_id,
        UploadItem(
            *UploadItem.key(who.tenant_id, upload_id),
            upload_id=upload_id,
            filename=body.filename,
            size=body.size,
            kind=body.kind,
            user_id=who.user_id,
            expires_at=clock.now() + timedelta(days=1),
        ),
    )
    post = repository.presigned_post(key)
    return {
        "upload_id": upload_id,
        "url": post["url"],
        "fields": post["fields"],
        "max_bytes": repository.MAX_BYTES,
    }


def create(who: Principal, body: CreateBody) -> dict[str, Any]:
    upload = repository.get_upload(who.tenant_id, body.upload_id)
    if upload is None:
        raise Invalid.field("upload_id", "imports.upload_missing")
    key = keys.import_upload_object_key(who.tenant_id, upload.upload_id)
    size = stored_files.size(key)
    if size is None:
        raise Invalid.field("upload_id", "imports.upload_missing")
    if size == 0:
        raise Invalid.field("upload_id", "imports.file_empty")
    if size > repository.MAX_BYTES:
        raise Invalid.field("upload_id", "imports.size_too_large")
    try:
        detected = files.detect(upload.kind, key, size)
    except NotReadable as problem:
        raise Invalid(errors={"upload_id": [t(problem.key, **problem.params)]}) from problem
    item = ImportItem(
        *ImportItem.key(who.tenant_id, upload.upload_id),
        import_id=upload.upload_id,
        tenant_id=who.tenant_id,
        filename=upload.filename,
        size=size,
        kind=upload.kind,
        object_key=key,
        status=UPLOADED,
        created_by=who.user_id,
        detected_json=json.dumps(detected.as_dict()),
    )
    if not repository.create(item):
        raise Invalid.field("upload_id", "imports.upload_used")
    return view(item)


# ------------------------------------------------------------------ fields and presets
def field_list() -> dict[str, Any]:
    return {
        "fields": [
            {"key": f.key, "label": t(f"imports.field.{f.key}"), "group": f.group, "required": f.required}
            for f in fields.FIELDS
        ],
        "transforms": fields.TRANSFORMS,
    }


def presets(who: Principal) -> dict[str, Any]:
    builtin = [
        {
            "id": p.preset_id,
            "name": t(f"imports.preset.{p.preset_id}"),
            "builtin": True,
            "mapping": p.mapping(),
        }
        for p in fields.BUILTIN_PRESETS
    ]
    saved = [
        {"id": m.mapping_id, "name": m.name, "builtin": False, "mapping": json.loads(m.mapping_json)}
        for m in sorted(repository.saved_mappings(who.tenant_id), key=lambda m: m.name.lower())
    ]
    return {"data": builtin + saved}


def save_preset(who: Principal, body: PresetBody) -> dict[str, Any]:
    mapping_id = ids.new_id()
    mapping = body.mapping.model_dump()
    SavedMapping(
        *SavedMapping.key(who.tenant_id, mapping_id),
        mapping_id=mapping_id,
        name=body.name,
        mapping_json=json.dumps(mapping),
    ).save()
    return {"id": mapping_id, "name": body.name, "builtin": False, "mapping": mapping}


def delete_preset(who: Principal, preset_id: str) -> None:
    if preset_id in {p.preset_id for p in fields.BUILTIN_PRESETS}:
        raise Conflict("imports.preset_builtin")
    if not repository.delete_saved_mapping(who.tenant_id, preset_id):
        raise NotFound()


# ------------------------------------------------------------------ mapping and preview
def _check_mapping(who: Principal, item: ImportItem, mapping: MappingModel) -> None:
    columns = item.detected.get("columns", [])
    errors: dict[str, list[str]] = {}
    for name, (key, params) in fields.mapping_problems(mapping.columns, columns).items():
        if key == "imports.mapping_required":
            params = {"field": t(f"imports.field.{params['field']}")}
        errors[name] = [t(key, **params)]
    defaults = mapping.defaults
    for name, model, value, reason in (
        ("donation_type_id", DonationType, defaults.donation_type_id, "imports.type_unknown"),
        ("location_id", Location, defaults.location_id, "imports.location_unknown"),
    ):
        if value and not repository.existing([model.key(who.tenant_id, value)]):
            errors[f"mapping.defaults.{name}"] = [t(reason)]
    if errors:
        raise Invalid(errors=errors)


def set_mapping(who: Principal, import_id: str, mapping: MappingModel) -> dict[str, Any]:
    item = get(who, import_id)
    if item.status not in MAPPABLE or item.run_started:
        raise Conflict("imports.state", status=item.status)
    _check_mapping(who, item, mapping)
    stored = mapping.model_dump()
    stored["columns"] = {
        c: k for c, k in mapping.columns.items() if c in set(item.detected.get("columns", []))
    }
    changed = repository.update(
        item,
        [
            ImportItem.mapping_json.set(json.dumps(stored)),
            ImportItem.status.set(MAPPED),
            ImportItem.counts_ready.set(False),
            ImportItem.error.remove(),
        ],
        condition=ImportItem.status.is_in(*MAPPABLE) & (ImportItem.run_started == False),  # noqa: E712
    )
    if not changed:
        raise Conflict("imports.state", status=repository.get(who.tenant_id, import_id).status)
    return view(repository.get(who.tenant_id, import_id))


# what a preview row is, as docs/api.md names it (the report calls a skipped row `skipped` too)
PREVIEW_KINDS = {DONATION: "donation", REFUND: "refund", SKIP: "skipped"}


def _preview_row(row: ImportRow) -> dict[str, Any]:
    """One row of the preview: what it will store, what kind of row it is, and (like the report)
    why it is refused, skipped or imported with a warning, in the reader's language."""
    refund = row.refund if row.kind == REFUND and row.refund is not None else None
    skipped = row.skipped if row.kind == SKIP else None
    return {
        "row": row.row,
        "kind": PREVIEW_KINDS.get(row.kind, row.kind),
        "donor": row.donor,
        "donation": row.donation,
        "declaration": row.declaration,
        "refund": (
            {key: refund.get(key) for key in ("of", "ref", "amount", "date")} if refund is not None else None
        ),
        "skipped": (
            {"column": skipped.column, "value": skipped.value, "reason": t(skipped.reason, **skipped.params)}
            if skipped is not None
            else None
        ),
        "errors": [{"column": p.column, "reason": t(p.reason, **p.params)} for p in row.problems],
        "warnings": [{"column": p.column, "reason": t(p.reason, **p.params)} for p in row.warnings],
    }


def preview(who: Principal, import_id: str) -> dict[str, Any]:
    item = get(who, import_id)
    if item.mapping is None:
        raise Conflict("imports.state", status=item.status)
    detected = item.detected
    mapping = fields.mapping_from(item.mapping, detected.get("columns", []))
    index = {name: position for position, name in enumerate(detected.get("columns", []))}
    catalog = plan.load_catalog(who.tenant_id)
    header = int(detected.get("header_row") or 1)
    shown: list[dict[str, Any]] = []
    try:
        for number, cells in files.rows(item.kind, item.object_key, detected):
            if number <= header or not any(str(c).strip() for c in cells):
                continue
            row = read_row(number, cells, index, mapping, today=clock.today(), catalog=catalog)
            shown.append(_preview_row(row))
            if len(shown) >= PREVIEW_ROWS:
                break
    except NotReadable as problem:
        raise Invalid(errors={"upload_id": [t(problem.key, **problem.params)]}) from problem
    return {"rows": shown}


# ------------------------------------------------------------------ jobs
def dry_run(who: Principal, import_id: str) -> str:
    item = get(who, import_id)
    if item.mapping is None or item.status not in (MAPPED, VALIDATED, FAILED) or item.run_started:
        raise Conflict("imports.state", status=item.status)
    job_id = ids.new_id()
    changed = repository.update(
        item,
        [
            ImportItem.status.set(VALIDATING),
            ImportItem.job_id.set(job_id),
            ImportItem.generation.add(1),
            ImportItem.counts_ready.set(False),
            ImportItem.error.remove(),
        ],
        condition=ImportItem.status.is_in(MAPPED, VALIDATED, FAILED) & (ImportItem.run_started == False),  # noqa: E712
    )
    if not changed:
        raise Conflict("imports.state", status=repository.get(who.tenant_id, import_id).status)
    return _submit(who, job_id, DRY_RUN, import_id)


def _submit(who: Principal, job_id: str, job_type: str, import_id: str) -> str:
    """The job with the id already recorded on the import (so a stale message is recognised)."""
    pk, sk = jobs.Job.key(who.tenant_id, job_id)
    jobs.Job(pk, sk, job_id=job_id, tenant_id=who.tenant_id, user_id=who.user_id, job_type=job_type).save()
    from functions.imports.jobs import enqueue

    enqueue(who.tenant_id, job_id, job_type, {"import_id": import_id})
    return job_id


def run(who: Principal, import_id: str) -> str:
    item = get(who, import_id)
    if item.run_started:
        raise Conflict("imports.already_run")
    if item.status != VALIDATED:
        raise Conflict("imports.not_validated")
    job_id = ids.new_id()
    changed = repository.update(
        item,
        [
            ImportItem.status.set(IMPORTING),
            ImportItem.run_started.set(True),
            ImportItem.job_id.set(job_id),
        ],
        condition=(ImportItem.status == VALIDATED) & (ImportItem.run_started == False),  # noqa: E712
    )
    if not changed:
        raise Conflict("imports.already_run")
    return _submit(who, job_id, RUN, import_id)


def undo_preview(who: Principal, import_id: str) -> dict[str, int]:
    item = get(who, import_id)
    if not item.run_started:
        return {"donations": 0, "donors": 0, "declarations": 0}
    return undo.preview(item)


def start_undo(who: Principal, import_id: str) -> str:
    item = get(who, import_id)
    undoable = item.status == IMPORTED or (item.status == FAILED and item.run_started)
    if not undoable:
        raise Conflict("imports.state", status=item.status)
    job_id = ids.new_id()
    changed = repository.update(
        item,
        [ImportItem.status.set(UNDOING), ImportItem.job_id.set(job_id)],
        condition=ImportItem.status.is_in(IMPORTED, FAILED) & (ImportItem.run_started == True),  # noqa: E712
    )
    if not changed:
        raise Conflict("imports.state", status=repository.get(who.tenant_id, import_id).status)
    return _submit(who, job_id, UNDO, import_id)


# ------------------------------------------------------------------ errors
def _error_view(error: Any) -> dict[str, Any]:
    params = json.loads(error.params_json or "{}")
    return {
        "row": int(error.row),
        "column": error.column,
        "value": error.value,
        "reason": t(error.reason, **params),
        "skipped": bool(error.skipped),
        "warning": bool(error.warning),
    }


def _outcome(view: dict[str, Any]) -> str:
    """What became of a report row, in words (the CSV's `outcome`): rejected, skipped or
    imported with a warning."""
    kind = "skipped" if view["skipped"] else "warning" if view["warning"] else "rejected"
    return t(f"imports.outcome.{kind}")


def errors(who: Principal, import_id: str, query: ListQuery) -> dict[str, Any]:
    item = get(who, import_id)
    found, last = repository.error_rows(
        who.tenant_id,
        import_id,
        int(item.generation or 0),
        limit=query.length,
        start=decode_cursor(query.cursor),
    )
    return page_body(
        [_error_view(error) for error in found],
        total=int(item.errors or 0) + int(item.skipped or 0) + int(item.warnings or 0),
        query=query,
        next_cursor=encode_cursor(last),
    )


def errors_csv(who: Principal, import_id: str) -> dict[str, Any]:
    """The report rows as CSV (row, outcome, column, value, reason; outcome and reason in the
    reader's language), written to S3 and handed out as a short-lived link (at most
    `plan.MAX_ERROR_ROWS` rows are kept). Every cell goes through `SafeCsvWriter` (no formulas)."""
    item = get(who, import_id)
    stem = item.filename.rsplit(".", 1)[0][:80] or "import"
    filename = f"{stem}-errors.csv"
    key = keys.import_errors_object_key(
        who.tenant_id, import_id, f"{int(item.generation or 0)}-{current_locale()}.csv"
    )
    with tempfile.TemporaryFile() as raw:
        text = io.TextIOWrapper(raw, encoding="utf-8", newline="")
        text.write("\ufeff")
        writer = SafeCsvWriter(
            text,
            [
                ("row", "row"),
                ("outcome", "outcome"),
                ("column", "column"),
                ("value", "value"),
                ("reason", "reason"),
            ],
        )
        for error in repository.all_error_rows(who.tenant_id, import_id, int(item.generation or 0)):
            shown = _error_view(error)
            writer.write({**shown, "outcome": _outcome(shown)})
        text.flush()
        text.detach()
        raw.seek(0)
        repository.put_object(key, raw, "text/csv; charset=utf-8", filename)
    return {"url": stored_files.download_url(key, filename), "filename": filename}
