"""The Table of template.yaml equals the PynamoDB model of functions/core/table.py: key schema,
attribute definitions, GSIs (names, keys, projection) and the TTL attribute.

The model side is PynamoDB's own create-table schema (`Entity._get_schema()`), the very request
PynamoDB would send to create the table, so the comparison covers what DynamoDB would see."""

from __future__ import annotations

from typing import Any

from pynamodb.attributes import TTLAttribute

from functions.core.table import INDEXES, TABLE_KEYS, TTL_ATTRIBUTE, Entity


def key_pair(schema: list[dict[str, str]]) -> tuple[str, str | None]:
    keys = {item["KeyType"]: item["AttributeName"] for item in schema}
    return keys["HASH"], keys.get("RANGE")


def test_table_keys_match_the_model(resources: dict[str, Any]) -> None:
    table = resources["Table"]["Properties"]
    model_keys = key_pair(Entity._get_schema()["key_schema"])
    assert key_pair(table["KeySchema"]) == model_keys == (TABLE_KEYS["hash"], TABLE_KEYS["range"])


def test_attribute_definitions_match_the_model(resources: dict[str, Any]) -> None:
    table = resources["Table"]["Properties"]
    in_template = {(item["AttributeName"], item["AttributeType"]) for item in table["AttributeDefinitions"]}
    in_model = Entity._get_schema()["attribute_definitions"]
    assert in_template == {(item["AttributeName"], item["AttributeType"]) for item in in_model}


def test_indexes_match_the_model(resources: dict[str, Any]) -> None:
    in_template = {
        index["IndexName"]: (key_pair(index["KeySchema"]), index["Projection"])
        for index in resources["Table"]["Properties"]["GlobalSecondaryIndexes"]
    }
    in_model = {
        index["index_name"]: (key_pair(index["key_schema"]), index["projection"])
        for index in Entity._get_schema()["global_secondary_indexes"]
    }
    assert in_template == in_model
    assert {name: keys for name, (keys, _) in in_model.items()} == dict(INDEXES)


def test_ttl_attribute_matches_the_model(resources: dict[str, Any]) -> None:
    ttl = resources["Table"]["Properties"]["TimeToLiveSpecification"]
    assert ttl == {"AttributeName": TTL_ATTRIBUTE, "Enabled": True}
    ttl_attributes = [a.attr_name for a in Entity.get_attributes().values() if isinstance(a, TTLAttribute)]
    assert ttl_attributes == [TTL_ATTRIBUTE]


def test_table_is_on_demand_with_point_in_time_recovery(resources: dict[str, Any]) -> None:
    table = resources["Table"]["Properties"]
    assert table["BillingMode"] == "PAY_PER_REQUEST"
    assert table["PointInTimeRecoverySpecification"] == {"PointInTimeRecoveryEnabled": True}
