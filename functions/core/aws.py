"""Lazy boto3 clients: created on first use, so tests start moto before any client exists.

`AWS_ENDPOINT_URL` (set by chalicelocal) points every client at the embedded AWS; application
code has no local branch.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import boto3
from botocore.config import Config

_CONFIG = Config(retries={"max_attempts": 4, "mode": "standard"})


@cache
def client(service: str) -> Any:
    return boto3.client(service, config=_CONFIG)  # type: ignore[call-overload]


def reset_clients() -> None:
    """Forget cached clients (tests that restart the embedded AWS)."""
    client.cache_clear()
