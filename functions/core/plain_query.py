"""Query strings read without pydantic (ADR 0011, addendum "no pydantic on a first request").

A GET route's query (a list's page and sort, the search box's text) is read on almost every
first request of a cold Lambda, and pydantic with the area's request models costs more than the
whole cold-start budget. A `PlainQuery` subclass declares its fields as plain annotations with
plain defaults; `parse` reads the usual query itself (known names, text without surrounding
spaces, a choice among its `Literal` values, texts within `LIMITS`) and hands anything else to the
class's pydantic twin (`twin()`, built on first need from the same annotations), whose 422 names
each field as every request model's does. The OpenAPI document describes the twin.
`tests/unit/test_plain_queries.py` holds every subclass to its twin's answers on generated input.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any, ClassVar, Literal, Self, Union, get_args, get_origin, get_type_hints

Reader = Callable[[str], Any]  # the text as the twin would read it, or NEEDS_TWIN
NEEDS_TWIN = object()


class PlainQuery:
    """A query string, read by `parse` (see the module doc)."""

    LIMITS: ClassVar[dict[str, int]] = {}  # a text field's maximum length, in characters
    _fields: ClassVar[dict[str, Any]]  # per class: name -> default
    _readers: ClassVar[dict[str, Reader]]  # per class: the fields `parse` reads itself
    _twin: ClassVar[Any]

    def __init__(self, **values: Any) -> None:
        """The query as `parse` reads it (`UserListQuery(sortBy="name")`); 422 as a request's."""
        self.__dict__.update(type(self).parse(values).__dict__)

    @classmethod
    def _spec(cls) -> tuple[dict[str, Any], dict[str, Reader]]:
        fields = cls.__dict__.get("_fields")
        if fields is None:
            hints = get_type_hints(cls)
            names = [n for n, h in hints.items() if not n.startswith("_") and get_origin(h) is not ClassVar]
            readers = {}
            for name in names:
                reader = cls._reader(name, hints[name])
                if reader is not None:
                    readers[name] = reader
            cls._readers = readers
            cls._fields = fields = {name: getattr(cls, name, None) for name in names}
        return fields, cls.__dict__["_readers"]

    @classmethod
    def _reader(cls, name: str, hint: Any) -> Reader | None:
        """How `parse` reads field `name` of type `hint` itself; None: always by the twin."""
        kinds = [arg for arg in _alternatives(hint) if arg is not type(None)]
        if kinds == [str]:
            limit = cls.LIMITS.get(name)
            return lambda value: value if limit is None or len(value) <= limit else NEEDS_TWIN
        if (
            len(kinds) == 1
            and get_origin(kinds[0]) is Literal
            and all(type(a) is str for a in get_args(kinds[0]))
        ):
            choices = frozenset(get_args(kinds[0]))
            return lambda value: value if value in choices else NEEDS_TWIN
        return None

    @classmethod
    def parse(cls, values: dict[str, Any], *, prefix: str = "") -> Self:
        """The query from its parameters, or 422 naming each field (`prefix.field` if given)."""
        fields, readers = cls._spec()
        read = cls._read_usual(values, readers)
        if read is None:
            from functions.core.validation import validate

            checked = validate(cls.twin(), values, prefix=prefix)
            read = {name: getattr(checked, name) for name in fields}
        query = object.__new__(cls)
        query.__dict__.update(fields | read)
        return query

    @staticmethod
    def _read_usual(values: dict[str, Any], readers: dict[str, Reader]) -> dict[str, Any] | None:
        """The values as the twin would read them; None when any of them needs the twin."""
        read: dict[str, Any] = {}
        for name, value in values.items():
            reader = readers.get(name)
            if reader is None or type(value) is not str or value != value.strip():
                return None
            read[name] = reader(value)
            if read[name] is NEEDS_TWIN:
                return None
        return read

    @classmethod
    def twin(cls) -> Any:
        """The pydantic model of this query (built once): validates what `parse` does not read
        itself, and is what the OpenAPI document shows."""
        twin = cls.__dict__.get("_twin")
        if twin is None:
            from functions.core.plain_query_twin import build_twin

            fields, _ = cls._spec()
            hints = get_type_hints(cls, include_extras=True)
            spec = {name: (hints[name], default) for name, default in fields.items()}
            twin = cls._twin = build_twin(cls, spec, cls.LIMITS, cls.twin_base())
        return twin

    @classmethod
    def twin_base(cls) -> Any:
        """The twin's pydantic base: a query whose fields need more than a type and a default (an
        alias, a check across fields) declares those there; the rest are built around it."""
        from functions.core.schema import Schema

        return Schema


def _alternatives(hint: Any) -> tuple[Any, ...]:
    if get_origin(hint) in (Union, types.UnionType):
        return get_args(hint)
    return (hint,)
