"""Query strings of the projects area, plain Python (functions/core/plain_query.py): the projects
list and a project's ledger lines read their query without pydantic (ADR 0011)."""

from __future__ import annotations

from typing import Literal

from functions.core.pagination import ListQuery
from functions.core.plain_query import PlainQuery


class ProjectListQuery(PlainQuery):
    status: Literal["all", "planned", "active", "completed", "archived"] = "all"


class LinesQuery(ListQuery):
    sortBy: Literal["date"] = "date"  # noqa: N815
