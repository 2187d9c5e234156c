"""Request bodies and queries of the subscriptions area (unknown fields are rejected)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field

from functions.core.validation import Money, Schema


def _trimmed(value: Any) -> Any:
    return " ".join(value.split()) if isinstance(value, str) else value


class SubscriptionFilters(Schema):
    status: Literal["active", "failing", "paused", "cancelled", "incomplete", "expired"] | None = None
    provider: Literal["stripe", "paypal"] | None = None
    interval: Literal["month", "year"] | None = None


class SubscriptionVersionBody(Schema):
    version: int = Field(ge=1)


class SubscriptionPauseBody(SubscriptionVersionBody):
    months: int = Field(ge=1, le=6)


class SubscriptionAmountBody(SubscriptionVersionBody):
    amount: Money


class SubscriptionChargeDateBody(SubscriptionVersionBody):
    day: int = Field(ge=1, le=28)


class SubscriptionCancelBody(SubscriptionVersionBody):
    reason: Annotated[str, BeforeValidator(_trimmed)] = Field(min_length=1, max_length=200)


# ------------------------------------------------------------------ self-service and reconciliation
class SubscriptionSettingsBody(SubscriptionVersionBody):
    version: int = Field(ge=0)
    failure_emails: bool


class ManageLinkBody(Schema):
    purpose: Literal["manage", "pause", "resume", "amount", "cancel"] = "manage"
    send: bool = False  # also email it to the donor


class ManageTokenQuery(Schema):
    token: str = Field(default="", max_length=200)  # missing or wrong: 404


class DonorActionBody(Schema):
    """pause: `months`; amount: `amount`; cancel: `reason` (optional); resume: nothing."""

    months: int | None = Field(default=None, ge=1, le=6)
    amount: Money | None = None
    reason: Annotated[str | None, BeforeValidator(_trimmed)] = Field(default=None, max_length=200)
