"""Request bodies and queries of the webhooks area (unknown fields are rejected)."""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator
from pydantic_core import PydanticCustomError

from functions.core.plain_query_twin import ListQueryModel
from functions.core.validation import Schema
from functions.webhooks.list_queries import Provider, Status


def _range(value: dt.date | None, info: Any) -> dt.date | None:
    start = info.data.get("from_")
    if value is not None and start is not None and value < start:
        raise PydanticCustomError("webhooks.date_range", "end before start")
    return value


class CallFilters(Schema):
    provider: Provider | None = None
    status: Status | None = None
    type: str | None = Field(default=None, max_length=100)
    from_: dt.date | None = Field(default=None, alias="from")
    to: dt.date | None = None

    _to = field_validator("to")(_range)


class CallRange(ListQueryModel):
    """The dates of the calls list's query: `from` is a Python keyword, and `to` not before it."""

    from_: dt.date | None = Field(default=None, alias="from")
    to: dt.date | None = None

    _to = field_validator("to")(_range)


class FetchMissedBody(Schema):
    provider: Literal["stripe"]


class TestEventBody(Schema):
    provider: Provider


class StripeEvent(BaseModel):
    """A Stripe event as Stripe sends it (verified on its raw bytes with Stripe-Signature)."""

    model_config = ConfigDict(extra="allow")

    id: str
    type: str
    created: int | None = None
    livemode: bool | None = None
    data: dict[str, Any] | None = None


class PayPalEvent(BaseModel):
    """A PayPal webhook event (verified on its raw bytes with the PAYPAL-TRANSMISSION-* headers)."""

    model_config = ConfigDict(extra="allow")

    id: str
    event_type: str
    create_time: str | None = None
    resource: dict[str, Any] | None = None
