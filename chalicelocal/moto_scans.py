"""Scans of the embedded moto in time proportional to the table, not to its square (ADR 0006,
fourth addendum).

moto 5.2's `Table.scan` sorts EVERY item of the table (`all_items`, DynamoType comparisons in
Python) and then walks from the first one, skipping what comes before the ExclusiveStartKey, for
every page. A page is at most 1 MB, so reading a table of n items costs O(n² log n): the local
stack's state snapshot (`chalicelocal.state`, every 30 s) of a charity that imported 100,000
donations (~500,000 items) would never finish, and neither did `bench/import.py`'s read-back.

Here a scan of the base table keeps moto's sorted list from its first page, and each later page
starts where the previous one ended instead of at the beginning: moto's unchanged `Table.scan`
still skips what comes before the start key, checks the size and count limits, filters and
projects, so every page is moto's by construction. Items are handed over as they are now (an
item deleted since the scan began is left out, an updated one is read as updated); items put
after the scan began are not returned, which DynamoDB's Scan does not promise either. A start
key this module did not hand out (a scan of an index, segments, a forgotten scan) goes to moto's
own walk. tests/unit/test_moto_scans.py compares pages with moto's own.
"""

from __future__ import annotations

import functools
import json
import threading
from collections import OrderedDict
from collections.abc import Iterator
from typing import Any

from moto.dynamodb.models.dynamo_type import DynamoType
from moto.dynamodb.models.table import Table

KEPT_SCANS = 16  # scans under way at once whose next page is remembered

_enabled = True
_lock = threading.Lock()
_local = threading.local()
# (table id, start key as JSON) → (the table, moto's sorted items when the scan began, position)
_resume: OrderedDict[tuple[int, str], tuple[Table, list[Any], int]] = OrderedDict()


def _key_json(key: dict[str, Any]) -> str:
    """A key as moto hands it out (DynamoType values) or as a client sends it back (JSON)."""
    plain = {name: v.to_json() if isinstance(v, DynamoType) else v for name, v in key.items()}
    return json.dumps(plain, sort_keys=True)


def _item_key(table: Table, item: Any) -> dict[str, Any]:
    key = {table.hash_key_attr: item.hash_key}
    if table.range_key_attr is not None and item.range_key is not None:
        key[table.range_key_attr] = item.range_key
    return key


def _current(table: Table, snapshot: list[Any], start: int, consumed: list[int]) -> Iterator[Any]:
    """The snapshot's items from `start`, each as the table holds it now (gone ones left out)."""
    ranged = table.range_key_attr is not None
    for position in range(start, len(snapshot)):
        kept = snapshot[position]
        current = table.items.get(kept.hash_key)
        if ranged and current is not None:
            current = current.get(kept.range_key)
        if current is None:
            continue
        consumed.append(position)
        yield current


def install() -> None:
    """Wrap moto's scan (once, from `moto_speedups.apply`, after it wraps `all_items`)."""
    original_scan = Table.scan
    original_all_items = Table.all_items

    @functools.wraps(original_all_items)
    def all_items(self: Table) -> Any:
        feed = getattr(_local, "feed", None)
        if feed is not None and feed[0] is self:
            return feed[1]
        return original_all_items(self)

    @functools.wraps(original_scan)
    def scan(
        self: Table,
        filters: dict[str, Any],
        limit: int,
        exclusive_start_key: dict[str, Any] | None,
        filter_expression: Any = None,
        index_name: str | None = None,
        consistent_read: bool = False,
        projection_expression: Any = None,
        segments: Any = (None, None),
    ) -> Any:
        arguments = (filters, limit, exclusive_start_key, filter_expression, index_name)
        rest = (consistent_read, projection_expression, segments)
        if not _enabled or index_name or tuple(segments) != (None, None):
            return original_scan(self, *arguments, *rest)
        if exclusive_start_key is None:
            snapshot, start = original_all_items(self), 0
        else:
            with _lock:
                resumed = _resume.pop((id(self), _key_json(exclusive_start_key)), None)
            if resumed is None or resumed[0] is not self:
                return original_scan(self, *arguments, *rest)
            _, snapshot, start = resumed
        consumed: list[int] = []
        _local.feed = (self, _current(self, snapshot, start, consumed))
        try:
            results, scanned, last_key = original_scan(self, *arguments, *rest)
        finally:
            _local.feed = None
        if last_key is not None:
            # the next page starts at the item the last key names (moto skips it, as it skips
            # everything up to the start key)
            wanted = _key_json(last_key)
            position = next(
                (p for p in reversed(consumed) if _key_json(_item_key(self, snapshot[p])) == wanted),
                None,
            )
            if position is not None:
                with _lock:
                    _resume[(id(self), wanted)] = (self, snapshot, position)
                    while len(_resume) > KEPT_SCANS:
                        _resume.popitem(last=False)
        return results, scanned, last_key

    Table.all_items = all_items  # type: ignore[method-assign]
    Table.scan = scan  # type: ignore[method-assign]


def set_enabled(enabled: bool) -> None:
    """Turn the speed-up off or on (the equivalence tests compare both)."""
    global _enabled
    _enabled = enabled
    with _lock:
        _resume.clear()
