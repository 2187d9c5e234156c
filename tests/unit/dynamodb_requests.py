"""Varied requests of every DynamoDB item operation, for the tests of the fast paths that read
or write them."""

from __future__ import annotations

import random
from typing import Any

TABLE = "requests"


def attribute_value(rng: random.Random, depth: int = 0, plain: bool = True) -> dict[str, Any]:
    kinds = ["S", "N", "BOOL", "SS", "NS"] + (["M", "L"] if depth < 2 else [])
    if not plain:
        kinds += ["B", "NULL"]
    kind = rng.choice(kinds)
    if kind == "S":
        return {"S": rng.choice(["x", "Zoë", "£1,234.50", "", 'a"b', "line\\nbreak"])}
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
        return {"M": {f"k{n}": attribute_value(rng, depth + 1, plain) for n in range(rng.randrange(3))}}
    return {"L": [attribute_value(rng, depth + 1, plain) for _ in range(rng.randrange(3))]}


def item(rng: random.Random, plain: bool) -> dict[str, Any]:
    attributes = {"PK": {"S": f"p{rng.randrange(9)}"}}
    attributes.update({f"a{n}": attribute_value(rng, plain=plain) for n in range(rng.randrange(1, 6))})
    return attributes


def requests(rng: random.Random, plain: bool) -> list[tuple[str, dict[str, Any]]]:
    """(operation, parameters) of each item operation; `plain=False` adds binary and NULL values."""
    key = {"PK": {"S": "p1"}}
    condition = {
        "ConditionExpression": "attribute_not_exists(#p) OR #a < :n",
        "ExpressionAttributeNames": {"#p": "PK", "#a": "a0"},
        "ExpressionAttributeValues": {":n": {"N": "5"}},
    }
    return [
        ("PutItem", {"TableName": TABLE, "Item": item(rng, plain), **condition}),
        ("GetItem", {"TableName": TABLE, "Key": key, "ConsistentRead": True}),
        ("DeleteItem", {"TableName": TABLE, "Key": key, "ReturnValues": "ALL_OLD"}),
        (
            "UpdateItem",
            {
                "TableName": TABLE,
                "Key": key,
                "UpdateExpression": "SET #a = :v ADD #c :n",
                "ExpressionAttributeNames": {"#a": "a1", "#c": "count"},
                "ExpressionAttributeValues": {":v": attribute_value(rng, plain=plain), ":n": {"N": "1"}},
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
                "ExclusiveStartKey": item(rng, plain),
            },
        ),
        ("Scan", {"TableName": TABLE, "Segment": 0, "TotalSegments": 2, "Select": "COUNT"}),
        ("BatchGetItem", {"RequestItems": {TABLE: {"Keys": [key, {"PK": {"S": "p2"}}]}}}),
        (
            "BatchWriteItem",
            {
                "RequestItems": {
                    TABLE: [{"PutRequest": {"Item": item(rng, plain)}}, {"DeleteRequest": {"Key": key}}]
                }
            },
        ),
        (
            "TransactWriteItems",
            {
                "TransactItems": [
                    {"Put": {"TableName": TABLE, "Item": item(rng, plain), **condition}},
                    {"ConditionCheck": {"TableName": TABLE, "Key": key, **condition}},
                    {"Delete": {"TableName": TABLE, "Key": {"PK": {"S": "p3"}}}},
                    {
                        "Update": {
                            "TableName": TABLE,
                            "Key": {"PK": {"S": "p4"}},
                            "UpdateExpression": "SET #a = :v",
                            "ExpressionAttributeNames": {"#a": "a1"},
                            "ExpressionAttributeValues": {":v": attribute_value(rng, plain=plain)},
                        }
                    },
                ],
                "ClientRequestToken": "token-1",
            },
        ),
        ("TransactGetItems", {"TransactItems": [{"Get": {"TableName": TABLE, "Key": key}}]}),
    ]
