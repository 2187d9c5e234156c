"""The embedded moto's Scan resumes each page where the previous one ended and answers exactly
what moto's own walk answers."""

from __future__ import annotations

import random

import boto3
import pytest
from moto import mock_aws
from moto.dynamodb.models.table import Table

from chalicelocal import moto_scans, moto_speedups
from tests.unit.moto_tables import key_schema

TABLE = "scans"


@pytest.fixture
def client():
    moto_speedups.apply()
    with mock_aws():
        dynamodb = boto3.client("dynamodb", region_name="eu-west-2")
        _create(dynamodb)
        yield dynamodb
    moto_scans.set_enabled(True)


_KEYS: dict[int, dict[str, dict[str, str]]] = {}


def _create(dynamodb):
    dynamodb.create_table(
        TableName=TABLE,
        BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[
            {"AttributeName": "PK", "AttributeType": "S"},
            {"AttributeName": "SK", "AttributeType": "S"},
        ],
        KeySchema=key_schema("PK", "SK"),
    )
    rng = random.Random(4)  # noqa: S311
    for n in range(240):
        key = {"PK": {"S": f"P{rng.randrange(12)}"}, "SK": {"S": f"S{n:04d}"}}
        _KEYS[n] = key
        kind = {"S": rng.choice(["a", "b", "c"])}
        dynamodb.put_item(TableName=TABLE, Item={**key, "n": {"N": str(n)}, "kind": kind})


def _pages(client, between=None, **arguments):
    pages, start = [], None
    while True:
        extra = {"ExclusiveStartKey": start} if start else {}
        page = client.scan(TableName=TABLE, **arguments, **extra)
        pages.append(([item["SK"]["S"] for item in page["Items"]], page.get("LastEvaluatedKey")))
        start = page.get("LastEvaluatedKey")
        if not start:
            return pages
        if between:
            between(len(pages))


@pytest.mark.parametrize(
    "arguments",
    [
        {"Limit": 7},
        {"Limit": 25, "FilterExpression": "kind = :k", "ExpressionAttributeValues": {":k": {"S": "b"}}},
        {"Limit": 11, "ProjectionExpression": "SK, n"},
        {"Limit": 13, "ConsistentRead": True},
        {},
    ],
)
def test_every_page_is_the_one_moto_answers(client, arguments):
    fast = _pages(client, **arguments)
    moto_scans.set_enabled(False)
    slow = _pages(client, **arguments)
    assert fast == slow
    if "FilterExpression" not in arguments:
        assert sum(len(items) for items, _ in fast) == 240


def _refill(client):
    client.delete_table(TableName=TABLE)
    _create(client)


def test_items_deleted_or_changed_during_a_scan_are_read_as_they_are_now(client):
    def change(page):
        if page != 3:
            return
        for n in range(60, 240, 3):
            client.delete_item(TableName=TABLE, Key=_KEYS[n])
        for n in range(1, 240, 5):
            client.update_item(
                TableName=TABLE,
                Key=_KEYS[n],
                UpdateExpression="SET kind = :z",
                ExpressionAttributeValues={":z": {"S": "z"}},
            )

    fast = _pages(client, between=change, Limit=9, ProjectionExpression="SK, kind")
    _refill(client)
    moto_scans.set_enabled(False)
    slow = _pages(client, between=change, Limit=9, ProjectionExpression="SK, kind")
    assert fast == slow
    answered = [sk for items, _ in fast for sk in items]
    assert "S0063" not in answered  # deleted before its page was read
    assert len(answered) == len(set(answered))


def test_a_later_page_does_not_walk_the_table_from_its_start(client, monkeypatch):
    compared = []
    original = Table._item_comes_before_dct

    def counting(self, *args, **kwargs):
        compared.append(1)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Table, "_item_comes_before_dct", counting)
    pages = _pages(client, Limit=10)
    assert len(pages) == 24
    # moto's own walk compares every item before the start key on every page (~2,900 here)
    assert len(compared) <= 2 * len(pages)  # the start key and the first item after it
