"""DynamoDB item answers read without botocore's shape walk over their items.

botocore parses every JSON answer with `json.loads`, then walks the operation's output shape over
the result: each attribute value of each item is a structure of ten members, so a Query of 1,000
items of twenty attributes costs some 20,000 structure walks of ten members each. For the
items of DynamoDB's item operations that walk gives back what `json.loads` read, except for binary
values ("B", "BS": base64-decoded to bytes) and anything unusual (a null, a value of an unexpected
JSON type, an attribute value with no member, an unknown one or two: the walk drops unknown and
null members and writes the others in the model's order). So the parser here is botocore's own
JSONParser with two changes:

- the body is read by orjson (6 ms against `json.loads`' 8 ms for a Query answer of 1,000
  donations, 429 kB; the walk over its items took 65 ms more, the check here 6 ms). orjson
  reads an integer beyond 64 bits as a float where `json.loads` keeps it whole; no DynamoDB answer
  holds one (attribute numbers are strings), and a float of that size seen by the walk sends the
  whole answer back to botocore. It refuses NaN, infinities and lone surrogates, which `json.loads`
  accepts: such a body goes to botocore too.
- a map of attribute values (an item, a key) is checked in one plain loop and handed back as read,
  its binary values decoded in place; anything unusual sends the whole answer back to botocore.

Everything else is botocore's: the walk over the answer's own structure (Count, LastEvaluatedKey,
ConsumedCapacity, UnprocessedKeys...), the ResponseMetadata (RequestId, HTTPStatusCode,
HTTPHeaders; RetryAttempts is set after parsing, by the endpoint), errors (any status of 301 and
more is parsed by botocore's own parser), and every operation that is not an item operation.

`use_for(client)` installs it on a botocore DynamoDB client (once); it returns the client.
tests/unit/test_item_answers.py compares the parsed answers with botocore's, on varied answers of
every item operation and on moto's real ones.
"""

from __future__ import annotations

from typing import Any

import orjson
from botocore.parsers import JSONParser

from functions.core.item_requests import ITEM_OPERATIONS

ATTRIBUTE_VALUE = "AttributeValue"  # the shape name of DynamoDB's attribute values
_TEXTS = frozenset({"S", "N", "B"})
_FLAGS = frozenset({"BOOL", "NULL"})
_SETS = frozenset({"SS", "NS", "BS"})
# orjson reads an integer literal outside 64 bits as a float (json.loads keeps it an int)
_LARGEST_EXACT = float(2**63)


class Unusual(Exception):
    """The answer holds something the direct reading does not reproduce: botocore parses it."""


class ItemAnswerParser(JSONParser):
    """botocore's JSON parser, reading item operations' answers with orjson and their items directly."""

    def __init__(self, plain: JSONParser) -> None:
        super().__init__(timestamp_parser=plain._timestamp_parser, blob_parser=plain._blob_parser)  # noqa: SLF001
        self._plain = plain

    def parse(self, response: dict[str, Any], shape: Any) -> Any:
        context = response.get("context") or {}
        if response["status_code"] >= 301 or context.get("operation_name") not in ITEM_OPERATIONS:
            return self._plain.parse(response, shape)
        try:
            return super().parse(response, shape)
        except Unusual:
            return self._plain.parse(response, shape)

    def _parse_body_as_json(self, body_contents: Any) -> Any:
        if not body_contents:
            return {}
        try:
            return orjson.loads(body_contents)
        except orjson.JSONDecodeError as error:  # NaN, a lone surrogate, not JSON...
            raise Unusual from error

    def _default_handle(self, shape: Any, value: Any) -> Any:
        if type(value) is float and not -_LARGEST_EXACT < value < _LARGEST_EXACT:
            raise Unusual
        return value

    def _handle_map(self, shape: Any, value: Any) -> Any:
        if shape.value.name != ATTRIBUTE_VALUE:
            return super()._handle_map(shape, value)
        if type(value) is not dict:
            raise Unusual
        if attribute_map_holds_binary(value):
            decode_attribute_map(value, self._blob_parser)
        return value

    def _handle_list(self, shape: Any, node: Any) -> Any:
        member = shape.member
        if member.type_name != "map" or member.value.name != ATTRIBUTE_VALUE:
            return super()._handle_list(shape, node)
        if type(node) is not list:
            raise Unusual
        decode = self._blob_parser
        for attributes in node:
            if type(attributes) is not dict:
                raise Unusual
            if attribute_map_holds_binary(attributes):
                decode_attribute_map(attributes, decode)
        return node


def attribute_map_holds_binary(attributes: dict[str, Any]) -> bool:
    """Whether a map of attribute values read from JSON holds binary values; raises `Unusual` when
    botocore's walk would not give it back as read (but for binary values)."""
    return _values_hold_binary(attributes.values())


def _values_hold_binary(values: Any) -> bool:
    binary = False
    for value in values:
        if type(value) is not dict or len(value) != 1:
            raise Unusual
        for tag, inner in value.items():
            kind = type(inner)
            if kind is str:  # most values: "S" and "N"
                if tag not in _TEXTS:
                    raise Unusual
                if tag == "B":
                    binary = True
            elif kind is bool:
                if tag not in _FLAGS:
                    raise Unusual
            elif kind is dict:
                if tag != "M":
                    raise Unusual
                binary = _values_hold_binary(inner.values()) or binary
            elif kind is list:
                if tag == "L":
                    binary = _values_hold_binary(inner) or binary
                elif tag in _SETS:
                    _check_texts(inner)
                    binary = binary or tag == "BS"
                else:
                    raise Unusual
            else:
                raise Unusual
    return binary


def _check_texts(values: Any) -> None:
    if type(values) is not list:
        raise Unusual
    for value in values:
        if type(value) is not str:
            raise Unusual


def decode_attribute_map(attributes: dict[str, Any], decode: Any) -> None:
    """Decode, in place, the binary values of a map of attribute values that
    `attribute_map_holds_binary` accepted."""
    for value in attributes.values():
        _decode_attribute_value(value, decode)


def _decode_attribute_value(value: dict[str, Any], decode: Any) -> None:
    for tag, inner in value.items():
        if tag == "B":
            value["B"] = decode(inner)
        elif tag == "BS":
            value["BS"] = [decode(text) for text in inner]
        elif tag == "M":
            decode_attribute_map(inner, decode)
        elif tag == "L":
            for member in inner:
                _decode_attribute_value(member, decode)


class ItemAnswerParserFactory:
    """The endpoint's parser factory, making item-answer parsers for the JSON protocol."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner

    def create_parser(self, protocol_name: str) -> Any:
        parser = self._inner.create_parser(protocol_name)
        return ItemAnswerParser(parser) if type(parser) is JSONParser else parser

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


def use_for(client: Any) -> Any:
    """Install on a botocore DynamoDB client (once); returns it. The factory is the endpoint's own
    (botocore shares one factory between a session's clients: it is wrapped, not changed)."""
    endpoint: Any = getattr(client, "_endpoint", None)
    factory = getattr(endpoint, "_response_parser_factory", None)
    if (
        factory is not None
        and not isinstance(factory, ItemAnswerParserFactory)
        and client.meta.service_model.service_name == "dynamodb"
    ):
        endpoint._response_parser_factory = ItemAnswerParserFactory(factory)  # noqa: SLF001
    return client
