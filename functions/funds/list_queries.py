"""Query strings of the funds area, plain Python (functions/core/plain_query.py): the funds list
and a fund's ledger are read without pydantic (ADR 0011)."""

from __future__ import annotations

from typing import Literal

from functions.core.pagination import ListQuery
from functions.core.plain_query import PlainQuery


class FundListQuery(PlainQuery):
    status: Literal["all", "active", "archived"] = "all"


class LedgerQuery(ListQuery):
    sortBy: Literal["date"] = "date"  # noqa: N815
