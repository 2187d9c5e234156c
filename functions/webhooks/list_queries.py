"""List queries of the webhooks area, plain Python (functions/core/pagination.py `ListQuery`): the
webhook calls list's first request reads its query without pydantic (ADR 0011)."""

from __future__ import annotations

import datetime as dt
from typing import Any, ClassVar, Literal

from functions.core.pagination import ListQuery

Provider = Literal["stripe", "paypal"]
Status = Literal["received", "processed", "ignored", "rejected", "failed"]


class CallListQuery(ListQuery):
    """`filters` (JSON, as every list) or the same names as plain query parameters."""

    sortBy: Literal["first_received_at", "id"] = "first_received_at"  # noqa: N815
    provider: Provider | None = None
    status: Status | None = None
    type: str | None = None
    from_: dt.date | None = None  # `from` in the query (its twin's alias)
    to: dt.date | None = None

    LIMITS: ClassVar[dict[str, int]] = {**ListQuery.LIMITS, "type": 100}

    @classmethod
    def twin_base(cls) -> Any:
        from functions.webhooks.schemas import CallRange  # pydantic: only when the twin is needed

        return CallRange
