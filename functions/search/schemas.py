"""Request models of the search area."""

from __future__ import annotations

from pydantic import Field

from functions.core.validation import Schema


class SearchQuery(Schema):
    q: str = Field(default="", max_length=100)
