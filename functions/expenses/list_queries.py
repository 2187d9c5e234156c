"""List queries of the expenses area, plain Python (functions/core/pagination.py `ListQuery`): the
expenses list's first request reads its query without pydantic (ADR 0011)."""

from __future__ import annotations

from typing import Literal

from functions.core.pagination import ListQuery


class ExpenseListQuery(ListQuery):
    sortBy: Literal["date"] = "date"  # noqa: N815
