"""Faster, equivalent DynamoDB TransactWriteItems and Query for the embedded moto.

TransactWriteItems: moto 5.2 takes a `copy.deepcopy` of the WHOLE table for every item of a
transaction so that it can roll back: a transaction costs O(table size), and the local stack
slows to seconds per donation once a charity has a few thousand items. This keeps moto's own
checks and writes and replaces only the backup: the items the transaction touches are copied
before it runs and put back if it is cancelled. All-or-nothing behaviour is unchanged
(tests/unit/test_moto_speedups.py). With the write fast paths on (`moto_writes.enabled`), moto's
loop itself is `_transact` (ADR 0006, eleventh addendum): the same steps in the same order, with
an undo log of what each write replaced instead of copies, each condition checked once (by a
compiled form of moto's tree) and simple updates applied directly (tests/unit/test_moto_transact.py).

Query: moto's `Table.query` walks (and sorts) every item of the table for every request, so a
list page or an export page costs O(table) and an export O(table²). `_QueryIndexes` keeps, per
table and per index, each partition's keys in moto's own sort order, maintained on every write
path; a query with a partition-key equality hands moto's unchanged `Table.query` only the few
items that can matter (the partition, narrowed by the sort-key condition, ExclusiveStartKey and
Limit, plus one neighbour either side). moto still evaluates the key condition, sorts, pages,
filters and projects, so results stay moto's by construction; anything unusual (multi-attribute
keys, legacy QueryFilter, a start key without every key attribute) falls back to moto's full
walk.

Responses: moto 5.2 serializes every response by walking botocore's output shape, and an
`AttributeValue` (a union of ten members, each looked up through its alias providers) costs about
0.3 ms: a page of 20 donations spent ~90 ms there. `_fast_attribute_value` writes an
`AttributeValue` exactly as that walk does (strings and numbers as `str`, binaries base64, sets,
maps and lists recursively, members that are `None` left out); a value it does not recognise goes
back to moto's walk.

Reads inside a narrowed query (ADR 0006, third addendum): an item's size is kept on the item (the
wrapped UpdateItem, which changes items in place, drops it), moto's copy of every item read before
its filter is skipped (the response copies what it answers), and a projection of top-level names
converts only those attributes (`_project`). Write-path speed-ups are in `moto_writes`.
docs/decisions/0006-moto-speedups.md records why.
"""

from __future__ import annotations

import bisect
import contextlib
import copy
import functools
import inspect
import itertools
import threading
import weakref
from collections.abc import Iterator
from decimal import Decimal
from types import SimpleNamespace
from typing import Any

from moto import backends as moto_backends
from moto.core import serialize as moto_serialize
from moto.dynamodb import comparisons
from moto.dynamodb import models as dynamodb_models
from moto.dynamodb import responses as dynamodb_responses
from moto.dynamodb.comparisons import get_filter_expression
from moto.dynamodb.exceptions import (
    ConditionalCheckFailed,
    MockValidationException,
    MultipleTransactionsException,
    TooManyTransactionsException,
    TransactionCanceledException,
    TransactWriteSingleOpException,
)
from moto.dynamodb.models import table as table_module
from moto.dynamodb.models import utilities as dynamodb_utilities
from moto.dynamodb.models.dynamo_type import DynamoType, Item, LimitedSizeDict
from moto.dynamodb.models.table import RESULT_SIZE_LIMIT, GlobalSecondaryIndex, Table
from moto.dynamodb.responses import DynamoHandler

from chalicelocal import moto_direct, moto_requests, moto_scans, moto_writes

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
        touched.append((body["TableName"], key, _kept(before) if before else None))
    return touched


# moto replaces a scalar attribute's `DynamoType` on every write and changes only lists, maps and
# sets in place (nested SET/REMOVE, ADD/DELETE on a set): the backup shares the scalars
_SHARED_TYPES = frozenset({"S", "N", "B", "BOOL", "NULL"})


def _kept(item: Item) -> dict[str, DynamoType]:
    """The item's attributes as they are now, untouched by the transaction's writes: what
    `Item.to_json` would answer for it, converted only if the transaction is cancelled (most are
    not, and converting every touched item was a fifth of moto's work in a claim's attach)."""
    shared = _SHARED_TYPES
    return {name: v if v.type in shared else copy.deepcopy(v) for name, v in item.attrs.items()}


def _restore(backend: Any, touched: list[tuple[str, dict[str, Any], Any]]) -> None:
    for table_name, key, attributes in reversed(touched):
        if attributes is None:
            if backend.get_item(table_name, key) is not None:
                backend.delete_item(table_name, key)
        else:
            backend.put_item(table_name, Item.to_json(SimpleNamespace(attrs=attributes))["Attributes"])  # type: ignore[arg-type]


# --- TransactWriteItems without a snapshot (ADR 0006, eleventh addendum) -------------------------

_OPERATIONS = frozenset({"ConditionCheck", "Put", "Delete", "Update"})


def _unique_key(table_name: Any, key: Any) -> Any:
    """What moto's `check_unicity` compares: `(str(table_name), str(dict(sorted(key.items()))))`.
    A key whose names are strings and whose values are one-member dicts of string to string (every
    key a client sends) is compared by those strings instead of by the text: two such keys have the
    same text exactly when they have the same (name, type, value) triples, and no other JSON value
    prints as such a dict does, so such a key never had the text of any other key."""
    if type(key) is dict:
        parts = []
        for name, value in key.items():
            if type(name) is not str or type(value) is not dict or len(value) != 1:
                break
            ((kind, raw),) = value.items()
            if type(kind) is not str or type(raw) is not str:
                break
            parts.append((name, kind, raw))
        else:
            parts.sort()
            return (str(table_name), tuple(parts))
    return (str(table_name), str(dict(sorted(key.items()))))


def _current(backend: Any, table_name: str, key: dict[str, Any]) -> tuple[Table, DynamoType, Any, Any]:
    """`backend.get_item(table_name, key)` with the key values it built: moto's checks in moto's
    order, a flat key value set directly (`moto_writes._dynamo`) rather than by `DynamoType`."""
    table = backend.get_table(table_name)
    if table.hash_key_attr not in key or (table.has_range_key and table.range_key_attr not in key):
        raise MockValidationException("Validation Exception")
    hash_value = moto_writes._dynamo(key[table.hash_key_attr])
    range_value = moto_writes._dynamo(key[table.range_key_attr]) if table.range_key_attr else None
    return table, hash_value, range_value, table.get_item(hash_value, range_value)


def _place(table: Table, hash_value: DynamoType, range_value: Any, item: Any) -> None:
    """Store `item` at the key as moto's `Table.put_item` does (or remove what is there: None)."""
    if table.range_key_attr:
        if item is not None:
            table.items[hash_value][range_value] = item
        else:
            partition = table.items.get(hash_value)
            if partition is not None:
                partition.pop(range_value, None)
    elif item is not None:
        table.items[hash_value] = item
    else:
        table.items.pop(hash_value, None)


def _undo(backend: Any, log: list[tuple[Any, ...]]) -> None:
    """Undo a transaction's writes, last first: an item put or deleted gets its old object back
    (moto's put and delete replace or remove the stored `Item`, never change it); a simple update
    its old attribute values; an update by moto's own code its copied attributes."""
    for entry in reversed(log):
        kind = entry[0]
        if kind == "object":
            _, table, hash_value, range_value, item = entry
            _place(table, hash_value, range_value, item)
        elif kind == "attrs":
            _, table, hash_value, range_value, item, changed, old_size = entry
            moto_writes.undo_attributes(item, changed, old_size)
            _reindex(table, hash_value, range_value, [name for name, _ in changed])
            continue
        else:
            _, table_name, key, attributes = entry
            _restore(backend, [(table_name, key, attributes)])
            continue  # moto's put and delete re-file it
        _reindex(table, hash_value, range_value)


_CONSTANT_TYPES = frozenset({"S", "N", "BOOL"})  # whose `AttributeValue.expr` is immutable


def _compiled(node: Any) -> Any:
    """A function of the item answering as `node.expr(item)` (moto's condition tree): AND, OR,
    NOT, =, attribute_exists of a top-level name and its operands are evaluated directly, in the
    same order and with the same values (`and`/`or` give the same operand back); any other node
    is moto's own `expr`."""
    kind = type(node)
    if kind is comparisons.OpAnd or kind is comparisons.OpOr:
        left, right = _compiled(node.lhs), _compiled(node.rhs)
        if kind is comparisons.OpAnd:
            return lambda item: left(item) and right(item)
        return lambda item: left(item) or right(item)
    if kind is comparisons.OpNot:
        inner = _compiled(node.lhs)
        return lambda item: not inner(item)
    if kind is comparisons.OpEqual:
        left, right = _compiled(node.lhs), _compiled(node.rhs)
        return lambda item: left(item) == right(item)
    if kind is comparisons.FuncAttrExists and _top_level(node.attr):
        name = node.attr.path[0]
        return lambda item: item is not None and name in item.attrs
    if kind is comparisons.AttributePath and _top_level(node):
        name = node.path[0]

        def value_of(item: Any) -> Any:
            attr = item.attrs.get(name) if item is not None else None
            return attr.cast_value if attr is not None else None

        return value_of
    if kind is comparisons.AttributeValue and node.type in _CONSTANT_TYPES:
        try:
            constant = node.expr(None)
        except Exception:  # noqa: BLE001 - raised where moto evaluates it, if it does
            return node.expr
        return lambda item: constant
    return node.expr


def _top_level(path: Any) -> bool:
    return type(path) is comparisons.AttributePath and len(path.path) == 1 and type(path.path[0]) is str


def _check_of(tree: Any) -> Any:
    """The compiled form of a condition tree, kept on the tree (which the parse memo keeps)."""
    check = tree.__dict__.get("_almoner_check")
    if check is None:
        check = tree.__dict__["_almoner_check"] = _compiled(tree)
    return check


def _fast_transaction(backend: Any, transact_items: list[dict[str, Any]]) -> bool:
    """Whether `_transact` may run this transaction (the fast paths on, no table with a stream).
    Reads the items as moto's backup loop does, so a malformed one fails as it fails there."""
    if not moto_writes._enabled:
        return False
    if len(transact_items) > 100:
        return True  # `_transact` refuses it as moto does
    for entry in transact_items:
        _, op = next(iter(entry.items()))
        table = backend.tables.get(name) if (name := op.get("TableName")) and name in backend.tables else None
        if table is not None and table.stream_shard is not None:
            return False
    return True


def _transact(backend: Any, transact_items: list[dict[str, Any]]) -> None:
    """moto's `DynamoDBBackend.transact_write_items`, the same steps, checks and errors in the same
    order, with an undo log instead of a copy: each write notes only what it replaces (`_undo`).
    A Put's condition, checked here, is not checked again by the put (nothing changed in between);
    a simple update (`moto_writes._plan_update`) is applied directly, its condition checked here."""
    if len(transact_items) > 100:
        raise TooManyTransactionsException()
    log: list[tuple[Any, ...]] = []
    try:
        _transact_items(backend, transact_items, log)
    except Exception:
        _undo(backend, log)
        raise


def _transact_items(backend: Any, transact_items: list[dict[str, Any]], log: list[tuple[Any, ...]]) -> None:
    targets: set[Any] = set()
    errors: list[tuple[Any, Any, Any]] = []
    for entry in transact_items:
        original_item = None
        if len(list(entry.keys())) > 1:
            raise TransactWriteSingleOpException
        try:
            op_type, op = next(iter(entry.items()))
            if op_type not in _OPERATIONS:
                raise ValueError("Unsupported transaction operation")
            table_name = op["TableName"]
            condition_expression = op.get("ConditionExpression")
            names = op.get("ExpressionAttributeNames")
            values = op.get("ExpressionAttributeValues")
            return_values = op.get("ReturnValuesOnConditionCheckFailure")
            if op_type == "Put":
                attrs = op["Item"]
                table = backend.get_table(table_name)
                key = {table.hash_key_attr: attrs[table.hash_key_attr]}
                if table.range_key_attr is not None:
                    key[table.range_key_attr] = attrs[table.range_key_attr]
            else:
                key = op["Key"]
            unique = _unique_key(table_name, key)
            if unique in targets:
                raise MultipleTransactionsException()
            targets.add(unique)
            table, hash_value, range_value, current = _current(backend, table_name, key)
            if condition_expression is not None:
                condition_op = get_filter_expression(condition_expression, names, values)
                if not _check_of(condition_op)(current):
                    if return_values == "ALL_OLD" and current:
                        original_item = current.to_json()["Attributes"]
                    raise ConditionalCheckFailed(item=original_item)
            if op_type == "Put":
                log.append(("object", table, hash_value, range_value, current))
                backend.put_item(table_name, attrs, overwrite=True)  # its condition passed above
            elif op_type == "Delete":
                log.append(("object", table, hash_value, range_value, current))
                backend.delete_item(
                    table_name,
                    key,
                    condition_expression=condition_expression,
                    expression_attribute_names=names,
                    expression_attribute_values=values,
                )
            elif op_type == "Update":
                update_expression = op["UpdateExpression"]
                changes = (
                    moto_writes.plan_changes(table, key, update_expression, names, values)
                    if backend.tables.get(table_name) is table
                    else None
                )
                if changes is None or (
                    moto_writes.apply_planned(table, hash_value, range_value, current, changes, log) is None
                ):
                    log.append(("json", table_name, key, _kept(current) if current else None))
                    backend.update_item(
                        table_name,
                        key,
                        update_expression=update_expression,
                        condition_expression=condition_expression,
                        expression_attribute_names=names,
                        expression_attribute_values=values,
                    )
                elif current is None:
                    _reindex(table, hash_value, range_value)  # created: filed by its put, then changed
                else:
                    _reindex(table, hash_value, range_value, [name for _, name, _ in changes])
            errors.append((None, None, None))
        except (MultipleTransactionsException, MockValidationException):
            raise
        except ConditionalCheckFailed as e:
            errors.append(("ConditionalCheckFailed", str(e.message), original_item))
        except Exception as e:  # noqa: BLE001 - moto reports every other error as the item's reason
            errors.append((type(e).__name__, str(e), original_item))
    if any(code is not None for code, _, _ in errors):
        raise TransactionCanceledException(errors)


# --- Query ---------------------------------------------------------------------------------------

_lock = threading.RLock()  # the embedded server answers requests from several threads
_narrowed = threading.local()  # (table, candidate items) while one query of this thread runs
_original_project: Any = None
_SIZE = moto_writes.SIZE_ATTRIBUTE  # an item's size, kept on it when built; UpdateItem drops it
_indexes: weakref.WeakKeyDictionary[Table, dict[str | None, _Index]] = weakref.WeakKeyDictionary()
_query_enabled = False
_serializer_enabled = False


class _Ref:
    """The item key at the end of an index entry; never decides an order (see `_Index`)."""

    __slots__ = ("hash", "range")

    def __init__(self, hash_value: DynamoType, range_value: DynamoType | None) -> None:
        self.hash, self.range = hash_value, range_value

    def __lt__(self, other: object) -> bool:
        return False

    def __gt__(self, other: object) -> bool:
        return False


def _native(entry: tuple[Any, ...]) -> tuple[Any, ...]:
    return entry[:-1]


def _range_value(entry: tuple[Any, ...]) -> Any:
    return entry[1]


class _Spec:
    """How moto selects and orders one index's items, worked out as `Table.query` does.

    `sort_attrs` is moto's own `_generate_attr_to_sort_by` order, so sorting entries by the
    `cast_value`s of those attributes (what `DynamoType.__lt__` compares) is moto's order.
    `required` are the attributes moto insists are present and truthy (a sparse index).
    """

    __slots__ = ("hash_attr", "range_attr", "required", "sort_attrs")

    def __init__(
        self, hash_attr: str, range_attr: str | None, required: tuple[str, ...], sort_attrs: tuple[str, ...]
    ):
        self.hash_attr, self.range_attr, self.required, self.sort_attrs = (
            hash_attr,
            range_attr,
            required,
            sort_attrs,
        )

    def key(self) -> tuple[Any, ...]:
        return (self.hash_attr, self.range_attr, self.required, self.sort_attrs)


def _spec(table: Table, index_name: str | None) -> _Spec | None:
    if index_name is None:
        sort_attrs = [table.hash_key_attr] + ([table.range_key_attr] if table.range_key_attr else [])
        return _Spec(table.hash_key_attr, table.range_key_attr, (), tuple(sort_attrs))
    index = next((i for i in table.all_indexes() if i.name == index_name), None)
    if index is None:
        return None  # moto reports the unknown index
    hash_keys = [k["AttributeName"] for k in index.schema if k["KeyType"] == "HASH"]
    range_keys = [k["AttributeName"] for k in index.schema if k["KeyType"] == "RANGE"]
    if len(hash_keys) != 1 or len(range_keys) > 1:
        return None  # multi-attribute keys: moto's full walk
    if range_keys:
        range_attrs: list[str | None] = [range_keys[0], table.range_key_attr]
    elif isinstance(index, GlobalSecondaryIndex) and table.range_key_attr:
        range_attrs = [table.range_key_attr, table.range_key_attr]
    else:
        range_attrs = [table.hash_key_attr, table.range_key_attr]
    sort_attrs = table._generate_attr_to_sort_by([hash_keys[0], table.hash_key_attr], range_attrs)
    return _Spec(
        hash_keys[0], range_keys[0] if range_keys else None, tuple(hash_keys + range_keys), tuple(sort_attrs)
    )


class _Sorted:
    """One partition's entries in order, kept in blocks of about `BLOCK` entries: filing or
    removing one entry moves only its block (a plain list moved the whole partition, a quarter
    of a million entries for a charity that imported 100,000 donations). Reads by position
    (`len`, `[i]`, and so `bisect` with a key) see the one sorted sequence."""

    BLOCK = 512
    __slots__ = ("blocks", "firsts", "starts")

    def __init__(self, ordered: list[tuple[Any, ...]]) -> None:
        self.blocks = [ordered[i : i + self.BLOCK] for i in range(0, len(ordered), self.BLOCK)]
        self.firsts = [_native(block[0]) for block in self.blocks]
        self.starts: list[int] | None = None  # each block's first position, worked out when read

    def __len__(self) -> int:
        return sum(len(block) for block in self.blocks)

    def __getitem__(self, position: int) -> tuple[Any, ...]:
        if self.starts is None:
            self.starts = list(itertools.accumulate((len(block) for block in self.blocks), initial=0))
        if not 0 <= position < self.starts[-1]:
            raise IndexError(position)
        number = bisect.bisect_right(self.starts, position) - 1
        return self.blocks[number][position - self.starts[number]]

    def _block_of(self, native: tuple[Any, ...]) -> int:
        return max(0, bisect.bisect_right(self.firsts, native) - 1)

    def insort(self, entry: tuple[Any, ...]) -> None:
        self.starts = None
        native = _native(entry)
        if not self.blocks:
            self.blocks, self.firsts = [[entry]], [native]
            return
        number = self._block_of(native)
        block = self.blocks[number]
        bisect.insort(block, entry)  # as by `_native`: entries never tie before their `_Ref`
        self.firsts[number] = _native(block[0])
        if len(block) > 2 * self.BLOCK:
            self.blocks[number : number + 1] = [block[: self.BLOCK], block[self.BLOCK :]]
            self.firsts.insert(number + 1, _native(block[self.BLOCK]))

    def remove(self, entry: tuple[Any, ...]) -> None:
        self.starts = None
        native = _native(entry)
        number = self._block_of(native)
        block = self.blocks[number]
        position = bisect.bisect_left(block, native, key=_native)
        while block[position] is not entry:
            position += 1
        del block[position]
        if not block:
            del self.blocks[number], self.firsts[number]
        elif position == 0:
            self.firsts[number] = _native(block[0])


class _Index:
    """One index's (or the base table's) partitions: partition key -> entries in moto's order.

    An entry is the tuple of the item's sort-attribute `cast_value`s followed by a `_Ref` to its
    key; the values include the table's own key, so two entries never tie before the `_Ref`.
    """

    __slots__ = ("entries", "partitions", "reads", "spec", "spec_key")

    def __init__(self, spec: _Spec) -> None:
        self.spec, self.spec_key = spec, spec.key()
        # the attributes an entry is made of (`_entry`): a change to no other moves the item
        self.reads = frozenset((spec.hash_attr, *spec.required, *spec.sort_attrs))
        self.partitions: dict[tuple[str, Any], _Sorted] = {}
        self.entries: dict[tuple[DynamoType, DynamoType | None], tuple[tuple[str, Any], tuple[Any, ...]]] = {}

    def _entry(self, item: Any) -> tuple[tuple[str, Any], tuple[Any, ...]] | None:
        attrs = item.attrs
        spec = self.spec
        if spec.required:
            for name in spec.required:
                if not attrs.get(name):
                    return None
            hash_value = attrs[spec.hash_attr]
        else:
            hash_value = item.hash_key
        values = []
        for name in spec.sort_attrs:
            value = attrs.get(name)
            if value is None:
                return None
            values.append(value.cast_value)
        values.append(_Ref(item.hash_key, item.range_key))
        return (hash_value.type, hash_value.cast_value), tuple(values)

    def fill(self, items: list[Any]) -> None:
        """File every item of a table at once (one sort per partition)."""
        unordered: dict[tuple[str, Any], list[tuple[Any, ...]]] = {}
        for item in items:
            located = self._entry(item)
            if located is not None:
                unordered.setdefault(located[0], []).append(located[1])
                self.entries[(item.hash_key, item.range_key)] = located
        for partition_key, entries in unordered.items():
            entries.sort(key=_native)
            self.partitions[partition_key] = _Sorted(entries)

    def refile(self, key: tuple[DynamoType, DynamoType | None], item: Any) -> None:
        """File the item stored at `key` again after a write; an item whose index values did not
        change (most updates: counters, totals) keeps its place, as moving it would not move it."""
        located = self._entry(item)
        old = self.entries.get(key)
        if (
            old is not None
            and located is not None
            and old[0] == located[0]
            and _native(old[1]) == _native(located[1])
        ):
            return
        self.discard(key)
        if located is None:
            return
        partition_key, entry = located
        entries = self.partitions.get(partition_key)
        if entries is None:
            entries = self.partitions[partition_key] = _Sorted([])
        entries.insort(entry)
        self.entries[(item.hash_key, item.range_key)] = located

    def discard(self, key: tuple[DynamoType, DynamoType | None]) -> None:
        located = self.entries.pop(key, None)
        if located is None:
            return
        partition_key, entry = located
        entries = self.partitions[partition_key]
        entries.remove(entry)
        if not entries.blocks:
            del self.partitions[partition_key]


def _table_items(table: Table) -> list[Any]:
    if table.range_key_attr:
        return [item for hash_set in table.items.values() for item in hash_set.values()]
    return list(table.items.values())


def _index(table: Table, index_name: str | None, spec: _Spec) -> _Index:
    """The index, built on its first query (one sort) and kept current by `_reindex` after."""
    indexes = _indexes.setdefault(table, {})
    index = indexes.get(index_name)
    if index is None or index.spec_key != spec.key():
        index = _Index(spec)
        index.fill(_table_items(table))
        indexes[index_name] = index
    return index


def _reindex(
    table: Table, hash_value: DynamoType, range_value: DynamoType | None, changed: Any = None
) -> None:
    """Re-file one item key in every built index of `table` after any write to it; given the
    names of the only attributes the write `changed` (in place), only the indexes that read one."""
    with _lock:
        indexes = _indexes.get(table)
        if not indexes:
            return
        try:
            key = (hash_value, range_value if table.range_key_attr else None)
            if table.range_key_attr:
                item = table.items.get(hash_value, {}).get(range_value)
            else:
                item = table.items.get(hash_value)
            for index in indexes.values():
                if changed is not None and index.reads.isdisjoint(changed):
                    continue
                if item is None:
                    index.discard(key)
                else:
                    index.refile(key, item)
        except Exception:
            # An item moto accepts but these indexes cannot order (a key attribute of the wrong
            # type): forget them; the next query rebuilds or falls back to moto's own walk.
            _indexes.pop(table, None)


def _window(
    entries: _Sorted | list[Any], lo: int, hi: int, operator: str, values: list[Any]
) -> tuple[int, int]:
    """The entries whose sort-key value can satisfy the key condition (a contiguous run)."""
    operator = operator.upper()
    if operator in ("=", "EQ"):
        return (
            bisect.bisect_left(entries, values[0], lo, hi, key=_range_value),
            bisect.bisect_right(entries, values[0], lo, hi, key=_range_value),
        )
    if operator in ("<", "LT"):
        return lo, bisect.bisect_left(entries, values[0], lo, hi, key=_range_value)
    if operator in ("<=", "LE"):
        return lo, bisect.bisect_right(entries, values[0], lo, hi, key=_range_value)
    if operator in (">", "GT"):
        return bisect.bisect_right(entries, values[0], lo, hi, key=_range_value), hi
    if operator in (">=", "GE"):
        return bisect.bisect_left(entries, values[0], lo, hi, key=_range_value), hi
    if operator == "BETWEEN":
        start = bisect.bisect_left(entries, values[0], lo, hi, key=_range_value)
        return start, max(start, bisect.bisect_right(entries, values[1], lo, hi, key=_range_value))
    if operator == "BEGINS_WITH":
        prefix = values[0]
        start = bisect.bisect_left(entries, prefix, lo, hi, key=_range_value)
        outside = functools.partial(_outside_prefix, prefix)
        return start, bisect.bisect_left(entries, 1, start, hi, key=outside)
    return lo, hi


def _outside_prefix(prefix: Any, entry: tuple[Any, ...]) -> int:
    return 0 if entry[1].startswith(prefix) else 1


def _candidates(table: Table, arguments: dict[str, Any]) -> list[Any] | None:
    """The items moto's query needs to see to answer exactly as its full walk does, or None.

    Dropped are: other partitions and items outside the index (moto skips them before sorting);
    items beyond the sort-key condition except one neighbour either side (moto skips them
    without counting them; the neighbour after the run still makes moto set LastEvaluatedKey when
    a page ends exactly at the run's end); items at or before ExclusiveStartKey in the read
    direction (moto skips that prefix); and items past Limit + 1 or past the 1 MB page.
    """
    index_name = arguments.get("index_name")
    spec = _spec(table, index_name)
    if spec is None:
        return None
    if index_name is None:
        hash_value = arguments.get("hash_key")
    else:
        conditions = arguments.get("hash_key_conditions") or []
        if len(conditions) != 1 or conditions[0][0] != spec.hash_attr:
            return None
        hash_value = conditions[0][1]
    range_conditions = arguments.get("range_key_conditions") or []
    if hash_value is None or len(range_conditions) > 1:
        return None
    exact = not arguments.get("filter_kwargs")  # legacy QueryFilter: the whole partition
    forward = arguments.get("scan_index_forward") is not False
    limit = arguments.get("limit")
    start_key = arguments.get("exclusive_start_key")
    operator = arguments.get("range_comparison")
    with _lock:
        found = _index(table, index_name, spec).partitions.get((hash_value.type, hash_value.cast_value))
        entries: _Sorted | list[Any] = found if found is not None else []
        lo, hi = 0, len(entries)
        run_lo, run_hi = lo, hi  # the sort-key condition's run: moto counts only these in a page
        if exact and operator:
            compared = range_conditions[-1][0] if range_conditions else spec.range_attr
            if compared is not None and compared == spec.range_attr and spec.sort_attrs[1:2] == (compared,):
                values = [value.cast_value for value in arguments.get("range_objs") or []]
                start, end = _window(entries, lo, hi, operator, values)
                run_lo, run_hi = start, end
                lo, hi = max(start - 1, lo), min(end + 1, hi)
        if exact and start_key is not None and all(name in start_key for name in spec.sort_attrs):
            after = tuple(DynamoType(start_key[name]).cast_value for name in spec.sort_attrs)
            if forward:
                lo = max(lo, bisect.bisect_right(entries, after, lo, hi, key=_native))
            else:
                hi = min(hi, bisect.bisect_left(entries, after, lo, hi, key=_native))
        positions = range(lo, hi) if forward else range(hi - 1, lo - 1, -1)
        chosen: list[Any] = []
        size, full = 0, False
        for position in positions:
            ref = entries[position][-1]
            item: Any = table.items.get(ref.hash)
            if item is not None and table.range_key_attr:
                item = item.get(ref.range)
            if item is None:
                continue
            chosen.append(item)
            if not exact:
                continue
            if full or (limit is not None and len(chosen) >= limit + 2):
                break
            if run_lo <= position < run_hi:  # a neighbour outside the run is not in moto's page
                size += item.size()
            full = size > RESULT_SIZE_LIMIT
    return chosen


def _forget_size(table: Table, hash_value: DynamoType, range_value: DynamoType | None) -> None:
    item = table.items.get(hash_value)
    if item is not None and table.range_key_attr:
        item = item.get(range_value)
    if item is not None:
        item.__dict__.pop(_SIZE, None)


def _query_copy(value: Any, memo: Any = None) -> Any:
    """`copy.deepcopy` for moto's table module: inside a narrowed query, moto's copy of every item
    read (before its filter drops most of them) becomes a list of the stored items, which the
    response copies (`DynamoResult`); elsewhere (scans, backups) a real deep copy."""
    if getattr(_narrowed, "querying", False) and isinstance(value, list):
        return list(value)
    return copy.deepcopy(value, memo)


def _install_query() -> None:
    original_query = Table.query
    original_all_items = Table.all_items
    original_put = Table.put_item
    original_delete = Table.delete_item
    original_update = dynamodb_models.DynamoDBBackend.update_item
    signature = inspect.signature(original_query)

    @functools.wraps(original_all_items)
    def all_items(self: Table) -> list[Any]:
        if getattr(_narrowed, "table", None) is self:
            return list(_narrowed.items)
        return original_all_items(self)

    @functools.wraps(original_query)
    def query(self: Table, *args: Any, **kwargs: Any) -> Any:
        candidates = None
        if _query_enabled:
            _narrowed.querying = True
            try:
                candidates = _candidates(self, signature.bind(self, *args, **kwargs).arguments)
            except Exception:
                candidates = None  # anything unexpected: moto's own walk decides, errors included
            finally:
                _narrowed.querying = False
        if candidates is None:
            return original_query(self, *args, **kwargs)
        _narrowed.table, _narrowed.items, _narrowed.querying = self, candidates, True
        try:
            results, scanned, last_key = original_query(self, *args, **kwargs)
        finally:
            _narrowed.table = _narrowed.items = None
            _narrowed.querying = False
        # moto deep-copies every item it read before filtering (`_query_copy` skips that): the
        # answer is copied anyway, into plain dicts, by the response (`DynamoResult`), and the
        # filter and projections only read the stored items
        return results, scanned, last_key

    @functools.wraps(original_put)
    def put_item(self: Table, *args: Any, **kwargs: Any) -> Any:
        item = original_put(self, *args, **kwargs)
        _reindex(self, item.hash_key, item.range_key)
        return item

    @functools.wraps(original_delete)
    def delete_item(self: Table, hash_key: DynamoType, range_key: DynamoType | None) -> Any:
        try:
            return original_delete(self, hash_key, range_key)
        finally:
            _reindex(self, hash_key, range_key)

    @functools.wraps(original_update)
    def update_item(self: Any, table_name: str, key: dict[str, Any], *args: Any, **kwargs: Any) -> Any:
        # moto's UpdateItem changes the stored Item in place (its index keys and its size).
        try:
            return original_update(self, table_name, key, *args, **kwargs)
        finally:
            table = self.tables.get(table_name)
            if table is not None and table.hash_key_attr in key:
                range_key = key.get(table.range_key_attr) if table.range_key_attr else None
                hash_value = DynamoType(key[table.hash_key_attr])
                range_value = DynamoType(range_key) if range_key is not None else None
                _forget_size(table, hash_value, range_value)
                _reindex(table, hash_value, range_value)

    original_size = Item.size

    @functools.wraps(original_size)
    def size(self: Item) -> int:
        if not getattr(_narrowed, "querying", False):
            return original_size(self)
        kept = self.__dict__.get(_SIZE)
        if kept is None:
            kept = self.__dict__[_SIZE] = original_size(self)
        return int(kept)

    Item.size = size  # type: ignore[method-assign]
    table_module.copy = SimpleNamespace(deepcopy=_query_copy, copy=copy.copy)  # type: ignore[attr-defined, assignment]
    Table.all_items = all_items  # type: ignore[method-assign]
    Table.query = query  # type: ignore[method-assign]
    Table.put_item = put_item  # type: ignore[method-assign]
    Table.delete_item = delete_item  # type: ignore[method-assign]
    dynamodb_models.DynamoDBBackend.update_item = update_item  # type: ignore[method-assign]


_STRINGS = frozenset({"S", "N"})
_STRING_SETS = frozenset({"SS", "NS"})
_FLAGS = frozenset({"NULL", "BOOL"})
_NOT_FAST = object()
_PLAIN_TYPES = frozenset({"S", "N", "BOOL", "NULL", "SS", "NS"})
_SCALARS = frozenset({str, int, float, bool, type(None), Decimal})


def _fast_attribute_value(serializer: Any, value: Any) -> Any:
    """`value` serialized as moto's shape walk serializes an `AttributeValue`, or `_NOT_FAST`."""
    if type(value) is not dict:
        return _NOT_FAST
    out: dict[str, Any] = {}
    for member, member_value in value.items():
        if member_value is None:
            continue
        if member in _STRINGS:
            out[member] = member_value if member_value in ("", {}, []) else str(member_value)
        elif member in _FLAGS:
            out[member] = member_value
        elif member in _STRING_SETS and type(member_value) is list:
            out[member] = [item if item in ("", {}, []) else str(item) for item in member_value]
        elif member == "B":
            out[member] = serializer._base64(member_value)
        elif member == "BS" and type(member_value) is list:
            out[member] = [serializer._base64(item) for item in member_value]
        elif member == "M" and type(member_value) is dict:
            mapped = {}
            for name, item in member_value.items():
                if item is None:
                    return _NOT_FAST
                mapped[name] = _fast_attribute_value(serializer, item)
                if mapped[name] is _NOT_FAST:
                    return _NOT_FAST
            out[member] = mapped
        elif member == "L" and type(member_value) is list:
            listed = [_fast_attribute_value(serializer, item) for item in member_value]
            if any(item is _NOT_FAST for item in listed):
                return _NOT_FAST
            out[member] = listed
        else:
            return _NOT_FAST  # a member the shape does not have, or an unusual value: moto decides
    return out


def _install_serializer() -> None:
    original = moto_serialize.BaseJSONSerializer._serialize_type_structure

    @functools.wraps(original)
    def serialize_structure(self: Any, serialized: Any, value: Any, shape: Any, key: str) -> None:
        if _serializer_enabled and key and shape.name == "AttributeValue":
            fast = _fast_attribute_value(self, value)
            if fast is not _NOT_FAST:
                serialized[self.get_serialized_name(shape, key)] = fast
                return
        original(self, serialized, value, shape, key)

    original_map = moto_serialize.BaseJSONSerializer._serialize_type_map

    @functools.wraps(original_map)
    def serialize_map(self: Any, serialized: Any, value: Any, shape: Any, key: str) -> None:
        # an item (a map of AttributeValue): each value as `serialize_structure` does it, without
        # the walk's per-entry dispatch; any value the fast path declines: moto's own for the map
        if _serializer_enabled and key and shape.value.name == "AttributeValue" and type(value) is dict:
            mapped = {}
            for name, item in value.items():
                fast = _fast_attribute_value(self, item)
                if fast is _NOT_FAST:
                    break
                mapped[name] = fast
            else:
                serialized[self.get_serialized_name(shape, key)] = mapped
                return
        original_map(self, serialized, value, shape, key)

    moto_serialize.BaseJSONSerializer._serialize_type_structure = serialize_structure  # type: ignore[method-assign]
    moto_serialize.BaseJSONSerializer._serialize_type_map = serialize_map  # type: ignore[method-assign]
    _original_plain = dynamodb_utilities.dynamo_to_dict

    def plain(obj: Any) -> Any:
        """`dynamo_to_dict` (the response's conversion of moto's values into plain ones) by the
        value's exact type: a string, number, flag or their sets as it is, maps and lists
        member by member; binary values and anything else: moto's own (which recurses here)."""
        if not _serializer_enabled:
            return _original_plain(obj)
        kind = type(obj)
        if kind is DynamoType:
            if obj.type in _PLAIN_TYPES:
                return {obj.type: list(obj.value) if type(obj.value) is list else obj.value}
            if obj.type in ("M", "L"):
                return {obj.type: plain(obj.value)}
            return _original_plain(obj)
        if kind is dict:
            return {name: plain(value) for name, value in obj.items()}
        if kind is list:
            return [plain(value) for value in obj]
        if kind in _SCALARS:
            return obj
        return _original_plain(obj)

    dynamodb_utilities.dynamo_to_dict = plain
    dynamodb_responses.dynamo_to_dict = plain  # DynamoResult's own name for it


@contextlib.contextmanager
def query_speedup(enabled: bool) -> Iterator[None]:
    """Turn the Query and response speed-ups on or off for a block (the equivalence tests compare
    both)."""
    global _query_enabled, _serializer_enabled
    before = _query_enabled, _serializer_enabled
    _query_enabled = _serializer_enabled = enabled
    try:
        yield
    finally:
        _query_enabled, _serializer_enabled = before


def _project(self: Item, projection_expressions: list[list[str]]) -> Item:
    """moto's `Item.project` for projections of top-level names only (an export's columns):
    moto converts the WHOLE item to plain values once per name, looks the name up and converts
    the answer back into new typed values; this picks the named attributes' own typed values, in
    the same order (a name once, a missing name skipped). They are shared, not copied: a
    projected answer is only read (the response converts it into plain dicts). The one visible
    difference is a binary value, which moto's round trip turns from base64 text into bytes: the
    response sends both alike (`dynamo_to_dict`). Nested paths and list indexes go to moto's own."""
    if not _query_enabled or not all(
        len(path) == 1 and "[" not in path[0] for path in projection_expressions
    ):
        return _original_project(self, projection_expressions)
    picked = LimitedSizeDict.__new__(LimitedSizeDict)
    dict.__init__(picked)
    for (name,) in projection_expressions:
        attribute = self.attrs.get(name)
        if attribute is not None and name not in picked:
            dict.__setitem__(picked, name, attribute)
    projected = object.__new__(Item)
    projected.hash_key, projected.range_key, projected.attrs = self.hash_key, self.range_key, picked
    return projected


def _install_projection() -> None:
    global _original_project
    _original_project = Item.project
    Item.project = _project  # type: ignore[method-assign]


_dynamodb_lock = threading.RLock()


def _install_lock() -> None:
    """One DynamoDB request at a time. moto's server answers each request in a thread of its own,
    and its DynamoDB backend (with the indexes and rollback here) has no locks: two transactions
    at once could interleave between their condition checks and their writes, which DynamoDB
    never allows. moto's work runs under the GIL anyway, so this costs no throughput; the job
    runner's concurrent handlers and the API still overlap their own (client-side) work."""
    original = DynamoHandler.call_action

    @functools.wraps(original)
    def call_action(self: Any) -> Any:
        with _dynamodb_lock:
            return original(self)

    DynamoHandler.call_action = call_action  # type: ignore[method-assign]


def _install_module_list() -> None:
    """moto's server lists its own package directory (a `listdir` and ~150 `isdir` calls) on
    every request to find the service a host names; the directory does not change while it runs."""
    modules = tuple(moto_backends.list_of_moto_modules())
    moto_backends.list_of_moto_modules = lambda: modules  # type: ignore[assignment]


def _install_request_caches() -> None:
    """moto's server lists a response class's methods (`inspect.getmembers`, ~300 attributes) and
    converts the action's name from CamelCase on every request, ~0.5 ms of each: both are pure
    functions of a class or a name, now remembered (a class's methods do not change while it
    runs). Modules that imported the converter by name are pointed at the remembered one."""
    import sys

    from moto.core import responses as moto_responses
    from moto.core import utils as moto_utils

    original = moto_utils.camelcase_to_underscores
    remembered = functools.lru_cache(maxsize=4096)(original)
    moto_utils.camelcase_to_underscores = remembered  # type: ignore[assignment]
    for name, module in list(sys.modules.items()):
        if name.startswith("moto.") and getattr(module, "camelcase_to_underscores", None) is original:
            module.camelcase_to_underscores = remembered  # type: ignore[attr-defined]
    names = functools.cache(lambda clazz: tuple(moto_utils.method_names_from_class(clazz)))
    moto_responses.method_names_from_class = names  # type: ignore[assignment]


def _install_request_id_check() -> None:
    """moto writes the request id into an XML answer's `<RequestId>` with a look-behind regex run
    over every answer's whole body: a JSON page of a Query (up to 1 MB) was scanned for nothing.
    A body without the tag is now left alone (the same answer: the regex matches only after it)."""
    from moto.core import responses as moto_responses

    original = moto_responses.BaseResponse._enrich_response

    def enrich(headers: dict[str, str], body: Any) -> tuple[dict[str, str], Any]:
        if isinstance(body, str) and "<RequestId>" not in body:
            if "status" in headers:
                headers["status"] = str(headers["status"])
            moto_responses.gen_amzn_requestid_long(headers)
            return headers, body
        return original(headers, body)

    moto_responses.BaseResponse._enrich_response = staticmethod(enrich)  # type: ignore[method-assign, assignment]


def apply() -> None:
    """Install once per process (idempotent)."""
    global _applied, _query_enabled, _serializer_enabled
    if _applied:
        _query_enabled = _serializer_enabled = True
        return
    moto_writes.apply()  # first: its UpdateItem is the one the index upkeep below wraps
    _install_lock()
    _install_module_list()
    _install_request_caches()
    _install_request_id_check()
    original = dynamodb_models.DynamoDBBackend.transact_write_items

    @functools.wraps(original)
    def transact_write_items(self: Any, transact_items: list[dict[str, Any]]) -> None:
        if _fast_transaction(self, transact_items):
            _transact(self, transact_items)
            return
        touched = _snapshot(self, transact_items)
        try:
            original(self, transact_items)
        except Exception:
            _restore(self, touched)
            raise

    dynamodb_models.copy = SimpleNamespace(  # type: ignore[attr-defined, assignment]
        deepcopy=_deepcopy_except_tables
    )
    dynamodb_models.DynamoDBBackend.transact_write_items = transact_write_items  # type: ignore[method-assign]
    _install_query()
    _install_serializer()
    _install_projection()
    moto_scans.install()
    moto_requests.install()
    moto_direct.install()
    _applied = _query_enabled = _serializer_enabled = True
