"""Request bodies and queries of the expenses area (unknown fields are rejected)."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, field_validator
from pydantic_core import PydanticCustomError

from functions.core.files import DOCUMENT_TYPES, MAX_DOCUMENT_BYTES
from functions.core.validation import Money, Schema
from functions.donations.schemas import AnyDate, PastDate  # the same date rules as a donation's

RECEIPT_TYPES = DOCUMENT_TYPES  # PDF, PNG or JPEG, like every other attached document
MAX_RECEIPT_BYTES = MAX_DOCUMENT_BYTES


def _name(value: Any) -> Any:
    return " ".join(value.split()) if isinstance(value, str) else value


def _blank(value: Any) -> Any:
    return (value.strip() or None) if isinstance(value, str) else value


Text = Annotated[str | None, BeforeValidator(_blank)]
Id = Annotated[str | None, BeforeValidator(_blank)]


class ExpenseTypeBody(Schema):
    name: Annotated[str, BeforeValidator(_name)] = Field(min_length=1, max_length=60)
    description: Text = Field(default=None, max_length=500)


class ExpenseTypeUpdateBody(ExpenseTypeBody):
    version: int = Field(ge=1)


class ExpenseBody(Schema):
    date: PastDate
    amount: Money
    expense_type_id: str = Field(min_length=1, max_length=40)
    fund_id: Id = Field(default=None, max_length=40)
    project_id: Id = Field(default=None, max_length=40)
    payee: Text = Field(default=None, max_length=100)
    description: Text = Field(default=None, max_length=500)
    receipt_key: Id = Field(default=None, max_length=300)


class ExpenseUpdateBody(ExpenseBody):
    version: int = Field(ge=1)


class VersionBody(Schema):
    version: int = Field(ge=1)


class ReceiptBody(Schema):
    content_type: Literal["application/pdf", "image/png", "image/jpeg"]
    size: int = Field(ge=1, le=MAX_RECEIPT_BYTES)


class ExpenseFilters(Schema):
    status: Literal["draft", "approved", "paid", "void"] | None = None
    fund_id: str | None = Field(default=None, max_length=40)
    project_id: str | None = Field(default=None, max_length=40)
    expense_type_id: str | None = Field(default=None, max_length=40)
    date_from: AnyDate | None = None
    date_to: AnyDate | None = None

    @field_validator("date_to")
    @classmethod
    def _range(cls, value: dt.date | None, info: Any) -> dt.date | None:
        start = info.data.get("date_from")
        if value is not None and start is not None and value < start:
            raise PydanticCustomError("expenses.date_range", "end before start")
        return value
