"""Request models of the settings area (pydantic; unknown fields are rejected by `Schema`)."""

from __future__ import annotations

import datetime as dt
import re
from typing import ClassVar, Literal

from pydantic import Field, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from functions.auth.passwords import MAX_LENGTH as PASSWORD_MAX
from functions.auth.passwords import MIN_LENGTH as PASSWORD_MIN
from functions.core.validation import Email, OptionalEmail, Schema
from functions.domain.postcodes import normalise_uk_postcode
from functions.giftaid import entry
from functions.giftaid.entry import Official

_PHONE = re.compile(r"^[0-9()\-\s+]{1,30}$")


def _phone(value: str | None) -> str | None:
    if value in (None, ""):
        return None
    if not _PHONE.match(value):
        raise PydanticCustomError("field.phone", "phone")
    return value


def _postcode(value: str) -> str:
    normalised = normalise_uk_postcode(value)
    if normalised is None:
        raise PydanticCustomError("postcode.invalid", "postcode")
    return normalised


class RoleBody(Schema):
    name: str = Field(min_length=1, max_length=60)
    permissions: list[str] = Field(default_factory=list, max_length=50)
    version: int | None = None


class RolePermissionsBody(Schema):
    permissions: list[str] = Field(max_length=50)
    version: int | None = None


class InviteBody(Schema):
    name: str = Field(min_length=1, max_length=120)
    email: Email
    role: str = Field(min_length=1, max_length=60)


class UserUpdateBody(Schema):
    role: str | None = Field(default=None, min_length=1, max_length=60)
    disabled: bool | None = None
    version: int | None = None


class ProfileBody(Schema):
    name: str = Field(min_length=1, max_length=120)
    email: Email
    locale: Literal["en", "es"] = "en"
    current_password: str | None = Field(default=None, max_length=PASSWORD_MAX)


class PasswordBody(Schema):
    confirmed_fields: ClassVar[tuple[str, str]] = ("password", "password_confirmation")
    current_password: str = Field(min_length=1, max_length=PASSWORD_MAX)
    # Declared before `password` so the password's validator can compare the two.
    password_confirmation: str = Field(max_length=PASSWORD_MAX)
    password: str = Field(min_length=PASSWORD_MIN, max_length=PASSWORD_MAX)
    logout_other_sessions: bool = False

    @field_validator("password")
    @classmethod
    def _confirmed(cls, value: str, info: ValidationInfo) -> str:
        confirmation = info.data.get("password_confirmation")
        if confirmation is not None and confirmation != value:
            raise PydanticCustomError("field.confirmation", "confirmation")
        return value


class NotificationPreferencesBody(Schema):
    email_reminders: bool
    email_product_updates: bool


class DeleteAccountBody(Schema):
    password: str = Field(min_length=1, max_length=PASSWORD_MAX)


class OptionQuery(Schema):
    key: Literal["currency"]


class OptionBody(Schema):
    key: Literal["currency"]
    value: str = Field(min_length=1, max_length=10)


class Address(Schema):
    # `country` comes first: the postcode's validator reads it.
    country: str = Field(default="GB", min_length=2, max_length=2)
    house: str | None = Field(default=None, max_length=40)
    address_line1: str | None = Field(default=None, max_length=120)
    address_line2: str | None = Field(default=None, max_length=120)
    town: str | None = Field(default=None, max_length=80)
    county: str | None = Field(default=None, max_length=80)
    postcode: str | None = Field(default=None, max_length=10)

    @field_validator("country")
    @classmethod
    def _country(cls, value: str) -> str:
        if not value.isalpha():
            raise PydanticCustomError("field.invalid", "country code")
        return value.upper()

    @field_validator("postcode")
    @classmethod
    def _uk_postcode(cls, value: str | None, info: ValidationInfo) -> str | None:
        """A UK address's postcode is checked and written as HMRC expects (`sw1a1aa` → `SW1A 1AA`)."""
        if not value:
            return None
        return _postcode(value) if info.data.get("country", "GB") == "GB" else value


class CharityBody(Schema):
    name: str = Field(min_length=1, max_length=160)
    # `regulator` comes first: the registration number's validator reads it (rule 7031).
    regulator: Literal["CCEW", "CCNI", "OSCR", "none"] = "none"
    registration_number: str | None = Field(default=None, max_length=20, validate_default=True)
    entity_type: Literal["trust", "company", "cio", "casc", "other"] = "trust"
    year_end: str = "03-31"
    address: Address = Field(default_factory=Address)
    phone: str | None = Field(default=None, max_length=30)
    email: OptionalEmail = None
    website: str | None = Field(default=None, max_length=255)
    version: int | None = None

    @field_validator("year_end")
    @classmethod
    def _year_end(cls, value: str) -> str:
        try:
            dt.date.fromisoformat(f"2024-{value}")  # a leap year, so 02-29 is a valid year end
        except ValueError as exc:
            raise PydanticCustomError("field.year_end", "year end") from exc
        if not re.fullmatch(r"\d\d-\d\d", value):
            raise PydanticCustomError("field.year_end", "year end")
        return value

    @field_validator("phone")
    @classmethod
    def _phone(cls, value: str | None) -> str | None:
        return _phone(value)

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        """The name HMRC's claim carries as OrgName: it must start with a letter or a digit."""
        return entry.org_name(value)

    @field_validator("registration_number")
    @classmethod
    def _registration_number(cls, value: str | None, info: ValidationInfo) -> str | None:
        """A regulator needs its registration number (HMRC rule 7031), as RegNo takes it."""
        return entry.registration_number(value, info.data.get("regulator"))


class OfficialBody(Official):
    """The authorised official HMRC asks for on every claim (R68 `AuthOfficial`), as the charity
    information form edits it: the Gift Aid settings' official (`functions.giftaid.schemas`,
    normalised and checked by `functions.giftaid.entry`) with the record's version."""

    version: int | None = None
