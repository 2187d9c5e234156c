"""Request bodies and queries of the funds area (unknown fields are rejected); the ledger's list
query is in `list_queries` (no pydantic)."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from functions.core.validation import Money, Schema
from functions.declarations.schemas import EvidenceBody  # PDF, PNG or JPEG up to 10 MB
from functions.domain.funds import FUND_CLASSES, TRANSFER_REASONS
from functions.donations.schemas import AnyDate, PastDate  # the same date rules as a donation's

FundClass = Literal[
    "unrestricted_general",
    "designated",
    "restricted",
    "endowment_expendable",
    "endowment_permanent",
]
assert set(FundClass.__args__) == set(FUND_CLASSES)  # type: ignore[attr-defined]  # noqa: S101
TransferReason = Literal["donor_consent", "release_from_restriction", "correction", "reallocation", "other"]
assert set(TransferReason.__args__) == set(TRANSFER_REASONS)  # type: ignore[attr-defined]  # noqa: S101


def _name(value: Any) -> Any:
    return " ".join(value.split()) if isinstance(value, str) else value


class FundBody(Schema):
    name: Annotated[str, BeforeValidator(_name)] = Field(min_length=1, max_length=100)
    finance_code: str | None = Field(default=None, max_length=20)
    fund_class: FundClass = "unrestricted_general"
    description: str | None = Field(default=None, max_length=500)
    active: bool = True
    goal: Money | None = None
    start_date: AnyDate | None = None
    end_date: AnyDate | None = None

    @field_validator("finance_code", "description")
    @classmethod
    def _blank_is_none(cls, value: str | None) -> str | None:
        return (value or "").strip() or None

    @field_validator("end_date")
    @classmethod
    def _after_start(cls, value: dt.date | None, info: ValidationInfo) -> dt.date | None:
        start = info.data.get("start_date")
        if value is not None and start is not None and value < start:
            raise PydanticCustomError("funds.end_before_start", "end before start")
        return value


class FundUpdateBody(FundBody):
    version: int = Field(ge=1)


class TransferBody(Schema):
    from_fund_id: str = Field(min_length=1, max_length=40)
    to_fund_id: str = Field(min_length=1, max_length=40)
    amount: Money
    date: PastDate
    reason: TransferReason
    note: str | None = Field(default=None, max_length=1000)
    evidence_key: str | None = Field(default=None, max_length=300)

    @field_validator("to_fund_id")
    @classmethod
    def _other_fund(cls, value: str, info: ValidationInfo) -> str:
        if value == info.data.get("from_fund_id"):
            raise PydanticCustomError("funds.transfer_same_fund", "same fund")
        return value


class MoveBody(Schema):
    """All or part of one line of a donation's split moved to another fund or project."""

    donation_id: str = Field(min_length=1, max_length=40)
    from_fund_id: str = Field(min_length=1, max_length=40)
    from_project_id: str | None = Field(default=None, max_length=40)
    to_fund_id: str = Field(min_length=1, max_length=40)
    to_project_id: str | None = Field(default=None, max_length=40)
    amount: Money
    date: PastDate
    reason: TransferReason
    note: str | None = Field(default=None, max_length=1000)
    evidence_key: str | None = Field(default=None, max_length=300)

    @field_validator("from_project_id", "to_project_id", "note", "evidence_key")
    @classmethod
    def _blank_is_none(cls, value: str | None) -> str | None:
        return (value or "").strip() or None


class StatementQuery(Schema):
    """`year`: the calendar year in which the financial year ends (its range is checked against
    today by the service). The CSV is `/funds/statement.csv` (the JSON route answers JSON only)."""

    year: int | None = None


__all__ = [
    "EvidenceBody",
    "FundBody",
    "FundUpdateBody",
    "MoveBody",
    "StatementQuery",
    "TransferBody",
]
