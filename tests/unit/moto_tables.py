"""Tables in moto (inside `mock_aws`) for the tests of the embedded moto's speed-ups: one keyed
by `PK` alone, and the key schemas and indexes of the others."""

from __future__ import annotations

from typing import Any

import boto3


def key_schema(hash_name: str, range_name: str | None = None) -> list[dict[str, str]]:
    """A KeySchema: `hash_name` as the hash key, `range_name` (if any) as the range key."""
    schema = [{"AttributeName": hash_name, "KeyType": "HASH"}]
    if range_name is not None:
        schema.append({"AttributeName": range_name, "KeyType": "RANGE"})
    return schema


def index(
    name: str, hash_name: str, range_name: str | None = None, projection: dict[str, Any] | None = None
) -> dict[str, Any]:
    """A secondary index of CreateTable (projecting all attributes unless told)."""
    return {
        "IndexName": name,
        "KeySchema": key_schema(hash_name, range_name),
        "Projection": projection or {"ProjectionType": "ALL"},
    }


def hash_key_table(name: str, endpoint_url: str | None = None) -> Any:
    """A DynamoDB client with table `name` (hash key `PK`, a string) created; `endpoint_url`: a
    moto server's (with the local stack's fake keys), else the mocked AWS."""
    if endpoint_url is None:
        client = boto3.client("dynamodb", region_name="eu-west-2")
    else:
        client = boto3.client(
            "dynamodb",
            region_name="eu-west-2",
            endpoint_url=endpoint_url,
            aws_access_key_id="almoner-local",
            aws_secret_access_key="almoner-local",
        )
    client.create_table(
        TableName=name,
        BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
        KeySchema=key_schema("PK"),
    )
    return client
