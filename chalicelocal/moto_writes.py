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

- `DynamoDBBackend.update_item` (fourth addendum) validates every update by walking moto's AST
  through ten processors, deep-copying it and the item first: ~1.7 ms for a totals update with
  a dozen ADD actions, most of an import's time in moto. An update whose expression is only
  `SET #name = :value` and `ADD #name :number` actions on distinct top-level attributes that are
  no table key (an index key only by a SET of a value moto accepts for it: non-empty, of its
  defined type), whose placeholders are all given, whose additions meet numbers (or
  nothing) and whose result stays far from the item size limit, is applied directly: the
  condition is checked as moto checks it, an absent item is created as moto creates it, a number
  is added with moto's own `DynamoType.__add__`. Anything else (other actions, nested paths,
  functions, sets, a missing placeholder, a type moto would refuse, streams) is moto's own code.

- `DynamoType.__hash__`, `__eq__` and `cast_value` (moto keys every table by `DynamoType`s, and
  every lookup hashed a key through five type tests and a property; 14 % of moto's work in an
  import): a string, binary or boolean value, whose `cast_value` is its value, is hashed and
  compared by its value directly; every other type goes through moto's own code.

- `Table._validate_key_sizes` built a `DynamoType` for each of the item's key attributes of the
  table and its indexes to measure it: a string key is measured directly (its UTF-8 length, what
  `DynamoType.size` answers), anything else as moto measures it.

- TransactWriteItems (tenth addendum): a condition's tree is kept per expression and the values
  of the placeholders its parse looks up (which ones depends on the text alone), so a donation's
  condition is not parsed again for every request whose other values (its update's) differ; the
  handler's check for empty key values is skipped when no value could fail it; the `#name`
  placeholders an update expression uses are kept per text.

- TransactWriteItems' loop (eleventh addendum, `moto_speedups._transact`) applies a simple update
  by `apply_planned`, which notes what it replaces for the loop's undo log and keeps the item's
  size current (`SIZE_ATTRIBUTE`) instead of adding it up again; a number is added as moto's
  `DynamoType.__add__` adds it (`_add`); the table's key attributes are read once per definition;
  the backend's loop finds the handler's parse of the same request's condition (`_request_parses`).

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
import re
import weakref
from decimal import Decimal
from typing import Any

from moto.core.responses import ActionResult
from moto.dynamodb import responses as dynamodb_responses
from moto.dynamodb.comparisons import ConditionExpressionParser, create_condition_expression_parser
from moto.dynamodb.exceptions import (
    ConditionalCheckFailed,
    ExpressionAttributeValuesEmpty,
    HashKeyTooLong,
    ItemSizeTooLarge,
    RangeKeyTooLong,
)
from moto.dynamodb.limits import HASH_KEY_MAX_LENGTH, RANGE_KEY_MAX_LENGTH
from moto.dynamodb.models import DynamoDBBackend, dynamo_type
from moto.dynamodb.models.dynamo_type import DynamoType, Item, LimitedSizeDict
from moto.dynamodb.models.table import Table
from moto.dynamodb.parsing.ast_nodes import ExpressionAttributeName  # type: ignore[attr-defined]
from moto.dynamodb.parsing.expressions import UpdateExpressionParser
from moto.dynamodb.responses import DynamoHandler

ITEM_SIZE_LIMIT = 405000  # moto's own figure (dynamo_type.LimitedSizeDict)
MEMO_SIZE = 2048
SIZE_ATTRIBUTE = "_almoner_size"  # an item's size (`Item.size`), kept on it; UpdateItem drops it

_applied = False
_enabled = True
_originals: dict[str, Any] = {}
_update_trees: dict[str, Any] = {}
_condition_trees: dict[tuple[Any, ...], tuple[Any, list[str], list[str]]] = {}
_condition_uses: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}  # per expression text
# While moto's handler answers one TransactWriteItems: each condition's parse by the identity of
# the request's own names and values dicts (alive and unchanged until the handler returns, which
# clears this), so the backend's loop finds the tree the handler's check parsed
_request_parses: dict[tuple[Any, int, int], tuple[Any, Any, Any]] | None = None


def _size(key: str, value: Any) -> int:
    size = dynamo_type.bytesize(key)
    if type(value) is not DynamoType:
        return size + dynamo_type.bytesize(str(value))
    raw = value.value
    if type(raw) is str and value.type in ("S", "N"):  # `DynamoType.size` of a string or number
        return size + (len(raw) if value.type == "N" or raw.isascii() else len(raw.encode("utf-8")))
    return size + value.size()


_FLAT_TYPES = frozenset({"S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS"})


def _dynamo(value: Any) -> DynamoType:
    """`DynamoType(value)`: a value of one flat type (no list or map inside) is set directly,
    which is all moto's constructor does for it."""
    if type(value) is dict and len(value) == 1:
        ((kind, raw),) = value.items()
        if kind in _FLAT_TYPES:
            converted = object.__new__(DynamoType)
            converted.type, converted.value = kind, raw
            return converted
    return DynamoType(value)


def _item_init(self: Item, hash_key: DynamoType, range_key: DynamoType | None, attrs: dict[str, Any]) -> None:
    if not _enabled:
        _originals["item_init"](self, hash_key, range_key, attrs)
        return
    self.hash_key = hash_key
    self.range_key = range_key
    filled = LimitedSizeDict()
    total = 0
    new = object.__new__
    for key, value in attrs.items():
        # `_dynamo` and `_size` inline: a flat string or number under an ASCII name is measured
        # by its lengths (what `_size` answers for it), anything else by `_size`
        if type(value) is dict and len(value) == 1:
            ((kind, raw),) = value.items()
            if kind in _FLAT_TYPES:
                converted = new(DynamoType)
                converted.type, converted.value = kind, raw
                if (
                    type(raw) is str
                    and (kind == "N" or (kind == "S" and raw.isascii()))
                    and type(key) is str
                    and key.isascii()
                ):
                    total += len(key) + len(raw)
                else:
                    total += _size(key, converted)
            else:
                converted = DynamoType(value)
                total += _size(key, converted)
        else:
            converted = DynamoType(value)
            total += _size(key, converted)
        if total > ITEM_SIZE_LIMIT:
            raise ItemSizeTooLarge
        dict.__setitem__(filled, key, converted)
    self.attrs = filled
    self.__dict__[SIZE_ATTRIBUTE] = total  # what `Item.size` adds up: a query's 1 MB page reads it


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


class _Recording(dict):  # type: ignore[type-arg]
    """A copy of a request's names or values that notes the placeholders a parse looks up."""

    def __init__(self, source: dict[str, Any]) -> None:
        super().__init__(source)
        self.looked_up: list[str] = []

    def __getitem__(self, placeholder: str) -> Any:
        self.looked_up.append(placeholder)
        return dict.__getitem__(self, placeholder)


def _frozen(value: Any) -> Any:
    """A name or value as a memo key: a string, or a flat value `(type, string)`, as itself; any
    other as its `repr` in a tuple (never equal to a string or a pair, so never confused with
    one; equal reprs are the same JSON value, as before)."""
    if type(value) is str:
        return value
    if type(value) is dict and len(value) == 1:
        ((kind, raw),) = value.items()
        if type(kind) is str and type(raw) is str:
            return (kind, raw)
    return ("repr", repr(value))


def _condition_key(
    expression: str, uses: tuple[tuple[str, ...], tuple[str, ...]], names: Any, values: Any
) -> Any:
    """The expression with the names and values its parse looks up, or None when one is missing
    (moto's parse then raises its own error)."""
    try:
        return (
            expression,
            tuple([_frozen(names[p]) for p in uses[0]]),
            tuple([_frozen(values[p]) for p in uses[1]]),
        )
    except (KeyError, TypeError):
        return None


def _parse_condition(self: ConditionExpressionParser) -> Any:
    """moto's parse reads the names and values only by the placeholders it meets while reading
    the expression's paths (`_lookup_expression_attribute_name`/`_value`, all before anything
    looks at a value): which ones depends on the text alone. The tree is kept per expression and
    the values of those placeholders, so a donation's condition is parsed once however many other
    values (its update's) the request carries."""
    expression, names, values = (
        self.condition_expression,
        self.expression_attribute_names,
        self.expression_attribute_values,
    )
    if (
        not _enabled
        or type(expression) is not str
        or not (names is None or type(names) is dict)
        or not (values is None or type(values) is dict)
    ):
        return _originals["parse"](self)
    during = _request_parses.get((expression, id(names), id(values))) if _request_parses is not None else None
    if during is not None and during[0] is names and during[1] is values:
        tree, found_names, found_values = during[2]
        self.expr_attr_names_found = list(found_names)
        self.expr_attr_values_found = list(found_values)
        return tree
    uses = _condition_uses.get(expression)
    key = _condition_key(expression, uses, names, values) if uses is not None else None
    kept = _condition_trees.get(key) if key is not None else None
    if kept is None:
        recorded_names = _Recording(names) if names is not None else None
        recorded_values = _Recording(values) if values is not None else None
        self.expression_attribute_names, self.expression_attribute_values = recorded_names, recorded_values
        try:
            tree = _originals["parse"](self)
        finally:
            self.expression_attribute_names, self.expression_attribute_values = names, values
        kept = (tree, list(self.expr_attr_names_found), list(self.expr_attr_values_found))
        uses = (
            tuple(recorded_names.looked_up if recorded_names is not None else ()),
            tuple(recorded_values.looked_up if recorded_values is not None else ()),
        )
        _remember(_condition_uses, expression, uses)
        key = _condition_key(expression, uses, names, values)
        if key is not None:
            _remember(_condition_trees, key, kept)
    if _request_parses is not None:
        _request_parses[(expression, id(names), id(values))] = (names, values, kept)
    tree, found_names, found_values = kept
    self.expr_attr_names_found = list(found_names)
    self.expr_attr_values_found = list(found_values)
    return tree


_CLAUSE = re.compile(r"\s*(SET|ADD)\s+", re.IGNORECASE)
_SET_ACTION = re.compile(r"\s*(#\w+)\s*=\s*(:\w+)\s*")
_ADD_ACTION = re.compile(r"\s*(#\w+)\s+(:\w+)\s*")
_simple_updates: dict[str, tuple[tuple[str, str, str], ...] | None] = {}


def _simple_actions(expression: str) -> tuple[tuple[str, str, str], ...] | None:
    """(clause, #name, :value) of each action when `expression` is only SET `#n = :v` and ADD
    `#n :v` actions, each clause at most once; None for anything else."""
    position, actions, clauses = 0, [], set()
    while position < len(expression):
        clause = _CLAUSE.match(expression, position)
        if clause is None:
            return None
        kind = clause.group(1).upper()
        if kind in clauses:
            return None
        clauses.add(kind)
        position = clause.end()
        pattern = _SET_ACTION if kind == "SET" else _ADD_ACTION
        while True:
            action = pattern.match(expression, position)
            if action is None:
                return None
            actions.append((kind, action.group(1), action.group(2)))
            position = action.end()
            if position < len(expression) and expression[position] == ",":
                position += 1
                continue
            break
    return tuple(actions) or None


def _simple_update(
    self: Any,
    table_name: str,
    key: dict[str, Any],
    update_expression: str,
    expression_attribute_names: dict[str, Any],
    expression_attribute_values: dict[str, Any],
    attribute_updates: dict[str, Any] | None = None,
    expected: dict[str, Any] | None = None,
    condition_expression: str | None = None,
    return_values_on_condition_check_failure: str | None = None,
) -> Any:
    arguments = (table_name, key, update_expression, expression_attribute_names, expression_attribute_values)
    rest = (attribute_updates, expected, condition_expression, return_values_on_condition_check_failure)
    plan = _plan_update(self, *arguments) if _enabled and not attribute_updates and not expected else None
    if plan is None:
        return _originals["update_item"](self, *arguments, *rest)
    table, hash_value, range_value, changes = plan
    item = table.get_item(hash_value, range_value)
    condition = create_condition_expression_parser(
        condition_expression, expression_attribute_names, expression_attribute_values
    ).parse()
    if not condition.expr(item):
        if return_values_on_condition_check_failure == "ALL_OLD" and item is not None:
            raise ConditionalCheckFailed(item=item.to_json()["Attributes"])
        raise ConditionalCheckFailed
    updated = apply_planned(table, hash_value, range_value, item, changes, None)
    if updated is None:
        return _originals["update_item"](self, *arguments, *rest)  # moto decides (a type, the limit)
    return updated


MISSING = object()  # an attribute the item did not have, in an undo log


def _item_size(item: Item) -> int:
    """`Item.size()`: the size kept on the item (built by `_item_init`, kept current by
    `apply_planned`, dropped by every other in-place change), else added up."""
    kept = item.__dict__.get(SIZE_ATTRIBUTE)
    if kept is None:
        kept = sum(_size(name, value) for name, value in item.attrs.items())
    return int(kept)


def apply_planned(
    table: Table,
    hash_value: DynamoType,
    range_value: DynamoType | None,
    item: Item | None,
    changes: list[tuple[str, str, dict[str, Any]]],
    log: list[tuple[Any, ...]] | None,
) -> Item | None:
    """Apply a planned simple update (`_plan_update`) to `item` (the stored item at the key, or
    None), its condition already checked; None (nothing changed) where moto must decide: an ADD
    to a value that is not a number, a result near the item size limit. With a `log`, what the
    update changes is noted first for `undo`: a created item, or each changed attribute's old value
    (moto replaces a scalar's value, never changes it in place, so the old values are the undo).
    The item's size is kept current (`SIZE_ATTRIBUTE`)."""
    attrs: dict[str, Any] = item.attrs if item is not None else {}
    values: list[tuple[str, DynamoType]] = []
    for kind, name, value in changes:
        if kind == "SET":
            values.append((name, _dynamo(value)))
            continue
        current = attrs.get(name)
        if current is not None and current.type != "N":
            return None  # moto's type error
        values.append((name, _add(current or _dynamo({"N": "0"}), _dynamo(value))))
    size = _item_size(item) if item is not None else 0
    if size + sum(_size(name, value) for name, value in values) > ITEM_SIZE_LIMIT:
        return None  # moto decides the limit
    if item is None:
        if log is not None:
            log.append(("object", table, hash_value, range_value, None))
        data: dict[Any, Any] = {table.hash_key_attr: {hash_value.type: hash_value.value}}
        if range_value:
            data[table.range_key_attr] = {range_value.type: range_value.value}
        table.put_item(data)
        item = table.get_item(hash_value, range_value)
        assert item is not None  # noqa: S101 - just stored
        attrs = item.attrs
        size = _item_size(item)
    elif log is not None:
        old_size = item.__dict__.get(SIZE_ATTRIBUTE)
        changed = [(name, attrs.get(name, MISSING)) for name, _ in values]
        log.append(("attrs", table, hash_value, range_value, item, changed, old_size))
    for name, value in values:
        old = attrs.get(name)
        if old is not None:
            size -= _size(name, old)
        dict.__setitem__(attrs, name, value)
        size += _size(name, value)
    item.__dict__[SIZE_ATTRIBUTE] = size
    return item


def _add(current: DynamoType, added: DynamoType) -> DynamoType:
    """`current + added` (moto's `DynamoType.__add__`) for two numbers as strings, its same
    arithmetic and text, the result set directly; anything else by moto's own."""
    if current.type == "N" and added.type == "N" and type(current.value) is str and type(added.value) is str:
        left: Decimal | int = Decimal(current.value) if "." in current.value else int(current.value)
        right: Decimal | int = Decimal(added.value) if "." in added.value else int(added.value)
        return _dynamo({"N": f"{left + right}"})
    return current + added


def undo_attributes(item: Item, changed: list[tuple[str, Any]], old_size: int | None) -> None:
    """Put back the attributes `apply_planned` changed (in reverse: an added one removed, a
    replaced one restored in its place, so the item's attribute order is as before)."""
    for name, old in reversed(changed):
        if old is MISSING:
            dict.pop(item.attrs, name, None)
        else:
            dict.__setitem__(item.attrs, name, old)
    if old_size is None:
        item.__dict__.pop(SIZE_ATTRIBUTE, None)
    else:
        item.__dict__[SIZE_ATTRIBUTE] = old_size


def _plan_update(
    backend: Any, table_name: str, key: dict[str, Any], expression: str, names: Any, values: Any
) -> tuple[Any, DynamoType, DynamoType | None, list[tuple[str, str, dict[str, Any]]]] | None:
    """What a simple update changes (kind, attribute, value), or None for moto's own path."""
    if not isinstance(expression, str) or not isinstance(key, dict):
        return None
    table = backend.tables.get(table_name)
    if table is None:
        return None
    changes = plan_changes(table, key, expression, names, values)
    if changes is None:
        return None
    hash_value = _dynamo(key[table.hash_key_attr])
    range_value = _dynamo(key[table.range_key_attr]) if table.range_key_attr else None
    return table, hash_value, range_value, changes


_key_attributes: weakref.WeakKeyDictionary[Table, tuple[Any, ...]] = weakref.WeakKeyDictionary()


def _attributes_of_keys(table: Table) -> tuple[set[Any], set[str], dict[str, str]]:
    """The table's key attributes, its indexes' other key attributes and its defined attribute
    types, kept per table while its definitions and index lists are the same objects (UpdateTable
    replaces them; the kept entry holds the old ones, so an identity test cannot be fooled)."""
    kept = _key_attributes.get(table)
    if (
        kept is not None
        and kept[0] is table.attr
        and kept[1] is table.indexes
        and kept[2] is table.global_indexes
    ):
        return kept[3], kept[4], kept[5]
    table_keys = {table.hash_key_attr, table.range_key_attr}
    index_keys = set(table.attribute_keys) - table_keys
    defined = {attribute["AttributeName"]: attribute["AttributeType"] for attribute in table.attr}
    kept = (table.attr, table.indexes, table.global_indexes, table_keys, index_keys, defined)
    _key_attributes[table] = kept
    return table_keys, index_keys, defined


def plan_changes(
    table: Table, key: Any, expression: Any, names: Any, values: Any
) -> list[tuple[str, str, dict[str, Any]]] | None:
    """`_plan_update`'s changes for a table found by its name."""
    if not isinstance(expression, str) or not isinstance(key, dict):
        return None
    if expression in _simple_updates:
        actions = _simple_updates[expression]
    else:
        actions = _simple_actions(expression)
        _remember(_simple_updates, expression, actions)
    if actions is None or table.stream_shard is not None:
        return None
    if table.hash_key_attr not in key or (table.range_key_attr and table.range_key_attr not in key):
        return None
    if len(key) != (2 if table.range_key_attr else 1):
        return None
    table_keys, index_keys, defined = _attributes_of_keys(table)
    names, values = names or {}, values or {}
    changes, seen = [], set()
    for kind, placeholder, value_name in actions:
        name, value = names.get(placeholder), values.get(value_name)
        if not isinstance(name, str) or name in table_keys or name in seen or not isinstance(value, dict):
            return None
        if kind == "ADD" and (set(value) != {"N"} or name in index_keys or name in defined):
            return None
        keyed = name in index_keys or name in defined
        if kind == "SET" and keyed and not _fits_index_key(name, value, defined):
            return None  # moto refuses it (an empty key value, a type the table does not define)
        seen.add(name)
        changes.append((kind, name, value))
    return changes


def _fits_index_key(name: str, value: dict[str, Any], defined: dict[str, str]) -> bool:
    """A SET of an index key attribute that moto's update validators accept: one value, of the
    type the table defines for it, not an empty string or binary."""
    if len(value) != 1:
        return False
    ((kind, raw),) = value.items()
    if name in defined and defined[name] != kind:
        return False
    return not (kind in ("S", "B") and not raw)


def _key_size(value: Any) -> int:
    if type(value) is dict and len(value) == 1:
        raw = value.get("S")
        if type(raw) is str:
            return len(raw) if raw.isascii() else len(raw.encode("utf-8"))
    return int(DynamoType(value).size())


def _validate_key_sizes(self: Table, item_attrs: dict[str, Any]) -> None:
    if not _enabled:
        _originals["key_sizes"](self, item_attrs)
        return
    for hash_name in self.hash_key_names:
        hash_value = item_attrs.get(hash_name)
        if hash_value and _key_size(hash_value) > HASH_KEY_MAX_LENGTH:
            raise HashKeyTooLong
    for range_name in self.range_key_names:
        range_value = item_attrs.get(range_name)
        if range_value and _key_size(range_value) > RANGE_KEY_MAX_LENGTH:
            raise RangeKeyTooLong


def _validate_item_types(self: Table, item_attrs: dict[str, Any], attr: str | None = None) -> None:
    """moto's check of an item's value types: a string, a boolean or a true NULL (which it cannot
    refuse, whatever the attribute's name) is passed over, a number string checked by moto's own
    `_validate_number_type`, in the item's order; anything else sends the whole item to moto."""
    if not _enabled or attr is not None or type(item_attrs) is not dict:
        _originals["item_types"](self, item_attrs, attr)
        return
    numbers = []
    for value in item_attrs.values():
        if type(value) is not dict or len(value) != 1:
            break
        ((kind, raw),) = value.items()
        if (kind == "S" and type(raw) is str) or (kind == "BOOL" and type(raw) is bool):
            continue
        if kind == "NULL" and raw is True:
            continue
        if kind == "N" and type(raw) is str:
            numbers.append(raw)
            continue
        break
    else:
        for raw in numbers:
            self._validate_number_type(raw)
        return
    _originals["item_types"](self, item_attrs, attr)


def enabled(on: bool) -> None:
    """Switch the fast paths on or off (the equivalence tests compare both)."""
    global _enabled
    _enabled = on


_AS_THEY_ARE = frozenset({"S", "B", "BOOL"})  # types whose `cast_value` is the value itself


def _cast_value(self: DynamoType) -> Any:
    if _enabled and self.type in _AS_THEY_ARE:
        return self.value
    return _originals["cast_value"](self)


def _hash(self: DynamoType) -> int:
    kind = self.type
    if _enabled and kind in _AS_THEY_ARE:
        return hash((kind, self.value))
    return int(_originals["hash"](self))


def _equal(self: DynamoType, other: Any) -> bool:
    kind = self.type
    if _enabled and kind in _AS_THEY_ARE and type(other) is DynamoType:
        return bool(kind == other.type and self.value == other.value)
    return bool(_originals["eq"](self, other))


def apply() -> None:
    """Install once per process (idempotent)."""
    global _applied
    if _applied:
        return
    _originals["key_sizes"] = Table._validate_key_sizes
    _originals["item_types"] = Table._validate_item_types
    Table._validate_item_types = _validate_item_types  # type: ignore[method-assign]
    _originals["empty_keys"] = dynamodb_responses.validate_put_has_empty_keys
    dynamodb_responses.validate_put_has_empty_keys = _validate_put_has_empty_keys  # type: ignore[assignment]
    _originals["handler_transact"] = DynamoHandler.transact_write_items
    DynamoHandler.transact_write_items = functools.wraps(DynamoHandler.transact_write_items)(  # type: ignore[method-assign]
        _transact_write_items
    )
    Table._validate_key_sizes = _validate_key_sizes  # type: ignore[method-assign]
    _originals["cast_value"] = DynamoType.cast_value.fget  # type: ignore[attr-defined]
    _originals["hash"] = DynamoType.__hash__
    _originals["eq"] = DynamoType.__eq__
    DynamoType.cast_value = property(_cast_value)  # type: ignore[method-assign, assignment]
    DynamoType.__hash__ = _hash  # type: ignore[method-assign, assignment]
    DynamoType.__eq__ = _equal  # type: ignore[method-assign, assignment]
    _originals["item_init"] = Item.__init__
    _originals["make"] = UpdateExpressionParser.make.__func__  # type: ignore[attr-defined]
    _originals["parse"] = ConditionExpressionParser.parse
    _originals["item_new"] = Item.__new__
    _originals["update_item"] = DynamoDBBackend.update_item
    DynamoDBBackend.update_item = functools.wraps(DynamoDBBackend.update_item)(_simple_update)  # type: ignore[method-assign]
    Item.__new__ = staticmethod(_untracked_item)  # type: ignore[assignment]
    Item.__init__ = functools.wraps(Item.__init__)(_item_init)  # type: ignore[method-assign]
    UpdateExpressionParser.make = classmethod(_make_update_tree)  # type: ignore[method-assign, assignment]
    ConditionExpressionParser.parse = functools.wraps(ConditionExpressionParser.parse)(  # type: ignore[method-assign]
        _parse_condition
    )
    _applied = True


# --- TransactWriteItems' validation (ADR 0006, tenth addendum) ----------------------------------

_update_names: dict[str, tuple[str, ...]] = {}


def _may_have_empty_key(field_updates: Any) -> bool:
    """False only when moto's `validate_put_has_empty_keys` cannot raise: every value a non-empty
    dict whose first member is not an empty string "S" or "B" (what moto looks at)."""
    if type(field_updates) is not dict:
        return True
    for value in field_updates.values():
        if type(value) is not dict or not value:
            return True
        for kind, raw in value.items():
            if kind in ("S", "B") and raw == "":
                return True
            break
    return False


def _validate_put_has_empty_keys(field_updates: Any, table: Any, custom_error_msg: str | None = None) -> None:
    if _enabled and table and not _may_have_empty_key(field_updates):
        return
    _originals["empty_keys"](field_updates, table, custom_error_msg)


def _update_names_used(expression: Any) -> list[str]:
    """The `#name` placeholders an update expression uses, as moto's handler finds them: they
    depend on the text alone."""
    kept = _update_names.get(expression) if _enabled and type(expression) is str else None
    if kept is None:
        tree = UpdateExpressionParser.make(expression)
        found = [
            attr.get_attribute_name_placeholder() for attr in tree.find_clauses([ExpressionAttributeName])
        ]
        if not _enabled or type(expression) is not str:
            return found
        kept = tuple(found)
        _remember(_update_names, expression, kept)
    return list(kept)


def _transact_write_items(self: Any) -> Any:
    """moto's `DynamoHandler.transact_write_items`, the same checks in the same order, with the
    placeholders of an update expression kept per text (`_update_names_used`)."""
    global _request_parses
    if not _enabled:
        return _originals["handler_transact"](self)
    _request_parses = {}
    try:
        return _transact_write_items_checked(self)
    finally:
        _request_parses = None


def _transact_write_items_checked(self: Any) -> Any:
    transact_items = self.body["TransactItems"]
    backend = None  # `self.dynamodb_backend` (a lookup by account and region), read once when needed
    for item in transact_items:
        item_values = list(item.values())[0]
        names = item_values.get("ExpressionAttributeNames", {})
        values = item_values.get("ExpressionAttributeValues", {})
        parser = create_condition_expression_parser(item_values.get("ConditionExpression"), names, values)
        parser.parse()
        names_used = parser.expr_attr_names_found
        if "Put" in item:
            if item["Put"].get("ExpressionAttributeValues") == {}:
                raise ExpressionAttributeValuesEmpty
            backend = self.dynamodb_backend if backend is None else backend
            table = backend.get_table(item["Put"]["TableName"])
            dynamodb_responses.validate_put_has_empty_keys(item["Put"]["Item"], table)
        if "Update" in item:
            if item["Update"].get("ExpressionAttributeValues") == {}:
                raise ExpressionAttributeValuesEmpty
            backend = self.dynamodb_backend if backend is None else backend
            table = backend.get_table(item["Update"]["TableName"])
            dynamodb_responses.validate_put_has_empty_keys(
                item["Update"]["Key"], table, custom_error_msg=_KEY_EMPTY_MESSAGE
            )
            names_used += _update_names_used(item["Update"]["UpdateExpression"])
        dynamodb_responses.validate_attributes_used(names, names_used, validation_error_prefix=False)
    self.dynamodb_backend.transact_write_items(transact_items)
    return ActionResult({"ConsumedCapacity": [], "ItemCollectionMetrics": {}})


_KEY_EMPTY_MESSAGE = (
    "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an "
    "empty string value. Key: {}"
)
