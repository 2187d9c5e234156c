"""List queries of the landing pages area, plain Python (functions/core/pagination.py
`ListQuery`): the pages list's first request reads its query without pydantic (ADR 0011)."""

from __future__ import annotations

from typing import Literal

from functions.core.pagination import ListQuery


class PageListQuery(ListQuery):
    sortBy: Literal["updated_at"] = "updated_at"  # noqa: N815
