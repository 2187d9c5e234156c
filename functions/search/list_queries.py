"""The search box's query (plain Python: the first request needs no pydantic, ADR 0011)."""

from __future__ import annotations

from typing import ClassVar

from functions.core.plain_query import PlainQuery


class SearchQuery(PlainQuery):
    q: str = ""

    LIMITS: ClassVar[dict[str, int]] = {"q": 100}
