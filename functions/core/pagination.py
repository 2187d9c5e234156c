"""Opaque list cursors and the list query shared by every table of the SPA (docs/api.md Lists)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Self, TypeVar, get_args, get_origin, get_type_hints

from functions.core import cursors
from functions.core.errors import Invalid, Unauthenticated
from functions.core.list_search import MAX_SEARCH_LENGTH
from functions.core.messages import t
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


class ListQuery:
    """Query string of every list endpoint. Values arrive as strings."""

    # Plain Python, so a list's first request needs no pydantic (ADR 0011, addendum "no pydantic on
    # a first request"): the query the SPA sends (known names, values in their usual spelling) is
    # read here directly. Anything else (an unknown name, `1` for a boolean, a padded value, a wrong
    # page size) goes to the class's pydantic twin (`twin()`, built on first need from the same
    # annotations), whose 422 names each field as every request model's does; the OpenAPI document
    # describes the twin too. `tests/unit/test_list_query.py` holds the two to the same answers.
    #
    # A list narrows `sortBy` to its orders (`sortBy: Literal["date", "amount"] = "date"`) and may
    # add fields of its own (annotations with plain defaults; `LIMITS` gives a text's maximum
    # length); those are always read by the twin.

    length: int = 20
    page: int = 1
    cursor: str | None = None
    search: str = ""
    sortBy: str = "id"  # noqa: N815 (the spec's name)
    sortDesc: bool = True  # noqa: N815
    filters: str = "{}"

    LIMITS: ClassVar[dict[str, int]] = {"search": MAX_SEARCH_LENGTH}
    _fields: ClassVar[dict[str, tuple[Any, Any]]]  # per class: name -> (annotation, default)
    _sorts: ClassVar[frozenset[str] | None]  # per class: the orders `sortBy` takes (None: any text)
    _twin: ClassVar[Any]

    def __init__(self, **values: Any) -> None:
        """The query as `parse` reads it: `UserListQuery(sortBy="name")`; 422 as a request's."""
        read = type(self).parse(values)
        self.__dict__.update(read.__dict__)

    @classmethod
    def _spec(cls) -> tuple[dict[str, tuple[Any, Any]], frozenset[str] | None]:
        spec = cls.__dict__.get("_fields")
        if spec is None:
            hints = get_type_hints(cls, include_extras=True)
            spec = {
                name: (hint, getattr(cls, name, None))
                for name, hint in hints.items()
                if not name.startswith("_") and get_origin(hint) is not ClassVar
            }
            sort = hints["sortBy"]
            cls._sorts = frozenset(get_args(sort)) if get_origin(sort) is Literal else None
            cls._fields = spec
        return spec, cls.__dict__["_sorts"]

    @classmethod
    def parse(cls, values: dict[str, Any], *, prefix: str = "") -> Self:
        """The query from its parameters, or 422 naming each field (`prefix.field` if given)."""
        spec, sorts = cls._spec()
        read = cls._read(values, sorts)
        if read is None:
            from functions.core.validation import validate

            checked = validate(cls.twin(), values, prefix=prefix)
            read = {name: getattr(checked, name) for name in spec}
        query = object.__new__(cls)
        query.__dict__.update({name: default for name, (_, default) in spec.items()} | read)
        return query

    @classmethod
    def _read(cls, values: dict[str, Any], sorts: frozenset[str] | None) -> dict[str, Any] | None:
        """The SPA's usual query as the twin reads it; None when anything needs the twin."""
        read: dict[str, Any] = {}
        for name, value in values.items():
            if type(value) is not str or value != value.strip():
                return None
            if name == "length":
                if value not in _PAGE_SIZE_TEXTS:
                    return None
                read[name] = int(value)
            elif name == "page":
                if not (value.isascii() and value.isdigit() and value[0] != "0" and len(value) < 10):
                    return None
                read[name] = int(value)
            elif name == "sortDesc":
                if value not in ("true", "false"):
                    return None
                read[name] = value == "true"
            elif name == "sortBy":
                if sorts is not None and value not in sorts:
                    return None
                read[name] = value
            elif name == "search":
                if len(value) > cls.LIMITS["search"]:
                    return None
                read[name] = value
            elif name in ("cursor", "filters"):
                read[name] = value
            else:  # a list's own field, or a name no list has: the twin knows
                return None
        return read

    @classmethod
    def twin(cls) -> Any:
        """The pydantic model of this query (built once): validates what `parse` does not read
        itself, and is what the OpenAPI document shows."""
        twin = cls.__dict__.get("_twin")
        if twin is None:
            from functions.core.list_query_model import build_twin

            spec, _ = cls._spec()
            twin = cls._twin = build_twin(cls, spec, cls.LIMITS, cls.twin_base())
        return twin

    @classmethod
    def twin_base(cls) -> Any:
        """The twin's pydantic base: a list whose own fields need more than a type and a default
        (an alias, a check across fields) declares them there; the rest are built around it."""
        from functions.core.list_query_model import ListQueryModel

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

    def filters_as(self, model: type[M]) -> M:
        """The filters checked by the list's own `model` (unknown names and wrong types are
        refused), so a filter of the wrong shape is a 422 naming `filters.<name>`, never a 500."""
        return validate(model, self.filter_values(), prefix="filters")


_PAGE_SIZE_TEXTS = frozenset(str(size) for size in PAGE_SIZES)


def page_body(
    data: list[dict[str, Any]], *, total: int, query: ListQuery, next_cursor: str | None
) -> dict[str, Any]:
    return {
        "data": data,
        "meta": {"total": total, "page": query.page, "length": query.length, "next_cursor": next_cursor},
    }
