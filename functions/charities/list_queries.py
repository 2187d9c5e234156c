"""The charities list's query (plain Python: the list's first request needs no pydantic, ADR 0011)."""

from __future__ import annotations

from typing import Literal

from functions.core.pagination import ListQuery


class CharityListQuery(ListQuery):
    sortBy: Literal["id", "name"] = "name"  # noqa: N815 (the spec's name); the index is ordered by name
