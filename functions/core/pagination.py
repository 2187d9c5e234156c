"""Opaque list cursors and the list query shared by every table of the SPA (docs/api.md Lists)."""

from __future__ import annotations

import base64
import json
from typing import Any

from pydantic import field_validator
from pydantic_core import PydanticCustomError

from functions.core.errors import Invalid
from functions.core.messages import t
from functions.core.validation import Schema

PAGE_SIZES = (20, 40, 50, 100, 500)


def encode_cursor(last_evaluated_key: dict[str, Any] | None) -> str | None:
    if not last_evaluated_key:
        return None
    raw = json.dumps(last_evaluated_key, separators=(",", ":"), sort_keys=True).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(cursor: str | None) -> dict[str, Any] | None:
    if not cursor:
        return None
    try:
        padded = cursor + "=" * (-len(cursor) % 4)
        value = json.loads(base64.urlsafe_b64decode(padded.encode()))
    except (ValueError, UnicodeDecodeError) as exc:
        raise Invalid(errors={"cursor": [t("field.invalid")]}) from exc
    if not isinstance(value, dict):
        raise Invalid(errors={"cursor": [t("field.invalid")]})
    return value


class ListQuery(Schema):
    """Query string of every list endpoint. Values arrive as strings."""

    length: int = 20
    page: int = 1
    cursor: str | None = None
    search: str = ""
    sortBy: str = "id"  # noqa: N815 (the spec's name)
    sortDesc: bool = True  # noqa: N815
    filters: str = "{}"

    @field_validator("length")
    @classmethod
    def _length(cls, value: int) -> int:
        if value not in PAGE_SIZES:
            raise PydanticCustomError("field.choice", "invalid page size")
        return value

    @field_validator("page")
    @classmethod
    def _page(cls, value: int) -> int:
        if value < 1:
            raise PydanticCustomError("field.invalid", "invalid page")
        return value

    def filter_values(self) -> dict[str, Any]:
        try:
            value = json.loads(self.filters or "{}")
        except ValueError as exc:
            raise Invalid(errors={"filters": [t("field.invalid")]}) from exc
        if not isinstance(value, dict):
            raise Invalid(errors={"filters": [t("field.invalid")]})
        return {k: v for k, v in value.items() if k != "applied" and v not in (None, "", [])}


def page_body(
    data: list[dict[str, Any]], *, total: int, query: ListQuery, next_cursor: str | None
) -> dict[str, Any]:
    return {
        "data": data,
        "meta": {"total": total, "page": query.page, "length": query.length, "next_cursor": next_cursor},
    }
