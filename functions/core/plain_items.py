"""Items read as plain DynamoDB attributes through the process's one client (`table.client()`),
without their model classes: for a first request that needs a few attributes of items whose model
modules cost more to import than the reads themselves (the dashboard: ADR 0011, addendum "the
dashboard's first request"). Each read is the request the model would make: the same key
condition, the same filter on the `entity` discriminator (a model's Query keeps only its own
entity's items), the same paging and page limits; answers are DynamoDB's attribute values
(`{"S": ...}`, `{"N": ...}`), read with the helpers below.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from functions.core import config
from functions.core.table import client

Item = dict[str, Any]


def get_items(wanted: list[tuple[str, str]]) -> dict[tuple[str, str], Item]:
    """Whole items by key, read consistently (as `Model.get(..., consistent_read=True)`), in one
    BatchGetItem (at most 100 keys; unprocessed keys asked again): `(pk, sk)` -> item, an absent
    item left out."""
    table = config.table_name()
    request: dict[str, Any] = {
        table: {"Keys": [{"PK": {"S": pk}, "SK": {"S": sk}} for pk, sk in wanted], "ConsistentRead": True}
    }
    found: dict[tuple[str, str], Item] = {}
    while request:
        answer = client().batch_get_item(RequestItems=request)
        for item in answer.get("Responses", {}).get(table, []):
            found[(item["PK"]["S"], item["SK"]["S"])] = item
        request = answer.get("UnprocessedKeys") or {}
    return found


def query_pages(
    pk: str,
    entity: str | tuple[str, ...],
    *,
    sk_prefix: str | None = None,
    sk_between: tuple[str, str] | None = None,
    index: str | None = None,
    names: tuple[str, ...] = (),
    limit: int | None = None,
    page_size: int | None = None,
) -> Iterator[tuple[list[Item], bool]]:
    """A model's Query as pages: `(items, more)`, `more` when DynamoDB has another page. The items
    of `pk` (the partition key of `index`, or the table's) whose sort key begins with `sk_prefix` or
    lies in `sk_between`, of `entity` or of one of several (`Model.query`'s filter), with only the
    attributes `names` if given. `limit`: items at most; each call asks DynamoDB for `page_size`
    items, or `limit` without one, as PynamoDB's Query does (so `limit=1` reads one item per call
    until one matches)."""
    key = {"#pk": f"{index}PK", "#sk": f"{index}SK"} if index else {"#pk": "PK", "#sk": "SK"}
    attribute_names = key | {"#entity": "entity"}
    entities = (entity,) if isinstance(entity, str) else entity
    values: dict[str, Any] = {":pk": {"S": pk}}
    values |= {f":entity{number}": {"S": name} for number, name in enumerate(entities)}
    condition = "#pk = :pk"
    if sk_prefix is not None:
        condition += " AND begins_with(#sk, :prefix)"
        values[":prefix"] = {"S": sk_prefix}
    elif sk_between is not None:
        condition += " AND #sk BETWEEN :low AND :high"
        values[":low"], values[":high"] = {"S": sk_between[0]}, {"S": sk_between[1]}
    else:
        del attribute_names["#sk"]
    request: dict[str, Any] = {
        "TableName": config.table_name(),
        "KeyConditionExpression": condition,
        "FilterExpression": f"#entity IN ({', '.join(f':entity{n}' for n in range(len(entities)))})",
        "ExpressionAttributeValues": values,
    }
    if index:
        request["IndexName"] = index
    if names:
        request["ProjectionExpression"] = ", ".join(f"#p{number}" for number in range(len(names)))
        attribute_names |= {f"#p{number}": name for number, name in enumerate(names)}
    request["ExpressionAttributeNames"] = attribute_names
    per_call = page_size if page_size is not None else limit
    if per_call is not None:
        request["Limit"] = per_call
    read = 0
    while True:
        answer = client().query(**request)
        items = answer.get("Items", [])
        if limit is not None:
            items = items[: limit - read]
        read += len(items)
        more = "LastEvaluatedKey" in answer
        yield items, more
        if not more or (limit is not None and read >= limit):
            return
        request["ExclusiveStartKey"] = answer["LastEvaluatedKey"]


def query(pk: str, entity: str | tuple[str, ...], **how: Any) -> Iterator[Item]:
    """`query_pages`' items, every page read."""
    for items, _ in query_pages(pk, entity, **how):
        yield from items


def exists(pk: str, entity: str, sk_prefix: str) -> bool:
    """Whether `pk` holds an item of `entity` under `sk_prefix` (a model's Query of `limit=1`)."""
    return any(True for _ in query(pk, entity, sk_prefix=sk_prefix, names=("PK",), limit=1))


def text(item: Item | None, name: str) -> str | None:
    value = (item or {}).get(name)
    return value.get("S") if value else None


def number(item: Item | None, name: str) -> Decimal | None:
    """A number attribute as Decimal (`DecimalAttribute`'s reading; a count is `int()` of it)."""
    value = (item or {}).get(name)
    return Decimal(value["N"]) if value and "N" in value else None


def boolean(item: Item | None, name: str, default: bool) -> bool:
    """A `BooleanAttribute` with its default when absent."""
    value = (item or {}).get(name)
    return bool(value["BOOL"]) if value and "BOOL" in value else default
