"""Export files in S3: upload a finished file, and presign a download link for it."""

from __future__ import annotations

from pathlib import Path

from boto3.s3.transfer import TransferConfig

from functions.core import aws, config

# The file is sent from its path: each part is read from the disk as it is sent, not copied into
# memory first (an open file object would be, a part at a time, up to ten parts in flight), so the
# worker's memory does not grow with the file. Above PART_SIZE the file goes up in parts of
# PART_SIZE, at most MAX_CONCURRENCY of them at a time.
PART_SIZE = 8 * 1024 * 1024
MAX_CONCURRENCY = 4


def upload(path: Path, key: str, filename: str) -> None:
    transfer = TransferConfig(
        multipart_threshold=PART_SIZE, multipart_chunksize=PART_SIZE, max_concurrency=MAX_CONCURRENCY
    )
    aws.client("s3").upload_file(
        str(path),
        config.files_bucket(),
        key,
        ExtraArgs={
            "ContentType": "text/csv; charset=utf-8",
            "ContentDisposition": f'attachment; filename="{filename}"',
        },
        Config=transfer,
    )
