"""List queries of the Gift Aid claims API, plain Python (functions/core/pagination.py
`ListQuery`): the Past Claims list's first request reads its query without pydantic (ADR 0011)."""

from __future__ import annotations

from typing import Literal

from functions.core.pagination import ListQuery


class ClaimsQuery(ListQuery):
    # `paid`: accepted claims marked paid (a filter, not a state of its own)
    state: Literal["draft", "sealed", "submitted", "accepted", "paid", "rejected", "cancelled"] | None = None
