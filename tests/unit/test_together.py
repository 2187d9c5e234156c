"""`functions.core.together`: independent reads side by side, answers in order, the request's
context (locale, principal) seen by each, an error raised to the caller."""

from __future__ import annotations

import contextvars
import threading

import pytest

from functions.core.together import together

LOCALE: contextvars.ContextVar[str] = contextvars.ContextVar("locale", default="en")


def test_answers_come_back_in_the_order_asked_each_from_its_own_thread_with_the_callers_context() -> None:
    LOCALE.set("es")
    both_running = threading.Barrier(2, timeout=30)  # each waits for the other: only side by side ends

    def part(name: str) -> tuple[str, str, str]:
        both_running.wait()
        return name, LOCALE.get(), threading.current_thread().name

    first, second = together(lambda: part("first"), lambda: part("second"))
    assert (first[0], first[1]) == ("first", "es")
    assert (second[0], second[1]) == ("second", "es")
    assert first[2] != second[2] and first[2].startswith("together")


def test_the_first_failing_call_raises_after_every_call_has_ended() -> None:
    ended: list[str] = []

    def fails() -> None:
        raise LookupError("no such fund")

    def ends() -> str:
        ended.append("ran")
        return "ok"

    with pytest.raises(LookupError, match="no such fund"):
        together(fails, ends)
    assert ended == ["ran"]


def test_one_call_runs_in_the_callers_thread() -> None:
    assert together(lambda: threading.current_thread().name) == [threading.current_thread().name]
