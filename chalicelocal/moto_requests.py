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
"""

from __future__ import annotations

import functools
import json
from typing import Any

from moto.dynamodb.responses import DynamoHandler

from functions.core.item_requests import ITEM_OPERATIONS  # the same operations, written plainly

_NOT_PLAIN = (b'"B"', b'"BS"', b"null")


def plain_body(action: str, body: Any) -> dict[str, Any] | None:
    """The parameters of `body` when json.loads reads them as moto's parser would, else None."""
    if action not in ITEM_OPERATIONS or not isinstance(body, bytes | bytearray) or not body:
        return None
    if any(marker in body for marker in _NOT_PLAIN):
        return None
    try:
        parsed = json.loads(body)
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
