"""The users list's query (plain Python: the first request needs no pydantic, ADR 0011)."""

from __future__ import annotations

from typing import Literal

from functions.core.pagination import ListQuery


class UserListQuery(ListQuery):
    sortBy: Literal["id", "name", "email", "created_at"] = "created_at"  # noqa: N815 (the spec's name)
