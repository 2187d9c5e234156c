"""List queries of the funds area: plain Python (functions/core/pagination.py `ListQuery`), so a
fund's ledger is read without pydantic (ADR 0011)."""

from __future__ import annotations

from typing import Literal

from functions.core.pagination import ListQuery


class LedgerQuery(ListQuery):
    sortBy: Literal["date"] = "date"  # noqa: N815
