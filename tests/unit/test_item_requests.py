"""Item requests written directly are the ones botocore's serializer writes: the same method,
headers and URL, and a body that is the same JSON document, member order included."""

from __future__ import annotations

import datetime as dt
import json
import random
from decimal import Decimal

import boto3
import jmespath
import pytest
from botocore.config import Config

from functions.core import item_requests
from tests.unit.dynamodb_requests import requests


def _client(validating=False):
    config = Config(parameter_validation=validating)  # PynamoDB's clients do not validate
    return boto3.client("dynamodb", region_name="eu-west-2", endpoint_url="http://127.0.0.1:9", config=config)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("plain", [True, False])
def test_every_item_request_is_the_one_botocore_writes(seed, plain):
    theirs, ours = _client(), item_requests.use_for(_client())
    assert isinstance(ours._serializer, item_requests.ItemRequestSerializer)  # noqa: SLF001
    rng = random.Random(seed)  # noqa: S311
    for action, params in requests(rng, plain=plain):
        model = theirs.meta.service_model.operation_model(action)
        expected = theirs._serializer.serialize_to_request(params, model)  # noqa: SLF001
        got = ours._serializer.serialize_to_request(params, model)  # noqa: SLF001
        assert _document(got.pop("body")) == _document(expected.pop("body")), action
        assert got == dict(expected), action
        # binary values are base64-encoded by botocore's walk: such a request is not written here
        if _holds_bytes(params):
            assert item_requests.plain_body(action, params) is None


def _document(body):
    """A JSON body as nested lists of (name, value) pairs: equal documents, in the same order."""
    return json.loads(body, object_pairs_hook=list)


def _holds_bytes(value):
    if isinstance(value, bytes):
        return True
    if isinstance(value, dict):
        return any(_holds_bytes(inner) for inner in value.values())
    return isinstance(value, list) and any(_holds_bytes(inner) for inner in value)


def test_what_the_walk_would_change_is_left_to_botocore():
    assert item_requests.plain_body("PutItem", {"TableName": "t", "Item": {"b": {"B": b"\x00"}}}) is None
    assert item_requests.plain_body("PutItem", {"TableName": "t", "ReturnValues": None}) is None
    assert item_requests.plain_body("PutItem", {"TableName": "t", "Item": {"n": {"N": Decimal(1)}}}) is None
    assert item_requests.plain_body("CreateTable", {"TableName": "t"}) is None
    assert item_requests.plain_body("PutItem", {"TableName": "t"}) == b'{"TableName":"t"}'
    # what orjson would write but json.dumps refuses, or writes differently
    day = dt.date(2026, 1, 1)
    assert item_requests.plain_body("PutItem", {"TableName": "t", "Item": {"d": {"S": day}}}) is None
    assert item_requests.plain_body("PutItem", {"TableName": "t", "Limit": float("nan")}) is None
    assert item_requests.plain_body("PutItem", {"TableName": "t", "Item": {"s": {"S": _Text("x")}}}) is None
    assert item_requests.plain_body("PutItem", {"TableName": "t", "Limit": 2**64}) is None
    assert item_requests.plain_body("PutItem", {"TableName": "t", "Item": {"s": {"S": "\ud800"}}}) is None
    assert item_requests.plain_body("PutItem", {"TableName": "t", "Item": {1: {"S": "x"}}}) is None


class _Text(str):
    pass


def test_installing_twice_keeps_one_layer_and_a_validating_client_is_left_alone():
    client = item_requests.use_for(item_requests.use_for(_client()))
    assert not isinstance(client._serializer._inner, item_requests.ItemRequestSerializer)  # noqa: SLF001
    validating = _client(validating=True)
    before = validating._serializer  # noqa: SLF001
    assert item_requests.use_for(validating)._serializer is before  # noqa: SLF001


WEIRD_TRANSACTIONS = [
    {},
    {"TransactItems": None},
    {"TransactItems": {"Put": {"TableName": "t"}}},
    {"TransactItems": []},
    {"TransactItems": [None, "x", 3, [], {"Put": None}, {"Put": "t"}, {"Put": {"TableName": None}}]},
    {
        "TransactItems": [
            {"Put": {"TableName": "a"}, "Update": {"TableName": "b"}, "Delete": {"TableName": "c"}}
        ]
    },
    {"TransactItems": [{"Update": {"TableName": "b"}, "ConditionCheck": {"TableName": 7}}, {"Other": {}}]},
    "not an object",
]


def test_the_tables_of_a_transaction_are_the_ones_jmespath_reads():
    rng = random.Random(11)  # noqa: S311
    transactions = [params for action, params in requests(rng, plain=True) if action == "TransactWriteItems"]
    kinds = {kind for params in transactions for item in params["TransactItems"] for kind in item}
    assert kinds == {"ConditionCheck", "Put", "Delete", "Update"}
    for params in transactions + WEIRD_TRANSACTIONS:
        expected = jmespath.search(item_requests.TRANSACT_WRITE_TABLES, params)
        found = item_requests.transaction_tables(item_requests.TRANSACT_WRITE_TABLES, params)
        if isinstance(params, dict) and isinstance(params.get("TransactItems"), list):
            assert found == expected, params
        else:
            assert found is None  # left to JMESPath
    assert item_requests.transaction_tables(item_requests.TRANSACT_WRITE_TABLES, WEIRD_TRANSACTIONS[5]) == [
        "a",
        "c",
        "b",
    ]
    assert item_requests.transaction_tables("keys(RequestItems)", {"RequestItems": {"t": []}}) is None


def test_the_endpoint_rules_read_the_same_parameters_from_an_installed_client():
    theirs, ours = _client(), item_requests.use_for(_client())
    model = theirs.meta.service_model.operation_model("TransactWriteItems")
    rng = random.Random(12)  # noqa: S311
    for params in [p for a, p in requests(rng, plain=True) if a == "TransactWriteItems"] + WEIRD_TRANSACTIONS[
        :-1
    ]:
        assert ours._ruleset_resolver._get_provider_params(model, params, {}) == (  # noqa: SLF001
            theirs._ruleset_resolver._get_provider_params(model, params, {})  # noqa: SLF001
        )
    batch = theirs.meta.service_model.operation_model("BatchWriteItem")
    params = {"RequestItems": {"almoner": []}}
    assert ours._ruleset_resolver._get_provider_params(batch, params, {})["ResourceArnList"] == ["almoner"]  # noqa: SLF001


def test_a_client_with_direct_requests_still_scans_and_queries():
    # GIVEN a table in moto and a client with the direct item requests installed
    from moto import mock_aws

    with mock_aws():
        config = Config(parameter_validation=False)
        client = item_requests.use_for(boto3.client("dynamodb", region_name="eu-west-2", config=config))
        client.create_table(
            TableName="t",
            KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
            AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
            BillingMode="PAY_PER_REQUEST",
        )
        client.batch_write_item(RequestItems={"t": [{"PutRequest": {"Item": {"PK": {"S": "a"}}}}]})
        # WHEN it scans and queries (operations whose endpoint rules read no table list)
        scanned = client.scan(TableName="t")["Items"]
        queried = client.query(
            TableName="t",
            KeyConditionExpression="PK = :pk",
            ExpressionAttributeValues={":pk": {"S": "a"}},
        )["Items"]
        # THEN both answer the item written
        assert scanned == queried == [{"PK": {"S": "a"}}]
