"""The base of every request model and the shared field types (pydantic).

Imported with pydantic when a request is first validated, never at a Lambda cold start:
`functions.core.validation` re-exports these names on first access, and the areas' routes import
their schemas through `functions.core.deferred`.
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict
from pydantic_core import PydanticCustomError


class Schema(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


def _email(value: str) -> str:
    value = value.strip().lower()
    if len(value) > 254 or not _EMAIL.match(value):
        raise PydanticCustomError("field.email", "invalid email")
    return value


Email = Annotated[str, AfterValidator(_email)]
