"""A Lambda's cold start without the cyclic garbage collector (ADR 0011, cold start addendum).

A cold start allocates hundreds of thousands of objects (modules, classes, botocore's service
model) that live as long as the process, and the collector walks all of them again at each of its
full collections during the import and the first request: about a tenth of the cold path's CPU
(measured: 0.13x of a bare boto3 client). Every API area's `handler.py` imports this module
first; inside a Lambda (`AWS_LAMBDA_FUNCTION_NAME` is set by its runtime) it pauses the collector,
and `settle()`, called by `make_app`'s middleware when a request ends, moves everything the cold
start made into the permanent generation (`gc.freeze`: never walked again) and turns the
collector back on, once. Reference counting frees everything without cycles meanwhile. Tests,
the local stack and the job functions never pause it: they do not set the variable or do not
import this module first.
"""

from __future__ import annotations

import gc
import os

_paused = False


def _pause() -> None:
    global _paused
    if os.environ.get("AWS_LAMBDA_FUNCTION_NAME") and gc.isenabled():
        gc.disable()
        _paused = True


def settle() -> None:
    """The cold start is over: its objects are frozen and the collector runs again (once; a
    no-op on every later request and outside a Lambda)."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()


_pause()
