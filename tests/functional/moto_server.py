"""A real moto server on a free local port, for the chalicelocal tests that need one (long-poll
SQS, a second fresh moto). Clients made inside the block talk to it through AWS_ENDPOINT_URL."""

from __future__ import annotations

import http.client
import os
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlsplit

from chalicelocal.embedded import start_moto


@contextmanager
def moto_endpoint() -> Iterator[str]:
    server, endpoint = start_moto()
    old = os.environ.get("AWS_ENDPOINT_URL")
    os.environ["AWS_ENDPOINT_URL"] = endpoint
    try:
        yield endpoint
    finally:
        reset(endpoint)  # moto's backends are process-wide: leave nothing to other tests
        server.stop()
        if old is None:
            os.environ.pop("AWS_ENDPOINT_URL", None)
        else:
            os.environ["AWS_ENDPOINT_URL"] = old


def reset(endpoint: str) -> None:
    """Forget everything moto holds: what a restart of the local stack starts from."""
    address = urlsplit(endpoint)
    connection = http.client.HTTPConnection(address.hostname or "127.0.0.1", address.port, timeout=10)
    connection.request("POST", "/moto-api/reset")
    assert connection.getresponse().status == 200
    connection.close()
