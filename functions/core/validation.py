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
from typing import TYPE_CHECKING, Any, TypeVar, cast

from chalice.app import Request

from functions.core.errors import BadRequest, Invalid, PayloadTooLarge
from functions.core.messages import CATALOG, t

if TYPE_CHECKING:
    from pydantic import BaseModel, ValidationError

    from functions.core.schema import Email as Email
    from functions.core.schema import Money as Money
    from functions.core.schema import MoneyOrZero as MoneyOrZero
    from functions.core.schema import OptionalEmail as OptionalEmail
    from functions.core.schema import Schema as Schema

MAX_JSON_BODY = 256 * 1024  # big files go to S3 by presigned PUT, never through the API
MAX_JSON_DEPTH = 32  # the deepest request body nests 4 levels; a validator walks what it is given

M = TypeVar("M", bound="BaseModel")
Q = TypeVar("Q")  # a request model, or a plain query string (functions.core.plain_query)
_SCHEMA_NAMES = frozenset({"Email", "Money", "MoneyOrZero", "OptionalEmail", "Schema"})


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
    if kind in ("string_too_short", "too_short") and ctx.get("min_length") == 1:
        return t("field.required")  # an empty required text or list: not "at least 1 characters"
    if kind == "string_too_short":
        return t(key, min=ctx.get("min_length"))
    if kind == "too_short":
        return t("field.min_items", min=ctx.get("min_length"))
    if kind == "string_too_long":
        return t(key, max=ctx.get("max_length"))
    return t(key)


def field_errors(exc: ValidationError, prefix: str = "") -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    for error in exc.errors():
        field = ".".join(str(part) for part in (prefix, *error["loc"]) if part != "") or "body"
        errors.setdefault(field, []).append(_message(error))
    return errors


def _unconfirmed(model: type[BaseModel], data: Any) -> str | None:
    """The field whose confirmation differs in `data`, for a model that names one in
    `confirmed_fields` (e.g. `("password", "password_confirmation")`), else None."""
    pair = getattr(model, "confirmed_fields", None)
    if not pair or not isinstance(data, dict):
        return None
    field, confirmation = pair
    value, repeated = data.get(field), data.get(confirmation)
    if isinstance(value, str) and isinstance(repeated, str) and value != repeated:
        return str(field)
    return None


def validate(model: type[Q], data: Any, *, prefix: str = "") -> Q:
    """`data` as `model`, or 422 naming each field (`prefix.field` for a nested value such as a
    list's `filters`). A password that is too short AND differs from its confirmation gets both
    messages: the mismatch is not hidden behind the length error. A plain query string reads
    itself (`PlainQuery.parse`: pydantic only when the query needs it)."""
    if not hasattr(model, "model_validate"):
        return cast(Q, model.parse(data, prefix=prefix))  # type: ignore[attr-defined]
    from pydantic import ValidationError

    pydantic_model = cast("type[BaseModel]", model)
    try:
        return cast(Q, pydantic_model.model_validate(data))
    except ValidationError as exc:
        errors = field_errors(exc, prefix)
        unconfirmed = _unconfirmed(pydantic_model, data)
        if unconfirmed:
            mismatch = t("field.confirmation")
            field = ".".join(part for part in (prefix, unconfirmed) if part)
            if mismatch not in errors.get(field, []):
                errors.setdefault(field, []).append(mismatch)
        raise Invalid(errors=errors) from exc


class NotJson(ValueError):
    """Client text that is not JSON we accept; `message_key` says why (a key of the catalog)."""

    def __init__(self, message_key: str, **params: Any) -> None:
        super().__init__(message_key)
        self.message_key = message_key
        self.params = params


def _refuse_constant(name: str) -> Any:
    raise NotJson("invalid_json")  # NaN, Infinity, -Infinity: Python reads them, JSON has no such thing


def _depth(value: Any) -> int:
    """How deeply arrays and objects nest in a parsed value (iterative: no recursion to exhaust)."""
    deepest, pending = 0, [(value, 1)]
    while pending:
        item, level = pending.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        deepest = max(deepest, level)
        if deepest > MAX_JSON_DEPTH:
            break
        pending.extend((child, level + 1) for child in children)
    return deepest


def load_json(text: str | bytes) -> Any:
    """Client JSON as Python values, or `NotJson`. Whatever the text, nothing but `NotJson` leaves:
    a deeply nested array exhausts the parser's recursion (RecursionError), so it is caught, and
    anything nested deeper than `MAX_JSON_DEPTH` is refused before a validator walks it."""
    try:
        value = json.loads(text, parse_constant=_refuse_constant)
    except NotJson:
        raise
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        raise NotJson("invalid_json") from exc
    if _depth(value) > MAX_JSON_DEPTH:
        raise NotJson("json.too_deep", max=MAX_JSON_DEPTH)
    return value


def parse_body(model: type[M], request: Request) -> M:
    """A JSON object body as `model`: 413 over `MAX_JSON_BODY`, 400 for anything that is not a
    JSON object (also too deeply nested), 422 per field."""
    raw = request.raw_body or b""
    if len(raw) > MAX_JSON_BODY:
        raise PayloadTooLarge()
    try:
        data = load_json(raw) if raw.strip() else {}
    except NotJson as exc:
        raise BadRequest(errors={"body": [t(exc.message_key, **exc.params)]}) from exc
    if not isinstance(data, dict):
        raise BadRequest(errors={"body": [t("field.json_object")]})
    return validate(model, data)


def parse_raw_body(model: type[BaseModel], request: Request) -> bytes:
    """The body's bytes exactly as sent (413 over `MAX_JSON_BODY`): for a webhook, whose signature
    covers the raw bytes, so parsing and re-serialising first would break it. `model` describes
    the body in the OpenAPI document only; the caller verifies, then parses."""
    raw = request.raw_body or b""
    data = raw.encode("utf-8") if isinstance(raw, str) else bytes(raw)
    if len(data) > MAX_JSON_BODY:
        raise PayloadTooLarge()
    return data


def parse_query(model: type[Q], request: Request) -> Q:
    return validate(model, dict(request.query_params or {}))
