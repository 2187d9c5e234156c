"""DynamoDB request bodies read by the embedded moto without walking botocore's shapes (ADR 0006,
fifth addendum).

moto 5.2 reads every request through `RequestParser`, which walks the operation's input shape
over the JSON body (a transaction of 100 items with their attribute values is thousands of
Python calls) to turn blobs into bytes, timestamps into datetimes, drop nulls and members the
shape does not know, and put a structure's members in the shape's order. For DynamoDB's item
operations none of that changes anything unless the body holds a binary attribute value
(`"B"`, `"BS"`) or a null: their inputs have no timestamps, their numbers are JSON numbers
already, and the AWS SDKs send no member the shape lacks. So such a body without those is read
with `json.loads`; any other body, and every other operation, goes through moto's parser.
tests/unit/test_moto_requests.py compares both on varied requests.

The body is read by `orjson.loads` (a 99-item transaction's 67 kB: ~1.9 ms through `json.loads`,
15 % of a claim's attach), which gives the same dict as `json.loads` for every document it accepts
but one kind: an integer beyond 64 bits, which orjson reads as a float. A body holding a run of
19 or more digits anywhere (numbers are mostly strings in DynamoDB's JSON, so this is rare) and
every body orjson refuses (NaN and Infinity, numbers too large for a double, lone surrogates, a
byte order mark, anything not UTF-8) are read by `json.loads`, as before.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import orjson
from moto.dynamodb.responses import DynamoHandler

from functions.core.item_requests import ITEM_OPERATIONS  # the same operations, written plainly

_NOT_PLAIN = (b'"B"', b'"BS"', b"null")
_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")
_LONG_DIGITS = b"0" * 19  # a run of digits: a number orjson could read as a float, not an int
_enabled = True


def _loads(body: bytes | bytearray) -> Any:
    """`json.loads(body)`, through orjson where it reads the body exactly as json does."""
    if _enabled and _LONG_DIGITS not in body.translate(_DIGITS_AS_ZERO):  # (a regex: 30 times slower)
        try:
            return orjson.loads(body)
        except orjson.JSONDecodeError:
            pass  # json.loads decides: it reads some of these (NaN, a BOM, UTF-16) and refuses others
    return json.loads(body)


def enabled(on: bool) -> None:
    """Switch orjson's reading on or off (the equivalence test compares both)."""
    global _enabled
    _enabled = on


def plain_body(action: str, body: Any) -> dict[str, Any] | None:
    """The parameters of `body` when json.loads reads them as moto's parser would, else None."""
    if action not in ITEM_OPERATIONS or not isinstance(body, bytes | bytearray) or not body:
        return None
    if any(marker in body for marker in _NOT_PLAIN):
        return None
    try:
        parsed = _loads(body)
    except ValueError:
        return None
    return parsed if isinstance(parsed, dict) else None


def install() -> None:
    """Wrap moto's request reading (once, from `moto_speedups.apply`)."""
    original = DynamoHandler.parse_parameters

    @functools.wraps(original)
    def parse_parameters(self: Any, request: Any) -> None:
        parsed = plain_body(self._get_action(), request.data)
        if parsed is None:
            original(self, request)
        else:
            self.params = parsed

    DynamoHandler.parse_parameters = parse_parameters  # type: ignore[method-assign]
