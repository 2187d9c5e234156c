"""List queries of the billing area, plain Python (functions/core/pagination.py `ListQuery`): the
Payments list's first request reads its query without pydantic (ADR 0011)."""

from __future__ import annotations

from typing import Literal

from functions.core.pagination import ListQuery


class PaymentListQuery(ListQuery):
    sortBy: Literal["created_at"] = "created_at"  # noqa: N815  (newest first)
