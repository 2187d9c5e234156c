"""The files bucket of template.yaml (every area's files: exports, claim files, declaration
evidence, imports): reading an object and presigned download links."""

from __future__ import annotations

from botocore.exceptions import ClientError

from functions.core import aws, config

LINK_SECONDS = 15 * 60  # a download link is made when the user asks for it, so it can be short


def read(key: str) -> bytes:
    """The whole object (small files: claim files, gateway answers, export results)."""
    return bytes(aws.client("s3").get_object(Bucket=config.files_bucket(), Key=key)["Body"].read())


def size(key: str) -> int | None:
    """The stored object's size in bytes, or None when nothing is stored under `key` (an upload
    that never arrived)."""
    try:
        head = aws.client("s3").head_object(Bucket=config.files_bucket(), Key=key)
    except ClientError as exc:
        if str(exc.response.get("Error", {}).get("Code")) in ("404", "NoSuchKey", "NotFound"):
            return None
        raise
    return int(head["ContentLength"])


def download_url(key: str, filename: str, expires_in: int = LINK_SECONDS) -> str:
    """A presigned GET that the browser saves as `filename`."""
    return str(
        aws.client("s3").generate_presigned_url(
            "get_object",
            Params={
                "Bucket": config.files_bucket(),
                "Key": key,
                "ResponseContentDisposition": f'attachment; filename="{filename}"',
            },
            ExpiresIn=expires_in,
        )
    )
