"""List queries of the donors area: plain Python (functions/core/pagination.py `ListQuery`), so
the donors list answers its first request without pydantic (ADR 0011)."""

from __future__ import annotations

from typing import Literal

from functions.core.pagination import ListQuery


class DonorListQuery(ListQuery):
    sortBy: Literal["name", "created_at", "total_given", "id"] = "created_at"  # noqa: N815
