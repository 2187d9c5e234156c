"""A table keyed by `PK` alone in moto (inside `mock_aws`), for the tests of the embedded moto's
speed-ups."""

from __future__ import annotations

from typing import Any

import boto3


def hash_key_table(name: str) -> Any:
    """A DynamoDB client with table `name` (hash key `PK`, a string) created."""
    client = boto3.client("dynamodb", region_name="eu-west-2")
    client.create_table(
        TableName=name,
        BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
    )
    return client
