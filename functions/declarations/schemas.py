"""Request bodies of the declarations area (unknown fields are rejected)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator
from pydantic_core import PydanticCustomError

from functions.core.files import DOCUMENT_TYPES, MAX_DOCUMENT_BYTES
from functions.core.validation import Schema
from functions.donations.schemas import PastDate

Scope = Literal["this_donation", "future", "past_4_years"]
EVIDENCE_TYPES = DOCUMENT_TYPES
MAX_EVIDENCE_BYTES = MAX_DOCUMENT_BYTES


class DeclarationBody(Schema):
    method: Literal["written", "online", "oral"]
    scope: list[Scope] = Field(min_length=1, max_length=3)
    date_given: PastDate
    donation_id: str | None = Field(default=None, max_length=40)
    statement_version: str = Field(min_length=1, max_length=50)
    confirmation_sent_on: PastDate | None = None
    evidence_key: str | None = Field(default=None, max_length=300)

    @field_validator("scope")
    @classmethod
    def _once(cls, value: list[str]) -> list[str]:
        if len(set(value)) != len(value):
            raise PydanticCustomError("declarations.scope_repeated", "repeated")
        return value

    @field_validator("donation_id", "evidence_key")
    @classmethod
    def _blank_is_none(cls, value: str | None) -> str | None:
        return value or None


class CancelBody(Schema):
    cancelled_on: PastDate
    reason: str = Field(min_length=1, max_length=500)


class ConfirmationBody(Schema):
    sent_on: PastDate


class EvidenceBody(Schema):
    content_type: Literal["application/pdf", "image/png", "image/jpeg"]
    size: int = Field(ge=1, le=MAX_EVIDENCE_BYTES)
