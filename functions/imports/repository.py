"""Persistence of imports (docs/access-patterns.md "Imports"): the import item and its own
partition (error rows, review rows, chunk manifests), saved mappings, and the files in S3
(presigned POST for the upload, ranged and streamed reads, chunk files, the error report)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any

import orjson
from pynamodb.exceptions import PutError, UpdateError

from functions.core import aws, config, keys
from functions.core.errors import NotFound
from functions.core.table import Entity
from functions.donors.paging import bounded_page
from functions.imports.models import (
    ChunkManifest,
    ImportErrorRow,
    ImportItem,
    ReviewRow,
    SavedMapping,
    UploadItem,
)

UPLOAD_LINK_SECONDS = 15 * 60
MAX_BYTES = 52_428_800  # 50 MB


# ------------------------------------------------------------------ imports
def get(tenant_id: str, import_id: str) -> ImportItem:
    try:
        return ImportItem.get(*ImportItem.key(tenant_id, import_id), consistent_read=True)
    except ImportItem.DoesNotExist as exc:
        raise NotFound() from exc


def create(item: ImportItem) -> bool:
    """Put if absent; False when an import of this upload already exists."""
    try:
        item.save(condition=ImportItem.pk.does_not_exist())
    except Exception as exc:  # pynamodb PutError
        if getattr(exc, "cause_response_code", None) == "ConditionalCheckFailedException":
            return False
        raise
    return True


def update(item: ImportItem, actions: list[Any], condition: Any = None) -> bool:
    """UpdateItem; False when `condition` does not hold (a state changed meanwhile)."""
    try:
        item.update(actions=actions, condition=condition)
    except UpdateError as exc:
        if exc.cause_response_code == "ConditionalCheckFailedException":
            return False
        raise
    return True


def history(
    tenant_id: str,
    length: int,
    start: dict[str, Any] | None,
    keep: Callable[[ImportItem], bool] | None = None,
) -> tuple[list[ImportItem], dict[str, Any] | None]:
    """A page of the charity's imports, newest first (ids sort by creation time); `keep` (the
    search box) filters them within the bounded read of `functions/donors/paging.py`."""
    if keep is not None:
        return bounded_page(
            ImportItem,
            lambda **paging: ImportItem.query(
                keys.tenant_pk(tenant_id),
                ImportItem.sk.startswith(keys.import_prefix()),
                scan_index_forward=False,
                **paging,
            ),
            length=length,
            start=start,
            filtered=True,
            keep=lambda item: isinstance(item, ImportItem) and keep(item),
        )
    found = ImportItem.query(
        keys.tenant_pk(tenant_id),
        ImportItem.sk.startswith(keys.import_prefix()),
        scan_index_forward=False,
        limit=length,
        page_size=length,
        last_evaluated_key=start,
    )
    items = [item for item in found if isinstance(item, ImportItem)]
    return items, found.last_evaluated_key


# ------------------------------------------------------------------ uploads
def save_upload(tenant_id: str, upload: UploadItem) -> None:
    upload.save()


def get_upload(tenant_id: str, upload_id: str) -> UploadItem | None:
    try:
        return UploadItem.get(*UploadItem.key(tenant_id, upload_id), consistent_read=True)
    except UploadItem.DoesNotExist:
        return None


def presigned_post(key: str) -> dict[str, Any]:
    """A presigned S3 POST that S3 accepts only for this key and 1..50 MB (`content-length-range`
    is enforced by S3 itself, before a byte is stored)."""
    return dict(
        aws.client("s3").generate_presigned_post(
            Bucket=config.files_bucket(),
            Key=key,
            Conditions=[["content-length-range", 1, MAX_BYTES]],
            ExpiresIn=UPLOAD_LINK_SECONDS,
        )
    )


def read_head(key: str, size: int) -> bytes:
    """The first `size` bytes of an object (a ranged GET)."""
    body = aws.client("s3").get_object(Bucket=config.files_bucket(), Key=key, Range=f"bytes=0-{size - 1}")[
        "Body"
    ]
    return bytes(body.read())


def open_stream(key: str) -> Any:
    """The object's body as a stream (read in pieces, never whole)."""
    return aws.client("s3").get_object(Bucket=config.files_bucket(), Key=key)["Body"]


def download(key: str, target: IO[bytes]) -> None:
    aws.client("s3").download_fileobj(config.files_bucket(), key, target)


def put_object(key: str, body: bytes | IO[bytes], content_type: str, filename: str | None = None) -> None:
    extra: dict[str, Any] = {"ContentType": content_type}
    if filename:
        extra["ContentDisposition"] = f'attachment; filename="{filename}"'
    s3 = aws.client("s3")
    if isinstance(body, bytes):
        s3.put_object(Bucket=config.files_bucket(), Key=key, Body=body, **extra)
    else:
        s3.upload_fileobj(body, config.files_bucket(), key, ExtraArgs=extra)


def chunk_rows(tenant_id: str, import_id: str, chunk: int) -> list[dict[str, Any]]:
    body = open_stream(keys.import_chunk_object_key(tenant_id, import_id, chunk)).read()
    return [orjson.loads(line) for line in body.split(b"\n") if line.strip()]


# ------------------------------------------------------------------ saved mappings
def saved_mappings(tenant_id: str) -> list[SavedMapping]:
    found = SavedMapping.query(
        keys.tenant_pk(tenant_id), SavedMapping.sk.startswith(keys.import_mapping_prefix()), limit=200
    )
    return [item for item in found if isinstance(item, SavedMapping)]


def delete_saved_mapping(tenant_id: str, mapping_id: str) -> bool:
    item = SavedMapping(*SavedMapping.key(tenant_id, mapping_id))
    try:
        item.delete(condition=SavedMapping.pk.exists())
    except Exception as exc:  # pynamodb DeleteError
        if getattr(exc, "cause_response_code", None) == "ConditionalCheckFailedException":
            return False
        raise
    return True


# ------------------------------------------------------------------ rows of the import's partition
def put_all(items: Iterable[Entity]) -> None:
    with Entity.batch_write() as batch:
        for item in items:
            batch.save(item)


def error_rows(
    tenant_id: str, import_id: str, generation: int, *, limit: int | None, start: dict[str, Any] | None
) -> tuple[list[ImportErrorRow], dict[str, Any] | None]:
    found = ImportErrorRow.query(
        keys.import_pk(tenant_id, import_id),
        ImportErrorRow.sk.startswith(keys.import_error_prefix(generation)),
        limit=limit,
        page_size=limit,
        last_evaluated_key=start,
    )
    return [item for item in found if isinstance(item, ImportErrorRow)], found.last_evaluated_key


def all_error_rows(tenant_id: str, import_id: str, generation: int) -> Iterator[ImportErrorRow]:
    found = ImportErrorRow.query(
        keys.import_pk(tenant_id, import_id),
        ImportErrorRow.sk.startswith(keys.import_error_prefix(generation)),
    )
    return (item for item in found if isinstance(item, ImportErrorRow))


def review_rows(
    tenant_id: str, import_id: str, *, limit: int | None, start: dict[str, Any] | None
) -> tuple[list[ReviewRow], dict[str, Any] | None]:
    found = ReviewRow.query(
        keys.import_pk(tenant_id, import_id),
        ReviewRow.sk.startswith(keys.import_review_prefix()),
        filter_condition=ReviewRow.status == "pending",
        limit=limit,
        page_size=limit,
        last_evaluated_key=start,
        consistent_read=True,
    )
    return [item for item in found if isinstance(item, ReviewRow)], found.last_evaluated_key


def get_review(tenant_id: str, import_id: str, row: int) -> ReviewRow:
    try:
        return ReviewRow.get(
            keys.import_pk(tenant_id, import_id), keys.import_review_sk(row), consistent_read=True
        )
    except ReviewRow.DoesNotExist as exc:
        raise NotFound() from exc


def review_rows_of_donor(tenant_id: str, import_id: str, donor_key: str) -> list[ReviewRow]:
    """The pending review rows of one of the file's donors (a bounded filter on the partition)."""
    found = ReviewRow.query(
        keys.import_pk(tenant_id, import_id),
        ReviewRow.sk.startswith(keys.import_review_prefix()),
        filter_condition=(ReviewRow.status == "pending") & (ReviewRow.donor_key == donor_key),
        consistent_read=True,
    )
    return [item for item in found if isinstance(item, ReviewRow)]


def manifests(tenant_id: str, import_id: str) -> list[ChunkManifest]:
    found = ChunkManifest.query(
        keys.import_pk(tenant_id, import_id),
        ChunkManifest.sk.startswith(keys.import_chunk_prefix()),
        consistent_read=True,
    )
    return [item for item in found if isinstance(item, ChunkManifest)]


def start_manifest(manifest: ChunkManifest) -> bool:
    """Put a chunk's manifest unless that chunk is done already (False then): a second delivery
    of a chunk that another one finished meanwhile must not reopen it, or it would count twice."""
    try:
        manifest.save(condition=ChunkManifest.status.does_not_exist() | (ChunkManifest.status != "done"))
    except PutError as exc:
        if exc.cause_response_code == "ConditionalCheckFailedException":
            return False
        raise
    return True


def get_manifest(tenant_id: str, import_id: str, chunk: int) -> ChunkManifest | None:
    try:
        return ChunkManifest.get(
            keys.import_pk(tenant_id, import_id), keys.import_chunk_sk(chunk), consistent_read=True
        )
    except ChunkManifest.DoesNotExist:
        return None


def existing(keys_wanted: list[tuple[str, str]]) -> dict[tuple[str, str], Entity]:
    """Consistent BatchGetItem (100 keys a call) of the items that exist among `keys_wanted`."""
    found: dict[tuple[str, str], Entity] = {}
    unique = list(dict.fromkeys(keys_wanted))
    for start in range(0, len(unique), 100):
        for item in Entity.batch_get(unique[start : start + 100], consistent_read=True):
            found[(item.pk, item.sk)] = item
    return found


def source_has_references(tenant_id: str, source: str) -> bool:
    """Has any donation of this charity a reference within `source`? (One Query, Limit 1.)"""
    found = Entity.query(
        keys.tenant_pk(tenant_id), Entity.sk.startswith(keys.donation_ref_sk(source, "")), limit=1
    )
    return any(True for _ in found)
