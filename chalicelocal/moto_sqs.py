"""SQS receives that never hand one message to two pollers at once.

moto 5.2's `SQSBackend.receive_message` checks that a message is visible and then marks it
received, with no lock between the two. Its server answers each request in a thread of its own,
so two concurrent ReceiveMessage calls (the job runner polls a queue with several threads, as
Lambda does) can both take the same message: the same chunk was handled twice, well inside the
queue's visibility timeout, which SQS never does. Here the take (moto's own receive with no wait)
runs under one lock with the other calls that change a queue's messages; the long poll waits
outside it, on moto's own condition, so a waiting poller holds nothing
(tests/functional/test_moto_sqs.py, tests/functional/test_chalicelocal_runner.py).

moto also checks each message it hands out against the queue's retention period by computing
every queue attribute, three of which count the queue's messages: a receive cost O(messages²),
about 200 ms for a batch of ten from a queue of 300. The check reads the one attribute it needs.

Every send reads the queue's attributes too (for content-based deduplication), so it counts the
queue's messages three times, asking each message whether it is visible and delayed through
moto's datetime clock (~13 µs a question): a send took 10 ms on an empty queue and 32 ms with 400
waiting, so a burst of webhook deliveries slowed itself down as the queue grew. The questions now
read the same clock as `time.time()` (what moto's helper computes through datetime objects).
A send still walked every message of the queue three times (9 ms a send with 600 waiting, most of
a webhook delivery's SendMessage): while a send runs, the three counts answer 0 instead, since
all it reads of those attributes is `ContentBasedDeduplication` (`_sending`); GetQueueAttributes
and everything else still count."""

from __future__ import annotations

import functools
import threading
import time
from typing import Any

from moto.core.utils import unix_time
from moto.sqs import models as sqs_models
from moto.sqs.models import SQSBackend

_lock = threading.RLock()
_applied = False
_sending = threading.local()  # .depth: this thread is inside a send (see the docstring)
SENDS = ("send_message", "send_message_batch")
COUNTS = (
    "approximate_number_of_messages",
    "approximate_number_of_messages_delayed",
    "approximate_number_of_messages_not_visible",
)

LOCKED = (
    "send_message",
    "send_message_batch",
    "delete_message",
    "delete_message_batch",
    "change_message_visibility",
    "change_message_visibility_batch",
    "purge_queue",
)


def _locked(original: Any) -> Any:
    @functools.wraps(original)
    def call(self: Any, *args: Any, **kwargs: Any) -> Any:
        with _lock:
            return original(self, *args, **kwargs)

    return call


def _send(original: Any) -> Any:
    @functools.wraps(original)
    def call(self: Any, *args: Any, **kwargs: Any) -> Any:
        _sending.depth = getattr(_sending, "depth", 0) + 1  # a batch sends through send_message
        try:
            return original(self, *args, **kwargs)
        finally:
            _sending.depth -= 1

    return call


def _uncounted_while_sending(counted: property) -> property:
    def count(queue: Any) -> int:
        if getattr(_sending, "depth", 0):
            return 0
        return int(counted.fget(queue))  # type: ignore[misc]

    return property(count)


def _receive(original: Any) -> Any:
    @functools.wraps(original)
    def receive_message(
        self: Any,
        queue_name: str,
        count: int,
        wait_seconds_timeout: int,
        visibility_timeout: int,
        message_attribute_names: list[str] | None = None,
    ) -> Any:
        polling_end = time.time() + wait_seconds_timeout
        while True:
            with _lock:
                taken = original(self, queue_name, count, 0, visibility_timeout, message_attribute_names)
            if taken or time.time() >= polling_end:
                return taken
            self.get_queue(queue_name).wait_for_messages(1)

    return receive_message


def _within_retention(self: Any, queue_name: str, message: Any) -> bool:
    """moto's own check (the message was sent less than the queue's retention period ago)."""
    retention_period = self.get_queue(queue_name).message_retention_period
    return bool(retention_period + message.sent_timestamp / 1000 > unix_time())


_moto_millis = sqs_models.unix_time_millis


def _millis(dt: Any = None) -> float:
    """moto's `unix_time_millis()` (milliseconds since the epoch, now) without its datetime
    round trip; with an argument, moto's own."""
    if dt is None:
        return time.time() * 1000.0
    return float(_moto_millis(dt))


def apply() -> None:
    """Install once per process (idempotent)."""
    global _applied
    if _applied:
        return
    for name in LOCKED:
        wrapped = _locked(getattr(SQSBackend, name))
        setattr(SQSBackend, name, _send(wrapped) if name in SENDS else wrapped)
    for name in COUNTS:
        setattr(sqs_models.Queue, name, _uncounted_while_sending(getattr(sqs_models.Queue, name)))
    SQSBackend.is_message_valid_based_on_retention_period = _within_retention  # type: ignore[method-assign]
    SQSBackend.receive_message = _receive(SQSBackend.receive_message)  # type: ignore[method-assign]
    sqs_models.unix_time_millis = _millis  # type: ignore[assignment]  # Message.visible / .delayed
    _applied = True
