"""Request bodies of the gateways area (unknown fields are rejected)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field

from functions.core.validation import Schema


def _blank_is_none(value: Any) -> Any:
    return None if isinstance(value, str) and not value.strip() else value


Optional = Annotated[str | None, BeforeValidator(_blank_is_none)]


class StripeBody(Schema):
    publishable_key: str = Field(min_length=1, max_length=255)
    secret_key: Optional = Field(default=None, max_length=255)
    signing_secret: Optional = Field(default=None, max_length=255)
    default_fund_id: Optional = Field(default=None, max_length=40)


class PayPalBody(Schema):
    client_id: str = Field(min_length=1, max_length=255)
    client_secret: Optional = Field(default=None, max_length=255)
    webhook_id: str = Field(min_length=1, max_length=64)
    mode: Literal["test", "live"]
    default_fund_id: Optional = Field(default=None, max_length=40)
