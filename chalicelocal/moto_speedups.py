"""A faster, equivalent DynamoDB TransactWriteItems for the embedded moto.

moto 5.2 takes a `copy.deepcopy` of the WHOLE table for every item of a transaction so that it
can roll back: a transaction costs O(table size), and the local stack slows to seconds per
donation once a charity has a few thousand items. This keeps moto's own checks and writes and
replaces only the backup: the items the transaction touches are copied before it runs and put
back if it is cancelled. All-or-nothing behaviour is unchanged (tests/unit/test_moto_speedups.py).
"""

from __future__ import annotations

import copy
import functools
from types import SimpleNamespace
from typing import Any

from moto.dynamodb import models as dynamodb_models
from moto.dynamodb.models.table import Table

_applied = False


def _deepcopy_except_tables(value: Any, memo: Any = None) -> Any:
    # moto's rollback backup: hand back the live table; `_restore` undoes the touched items.
    if isinstance(value, Table):
        return value
    return copy.deepcopy(value, memo)


def _item_key(backend: Any, operation: str, body: dict[str, Any]) -> dict[str, Any] | None:
    if operation != "Put":
        return body.get("Key")
    table = backend.get_table(body["TableName"])
    attributes = body["Item"]
    key = {table.hash_key_attr: attributes[table.hash_key_attr]}
    if table.range_key_attr is not None:
        key[table.range_key_attr] = attributes[table.range_key_attr]
    return key


def _snapshot(backend: Any, transact_items: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any], Any]]:
    touched = []
    for entry in transact_items:
        operation, body = next(iter(entry.items()))
        if operation == "ConditionCheck" or "TableName" not in body:
            continue
        try:
            key = _item_key(backend, operation, body)
            if key is None:
                continue
            before = backend.get_item(body["TableName"], key)
        except Exception:  # noqa: S112 - moto itself reports malformed requests
            continue
        touched.append((body["TableName"], key, before.to_json()["Attributes"] if before else None))
    return touched


def _restore(backend: Any, touched: list[tuple[str, dict[str, Any], Any]]) -> None:
    for table_name, key, attributes in reversed(touched):
        if attributes is None:
            if backend.get_item(table_name, key) is not None:
                backend.delete_item(table_name, key)
        else:
            backend.put_item(table_name, copy.deepcopy(attributes))


def apply() -> None:
    """Install once per process (idempotent)."""
    global _applied
    if _applied:
        return
    original = dynamodb_models.DynamoDBBackend.transact_write_items

    @functools.wraps(original)
    def transact_write_items(self: Any, transact_items: list[dict[str, Any]]) -> None:
        touched = _snapshot(self, transact_items)
        try:
            original(self, transact_items)
        except Exception:
            _restore(self, touched)
            raise

    dynamodb_models.copy = SimpleNamespace(deepcopy=_deepcopy_except_tables)  # type: ignore[attr-defined]
    dynamodb_models.DynamoDBBackend.transact_write_items = transact_write_items  # type: ignore[method-assign]
    _applied = True
