"""One list page from one Query, with a bounded filter (ARCHITECTURE.md §4: lists are Queries on
a key or GSI; filters that no key serves are filter expressions over a bounded read).

Unfiltered, a page of N rows is one Query with Limit N. Filtered, the Query reads up to
`FILTER_PAGE_SIZE` items per call and at most `MAX_FILTERED_READ` in all; a page that is still
short then ends early with a cursor, and the SPA asks for the next one as usual. The cursor of a
page that ends inside a DynamoDB page is the key of its last row, so no row is skipped."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from pynamodb.models import Model

from functions.core.errors import Invalid
from functions.core.messages import t

FILTER_PAGE_SIZE = 400
MAX_FILTERED_READ = 2000

M = TypeVar("M", bound=Model)


def check_cursor(start: dict[str, Any] | None, hash_attribute: str, hash_value: str) -> dict[str, Any] | None:
    """A client's cursor may only continue the partition it came from (never another tenant's)."""
    if start is None:
        return None
    value = start.get(hash_attribute)
    if not isinstance(value, dict) or value.get("S") != hash_value:
        raise Invalid(errors={"cursor": [t("field.invalid")]})
    return start


def key_names(index: str | None = None) -> tuple[str, ...]:
    """The attributes of a last-evaluated key on the table or on one of its GSIs."""
    return ("PK", "SK") if index is None else ("PK", "SK", f"{index}PK", f"{index}SK")


def bounded_page(
    model: type[M],
    query: Callable[..., Any],
    *,
    length: int,
    start: dict[str, Any] | None,
    filtered: bool,
    index: str | None = None,
    keep: Callable[[M], bool] | None = None,
) -> tuple[list[M], dict[str, Any] | None]:
    """(rows, last key or None). `query(page_size=..., last_evaluated_key=...)` runs the Query
    on the table (`index` None) or on the GSI named `index`. `keep` filters the rows read in
    Python (a list's search box, `functions.core.list_search`) under the same read bounds."""
    filtered = filtered or keep is not None
    results = query(page_size=FILTER_PAGE_SIZE if filtered else length, last_evaluated_key=start)
    pages = results.page_iter
    rows: list[M] = []
    read = 0
    for page in pages:
        raw_items = page.get("Items", [])
        for position, raw in enumerate(raw_items):
            row = model.from_raw_data(raw)
            if keep is not None and not keep(row):
                continue
            rows.append(row)
            if len(rows) == length:
                more = position < len(raw_items) - 1 or pages.last_evaluated_key is not None
                return rows, ({name: raw[name] for name in key_names(index)} if more else None)
        read += page.get("ScannedCount", 0)
        if pages.last_evaluated_key is None:
            return rows, None
        if read >= MAX_FILTERED_READ or not filtered:
            return rows, pages.last_evaluated_key
    return rows, None
