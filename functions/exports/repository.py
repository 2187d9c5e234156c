"""Export files in S3: upload a finished file, and presign a download link for it."""

from __future__ import annotations

from typing import IO

from functions.core import aws, config

DOWNLOAD_LINK_SECONDS = 15 * 60


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


def download_url(key: str, filename: str) -> str:
    return str(
        aws.client("s3").generate_presigned_url(
            "get_object",
            Params={
                "Bucket": config.files_bucket(),
                "Key": key,
                "ResponseContentDisposition": f'attachment; filename="{filename}"',
            },
            ExpiresIn=DOWNLOAD_LINK_SECONDS,
        )
    )


def read(key: str) -> bytes:
    body = aws.client("s3").get_object(Bucket=config.files_bucket(), Key=key)["Body"]
    return bytes(body.read())
