"""Request bodies and queries of the donors area (unknown fields are rejected); its list query is
in `list_queries` (no pydantic on the list's first request)."""

from __future__ import annotations

import datetime as dt
import re
from typing import Literal

from pydantic import Field, field_validator
from pydantic_core import PydanticCustomError

from functions.core.validation import OptionalEmail, Schema
from functions.domain.countries import ISO_CODES
from functions.domain.postcodes import normalise_uk_postcode
from functions.domain.record_fields import LIMITS

_PHONE = re.compile(r"^\+?[0-9 ()\-]{3,30}$")


class Consent(Schema):
    granted: bool = False
    date: dt.date | None = None
    source: str | None = Field(default=None, max_length=100)


class Consents(Schema):
    email: Consent = Field(default_factory=Consent)
    post: Consent = Field(default_factory=Consent)
    phone: Consent = Field(default_factory=Consent)
    sms: Consent = Field(default_factory=Consent)


class DonorBody(Schema):
    """A donor as the form sends it. HMRC's limits are warnings, not errors (GIFT_AID.md §7)."""

    type: Literal["individual", "organisation"] = "individual"
    title: str | None = Field(default=None, max_length=LIMITS["title"])
    first_name: str | None = Field(default=None, max_length=LIMITS["first_name"])
    last_name: str | None = Field(default=None, max_length=LIMITS["last_name"])
    company_name: str | None = Field(default=None, max_length=LIMITS["company_name"])
    email: OptionalEmail = None
    phone: str | None = None
    house: str | None = Field(default=None, max_length=LIMITS["house"])
    address_line1: str | None = Field(default=None, max_length=LIMITS["address_line1"])
    address_line2: str | None = Field(default=None, max_length=LIMITS["address_line2"])
    town: str | None = Field(default=None, max_length=LIMITS["town"])
    county: str | None = Field(default=None, max_length=LIMITS["county"])
    postcode: str | None = Field(default=None, max_length=LIMITS["postcode"])
    country: str = Field(default="GB")
    consents: Consents = Field(default_factory=Consents)
    notes: str | None = Field(default=None, max_length=LIMITS["notes"])
    tags: list[str] = Field(default_factory=list, max_length=20)

    @field_validator("country")
    @classmethod
    def _country(cls, value: str) -> str:
        value = value.strip().upper()
        if value not in ISO_CODES:
            raise PydanticCustomError("field.country", "unknown country")
        return value

    @field_validator("phone")
    @classmethod
    def _phone(cls, value: str | None) -> str | None:
        if value and not _PHONE.match(value):
            raise PydanticCustomError("field.phone", "phone")
        return value or None

    @field_validator("tags")
    @classmethod
    def _tags(cls, value: list[str]) -> list[str]:
        tidy = [" ".join(tag.split())[:40] for tag in value]
        return list(dict.fromkeys(tag for tag in tidy if tag))


class DonorUpdateBody(DonorBody):
    version: int = Field(ge=1)


class MergeBody(Schema):
    survivor_id: str = Field(min_length=1, max_length=40)
    merged_id: str = Field(min_length=1, max_length=40)
    fields: dict[str, Literal["survivor", "merged"]] = Field(default_factory=dict)


class DonorFilters(Schema):
    type: Literal["individual", "organisation"] | None = None
    postcode: str | None = Field(default=None, max_length=10)
    tag: str | None = Field(default=None, max_length=40)
    has_email: bool | None = None


class SearchQuery(Schema):
    q: str = Field(default="", max_length=100)


class AddressLookupQuery(Schema):
    """`GET /address-lookup?postcode=`: a full UK postcode, any spacing or case."""

    postcode: str = Field(max_length=16)

    @field_validator("postcode")
    @classmethod
    def _postcode(cls, value: str) -> str:
        tidy = normalise_uk_postcode(value)
        if tidy is None:
            raise PydanticCustomError("postcode.invalid", "not a UK postcode")
        return tidy
