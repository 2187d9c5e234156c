"""Opaque list cursors and the list query shared by every table of the SPA (docs/api.md Lists)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from functions.core import cursors
from functions.core.errors import Invalid, Unauthenticated
from functions.core.list_search import MAX_SEARCH_LENGTH
from functions.core.messages import t
from functions.core.plain_query import NEEDS_TWIN, PlainQuery, Reader
from functions.core.validation import NotJson, load_json, validate

if TYPE_CHECKING:
    from pydantic import BaseModel

M = TypeVar("M", bound="BaseModel")

PAGE_SIZES = (20, 40, 50, 100, 500)


def _scope() -> str:
    """The list a cursor belongs to: the charity, the route and its path parameters, and the query
    without `page` and `cursor` (the SPA starts again from page 1 whenever any of them changes)."""
    from functions.core import access  # the request and principal bound to this call, if any

    try:
        request = access.current_request()
    except RuntimeError:  # a job or a script walking pages: no request, no scope
        return ""
    try:
        tenant = access.principal().tenant_id
    except Unauthenticated:
        tenant = ""
    params: Any = request.query_params or {}
    query = sorted(
        (name, value)
        for name in params
        if name not in ("cursor", "page")
        for value in (params.getlist(name) if hasattr(params, "getlist") else [params[name]])
    )
    path = sorted((request.uri_params or {}).items())
    return json.dumps([tenant, request.method, request.path, path, query], separators=(",", ":"))


def encode_cursor(last_evaluated_key: dict[str, Any] | None) -> str | None:
    """The signed cursor of the next page (functions/core/cursors.py), None on the last page."""
    if not last_evaluated_key:
        return None
    return cursors.issue(last_evaluated_key, _scope())


def decode_cursor(cursor: str | None) -> dict[str, Any] | None:
    """The key a client's cursor continues from; 422 on `cursor` unless this server issued it for
    this very list (so no hand-made key ever reaches DynamoDB)."""
    if not cursor:
        return None
    try:
        return cursors.read(cursor, _scope())
    except cursors.BadCursor as exc:
        raise Invalid(errors={"cursor": [t("field.cursor")]}) from exc


class ListQuery(PlainQuery):
    """Query string of every list endpoint. Values arrive as strings."""

    # Read without pydantic when usual (functions/core/plain_query.py): a list narrows `sortBy` to
    # its orders (`sortBy: Literal["date", "amount"] = "date"`) and may add fields of its own.

    length: int = 20
    page: int = 1
    cursor: str | None = None
    search: str = ""
    sortBy: str = "id"  # noqa: N815 (the spec's name)
    sortDesc: bool = True  # noqa: N815
    filters: str = "{}"

    LIMITS: ClassVar[dict[str, int]] = {"search": MAX_SEARCH_LENGTH}

    @classmethod
    def _reader(cls, name: str, hint: Any) -> Reader | None:
        if name == "length":
            return lambda value: int(value) if value in _PAGE_SIZE_TEXTS else NEEDS_TWIN
        if name == "page":  # a plain positive number (`01`, `0`, `1e3`: the twin says)
            return lambda value: (
                int(value) if value.isascii() and value.isdigit() and value[0] != "0" and len(value) < 10
                else NEEDS_TWIN
            )  # fmt: skip
        if name == "sortDesc":
            return lambda value: value == "true" if value in ("true", "false") else NEEDS_TWIN
        return super()._reader(name, hint)

    @classmethod
    def twin_base(cls) -> Any:
        from functions.core.plain_query_twin import ListQueryModel

        return ListQueryModel

    def filter_values(self) -> dict[str, Any]:
        """The applied filters (`filters` is a JSON object in the query string); 422 on `filters`
        when it is not JSON, not an object, or nested too deeply."""
        try:
            value = load_json(self.filters or "{}")
        except NotJson as exc:
            raise Invalid(errors={"filters": [t(exc.message_key, **exc.params)]}) from exc
        if not isinstance(value, dict):
            raise Invalid(errors={"filters": [t("field.json_object")]})
        return {k: v for k, v in value.items() if k != "applied" and v not in (None, "", [])}

    def filters_as(self, model: type[M]) -> M | None:
        """The filters checked by the list's own `model` (unknown names and wrong types are
        refused), so a filter of the wrong shape is a 422 naming `filters.<name>`, never a 500;
        None when no filter is applied. `model` is not touched then: a service imports it through
        `deferred_imports()`, so a list's first screen (no filter) needs no pydantic (ADR 0011)."""
        values = self.filter_values()
        return validate(model, values, prefix="filters") if values else None


_PAGE_SIZE_TEXTS = frozenset(str(size) for size in PAGE_SIZES)


def page_body(
    data: list[dict[str, Any]], *, total: int, query: ListQuery, next_cursor: str | None
) -> dict[str, Any]:
    return {
        "data": data,
        "meta": {"total": total, "page": query.page, "length": query.length, "next_cursor": next_cursor},
    }
