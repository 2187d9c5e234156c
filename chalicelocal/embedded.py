"""The embedded AWS: moto's server in a thread of this process, on a free local port.

The environment must point at it before `app.py` is imported or any boto3/PynamoDB client is
created (clients read `AWS_ENDPOINT_URL` when built; PynamoDB caches one connection per model).

Python's cyclic garbage collector walks every tracked object on each full collection, and moto
keeps each stored attribute value as an object: after a 100,000-row import (~340,000 items,
millions of objects) a full collection stopped every thread of the process for one to three
seconds, several times an import. Every `FREEZE_SECONDS` the process's surviving objects are
moved to the collector's permanent generation (`gc.freeze`), after a collection of the young
generations so that only live objects are frozen. Frozen objects are still freed by reference
counting when moto lets them go (an item overwritten or deleted holds no cycle); only cyclic
garbage that outlived two collections before a freeze would stay, a small amount. Between two
freezes the full collections still walk every object that survived since the last one, and they
come often (a freeze leaves the collector counting no long-lived objects, so the next full
collection is due at once): with a freeze every 5 s a 10,000-donation claim built in-process
spent 0.97 s of its 10.4 s of CPU in them, with one every second 0.19 s (ADR 0024, "Full
collections in the in-process bench").

A process that hosts nothing but moto (`bench/import.py` runs it so; `make run` hosts it in a
thread of the app's own process) passes `alone=True`: its threads then switch every
`ALONE_SWITCH_SECONDS` (20 ms) instead of Python's 5 ms. moto's DynamoDB requests run one at a
time under a lock (`moto_speedups`), and at 5 ms the thread holding it was preempted again and
again by threads reading the next requests, which then waited for it anyway: in a 20,000-row
import moto's CPU went from 17.0 s to 15.5 s and the import from 25.4 s to 23.8 s (ADR 0006,
seventh addendum). A process that also serves the app keeps its own interval (the job runner
lowers it, `chalicelocal/runner.py`).
"""

from __future__ import annotations

import gc
import logging
import os
import socket
import sys
import threading
import time

from chalicelocal import moto_s3_cors, moto_speedups, moto_sqs
from chalicelocal.moto_keepalive import KeepAliveMotoServer

REGION = "eu-west-2"
FREEZE_SECONDS = 1.0
ALONE_SWITCH_SECONDS = 0.02
_freezer: threading.Thread | None = None


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def start_moto(port: int | None = None, *, alone: bool = False) -> tuple[KeepAliveMotoServer, str]:
    """Start moto on 127.0.0.1 and return it with its endpoint URL; `alone`: this process hosts
    nothing else."""
    if alone:
        sys.setswitchinterval(ALONE_SWITCH_SECONDS)
    # moto's werkzeug server logs every AWS call; the developer wants to see the app's requests.
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    moto_speedups.apply()
    moto_s3_cors.apply()
    moto_sqs.apply()
    server = KeepAliveMotoServer(ip_address="127.0.0.1", port=port or free_port(), verbose=False)
    server.start()
    keep_survivors_frozen()
    host, bound = server.get_host_and_port()
    return server, f"http://{host}:{bound}"


def freeze_survivors() -> None:
    """Collect the young generations' cyclic garbage, then freeze whatever is still alive."""
    gc.collect(1)
    gc.freeze()


def keep_survivors_frozen() -> None:
    """Freeze the survivors every FREEZE_SECONDS from a daemon thread (one per process)."""
    global _freezer
    if _freezer is None:
        _freezer = threading.Thread(target=_freeze_forever, name="gc-freeze", daemon=True)
        _freezer.start()


def _freeze_forever() -> None:
    while True:
        time.sleep(FREEZE_SECONDS)
        freeze_survivors()


def point_environment_at(endpoint: str) -> None:
    """Every boto3 and PynamoDB client created from now on talks to `endpoint` with fake keys."""
    os.environ.update(
        {
            "AWS_ENDPOINT_URL": endpoint,
            "AWS_ACCESS_KEY_ID": "almoner-local",
            "AWS_SECRET_ACCESS_KEY": "almoner-local",
            "AWS_DEFAULT_REGION": REGION,
            "AWS_REGION": REGION,
        }
    )
    # A session token or profile from the developer's shell would be sent to moto; drop them.
    for name in ("AWS_SESSION_TOKEN", "AWS_PROFILE", "AWS_SECURITY_TOKEN"):
        os.environ.pop(name, None)
