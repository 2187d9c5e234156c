"""DynamoDB item requests written without botocore's shape walk.

botocore builds every JSON request by walking the operation's input shape over the parameters
(each attribute value of each item is a structure of ten possible members), then encodes the
result with `json.dumps`. For DynamoDB's item operations that walk reproduces the parameters as
they are unless they hold bytes (binary attributes, base64-encoded by the walk), a `None` (left
out by the walk) or a type JSON cannot spell; so for parameters without those, the body is
`json.dumps(parameters)` itself, byte for byte the same (the walk keeps the parameters' order and
uses the same `json.dumps`). It was about a fifth of an import worker's CPU.

`use_for(client)` installs this on a botocore DynamoDB client that does not validate parameters
(PynamoDB's clients do not, for speed; a validating client is left as it is); anything else goes
to botocore's own serializer. tests/unit/test_item_requests.py compares the
bodies with botocore's on varied requests of every item operation.
"""

from __future__ import annotations

import json
from typing import Any

from botocore.serialize import JSONSerializer

ITEM_OPERATIONS = frozenset(
    {
        "BatchGetItem",
        "BatchWriteItem",
        "DeleteItem",
        "GetItem",
        "PutItem",
        "Query",
        "Scan",
        "TransactGetItems",
        "TransactWriteItems",
        "UpdateItem",
    }
)


class ItemRequestSerializer:
    """botocore's serializer, with item operations' plain parameters encoded directly."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner

    def serialize_to_request(self, parameters: Any, operation_model: Any) -> dict[str, Any]:
        body = plain_body(operation_model.name, parameters)
        if body is None:
            return dict(self._inner.serialize_to_request(parameters, operation_model))
        # the method, target and content type of the operation (none of them read the parameters)
        serialized = dict(self._inner.serialize_to_request({}, operation_model))
        serialized["body"] = body
        return serialized

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


def plain_body(operation: str, parameters: Any) -> bytes | None:
    """The request body of `parameters` when botocore's walk would leave them as they are."""
    if operation not in ITEM_OPERATIONS or not isinstance(parameters, dict):
        return None
    try:
        body = json.dumps(parameters).encode("utf-8")
    except (TypeError, ValueError):  # bytes, Decimal, sets...: botocore's walk decides
        return None
    if b"null" in body:  # a None member (botocore leaves it out), or a text that says null
        return None
    return body


def use_for(client: Any) -> Any:
    """Install on a botocore DynamoDB client without parameter validation (once); returns it."""
    serializer = getattr(client, "_serializer", None)
    if isinstance(serializer, JSONSerializer):
        client._serializer = ItemRequestSerializer(serializer)  # noqa: SLF001
    return client
