"""`functions.core.together`: independent reads side by side, answers in order, the request's
context (locale, principal) seen by each, an error raised to the caller."""

from __future__ import annotations

import contextvars
import threading

import pytest

from functions.core.together import read_ahead, together

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


def test_pages_read_ahead_come_in_order_and_a_failed_fetch_raises_where_it_stopped():
    assert list(read_ahead(iter(range(50)), depth=2)) == list(range(50))

    def failing():
        yield "page 1"
        yield "page 2"
        raise RuntimeError("the third page failed")

    got = []
    with pytest.raises(RuntimeError, match="third page"):
        for page in read_ahead(failing()):
            got.append(page)
    assert got == ["page 1", "page 2"]


def test_a_consumer_that_stops_early_stops_the_fetch():
    fetched = []
    ended = threading.Event()

    def endless():
        try:
            n = 0
            while True:
                fetched.append(n)
                yield n
                n += 1
        finally:
            ended.set()

    pages = read_ahead(endless(), depth=2)
    assert [next(pages), next(pages)] == [0, 1]
    pages.close()
    assert ended.wait(5)  # the fetch thread left its loop (and closed the source)
    assert len(fetched) <= 5  # the pages in hand and up to `depth` ahead, no more
