"""Request bodies of the imports area (unknown fields are rejected)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from functions.core.validation import Schema
from functions.donations.schemas import PaymentMethod
from functions.imports.repository import MAX_BYTES

KINDS = {".csv": "csv", ".xlsx": "xlsx"}


class UploadBody(Schema):
    filename: str = Field(min_length=1, max_length=255)
    size: int
    content_type: str | None = Field(default=None, max_length=200)

    @field_validator("filename")
    @classmethod
    def _extension(cls, value: str) -> str:
        if not value.lower().endswith(tuple(KINDS)):
            raise PydanticCustomError("imports.filename_invalid", "csv or xlsx")
        return value

    @field_validator("size")
    @classmethod
    def _size(cls, value: int) -> int:
        if value > MAX_BYTES:
            raise PydanticCustomError("imports.size_too_large", "too large")
        if value < 1:
            raise PydanticCustomError("imports.file_empty", "empty")
        return value

    @property
    def kind(self) -> str:
        return KINDS[next(ext for ext in KINDS if self.filename.lower().endswith(ext))]


class CreateBody(Schema):
    upload_id: str = Field(min_length=1, max_length=40)


class Defaults(Schema):
    payment_method: PaymentMethod | None = None
    donation_type_id: str | None = Field(default=None, max_length=40)
    location_id: str | None = Field(default=None, max_length=40)
    declaration_method: Literal["written", "online", "oral"] | None = None

    @field_validator("donation_type_id", "location_id")
    @classmethod
    def _blank_is_none(cls, value: str | None) -> str | None:
        return value or None


class MappingModel(Schema):
    columns: dict[str, str | None] = Field(max_length=500)
    date_format: Literal["dmy", "dmy2", "iso", "mdy", "iso_utc"] = "dmy"
    amount_format: Literal["plain", "brackets_negative"] = "plain"
    name_format: Literal["split", "first_last"] = "first_last"
    source: Literal["justgiving", "stripe", "paypal", "almoner", "file"] = "file"
    defaults: Defaults = Field(default_factory=Defaults)


class MappingBody(Schema):
    mapping: MappingModel


class PresetBody(Schema):
    name: str = Field(min_length=1, max_length=100)
    mapping: MappingModel


class ReviewBody(Schema):
    donor_id: str | None = Field(default=None, max_length=40)
    create: bool = False

    @model_validator(mode="after")
    def _one_choice(self) -> ReviewBody:
        if bool(self.donor_id) == bool(self.create):
            raise PydanticCustomError("imports.review_choice", "donor_id or create")
        return self
