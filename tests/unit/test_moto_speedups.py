"""The local stack's TransactWriteItems keeps moto's all-or-nothing behaviour without copying
the table."""

from __future__ import annotations

import boto3
import pytest
from botocore.exceptions import ClientError
from moto import mock_aws

from chalicelocal import moto_speedups

TABLE = "speedups"


@pytest.fixture
def dynamodb():
    moto_speedups.apply()
    with mock_aws():
        client = boto3.client("dynamodb", region_name="eu-west-2")
        client.create_table(
            TableName=TABLE,
            BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
        )
        client.put_item(TableName=TABLE, Item={"PK": {"S": "a"}, "n": {"N": "1"}})
        client.put_item(TableName=TABLE, Item={"PK": {"S": "gone"}, "n": {"N": "5"}})
        yield client


def _items(client):
    return {i["PK"]["S"]: i for i in client.scan(TableName=TABLE)["Items"]}


def _failing_transaction(client):
    client.transact_write_items(
        TransactItems=[
            {"Put": {"TableName": TABLE, "Item": {"PK": {"S": "new"}}}},
            {
                "Update": {
                    "TableName": TABLE,
                    "Key": {"PK": {"S": "a"}},
                    "UpdateExpression": "SET n = :two",
                    "ExpressionAttributeValues": {":two": {"N": "2"}},
                }
            },
            {"Delete": {"TableName": TABLE, "Key": {"PK": {"S": "gone"}}}},
            {
                "ConditionCheck": {
                    "TableName": TABLE,
                    "Key": {"PK": {"S": "missing"}},
                    "ConditionExpression": "attribute_exists(PK)",
                }
            },
        ]
    )


def test_a_cancelled_transaction_leaves_every_item_as_it_was(dynamodb):
    before = _items(dynamodb)
    with pytest.raises(ClientError) as caught:
        _failing_transaction(dynamodb)
    assert caught.value.response["Error"]["Code"] == "TransactionCanceledException"
    assert _items(dynamodb) == before


def test_a_committed_transaction_applies_every_write(dynamodb):
    dynamodb.put_item(TableName=TABLE, Item={"PK": {"S": "missing"}})
    _failing_transaction(dynamodb)
    items = _items(dynamodb)
    assert "new" in items and "gone" not in items and items["a"]["n"] == {"N": "2"}


def test_other_deep_copies_in_moto_still_copy():
    moto_speedups.apply()
    from moto.dynamodb import models

    value = {"nested": [1, 2]}
    assert models.copy.deepcopy(value) is not value
