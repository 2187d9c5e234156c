"""Lazy boto3 clients: created on first use, so tests start moto before any client exists.

`AWS_ENDPOINT_URL` (set by chalicelocal) points every client at the embedded AWS; application
code has no local branch.
"""

from __future__ import annotations

from functools import cache
from typing import Any


@cache
def client(service: str) -> Any:
    # boto3 is imported here, by the first client, not with this module: most areas' first
    # request (a cold start) reads DynamoDB through PynamoDB's botocore client only, and boto3 on
    # top of botocore is ~25 ms of imports (s3transfer, its executors) it would not use.
    import boto3
    from botocore.config import Config

    config = Config(retries={"max_attempts": 4, "mode": "standard"})
    return boto3.client(service, config=config)  # type: ignore[call-overload]


def reset_clients() -> None:
    """Forget cached clients (tests that restart the embedded AWS)."""
    client.cache_clear()
