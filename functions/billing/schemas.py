"""Request shapes of the billing area (unknown fields refused, as everywhere)."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import Field

from functions.core.schema import Schema

PaymentStatus = Literal["pending", "succeeded", "failed", "refunded", "partially_refunded", "disputed"]


class PaymentFilters(Schema):
    """The Payments list's filters (`filters` JSON of the list query): `from`/`to` bound the
    payment's date (inclusive); `unmatched`: only payments without a donation."""

    provider: Literal["stripe", "paypal"] | None = None
    status: PaymentStatus | None = None
    payout_id: str | None = Field(default=None, min_length=1, max_length=100, pattern=r"^[A-Za-z0-9_\-]+$")
    date_from: dt.date | None = Field(default=None, alias="from")
    date_to: dt.date | None = Field(default=None, alias="to")
    unmatched: bool | None = None


class PaymentExportQuery(Schema):
    """The CSV takes the list's filters and gives every matching payment."""

    filters: str = "{}"


__all__ = ["PaymentExportQuery", "PaymentFilters"]
