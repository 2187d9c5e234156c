"""List queries of the expenses area, plain Python (functions/core/pagination.py `ListQuery`): the
expenses list's first request reads its query without pydantic (ADR 0011)."""

from __future__ import annotations

from typing import Literal

from functions.core.pagination import ListQuery
from functions.core.plain_query import PlainQuery


class ExpenseListQuery(ListQuery):
    sortBy: Literal["date"] = "date"  # noqa: N815


class ExpenseTypeListQuery(PlainQuery):
    status: Literal["all", "active", "archived"] = "all"
