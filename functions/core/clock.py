"""The one injectable clock: every 'now' and 'today' in the product comes from here."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

_now: Callable[[], dt.datetime] = lambda: dt.datetime.now(dt.UTC)  # noqa: E731


def now() -> dt.datetime:
    return _now()


def today() -> dt.date:
    return now().date()


def set_clock(fn: Callable[[], dt.datetime] | None) -> None:
    """Tests freeze or move time with this; `None` restores the real clock."""
    global _now
    _now = fn or (lambda: dt.datetime.now(dt.UTC))


def iso(moment: dt.datetime | None) -> str | None:
    if moment is None:
        return None
    return moment.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
