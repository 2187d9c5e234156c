"""Fires the schedule handlers of the template (EventBridge `rate(...)` and `cron(...)`
expressions) with a scheduled event, once shortly after start and then on their schedule.

Cron support is what the template needs: the minute and hour fields (numbers, `*`, `*/n`, `a-b`,
lists); day, month and weekday fields are ignored, so a cron fires daily at the matched times.
Times are UTC, as in EventBridge. ALMONER_SCHEDULES=0 turns the scheduler off.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import threading
import traceback
import uuid
from collections.abc import Callable
from typing import Any

from chalicelocal import lambdas
from chalicelocal.lambdas import Handler, ScheduleTrigger

ACCOUNT = "123456789012"
FIRST_RUN_DELAY = dt.timedelta(seconds=10)
_RATE = re.compile(r"^rate\(\s*(\d+)\s+(minute|minutes|hour|hours|day|days)\s*\)$")
_CRON = re.compile(r"^cron\((.+)\)$")
_UNITS = {"minute": 60, "hour": 3600, "day": 86400}

NextRun = Callable[[dt.datetime], dt.datetime]


def enabled() -> bool:
    return os.environ.get("ALMONER_SCHEDULES", "1") != "0"


def parse(expression: str) -> NextRun:
    """A function giving the next run strictly after a moment, for an EventBridge expression."""
    expression = expression.strip()
    rate = _RATE.match(expression)
    if rate:
        amount, unit = int(rate.group(1)), rate.group(2).rstrip("s")
        if amount < 1:
            raise ValueError(f"bad rate: {expression}")
        interval = dt.timedelta(seconds=amount * _UNITS[unit])
        return lambda after: after + interval
    cron = _CRON.match(expression)
    if cron:
        fields = cron.group(1).split()
        if len(fields) != 6:
            raise ValueError(f"cron needs 6 fields: {expression}")
        minutes, hours = _field(fields[0], 0, 59), _field(fields[1], 0, 23)
        return lambda after: _next_cron(after, minutes, hours)
    raise ValueError(f"unsupported schedule expression: {expression}")


def _field(text: str, low: int, high: int) -> set[int]:
    values: set[int] = set()
    for part in text.split(","):
        step = 1
        if "/" in part:
            part, step_text = part.split("/", 1)
            step = int(step_text)
        if part in ("*", "?"):
            start, end = low, high
        elif "-" in part:
            start, end = (int(x) for x in part.split("-", 1))
        else:
            start = int(part)
            end = high if step > 1 else start
        if not (low <= start <= end <= high) or step < 1:
            raise ValueError(f"cron field out of range: {text}")
        values.update(range(start, end + 1, step))
    return values


def _next_cron(after: dt.datetime, minutes: set[int], hours: set[int]) -> dt.datetime:
    moment = after.replace(second=0, microsecond=0) + dt.timedelta(minutes=1)
    for _ in range(48 * 60):
        if moment.minute in minutes and moment.hour in hours:
            return moment
        moment += dt.timedelta(minutes=1)
    raise ValueError("cron never fires")


def scheduled_event(trigger: ScheduleTrigger, when: dt.datetime, region: str) -> dict[str, Any]:
    """What EventBridge passes to a scheduled Lambda (or the event's `Input`, when it has one)."""
    if trigger.input is not None:
        return dict(trigger.input)
    return {
        "version": "0",
        "id": str(uuid.uuid4()),
        "detail-type": "Scheduled Event",
        "source": "aws.events",
        "account": ACCOUNT,
        "time": when.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "region": region,
        "resources": [f"arn:aws:events:{region}:{ACCOUNT}:rule/{trigger.name}"],
        "detail": {},
    }


class Scheduler:
    """One thread for all schedules; each handler runs in the scheduler thread, one at a time."""

    def __init__(self, triggers: list[ScheduleTrigger], handlers: dict[str, Handler] | None = None) -> None:
        self.region = os.environ.get("AWS_DEFAULT_REGION", "eu-west-2")
        self._entries: list[tuple[ScheduleTrigger, NextRun, Handler]] = []
        for trigger in triggers:
            try:
                handler = (handlers or {}).get(trigger.name) or lambdas.load_handler(trigger.function.handler)
                self._entries.append((trigger, parse(trigger.expression), handler))
            except Exception as exc:  # (one broken schedule must not stop the stack)
                print(f"chalicelocal: schedule {trigger.name} skipped: {exc!r}")
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="scheduler", daemon=True)

    @property
    def names(self) -> list[str]:
        return [trigger.name for trigger, _, _ in self._entries]

    def start(self) -> None:
        if self._entries:
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=30)

    def _run(self) -> None:
        now = dt.datetime.now(dt.UTC)
        due = {trigger.name: now + FIRST_RUN_DELAY for trigger, _, _ in self._entries}
        while not self._stop.is_set():
            now = dt.datetime.now(dt.UTC)
            for trigger, next_run, handler in self._entries:
                if due[trigger.name] <= now:
                    self.fire(trigger, handler, now)
                    due[trigger.name] = next_run(now)
            wait = min(due.values()) - dt.datetime.now(dt.UTC)
            self._stop.wait(max(0.5, min(wait.total_seconds(), 30)))

    def fire(self, trigger: ScheduleTrigger, handler: Handler, when: dt.datetime) -> None:
        try:
            handler(scheduled_event(trigger, when, self.region), lambdas.context(trigger.function))
        except Exception:  # (EventBridge retries; locally the next run does)
            print(f"chalicelocal: schedule {trigger.name} raised", flush=True)
            traceback.print_exc()
