"""`functions.core.collector.paused`: the cyclic collector off while a step runs, back as it was
when the last of the steps side by side ends, also after an error."""

from __future__ import annotations

import gc
import threading

import pytest

from functions.core import collector


@pytest.fixture(autouse=True)
def collector_enabled():
    gc.enable()
    yield
    gc.enable()


def test_the_collector_is_off_inside_and_back_after_even_after_an_error() -> None:
    with collector.paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(ValueError), collector.paused():
        raise ValueError("the step failed")
    assert gc.isenabled()


def test_a_collector_that_was_off_stays_off() -> None:
    gc.disable()
    with collector.paused():
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_steps_side_by_side_share_one_pause_until_the_last_ends() -> None:
    first_in, second_in, first_out = threading.Event(), threading.Event(), threading.Event()
    seen: dict[str, bool] = {}

    def first() -> None:
        with collector.paused():
            first_in.set()
            second_in.wait(10)
        first_out.set()

    def second() -> None:
        first_in.wait(10)
        with collector.paused():
            second_in.set()
            first_out.wait(10)
            seen["after the first ended"] = gc.isenabled()
        seen["after both"] = gc.isenabled()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    assert seen == {"after the first ended": False, "after both": True}
