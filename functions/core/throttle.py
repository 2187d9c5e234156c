"""Fixed-window attempt counters in the table (atomic ADD), for sign-in and 2FA throttling."""

from __future__ import annotations

import datetime as dt

from pynamodb.attributes import NumberAttribute

from functions.core import clock, keys
from functions.core.errors import Throttled
from functions.core.table import Entity


class ThrottleCounter(Entity, discriminator="Throttle"):
    attempts = NumberAttribute(default=0)


def _window(window_seconds: int) -> tuple[int, int]:
    now = int(clock.now().timestamp())
    start = now - now % window_seconds
    return start, start + window_seconds - now


def check(bucket: str, limit: int, window_seconds: int) -> None:
    """Raise 429 if `bucket` already used `limit` attempts in this window (reads, no write)."""
    start, retry_after = _window(window_seconds)
    pk, sk = keys.throttle_key(bucket, start)
    try:
        counter = ThrottleCounter.get(pk, sk, consistent_read=True)
    except ThrottleCounter.DoesNotExist:
        return
    if counter.attempts >= limit:
        raise Throttled(retry_after=max(retry_after, 1))


def record_failure(bucket: str, window_seconds: int) -> int:
    """Count one failed attempt; the counter expires with its window."""
    start, _ = _window(window_seconds)
    pk, sk = keys.throttle_key(bucket, start)
    counter = ThrottleCounter(pk, sk)
    counter.update(
        actions=[
            ThrottleCounter.attempts.add(1),
            ThrottleCounter.entity.set(ThrottleCounter),  # type: ignore[arg-type]
            ThrottleCounter.expires_at.set(
                clock.now().replace(microsecond=0) + dt.timedelta(seconds=window_seconds)
            ),
        ]
    )
    return int(counter.attempts)
