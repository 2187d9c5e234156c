"""The cyclic garbage collector paused while a job step builds a large graph of objects without
cycles (ADR 0024, session 27).

Finishing and sealing a 100,000-donation claim makes millions of objects (the attached donations,
their schedule lines, the XML and the ODS) that live until the step ends. Each full collection
walks every one of them again, and the step triggers many: 16 full collections took 3.2 s of the
claim's 100,000-donation finish and seal, with every other thread of the process stopped. Reference
counting frees all of it (nothing there forms a cycle); a cycle made meanwhile is collected once
the collector runs again. The pause is process-wide: steps running side by side in threads share
one pause, and the collector comes back when the last of them ends, as it was before the first.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_depth = 0
_was_enabled = False


@contextmanager
def paused() -> Iterator[None]:
    global _depth, _was_enabled
    with _lock:
        if _depth == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0 and _was_enabled:
                gc.enable()
