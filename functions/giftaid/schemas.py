"""Request bodies and queries of the Gift Aid claims API (docs/api.md "Gift Aid: claims")."""

from __future__ import annotations

from decimal import Decimal
from typing import Literal

from pydantic import Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from functions.core.pagination import ListQuery
from functions.core.validation import Schema

MAX_SELECTED = 5000  # larger selections use {"all": true}


class Official(Schema):
    title: str | None = Field(default=None, max_length=4)
    first_name: str = Field(min_length=1, max_length=35)
    last_name: str = Field(min_length=1, max_length=35)
    postcode: str | None = Field(default=None, max_length=8)
    overseas: bool = False
    phone: str = Field(min_length=1, max_length=20)


class SettingsBody(Schema):
    hmrc_reference: str | None = Field(default=None, max_length=20)
    regulator: Literal["CCEW", "CCNI", "OSCR", "none"] = "none"
    regulator_number: str | None = Field(default=None, max_length=20)
    official: Official | None = None
    entity_type: Literal["trust", "company", "cio", "casc", "other"] = "trust"
    year_end: str = Field(default="03-31", pattern=r"^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$")
    aggregation_limit: Decimal = Field(default=Decimal("20.00"), ge=Decimal("0.00"), le=Decimal("30.00"))
    aggregate_small_donations: bool = False
    sum_donor_lines: bool = False
    reminders: bool = True
    gateway_user_id: str | None = Field(default=None, max_length=64)
    gateway_password: str | None = Field(default=None, max_length=128)  # omitted: keep the stored one
    vendor_id: str | None = Field(default=None, max_length=10)
    endpoint: str = Field(default="test", max_length=300)
    version: int | None = None

    @field_validator("endpoint")
    @classmethod
    def _endpoint(cls, value: str) -> str:
        if value in ("test", "live") or value.startswith(
            ("https://", "http://127.0.0.1", "http://localhost")
        ):
            return value
        raise PydanticCustomError("field.invalid", "endpoint")


class NewClaimBody(Schema):
    donation_ids: list[str] | None = Field(default=None, max_length=MAX_SELECTED)
    all: bool = False

    @model_validator(mode="after")
    def _one_of(self) -> NewClaimBody:
        if not self.all and not self.donation_ids:
            raise PydanticCustomError("field.required", "donation_ids or all")
        return self


class ClaimsQuery(ListQuery):
    state: Literal["draft", "sealed", "submitted", "accepted", "rejected", "cancelled"] | None = None


class RemoveLinesBody(Schema):
    donation_ids: list[str] = Field(min_length=1, max_length=500)
