"""The local stack's S3 (moto's server, global CORS off as chalicelocal runs it) answers a
browser's CORS checks on presigned URLs from the files bucket's own rules in template.yaml, as
AWS does: the site's origin may PUT and read, another origin may not
(docs/decisions/0007-files-bucket-cors.md)."""

from __future__ import annotations

import os
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import boto3
import pytest
from moto.moto_server import werkzeug_app

from chalicelocal import resources
from tests.functional.moto_server import moto_endpoint

SITE = "http://127.0.0.1:8123"
OTHER = "http://evil.example"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def bucket(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    # What MOTO_DISABLE_GLOBAL_CORS does when chalicelocal sets it before moto is imported.
    monkeypatch.setattr(werkzeug_app, "DISABLE_GLOBAL_CORS", True)
    with moto_endpoint():
        created = resources.create_resources(
            prefix="almoner-cors", region="eu-west-2", parameters={"AppUrl": SITE}
        )
        yield str(created["FilesBucket"])


def call(
    method: str, url: str, headers: dict[str, str], body: bytes | None = None
) -> tuple[int, dict[str, str]]:
    request = urllib.request.Request(url, data=body, method=method, headers=headers)  # noqa: S310 - local moto
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:  # noqa: S310 - local moto
            return answer.status, dict(answer.headers)
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers)


def test_presigned_put_and_get_pass_cors_for_the_site_only(bucket: str) -> None:
    s3 = boto3.client("s3", region_name="eu-west-2")
    put_url = s3.generate_presigned_url(
        "put_object",
        Params={"Bucket": bucket, "Key": "declarations/t/d/e.pdf", "ContentType": "application/pdf"},
    )
    preflight = {"Access-Control-Request-Method": "PUT", "Access-Control-Request-Headers": "content-type"}
    # GIVEN the browser's preflight for a PUT from the site: allowed
    status, headers = call("OPTIONS", put_url, {"Origin": SITE, **preflight})
    assert status == 200 and headers["Access-Control-Allow-Origin"] == SITE
    assert "PUT" in headers["Access-Control-Allow-Methods"]
    # AND the PUT itself answers with the origin allowed and the ETag readable
    status, headers = call(
        "PUT", put_url, {"Origin": SITE, "Content-Type": "application/pdf"}, b"%PDF-1.4 evidence"
    )
    assert status == 200 and headers["Access-Control-Allow-Origin"] == SITE
    assert "ETag" in headers["Access-Control-Expose-Headers"]
    # WHEN another origin tries: the preflight is refused and a read carries no CORS header
    status, _ = call("OPTIONS", put_url, {"Origin": OTHER, **preflight})
    assert status == 403
    get_url = s3.generate_presigned_url(
        "get_object", Params={"Bucket": bucket, "Key": "declarations/t/d/e.pdf"}
    )
    status, headers = call("GET", get_url, {"Origin": OTHER})
    assert status == 200 and "Access-Control-Allow-Origin" not in headers
    status, headers = call("GET", get_url, {"Origin": SITE})
    assert headers["Access-Control-Allow-Origin"] == SITE


def test_a_presigned_post_upload_answers_the_site_with_cors_headers(bucket: str) -> None:
    # GIVEN a presigned POST, as the imports screen uploads a file
    s3 = boto3.client("s3", region_name="eu-west-2")
    post = s3.generate_presigned_post(bucket, "imports/t/u/donations.csv")
    boundary = "almoner-boundary"
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'
        for name, value in post["fields"].items()
    ]
    body = (
        "".join(parts)
        + f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="donations.csv"\r\n'
        + "Content-Type: text/csv\r\n\r\nAmount,Date\r\n5.00,01/04/2026\r\n"
        + f"--{boundary}--\r\n"
    ).encode()
    form = {"Content-Type": f"multipart/form-data; boundary={boundary}"}
    # WHEN the site's page sends it: the answer carries the origin, so the browser reads it
    status, headers = call("POST", post["url"], {"Origin": SITE, **form}, body)
    assert status in (200, 204) and headers["Access-Control-Allow-Origin"] == SITE
    stored = s3.get_object(Bucket=bucket, Key="imports/t/u/donations.csv")["Body"].read()
    assert stored.startswith(b"Amount,Date")
    # AND another origin's page gets no CORS header, so its script cannot read the answer
    status, headers = call("POST", post["url"], {"Origin": OTHER, **form}, body)
    assert "Access-Control-Allow-Origin" not in headers


def test_chalicelocal_imports_no_moto_before_it_turns_global_cors_off() -> None:
    """MOTO_DISABLE_GLOBAL_CORS is read when moto is imported: `python -m chalicelocal` must not
    import moto before `main()` sets it."""
    probe = "import sys, chalicelocal.__main__; print('moto' in sys.modules)"
    env = {k: v for k, v in os.environ.items() if k != "MOTO_DISABLE_GLOBAL_CORS"}
    answer = subprocess.run(  # noqa: S603 - our own interpreter
        [sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert answer.stdout.strip() == "False"
