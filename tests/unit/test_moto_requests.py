"""The embedded moto reads a plain DynamoDB item request exactly as its own parser reads it."""

from __future__ import annotations

import random

import boto3
import pytest
from moto.core.parse import PROTOCOL_PARSERS
from moto.core.responses import get_service_model

from chalicelocal import moto_requests

TABLE = "requests"


def _value(rng: random.Random, depth: int = 0, plain: bool = True) -> dict:
    kinds = ["S", "N", "BOOL", "SS", "NS"] + (["M", "L"] if depth < 2 else [])
    if not plain:
        kinds += ["B", "NULL"]
    kind = rng.choice(kinds)
    if kind == "S":
        return {"S": rng.choice(["x", "Zoë", "£1,234.50", "", 'a"b'])}
    if kind == "N":
        return {"N": rng.choice(["0", "12.50", "-3", "1e3"])}
    if kind == "BOOL":
        return {"BOOL": rng.random() < 0.5}
    if kind == "SS":
        return {"SS": ["a", "b"]}
    if kind == "NS":
        return {"NS": ["1", "2.5"]}
    if kind == "B":
        return {"B": b"\x00\xffbytes"}
    if kind == "NULL":
        return {"NULL": True}
    if kind == "M":
        return {"M": {f"k{n}": _value(rng, depth + 1, plain) for n in range(rng.randrange(3))}}
    return {"L": [_value(rng, depth + 1, plain) for _ in range(rng.randrange(3))]}


def _item(rng: random.Random, plain: bool) -> dict:
    item = {"PK": {"S": f"p{rng.randrange(9)}"}}
    item.update({f"a{n}": _value(rng, plain=plain) for n in range(rng.randrange(1, 6))})
    return item


def _requests(rng: random.Random, plain: bool) -> list[tuple[str, dict]]:
    key = {"PK": {"S": "p1"}}
    condition = {
        "ConditionExpression": "attribute_not_exists(#p) OR #a < :n",
        "ExpressionAttributeNames": {"#p": "PK", "#a": "a0"},
        "ExpressionAttributeValues": {":n": {"N": "5"}},
    }
    return [
        ("PutItem", {"TableName": TABLE, "Item": _item(rng, plain), **condition}),
        ("GetItem", {"TableName": TABLE, "Key": key, "ConsistentRead": True}),
        ("DeleteItem", {"TableName": TABLE, "Key": key, "ReturnValues": "ALL_OLD"}),
        (
            "UpdateItem",
            {
                "TableName": TABLE,
                "Key": key,
                "UpdateExpression": "SET #a = :v ADD #c :n",
                "ExpressionAttributeNames": {"#a": "a1", "#c": "count"},
                "ExpressionAttributeValues": {":v": _value(rng, plain=plain), ":n": {"N": "1"}},
            },
        ),
        (
            "Query",
            {
                "TableName": TABLE,
                "KeyConditionExpression": "PK = :p",
                "ExpressionAttributeValues": {":p": {"S": "p1"}},
                "Limit": 20,
                "ScanIndexForward": False,
                "ExclusiveStartKey": _item(rng, plain),
            },
        ),
        ("Scan", {"TableName": TABLE, "Segment": 0, "TotalSegments": 2, "Select": "COUNT"}),
        ("BatchGetItem", {"RequestItems": {TABLE: {"Keys": [key, {"PK": {"S": "p2"}}]}}}),
        (
            "BatchWriteItem",
            {
                "RequestItems": {
                    TABLE: [{"PutRequest": {"Item": _item(rng, plain)}}, {"DeleteRequest": {"Key": key}}]
                }
            },
        ),
        (
            "TransactWriteItems",
            {
                "TransactItems": [
                    {"Put": {"TableName": TABLE, "Item": _item(rng, plain), **condition}},
                    {"ConditionCheck": {"TableName": TABLE, "Key": key, **condition}},
                    {"Delete": {"TableName": TABLE, "Key": {"PK": {"S": "p3"}}}},
                ],
                "ClientRequestToken": "token-1",
            },
        ),
        ("TransactGetItems", {"TransactItems": [{"Get": {"TableName": TABLE, "Key": key}}]}),
    ]


def _wire(client, action: str, params: dict) -> bytes:
    operation = client.meta.service_model.operation_model(action)
    return client._serializer.serialize_to_request(params, operation)["body"]  # noqa: SLF001


def _moto_parse(action: str, body: bytes) -> dict:
    operation = get_service_model("dynamodb").operation_model(action)
    parser = PROTOCOL_PARSERS["json"](operation, map_type=dict)
    return parser.parse(
        {"method": "POST", "values": {}, "headers": {}, "body": body, "url_path": "/", "url_params": {}}
    )


@pytest.mark.parametrize("seed", range(6))
def test_a_plain_request_reads_as_motos_parser_reads_it(seed):
    client = boto3.client("dynamodb", region_name="eu-west-2", endpoint_url="http://127.0.0.1:9")
    rng = random.Random(seed)  # noqa: S311
    for action, params in _requests(rng, plain=True):
        body = _wire(client, action, params)
        assert moto_requests.plain_body(action, body) == _moto_parse(action, body), action


@pytest.mark.parametrize("seed", range(6))
def test_binary_and_null_values_and_other_operations_go_to_motos_parser(seed):
    client = boto3.client("dynamodb", region_name="eu-west-2", endpoint_url="http://127.0.0.1:9")
    rng = random.Random(seed)  # noqa: S311
    for action, params in _requests(rng, plain=False):
        body = _wire(client, action, params)
        plain = moto_requests.plain_body(action, body)
        assert plain is None or plain == _moto_parse(action, body), action
    assert moto_requests.plain_body("PutItem", b'{"TableName": "t", "Item": {"b": {"B": "AA=="}}}') is None
    null_type = b'{"TableName": "t", "Item": {"n": {"NULL": true}}}'
    assert moto_requests.plain_body("PutItem", null_type) is not None
    assert moto_requests.plain_body("CreateTable", b'{"TableName": "t"}') is None
    assert moto_requests.plain_body("PutItem", b"not json") is None
