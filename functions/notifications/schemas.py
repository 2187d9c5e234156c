"""Request models of the notifications area."""

from __future__ import annotations

from pydantic import Field

from functions.core.validation import Schema


class AdminNotificationBody(Schema):
    title: str = Field(min_length=1, max_length=120)
    body: str = Field(min_length=1, max_length=2000)
    tenant_ids: list[str] | None = Field(default=None, min_length=1, max_length=1000)
