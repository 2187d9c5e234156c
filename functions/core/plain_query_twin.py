"""The pydantic twin of a plain query string (`functions.core.plain_query.PlainQuery.twin`), built
from the plain class's annotations the first time a query needs pydantic (an unusual spelling,
an error to name) or the OpenAPI document is written. Imports pydantic."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, Field, create_model, field_validator
from pydantic_core import PydanticCustomError

from functions.core.schema import Schema


class ListQueryModel(Schema):
    """What every list query checks beyond its fields' types (`functions.core.pagination`)."""

    @field_validator("length", check_fields=False)
    @classmethod
    def _length(cls, value: int) -> int:
        from functions.core.pagination import PAGE_SIZES

        if value not in PAGE_SIZES:
            raise PydanticCustomError("field.choice", "invalid page size")
        return value

    @field_validator("page", check_fields=False)
    @classmethod
    def _page(cls, value: int) -> int:
        if value < 1:
            raise PydanticCustomError("field.invalid", "invalid page")
        return value


def build_twin(
    plain: type, spec: dict[str, tuple[Any, Any]], limits: dict[str, int], base: type[BaseModel]
) -> type[BaseModel]:
    """A model named as the plain class, with its fields (those `base` does not declare itself)."""
    fields: dict[str, Any] = {}
    for name, (hint, default) in spec.items():
        if name in base.model_fields:
            continue
        if name in limits:
            hint = Annotated[hint, Field(max_length=limits[name])]
        fields[name] = (hint, default)
    twin: type[BaseModel] = create_model(  # type: ignore[call-overload]
        plain.__name__, __base__=base, __module__=plain.__module__, __doc__=plain.__doc__, **fields
    )
    twin.plain = plain  # type: ignore[attr-defined]  # the OpenAPI document's lists know it by this
    return twin
