"""Export files in S3: upload a finished file, and presign a download link for it."""

from __future__ import annotations

from typing import IO

from functions.core import aws, config


def upload(stream: IO[bytes], key: str, filename: str) -> None:
    aws.client("s3").upload_fileobj(
        stream,
        config.files_bucket(),
        key,
        ExtraArgs={
            "ContentType": "text/csv; charset=utf-8",
            "ContentDisposition": f'attachment; filename="{filename}"',
        },
    )
