"""Independent reads of one request made at the same time (the dashboard's tiles): each call runs
in a thread of its own with a copy of the request's context (its locale, principal and request),
and the answers come back in the order asked. DynamoDB answers each read in a few milliseconds,
mostly waiting: ten reads one after another are ten waits, side by side about as long as the
slowest chain. botocore clients are safe to share between threads."""

from __future__ import annotations

import contextvars
import queue
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

AT_ONCE = 8  # threads at most; more calls wait for one of them
T = TypeVar("T")
_END = object()


def together(*calls: Callable[[], Any]) -> list[Any]:
    """Each call's answer, in order; the first call's exception (in order) is raised once all
    have ended."""
    if len(calls) < 2:
        return [call() for call in calls]
    with ThreadPoolExecutor(max_workers=min(len(calls), AT_ONCE), thread_name_prefix="together") as pool:
        futures = [pool.submit(contextvars.copy_context().run, call) for call in calls]
    return [future.result() for future in futures]


def read_ahead(pages: Iterator[T], depth: int = 2) -> Iterator[T]:
    """The same pages, fetched by a thread of their own up to `depth` ahead of the consumer: the
    next page of a Query is on its way while the caller works through this one. An exception of
    the fetch is raised where the page it stopped would have come; a consumer that stops early
    (closes the generator) stops the fetch after the page in hand."""
    handed: queue.Queue[Any] = queue.Queue(maxsize=depth)
    stop = threading.Event()

    def offer(value: Any) -> bool:
        while not stop.is_set():
            try:
                handed.put(value, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def fetch() -> None:
        try:
            for page in pages:
                if not offer((page, None)):
                    return
        except Exception as exc:  # handed to the consumer, raised there
            offer((_END, exc))
            return
        offer((_END, None))

    context = contextvars.copy_context()
    threading.Thread(target=context.run, args=(fetch,), name="read-ahead", daemon=True).start()
    try:
        while True:
            page, error = handed.get()
            if page is _END:
                if error is not None:
                    raise error
                return
            yield page
    finally:
        stop.set()
