"""List queries of the subscriptions area, plain Python (functions/core/pagination.py
`ListQuery`): the subscriptions list's first request reads its query without pydantic (ADR 0011)."""

from __future__ import annotations

from typing import Literal

from functions.core.pagination import ListQuery


class SubscriptionListQuery(ListQuery):
    sortBy: Literal["id", "created_at"] = "created_at"  # noqa: N815
