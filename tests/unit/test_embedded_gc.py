"""The embedded AWS keeps what it stores out of full garbage collections (chalicelocal/embedded.py
`freeze_survivors`) without keeping garbage alive."""

from __future__ import annotations

import gc
import weakref

from chalicelocal import embedded


class Node:
    pass


def test_survivors_leave_the_collector_and_young_cycles_are_collected_first():
    gc.collect()
    live = Node()
    live.me = live  # alive, and a cycle: full collections would walk it
    garbage = Node()
    garbage.me = garbage  # a young cycle nobody refers to
    dead = weakref.ref(garbage)
    del garbage
    try:
        embedded.freeze_survivors()
        assert dead() is None  # collected, not frozen
        assert gc.get_freeze_count() > 0
        assert not any(tracked is live for tracked in gc.get_objects())  # skipped by collections
    finally:
        gc.unfreeze()
