"""Request bodies and queries of the projects area (unknown fields are rejected)."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from functions.core.validation import Money, Schema
from functions.donations.schemas import AnyDate
from functions.projects.models import PROJECT_STATUSES

Status = Literal["planned", "active", "completed", "archived"]
assert set(Status.__args__) == set(PROJECT_STATUSES)  # type: ignore[attr-defined]  # noqa: S101
MAX_IMAGE_BYTES = 5 * 1024 * 1024
IMAGE_TYPES = {"image/jpeg": "jpg", "image/png": "png", "image/webp": "webp"}
MAX_TYPE_BUDGETS = 50


def _name(value: Any) -> Any:
    return " ".join(value.split()) if isinstance(value, str) else value


class TypeBudget(Schema):
    expense_type_id: str = Field(min_length=1, max_length=40)
    amount: Money


class ProjectBody(Schema):
    name: Annotated[str, BeforeValidator(_name)] = Field(min_length=1, max_length=100)
    description: str | None = Field(default=None, max_length=2000)
    fund_id: str = Field(min_length=1, max_length=40)
    budget: Money | None = None
    type_budgets: list[TypeBudget] = Field(default_factory=list, max_length=MAX_TYPE_BUDGETS)
    start_date: AnyDate | None = None
    end_date: AnyDate | None = None
    status: Status = "planned"
    image_key: str | None = Field(default=None, max_length=300)

    @field_validator("description", "image_key")
    @classmethod
    def _blank_is_none(cls, value: str | None) -> str | None:
        return (value or "").strip() or None

    @field_validator("end_date")
    @classmethod
    def _after_start(cls, value: dt.date | None, info: ValidationInfo) -> dt.date | None:
        start = info.data.get("start_date")
        if value is not None and start is not None and value < start:
            raise PydanticCustomError("projects.end_before_start", "end before start")
        return value

    @field_validator("type_budgets")
    @classmethod
    def _no_repeats(cls, value: list[TypeBudget]) -> list[TypeBudget]:
        chosen = [line.expense_type_id for line in value]
        if len(set(chosen)) != len(chosen):
            raise PydanticCustomError("projects.type_repeated", "repeated type")
        return value


class ProjectUpdateBody(ProjectBody):
    version: int = Field(ge=1)


class ImageBody(Schema):
    content_type: Literal["image/jpeg", "image/png", "image/webp"]
    size: int = Field(ge=1, le=MAX_IMAGE_BYTES)
