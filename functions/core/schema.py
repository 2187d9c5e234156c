"""The base of every request model and the shared field types (pydantic).

Imported with pydantic when a request is first validated, never at a Lambda cold start:
`functions.core.validation` re-exports these names on first access, and the areas' routes import
their schemas through `functions.core.deferred`.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict
from pydantic_core import PydanticCustomError

from functions.core.money import AmountError, parse_amount


class Schema(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


def _email(value: str) -> str:
    value = value.strip().lower()
    if len(value) > 254 or not _EMAIL.match(value):
        raise PydanticCustomError("field.email", "invalid email")
    return value


Email = Annotated[str, AfterValidator(_email)]


def _blank_is_none(value: Any) -> Any:
    return None if isinstance(value, str) and not value.strip() else value


# An email a form may leave empty: an empty or blank field is no email, not an invalid one.
OptionalEmail = Annotated[Email | None, BeforeValidator(_blank_is_none)]


def _amount(value: Any, *, allow_zero: bool = False) -> Decimal:
    try:
        return parse_amount(value, allow_zero=allow_zero)
    except AmountError as exc:
        raise PydanticCustomError(exc.message_key, "amount", exc.params) from exc


# Amounts in pounds (`functions.core.money.parse_amount`: plain notation, 2 decimals, ≤ the limit):
Money = Annotated[Decimal, BeforeValidator(_amount)]  # above zero
MoneyOrZero = Annotated[Decimal, BeforeValidator(lambda value: _amount(value, allow_zero=True))]
