"""Request bodies and list filters of the Support Centre."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from functions.core.validation import Schema


class TicketBody(Schema):
    id: str | None = Field(default=None, max_length=40)
    title: str = Field(min_length=1, max_length=150)
    type: Literal["bug", "feature"]
    description: str = Field(min_length=1, max_length=5000)


Status = Literal["open", "in_progress", "resolved", "closed"]


class StatusBody(Schema):
    id: str = Field(min_length=1, max_length=40)
    status: Status


class FeedbackFilters(Schema):
    """`filters` of the tickets list: one status (a list or an unknown name is a 422)."""

    status: Status | None = None
