"""Item answers read directly are the ones botocore's parser reads: the same dict, member order and
value types included, the same errors, on varied answers of every item operation and on moto's."""

from __future__ import annotations

import base64
import json
import random
from typing import Any

import boto3
import pytest
from botocore.awsrequest import HeadersDict
from botocore.config import Config
from botocore.parsers import JSONParser, ResponseParserFactory

from functions.core import item_answers
from functions.core.item_requests import ITEM_OPERATIONS
from tests.unit.dynamodb_requests import requests

TABLE = "answers"
SERVICE = boto3.session.Session().client("dynamodb", region_name="eu-west-2").meta.service_model


def attribute_value(rng: random.Random, depth: int = 0) -> dict[str, Any]:
    kinds = ["S", "N", "BOOL", "NULL", "SS", "NS", "B", "BS"] + (["M", "L"] if depth < 3 else [])
    kind = rng.choice(kinds)
    if kind == "S":
        return {"S": rng.choice(["x", "Zoë", "£1,234.50", "", 'a"b', "line\nbreak", "null", "\u2028"])}
    if kind == "N":
        return {"N": rng.choice(["0", "12.50", "-3", "1e3", "123456789012345678901234567890"])}
    if kind == "BOOL":
        return {"BOOL": rng.random() < 0.5}
    if kind == "NULL":
        return {"NULL": True}
    if kind == "SS":
        return {"SS": rng.choice([["a", "b"], ["Zoë"]])}
    if kind == "NS":
        return {"NS": ["1", "2.5"]}
    if kind == "B":
        return {"B": base64.b64encode(rng.choice([b"\x00\xffbytes", b"", b"\x01"])).decode()}
    if kind == "BS":
        return {"BS": [base64.b64encode(b"\x00\x01").decode(), base64.b64encode(b"two").decode()]}
    if kind == "M":
        return {"M": {f"k{n}": attribute_value(rng, depth + 1) for n in range(rng.randrange(4))}}
    return {"L": [attribute_value(rng, depth + 1) for _ in range(rng.randrange(4))]}


def item(rng: random.Random) -> dict[str, Any]:
    attributes = {"PK": {"S": f"p{rng.randrange(9)}"}, "SK": {"S": "s"}}
    attributes.update({f"a{n}": attribute_value(rng) for n in range(rng.randrange(0, 8))})
    return attributes


def key(rng: random.Random) -> dict[str, Any]:
    return {"PK": {"S": f"p{rng.randrange(9)}"}, "SK": rng.choice([{"S": "s"}, {"N": "7"}, {"B": "AAE="}])}


def capacity(rng: random.Random) -> dict[str, Any]:
    return {
        "TableName": TABLE,
        "CapacityUnits": rng.choice([0.5, 1.0, 3, 12.5]),
        "ReadCapacityUnits": 0.5,
        "Table": {"CapacityUnits": 1.0},
        "GlobalSecondaryIndexes": {"GSI1": {"CapacityUnits": 2.5, "WriteCapacityUnits": 2}},
    }


def collection_metrics(rng: random.Random) -> dict[str, Any]:
    return {"ItemCollectionKey": {"PK": {"S": "p1"}}, "SizeEstimateRangeGB": [0.0, rng.choice([1.0, 1])]}


def maybe(rng: random.Random, answer: dict[str, Any], name: str, value: Any) -> None:
    if rng.random() < 0.6:
        answer[name] = value


def answers(rng: random.Random) -> list[tuple[str, dict[str, Any]]]:
    """(operation, answer) of every item operation, with and without their optional members."""
    found: list[tuple[str, dict[str, Any]]] = []
    for operation in ("GetItem",):
        answer: dict[str, Any] = {}
        maybe(rng, answer, "Item", item(rng))
        maybe(rng, answer, "ConsumedCapacity", capacity(rng))
        found.append((operation, answer))
    for operation in ("PutItem", "UpdateItem", "DeleteItem"):
        answer = {}
        maybe(rng, answer, "Attributes", item(rng))
        maybe(rng, answer, "ConsumedCapacity", capacity(rng))
        maybe(rng, answer, "ItemCollectionMetrics", collection_metrics(rng))
        found.append((operation, answer))
    for operation in ("Query", "Scan"):
        items = [item(rng) for _ in range(rng.randrange(6))]
        answer = {"Count": len(items), "Items": items, "ScannedCount": len(items) + rng.randrange(3)}
        maybe(rng, answer, "LastEvaluatedKey", key(rng))
        maybe(rng, answer, "ConsumedCapacity", capacity(rng))
        found.append((operation, answer))
    answer = {"Responses": {TABLE: [item(rng) for _ in range(rng.randrange(4))], "other": []}}
    unprocessed = {"Keys": [key(rng), key(rng)], "ProjectionExpression": "#p, a1", "ConsistentRead": True}
    unprocessed["ExpressionAttributeNames"] = {"#p": "PK"}
    maybe(rng, answer, "UnprocessedKeys", {TABLE: unprocessed})
    maybe(rng, answer, "ConsumedCapacity", [capacity(rng), capacity(rng)])
    found.append(("BatchGetItem", answer))
    answer = {"UnprocessedItems": {}}
    writes = [{"PutRequest": {"Item": item(rng)}}, {"DeleteRequest": {"Key": key(rng)}}]
    maybe(rng, answer, "UnprocessedItems", {TABLE: writes})
    maybe(rng, answer, "ItemCollectionMetrics", {TABLE: [collection_metrics(rng)]})
    maybe(rng, answer, "ConsumedCapacity", [capacity(rng)])
    found.append(("BatchWriteItem", answer))
    answer = {"Responses": [{"Item": item(rng)}, {}, {"Item": {}}]}
    maybe(rng, answer, "ConsumedCapacity", [capacity(rng)])
    found.append(("TransactGetItems", answer))
    answer = {}
    maybe(rng, answer, "ConsumedCapacity", [capacity(rng)])
    maybe(rng, answer, "ItemCollectionMetrics", {TABLE: [collection_metrics(rng)]})
    found.append(("TransactWriteItems", answer))
    for _operation, answer in found:
        if rng.random() < 0.3:
            answer["SomethingNew"] = {"x": 1}  # a member the model does not know: dropped by both
        if rng.random() < 0.5:
            shuffled = list(answer.items())
            rng.shuffle(shuffled)
            answer.clear()
            answer.update(shuffled)
    return found


def response(operation: str, body: bytes, status: int = 200) -> dict[str, Any]:
    headers = HeadersDict({"x-amzn-RequestId": "R1", "Content-Type": "application/x-amz-json-1.0"})
    headers["x-amz-crc32"] = "1"
    return {"headers": headers, "status_code": status, "body": body, "context": {"operation_name": operation}}


def ours(direct_only: bool = False) -> JSONParser:
    """Our parser; `direct_only`: without botocore's to fall back on (it would fail if used)."""
    parser = item_answers.ItemAnswerParserFactory(ResponseParserFactory()).create_parser("json")
    assert isinstance(parser, item_answers.ItemAnswerParser)
    if direct_only:
        parser._plain = None  # noqa: SLF001
    return parser


def both(operation: str, body: bytes, status: int = 200, direct_only: bool = False) -> tuple[Any, Any]:
    """botocore's parse and ours of one answer: each the parsed dict, or the error raised."""
    shape = SERVICE.operation_model(operation).output_shape
    results = []
    for parser in (JSONParser(), ours(direct_only)):
        try:
            results.append(document(parser.parse(response(operation, body, status), shape)))
        except Exception as error:  # noqa: BLE001 - the same error is what is compared
            results.append(("raised", type(error), str(error)))
    return results[0], results[1]


def document(value: Any) -> Any:
    """A parsed answer as nested (type, content): equal documents, in the same order, same types."""
    if isinstance(value, dict):
        return ("dict", [(name, document(inner)) for name, inner in value.items()])
    if isinstance(value, list):
        return ("list", [document(inner) for inner in value])
    return (type(value).__name__, repr(value))


@pytest.mark.parametrize("seed", range(12))
def test_every_item_answer_is_the_one_botocore_reads(seed):
    rng = random.Random(seed)  # noqa: S311
    found = answers(rng)
    assert {operation for operation, _ in found} == ITEM_OPERATIONS
    for operation, answer in found:
        body = json.dumps(answer, ensure_ascii=rng.random() < 0.5).encode()
        # read directly: botocore's parser is not there to fall back on
        theirs, mine = both(operation, body, direct_only=True)
        assert theirs[0] == "dict", theirs
        assert mine == theirs, operation


def test_binary_values_are_decoded_to_bytes_in_items_keys_sets_and_nested_values():
    body = json.dumps(
        {
            "Items": [
                {"b": {"B": "AP8="}, "bs": {"BS": ["AQ==", ""]}, "m": {"M": {"l": {"L": [{"B": "Ag=="}]}}}}
            ],
            "LastEvaluatedKey": {"PK": {"B": "AwQ="}},
            "Count": 1,
        }
    ).encode()
    shape = SERVICE.operation_model("Query").output_shape
    parsed = ours(direct_only=True).parse(response("Query", body), shape)
    assert parsed["Items"] == [
        {"b": {"B": b"\x00\xff"}, "bs": {"BS": [b"\x01", b""]}, "m": {"M": {"l": {"L": [{"B": b"\x02"}]}}}}
    ]
    assert parsed["LastEvaluatedKey"] == {"PK": {"B": b"\x03\x04"}}
    assert parsed["ResponseMetadata"]["RequestId"] == "R1"
    assert parsed["ResponseMetadata"]["HTTPStatusCode"] == 200


UNUSUAL = [
    ("Query", b'{"Items": [{"a": {"S": null}}], "Count": 1}'),
    ("Query", b'{"Items": [{"a": {"S": 1}}], "Count": 1}'),
    ("Query", b'{"Items": [{"a": {"NULL": "yes"}}]}'),
    ("Query", b'{"Items": [{"a": {"X": "new kind"}}]}'),
    ("Query", b'{"Items": [{"a": {"X": "new kind", "S": null}}]}'),
    ("Query", b'{"Items": [{"a": {"S": "x", "__type": "t"}}]}'),
    ("Query", b'{"Items": [{"a": {"S": "x", "N": "1"}}]}'),
    ("Query", b'{"Items": [{"a": {"N": "1", "S": "x"}}]}'),  # botocore writes the members in its order
    ("Query", b'{"Items": [{"a": {"N": 123456789012345678901234567890}}]}'),  # a number, not a text
    ("Query", b'{"Items": [{"a": {"BOOL": 123456789012345678901234567890}}]}'),
    ("Query", b'{"Items": [{"a": {"S": [123456789012345678901234567890]}}]}'),
    ("Query", b'{"Items": [{"a": {"SS": [123456789012345678901234567890]}}]}'),
    ("Query", b'{"Items": [{"a": {}}]}'),
    ("Query", b'{"Items": [{"a": null}]}'),
    ("Query", b'{"Items": [null, {"a": {"S": "x"}}]}'),
    ("Query", b'{"Items": {"a": {"S": "x"}}}'),
    ("Query", b'{"Items": [{"a": {"SS": "ab"}}]}'),
    ("Query", b'{"Items": [{"a": {"SS": ["a", null]}}]}'),
    ("Query", b'{"Items": [{"a": {"BS": ["AA==", null]}}]}'),
    ("Query", b'{"Items": [{"a": {"M": [1]}}]}'),
    ("Query", b'{"Items": [{"a": {"M": {"b": null}}}]}'),
    ("Query", b'{"Items": [{"a": {"L": [null]}}]}'),
    ("Query", b'{"Items": [{"a": {"L": "x"}}]}'),
    ("Query", b'{"Items": [{"a": {"B": "a"}}]}'),  # not base64: both raise
    ("Query", b'{"Items": [{"a": {"B": 5}}]}'),
    ("Query", b'{"Items": [], "Count": 123456789012345678901234567890}'),
    ("Query", b'{"Items": [], "Count": -9223372036854775809}'),
    ("Query", b'{"Items": [], "ConsumedCapacity": {"CapacityUnits": 1e30}}'),
    ("Query", b'{"Items": [], "ConsumedCapacity": {"CapacityUnits": NaN}}'),
    ("Query", b'{"Items": [{"a": {"S": "\\ud800"}}]}'),
    ("Query", b'{"Items": [{"a": {"S": "x"}}], "Items": []}'),
    ("Query", b"not json"),
    ("Query", b""),
    ("Query", b"[]"),
    ("GetItem", b'{"Item": null}'),
    ("GetItem", b'{"Item": "x"}'),
    ("BatchGetItem", b'{"Responses": {"t": null}}'),
    ("BatchWriteItem", b'{"UnprocessedItems": {"t": [{"PutRequest": {"Item": {"a": {"N": null}}}}]}}'),
    ("TransactGetItems", b'{"Responses": [null, {"Item": {"a": {"BOOL": true}}}]}'),
]


@pytest.mark.parametrize(("operation", "body"), UNUSUAL)
def test_unusual_answers_are_read_as_botocore_reads_them(operation, body):
    theirs, mine = both(operation, body)
    assert mine == theirs


ERRORS = [
    (
        "PutItem",
        400,
        b'{"__type":"com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException","message":"no"}',
    ),
    (
        "TransactWriteItems",
        400,
        json.dumps(
            {
                "__type": "com.amazonaws.dynamodb.v20120810#TransactionCanceledException",
                "Message": "Transaction cancelled",
                "CancellationReasons": [
                    {"Code": "None"},
                    {"Code": "ConditionalCheckFailed", "Item": {"b": {"B": "AA=="}}},
                ],
            }
        ).encode(),
    ),
    ("Query", 400, b'{"__type":"com.amazonaws.dynamodb.v20120810#ValidationException","Message":"bad"}'),
    ("GetItem", 500, b""),
    ("GetItem", 503, b"<html><body>unavailable</body></html>"),
    ("Scan", 400, b"not json"),
]


@pytest.mark.parametrize(("operation", "status", "body"), ERRORS)
def test_error_answers_are_botocores(operation, status, body):
    theirs, mine = both(operation, body, status)
    assert theirs[0] == "dict"
    assert mine == theirs


def test_other_operations_and_protocols_are_left_to_botocore():
    parser = ours()
    shape = SERVICE.operation_model("DescribeTable").output_shape
    body = b'{"Table": {"TableName": "t", "CreationDateTime": 1700000000.5, "ItemCount": 3}}'
    parsed = parser.parse(response("DescribeTable", body), shape)
    assert parsed == JSONParser().parse(response("DescribeTable", body), shape)
    assert type(item_answers.ItemAnswerParserFactory(ResponseParserFactory()).create_parser("query")) is not (
        item_answers.ItemAnswerParser
    )


def _client(**config: Any) -> Any:
    return boto3.client(
        "dynamodb",
        region_name="eu-west-2",
        endpoint_url="http://127.0.0.1:9",
        config=Config(parameter_validation=False, **config),
    )


def test_installing_twice_keeps_one_layer_and_other_services_are_left_alone():
    client = item_answers.use_for(item_answers.use_for(_client()))
    factory = client._endpoint._response_parser_factory  # noqa: SLF001
    assert isinstance(factory, item_answers.ItemAnswerParserFactory)
    assert not isinstance(factory._inner, item_answers.ItemAnswerParserFactory)  # noqa: SLF001
    # the session's factory, shared with its other clients, is not changed
    plain = _client()
    assert not isinstance(plain._endpoint._response_parser_factory, item_answers.ItemAnswerParserFactory)  # noqa: SLF001
    s3 = boto3.client("s3", region_name="eu-west-2", endpoint_url="http://127.0.0.1:9")
    before = s3._endpoint._response_parser_factory  # noqa: SLF001
    assert item_answers.use_for(s3)._endpoint._response_parser_factory is before  # noqa: SLF001


READS = {"GetItem", "Query", "Scan", "BatchGetItem", "TransactGetItems"}


def _moto_table(client: Any) -> None:
    client.create_table(
        TableName=TABLE,
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
        BillingMode="PAY_PER_REQUEST",
    )


def _without_request_ids(value: Any) -> Any:
    value = dict(value)
    metadata = dict(value.pop("ResponseMetadata"))
    headers = {name: text for name, text in metadata.pop("HTTPHeaders").items() if name not in ("date",)}
    headers.pop("x-amzn-requestid", None)
    metadata.pop("RequestId", None)
    value["ResponseMetadata"] = {**metadata, "HTTPHeaders": headers}
    return document(value)


def test_moto_answers_through_a_client_with_it_are_the_ones_botocore_reads():
    # GIVEN moto, a client with the direct answers installed and a plain one, and items of every type
    from moto import mock_aws

    with mock_aws():
        plain = boto3.client("dynamodb", region_name="eu-west-2", config=Config(parameter_validation=False))
        direct = item_answers.use_for(
            boto3.client("dynamodb", region_name="eu-west-2", config=Config(parameter_validation=False))
        )
        seen: list[tuple[dict[str, Any], Any]] = []

        def keep(response_dict, operation_model, **_):
            seen.append((dict(response_dict), operation_model))

        direct.meta.events.register("before-parse.dynamodb.*", keep)
        _moto_table(plain)
        rng = random.Random(5)  # noqa: S311
        calls = requests(rng, plain=False) + requests(random.Random(6), plain=True)  # noqa: S311
        every_type = {
            "PK": {"S": "typed"},
            "s": {"S": "Zoë £1"},
            "n": {"N": "12.50"},
            "b": {"B": b"\x00\xff"},
            "ss": {"SS": ["a", "b"]},
            "ns": {"NS": ["1", "2"]},
            "bs": {"BS": [b"\x01", b"\x02"]},
            "t": {"BOOL": True},
            "z": {"NULL": True},
            "m": {"M": {"l": {"L": [{"B": b"\x03"}, {"S": ""}, {"M": {}}]}}},
        }
        typed_key = {"PK": {"S": "typed"}}
        typed_query = {":p": {"S": "typed"}}
        calls += [
            ("PutItem", {"TableName": TABLE, "Item": every_type}),
            (
                "PutItem",
                {"TableName": TABLE, "Item": {**every_type, "PK": {"S": "other"}}, "ReturnValues": "ALL_OLD"},
            ),
            ("GetItem", {"TableName": TABLE, "Key": typed_key, "ReturnConsumedCapacity": "TOTAL"}),
            ("GetItem", {"TableName": TABLE, "Key": {"PK": {"S": "absent"}}}),
            ("Scan", {"TableName": TABLE, "ReturnConsumedCapacity": "TOTAL", "Limit": 2}),
            ("Scan", {"TableName": TABLE, "Select": "COUNT"}),
            (
                "Query",
                {
                    "TableName": TABLE,
                    "KeyConditionExpression": "PK = :p",
                    "ExpressionAttributeValues": typed_query,
                },
            ),
            ("BatchGetItem", {"RequestItems": {TABLE: {"Keys": [typed_key, {"PK": {"S": "other"}}]}}}),
            ("TransactGetItems", {"TransactItems": [{"Get": {"TableName": TABLE, "Key": typed_key}}]}),
            (
                "UpdateItem",
                {
                    "TableName": TABLE,
                    "Key": typed_key,
                    "UpdateExpression": "SET c = :c",
                    "ExpressionAttributeValues": {":c": {"B": b"\x09"}},
                    "ReturnValues": "ALL_NEW",
                },
            ),
            (
                "PutItem",
                {"TableName": TABLE, "Item": typed_key, "ConditionExpression": "attribute_not_exists(PK)"},
            ),
            ("DeleteItem", {"TableName": TABLE, "Key": {"PK": {"S": "other"}}, "ReturnValues": "ALL_OLD"}),
            ("BatchWriteItem", {"RequestItems": {TABLE: [{"PutRequest": {"Item": every_type}}]}}),
            ("TransactWriteItems", {"TransactItems": [{"Put": {"TableName": TABLE, "Item": every_type}}]}),
        ]
        # WHEN the direct client makes each call, and the plain one makes the reads again
        for action, params in calls:
            params = _for_moto(params)
            mine = _call(direct, action, params)
            if action in READS:
                theirs = _call(plain, action, params)
                # THEN both read the same, but for the request ids
                assert _without_request_ids(mine) == _without_request_ids(theirs), action
        # AND every answer the direct client parsed is what botocore's parser reads from it
        assert {model.name for _, model in seen} == ITEM_OPERATIONS
        assert any(response_dict["status_code"] == 400 for response_dict, _ in seen)  # a condition failed
        assert any(b'"B"' in response_dict["body"] for response_dict, _ in seen)  # binary read back
        for response_dict, model in seen:
            expected = JSONParser().parse(response_dict, model.output_shape)
            direct_only = response_dict["status_code"] < 300  # errors are botocore's
            found = ours(direct_only).parse(response_dict, model.output_shape)
            assert document(found) == document(expected), model.name


def _for_moto(params: dict[str, Any]) -> dict[str, Any]:
    """The shared requests name their own table; moto's is TABLE (created here)."""
    text = json.dumps(params, default=lambda raw: {"__bytes__": base64.b64encode(raw).decode()})
    text = text.replace('"requests"', json.dumps(TABLE))
    return json.loads(text, object_hook=lambda d: base64.b64decode(d["__bytes__"]) if "__bytes__" in d else d)


def _call(client: Any, action: str, params: dict[str, Any]) -> Any:
    try:
        return client._make_api_call(action, params)  # noqa: SLF001
    except client.exceptions.ClientError as error:
        return error.response
