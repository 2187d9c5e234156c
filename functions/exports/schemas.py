"""Request models of the exports area."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from functions.core.validation import Schema

MAX_EXPORT_IDS = 1000


class Head(Schema):
    key: str = Field(min_length=1, max_length=60)
    label: str = Field(min_length=1, max_length=100)


class ExportBody(Schema):
    """The table meta the SPA stores (search, sortBy, sortDesc, filters, …) and its visible columns."""

    meta: dict[str, Any] = Field(default_factory=dict)
    heads: list[Head] = Field(default_factory=list, max_length=100)
    # "Export selected": just these rows (tables whose exporter can read rows by id).
    ids: list[Annotated[str, Field(min_length=1, max_length=64)]] | None = Field(
        default=None, min_length=1, max_length=MAX_EXPORT_IDS
    )
