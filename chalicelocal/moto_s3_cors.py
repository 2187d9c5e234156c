"""The embedded S3 answers a presigned POST upload with the bucket's CORS headers, as AWS does.

moto 5.2 adds a bucket's CORS headers to preflights and to the answers of PUT and GET, but not to
the answer of a POST (`S3Response._bucket_response_post`). A browser then blocks that answer and
a presigned POST upload (the imports screen's) looks failed although the object was stored. AWS
answers a POST from an allowed origin with the same headers as a PUT; `apply()` wraps moto's POST
handler to add them (docs/decisions/0007-files-bucket-cors.md).
"""

from __future__ import annotations

import functools
from typing import Any

from moto.s3.responses import S3Response

_applied = False


def apply() -> None:
    """Install once per process (idempotent)."""
    global _applied
    if _applied:
        return
    original = S3Response._bucket_response_post

    @functools.wraps(original)
    def bucket_response_post(self: Any, request: Any, bucket_name: str) -> Any:
        status, headers, body = original(self, request, bucket_name)
        cors = self._get_cors_headers_other()  # empty unless the Origin matches a rule
        return status, {**cors, **headers}, body

    S3Response._bucket_response_post = bucket_response_post  # type: ignore[method-assign]
    _applied = True
