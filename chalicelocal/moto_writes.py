"""Faster, equivalent DynamoDB writes for the embedded moto (ADR 0006, second addendum).

Profiling an import on the local stack (bench/import.py) showed moto spending most of a write
in three places that do not depend on the data written:

- `Item.__init__` fills moto's `LimitedSizeDict` one attribute at a time, and every assignment
  re-measures every attribute already there to enforce the 400 KB item limit: O(n²) size walks
  per item (a donation with its Gift Aid reasons: ~300 nested values measured per put). Here the
  item is filled once and its running size is checked after each attribute, exactly where moto
  checks it, so the same items are accepted and the same `ItemSizeTooLarge` is raised.
- `UpdateExpressionParser.make` tokenises and parses the same few update expressions again for
  every update. Its tree is only ever read or deep-copied by moto (`Validator` copies it before
  processing), so a parsed tree is kept per expression text.
- `ConditionExpressionParser.parse` builds the same condition tree again for every conditional
  write. The tree it returns is immutable once built (its nodes only set attributes in their
  constructors) and depends only on the expression, its names and its values, so it is kept per
  (expression, names, values) together with the placeholders the parse found (which moto's
  TransactWriteItems checks afterwards).

Parse errors are not kept: an invalid expression raises every time, as before. The memos are
bounded and cleared when full. tests/unit/test_moto_writes.py compares each with moto's own.

Memory: every moto model appends each instance it creates to a class-wide list
(`BaseModel.__new__` → `instances_tracked`, read only by moto's own /moto-api dashboard and its
reset). For DynamoDB items that list keeps every item ever built alive: each stored version,
each copy, each projected answer, so a long-running local stack (or an export of 100,000 rows)
grows without bound. Items are built untracked here; nothing of the DynamoDB API reads the list.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from moto.dynamodb.comparisons import ConditionExpressionParser
from moto.dynamodb.exceptions import ItemSizeTooLarge
from moto.dynamodb.models import dynamo_type
from moto.dynamodb.models.dynamo_type import DynamoType, Item, LimitedSizeDict
from moto.dynamodb.parsing.expressions import UpdateExpressionParser

ITEM_SIZE_LIMIT = 405000  # moto's own figure (dynamo_type.LimitedSizeDict)
MEMO_SIZE = 2048

_applied = False
_enabled = True
_originals: dict[str, Any] = {}
_update_trees: dict[str, Any] = {}
_condition_trees: dict[tuple[Any, ...], tuple[Any, list[str], list[str]]] = {}


def _size(key: str, value: Any) -> int:
    size = dynamo_type.bytesize(key)
    return size + (value.size() if type(value) is DynamoType else dynamo_type.bytesize(str(value)))


def _item_init(self: Item, hash_key: DynamoType, range_key: DynamoType | None, attrs: dict[str, Any]) -> None:
    if not _enabled:
        _originals["item_init"](self, hash_key, range_key, attrs)
        return
    self.hash_key = hash_key
    self.range_key = range_key
    filled = LimitedSizeDict()
    total = 0
    for key, value in attrs.items():
        converted = DynamoType(value)
        total += _size(key, converted)
        if total > ITEM_SIZE_LIMIT:
            raise ItemSizeTooLarge
        dict.__setitem__(filled, key, converted)
    self.attrs = filled


def _untracked_item(cls: type, *args: Any, **kwargs: Any) -> Any:
    if not _enabled:
        return _originals["item_new"](cls, *args, **kwargs)
    return object.__new__(cls)


def _remember(memo: dict[Any, Any], key: Any, value: Any) -> None:
    if len(memo) >= MEMO_SIZE:
        memo.clear()
    memo[key] = value


def _make_update_tree(cls: type, expression: str) -> Any:
    if not _enabled or cls is not UpdateExpressionParser or not isinstance(expression, str):
        return _originals["make"](cls, expression)
    tree = _update_trees.get(expression)
    if tree is None:
        tree = _originals["make"](cls, expression)
        _remember(_update_trees, expression, tree)
    return tree


def _condition_key(parser: ConditionExpressionParser) -> tuple[Any, ...] | None:
    try:
        return (
            parser.condition_expression,
            json.dumps(parser.expression_attribute_names, sort_keys=True),
            json.dumps(parser.expression_attribute_values, sort_keys=True),
        )
    except (TypeError, ValueError):  # a value JSON cannot spell (bytes): parse as moto does
        return None


def _parse_condition(self: ConditionExpressionParser) -> Any:
    key = _condition_key(self) if _enabled else None
    if key is None:
        return _originals["parse"](self)
    kept = _condition_trees.get(key)
    if kept is None:
        tree = _originals["parse"](self)
        kept = (tree, list(self.expr_attr_names_found), list(self.expr_attr_values_found))
        _remember(_condition_trees, key, kept)
    tree, names, values = kept
    self.expr_attr_names_found = list(names)
    self.expr_attr_values_found = list(values)
    return tree


def enabled(on: bool) -> None:
    """Switch the fast paths on or off (the equivalence tests compare both)."""
    global _enabled
    _enabled = on


def apply() -> None:
    """Install once per process (idempotent)."""
    global _applied
    if _applied:
        return
    _originals["item_init"] = Item.__init__
    _originals["make"] = UpdateExpressionParser.make.__func__  # type: ignore[attr-defined]
    _originals["parse"] = ConditionExpressionParser.parse
    _originals["item_new"] = Item.__new__
    Item.__new__ = staticmethod(_untracked_item)  # type: ignore[assignment]
    Item.__init__ = functools.wraps(Item.__init__)(_item_init)  # type: ignore[method-assign]
    UpdateExpressionParser.make = classmethod(_make_update_tree)  # type: ignore[method-assign, assignment]
    ConditionExpressionParser.parse = functools.wraps(ConditionExpressionParser.parse)(  # type: ignore[method-assign]
        _parse_condition
    )
    _applied = True
