"""Request bodies and queries of the Gift Aid claims API (docs/api.md "Gift Aid: claims")."""

from __future__ import annotations

from decimal import Decimal
from typing import Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator
from pydantic_core import PydanticCustomError

from functions.core import config
from functions.core.schema import Money, MoneyOrZero
from functions.core.validation import Schema
from functions.domain.hmrc import gateway
from functions.donations.schemas import PastDate
from functions.giftaid import entry
from functions.giftaid.entry import Official

MAX_SELECTED = 5000  # larger selections use {"all": true}


class SettingsBody(Schema):
    # Order matters: each cross-field rule reads the fields declared before it.
    hmrc_reference: str | None = Field(default=None, max_length=20)
    regulator: Literal["CCEW", "CCNI", "OSCR", "none"] = Field(default="none", validate_default=True)
    regulator_number: str | None = Field(default=None, max_length=20, validate_default=True)
    official: Official | None = None
    entity_type: Literal["trust", "company", "cio", "casc", "other"] = "trust"
    year_end: str = Field(default="03-31", pattern=r"^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$")
    # parsed like every amount (2 decimals, plain notation): "20.001" or "1e-400" is refused, not stored
    aggregation_limit: MoneyOrZero = Field(default=Decimal("20.00"), le=Decimal("30.00"))
    aggregate_small_donations: bool = False
    sum_donor_lines: bool = False
    reminders: bool = True
    gateway_user_id: str | None = Field(default=None, max_length=64)
    gateway_password: str | None = Field(default=None, max_length=128)  # omitted: keep the stored one
    vendor_id: str | None = Field(default=None, max_length=10)
    endpoint: str = Field(default="test", max_length=300)
    # where Gift Aid received goes (ADR 0019): omitted keeps the stored choice
    gift_aid_to: Literal["donation_funds", "general"] | None = None
    version: int | None = None

    @field_validator("hmrc_reference")
    @classmethod
    def _hmrc_reference(cls, value: str | None) -> str | None:
        return entry.hmrc_reference(value)

    @field_validator("regulator")
    @classmethod
    def _regulator(cls, value: str, info: ValidationInfo) -> str:
        return entry.regulator(value, info.data.get("hmrc_reference"))

    @field_validator("regulator_number")
    @classmethod
    def _regulator_number(cls, value: str | None, info: ValidationInfo) -> str | None:
        return entry.registration_number(value, info.data.get("regulator"))

    @field_validator("endpoint")
    @classmethod
    def _endpoint(cls, value: str) -> str:
        """`test`, `live`, one of HMRC's published endpoint URLs or, in the local stack only, a
        loopback URL (the fake HMRC): parsed, never matched as a prefix (gateway.submission_endpoint)."""
        if value in ("test", "live"):
            return value
        url = gateway.submission_endpoint(value, local=config.is_local())
        if url is None:
            raise PydanticCustomError("giftaid.endpoint", "endpoint")
        return url


class PaidBody(Schema):
    """HMRC paid an accepted claim: the day the money arrived and how much (omitted: the claim's
    net repayment)."""

    date: PastDate
    amount: Money | None = None


class NewClaimBody(Schema):
    donation_ids: list[str] | None = Field(default=None, max_length=MAX_SELECTED)
    all: bool = False

    @model_validator(mode="after")
    def _one_of(self) -> NewClaimBody:
        if not self.all and not self.donation_ids:
            raise PydanticCustomError("field.required", "donation_ids or all")
        return self


class RemoveLinesBody(Schema):
    donation_ids: list[str] = Field(min_length=1, max_length=500)
