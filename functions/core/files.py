"""The files bucket of template.yaml (every area's files: exports, claim files, declaration
evidence, imports): reading an object, presigned upload and download links."""

from __future__ import annotations

from botocore.exceptions import ClientError

from functions.core import aws, config

LINK_SECONDS = 15 * 60  # a download link is made when the user asks for it, so it can be short
UPLOAD_LINK_SECONDS = 15 * 60
# Evidence and receipts a user may attach (content type -> file extension); at most 10 MB.
DOCUMENT_TYPES = {"application/pdf": "pdf", "image/png": "png", "image/jpeg": "jpg"}
MAX_DOCUMENT_BYTES = 10 * 1024 * 1024


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


def upload_url(key: str, content_type: str, size: int) -> str:
    """A presigned PUT that S3 accepts only with this content type and length."""
    return str(
        aws.client("s3").generate_presigned_url(
            "put_object",
            Params={
                "Bucket": config.files_bucket(),
                "Key": key,
                "ContentType": content_type,
                "ContentLength": size,
            },
            ExpiresIn=UPLOAD_LINK_SECONDS,
        )
    )


def upload_answer(key: str, content_type: str, size: int) -> dict[str, object]:
    """What an upload route answers: where to PUT the file, with which headers, and the key to
    send back with the record that refers to it."""
    return {
        "upload_url": upload_url(key, content_type, size),
        "key": key,
        "headers": {"Content-Type": content_type},
        "expires_in": UPLOAD_LINK_SECONDS,
    }
