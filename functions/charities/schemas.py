"""Request models of the charities area (platform administrators)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator
from pydantic_core import PydanticCustomError

from functions.core.validation import Schema


class CharityUpdate(Schema):
    name: str = Field(min_length=1, max_length=160)
    registration_number: str | None = Field(default=None, max_length=20)
    phone: str | None = Field(default=None, max_length=30)
    country: str = Field(default="GB", min_length=2, max_length=2)
    disabled: bool = False
    version: int | None = None  # the version the form was loaded with: a stale save answers 409

    @field_validator("country")
    @classmethod
    def _country(cls, value: str) -> str:
        if not value.isalpha():
            raise PydanticCustomError("field.invalid", "country code")
        return value.upper()


class CharityFilters(Schema):
    """`filters` of the charities list (a wrong type or an unknown name is a 422)."""

    status: Literal["active", "disabled"] | None = None
