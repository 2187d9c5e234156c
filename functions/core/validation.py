"""Request parsing: JSON bodies and query strings into pydantic models, errors as 422 per field.

Unknown fields are rejected (`extra="forbid"`). Custom validators raise `PydanticCustomError`
whose type is a message key of `functions.core.messages`, so every message is translated.

pydantic is imported on the first validation, not with this module: every route imports
`parse_body`/`parse_query` at a Lambda cold start, and pydantic with its models costs more than
the §8 budget leaves (docs/decisions/0011-cold-start-deferred-imports.md). The base model
`Schema` and the `Email` type live in `functions.core.schema` and are re-exported here on first
access, so request models keep `from functions.core.validation import Email, Schema`.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, TypeVar

from chalice.app import Request

from functions.core.errors import BadRequest, Invalid, PayloadTooLarge
from functions.core.messages import CATALOG, t

if TYPE_CHECKING:
    from pydantic import BaseModel, ValidationError

    from functions.core.schema import Email as Email
    from functions.core.schema import Schema as Schema

MAX_JSON_BODY = 256 * 1024  # big files go to S3 by presigned PUT, never through the API

M = TypeVar("M", bound="BaseModel")
_SCHEMA_NAMES = frozenset({"Email", "Schema"})


def __getattr__(name: str) -> Any:
    # `from functions.core.validation import Schema`: a request model is being defined, so
    # pydantic is needed now.
    if name in _SCHEMA_NAMES:
        from functions.core import schema

        return getattr(schema, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_PYDANTIC_TO_KEY = {
    "missing": "field.required",
    "extra_forbidden": "field.not_allowed",
    "string_type": "field.string",
    "bool_type": "field.bool",
    "bool_parsing": "field.bool",
    "int_type": "field.int",
    "int_parsing": "field.int",
    "int_from_float": "field.int",
    "list_type": "field.list",
    "string_too_short": "field.min_length",
    "string_too_long": "field.max_length",
    "literal_error": "field.choice",
    "enum": "field.choice",
}


def _message(error: Any) -> str:
    kind = error["type"]
    ctx = error.get("ctx") or {}
    if kind in CATALOG:
        return t(kind, **{k: v for k, v in ctx.items() if isinstance(v, (str, int))})
    key = _PYDANTIC_TO_KEY.get(kind, "field.invalid")
    if kind == "string_too_short":
        return t(key, min=ctx.get("min_length"))
    if kind == "string_too_long":
        return t(key, max=ctx.get("max_length"))
    return t(key)


def field_errors(exc: ValidationError) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    for error in exc.errors():
        field = ".".join(str(part) for part in error["loc"]) or "body"
        errors.setdefault(field, []).append(_message(error))
    return errors


def validate(model: type[M], data: Any) -> M:
    from pydantic import ValidationError

    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise Invalid(errors=field_errors(exc)) from exc


def parse_body(model: type[M], request: Request) -> M:
    raw = request.raw_body or b""
    if len(raw) > MAX_JSON_BODY:
        raise PayloadTooLarge()
    try:
        data = json.loads(raw) if raw.strip() else {}
    except (ValueError, UnicodeDecodeError) as exc:
        raise BadRequest() from exc
    if not isinstance(data, dict):
        raise BadRequest()
    return validate(model, data)


def parse_query(model: type[M], request: Request) -> M:
    return validate(model, dict(request.query_params or {}))
