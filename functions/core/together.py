"""Independent reads of one request made at the same time (the dashboard's tiles): each call runs
in a thread of its own with a copy of the request's context (its locale, principal and request),
and the answers come back in the order asked. DynamoDB answers each read in a few milliseconds,
mostly waiting: ten reads one after another are ten waits, side by side about as long as the
slowest chain. botocore clients are safe to share between threads."""

from __future__ import annotations

import contextvars
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

AT_ONCE = 8  # threads at most; more calls wait for one of them


def together(*calls: Callable[[], Any]) -> list[Any]:
    """Each call's answer, in order; the first call's exception (in order) is raised once all
    have ended."""
    if len(calls) < 2:
        return [call() for call in calls]
    with ThreadPoolExecutor(max_workers=min(len(calls), AT_ONCE), thread_name_prefix="together") as pool:
        futures = [pool.submit(contextvars.copy_context().run, call) for call in calls]
    return [future.result() for future in futures]
