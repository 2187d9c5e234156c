"""Request bodies of the giving area (unknown fields are rejected)."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, ConfigDict, Field, field_validator
from pydantic_core import PydanticCustomError

from functions.core.validation import Email, Money, Schema
from functions.giving.models import RESERVED_SLUGS

_SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{1,58}[a-z0-9]$")


def _blank_is_none(value: Any) -> Any:
    return None if isinstance(value, str) and not value.strip() else value


OptionalText = Annotated[str | None, BeforeValidator(_blank_is_none)]


class PageBody(Schema):
    slug: str = Field(min_length=1, max_length=60)
    enabled: bool = True
    title: OptionalText = Field(default=None, max_length=100)
    intro: OptionalText = Field(default=None, max_length=2000)
    presets: list[Money] = Field(default_factory=list, max_length=6)
    min_amount: Money = Decimal("1.00")
    max_amount: Money = Decimal("10000.00")
    fund_ids: list[Annotated[str, Field(min_length=1, max_length=40)]] = Field(
        default_factory=list, max_length=20
    )
    cover_fees: bool = True
    thank_you: OptionalText = Field(default=None, max_length=2000)
    version: int = Field(ge=1)

    @field_validator("slug")
    @classmethod
    def _slug(cls, value: str) -> str:
        if not _SLUG.match(value):
            raise PydanticCustomError("giving.slug", "slug")
        if value in RESERVED_SLUGS:
            raise PydanticCustomError("giving.slug_taken", "slug")
        return value

    @field_validator("presets")
    @classmethod
    def _presets_once(cls, value: list[Decimal]) -> list[Decimal]:
        if len(set(value)) != len(value):
            raise PydanticCustomError("giving.presets_repeated", "repeated")
        return value


class Consents(Schema):
    email: bool = False
    post: bool = False
    phone: bool = False
    sms: bool = False


class CheckoutBody(Schema):
    amount: Money
    fund_id: OptionalText = Field(default=None, max_length=40)
    cover_fees: bool = False
    provider: Literal["stripe", "paypal"]
    first_name: str = Field(min_length=1, max_length=35)
    last_name: str = Field(min_length=1, max_length=35)
    email: Email
    consents: Consents = Field(default_factory=Consents)
    gift_aid: bool = False
    house: OptionalText = Field(default=None, max_length=40)
    address_line1: OptionalText = Field(default=None, max_length=100)
    town: OptionalText = Field(default=None, max_length=60)
    postcode: OptionalText = Field(default=None, max_length=12)
    overseas: bool = False
    country: OptionalText = Field(default=None, max_length=60)
    tax_statement: bool = False
    website: str = Field(default="", max_length=500)
    frequency: Literal["once", "monthly", "annual"] = "once"
    page_id: OptionalText = Field(default=None, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")


class Honeypot(Schema):
    """Only the hidden `website` field of a checkout body, read before anything is validated."""

    model_config = ConfigDict(extra="ignore")
    website: Any = ""


class TokenQuery(Schema):
    token: str = Field(default="", max_length=200)  # missing or wrong: 404, as for an unknown gift
