"""List queries of the donations area: plain Python (functions/core/pagination.py `ListQuery`), so
the donations list answers its first request without pydantic (ADR 0011)."""

from __future__ import annotations

from typing import Literal

from functions.core.pagination import ListQuery


class DonationListQuery(ListQuery):
    sortBy: Literal["date", "amount", "id"] = "date"  # noqa: N815
