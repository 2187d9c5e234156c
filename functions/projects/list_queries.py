"""List queries of the projects area, plain Python (functions/core/pagination.py `ListQuery`): a
project's ledger lines read their query without pydantic (ADR 0011)."""

from __future__ import annotations

from typing import Literal

from functions.core.pagination import ListQuery


class LinesQuery(ListQuery):
    sortBy: Literal["date"] = "date"  # noqa: N815
